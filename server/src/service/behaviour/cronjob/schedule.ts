// The schedule a CronJob controller (pkg/controller/cronjob, v2) runs: the text it parses (formatSchedule), the
// zone its times are in, and robfig/cron's Schedule.Next for both kinds of schedule (SpecSchedule and the
// ConstantDelaySchedule of `@every`). Pure and release-aware: `minor` is the Kubernetes release.
import { nextRun, parseStandard, type CronSchedule } from '../../kube/cron';
import { gateEnabledByDefault } from '../../kube/featureGates';
import { loadLocation } from '../../kube/timeZones';
import type { Json, JsonObject } from '../../types';

/** A schedule as the controller parses it, and the zone its fixed times are in. */
export interface ControllerSchedule {
  schedule: CronSchedule;
  /** The IANA zone of the times; undefined: the kube-controller-manager's own zone (taken as UTC here). */
  zone?: string;
  /** The text handed to cron.ParseStandard. */
  text: string;
}

export type ScheduleProblem =
  /** syncCronJob: `time.LoadLocation(timeZone)` failed (event UnknownTimeZone). */
  | { reason: 'UnknownTimeZone'; message: string }
  /** syncCronJob: cron.ParseStandard failed (event UnparseableSchedule). */
  | { reason: 'UnparseableSchedule'; message: string };

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `spec.timeZone` as the controller sees it: dropped by the create while CronJobTimeZone is off (1.24), absent before. */
export function timeZoneOf(cronJob: JsonObject, minor: number): string | undefined {
  const spec = isObject(cronJob.spec) ? cronJob.spec : undefined;
  if (!spec || typeof spec.timeZone !== 'string') return undefined;
  return gateEnabledByDefault('CronJobTimeZone', minor) ? spec.timeZone : undefined;
}

/**
 * formatSchedule, then cron.ParseStandard: a schedule that contains "TZ" anywhere is parsed as written (its
 * `TZ=` prefix names the zone); otherwise a `timeZone` that loads is put in front as `TZ=<zone> `. The
 * unknown-zone check of syncCronJob comes first.
 */
export function controllerSchedule(cronJob: JsonObject, minor: number): ControllerSchedule | ScheduleProblem {
  const spec = isObject(cronJob.spec) ? cronJob.spec : {};
  const written = typeof spec.schedule === 'string' ? spec.schedule : '';
  const timeZone = timeZoneOf(cronJob, minor);
  if (timeZone !== undefined) {
    const problem = loadLocation(timeZone);
    if (problem) return { reason: 'UnknownTimeZone', message: `invalid timeZone: "${timeZone}": ${problem}` };
  }
  const text = written.includes('TZ') || timeZone === undefined ? written : `TZ=${timeZone} ${written}`;
  const parsed = parseStandard(text);
  if ('error' in parsed) return { reason: 'UnparseableSchedule', message: `unparseable schedule: "${written}" : ${parsed.error}` };
  const prefix = parsed.schedule.prefixZone;
  // LoadLocation("") is UTC; without any zone the times are the controller process's local time.
  const zone = prefix === undefined || prefix === 'Local' ? undefined : prefix === '' ? 'UTC' : prefix;
  return { schedule: parsed.schedule, zone, text };
}

/**
 * Schedule.Next(t): the first activation strictly after `afterSeconds` (epoch seconds), or undefined where robfig's
 * SpecSchedule.Next gives the zero time (nothing within five years). ConstantDelaySchedule.Next adds the delay to
 * t rounded down to its second.
 */
export function scheduleNext(schedule: ControllerSchedule, afterSeconds: number): number | undefined {
  if (schedule.schedule.kind === 'every') return Math.floor(afterSeconds) + schedule.schedule.seconds;
  return nextRun(schedule.schedule, afterSeconds, schedule.zone ?? 'UTC');
}

/** The next `count` activations after `afterSeconds`. */
export function scheduleNextRuns(schedule: ControllerSchedule, afterSeconds: number, count: number): number[] {
  const runs: number[] = [];
  let after = afterSeconds;
  while (runs.length < count) {
    const next = scheduleNext(schedule, after);
    if (next === undefined) break;
    runs.push(next);
    after = next;
  }
  return runs;
}
