// One pass of the CronJob controller (ControllerV2.syncCronJob) over a CronJob at a given moment: the Job it
// creates, replaces or does not create, and why, in the order syncCronJob decides. Pure and release-aware.
import type { Json, JsonObject } from '../../types';
import { mostRecentScheduleTime, nextScheduleTime, TOO_MANY_MISSED, WALKS_MISSED_SCHEDULES_FROM, type CronJobTimes } from './mostRecent';
import { controllerSchedule, scheduleNext, scheduleNextRuns, type ControllerSchedule } from './schedule';

/** A time of a scenario: RFC 3339 as the file writes it, or Unix seconds (as behaviour/scenario.ts parses it). */
export type ScenarioTime = string | number;

/** What a CronJob scenario says (the `---` CronJob document of a `kubeassist simulate --scenario` file). */
export interface CronJobScenario {
  /** metadata.creationTimestamp. */
  created: ScenarioTime;
  /** status.lastScheduleTime, when a Job was scheduled before. */
  lastScheduleTime?: ScenarioTime;
  /** The moment the controller syncs. */
  now: ScenarioTime;
  /** Jobs of earlier runs still running (status.active); 0 when absent. */
  activeJobs?: number;
}

/**
 * Why the controller does what it does: the event reason it records where it records one (UnknownTimeZone,
 * UnparseableSchedule, InvalidSchedule, MissSchedule, JobAlreadyActive, SuccessfulCreate), else what it logs.
 */
export type CronJobDecisionReason =
  | 'UnknownTimeZone' | 'Suspended' | 'UnparseableSchedule' | 'InvalidSchedule' | 'NotDue' | 'MissSchedule'
  | 'AlreadyProcessed' | 'JobAlreadyActive' | 'ReplaceConcurrent' | 'SuccessfulCreate';

export interface CronJobDecision {
  action: 'create' | 'skip' | 'replace';
  reason: CronJobDecisionReason;
  /** The schedule time the decision is about (RFC 3339, UTC), or null when no time is due. */
  scheduledTime: string | null;
  /** The controller's count of schedule times since the last one (or creation); see MostRecent.missed. */
  missed: number;
  /** More than 100 missed: the controller warns (TooManyMissedTimes) and still starts the most recent one. */
  tooManyMissed: boolean;
  /**
   * The seconds after which syncCronJob asks to be synced again (its requeueAfter: nextScheduleTimeDuration, with the
   * 100 ms nextScheduleDelta), or null when it does not requeue (bad zone or schedule, suspended).
   */
  requeueAfter: number | null;
}

export interface CronJobSimulation {
  /** The next five schedule times after `now` (RFC 3339, UTC); fewer when the schedule has fewer in five years. */
  next: string[];
  decision: CronJobDecision;
  /** The name of the Job created (getJobName), or null when none is. */
  jobName: string | null;
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An RFC 3339 time in UTC, to the second, as Go's time.RFC3339 formats a UTC time. */
export function rfc3339(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** Epoch seconds of an RFC 3339 time (fractions dropped, as metav1.Time keeps whole seconds), or undefined. */
export function parseRfc3339(text: string): number | undefined {
  if (!RFC3339.test(text)) return undefined;
  const millis = Date.parse(text.toUpperCase());
  return Number.isNaN(millis) ? undefined : Math.floor(millis / 1000);
}

/** Epoch seconds of a scenario time (whole seconds), or undefined when it is neither form. */
export function scenarioSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.floor(value) : undefined;
  return typeof value === 'string' ? parseRfc3339(value) : undefined;
}

/** Every mistake of a CronJob scenario, one sentence each (empty when it is usable). */
export function cronJobScenarioProblems(value: unknown): string[] {
  if (!isObject(value as Json)) return ['a CronJob scenario is a mapping with `created`, `now`, optional `lastScheduleTime` and `activeJobs`'];
  const scenario = value as JsonObject;
  const problems: string[] = [];
  const time = (key: string, required: boolean) => {
    const entry = scenario[key];
    if (entry === undefined) {
      if (required) problems.push(`\`${key}\` is required: an RFC 3339 time such as 2026-01-01T00:00:00Z`);
    } else if (scenarioSeconds(entry) === undefined) {
      problems.push(`\`${key}\` must be an RFC 3339 time such as 2026-01-01T00:00:00Z, not ${JSON.stringify(entry)}`);
    }
  };
  time('created', true);
  time('lastScheduleTime', false);
  time('now', true);
  const active = scenario.activeJobs;
  if (active !== undefined && (typeof active !== 'number' || !Number.isInteger(active) || active < 0)) {
    problems.push(`\`activeJobs\` must be a whole number of Jobs still running (0 or more), not ${JSON.stringify(active)}`);
  }
  for (const key of Object.keys(scenario)) {
    // `name`: the title behaviour/scenario.ts gives a preset.
    if (!['created', 'lastScheduleTime', 'now', 'activeJobs', 'name'].includes(key)) problems.push(`unknown key \`${key}\` (a CronJob scenario has created, lastScheduleTime, now, activeJobs)`);
  }
  return problems;
}

/** getJobName: `<cronjob name>-<minutes since the epoch of the scheduled time>`. */
export function getJobName(cronJobName: string, scheduledSeconds: number): string {
  return `${cronJobName}-${Math.floor(scheduledSeconds / 60)}`;
}

function integerAt(spec: JsonObject, key: string): number | undefined {
  const value = spec[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The next `count` times the controller runs after `nowSeconds`: fixed clock times, or for `@every` the chain from `anchor`. */
function upcoming(schedule: ControllerSchedule, anchor: number, nowSeconds: number, count: number): number[] {
  if (schedule.schedule.kind !== 'every') return scheduleNextRuns(schedule, nowSeconds, count);
  const delay = schedule.schedule.seconds;
  const first = anchor + (Math.floor((nowSeconds - anchor) / delay) + 1) * delay;
  return Array.from({ length: count }, (_, i) => first + i * delay);
}

/**
 * syncCronJob's decision for the CronJob at `scenario.now` (the parts after its bookkeeping of the Jobs it saw).
 * The CronJob is read as stored: its spec after SetDefaults_CronJob (concurrencyPolicy Allow, suspend false).
 * Throws on a scenario with problems (cronJobScenarioProblems says which).
 */
export function simulateCronJob(cronJob: JsonObject, scenario: CronJobScenario, minor: number): CronJobSimulation {
  const problems = cronJobScenarioProblems(scenario);
  if (problems.length) throw new Error(`invalid CronJob scenario: ${problems.join('; ')}`);
  const spec = isObject(cronJob.spec) ? cronJob.spec : {};
  const metadata = isObject(cronJob.metadata) ? cronJob.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const now = scenarioSeconds(scenario.now) as number;
  const times: CronJobTimes = {
    created: scenarioSeconds(scenario.created) as number,
    ...(scenario.lastScheduleTime !== undefined ? { lastScheduleTime: scenarioSeconds(scenario.lastScheduleTime) as number } : {}),
    ...(integerAt(spec, 'startingDeadlineSeconds') !== undefined ? { startingDeadlineSeconds: integerAt(spec, 'startingDeadlineSeconds') } : {}),
  };
  const activeJobs = scenario.activeJobs ?? 0;
  const skip = (reason: CronJobDecisionReason, scheduled?: number, missed = 0, requeueAfter: number | null = null): CronJobDecision =>
    ({ action: 'skip', reason, scheduledTime: scheduled === undefined ? null : rfc3339(scheduled), missed, tooManyMissed: missed > TOO_MANY_MISSED, requeueAfter });
  const schedule = controllerSchedule(cronJob, minor);
  if (!('schedule' in schedule)) {
    // The zone check comes before suspend; an unparseable schedule after it.
    if (schedule.reason === 'UnknownTimeZone' || spec.suspend !== true) return { next: [], decision: skip(schedule.reason), jobName: null };
    return { next: [], decision: skip('Suspended'), jobName: null };
  }
  const found = nextScheduleTime(times, now, schedule, minor);
  const anchor = found.mostRecentTime ?? times.lastScheduleTime ?? times.created;
  const next = upcoming(schedule, anchor, now, 5).map(rfc3339);
  const result = (decision: CronJobDecision, jobName: string | null = null): CronJobSimulation => ({ next, decision, jobName });
  if (spec.suspend === true) return result(skip('Suspended'));
  if (found.error) return result(skip('InvalidSchedule'));
  const scheduled = found.mostRecentTime;
  // Every branch from here on returns nextScheduleTimeDuration as the requeue.
  const requeue = nextScheduleTimeDuration(times, now, schedule, minor);
  if (scheduled === undefined) return result(skip('NotDue', undefined, found.missed, requeue));
  const deadline = times.startingDeadlineSeconds;
  // Effectively unreachable: the deadline already bounds the search for the scheduled time (kubernetes#101148).
  if (deadline !== undefined && scheduled + deadline < now) return result(skip('MissSchedule', scheduled, found.missed, requeue));
  if (times.lastScheduleTime === scheduled) return result(skip('AlreadyProcessed', scheduled, found.missed, requeue));
  const policy = spec.concurrencyPolicy;
  if (policy === 'Forbid' && activeJobs > 0) return result(skip('JobAlreadyActive', scheduled, found.missed, requeue));
  const replace = policy === 'Replace' && activeJobs > 0;
  const decision: CronJobDecision = {
    action: replace ? 'replace' : 'create', reason: replace ? 'ReplaceConcurrent' : 'SuccessfulCreate',
    scheduledTime: rfc3339(scheduled), missed: found.missed, tooManyMissed: found.missed > TOO_MANY_MISSED,
    // The Job is created and status.lastScheduleTime set to its scheduled time before the requeue is computed.
    requeueAfter: nextScheduleTimeDuration({ ...times, lastScheduleTime: scheduled }, now, schedule, minor),
  };
  return result(decision, getJobName(name, scheduled));
}

/** nextScheduleDelta: the requeue lands 100 ms after the schedule time, against clock skew. */
const NEXT_SCHEDULE_DELTA = 0.1;

/**
 * nextScheduleTimeDuration (utils.go): from 1.25 (kubernetes#109250) the next schedule time after the most recent one
 * (mostRecentScheduleTime without startingDeadlineSeconds; none due: after the earliest time; missed ones that the
 * walk did not find, or the schedule error: after now, kubernetes#121327); before, nextScheduledTimeDuration: the next
 * schedule time after now. Seconds, to the millisecond.
 */
export function nextScheduleTimeDuration(times: CronJobTimes, now: number, schedule: ControllerSchedule, minor: number): number | null {
  let from = now;
  if (minor >= WALKS_MISSED_SCHEDULES_FROM) {
    const recent = mostRecentScheduleTime(times, now, schedule, false);
    if (!recent.error) from = recent.mostRecentTime ?? (recent.missed === 0 ? recent.earliestTime : now);
  }
  const next = scheduleNext(schedule, from);
  return next === undefined ? null : Math.round((next + NEXT_SCHEDULE_DELTA - now) * 1000) / 1000;
}

/** The next `count` run times of a CronJob after `nowSeconds` (explain: fixed times only; `@every` runs from its creation). */
export function nextCronJobRuns(cronJob: JsonObject, minor: number, nowSeconds: number, count: number): { schedule: ControllerSchedule; runs: number[] } | undefined {
  const schedule = controllerSchedule(cronJob, minor);
  if (!('schedule' in schedule)) return undefined;
  return { schedule, runs: schedule.schedule.kind === 'every' ? [] : scheduleNextRuns(schedule, nowSeconds, count) };
}

