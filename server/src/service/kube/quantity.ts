// Resource quantities (`100m`, `1.5Gi`, `2e3`) read the way apimachinery's resource.ParseQuantity reads
// them, to an exact value, so that requests and limits compare exactly as the API server compares them.
// A malformed quantity never reaches validation: the server fails to decode the whole request.
import type { Json } from '../types';

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  /** The text as the server reads it (numbers as Go's JSON encoder writes them, spaces trimmed). */
  text: string;
  format: QuantityFormat;
  /** The exact value in units of 10^-9, after the server's rounding (away from zero, to 1n) and cap. */
  nanos: bigint;
}

export type QuantityParse = { ok: true; quantity: Quantity } | { ok: false; text: string; serverMessage: string; problem: string };

/** The decoder's messages (resource.ErrFormatWrong, ErrSuffix, ErrNumeric). */
export const QUANTITY_FORMAT_MESSAGE = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const SUFFIX_MESSAGE = "unable to parse quantity's suffix";

const NANO = 1_000_000_000n;
const MAX_INT64 = (1n << 63n) - 1n;
/** Larger decimal exponents are clamped: they only matter for absurd values and would cost huge numbers. */
const MAX_EXPONENT = 400;

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const SUFFIX_CHARS = 'eEinumkKMGTP';

interface Parts {
  positive: boolean;
  /** Numerator digits without leading zeros ('0' when none). */
  num: string;
  /** Digits after the decimal point. */
  denom: string;
  suffix: string;
}

/** parseQuantityString: sign, digits, optional fraction, suffix; undefined when the shape is wrong. */
function splitQuantity(text: string): Parts | undefined {
  let pos = 0;
  let positive = true;
  if (text[0] === '-' || text[0] === '+') {
    positive = text[0] === '+';
    pos++;
  }
  while (pos < text.length && text[pos] === '0') pos++;
  // Only zeros (or only a sign): the server reads 0.
  if (pos >= text.length) return { positive, num: '0', denom: '', suffix: '' };
  const numStart = pos;
  while (pos < text.length && isDigit(text[pos])) pos++;
  const num = text.slice(numStart, pos) || '0';
  let denom = '';
  if (text[pos] === '.') {
    const denomStart = ++pos;
    while (pos < text.length && isDigit(text[pos])) pos++;
    denom = text.slice(denomStart, pos);
  }
  const suffixStart = pos;
  while (pos < text.length && SUFFIX_CHARS.includes(text[pos])) pos++;
  if (text[pos] === '-' || text[pos] === '+') pos++;
  while (pos < text.length && isDigit(text[pos])) pos++;
  if (pos < text.length) return undefined;
  return { positive, num, denom, suffix: text.slice(suffixStart) };
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** suffixHandler.interpret: base, exponent and format of a suffix; undefined when unknown. */
function interpretSuffix(suffix: string): { base: 10 | 2; exponent: number; format: QuantityFormat } | undefined {
  if (suffix in DECIMAL_SUFFIXES) return { base: 10, exponent: DECIMAL_SUFFIXES[suffix], format: 'DecimalSI' };
  if (suffix in BINARY_SUFFIXES) return { base: 2, exponent: BINARY_SUFFIXES[suffix], format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[-+]?\d+$/.test(suffix.slice(1))) {
    const exponent = Math.max(-MAX_EXPONENT, Math.min(MAX_EXPONENT, Number(suffix.slice(1))));
    return { base: 10, exponent, format: 'DecimalExponent' };
  }
  return undefined;
}

/** Numbers reach the server as Go's JSON encoder writes float64/int64, which matches JavaScript's String(). */
function quantityText(value: Json | undefined): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') return value.trim();
  return undefined;
}

/** Parses a quantity as written in a manifest; values of other JSON types are not quantities (undefined). */
export function parseQuantity(value: Json | undefined): QuantityParse | undefined {
  const text = quantityText(value);
  if (text === undefined) return undefined;
  // The same few quantities (`100m`, `64Mi`) come back in every container of a file: each is parsed once.
  let parsed = PARSED.get(text);
  if (!parsed) {
    if (PARSED.size >= PARSED_MEMORY) PARSED.clear();
    parsed = parseQuantityText(text);
    if (parsed.ok) Object.freeze(parsed.quantity);
    PARSED.set(text, Object.freeze(parsed));
  }
  return parsed;
}

const PARSED = new Map<string, QuantityParse>();
const PARSED_MEMORY = 4096;

function parseQuantityText(text: string): QuantityParse {
  const fail = (serverMessage: string, problem: string): QuantityParse => ({ ok: false, text, serverMessage, problem });
  if (text.length === 0) return fail(QUANTITY_FORMAT_MESSAGE, 'it is empty');
  const parts = splitQuantity(text);
  if (!parts) return fail(QUANTITY_FORMAT_MESSAGE, 'it is not a number followed by an optional suffix (such as `500m`, `1.5`, `128Mi`, `2G` or `1e3`)');
  const suffix = interpretSuffix(parts.suffix);
  if (!suffix) {
    return fail(SUFFIX_MESSAGE, `\`${parts.suffix}\` is not a quantity suffix (use n, u, m, k, M, G, T, P, E, Ki, Mi, Gi, Ti, Pi, Ei, or e<exponent>)`);
  }
  return { ok: true, quantity: { text, format: suffix.format, nanos: exactNanos(parts, suffix) } };
}

/** The value in nano units, following ParseQuantity's fast (int64) path and its rounded, capped slow path. */
function exactNanos(parts: Parts, suffix: { base: 10 | 2; exponent: number; format: QuantityFormat }): bigint {
  const digits = BigInt(parts.num + parts.denom);
  const sign = parts.positive ? 1n : -1n;
  // value = digits * 10^(-len(denom)) * base^exponent, as an exact fraction numerator / denominator.
  let numerator = digits;
  let denominator = 10n ** BigInt(parts.denom.length);
  if (suffix.base === 2) numerator *= 1n << BigInt(suffix.exponent);
  else if (suffix.exponent >= 0) numerator *= 10n ** BigInt(suffix.exponent);
  else denominator *= 10n ** BigInt(-suffix.exponent);
  const scaled = numerator * NANO;
  // Non-zero values are rounded up (away from zero) to the nearest 1n; exact values are unchanged.
  let nanos = scaled / denominator + (scaled % denominator === 0n ? 0n : 1n);
  if (!takesFastPath(parts, suffix) && suffix.format !== 'DecimalExponent' && nanos > MAX_INT64 * NANO) {
    nanos = MAX_INT64 * NANO; // the slow path caps DecimalSI and BinarySI values at MaxInt64
  }
  return sign * nanos;
}

/** Whether ParseQuantity keeps the value in an int64Amount (no rounding, no cap). */
function takesFastPath(parts: Parts, suffix: { base: 10 | 2; exponent: number; format: QuantityFormat }): boolean {
  let precision: number;
  let scale: number;
  let mantissa = 1n;
  if (suffix.base === 10) {
    scale = suffix.exponent;
    precision = 18 - (parts.num.length + parts.denom.length);
  } else {
    scale = 0;
    if (parts.denom.length > 0) return false;
    mantissa = 1n << BigInt(suffix.exponent);
    precision = 15 - parts.num.length - Math.trunc((suffix.exponent * 3) / 10) - 1;
  }
  if (precision < 0 || scale - parts.denom.length < -9) return false;
  return BigInt(parts.num + parts.denom) * mantissa <= MAX_INT64;
}

export function compareQuantities(a: Quantity, b: Quantity): -1 | 0 | 1 {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** Quantity.MilliValue(): rounded up to a whole milli-unit. */
export function milliValue(quantity: Quantity): bigint {
  return ceilDiv(quantity.nanos, 1_000_000n);
}

/** Quantity.Value(): rounded up to a whole unit. */
export function wholeValue(quantity: Quantity): bigint {
  return ceilDiv(quantity.nanos, NANO);
}

function ceilDiv(value: bigint, divisor: bigint): bigint {
  const quotient = value / divisor;
  return value % divisor !== 0n && value > 0n ? quotient + 1n : quotient;
}
