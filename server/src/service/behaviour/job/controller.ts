// pkg/controller/job/job_controller.go: one syncJob of one Job, over the Pods it owns. The simulation
// (simulate.ts) owns the world and applies the effects; this file decides, in the order syncJob does, with
// conditions.ts (the Job's conditions), indexedJob.ts (indexed_job_utils.go), manage.ts (manageJob) and
// finalizers.ts (trackJobStatusAndRemoveFinalizers, enactJobFinished); state.ts holds what a sync reads and writes.
import { newBackoffRecord } from './backoff';
import { ensureJobConditionStatus, findCondition, hasSuccessCriteriaMetCondition, isJobFinished, newCondition, newFailedConditionForFailureTarget, newFailureCondition, newSuccessCondition, pastActiveDeadline } from './conditions';
import { trackJobStatusAndRemoveFinalizers } from './finalizers';
import { calculateFailedIndexes, calculateSucceededIndexes, getPodsWithDelayedDeletionPerIndex, validPods } from './indexedJob';
import { totalOf } from './intervals';
import { manageJob } from './manage';
import { JOB_CONTROLLER_NAME, type JobSpecView, type PodView } from './model';
import { matchPodFailurePolicy } from './podFailurePolicy';
import { countReadyPods, hasBackoffLimitPerIndex, isActivePod, isIndexedJob, isPodFailed, isTerminatingPod, pastBackoffLimitOnFailure, trackTerminatingPods } from './pods';
import type { JobControllerRelease } from './release';
import type { ControllerEffects, JobControllerState, SyncContext, SyncResult } from './state';
import { matchSuccessPolicy } from './successPolicy';

export { isJobFinished } from './conditions';
export { newJobStatus, type ControllerEffects, type JobControllerState, type JobStatusState, type SyncResult } from './state';

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
