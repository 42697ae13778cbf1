// The schedule calendar of a CronJob: one row per day in the CronJob's zone, 00:00 to 24:00 across, a mark per run
// the controller starts (behaviour/cronjob: formatSchedule, the zone, Schedule.Next), daylight-saving shifts marked,
// the runs a cluster outage or `startingDeadlineSeconds` would miss (getMostRecentScheduleTime: only the most recent
// missed time starts, late, and only within the deadline), and, when a run lasts longer than the interval, what
// `concurrencyPolicy` does with the overlap (syncCronJob: Allow runs both, Forbid skips, Replace deletes the running
// Job). Drawn as SVG with a text alternative.
import { controllerSchedule, scheduleNext, type ControllerSchedule } from '../../behaviour/cronjob';
import { dayMatches } from '../../kube/cron';
import { offsetAt, wallClock } from '../../kube/timeZones';
import type { JsonObject } from '../../types';
import { el, round, shortDuration, svgDocument, text, tooltip } from './svg';
import type { Chart } from './timeline';

export interface CalendarOptions {
  /** The first day shown starts at the zone's midnight on or before this moment (epoch seconds). */
  from: number;
  /** How many days: 7 (a week) to 31 (a month). */
  days: number;
  /** The viewer's zone: run times are also said in it. */
  viewerZone?: string;
  /** How long each run lasts, in seconds: overlapping runs are drawn under the CronJob's concurrencyPolicy. */
  runSeconds?: number;
  /** The cluster (or the controller) was down: runs scheduled then are missed; the most recent may start late. */
  down?: { from: number; to: number };
}

export type CalendarRunState = 'runs' | 'late' | 'missed' | 'skipped' | 'replaces' | 'overlaps';

export interface CalendarRun {
  at: number;
  state: CalendarRunState;
  /** When it starts, if not at its time (a late start after an outage). */
  startsAt?: number;
  why?: string;
}

export interface CalendarModel {
  zone: string;
  runs: CalendarRun[];
  dayStarts: number[];
  shifts: { at: number; before: number; after: number }[];
  /**
   * Runs too many to draw one by one (more than 1,500 in these days): counted per hour of the zone's clock instead,
   * from the schedule's fields (`runs` then holds only the first ones, for the text).
   */
  dense: boolean;
  /** In dense mode: the runs in each hour (row = day, hour = the zone's wall-clock hour) and how many of them are missed. */
  cells: { row: number; hour: number; count: number; missed: number }[];
  problem?: string;
}

const DRAW_EACH_UP_TO = 1_500;
const LISTED_WHEN_DENSE = 24;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Midnight in `zone` of the day holding `seconds`. */
function midnight(seconds: number, zone: string): number {
  const wall = wallClock(seconds, zone);
  return seconds - (wall.hour * 3600 + wall.minute * 60 + wall.second);
}

/** The runs of the calendar's days and what happens to each. */
export function calendarModel(cronJob: JsonObject, minor: number, options: CalendarOptions): CalendarModel {
  const days = Math.min(31, Math.max(1, Math.round(options.days)));
  const parsed = controllerSchedule(cronJob, minor);
  const zone = 'reason' in parsed ? 'UTC' : parsed.zone ?? 'UTC';
  const dayStarts: number[] = [];
  let start = midnight(options.from, zone);
  for (let i = 0; i < days; i++) {
    dayStarts.push(start);
    // The next midnight: 26 hours on, back to its midnight (a day of 23 or 25 hours stays one row).
    start = midnight(start + 26 * 3600, zone);
  }
  const until = start;
  const shifts: CalendarModel['shifts'] = [];
  for (const day of dayStarts) {
    const before = offsetAt(day, zone);
    const after = offsetAt(day + 86399, zone);
    if (before !== after) shifts.push({ at: findShift(day, day + 86399, zone), before, after });
  }
  if ('reason' in parsed) return { zone, runs: [], dayStarts, shifts, dense: false, cells: [], problem: parsed.message };
  const spec = isObject(cronJob.spec) ? cronJob.spec : {};
  const deadline = typeof spec.startingDeadlineSeconds === 'number' ? spec.startingDeadlineSeconds : undefined;
  const policy = typeof spec.concurrencyPolicy === 'string' ? spec.concurrencyPolicy : 'Allow';
  const dense = mostRuns(parsed.schedule, days) > DRAW_EACH_UP_TO;
  const times: number[] = [];
  const most = dense ? LISTED_WHEN_DENSE : DRAW_EACH_UP_TO;
  for (let next = scheduleNext(parsed, dayStarts[0] - 1); next !== undefined && next < until && times.length < most; next = scheduleNext(parsed, next)) times.push(next);
  const runs: CalendarRun[] = times.map((at) => ({ at, state: 'runs' }));
  if (options.down) markOutage(runs, options.down, deadline);
  if (options.runSeconds && options.runSeconds > 0 && !dense) markOverlaps(runs, options.runSeconds, policy);
  const cells = dense ? hourCells(parsed.schedule, dayStarts, zone, options.down) : [];
  return { zone, runs, dayStarts, shifts, dense, cells };
}

/** At most how many runs a schedule has in `days` days (an upper bound from its fields). */
function mostRuns(schedule: ControllerSchedule['schedule'], days: number): number {
  if (schedule.kind === 'every') return (days * 86400) / Math.max(1, schedule.seconds);
  return schedule.minute.values.size * schedule.hour.values.size * days;
}

/**
 * The runs in each hour of the zone's clock, read from the schedule's fields (SpecSchedule.Next matches month, day,
 * hour, then minute; `@every` runs evenly): counting them one by one would take seconds for `* * * * *` over a month.
 */
function hourCells(schedule: ControllerSchedule['schedule'], dayStarts: number[], zone: string, down: CalendarOptions['down']): CalendarModel['cells'] {
  const cells: CalendarModel['cells'] = [];
  dayStarts.forEach((day, row) => {
    const end = row + 1 < dayStarts.length ? dayStarts[row + 1] : day + 86400;
    for (let at = day; at < end; at += 3600) {
      const wall = wallClock(at, zone);
      let count: number;
      if (schedule.kind === 'every') count = Math.round(3600 / Math.max(1, schedule.seconds));
      else {
        const matches = schedule.month.values.has(wall.month) && dayMatches(schedule, wall.day, wall.weekday) && schedule.hour.values.has(wall.hour);
        count = matches ? schedule.minute.values.size : 0;
      }
      if (!count) continue;
      const missed = down && at + 3600 > down.from && at < down.to ? count : 0;
      cells.push({ row, hour: wall.hour, count, missed });
    }
  });
  return cells;
}

/** getMostRecentScheduleTime after an outage: the most recent missed time starts when the controller is back, if within the deadline. */
function markOutage(runs: CalendarRun[], down: { from: number; to: number }, deadline: number | undefined): void {
  const missed = runs.filter((run) => run.at >= down.from && run.at < down.to);
  for (const run of missed) {
    run.state = 'missed';
    run.why = 'the cluster was down; only the most recent missed time can still start';
  }
  const latest = missed[missed.length - 1];
  if (!latest) return;
  if (deadline !== undefined && down.to - latest.at > deadline) {
    latest.why = `missed: ${shortDuration(down.to - latest.at)} late is past startingDeadlineSeconds (${deadline} s)`;
    return;
  }
  latest.state = 'late';
  latest.startsAt = down.to;
  latest.why = `starts late, at ${shortDuration(down.to - latest.at)} after its time, when the controller is back${missed.length > 100 ? ` (more than 100 missed: the controller warns TooManyMissedTimes and still starts it)` : ''}`;
}

/** syncCronJob with runs that outlast the interval: Allow runs both, Forbid skips the new one, Replace deletes the old one. */
function markOverlaps(runs: CalendarRun[], runSeconds: number, policy: string): void {
  let busyUntil = -Infinity;
  for (const run of runs) {
    if (run.state === 'missed') continue;
    const startsAt = run.startsAt ?? run.at;
    if (startsAt < busyUntil) {
      if (policy === 'Forbid') {
        run.state = 'skipped';
        run.why = 'concurrencyPolicy Forbid: the Job before is still running (JobAlreadyActive); this run is skipped';
        continue;
      }
      run.state = policy === 'Replace' ? 'replaces' : 'overlaps';
      run.why = policy === 'Replace' ? 'concurrencyPolicy Replace: the Job before is still running and is deleted' : 'concurrencyPolicy Allow: runs beside the Job before, still running';
    }
    busyUntil = startsAt + runSeconds;
  }
}

function findShift(from: number, to: number, zone: string): number {
  const offset = offsetAt(from, zone);
  let low = from;
  let high = to;
  while (high - low > 60) {
    const mid = Math.floor((low + high) / 2);
    if (offsetAt(mid, zone) === offset) low = mid;
    else high = mid;
  }
  return high;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

function dayLabel(seconds: number, zone: string): string {
  const wall = wallClock(seconds, zone);
  return `${WEEKDAYS[wall.weekday]} ${wall.day} ${MONTHS[wall.month - 1]}`;
}

/** `Mon 7 Dec 02:00` on the zone's clock. */
export function wallTime(seconds: number, zone: string): string {
  const wall = wallClock(seconds, zone);
  return `${dayLabel(seconds, zone)} ${two(wall.hour)}:${two(wall.minute)}`;
}

function offsetWords(seconds: number): string {
  const minutes = seconds / 60;
  return `UTC${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`;
}

const WIDTH = 860;
const LEFT = 96;
const RIGHT = 20;
const TOP = 40;
const ROW = 22;
const PLOT = WIDTH - LEFT - RIGHT;
const STATE_CLASS: Record<CalendarRunState, string> = { runs: 'ka-run', late: 'ka-pending', missed: 'ka-missed', skipped: 'ka-missed', replaces: 'ka-failed', overlaps: 'ka-overlap' };
const STATE_WORDS: Record<CalendarRunState, string> = { runs: 'runs', late: 'starts late', missed: 'missed', skipped: 'skipped (Forbid)', replaces: 'replaces the running Job', overlaps: 'overlaps the run before' };

/** The calendar of a CronJob as SVG and words. */
export function scheduleCalendar(cronJob: JsonObject, minor: number, options: CalendarOptions, name: string): Chart & { model: CalendarModel } {
  const model = calendarModel(cronJob, minor, options);
  const { zone } = model;
  const xOf = (seconds: number, dayStart: number) => LEFT + (Math.min(86400, Math.max(0, seconds - dayStart - (offsetAt(seconds, zone) - offsetAt(dayStart, zone)))) / 86400) * PLOT;
  const rowOf = (seconds: number) => {
    let row = 0;
    while (row + 1 < model.dayStarts.length && model.dayStarts[row + 1] <= seconds) row++;
    return row;
  };
  const height = TOP + model.dayStarts.length * ROW + 44;
  const parts: string[] = [];
  for (let hour = 0; hour <= 24; hour += 3) {
    const x = LEFT + (hour / 24) * PLOT;
    parts.push(el('line', { class: 'ka-grid', x1: x, y1: TOP - 4, x2: x, y2: TOP + model.dayStarts.length * ROW, 'stroke-opacity': 0.5 }));
    parts.push(text(x, TOP - 8, `${two(hour)}:00`, { class: 'ka-muted', 'text-anchor': 'middle' }));
  }
  parts.push(text(LEFT, 14, `hours in ${zone}${options.viewerZone && options.viewerZone !== zone ? ` (run times in ${options.viewerZone} on hover)` : ''}`, { class: 'ka-muted', 'font-size': 10 }));
  model.dayStarts.forEach((day, row) => {
    const y = TOP + row * ROW;
    if (row % 2 === 0) parts.push(el('rect', { class: 'ka-lane', x: LEFT, y, width: PLOT, height: ROW }));
    parts.push(text(LEFT - 6, y + 15, dayLabel(day + 3600 * 12, zone), { class: 'ka-muted', 'text-anchor': 'end' }));
  });
  for (const shift of model.shifts) {
    const row = rowOf(shift.at);
    const day = model.dayStarts[row];
    const x = LEFT + ((shift.at - day) / 86400) * PLOT;
    const y = TOP + row * ROW;
    const words = `daylight saving: ${offsetWords(shift.before)} → ${offsetWords(shift.after)} at ${wallTime(shift.at, zone)} (${shift.after > shift.before ? 'clocks go forward, an hour is skipped' : 'clocks go back, an hour repeats'})`;
    parts.push(el('line', { class: 'ka-dst', x1: x, y1: y, x2: x, y2: y + ROW, 'data-shift': shift.at }, tooltip(words)));
    parts.push(text(x + 3, y + ROW - 3, shift.after > shift.before ? '+1h' : '−1h', { class: 'ka-muted', 'font-size': 9 }));
  }
  if (model.dense) parts.push(...denseCells(model));
  else {
    for (const run of model.runs) {
      const row = rowOf(run.at);
      const x = xOf(run.at, model.dayStarts[row]);
      const y = TOP + row * ROW + ROW / 2;
      const when = `${wallTime(run.at, zone)} ${zone}${options.viewerZone && options.viewerZone !== zone ? ` (${wallTime(run.at, options.viewerZone)} ${options.viewerZone})` : ''}`;
      const title = tooltip(`${when}: ${STATE_WORDS[run.state]}${run.why ? ` (${run.why})` : ''}`);
      const attrs = { class: `ka-calendar-run ${STATE_CLASS[run.state]}`, 'data-at': run.at, 'data-state': run.state };
      if (options.runSeconds && run.state !== 'missed' && run.state !== 'skipped') {
        const width = Math.max(3, (options.runSeconds / 86400) * PLOT);
        parts.push(el('rect', { ...attrs, x, y: y - 5, width: Math.min(width, LEFT + PLOT - x), height: 10, rx: 2 }, title));
      } else parts.push(el('circle', { ...attrs, cx: x, cy: y, r: 4 }, title));
    }
  }
  const words = calendarText(model, options, name);
  parts.push(text(LEFT, height - 14, summaryLine(model), { class: 'ka-text' }));
  return { svg: svgDocument(WIDTH, height, `CronJob ${name}: schedule calendar`, words, parts.join('')), text: words, width: WIDTH, height, lanes: model.dayStarts.length, model };
}

function denseCells(model: CalendarModel): string[] {
  const most = Math.max(1, ...model.cells.map((cell) => cell.count));
  return model.cells.map((cell) =>
    el(
      'rect',
      {
        class: `ka-calendar-hour ${cell.missed === cell.count ? 'ka-failed' : 'ka-run'}`,
        x: LEFT + cell.hour * (PLOT / 24) + 1,
        y: TOP + cell.row * ROW + 3,
        width: PLOT / 24 - 2,
        height: ROW - 6,
        'fill-opacity': round(0.25 + 0.75 * (cell.count / most)),
        'data-count': cell.count,
      },
      tooltip(`${cell.count} run${cell.count === 1 ? '' : 's'} in this hour${cell.missed ? `, ${cell.missed} missed` : ''}`),
    ),
  );
}

function summaryLine(model: CalendarModel): string {
  if (model.problem) return model.problem;
  if (model.dense) return `${denseTotal(model)} runs, drawn per hour`;
  const counts = new Map<CalendarRunState, number>();
  for (const run of model.runs) counts.set(run.state, (counts.get(run.state) ?? 0) + 1);
  return [...counts.entries()].map(([state, count]) => `${count} ${STATE_WORDS[state]}`).join(' · ') || 'no run in these days';
}

function denseTotal(model: CalendarModel): number {
  return model.cells.reduce((sum, cell) => sum + cell.count, 0);
}

/** The text alternative: the runs, the shifts, what is missed, in sentences. */
export function calendarText(model: CalendarModel, options: CalendarOptions, name: string): string {
  const sentences: string[] = [];
  const first = model.dayStarts[0];
  const lastDay = model.dayStarts[model.dayStarts.length - 1];
  if (model.problem) return `CronJob ${name}: the controller runs nothing: ${model.problem}.`;
  const total = model.dense ? denseTotal(model) : model.runs.length;
  sentences.push(`CronJob ${name}: ${total} run${total === 1 ? '' : 's'} from ${dayLabel(first + 43200, model.zone)} to ${dayLabel(lastDay + 43200, model.zone)}, times in ${model.zone}.`);
  const listed = model.runs.slice(0, 8).map((run) => `${wallTime(run.at, model.zone)}${options.viewerZone && options.viewerZone !== model.zone ? ` (${wallTime(run.at, options.viewerZone)} ${options.viewerZone})` : ''}${run.state === 'runs' ? '' : ` ${STATE_WORDS[run.state]}`}`);
  if (listed.length) sentences.push(`Runs: ${listed.join('; ')}${total > 8 ? `; and ${total - 8} more` : ''}.`);
  if (model.dense) {
    const missed = model.cells.reduce((sum, cell) => sum + cell.missed, 0);
    if (missed) sentences.push(`${missed} runs fall while the cluster is down: only the most recent of them can still start, when it is back.`);
  }
  for (const shift of model.shifts) sentences.push(`Daylight saving on ${dayLabel(shift.at, model.zone)}: ${offsetWords(shift.before)} to ${offsetWords(shift.after)} (${shift.after > shift.before ? 'an hour is skipped: a run in it moves or does not happen' : 'an hour repeats: a run in it happens once'}).`);
  const notRun = model.runs.filter((run) => run.state === 'missed' || run.state === 'skipped');
  if (notRun.length) sentences.push(`${notRun.length} run${notRun.length === 1 ? ' is' : 's are'} not started: ${notRun[0].why ?? ''}.`);
  const late = model.runs.find((run) => run.state === 'late');
  if (late) sentences.push(`${wallTime(late.at, model.zone)} ${late.why}.`);
  const overlapping = model.runs.filter((run) => run.state === 'overlaps' || run.state === 'replaces');
  if (overlapping.length) sentences.push(`${overlapping.length} run${overlapping.length === 1 ? '' : 's'} start while the one before still runs: ${overlapping[0].why}.`);
  return sentences.join(' ');
}
