// A CronJob schedule in plain words, and its next run times: for hover on `schedule` and the inlay hint
// after its value. The words follow the parser (kube/cron.ts) exactly, including its day rule: with `*` in
// one of the two day fields both must match, otherwise either does.
import { BOUNDS, DESCRIPTORS, nextRuns, parseStandard, type CronField, type CronSchedule, type SpecSchedule } from '../kube/cron';
import { isObject } from '../kube/defaults';
import { offsetAt, timeZoneProblem, wallClock } from '../kube/timeZones';
import type { Json } from '../types';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function sorted(field: CronField): number[] {
  return [...field.values].sort((a, b) => a - b);
}

function isFull(field: CronField, bounds: { min: number; max: number }): boolean {
  return field.values.size === bounds.max - bounds.min + 1;
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Values as words, runs of three or more as "a to b". */
function listOf(values: readonly number[], name: (value: number) => string): string {
  const words: string[] = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j] + 1) j++;
    if (j - i >= 2) words.push(`${name(values[i])} to ${name(values[j])}`);
    else for (let k = i; k <= j; k++) words.push(name(values[k]));
    i = j + 1;
  }
  return joinWords(words);
}

/** A step pattern `start, start+step, ...` that runs to the end of the field, as `*` or `a/step` write it. */
function stepOf(values: readonly number[], max: number): { start: number; step: number } | undefined {
  if (values.length < 2) return undefined;
  const step = values[1] - values[0];
  if (step < 2 || !values.every((value, i) => value === values[0] + i * step) || values[values.length - 1] + step <= max) return undefined;
  return { start: values[0], step };
}

const two = (value: number) => String(value).padStart(2, '0');
const clock = (hour: number, minute: number) => `${two(hour)}:${two(minute)}`;

function timeWords(schedule: SpecSchedule): string {
  const minutes = sorted(schedule.minute);
  const hours = sorted(schedule.hour);
  const allMinutes = isFull(schedule.minute, BOUNDS.minute);
  const allHours = isFull(schedule.hour, BOUNDS.hour);
  const minuteStep = stepOf(minutes, BOUNDS.minute.max);
  const hourRun = hours.length >= 2 && hours[hours.length - 1] - hours[0] === hours.length - 1;
  const during = hourRun ? `from ${clock(hours[0], 0)} to ${clock(hours[hours.length - 1], 59)}` : `during hours ${listOf(hours, String)}`;
  const everyMinutes = minuteStep ? `every ${minuteStep.step} minutes${minuteStep.start ? ` from minute ${minuteStep.start}` : ''}` : undefined;
  if (allMinutes) return allHours ? 'every minute' : `every minute ${hours.length === 1 ? `from ${clock(hours[0], 0)} to ${clock(hours[0], 59)}` : during}`;
  if (allHours) {
    if (everyMinutes) return everyMinutes;
    return minutes.length === 1 ? `at minute ${minutes[0]} of every hour` : `at minutes ${listOf(minutes, String)} of every hour`;
  }
  if (minutes.length * hours.length <= 4) return `at ${joinWords(hours.flatMap((hour) => minutes.map((minute) => clock(hour, minute))))}`;
  const hourStep = stepOf(hours, BOUNDS.hour.max);
  if (minutes.length === 1) {
    if (hourStep) return `every ${hourStep.step} hours${hourStep.start ? ` from ${clock(hourStep.start, minutes[0])}` : ''} at minute ${minutes[0]}`;
    if (hourRun) return `every hour from ${clock(hours[0], minutes[0])} to ${clock(hours[hours.length - 1], minutes[0])}`;
    return `at minute ${minutes[0]} past hours ${listOf(hours, String)}`;
  }
  if (everyMinutes) return `${everyMinutes} ${during}`;
  return `at minutes ${listOf(minutes, String)} past hours ${listOf(hours, String)}`;
}

function ordinal(value: number): string {
  const suffix = value % 100 >= 11 && value % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][value % 10] ?? 'th';
  return `${value}${suffix}`;
}

/** The days of the month, with the months when they are not all ("on day 1 of January and July"). */
function monthDayWords(schedule: SpecSchedule): string {
  const days = sorted(schedule.dayOfMonth);
  const allMonths = isFull(schedule.month, BOUNDS.month);
  const of = allMonths ? 'the month' : listOf(sorted(schedule.month), (month) => MONTHS[month - 1]);
  const step = stepOf(days, BOUNDS.dayOfMonth.max);
  if (step) return `on every ${ordinal(step.step)} day of ${of} from day ${step.start}`;
  return days.length === 1 ? `on day ${days[0]} of ${of}` : `on days ${listOf(days, String)} of ${of}`;
}

function dayWords(schedule: SpecSchedule): { words: string; monthsSaid: boolean } {
  const allDays = isFull(schedule.dayOfMonth, BOUNDS.dayOfMonth);
  const allWeekdays = isFull(schedule.dayOfWeek, BOUNDS.dayOfWeek);
  const weekdays = sorted(schedule.dayOfWeek);
  const weekDays = `on ${listOf(weekdays, (day) => WEEKDAYS[day])}`;
  if (schedule.dayOfMonth.star || schedule.dayOfWeek.star) {
    // Both must match; the one with `*` matches every day.
    if (allDays && allWeekdays) return { words: 'every day', monthsSaid: false };
    if (allWeekdays) return { words: monthDayWords(schedule), monthsSaid: true };
    if (allDays) return { words: weekDays, monthsSaid: false };
    return { words: `${monthDayWords(schedule)} when it is ${listOf(weekdays, (day) => `a ${WEEKDAYS[day]}`)}`, monthsSaid: true };
  }
  // Neither has `*`: either one matching is enough.
  if (allDays || allWeekdays) return { words: 'every day', monthsSaid: false };
  return { words: `${monthDayWords(schedule)}, and also ${weekDays}`, monthsSaid: true };
}

function monthWords(schedule: SpecSchedule): string {
  if (isFull(schedule.month, BOUNDS.month)) return '';
  return ` in ${listOf(sorted(schedule.month), (month) => MONTHS[month - 1])}`;
}

/** "at 03:00 every day", "every 15 minutes on Monday to Friday", "every 1h30m from the CronJob's creation". */
export function describeSchedule(schedule: CronSchedule): string {
  if (schedule.kind === 'every') return `every ${schedule.written}, counted from when the CronJob was created (not at fixed clock times)`;
  const time = timeWords(schedule);
  const days = dayWords(schedule);
  // "every 15 minutes", not "every 15 minutes every day".
  const dayPart = days.words === 'every day' && /\bevery (?:\d+ )?(?:minute|hour)/.test(time) ? '' : ` ${days.words}`;
  return `${time}${dayPart}${days.monthsSaid ? '' : monthWords(schedule)}`;
}

export interface ScheduleReading {
  schedule: CronSchedule;
  /** Plain words, without the time zone. */
  words: string;
  /** The zone the times are in: the `TZ=` prefix, else `timeZone`, else undefined (the controller's own zone). */
  zone?: string;
  /** How the zone is named in the summary: "UTC", "Europe/Berlin", "the kube-controller-manager's time zone". */
  zoneWords: string;
}

/** The schedule read in words with its zone; undefined when the server would refuse it. */
export function readSchedule(text: string, timeZone: string | undefined): ScheduleReading | undefined {
  const parsed = parseStandard(text);
  if ('error' in parsed) return undefined;
  const schedule = parsed.schedule;
  const zone = schedule.prefixZone !== undefined ? schedule.prefixZone || 'UTC' : timeZone;
  const zoneWords = zone === undefined ? "the kube-controller-manager's time zone" : zone === 'Local' ? "the kube-controller-manager's time zone" : zone;
  return { schedule, words: describeSchedule(schedule), zone: zone === 'Local' ? undefined : zone, zoneWords };
}

/** The schedule of a CronJob object as the API server reads it, with its `timeZone`; undefined when unreadable. */
export function scheduleReadingOf(cronJob: Json | undefined): ScheduleReading | undefined {
  const spec = isObject(cronJob) && isObject(cronJob.spec) ? cronJob.spec : undefined;
  if (!spec || typeof spec.schedule !== 'string') return undefined;
  // A timeZone the server refuses is that rule's finding; the times are then the controller's.
  const timeZone = typeof spec.timeZone === 'string' && !timeZoneProblem(spec.timeZone) ? spec.timeZone : undefined;
  return readSchedule(spec.schedule, timeZone);
}

/** The inlay hint after a schedule: the words and the zone, short. */
export function shortSummary(reading: ScheduleReading): string {
  const zone = reading.zone ?? 'controller time zone, usually UTC';
  return reading.schedule.kind === 'every' ? `every ${reading.schedule.written} from creation` : `${reading.words} (${zone})`;
}

function offsetWords(seconds: number, zone: string): string {
  const offset = offsetAt(seconds, zone) / 60;
  if (offset === 0) return 'UTC';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `UTC${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** `Mon 2026-03-02 03:00 (UTC+01:00)`: a run time on the zone's wall clock. */
export function formatRunTime(seconds: number, zone: string): string {
  const wall = wallClock(seconds, zone);
  const date = `${WEEKDAYS[wall.weekday].slice(0, 3)} ${wall.year}-${two(wall.month)}-${two(wall.day)} ${clock(wall.hour, wall.minute)}`;
  const offset = offsetWords(seconds, zone);
  return offset === 'UTC' ? `${date} UTC` : `${date} (${offset})`;
}

/** The hover text for a schedule: when it runs, in which zone, and its next three runs after `nowSeconds`. */
export function scheduleMarkdown(reading: ScheduleReading, nowSeconds: number): string {
  const { schedule } = reading;
  const descriptor = schedule.kind === 'spec' && schedule.descriptor ? ` (\`${schedule.descriptor}\` is \`${DESCRIPTORS[schedule.descriptor]}\`)` : '';
  const where = reading.zone !== undefined
    ? `in ${reading.zone === 'UTC' ? 'UTC' : `the time zone \`${reading.zone}\``}`
    : 'in the time zone of the kube-controller-manager, because `timeZone` is not set (UTC in most clusters: the times below are in UTC)';
  const lines = [`**Runs ${reading.words}**${descriptor}, ${where}.`];
  if (schedule.kind === 'every') {
    lines.push('`@every` runs at a fixed interval from the CronJob\'s creation (then from each scheduled run), not at clock times, so the next runs depend on when it is created.');
    return lines.join('\n\n');
  }
  const zone = reading.zone ?? 'UTC';
  const runs = nextRuns(schedule, nowSeconds, zone, 3);
  if (runs.length === 0) {
    lines.push('It never runs: no date in the next five years matches it.');
  } else {
    lines.push(`Next runs, from ${formatRunTime(Math.floor(nowSeconds / 60) * 60, zone)}:\n${runs.map((run) => `- ${formatRunTime(run, zone)}`).join('\n')}`);
  }
  return lines.join('\n\n');
}
