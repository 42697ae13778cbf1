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

/** The reasons of the Failed condition, which the Job controller also sends as a Warning event (syncJob: recorder.Event(job, Warning, reason, message)). */
const FAILED_REASONS = new Set(['BackoffLimitExceeded', 'DeadlineExceeded', 'PodFailurePolicy', 'FailedIndexes', 'MaxFailedIndexesExceeded']);

/** What besides the status shows how far the Job got: its events, and whether Pods of it were seen. */
export interface StateEvidence {
  /** The Job's events in the order given (kubectl lists them oldest first). */
  events: readonly { reason: string; message: string; type: string; time: unknown }[];
  /** Pods of the Job were given, or its counters count some. */
  podsSeen: boolean;
  /** The event time, when it parses. */
  timeOf: (event: { time: unknown }) => number | undefined;
}

/**
 * The state: a terminal condition first, then a target one, then suspension, then whether it started. Where the
 * status has no conditions (`kubectl describe` prints none; a paste may leave them out) the controller's own
 * events say how the Job ended (a Warning with the Failed condition's reason, Normal `Completed`), and
 * `completionTime` (only ever set with Complete) that it completed. A Job the controller has synced is started
 * (syncJob sets startTime first) even when the text leaves startTime out.
 */
export function jobState(status: JobStatusView, specSuspend: boolean, evidence?: StateEvidence): JobStateView {
  const complete = trueJobCondition(status, 'Complete');
  if (complete) return { state: 'complete', since: complete.at ?? status.completionTime, end: complete };
  const failed = trueJobCondition(status, 'Failed');
  if (failed) return { state: 'failed', since: failed.at, end: failed };
  const target = trueJobCondition(status, 'FailureTarget') ?? trueJobCondition(status, 'SuccessCriteriaMet');
  if (target) return { state: 'finishing', since: target.at, end: target };
  const written = status.conditions.length > 0;
  if (!written && status.completionTime !== undefined) {
    return { state: 'complete', since: status.completionTime, end: { type: 'Complete', status: 'True', reason: null, message: null, at: status.completionTime } };
  }
  const events = evidence?.events ?? [];
  if (!written) {
    const ended = [...events].reverse().find((e) => (e.type === 'Warning' && FAILED_REASONS.has(e.reason)) || (e.reason === 'Completed' && e.type === 'Normal'));
    if (ended) {
      const at = evidence?.timeOf(ended);
      const end: JobCondition = { type: ended.reason === 'Completed' ? 'Complete' : 'Failed', status: 'True', reason: ended.reason === 'Completed' ? null : ended.reason, message: ended.message || null, at };
      return { state: ended.reason === 'Completed' ? 'complete' : 'failed', since: at, end };
    }
  }
  const suspended = trueJobCondition(status, 'Suspended');
  const resumed = status.conditions.some((c) => c.type === 'Suspended');
  const lastToggle = written && resumed ? undefined : [...events].reverse().find((e) => e.reason === 'Suspended' || e.reason === 'Resumed');
  if (suspended || specSuspend || lastToggle?.reason === 'Suspended') return { state: 'suspended', since: suspended?.at ?? (status.startTime === undefined ? status.created : undefined), end: undefined };
  if (status.startTime === undefined) {
    const counted = (status.counters.active ?? 0) + (status.counters.succeeded ?? 0) + (status.counters.failed ?? 0) > 0;
    const synced = events.some((e) => CONTROLLER_EVENTS.has(e.reason));
    if (counted || synced || evidence?.podsSeen) return { state: 'running', since: undefined, end: undefined };
    return { state: 'not-started', since: status.created, end: undefined };
  }
  return { state: 'running', since: status.startTime, end: undefined };
}

/** Events only a Job controller's sync sends (it sets startTime before it creates Pods). */
const CONTROLLER_EVENTS = new Set(['SuccessfulCreate', 'FailedCreate', 'SuccessfulDelete', 'Resumed', 'TooManyActivePods', 'TooFewActivePods']);

export function endOf(condition: JobCondition | undefined): DiagnoseEnd | null {
  if (!condition) return null;
  return { condition: condition.type, reason: condition.reason, message: condition.message, at: condition.at === undefined ? null : rfc3339(condition.at) };
}
