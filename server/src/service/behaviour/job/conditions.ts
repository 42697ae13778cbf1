// The Job's conditions (job_controller.go: IsJobFinished, ensureJobConditionStatus, newCondition,
// newFailedConditionForFailureTarget, pastActiveDeadline; success_policy.go: hasSuccessCriteriaMetCondition,
// isSuccessCriteriaMetCondition): the interim FailureTarget and SuccessCriteriaMet, the terminal Complete and Failed.
import type { JobCondition, JobSpecView } from './model';
import type { JobControllerRelease } from './release';
import type { JobStatusState } from './state';

/** IsJobFinished: a Complete or Failed condition with status True. */
export function isJobFinished(status: JobStatusState): boolean {
  return status.conditions.some((condition) => (condition.type === 'Complete' || condition.type === 'Failed') && condition.status === 'True');
}

export function findCondition(conditions: readonly JobCondition[], type: string): JobCondition | undefined {
  return conditions.find((condition) => condition.type === type);
}

export function newCondition(type: string, status: string, reason: string, message: string, now: number): JobCondition {
  return { type, status, reason, message, lastTransitionTime: now };
}

/** ensureJobConditionStatus: update a condition that differs; append a new one unless its status is False. */
export function ensureJobConditionStatus(conditions: JobCondition[], type: string, status: string, reason: string, message: string, now: number): boolean {
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

export function newFailureCondition(release: JobControllerRelease, reason: string, message: string, now: number): JobCondition {
  return newCondition(release.delayTerminalCondition ? 'FailureTarget' : 'Failed', 'True', reason, message, now);
}

export function newSuccessCondition(release: JobControllerRelease, now: number): JobCondition {
  const type = release.delayTerminalCondition ? 'SuccessCriteriaMet' : 'Complete';
  return release.completionsReachedReason
    ? newCondition(type, 'True', 'CompletionsReached', 'Reached expected number of succeeded pods', now)
    : newCondition(type, 'True', '', '', now);
}

export function newFailedConditionForFailureTarget(condition: JobCondition, now: number): JobCondition {
  return newCondition('Failed', 'True', condition.reason, condition.message, now);
}

/** hasSuccessCriteriaMetCondition (success_policy.go): read while JobSuccessPolicy is on or terminal conditions are delayed. */
export function hasSuccessCriteriaMetCondition(status: JobStatusState, release: JobControllerRelease): JobCondition | undefined {
  if (!release.successPolicy && !release.delayTerminalCondition) return undefined;
  const condition = findCondition(status.conditions, 'SuccessCriteriaMet');
  return condition && condition.status === 'True' ? condition : undefined;
}

/** isSuccessCriteriaMetCondition (success_policy.go): JobSuccessPolicy on, or delayTerminalCondition (the SuccessCriteriaMet of a Job that reached its completions). */
export function isSuccessCriteriaMetCondition(condition: JobCondition | undefined, release: JobControllerRelease): boolean {
  return (release.successPolicy || release.delayTerminalCondition) && condition?.type === 'SuccessCriteriaMet' && condition.status === 'True';
}

/** pastActiveDeadline: never while suspended. */
export function pastActiveDeadline(spec: JobSpecView, status: JobStatusState, now: number): boolean {
  if (spec.activeDeadlineSeconds === undefined || status.startTime === undefined || spec.suspend) return false;
  return now - status.startTime >= spec.activeDeadlineSeconds;
}
