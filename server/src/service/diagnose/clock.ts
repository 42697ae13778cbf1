// The clock of a diagnosis. Output pasted from an old issue is read long after it was taken: "what comes next" and
// "what was missed" counted from today would speak of years nobody observed (a deadline "passed 5 years ago", a
// CronJob "missing" millions of runs). The newest time the objects carry (status and condition times, managedFields,
// the Pods' container times, the events) is when the output was taken at the earliest; when it is more than
// STALE_AFTER before `now`, the diagnosis counts from that time and says so.
import type { EventInput, Meta } from './objects';
import { isObj, list, obj, parseTime, rfc3339 } from './read';

/** How old the newest time of the input may be before the clock moves back to it: 30 days. */
export const STALE_AFTER = 30 * 86400;

function newest(values: unknown[], latest: number): number {
  let found = latest;
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const time = parseTime(value);
    if (time !== undefined && time > found) found = time;
  }
  return found;
}

function objectTimes(raw: Record<string, unknown>, latest: number): number {
  const metadata = obj(raw.metadata);
  const status = obj(raw.status);
  const times: unknown[] = [metadata.creationTimestamp, status.startTime, status.completionTime, status.lastScheduleTime, status.lastSuccessfulTime];
  for (const field of list(metadata.managedFields)) if (isObj(field)) times.push(field.time);
  for (const condition of list(status.conditions)) if (isObj(condition)) times.push(condition.lastTransitionTime, condition.lastProbeTime);
  for (const statuses of [status.containerStatuses, status.initContainerStatuses]) {
    for (const container of list(statuses)) {
      const state = obj(obj(container).state);
      times.push(obj(state.running).startedAt, obj(state.terminated).finishedAt);
    }
  }
  return newest(times, latest);
}

/** The newest time in the objects, or undefined when they carry none. */
export function evidenceTime(groups: readonly (readonly Meta[])[], events: readonly EventInput[]): number | undefined {
  let latest = -Infinity;
  for (const group of groups) for (const meta of group) latest = objectTimes(meta.raw, latest);
  latest = newest(events.map((event) => event.time), latest);
  return Number.isFinite(latest) ? latest : undefined;
}

/** The clock to count from, and the sentence that says it moved. */
export function diagnosisClock(now: number, evidence: number | undefined): { now: number; note?: string } {
  if (evidence === undefined || now - evidence <= STALE_AFTER) return { now };
  const days = Math.floor((now - evidence) / 86400);
  const ago = days >= 730 ? `${Math.floor(days / 365)} years` : `${days} days`;
  return {
    now: evidence,
    note: `The newest time in the input is ${rfc3339(evidence)}, ${ago} before now: what comes next and what was missed are counted from that time, as if the output was taken then (--now sets the clock).`,
  };
}
