// A Job's status as observed, and the state it puts the Job in (the spec's section 3): the conditions the Job
// controller writes (job_controller.go: FailureTarget / SuccessCriteriaMet first, then Failed / Complete once no
// Pod is terminating, from 1.31; Suspended with reason JobSuspended or JobResumed), the counters, startTime.
import type { DiagnoseCounters, DiagnoseEnd, JobState } from './types';
import { int, isObj, list, obj, rfc3339, str, type Notes, type Obj } from './read';

export interface JobCondition {
  type: string;
  status: string;
  reason: string | null;
  message: string | null;
  at: number | undefined;
}

export interface JobStatusView {
  conditions: JobCondition[];
  created?: number;
  startTime?: number;
  completionTime?: number;
  counters: DiagnoseCounters;
  uncountedSucceeded: number;
  uncountedFailed: number;
  deleted?: number;
  finalizers: string[];
}

export function readJobStatus(raw: Obj, owner: string, notes: Notes): JobStatusView {
  const status = obj(raw.status);
  const metadata = obj(raw.metadata);
  const conditions = list(status.conditions).filter(isObj).map((c) => ({
    type: str(c.type) ?? '', status: str(c.status) ?? '', reason: str(c.reason) ?? null, message: str(c.message) ?? null,
    at: notes.time(c.lastTransitionTime, owner, `condition ${str(c.type) ?? ''} lastTransitionTime`),
  }));
  const uncounted = obj(status.uncountedTerminatedPods);
  const count = (value: unknown) => int(value) ?? null;
  return {
    conditions,
    created: notes.time(metadata.creationTimestamp, owner, 'metadata.creationTimestamp'),
    startTime: notes.time(status.startTime, owner, 'status.startTime'),
    completionTime: notes.time(status.completionTime, owner, 'status.completionTime'),
    counters: {
      active: count(status.active), ready: count(status.ready), terminating: count(status.terminating), succeeded: count(status.succeeded), failed: count(status.failed),
      completedIndexes: str(status.completedIndexes) ?? null, failedIndexes: str(status.failedIndexes) ?? null,
    },
    uncountedSucceeded: list(uncounted.succeeded).length,
    uncountedFailed: list(uncounted.failed).length,
    deleted: notes.time(metadata.deletionTimestamp, owner, 'metadata.deletionTimestamp'),
    finalizers: list(metadata.finalizers).filter((f): f is string => typeof f === 'string'),
  };
}

export function trueJobCondition(status: JobStatusView, type: string): JobCondition | undefined {
  return status.conditions.find((c) => c.type === type && c.status === 'True');
}

export interface JobStateView {
  state: JobState;
  since: number | undefined;
  /** The terminal condition (Complete, Failed), else the target one (SuccessCriteriaMet, FailureTarget). */
  end: JobCondition | undefined;
}

/** The state: a terminal condition first, then a target one, then suspension, then whether it started. */
export function jobState(status: JobStatusView, specSuspend: boolean): JobStateView {
  const complete = trueJobCondition(status, 'Complete');
  if (complete) return { state: 'complete', since: complete.at ?? status.completionTime, end: complete };
  const failed = trueJobCondition(status, 'Failed');
  if (failed) return { state: 'failed', since: failed.at, end: failed };
  const target = trueJobCondition(status, 'FailureTarget') ?? trueJobCondition(status, 'SuccessCriteriaMet');
  if (target) return { state: 'finishing', since: target.at, end: target };
  const suspended = trueJobCondition(status, 'Suspended');
  if (suspended || specSuspend) return { state: 'suspended', since: suspended?.at ?? (status.startTime === undefined ? status.created : undefined), end: undefined };
  if (status.startTime === undefined) return { state: 'not-started', since: status.created, end: undefined };
  return { state: 'running', since: status.startTime, end: undefined };
}

export function endOf(condition: JobCondition | undefined): DiagnoseEnd | null {
  if (!condition) return null;
  return { condition: condition.type, reason: condition.reason, message: condition.message, at: condition.at === undefined ? null : rfc3339(condition.at) };
}
