// The Job controller's questions about one Pod (job_controller.go, indexed_job_utils.go, pkg/controller).
import { getIndexFailureCount } from './backoff';
import { COMPLETION_INDEX_ANNOTATION, type JobSpecView, type PodView } from './model';
import { matchPodFailurePolicy } from './podFailurePolicy';
import type { JobControllerRelease } from './release';

export const UNKNOWN_COMPLETION_INDEX = -1;

/** onlyReplaceFailedPods: podReplacementPolicy Failed (while its gate is on), or any pod failure policy. */
export function onlyReplaceFailedPods(spec: JobSpecView, release: JobControllerRelease): boolean {
  if (release.podReplacementPolicy && spec.podReplacementPolicy === 'Failed') return true;
  return spec.podFailurePolicy !== undefined;
}

/** trackTerminatingPods: the terminating count is kept with JobPodReplacementPolicy or JobManagedBy on, or a pod failure policy. */
export function trackTerminatingPods(spec: JobSpecView, release: JobControllerRelease): boolean {
  return release.podReplacementPolicy || release.managedBy || spec.podFailurePolicy !== undefined;
}

/** isPodFailed: phase Failed; or, unless only failed Pods are replaced, deleted and not Succeeded. */
export function isPodFailed(pod: PodView, spec: JobSpecView, release: JobControllerRelease): boolean {
  if (pod.status.phase === 'Failed') return true;
  if (onlyReplaceFailedPods(spec, release)) return false;
  return pod.deletionTimestamp !== undefined && pod.status.phase !== 'Succeeded';
}

/** controller.FilterActivePods: not Succeeded, not Failed, not being deleted. */
export function isActivePod(pod: PodView): boolean {
  return pod.status.phase !== 'Succeeded' && pod.status.phase !== 'Failed' && pod.deletionTimestamp === undefined;
}

/** controller.FilterTerminatingPods / CountTerminatingPods: being deleted and not yet Succeeded or Failed. */
export function isTerminatingPod(pod: PodView): boolean {
  return pod.deletionTimestamp !== undefined && pod.status.phase !== 'Succeeded' && pod.status.phase !== 'Failed';
}

const INDEX = Symbol('completion index');
type WithIndex = PodView & { [INDEX]?: number; [INDEX_SOURCE]?: string };
const INDEX_SOURCE = Symbol('completion index annotation');

/** getCompletionIndex (kept on the Pod while its annotation stays the same). */
export function getCompletionIndex(pod: PodView): number {
  const cached = pod as WithIndex;
  const annotation = pod.annotations[COMPLETION_INDEX_ANNOTATION];
  if (cached[INDEX] !== undefined && cached[INDEX_SOURCE] === annotation) return cached[INDEX];
  const index = completionIndexOf(annotation);
  cached[INDEX] = index;
  cached[INDEX_SOURCE] = annotation;
  return index;
}

function completionIndexOf(value: string | undefined): number {
  if (value === undefined || !/^[+-]?\d+$/.test(value)) return UNKNOWN_COMPLETION_INDEX;
  const index = Number(value);
  return index < 0 ? UNKNOWN_COMPLETION_INDEX : index;
}

/** names.MaxGeneratedNameLength: the API server keeps at most this much of a generateName before its 5 random characters. */
export const MAX_GENERATED_NAME_LENGTH = 58;

/**
 * The generateName of a Job's Pod: for an Indexed Job podGenerateNameWithIndex (`<job>-<index>-`, the Job name cut so
 * that the whole fits), else getPodsPrefix's `<job>-`, which the API server's SimpleNameGenerator cuts to 58.
 */
export function podGenerateName(jobName: string, index: number | undefined): string {
  if (index === undefined) return `${jobName}-`.slice(0, MAX_GENERATED_NAME_LENGTH);
  const appendIndex = `-${index}-`;
  const prefix = jobName + appendIndex;
  return prefix.length > MAX_GENERATED_NAME_LENGTH ? jobName.slice(0, MAX_GENERATED_NAME_LENGTH - appendIndex.length) + appendIndex : prefix;
}

export function isIndexedJob(spec: JobSpecView): boolean {
  return spec.completionMode === 'Indexed';
}

/** hasBackoffLimitPerIndex */
export function hasBackoffLimitPerIndex(spec: JobSpecView, release: JobControllerRelease): boolean {
  return release.backoffLimitPerIndex && spec.backoffLimitPerIndex !== undefined;
}

/**
 * isIndexFailed: a FailIndex match fails the index at once; otherwise a counted failure of a Pod whose index had
 * already failed backoffLimitPerIndex times does.
 */
export function isIndexFailed(pod: PodView, spec: JobSpecView, release: JobControllerRelease): boolean {
  let counted = false;
  if (isPodFailed(pod, spec, release)) {
    if (spec.podFailurePolicy) {
      const match = matchPodFailurePolicy(spec.podFailurePolicy, pod, release.backoffLimitPerIndex);
      if (match.action === 'FailIndex') return true;
      counted = match.countFailed;
    } else {
      counted = true;
    }
  }
  return counted && getIndexFailureCount(pod) >= (spec.backoffLimitPerIndex ?? 0);
}

/** pastBackoffLimitOnFailure: with restartPolicy OnFailure, container restarts of Pending and Running Pods against backoffLimit. */
export function pastBackoffLimitOnFailure(spec: JobSpecView, pods: readonly PodView[]): boolean {
  if (spec.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const pod of pods) {
    if (pod.status.phase !== 'Running' && pod.status.phase !== 'Pending') continue;
    for (const status of [...pod.status.initContainerStatuses, ...pod.status.containerStatuses]) restarts += status.restartCount;
  }
  return spec.backoffLimit === 0 ? restarts > 0 : restarts >= spec.backoffLimit;
}

/** podutil.IsPodReady: a Ready condition with status True. */
export function isPodReady(pod: PodView): boolean {
  return pod.status.conditions.some((condition) => condition.type === 'Ready' && condition.status === 'True');
}

/** countReadyPods (job_controller.go): the Ready Pods among the active ones. */
export function countReadyPods(pods: readonly PodView[]): number {
  return pods.filter(isPodReady).length;
}

/** controller.ActivePods ordering for removal: unscheduled < scheduled, Pending < Running, not ready < ready; then newer first. */
export function activePodsRemovalOrder(a: PodView, b: PodView): number {
  const rank = (pod: PodView) => (pod.status.phase === 'Pending' ? 0 : pod.status.phase === 'Running' ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  const ready = (pod: PodView) => (isPodReady(pod) ? 1 : 0);
  if (ready(a) !== ready(b)) return ready(a) - ready(b);
  return b.creationTimestamp - a.creationTimestamp;
}
