// pkg/controller/job/backoff_utils.go: the delay before a failed Pod is replaced, per Job and per index; and, for
// releases before 1.27, the work queue's rate limiter that played that part.
import { INDEX_FAILURE_COUNT_ANNOTATION, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION, type PodView } from './model';

export interface BackoffRecord {
  failuresAfterLastSuccess: number;
  lastFailureTime?: number;
}

/**
 * newBackoffRecord: without new successes, new failures add up and the latest failure time is kept; with a success,
 * only failures after the latest success count.
 */
export function newBackoffRecord(old: BackoffRecord | undefined, newSucceeded: readonly PodView[], newFailed: readonly PodView[]): BackoffRecord {
  const record: BackoffRecord = old ? { ...old } : { failuresAfterLastSuccess: 0 };
  const succeeded = sortByFinishedTime(newSucceeded);
  const failed = sortByFinishedTime(newFailed);
  if (succeeded.length === 0) {
    if (failed.length === 0) return record;
    return { failuresAfterLastSuccess: record.failuresAfterLastSuccess + failed.length, lastFailureTime: getFinishedTime(failed[failed.length - 1]) };
  }
  const result: BackoffRecord = { failuresAfterLastSuccess: 0 };
  if (failed.length === 0) return result;
  const lastSuccessTime = getFinishedTime(succeeded[succeeded.length - 1]);
  for (let i = failed.length - 1; i >= 0; i--) {
    const failedTime = getFinishedTime(failed[i]);
    if (!(failedTime > lastSuccessTime)) break;
    if (result.lastFailureTime === undefined) result.lastFailureTime = failedTime;
    result.failuresAfterLastSuccess++;
  }
  return result;
}

function sortByFinishedTime(pods: readonly PodView[]): PodView[] {
  if (pods.length < 2) return [...pods];
  const times = new Map(pods.map((pod) => [pod, getFinishedTime(pod)]));
  return [...pods].sort((a, b) => (times.get(a) as number) - (times.get(b) as number));
}

/**
 * getFinishedTime: the latest container finish time when every container has one; else the Ready=False condition's
 * transition; else the deletion time less the grace period; else the creation time.
 */
export function getFinishedTime(pod: PodView): number {
  return finishTimeFromContainers(pod) ?? readyFalseTime(pod) ?? deletionTime(pod) ?? pod.creationTimestamp;
}

function finishTimeFromContainers(pod: PodView): number | undefined {
  let finish: number | undefined;
  for (const status of [...pod.status.containerStatuses, ...pod.status.initContainerStatuses]) {
    const finishedAt = status.state.terminated?.finishedAt;
    if (finishedAt === undefined) return undefined;
    if (finish === undefined || finish < finishedAt) finish = finishedAt;
  }
  return finish;
}

function readyFalseTime(pod: PodView): number | undefined {
  const ready = pod.status.conditions.find((condition) => condition.type === 'Ready');
  return ready && ready.status === 'False' && ready.lastTransitionTime !== undefined ? ready.lastTransitionTime : undefined;
}

function deletionTime(pod: PodView): number | undefined {
  return pod.deletionTimestamp === undefined ? undefined : pod.deletionTimestamp - (pod.deletionGracePeriodSeconds ?? 0);
}

/** getRemainingTimeForFailuresCount: base doubled per failure after the first, capped at max; less the time since the last failure. */
export function getRemainingTimeForFailuresCount(now: number, base: number, max: number, failures: number, lastFailureTime: number | undefined): number {
  if (failures === 0 || lastFailureTime === undefined) return 0;
  return Math.max(0, backoffDuration(base, max, failures) - (now - lastFailureTime));
}

/** The wait after the n-th consecutive failure: base, 2 base, 4 base, ... capped at max. */
export function backoffDuration(base: number, max: number, failures: number): number {
  let duration = base;
  for (let i = 1; i < failures; i++) {
    duration *= 2;
    if (duration >= max) return max;
  }
  return duration;
}

/** getRemainingTimePerIndex: the failures of the index (the last failed Pod's annotations, plus that Pod itself). */
export function getRemainingTimePerIndex(now: number, base: number, max: number, lastFailedPod: PodView | undefined): number {
  if (!lastFailedPod) return 0;
  return getRemainingTimeForFailuresCount(now, base, max, getIndexAbsoluteFailureCount(lastFailedPod) + 1, getFinishedTime(lastFailedPod));
}

/** parseInt32 of an annotation: 0 unless a decimal within int32. */
function annotationCount(pod: PodView, key: string): number {
  const value = pod.annotations[key];
  if (value === undefined || !/^[+-]?\d+$/.test(value)) return 0;
  const parsed = Number(value);
  return parsed < 0 || parsed > 2147483647 ? 0 : parsed;
}

export function getIndexFailureCount(pod: PodView): number {
  return annotationCount(pod, INDEX_FAILURE_COUNT_ANNOTATION);
}

export function getIndexIgnoredFailureCount(pod: PodView): number {
  return annotationCount(pod, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION);
}

export function getIndexAbsoluteFailureCount(pod: PodView): number {
  return getIndexFailureCount(pod) + getIndexIgnoredFailureCount(pod);
}

/**
 * Before 1.27: getBackoff read the queue's requeue count (10 s doubling, capped at 6 min), and a sync that found new
 * failures returned an error, which re-added the Job through the queue's exponential rate limiter
 * (ItemExponentialFailureRateLimiter(DefaultJobBackOff, MaxJobBackOff)); any sync without one called Forget.
 */
export class LegacyRateLimiter {
  private failures = 0;
  constructor(private readonly base: number, private readonly max: number) {}

  numRequeues(): number {
    return this.failures;
  }

  /** getBackoff */
  backoff(): number {
    return this.failures <= 0 ? 0 : Math.min(this.max, this.base * 2 ** (this.failures - 1));
  }

  /** ItemExponentialFailureRateLimiter.When */
  when(): number {
    const delay = Math.min(this.max, this.base * 2 ** this.failures);
    this.failures++;
    return delay;
  }

  forget(): void {
    this.failures = 0;
  }
}
