// Time zones as the API server and the CronJob controller know them: the IANA names Go's time.LoadLocation
// finds in a zoneinfo database (timeZoneNames.json, tzdata 2025b), the server's validateTimeZone, and wall
// clocks in a zone (from the JavaScript runtime's own IANA data, which knows every one of those names but
// `Factory`). Intl alone cannot judge a name: it also takes `america/new_york`, old ICU names and links that
// tzdata dropped years ago, which Go refuses.
import data from './timeZoneNames.json';

export const TIME_ZONE_NAMES: readonly string[] = data.names;
export const TIME_ZONE_DATA_VERSION: string = data.version;

const KNOWN = new Set(TIME_ZONE_NAMES);

/**
 * Files a Linux zoneinfo folder may hold besides the names (Debian's tzdata: `posix/...`, `right/...`,
 * `posixrules`, `localtime`): whether the API server's image has them is unknown, so they are not judged.
 */
function mayBeInSystemZoneinfo(name: string): boolean {
  if (name === 'posixrules' || name === 'localtime') return true;
  const slash = name.indexOf('/');
  return slash > 0 && (name.startsWith('posix/') || name.startsWith('right/')) && KNOWN.has(name.slice(slash + 1));
}

/** Whether `name` is a time zone the API server accepts in `timeZone` (or may accept: see above). */
export function isKnownTimeZone(name: string): boolean {
  return KNOWN.has(name) || mayBeInSystemZoneinfo(name);
}

/** Characters of one `/`-separated part of a name that validateTimeZone lets through to LoadLocation. */
const VALID_PART = /^[A-Za-z.\-_0-9+]{1,14}$/;

export type TimeZoneProblem =
  | { kind: 'empty'; serverDetail: string }
  | { kind: 'local'; serverDetail: string }
  | { kind: 'unknown'; serverDetail: string; closest?: string };

/** validateTimeZone: an empty name, `Local` (any case), or a name the time-zone database does not have. */
export function timeZoneProblem(name: string): TimeZoneProblem | undefined {
  if (name === '') return { kind: 'empty', serverDetail: 'timeZone must be nil or non-empty string' };
  // The closest known name is looked for only for a name that is not one (a search of every name).
  const unknown = (): TimeZoneProblem => ({ kind: 'unknown', serverDetail: `unknown time zone ${name}`, ...closestOf(name) });
  if (name.split('/').some((part) => part === '.' || part === '..' || part.startsWith('-') || !VALID_PART.test(part))) return unknown();
  if (name.toLowerCase() === 'local') {
    return { kind: 'local', serverDetail: 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones' };
  }
  return isKnownTimeZone(name) ? undefined : unknown();
}

/** The known name a mistyped one most likely means: the same letters in another case, else the same last part. */
function closestOf(name: string): { closest?: string } {
  const lower = name.toLowerCase();
  const sameLetters = TIME_ZONE_NAMES.find((known) => known.toLowerCase() === lower);
  if (sameLetters) return { closest: sameLetters };
  const city = lower.slice(lower.lastIndexOf('/') + 1).replace(/[ -]/g, '_');
  const sameCity = city ? TIME_ZONE_NAMES.find((known) => known.toLowerCase().endsWith(`/${city}`)) : undefined;
  return sameCity ? { closest: sameCity } : {};
}

/** time.LoadLocation's verdict, as robfig/cron's `TZ=` prefix meets it: undefined when it loads. */
export function loadLocation(name: string): string | undefined {
  if (name === '' || name === 'UTC' || name === 'Local') return undefined;
  if (name.split('/').includes('..') || name.startsWith('/') || name.startsWith('\\')) return 'time: invalid location name';
  return isKnownTimeZone(name) ? undefined : `unknown time zone ${name}`;
}

// ---- Wall clocks -----------------------------------------------------------------------------------------

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 (Sunday) to 6 */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The runtime's formatter for a zone; null for UTC and for zones it does not know (read as UTC). */
function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter !== undefined) return formatter;
  formatter = null;
  if (zone !== '' && zone !== 'UTC' && zone !== 'Local') {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
      });
    } catch {
      formatter = null;
    }
  }
  formatters.set(zone, formatter);
  return formatter;
}

/** The wall clock in `zone` at `seconds` since the epoch (`''`, `UTC`, `Local` and unknown zones: UTC). */
export function wallClock(seconds: number, zone: string): WallClock {
  const formatter = formatterFor(zone);
  let utc = seconds * 1000;
  if (formatter) {
    const parts: Record<string, number> = {};
    for (const part of formatter.formatToParts(new Date(utc))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    utc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  }
  const date = new Date(utc);
  return {
    year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(),
    hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds(), weekday: date.getUTCDay(),
  };
}

/** The zone's offset from UTC, in seconds, at `seconds` since the epoch. */
export function offsetAt(seconds: number, zone: string): number {
  const wall = wallClock(seconds, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) / 1000 - seconds;
}

/**
 * time.Date(year, month, day, hour, minute, second, 0, zone) in epoch seconds: out-of-range values roll over
 * (month 13 is January of the next year), and a wall time that daylight saving skips or repeats is resolved
 * as Go resolves it (the offset in force at the wall time read as UTC, unless that instant is in another period).
 */
export function instantOf(year: number, month: number, day: number, hour: number, minute: number, second: number, zone: string): number {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  const offset = offsetAt(wallAsUtc, zone);
  const utc = wallAsUtc - offset;
  const offsetThen = offsetAt(utc, zone);
  return offsetThen === offset ? utc : wallAsUtc - offsetThen;
}
