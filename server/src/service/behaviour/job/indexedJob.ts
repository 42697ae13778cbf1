// pkg/controller/job/indexed_job_utils.go: the Pods a sync counts (getValidPodsWithFilter), the completion indexes
// it counts as succeeded or failed, the failed Pod kept per index for its replacement, and the first indexes still
// to run.
import { getFinishedTime, getIndexAbsoluteFailureCount } from './backoff';
import { hasIndex, mergeIntervals, parseIndexesFromString, sortedUnique, withOrderedIndexes, type Interval, type OrderedIntervals } from './intervals';
import type { PodView } from './model';
import { getCompletionIndex, isIndexFailed, isIndexedJob, isPodFailed, isTerminatingPod, onlyReplaceFailedPods, UNKNOWN_COMPLETION_INDEX } from './pods';
import type { SyncContext } from './state';

/** getValidPodsWithFilter: Pods with the tracking finalizer, not yet in the uncounted set, with a valid index (Indexed). */
export function validPods(ctx: SyncContext, uncounted: Set<string> | undefined, filter: (pod: PodView) => boolean): PodView[] {
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

/** calculateSucceededIndexes: status.completedIndexes plus the Succeeded Pods not yet counted. */
export function calculateSucceededIndexes(ctx: SyncContext, completions: number): [OrderedIntervals, Interval[]] {
  const previous = parseIndexesFromString(ctx.state.status.completedIndexes, completions);
  const succeeded: number[] = [];
  for (const pod of ctx.pods) {
    const index = getCompletionIndex(pod);
    if (pod.status.phase === 'Succeeded' && index !== UNKNOWN_COMPLETION_INDEX && index < completions && pod.trackingFinalizer) succeeded.push(index);
  }
  return [previous, withOrderedIndexes(previous, sortedUnique(succeeded))];
}

/** calculateFailedIndexes: status.failedIndexes plus the indexes that failed since. */
export function calculateFailedIndexes(ctx: SyncContext, completions: number): Interval[] {
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
export function getPodsWithDelayedDeletionPerIndex(ctx: SyncContext, completions: number): Map<number, PodView> {
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

/** firstPendingIndexes: the lowest indexes that are neither active, succeeded, failed nor (only-failed replacement) terminating. */
export function firstPendingIndexes(ctx: SyncContext, count: number, completions: number): number[] {
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
