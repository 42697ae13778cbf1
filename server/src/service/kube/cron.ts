// A CronJob schedule read exactly as the API server reads it: validateScheduleFormat calls
// github.com/robfig/cron/v3 (v3.0.1) ParseStandard, i.e. Parser.Parse with Minute | Hour | Dom | Month | Dow |
// Descriptor. Mirrored here, error texts included (they are what the server prints after "Invalid value"):
//
//   - an optional `TZ=<zone> ` or `CRON_TZ=<zone> ` prefix (cut at the first space; without a space the Go
//     parser slices out of range and panics, so the create fails);
//   - `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly`, `@every <Go duration>`,
//     matched exactly (no trimming, case-sensitive);
//   - otherwise exactly 5 fields split on Go's white space: minute 0-59, hour 0-23, day of month 1-31, month
//     1-12 or jan-dec, day of week 0-6 or sun-sat (7 is refused); each a comma list (empty items skipped) of
//     `*` or `?`, `n`, `a-b`, each with an optional `/step`; `n/step` means `n-max/step`; names are
//     case-insensitive; numbers go through strconv.Atoi (`+5` and `007` pass).
//
// `next()` is SpecSchedule.Next: the wall-clock search in a time zone, with its handling of daylight-saving
// gaps, and its five-year limit.
import { loadLocation, wallClock, instantOf, type WallClock } from './timeZones';

/** One field's values, and whether `*` or `?` (with no step above 1) was written: dayMatches reads that. */
export interface CronField {
  values: ReadonlySet<number>;
  star: boolean;
}

export interface SpecSchedule {
  kind: 'spec';
  minute: CronField;
  hour: CronField;
  dayOfMonth: CronField;
  month: CronField;
  dayOfWeek: CronField;
  /** The descriptor written, when the schedule is one (`@daily`). */
  descriptor?: string;
  /** The zone of a `TZ=` / `CRON_TZ=` prefix ('' reads as UTC, as Go's LoadLocation does). */
  prefixZone?: string;
}

export interface EverySchedule {
  kind: 'every';
  /** The delay in whole seconds (at least 1: `Every` raises shorter ones and drops fractions). */
  seconds: number;
  /** The duration as written after `@every `. */
  written: string;
  prefixZone?: string;
}

export type CronSchedule = SpecSchedule | EverySchedule;

export type ParseResult = { schedule: CronSchedule } | { error: string };

interface Bounds {
  min: number;
  max: number;
  names?: Readonly<Record<string, number>>;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export const BOUNDS = {
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  dayOfMonth: { min: 1, max: 31 },
  month: { min: 1, max: 12, names: Object.fromEntries(MONTH_NAMES.map((name, i) => [name, i + 1])) },
  dayOfWeek: { min: 0, max: 6, names: Object.fromEntries(DAY_NAMES.map((name, i) => [name, i])) },
} as const satisfies Record<string, Bounds>;

/** Go's unicode.IsSpace, which strings.Fields and strings.TrimSpace split on (U+0085 yes, U+FEFF no). */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const GO_SPACE_EDGES = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

class CronError extends Error {}

/**
 * cron.ParseStandard(schedule). Two families and the hover read the same schedule, and a file repeats a few
 * schedules: each text is parsed once (the results are only read; at most PARSED_MEMORY are kept).
 */
export function parseStandard(schedule: string): ParseResult {
  let result = PARSED.get(schedule);
  if (!result) {
    if (PARSED.size >= PARSED_MEMORY) PARSED.clear();
    PARSED.set(schedule, (result = parseOnce(schedule)));
  }
  return result;
}

const PARSED = new Map<string, ParseResult>();
const PARSED_MEMORY = 1024;

function parseOnce(schedule: string): ParseResult {
  try {
    return { schedule: parse(schedule) };
  } catch (error) {
    if (error instanceof CronError) return { error: error.message };
    throw error;
  }
}

function parse(input: string): CronSchedule {
  let spec = input;
  if (spec.length === 0) throw new CronError('empty spec string');
  let prefixZone: string | undefined;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    const eq = spec.indexOf('=');
    if (space < 0) {
      throw new CronError('a time zone prefix without a space after it: the parser slices the text out of range and fails (the API server returns an internal error)');
    }
    const zone = spec.slice(eq + 1, space);
    const problem = loadLocation(zone);
    if (problem) throw new CronError(`provided bad location ${zone}: ${problem}`);
    prefixZone = zone;
    spec = spec.slice(space).replace(GO_SPACE_EDGES, '');
  }
  const withZone = <T extends CronSchedule>(schedule: T): T => (prefixZone === undefined ? schedule : { ...schedule, prefixZone });
  if (spec.startsWith('@')) return withZone(parseDescriptor(spec));
  const fields = spec.split(GO_SPACE).filter((field) => field !== '');
  if (fields.length !== 5) throw new CronError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  return withZone({
    kind: 'spec',
    minute: getField(fields[0], BOUNDS.minute),
    hour: getField(fields[1], BOUNDS.hour),
    dayOfMonth: getField(fields[2], BOUNDS.dayOfMonth),
    month: getField(fields[3], BOUNDS.month),
    dayOfWeek: getField(fields[4], BOUNDS.dayOfWeek),
  });
}

/** `TZ=<zone> <rest>` / `CRON_TZ=<zone> <rest>`: the zone written and the schedule without it (for messages and fixes). */
export function splitTimeZonePrefix(schedule: string): { zone: string; rest: string } | undefined {
  const match = /^(?:CRON_)?TZ=(\S*) +(\S[\s\S]*)$/.exec(schedule);
  return match ? { zone: match[1], rest: match[2].trim() } : undefined;
}

/** The descriptors ParseStandard accepts besides `@every`, as the 5-field schedules they stand for. */
export const DESCRIPTORS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function parseDescriptor(descriptor: string): CronSchedule {
  const standsFor = Object.prototype.hasOwnProperty.call(DESCRIPTORS, descriptor) ? DESCRIPTORS[descriptor] : undefined;
  if (standsFor) {
    const [minute, hour, dayOfMonth, month, dayOfWeek] = standsFor.split(' ');
    return {
      kind: 'spec', descriptor,
      minute: getField(minute, BOUNDS.minute), hour: getField(hour, BOUNDS.hour), dayOfMonth: getField(dayOfMonth, BOUNDS.dayOfMonth),
      month: getField(month, BOUNDS.month), dayOfWeek: getField(dayOfWeek, BOUNDS.dayOfWeek),
    };
  }
  const every = '@every ';
  if (descriptor.startsWith(every)) {
    const written = descriptor.slice(every.length);
    const parsed = parseGoDuration(written);
    if ('error' in parsed) throw new CronError(`failed to parse duration ${descriptor}: ${parsed.error}`);
    // cron.Every: below a second counts as one second, and fractions of a second are dropped.
    const nanoseconds = parsed.nanoseconds < 1_000_000_000n ? 1_000_000_000n : parsed.nanoseconds;
    return { kind: 'every', seconds: Number(nanoseconds / 1_000_000_000n), written };
  }
  throw new CronError(`unrecognized descriptor: ${descriptor}`);
}

/** getField: a comma list of ranges; empty items are skipped (strings.FieldsFunc). */
function getField(field: string, bounds: Bounds): CronField {
  const values = new Set<number>();
  let star = false;
  for (const expr of field.split(',')) {
    if (expr === '') continue;
    const range = getRange(expr, bounds);
    for (const value of range.values) values.add(value);
    star ||= range.star;
  }
  return { values, star };
}

/** getRange: `*` | `?` | number | number-number, each with an optional /step. */
function getRange(expr: string, bounds: Bounds): { values: number[]; star: boolean } {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: bigint;
  let end: bigint;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = BigInt(bounds.min);
    end = BigInt(bounds.max);
    star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0], bounds.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], bounds.names);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  let step: bigint;
  if (rangeAndStep.length === 1) {
    step = 1n;
  } else if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]);
    // "N/step" means "N-max/step".
    if (singleDigit) end = BigInt(bounds.max);
    if (step > 1n) star = false;
  } else {
    throw new CronError(`too many slashes: ${expr}`);
  }
  if (start < BigInt(bounds.min)) throw new CronError(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`);
  if (end > BigInt(bounds.max)) throw new CronError(`end of range (${end}) above maximum (${bounds.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0n) throw new CronError(`step of range should be a positive number: ${expr}`);
  const values: number[] = [];
  for (let value = Number(start); value <= Number(end); value += Number(step)) values.push(value);
  return { values, star };
}

function parseIntOrName(expr: string, names: Readonly<Record<string, number>> | undefined): bigint {
  const named = names?.[expr.toLowerCase()];
  return named !== undefined && Object.prototype.hasOwnProperty.call(names, expr.toLowerCase()) ? BigInt(named) : mustParseInt(expr);
}

function mustParseInt(expr: string): bigint {
  const parsed = goAtoi(expr);
  if ('error' in parsed) throw new CronError(`failed to parse int from ${expr}: ${parsed.error}`);
  if (parsed.value < 0n) throw new CronError(`negative number (${parsed.value}) not allowed: ${expr}`);
  return parsed.value;
}

const INT64_MAX = (1n << 63n) - 1n;

/** strconv.Atoi on a 64-bit platform: an optional sign and decimal digits, nothing else. */
export function goAtoi(text: string): { value: bigint } | { error: string } {
  const failure = (why: 'invalid syntax' | 'value out of range') => ({ error: `strconv.Atoi: parsing ${goQuote(text)}: ${why}` });
  let digits = text;
  let negative = false;
  if (digits.startsWith('+') || digits.startsWith('-')) {
    negative = digits[0] === '-';
    digits = digits.slice(1);
  }
  if (digits === '') return failure('invalid syntax');
  let value = 0n;
  for (const char of digits) {
    if (char < '0' || char > '9') return failure('invalid syntax');
    value = value * 10n + BigInt(char.charCodeAt(0) - 48);
    if (value >= 1n << 64n) return failure('value out of range'); // ParseUint's overflow, before later characters
  }
  if (negative ? value > INT64_MAX + 1n : value > INT64_MAX) return failure('value out of range');
  return { value: negative ? -value : value };
}

/** strconv.Quote, for the texts an Atoi error quotes: printable characters as they are, others escaped. */
function goQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (code === 0x07) out += '\\a';
    else if (code === 0x08) out += '\\b';
    else if (code === 0x0c) out += '\\f';
    else if (code === 0x0a) out += '\\n';
    else if (code === 0x0d) out += '\\r';
    else if (code === 0x09) out += '\\t';
    else if (code === 0x0b) out += '\\v';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code < 0x10000 && /[\u0080-\u00a0\u00ad\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/.test(char)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

// ---- Go's time.ParseDuration, for `@every` ------------------------------------------------------------

const UNIT_NANOSECONDS: Readonly<Record<string, bigint>> = {
  ns: 1n, us: 1_000n, 'µs': 1_000n, 'μs': 1_000n, ms: 1_000_000n, s: 1_000_000_000n, m: 60_000_000_000n, h: 3_600_000_000_000n,
};

/** time.ParseDuration: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, or "0". */
export function parseGoDuration(text: string): { nanoseconds: bigint } | { error: string } {
  const invalid = { error: `time: invalid duration ${timeQuote(text)}` };
  let rest = text;
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    negative = rest[0] === '-';
    rest = rest.slice(1);
  }
  if (rest === '0') return { nanoseconds: 0n };
  if (rest === '') return invalid;
  let total = 0n;
  const limit = 1n << 63n;
  while (rest !== '') {
    if (!(rest[0] === '.' || (rest[0] >= '0' && rest[0] <= '9'))) return invalid;
    const intMatch = /^[0-9]*/.exec(rest)![0];
    let whole = 0n;
    for (const digit of intMatch) {
      whole = whole * 10n + BigInt(digit.charCodeAt(0) - 48);
      if (whole > limit) return invalid; // leadingInt overflow
    }
    rest = rest.slice(intMatch.length);
    const before = intMatch.length > 0;
    let fraction = 0n;
    let scale = 1;
    let after = false;
    if (rest.startsWith('.')) {
      rest = rest.slice(1);
      const fractionMatch = /^[0-9]*/.exec(rest)![0];
      after = fractionMatch.length > 0;
      let overflow = false;
      for (const digit of fractionMatch) {
        if (overflow) continue;
        if (fraction > (limit - 1n) / 10n) { overflow = true; continue; }
        fraction = fraction * 10n + BigInt(digit.charCodeAt(0) - 48);
        scale *= 10;
      }
      rest = rest.slice(fractionMatch.length);
    }
    if (!before && !after) return invalid;
    const unitMatch = /^[^0-9.]*/.exec(rest)![0];
    if (unitMatch === '') return { error: `time: missing unit in duration ${timeQuote(text)}` };
    rest = rest.slice(unitMatch.length);
    const unit = UNIT_NANOSECONDS[unitMatch];
    if (unit === undefined) return { error: `time: unknown unit ${timeQuote(unitMatch)} in duration ${timeQuote(text)}` };
    if (whole > limit / unit) return invalid;
    let value = whole * unit;
    if (fraction > 0n) {
      value += BigInt(Math.floor(Number(fraction) * (Number(unit) / scale)));
      if (value > limit) return invalid;
    }
    total += value;
    if (total > limit) return invalid;
  }
  if (negative) return { nanoseconds: -total };
  if (total > limit - 1n) return invalid;
  return { nanoseconds: total };
}

/** The time package's own quote: non-ASCII and control bytes as \xNN (UTF-8 bytes). */
function timeQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x80 || code < 0x20) {
      for (const byte of new TextEncoder().encode(char)) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    } else {
      out += char === '"' || char === '\\' ? `\\${char}` : char;
    }
  }
  return `${out}"`;
}

// ---- When it runs --------------------------------------------------------------------------------------

/** dayMatches: with `*` (or `?`) in either day field both must match, else either. */
export function dayMatches(schedule: SpecSchedule, dayOfMonth: number, weekday: number): boolean {
  const domMatch = schedule.dayOfMonth.values.has(dayOfMonth);
  const dowMatch = schedule.dayOfWeek.values.has(weekday);
  return schedule.dayOfMonth.star || schedule.dayOfWeek.star ? domMatch && dowMatch : domMatch || dowMatch;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether no date can ever match (SpecSchedule.Next then finds nothing within its five years): an empty
 * field (`,`), or days of the month that none of the months has (`30 2`), with nothing else to match.
 */
export function neverRuns(schedule: SpecSchedule): boolean {
  if (schedule.minute.values.size === 0 || schedule.hour.values.size === 0 || schedule.month.values.size === 0) return true;
  const domInSomeMonth = [...schedule.month.values].some((month) => [...schedule.dayOfMonth.values].some((day) => day <= DAYS_IN_MONTH[month - 1]));
  const anyWeekday = schedule.dayOfWeek.values.size > 0;
  if (schedule.dayOfMonth.star || schedule.dayOfWeek.star) {
    return !(schedule.dayOfWeek.star ? domInSomeMonth : anyWeekday && (schedule.dayOfMonth.star || domInSomeMonth));
  }
  return !domInSomeMonth && !anyWeekday;
}

/** A time in a zone, as Go's time.Time is for SpecSchedule.Next: an instant (whole seconds) and its wall clock. */
class ZonedTime {
  readonly wall: WallClock;
  constructor(readonly seconds: number, readonly zone: string) {
    this.wall = wallClock(seconds, zone);
  }

  /** time.Date(year, month, day, hour, minute, second, 0, zone), normalizing overflow as Go does. */
  static date(year: number, month: number, day: number, hour: number, minute: number, second: number, zone: string): ZonedTime {
    return new ZonedTime(instantOf(year, month, day, hour, minute, second, zone), zone);
  }

  add(seconds: number): ZonedTime {
    return new ZonedTime(this.seconds + seconds, this.zone);
  }

  addDate(months: number, days: number): ZonedTime {
    const w = this.wall;
    return ZonedTime.date(w.year, w.month + months, w.day + days, w.hour, w.minute, w.second, this.zone);
  }

  truncateMinute(): ZonedTime {
    return new ZonedTime(this.seconds - (((this.seconds % 60) + 60) % 60), this.zone);
  }
}

/**
 * SpecSchedule.Next(t) in `zone`: the first activation after `afterSeconds` (epoch seconds), or undefined
 * when none is found within five years. ConstantDelaySchedule (`@every`) has no fixed times: see EverySchedule.
 */
export function nextRun(schedule: SpecSchedule, afterSeconds: number, zone: string): number | undefined {
  let t = new ZonedTime(Math.floor(afterSeconds) + 1, zone);
  let added = false;
  const yearLimit = t.wall.year + 5;
  const has = (field: CronField, value: number) => field.values.has(value);
  wrap: for (;;) {
    if (t.wall.year > yearLimit) return undefined;
    while (!has(schedule.month, t.wall.month)) {
      if (!added) {
        added = true;
        t = ZonedTime.date(t.wall.year, t.wall.month, 1, 0, 0, 0, zone);
      }
      t = t.addDate(1, 0);
      if (t.wall.month === 1) continue wrap;
    }
    while (!dayMatches(schedule, t.wall.day, t.wall.weekday)) {
      if (!added) {
        added = true;
        t = ZonedTime.date(t.wall.year, t.wall.month, t.wall.day, 0, 0, 0, zone);
      }
      t = t.addDate(0, 1);
      // Daylight saving may have moved midnight: go back to it, or forward to the next one.
      if (t.wall.hour !== 0) t = t.wall.hour > 12 ? t.add((24 - t.wall.hour) * 3600) : t.add(-t.wall.hour * 3600);
      if (t.wall.day === 1) continue wrap;
    }
    while (!has(schedule.hour, t.wall.hour)) {
      if (!added) {
        added = true;
        t = ZonedTime.date(t.wall.year, t.wall.month, t.wall.day, t.wall.hour, 0, 0, zone);
      }
      t = t.add(3600);
      if (t.wall.hour === 0) continue wrap;
    }
    while (!has(schedule.minute, t.wall.minute)) {
      if (!added) {
        added = true;
        t = t.truncateMinute();
      }
      t = t.add(60);
      if (t.wall.minute === 0) continue wrap;
    }
    // The second field of ParseStandard is always 0.
    while (t.wall.second !== 0) {
      if (!added) {
        added = true;
        t = new ZonedTime(t.seconds, zone);
      }
      // robfig steps one second at a time; only second 0 matches, so the steps before it are skipped at once
      // (the same time unless an offset change of seconds falls inside that minute: then step as robfig does).
      const jumped = t.add(60 - t.wall.second);
      t = jumped.wall.second === 0 ? jumped : t.add(1);
      if (t.wall.second === 0) continue wrap;
    }
    return t.seconds;
  }
}

/** The next `count` activations after `afterSeconds`. */
export function nextRuns(schedule: SpecSchedule, afterSeconds: number, zone: string, count: number): number[] {
  const runs: number[] = [];
  let after = afterSeconds;
  while (runs.length < count) {
    const next = nextRun(schedule, after, zone);
    if (next === undefined) break;
    runs.push(next);
    after = next;
  }
  return runs;
}
