// pkg/controller/job/job_controller.go: one syncJob of one Job, over the Pods it owns. The simulation
// (simulate.ts) owns the world and applies the effects; this file decides, in the order syncJob does.
import { getFinishedTime, getIndexAbsoluteFailureCount, getIndexFailureCount, getIndexIgnoredFailureCount, getRemainingTimeForFailuresCount, getRemainingTimePerIndex, newBackoffRecord, type BackoffRecord } from './backoff';
import { hasIndex, intervalsToString, mergeIntervals, parseIndexesFromString, sortedUnique, totalOf, withOrderedIndexes, type Interval, type OrderedIntervals } from './intervals';
import { COMPLETION_INDEX_ANNOTATION, INDEX_FAILURE_COUNT_ANNOTATION, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION, JOB_CONTROLLER_NAME, type JobCondition, type JobSpecView, type PodView } from './model';
import { matchPodFailurePolicy, type PodFailurePolicyMatch } from './podFailurePolicy';
import {
  activePodsRemovalOrder, countReadyPods, getCompletionIndex, hasBackoffLimitPerIndex, isActivePod, isIndexedJob, isIndexFailed, isPodFailed, isTerminatingPod,
  onlyReplaceFailedPods, pastBackoffLimitOnFailure, trackTerminatingPods, UNKNOWN_COMPLETION_INDEX,
} from './pods';
import type { JobControllerRelease } from './release';
import { matchSuccessPolicy } from './successPolicy';

/** MaxUncountedPods, MaxPodCreateDeletePerSync */
export const MAX_UNCOUNTED_PODS = 500;
export const MAX_POD_CREATE_DELETE_PER_SYNC = 500;
/** controller.SlowStartInitialBatchSize: Pod creations go in batches of 1, 2, 4, ... */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

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

/** IsJobFinished: a Complete or Failed condition with status True. */
export function isJobFinished(status: JobStatusState): boolean {
  return status.conditions.some((condition) => (condition.type === 'Complete' || condition.type === 'Failed') && condition.status === 'True');
}

function findCondition(conditions: readonly JobCondition[], type: string): JobCondition | undefined {
  return conditions.find((condition) => condition.type === type);
}

function newCondition(type: string, status: string, reason: string, message: string, now: number): JobCondition {
  return { type, status, reason, message, lastTransitionTime: now };
}

/** ensureJobConditionStatus: update a condition that differs; append a new one unless its status is False. */
function ensureJobConditionStatus(conditions: JobCondition[], type: string, status: string, reason: string, message: string, now: number): boolean {
  const existing = findCondition(conditions, type);
  if (existing) {
    if (existing.status === status && existing.reason === reason && existing.message === message) return false;
    Object.assign(existing, newCondition(type, status, reason, message, now));
    return true;
  }
  if (status === 'False') return false;
  conditions.push(newCondition(type, status, reason, message, now));
  return true;
}

interface SyncContext {
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

/** managedByExternalController: another controller's Job is skipped while JobManagedBy is on. */
export function managedByExternalController(spec: JobSpecView, release: JobControllerRelease): string | undefined {
  if (!release.managedBy || spec.managedBy === undefined || spec.managedBy === JOB_CONTROLLER_NAME) return undefined;
  return spec.managedBy;
}

/** syncJob, at time `now`. */
export function syncJob(state: JobControllerState, now: number, effects: ControllerEffects): SyncResult {
  const { spec, release, status } = state;
  if (managedByExternalController(spec, release) !== undefined) return { skipped: 'managedBy', newFailure: false };
  if (isJobFinished(status)) {
    state.backoffRecord = undefined; // podBackoffStore.removeBackoffRecord
    return { skipped: 'finished', newFailure: false };
  }
  const pods = state.pods;
  const ctx: SyncContext = {
    state, now, effects, pods,
    activePods: pods.filter(isActivePod),
    succeeded: 0, failed: 0, prevSucceededIndexes: [], succeededIndexes: [],
    podsWithDelayedDeletionPerIndex: new Map(),
    ready: 0,
    uncountedSucceeded: new Set(status.uncountedSucceeded),
    uncountedFailed: new Set(status.uncountedFailed),
  };
  if (trackTerminatingPods(spec, release)) ctx.terminating = pods.filter(isTerminatingPod).length;
  ctx.ready = countReadyPods(ctx.activePods);
  let active = ctx.activePods.length;
  const { succeededPods, failedPods } = getNewFinishedPods(ctx);
  ctx.succeeded = status.succeeded + succeededPods.length + ctx.uncountedSucceeded.size;
  ctx.failed = status.failed + nonIgnoredFailedPodsCount(ctx, failedPods) + ctx.uncountedFailed.size;

  // Job first start: startTime only when not suspended.
  if (status.startTime === undefined && !spec.suspend) status.startTime = now;

  if (release.backoff === 'record') ctx.newBackoffRecord = newBackoffRecord(state.backoffRecord, succeededPods, failedPods);

  const jobHasNewFailure = ctx.failed > status.failed;
  const exceedsBackoffLimit = release.legacyBackoffLimitCheck
    ? jobHasNewFailure && active !== spec.parallelism && ctx.failed > spec.backoffLimit
    : ctx.failed > spec.backoffLimit;
  ctx.finishedCondition = hasSuccessCriteriaMetCondition(status, release);

  // With SuccessCriteriaMet already set, the pod failure policy is not evaluated again.
  if (!ctx.finishedCondition && release.podFailurePolicy) {
    const failureTarget = findCondition(status.conditions, 'FailureTarget');
    if (failureTarget && failureTarget.status === 'True') {
      ctx.finishedCondition = newFailedConditionForFailureTarget(failureTarget, now);
    } else {
      const message = getFailJobMessage(ctx);
      // The interim FailureTarget condition records the message before the finalizers (allowing removal of the Pods) go.
      if (message !== undefined) ctx.finishedCondition = newCondition('FailureTarget', 'True', 'PodFailurePolicy', message, now);
    }
  }
  if (!ctx.finishedCondition) {
    if (exceedsBackoffLimit || pastBackoffLimitOnFailure(spec, pods)) {
      ctx.finishedCondition = newFailureCondition(release, 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', now);
    } else if (pastActiveDeadline(spec, status, now)) {
      ctx.finishedCondition = newFailureCondition(release, 'DeadlineExceeded', 'Job was active longer than specified deadline', now);
    } else if (spec.activeDeadlineSeconds !== undefined && !spec.suspend && status.startTime !== undefined) {
      effects.enqueueAfter(spec.activeDeadlineSeconds - (now - status.startTime), 'activeDeadlineSeconds');
    }
  }

  if (isIndexedJob(spec)) {
    const completions = spec.completions ?? 0;
    [ctx.prevSucceededIndexes, ctx.succeededIndexes] = calculateSucceededIndexes(ctx, completions);
    ctx.succeeded = totalOf(ctx.succeededIndexes);
    if (hasBackoffLimitPerIndex(spec, release)) {
      ctx.failedIndexes = calculateFailedIndexes(ctx, completions);
      if (!ctx.finishedCondition) {
        if (spec.maxFailedIndexes !== undefined && totalOf(ctx.failedIndexes) > spec.maxFailedIndexes) {
          ctx.finishedCondition = newFailureCondition(release, 'MaxFailedIndexesExceeded', 'Job has exceeded the specified maximal number of failed indexes', now);
        } else if (totalOf(ctx.failedIndexes) > 0 && totalOf(ctx.failedIndexes) + totalOf(ctx.succeededIndexes) >= completions) {
          ctx.finishedCondition = newFailureCondition(release, 'FailedIndexes', 'Job has failed indexes', now);
        }
      }
      ctx.podsWithDelayedDeletionPerIndex = getPodsWithDelayedDeletionPerIndex(ctx, completions);
    }
    if (!ctx.finishedCondition) {
      const message = matchSuccessPolicy(spec.successPolicy, completions, ctx.succeededIndexes, release.successPolicy);
      if (message !== undefined) ctx.finishedCondition = newCondition('SuccessCriteriaMet', 'True', 'SuccessPolicy', message, now);
    }
  }

  if (ctx.finishedCondition) {
    // Remove active Pods once the Job has failed or met its success criteria (deleteActivePods keeps the finalizers).
    const why = ctx.finishedCondition.type === 'SuccessCriteriaMet' ? 'the success policy was met' : `the Job is failing (${ctx.finishedCondition.reason})`;
    for (const pod of ctx.activePods) effects.deletePod(pod, false, why);
    const deleted = ctx.activePods.length;
    active -= deleted;
    if (ctx.terminating !== undefined) ctx.terminating += deleted;
    ctx.ready -= countReadyPods(ctx.activePods); // deleteActivePods returns the deleted ready Pods
  } else {
    active = manageJob(ctx);
    const complete = spec.completions === undefined ? ctx.succeeded > 0 && active === 0 : ctx.succeeded >= spec.completions && active === 0;
    if (complete) {
      ctx.finishedCondition = newSuccessCondition(release, now);
    } else if (spec.suspend) {
      // A Job can be in the suspended state only if it is not completed.
      if (ensureJobConditionStatus(status.conditions, 'Suspended', 'True', 'JobSuspended', 'Job suspended', now) && release.clearStartTimeOnSuspend) {
        status.startTime = undefined;
      }
    } else if (ensureJobConditionStatus(status.conditions, 'Suspended', 'False', 'JobResumed', 'Job resumed', now)) {
      // A resumed Job gets a new startTime: activeDeadlineSeconds counts the time the Job is continuously active.
      status.startTime = now;
    }
  }

  status.active = active;
  status.ready = ctx.ready;
  if (release.podReplacementPolicy) status.terminating = ctx.terminating;
  trackJobStatusAndRemoveFinalizers(ctx);
  return { newFailure: jobHasNewFailure && !isJobFinished(status) };
}

function newFailureCondition(release: JobControllerRelease, reason: string, message: string, now: number): JobCondition {
  return newCondition(release.delayTerminalCondition ? 'FailureTarget' : 'Failed', 'True', reason, message, now);
}

function newSuccessCondition(release: JobControllerRelease, now: number): JobCondition {
  const type = release.delayTerminalCondition ? 'SuccessCriteriaMet' : 'Complete';
  return release.completionsReachedReason
    ? newCondition(type, 'True', 'CompletionsReached', 'Reached expected number of succeeded pods', now)
    : newCondition(type, 'True', '', '', now);
}

function newFailedConditionForFailureTarget(condition: JobCondition, now: number): JobCondition {
  return newCondition('Failed', 'True', condition.reason, condition.message, now);
}

/** hasSuccessCriteriaMetCondition (success_policy.go): read while JobSuccessPolicy is on or terminal conditions are delayed. */
function hasSuccessCriteriaMetCondition(status: JobStatusState, release: JobControllerRelease): JobCondition | undefined {
  if (!release.successPolicy && !release.delayTerminalCondition) return undefined;
  const condition = findCondition(status.conditions, 'SuccessCriteriaMet');
  return condition && condition.status === 'True' ? condition : undefined;
}

/** isSuccessCriteriaMetCondition (success_policy.go): JobSuccessPolicy on, or delayTerminalCondition (the SuccessCriteriaMet of a Job that reached its completions). */
function isSuccessCriteriaMetCondition(condition: JobCondition | undefined, release: JobControllerRelease): boolean {
  return (release.successPolicy || release.delayTerminalCondition) && condition?.type === 'SuccessCriteriaMet' && condition.status === 'True';
}

/** pastActiveDeadline: never while suspended. */
function pastActiveDeadline(spec: JobSpecView, status: JobStatusState, now: number): boolean {
  if (spec.activeDeadlineSeconds === undefined || status.startTime === undefined || spec.suspend) return false;
  return now - status.startTime >= spec.activeDeadlineSeconds;
}

/** getFailJobMessage: the first failed Pod (in list order) that matches a FailJob rule. */
function getFailJobMessage(ctx: SyncContext): string | undefined {
  const { spec, release } = ctx.state;
  if (!spec.podFailurePolicy) return undefined;
  for (const pod of ctx.pods) {
    if (!isPodFailed(pod, spec, release)) continue;
    const match = matchPodFailurePolicy(spec.podFailurePolicy, pod, release.backoffLimitPerIndex);
    if (match.jobFailureMessage !== undefined) return match.jobFailureMessage;
  }
  return undefined;
}

/** getValidPodsWithFilter: Pods with the tracking finalizer, not yet in the uncounted set, with a valid index (Indexed). */
function validPods(ctx: SyncContext, uncounted: Set<string> | undefined, filter: (pod: PodView) => boolean): PodView[] {
  const { spec } = ctx.state;
  return ctx.pods.filter((pod) => {
    if (!pod.trackingFinalizer || uncounted?.has(pod.uid)) return false;
    if (isIndexedJob(spec)) {
      const index = getCompletionIndex(pod);
      if (index === UNKNOWN_COMPLETION_INDEX || index >= (spec.completions ?? 0)) return false;
    }
    return filter(pod);
  });
}

/** getNewFinishedPods */
function getNewFinishedPods(ctx: SyncContext): { succeededPods: PodView[]; failedPods: PodView[] } {
  const { spec, release } = ctx.state;
  return {
    succeededPods: validPods(ctx, ctx.uncountedSucceeded, (pod) => pod.status.phase === 'Succeeded'),
    failedPods: validPods(ctx, ctx.uncountedFailed, (pod) => isPodFailed(pod, spec, release)),
  };
}

/** nonIgnoredFailedPodsCount: failures an Ignore rule matches do not count. */
function nonIgnoredFailedPodsCount(ctx: SyncContext, failedPods: readonly PodView[]): number {
  const { spec, release } = ctx.state;
  if (!spec.podFailurePolicy) return failedPods.length;
  return failedPods.filter((pod) => matchPodFailurePolicy(spec.podFailurePolicy, pod, release.backoffLimitPerIndex).countFailed).length;
}

/** calculateSucceededIndexes: status.completedIndexes plus the Succeeded Pods not yet counted. */
function calculateSucceededIndexes(ctx: SyncContext, completions: number): [OrderedIntervals, Interval[]] {
  const previous = parseIndexesFromString(ctx.state.status.completedIndexes, completions);
  const succeeded: number[] = [];
  for (const pod of ctx.pods) {
    const index = getCompletionIndex(pod);
    if (pod.status.phase === 'Succeeded' && index !== UNKNOWN_COMPLETION_INDEX && index < completions && pod.trackingFinalizer) succeeded.push(index);
  }
  return [previous, withOrderedIndexes(previous, sortedUnique(succeeded))];
}

/** calculateFailedIndexes: status.failedIndexes plus the indexes that failed since. */
function calculateFailedIndexes(ctx: SyncContext, completions: number): Interval[] {
  const { spec, release, status } = ctx.state;
  const previous = status.failedIndexes !== undefined ? parseIndexesFromString(status.failedIndexes, completions) : [];
  const failed: number[] = [];
  for (const pod of ctx.pods) {
    const index = getCompletionIndex(pod);
    if (index !== UNKNOWN_COMPLETION_INDEX && index < completions && pod.trackingFinalizer && isIndexFailed(pod, spec, release)) failed.push(index);
  }
  return withOrderedIndexes(previous, sortedUnique(failed));
}

/**
 * getPodsWithDelayedDeletionPerIndex: per index still to run, its last failed Pod, whose finalizer stays until the
 * replacement is created (the replacement copies its failure counts).
 */
function getPodsWithDelayedDeletionPerIndex(ctx: SyncContext, completions: number): Map<number, PodView> {
  const { spec, release } = ctx.state;
  const activeIndexes = new Set(ctx.activePods.map(getCompletionIndex).filter((index) => index !== UNKNOWN_COMPLETION_INDEX));
  const result = new Map<number, PodView>();
  validPods(ctx, undefined, (pod) => {
    if (!isPodFailed(pod, spec, release)) return false;
    const index = getCompletionIndex(pod);
    if (index === UNKNOWN_COMPLETION_INDEX || index >= completions) return false;
    if (hasIndex(ctx.succeededIndexes, index) || hasIndex(ctx.failedIndexes, index) || activeIndexes.has(index)) return false;
    const last = result.get(index);
    if (!last || (getIndexAbsoluteFailureCount(last) <= getIndexAbsoluteFailureCount(pod) && !(getFinishedTime(pod) < getFinishedTime(last)))) result.set(index, pod);
    return false;
  });
  return result;
}

/** manageJob: delete Pods past the wanted count, or create the missing ones (after any back-off). Returns `active`. */
function manageJob(ctx: SyncContext): number {
  const { spec, release } = ctx.state;
  const { effects, now } = ctx;
  let active = ctx.activePods.length;
  if (spec.suspend) {
    // Deleting all active Pods in a suspended Job (deleteJobPods removes the finalizer first).
    for (const pod of ctx.activePods) effects.deletePod(pod, true, 'the Job is suspended');
    if (ctx.terminating !== undefined) ctx.terminating += active;
    ctx.ready -= countReadyPods(ctx.activePods); // deleteJobPods returns the deleted ready Pods
    return 0;
  }
  let wantActive: number;
  if (spec.completions === undefined) {
    // Without completions: parallelism Pods until one succeeds, then whatever runs, runs.
    wantActive = ctx.succeeded > 0 ? active : spec.parallelism;
  } else {
    wantActive = Math.max(0, Math.min(spec.completions - ctx.succeeded, spec.parallelism));
  }
  const rmAtLeast = Math.max(0, active - wantActive);
  const toDelete = activePodsForRemoval(ctx, rmAtLeast).slice(0, MAX_POD_CREATE_DELETE_PER_SYNC);
  if (toDelete.length > 0) {
    // Deletion takes precedence over creation in one sync.
    for (const pod of toDelete) effects.deletePod(pod, true, 'too many active Pods');
    if (ctx.terminating !== undefined) ctx.terminating += toDelete.length;
    ctx.ready -= countReadyPods(toDelete);
    return active - toDelete.length;
  }
  const terminating = release.minor >= 28 && onlyReplaceFailedPods(spec, release) ? ctx.terminating ?? 0 : 0;
  let diff = wantActive - terminating - active;
  if (diff <= 0) return active;
  if (release.backoff === 'record' && !hasBackoffLimitPerIndex(spec, release)) {
    const record = ctx.newBackoffRecord ?? { failuresAfterLastSuccess: 0 };
    const remaining = getRemainingTimeForFailuresCount(now, release.backoffBase, release.backoffMax, record.failuresAfterLastSuccess, record.lastFailureTime);
    if (remaining > 0) {
      effects.backoffWait(remaining);
      effects.enqueueAfter(Math.max(remaining, release.minor >= 28 ? release.batchPeriod : 0), 'back-off');
      return 0;
    }
  }
  diff = Math.min(diff, MAX_POD_CREATE_DELETE_PER_SYNC);
  let indexesToAdd: (number | undefined)[] = [];
  if (isIndexedJob(spec)) {
    let indexes = firstPendingIndexes(ctx, diff, spec.completions ?? 0);
    if (hasBackoffLimitPerIndex(spec, release)) {
      const ready: number[] = [];
      let minRemaining: number | undefined;
      for (const index of indexes) {
        const remaining = getRemainingTimePerIndex(now, release.backoffBase, release.backoffMax, ctx.podsWithDelayedDeletionPerIndex.get(index));
        if (remaining === 0) ready.push(index);
        else if (minRemaining === undefined || remaining < minRemaining) minRemaining = remaining;
      }
      if (ready.length === 0 && minRemaining !== undefined) {
        effects.backoffWait(minRemaining, indexes[0]);
        effects.enqueueAfter(Math.max(minRemaining, release.batchPeriod), 'back-off of the index');
        return 0;
      }
      indexes = ready;
    }
    indexesToAdd = indexes;
    diff = indexes.length;
  } else {
    indexesToAdd = Array.from({ length: diff }, () => undefined);
  }
  // Slow start (SlowStartInitialBatchSize): batches of 1, 2, 4, ...; every creation succeeds here, so all go in this sync.
  let batch = 0;
  for (let left = diff, size = Math.min(diff, SLOW_START_INITIAL_BATCH_SIZE); left > 0; left -= size, size = Math.min(2 * size, left), batch++) {
    for (let i = 0; i < size; i++) {
      const index = indexesToAdd.shift();
      effects.createPod(index, podAnnotations(ctx, index), batch);
    }
  }
  return active + diff;
}

/** The annotations a new Pod gets: its completion index, and with backoffLimitPerIndex the failure counts of the Pod it replaces. */
function podAnnotations(ctx: SyncContext, index: number | undefined): Record<string, string> {
  const annotations: Record<string, string> = {};
  if (index === undefined) return annotations;
  annotations[COMPLETION_INDEX_ANNOTATION] = String(index);
  const { spec, release } = ctx.state;
  if (!hasBackoffLimitPerIndex(spec, release)) return annotations;
  // getNewIndexFailureCounts
  const replaced = ctx.podsWithDelayedDeletionPerIndex.get(index);
  let failures = 0;
  let ignored = 0;
  if (replaced) {
    failures = getIndexFailureCount(replaced);
    ignored = getIndexIgnoredFailureCount(replaced);
    const counted = spec.podFailurePolicy ? matchPodFailurePolicy(spec.podFailurePolicy, replaced, release.backoffLimitPerIndex).countFailed : true;
    if (counted) failures++;
    else ignored++;
  }
  annotations[INDEX_FAILURE_COUNT_ANNOTATION] = String(failures);
  if (ignored > 0) annotations[INDEX_IGNORED_FAILURE_COUNT_ANNOTATION] = String(ignored);
  return annotations;
}

/** firstPendingIndexes: the lowest indexes that are neither active, succeeded, failed nor (only-failed replacement) terminating. */
function firstPendingIndexes(ctx: SyncContext, count: number, completions: number): number[] {
  if (count === 0) return [];
  const { spec, release } = ctx.state;
  const indexesOf = (pods: readonly PodView[]) => sortedUnique(pods.map(getCompletionIndex).filter((index) => index !== UNKNOWN_COMPLETION_INDEX));
  let nonPending = withOrderedIndexes(ctx.succeededIndexes, indexesOf(ctx.activePods));
  if (release.minor >= 28 && onlyReplaceFailedPods(spec, release)) nonPending = withOrderedIndexes(nonPending, indexesOf(ctx.pods.filter(isTerminatingPod)));
  if (ctx.failedIndexes) nonPending = mergeIntervals(nonPending, ctx.failedIndexes);
  const result: number[] = [];
  let candidate = 0;
  for (const interval of nonPending) {
    for (; candidate < completions && result.length < count && candidate < interval.first; candidate++) result.push(candidate);
    if (candidate < interval.last + 1) candidate = interval.last + 1;
  }
  for (; candidate < completions && result.length < count; candidate++) result.push(candidate);
  return result;
}

/** activePodsForRemoval: Indexed Jobs first lose duplicated and out-of-range indexes; then the earliest-stage Pods go. */
function activePodsForRemoval(ctx: SyncContext, rmAtLeast: number): PodView[] {
  const { spec } = ctx.state;
  const remove: PodView[] = [];
  let left: PodView[] = ctx.activePods;
  if (isIndexedJob(spec)) {
    left = [];
    const byIndex = new Map<number, PodView[]>();
    for (const pod of ctx.activePods) {
      const index = getCompletionIndex(pod);
      if (index === UNKNOWN_COMPLETION_INDEX || index >= (spec.completions ?? 0)) remove.push(pod);
      else byIndex.set(index, [...(byIndex.get(index) ?? []), pod]);
    }
    for (const group of byIndex.values()) {
      const ordered = [...group].sort(activePodsRemovalOrder);
      remove.push(...ordered.slice(0, ordered.length - 1));
      left.push(ordered[ordered.length - 1]);
    }
  }
  if (remove.length < rmAtLeast) remove.push(...[...left].sort(activePodsRemovalOrder).slice(0, rmAtLeast - remove.length));
  return remove;
}

/** canRemoveFinalizer */
function canRemoveFinalizer(ctx: SyncContext, pod: PodView, considerPodFailed: boolean): boolean {
  if (ctx.finishedCondition || pod.status.phase === 'Succeeded') return true;
  if (!considerPodFailed) return false;
  const { spec, release } = ctx.state;
  if (hasBackoffLimitPerIndex(spec, release)) {
    const index = getCompletionIndex(pod);
    if (index !== UNKNOWN_COMPLETION_INDEX && ctx.podsWithDelayedDeletionPerIndex.get(index)?.uid === pod.uid) return false;
  }
  return true;
}

/**
 * trackJobStatusAndRemoveFinalizers: finished Pods go into uncountedTerminatedPods, lose their finalizer, and are
 * counted; then the interim and final conditions are set (enactJobFinished).
 */
function trackJobStatusAndRemoveFinalizers(ctx: SyncContext): void {
  const { spec, release, status } = ctx.state;
  const { effects, now } = ctx;
  const indexed = isIndexedJob(spec);
  const completions = spec.completions ?? 0;
  const pods = indexed ? [...ctx.pods].sort((a, b) => getCompletionIndex(a) - getCompletionIndex(b)) : ctx.pods;
  const newSucceededIndexes: number[] = [];
  const toRemoveFinalizer: { pod: PodView; outcome: 'succeeded' | 'failed' | 'ignored' | 'none'; match?: PodFailurePolicyMatch }[] = [];
  let reachedMaxUncountedPods = false;
  for (const pod of pods) {
    if (!pod.trackingFinalizer) continue;
    const considerPodFailed = isPodFailed(pod, spec, release);
    if (!canRemoveFinalizer(ctx, pod, considerPodFailed)) continue;
    const entry: (typeof toRemoveFinalizer)[number] = { pod, outcome: 'none' };
    toRemoveFinalizer.push(entry);
    if (pod.status.phase === 'Succeeded' && !ctx.uncountedFailed.has(pod.uid)) {
      if (indexed) {
        // The completion index is enough to avoid recounting succeeded Pods.
        const index = getCompletionIndex(pod);
        if (index !== UNKNOWN_COMPLETION_INDEX && index < completions && !hasIndex(ctx.prevSucceededIndexes, index)) {
          newSucceededIndexes.push(index);
          entry.outcome = 'succeeded';
        }
      } else if (!ctx.uncountedSucceeded.has(pod.uid)) {
        status.uncountedSucceeded.push(pod.uid);
        entry.outcome = 'succeeded';
      }
    } else if (considerPodFailed || (ctx.finishedCondition && !isSuccessCriteriaMetCondition(ctx.finishedCondition, release))) {
      // Once the Job is finished, every Pod that did not succeed counts as failed.
      const index = getCompletionIndex(pod);
      if (!ctx.uncountedFailed.has(pod.uid) && (!indexed || (index !== UNKNOWN_COMPLETION_INDEX && index < completions))) {
        if (spec.podFailurePolicy) {
          entry.match = matchPodFailurePolicy(spec.podFailurePolicy, pod, release.backoffLimitPerIndex);
          if (entry.match.countFailed) status.uncountedFailed.push(pod.uid);
          entry.outcome = entry.match.countFailed ? 'failed' : 'ignored';
        } else {
          status.uncountedFailed.push(pod.uid);
          entry.outcome = 'failed';
        }
      }
    }
    if (newSucceededIndexes.length + status.uncountedSucceeded.length + status.uncountedFailed.length >= MAX_UNCOUNTED_PODS) {
      // Enough Pods for one status update; the next sync counts the rest.
      reachedMaxUncountedPods = true;
      break;
    }
  }
  if (indexed) {
    ctx.succeededIndexes = withOrderedIndexes(ctx.succeededIndexes, sortedUnique(newSucceededIndexes));
    status.succeeded = totalOf(ctx.succeededIndexes);
    status.completedIndexes = intervalsToString(ctx.succeededIndexes);
    status.failedIndexes = ctx.failedIndexes ? intervalsToString(ctx.failedIndexes) : undefined;
  }
  if (ctx.finishedCondition?.type === 'FailureTarget') {
    // The interim FailureTarget goes in before the finalizers are removed; Failed follows once nothing is left.
    status.conditions.push(ctx.finishedCondition);
    ctx.finishedCondition = newFailedConditionForFailureTarget(ctx.finishedCondition, now);
  }
  if (isSuccessCriteriaMetCondition(ctx.finishedCondition, release) && ctx.finishedCondition) {
    if (!hasSuccessCriteriaMetCondition(status, release)) status.conditions.push(ctx.finishedCondition);
    ctx.finishedCondition = newCondition('Complete', 'True', ctx.finishedCondition.reason, ctx.finishedCondition.message, now);
  }
  // flushUncountedAndRemoveFinalizers: the record is stored with the status update; every removal succeeds here.
  if (ctx.newBackoffRecord) ctx.state.backoffRecord = ctx.newBackoffRecord;
  for (const { pod, outcome, match } of toRemoveFinalizer) {
    effects.removeFinalizer(pod);
    if (outcome !== 'none') effects.accounted(pod, outcome, match);
  }
  // cleanUncountedPodsWithoutFinalizers
  status.succeeded += indexed ? 0 : status.uncountedSucceeded.length;
  status.failed += status.uncountedFailed.length;
  status.uncountedSucceeded = [];
  status.uncountedFailed = [];
  if (!reachedMaxUncountedPods) enactJobFinished(ctx);
}

/** enactJobFinished: the Complete or Failed condition, once nothing is uncounted (nor, delayed, terminating). */
function enactJobFinished(ctx: SyncContext): boolean {
  const { release, status } = ctx.state;
  const condition = ctx.finishedCondition;
  if (!condition) return false;
  if (status.uncountedSucceeded.length + status.uncountedFailed.length > 0) return false;
  if (release.delayTerminalCondition && (ctx.terminating ?? 0) > 0) return false;
  ensureJobConditionStatus(status.conditions, condition.type, condition.status, condition.reason, condition.message, ctx.now);
  if (condition.type === 'Complete') status.completionTime = ctx.now;
  return true;
}
