// Scalars as go-yaml v2 reads them into interface{} (gopkg.in/yaml.v2 resolve.go `resolve` and decode.go
// `scalar`; kubectl converts YAML to JSON with it through sigs.k8s.io/yaml), and map keys as
// sigs.k8s.io/yaml `convertToJSONableObject` writes them. This is our own port of their rules, not their
// code; test/yaml-oracle checks it against the real thing (test/unit/yaml-differential.test.ts).

/** What go-yaml decodes a scalar to. Integers are exact (bigint): a key keeps all its digits. */
export type GoScalar =
  | { kind: 'null' }
  | { kind: 'bool'; value: boolean }
  | { kind: 'int'; value: bigint }
  | { kind: 'uint'; value: bigint }
  | { kind: 'float'; value: number }
  | { kind: 'str'; value: string };

/** go-yaml refuses the scalar (the message is go-yaml's). */
export interface GoRefusal {
  refused: string;
}

const YAML_TAG = 'tag:yaml.org,2002:';
const STR = `${YAML_TAG}str`;
const BINARY = `${YAML_TAG}binary`;
const TIMESTAMP = `${YAML_TAG}timestamp`;
const FLOAT = `${YAML_TAG}float`;
const RESOLVABLE = new Set(['', STR, `${YAML_TAG}bool`, `${YAML_TAG}int`, FLOAT, `${YAML_TAG}null`, TIMESTAMP]);

const BY_VALUE = new Map<string, GoScalar>();
for (const word of ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']) BY_VALUE.set(word, { kind: 'bool', value: true });
for (const word of ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']) BY_VALUE.set(word, { kind: 'bool', value: false });
for (const word of ['', '~', 'null', 'Null', 'NULL']) BY_VALUE.set(word, { kind: 'null' });
for (const word of ['.nan', '.NaN', '.NAN']) BY_VALUE.set(word, { kind: 'float', value: NaN });
for (const word of ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']) BY_VALUE.set(word, { kind: 'float', value: Infinity });
for (const word of ['-.inf', '-.Inf', '-.INF']) BY_VALUE.set(word, { kind: 'float', value: -Infinity });

/** The kind of a scalar's first character: which resolutions go-yaml tries (its resolveTable). */
function hintOf(value: string): 'sign' | 'digit' | 'word' | 'dot' | undefined {
  if (value === '') return 'word';
  const first = value[0];
  if (first === '+' || first === '-') return 'sign';
  if (first >= '0' && first <= '9') return 'digit';
  if ('yYnNtTfFoO~'.includes(first)) return 'word';
  if (first === '.') return 'dot';
  return undefined;
}

const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** strconv.ParseUint(text, 0, 64) without the range check: base prefixes 0x, 0o, 0b and a leading 0 for octal. */
function parseUnsigned(text: string): bigint | undefined {
  if (text === '') return undefined;
  // Most numbers in manifests: a few decimal digits, no leading 0.
  if (text.length < 16 && /^[1-9][0-9]*$/.test(text)) return BigInt(Number(text));
  let base = 10;
  let digits = text;
  if (text[0] === '0') {
    const prefix = text.length >= 3 ? text[1].toLowerCase() : '';
    if (prefix === 'b' || prefix === 'o' || prefix === 'x') {
      base = prefix === 'b' ? 2 : prefix === 'o' ? 8 : 16;
      digits = text.slice(2);
    } else {
      base = 8;
      digits = text.slice(1);
    }
  }
  let value = 0n;
  const bigBase = BigInt(base);
  for (const char of digits) {
    const digit = parseInt(char, 16);
    if (Number.isNaN(digit) || digit >= base || !/[0-9a-fA-F]/.test(char)) return undefined;
    value = value * bigBase + BigInt(digit);
  }
  return value;
}

/** strconv.ParseInt(text, 0, 64). */
function parseInt64(text: string): bigint | undefined {
  const negative = text.startsWith('-');
  const magnitude = parseUnsigned(text[0] === '+' || negative ? text.slice(1) : text);
  if (magnitude === undefined) return undefined;
  const value = negative ? -magnitude : magnitude;
  return value > INT64_MAX || value < -INT64_MAX - 1n ? undefined : value;
}

/** strconv.ParseUint(text, 0, 64). */
function parseUint64(text: string): bigint | undefined {
  const value = parseUnsigned(text);
  return value === undefined || value > UINT64_MAX ? undefined : value;
}

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/;

/** strconv.ParseFloat of a well-formed decimal: undefined when it overflows (Go's ErrRange). */
function parseFloat64(text: string): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** go-yaml's resolve(tag, in) for the tags it resolves itself ('' is an untagged plain scalar). */
function resolveTagged(tag: string, text: string): GoScalar | GoRefusal {
  let resolved: GoScalar = { kind: 'str', value: text };
  let isTimestamp = false;
  const hint = hintOf(text);
  if (hint && tag !== STR) {
    const known = BY_VALUE.get(text);
    if (known) resolved = known;
    else if (hint === 'dot') {
      const value = DOT_FLOAT.test(text) ? parseFloat64(text) : undefined;
      if (value !== undefined) resolved = { kind: 'float', value };
    } else if (hint === 'digit' || hint === 'sign') {
      if ((tag === '' || tag === TIMESTAMP) && isGoTimestamp(text)) isTimestamp = true;
      else resolved = resolveNumber(text.replace(/_/g, '')) ?? resolved;
    }
  }
  if (tag === '' || tag === STR) return resolved;
  const resolvedTag = isTimestamp ? TIMESTAMP : resolved.kind === 'uint' ? `${YAML_TAG}int` : `${YAML_TAG}${resolved.kind}`;
  if (resolvedTag === tag) return resolved;
  if (tag === FLOAT && resolved.kind === 'int') return { kind: 'float', value: Number(resolved.value) };
  return { refused: `cannot decode ${shortTag(resolvedTag)} \`${text}\` as a ${shortTag(tag)}` };
}

function resolveNumber(plain: string): GoScalar | undefined {
  const signed = parseInt64(plain);
  if (signed !== undefined) return { kind: 'int', value: signed };
  const unsigned = parseUint64(plain);
  if (unsigned !== undefined) return { kind: 'uint', value: unsigned };
  if (YAML_STYLE_FLOAT.test(plain)) {
    const value = parseFloat64(plain);
    if (value !== undefined) return { kind: 'float', value };
  }
  // go-yaml's own 0b branch: only reached by binary numbers out of int64 range.
  if (plain.startsWith('0b')) {
    const digits = plain.slice(2);
    if (/^[01]+$/.test(digits)) {
      const value = BigInt(`0b${digits}`);
      if (value <= INT64_MAX) return { kind: 'int', value };
      if (value <= UINT64_MAX) return { kind: 'uint', value };
    }
  } else if (plain.startsWith('-0b')) {
    const digits = plain.slice(3);
    if (/^[01]+$/.test(digits)) {
      const value = -BigInt(`0b${digits}`);
      if (value >= -INT64_MAX - 1n) return { kind: 'int', value };
    }
  }
  return undefined;
}

function shortTag(tag: string): string {
  return tag.startsWith(YAML_TAG) ? `!!${tag.slice(YAML_TAG.length)}` : tag;
}

/**
 * A scalar as go-yaml decodes it into interface{}: `source` is its string value (quotes, escapes and line
 * folding already applied), `plain` whether it was written without quotes or block indicator, `tag` its
 * explicit tag in full (`tag:yaml.org,2002:int`, `!` for the non-specific tag), if any.
 */
export function goScalar(source: string, plain: boolean, tag?: string): GoScalar | GoRefusal {
  if (!tag) return plain ? resolvePlain(source) : { kind: 'str', value: source };
  if (tag === BINARY) {
    const bytes = decodeBase64(source);
    return bytes ? { kind: 'str', value: goString(bytes) } : { refused: '!!binary value contains invalid base64 data' };
  }
  if (!RESOLVABLE.has(tag)) return { kind: 'str', value: source }; // `!`, `!custom`, `!!map` on a scalar: a string
  return resolveTagged(tag, source);
}

/** encoding/base64 StdEncoding.DecodeString: CR and LF ignored, padding required, nothing else allowed. */
function decodeBase64(text: string): Uint8Array | undefined {
  const compact = text.replace(/[\r\n]/g, '');
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact)) return undefined;
  return Uint8Array.from(Buffer.from(compact, 'base64'));
}

/** Bytes as a Go string reaches JSON: each byte that is not part of valid UTF-8 becomes U+FFFD (encoding/json). */
function goString(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const first = bytes[i];
    const length = first < 0x80 ? 1 : first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 : first >= 0xf0 && first <= 0xf4 ? 4 : 0;
    let valid = length > 0 && i + length <= bytes.length;
    for (let k = 1; valid && k < length; k++) valid = (bytes[i + k] & 0xc0) === 0x80;
    if (valid && length === 3) {
      const second = bytes[i + 1];
      valid = !(first === 0xe0 && second < 0xa0) && !(first === 0xed && second >= 0xa0);
    }
    if (valid && length === 4) {
      const second = bytes[i + 1];
      valid = !(first === 0xf0 && second < 0x90) && !(first === 0xf4 && second >= 0x90);
    }
    if (!valid) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += Buffer.from(bytes.subarray(i, i + length)).toString('utf8');
    i += length;
  }
  return out;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** go-yaml's parseTimestamp: the time.Parse layouts it accepts (2006-1-2, with a time after T, t or a space). */
function isGoTimestamp(text: string): boolean {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(text);
  if (!match) return false;
  const [, year, month, day, separator, hour, minute, second, zone] = match;
  const monthNumber = Number(month);
  const dayNumber = Number(day);
  if (monthNumber < 1 || monthNumber > 12 || dayNumber < 1 || dayNumber > DAYS_IN_MONTH[monthNumber - 1]) return false;
  if (monthNumber === 2 && dayNumber === 29) {
    const y = Number(year);
    if (!(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return false;
  }
  if (separator === undefined) return true;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return false;
  // With T or t the zone is required; with a space there is none.
  return separator === ' ' ? zone === undefined : zone !== undefined;
}

/** A JSON value for a decoded scalar (numbers as JavaScript numbers). */
export function goScalarJson(scalar: GoScalar): null | boolean | number | string {
  switch (scalar.kind) {
    case 'null':
      return null;
    case 'int':
    case 'uint':
      return Number(scalar.value);
    default:
      return scalar.value;
  }
}

/** A map key as sigs.k8s.io/yaml makes it a JSON field name, or its refusal. */
export function goKeyString(key: GoScalar): string | GoRefusal {
  switch (key.kind) {
    case 'str':
      return key.value;
    case 'bool':
      return key.value ? 'true' : 'false';
    case 'int':
      return key.value.toString();
    case 'float':
      return formatFloat32(key.value);
    case 'uint':
      return { refused: `Unsupported map key of type: uint64, key: ${key.value}` };
    case 'null':
      return { refused: 'Unsupported map key of type: <nil>' };
  }
}

/** strconv.FormatFloat(value, 'g', -1, 32) with go-yaml's names for the special values. */
export function formatFloat32(value: number): string {
  if (Number.isNaN(value)) return '.nan';
  if (value === Infinity) return '.inf';
  if (value === -Infinity) return '-.inf';
  const single = Math.fround(value);
  if (single === Infinity) return '.inf';
  if (single === -Infinity) return '-.inf';
  if (single === 0) return Object.is(single, -0) ? '-0' : '0';
  let digits = '';
  let exponent = 0;
  for (let precision = 1; precision <= 9; precision++) {
    const [mantissa, power] = Math.abs(single).toExponential(precision - 1).split('e');
    if (Math.fround(Number(`${mantissa}e${power}`)) === Math.abs(single)) {
      digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
      exponent = Number(power);
      break;
    }
  }
  const sign = single < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 6) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const power = Math.abs(exponent).toString().padStart(2, '0');
    return `${sign}${mantissa}e${exponent < 0 ? '-' : '+'}${power}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Whether go-yaml reads a plain scalar as a string without trying any other resolution (its resolveTable). */
export function plainIsString(source: string): boolean {
  return hintOf(source) === undefined;
}

/** For the YAML parser's tags: the value go-yaml gives a plain scalar, when it is of `kind`. */
export function plainScalarKind(source: string): GoScalar['kind'] | 'refused' {
  return resolvePlain(source).kind;
}

/**
 * An untagged plain scalar, as go-yaml resolves it (never refused). The ones go-yaml looks at twice (a digit, a
 * sign, a dot or a word first: numbers, bools, nulls) repeat across a file's objects (`1`, `true`, `8080`): they
 * are remembered, at most PLAIN_KEPT of them. The answers are shared: read them, never change them.
 */
function resolvePlain(source: string): GoScalar {
  if (!hintOf(source)) return { kind: 'str', value: source };
  let known = plainKept.get(source);
  if (!known) {
    known = resolveTagged('', source) as GoScalar;
    if (plainKept.size >= PLAIN_KEPT) plainKept.clear();
    plainKept.set(source, known);
  }
  return known;
}

const PLAIN_KEPT = 4096;
const plainKept = new Map<string, GoScalar>();
