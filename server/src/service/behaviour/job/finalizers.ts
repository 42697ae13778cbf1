// job_controller.go trackJobStatusAndRemoveFinalizers, flushUncountedAndRemoveFinalizers, enactJobFinished: the
// finished Pods are counted through uncountedTerminatedPods and lose their tracking finalizer; then the Job's
// terminal condition.
import { ensureJobConditionStatus, hasSuccessCriteriaMetCondition, isSuccessCriteriaMetCondition, newCondition, newFailedConditionForFailureTarget } from './conditions';
import { hasIndex, intervalsToString, sortedUnique, totalOf, withOrderedIndexes } from './intervals';
import type { PodView } from './model';
import { matchPodFailurePolicy, type PodFailurePolicyMatch } from './podFailurePolicy';
import { getCompletionIndex, hasBackoffLimitPerIndex, isIndexedJob, isPodFailed, UNKNOWN_COMPLETION_INDEX } from './pods';
import type { SyncContext } from './state';

/** MaxUncountedPods */
export const MAX_UNCOUNTED_PODS = 500;

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
export function trackJobStatusAndRemoveFinalizers(ctx: SyncContext): void {
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
