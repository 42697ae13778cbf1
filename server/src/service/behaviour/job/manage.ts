// job_controller.go manageJob: delete the active Pods past the wanted count, or create the missing ones (after
// any back-off), in slow-start batches.
import { getIndexFailureCount, getIndexIgnoredFailureCount, getRemainingTimeForFailuresCount, getRemainingTimePerIndex } from './backoff';
import { firstPendingIndexes } from './indexedJob';
import { COMPLETION_INDEX_ANNOTATION, INDEX_FAILURE_COUNT_ANNOTATION, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION, type PodView } from './model';
import { matchPodFailurePolicy } from './podFailurePolicy';
import { activePodsRemovalOrder, countReadyPods, getCompletionIndex, hasBackoffLimitPerIndex, isIndexedJob, onlyReplaceFailedPods, UNKNOWN_COMPLETION_INDEX } from './pods';
import type { SyncContext } from './state';

/** MaxPodCreateDeletePerSync */
export const MAX_POD_CREATE_DELETE_PER_SYNC = 500;
/** controller.SlowStartInitialBatchSize: Pod creations go in batches of 1, 2, 4, ... */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

/** manageJob: delete Pods past the wanted count, or create the missing ones (after any back-off). Returns `active`. */
export function manageJob(ctx: SyncContext): number {
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
