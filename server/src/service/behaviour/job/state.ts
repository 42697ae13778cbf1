// The state one syncJob reads and writes (job_controller.go: the Job's status, syncJobCtx), and what a sync does
// to the world (the simulation carries it out).
import type { BackoffRecord } from './backoff';
import type { Interval, OrderedIntervals } from './intervals';
import type { JobCondition, JobSpecView, PodView } from './model';
import type { PodFailurePolicyMatch } from './podFailurePolicy';
import type { JobControllerRelease } from './release';

export interface JobStatusState {
  startTime?: number;
  completionTime?: number;
  active: number;
  ready: number;
  terminating?: number;
  succeeded: number;
  failed: number;
  completedIndexes: string;
  failedIndexes?: string;
  uncountedSucceeded: string[];
  uncountedFailed: string[];
  conditions: JobCondition[];
}

export function newJobStatus(): JobStatusState {
  return { active: 0, ready: 0, succeeded: 0, failed: 0, completedIndexes: '', uncountedSucceeded: [], uncountedFailed: [], conditions: [] };
}

export interface JobControllerState {
  spec: JobSpecView;
  release: JobControllerRelease;
  status: JobStatusState;
  /** The Pods the Job owns, as the API server holds them (finished Pods stay until deleted). */
  pods: PodView[];
  /** The podBackoffStore's record of this Job (releases with record-based back-off). */
  backoffRecord?: BackoffRecord;
}

/** What a sync does to the world; the simulation carries it out. */
export interface ControllerEffects {
  createPod(index: number | undefined, annotations: Record<string, string>, batch: number): void;
  /** deleteActivePods keeps the tracking finalizer; deleteJobPods removes it first. */
  deletePod(pod: PodView, removeFinalizerFirst: boolean, why: string): void;
  removeFinalizer(pod: PodView): void;
  /** jm.queue.AddAfter(key, delay) */
  enqueueAfter(delay: number, why: string): void;
  /** The Pod went into status.succeeded or status.failed (or was left out: Ignore), with the pod failure policy's verdict. */
  accounted(pod: PodView, outcome: 'succeeded' | 'failed' | 'ignored', match: PodFailurePolicyMatch | undefined): void;
  /** A back-off held a creation back for this long. */
  backoffWait(delay: number, index?: number): void;
}

export interface SyncResult {
  /** Why nothing was done. */
  skipped?: 'managedBy' | 'finished';
  /** Before 1.27: the sync returned an error because of a new failure (the queue's rate limiter re-adds the Job). */
  newFailure: boolean;
}

export interface SyncContext {
  state: JobControllerState;
  now: number;
  effects: ControllerEffects;
  pods: PodView[];
  activePods: PodView[];
  finishedCondition?: JobCondition;
  succeeded: number;
  failed: number;
  prevSucceededIndexes: OrderedIntervals;
  succeededIndexes: Interval[];
  failedIndexes?: Interval[];
  newBackoffRecord?: BackoffRecord;
  podsWithDelayedDeletionPerIndex: Map<number, PodView>;
  terminating?: number;
  /** jobCtx.ready: active Pods with Ready=True, less those this sync deletes (countReadyPods, deletedReady). */
  ready: number;
  uncountedSucceeded: Set<string>;
  uncountedFailed: Set<string>;
}
