// One CronJob's diagnosis, as the CronJob controller (pkg/controller/cronjob/cronjob_controllerv2.go syncCronJob,
// utils.go mostRecentScheduleTime / nextScheduleTime) decides: nothing while spec.suspend; the schedule parsed in
// its zone (UnknownTimeZone, UnparseableSchedule); the most recent unmet time after status.lastScheduleTime (or the
// creation), bounded by startingDeadlineSeconds (times before now - startingDeadlineSeconds are never run); more than
// 100 missed: the warning TooManyMissedTimes, the most recent still starts; concurrencyPolicy Forbid with a Job in
// status.active: JobAlreadyActive, the run is skipped.
import { controllerSchedule, mostRecentScheduleTime, scheduleNext, scheduleNextRuns, TOO_MANY_MISSED } from '../behaviour/cronjob';
import type { JsonObject } from '../types';
import type { DiagnoseBlocker, ObjectDiagnosis } from './types';
import type { EventInput, Meta } from './objects';
import { duration, int, isObj, list, obj, plural, rfc3339, str, type Notes } from './read';

const EMPTY_COUNTERS = { active: null, ready: null, terminating: null, succeeded: null, failed: null, completedIndexes: null, failedIndexes: null };

export interface CronJobEvidence {
  events: readonly EventInput[];
  /** The Jobs given that belong to it, and whether each has finished. */
  jobs: readonly { name: string; namespace: string; finished: boolean }[];
  eventsGiven: boolean;
}

export function diagnoseCronJob(cronJob: Meta, evidence: CronJobEvidence, context: { now: number; minor: number; notes: Notes }): ObjectDiagnosis {
  const { now, minor, notes } = context;
  const owner = `CronJob ${cronJob.namespace}/${cronJob.name}`;
  const raw = cronJob.raw;
  const spec = obj(raw.spec);
  const status = obj(raw.status);
  const created = notes.time(obj(raw.metadata).creationTimestamp, owner, 'metadata.creationTimestamp');
  const lastSchedule = notes.time(status.lastScheduleTime, owner, 'status.lastScheduleTime');
  const lastSuccess = notes.time(status.lastSuccessfulTime, owner, 'status.lastSuccessfulTime');
  const suspended = spec.suspend === true;
  const policy = str(spec.concurrencyPolicy) ?? 'Allow';
  const startingDeadlineSeconds = int(spec.startingDeadlineSeconds);
  const active = list(status.active).filter(isObj).map((ref) => ({ name: str(ref.name) ?? '', namespace: str(ref.namespace) ?? cronJob.namespace, uid: str(ref.uid) ?? null }));
  const blockers: DiagnoseBlocker[] = [];
  const advice: string[] = [];
  const unknowns: string[] = [];
  const next: ObjectDiagnosis['next'] = [];
  let nextRuns: string[] = [];
  let missed: ObjectDiagnosis['missed'] = null;
  const schedule = controllerSchedule(raw as JsonObject, minor);
  const zone = 'schedule' in schedule ? schedule.zone ?? 'UTC' : undefined;
  if (!('schedule' in schedule)) {
    blockers.push({ type: schedule.reason === 'UnknownTimeZone' ? 'time-zone' : 'schedule', message: `The controller creates no Job: ${schedule.message} (event ${schedule.reason}).`, pod: null });
    advice.push(schedule.reason === 'UnknownTimeZone' ? 'Fix `spec.timeZone`: an IANA zone name the controller\'s time zone database knows (`Europe/Berlin`).' : 'Fix `spec.schedule`: five fields, or a macro such as `@daily`.');
  } else {
    const runs = scheduleNextRuns(schedule, now, 5);
    nextRuns = runs.map(rfc3339);
    if (runs.length && !suspended) next.push({ at: rfc3339(runs[0]), event: `the next Job is created (schedule "${str(spec.schedule) ?? ''}", ${zone})` });
    const earliest = lastSchedule ?? created;
    if (earliest !== undefined) {
      const all = mostRecentScheduleTime({ created: earliest, lastScheduleTime: earliest }, now, schedule, false);
      // A time that passed within the last minute is not missed yet (the controller syncs when it comes): runs are
      // missed when the first schedule time after lastScheduleTime is older than that.
      const first = scheduleNext(schedule, earliest);
      if (all.mostRecentTime !== undefined && first !== undefined && now - first > 60 && all.missed > 0) {
        missed = { count: all.missed, latest: rfc3339(all.mostRecentTime), why: whyMissed() };
      }
      if (all.error) notes.add(`${owner}: ${all.error}.`);
      function whyMissed(): string {
        if (suspended) return 'spec.suspend is true: the controller creates no Job while it is suspended (the runs missed meanwhile are not made up, except the most recent one, when resumed within startingDeadlineSeconds).';
        const jobs = active.map((ref) => evidence.jobs.find((job) => job.name === ref.name && job.namespace === ref.namespace));
        if (policy === 'Forbid' && active.length && !jobs.some((job) => job?.finished)) {
          return `concurrencyPolicy is Forbid and Job ${active.map((ref) => ref.name).join(', ')} in status.active is still running: each run is skipped (event JobAlreadyActive) until it ends.`;
        }
        if (startingDeadlineSeconds !== undefined && (all.mostRecentTime as number) < now - startingDeadlineSeconds) {
          return `startingDeadlineSeconds is ${startingDeadlineSeconds}: a time more than ${duration(startingDeadlineSeconds)} past is never run, so the controller skipped ${all.missed === 1 ? 'it' : 'them'} and waits for the next.`;
        }
        if (all.missed > TOO_MANY_MISSED) return `more than ${TOO_MANY_MISSED} start times were missed (event TooManyMissedTimes): the controller still starts the most recent one; without a newer status.lastScheduleTime it did not run, or this output is older than ${rfc3339(all.mostRecentTime as number)}.`;
        const event = evidence.events.filter((e) => e.type === 'Warning').pop();
        if (event) return `the controller says: ${event.reason}: ${event.message}`;
        return `no Job was recorded for ${rfc3339(all.mostRecentTime as number)}: the kube-controller-manager was not running or is behind, or this output is older than that time.`;
      }
    }
  }
  if (missed && missed.count > TOO_MANY_MISSED && !suspended) {
    advice.push('Set `spec.startingDeadlineSeconds` (say 200) so that a controller that was away starts only recent runs, without the TooManyMissedTimes warning.');
  }
  if (missed && policy === 'Forbid' && active.length && !suspended) {
    advice.push('The running Job outlasts the schedule: bound it with `spec.jobTemplate.spec.activeDeadlineSeconds`, run less often (`spec.schedule`), or allow overlap (`spec.concurrencyPolicy: Allow`, or `Replace` to stop the old run).');
  }
  if (suspended) advice.push('Set `spec.suspend` to false to resume the schedule.');
  for (const event of evidence.events) {
    if (event.reason === 'FailedCreate') blockers.push({ type: 'failed-create', message: `The controller cannot create Jobs${event.count > 1 ? ` (${event.count} times)` : ''}: ${event.message}`, pod: null });
  }
  if (missed && !evidence.eventsGiven) {
    const ns = cronJob.namespace === 'default' ? '' : ` -n ${cronJob.namespace}`;
    unknowns.push(`No events were given: the controller's own words (JobAlreadyActive, TooManyMissedTimes, FailedCreate) show in \`kubectl get events${ns} --field-selector involvedObject.name=${cronJob.name} -o yaml\`.`);
  }
  const state = suspended ? 'suspended' : 'scheduling';
  const last = lastSchedule !== undefined ? `last run ${rfc3339(lastSchedule)}` : 'never run';
  const success = lastSuccess !== undefined ? `, last success ${rfc3339(lastSuccess)}` : '';
  const nextWords = nextRuns.length && !suspended ? `; next ${nextRuns[0]}` : '';
  const missedWords = missed ? `; missed ${plural(missed.count, 'run')} up to ${missed.latest}: ${missed.why}` : '';
  const activeWords = active.length ? `; ${plural(active.length, 'Job')} active (${active.map((a) => a.name).join(', ')})` : '';
  const verdict = `CronJob ${cronJob.name} ${suspended ? 'is suspended' : 'is scheduling'}${zone ? ` (${zone})` : ''}: ${last}${success}${activeWords}${nextWords}${missedWords}${!('schedule' in schedule) ? `; ${blockers[0].message}` : '.'}`;
  return {
    kind: 'CronJob', name: cronJob.name, namespace: cronJob.namespace, state, since: null, verdict: verdict.replace(/\.\.$/, '.'),
    end: null, counters: EMPTY_COUNTERS, budget: null, cause: null, blockers, next, inconsistencies: [], unknowns, advice, pods: [], findings: [],
    lastScheduleTime: lastSchedule === undefined ? null : rfc3339(lastSchedule),
    lastSuccessfulTime: lastSuccess === undefined ? null : rfc3339(lastSuccess),
    nextRuns, missed, active,
  };
}
