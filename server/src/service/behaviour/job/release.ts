// What the Job controller of one Kubernetes release does differently, as flags read once per simulation.
// Gate stages come from kube/featureGates.ts (the project's gate table); the rest is the release in which a
// piece of pkg/controller/job changed, with the change that introduced it.
import { gateEnabledByDefault } from '../../kube/featureGates';

export interface JobControllerRelease {
  minor: number;
  /** JobPodFailurePolicy on: spec.podFailurePolicy is kept and matched (matchPodFailurePolicy). */
  podFailurePolicy: boolean;
  /** JobBackoffLimitPerIndex on: backoffLimitPerIndex, maxFailedIndexes, the FailIndex action (hasBackoffLimitPerIndex). */
  backoffLimitPerIndex: boolean;
  /** JobPodReplacementPolicy on: spec.podReplacementPolicy is kept and read (onlyReplaceFailedPods). */
  podReplacementPolicy: boolean;
  /** JobSuccessPolicy on: spec.successPolicy is kept and matched (matchSuccessPolicy). */
  successPolicy: boolean;
  /** JobManagedBy on: spec.managedBy is kept and a Job managed elsewhere is skipped (managedByExternalController). */
  managedBy: boolean;
  /**
   * delayTerminalCondition (kubernetes#125510, 1.31): FailureTarget / SuccessCriteriaMet first, Failed / Complete once no
   * Pod is terminating. The function reads JobManagedBy || JobPodReplacementPolicy; it exists from 1.31 on.
   */
  delayTerminalCondition: boolean;
  /**
   * The back-off between Pod failures. 'record' (kubernetes#114768, 1.27): a per-Job backoffRecord from the Pods' finish
   * times (backoff_utils.go). 'queue' (before): the work queue's rate limiter, reset by every sync without a new failure.
   */
  backoff: 'record' | 'queue';
  /** DefaultJobPodFailureBackOff (DefaultJobBackOff before 1.28), seconds. */
  backoffBase: number;
  /** MaxJobPodFailureBackOff: 10 min from 1.28 (kubernetes#118615); MaxJobBackOff, 360 s, before. */
  backoffMax: number;
  /**
   * syncJobBatchPeriod: the delay of a sync after a Pod event. 1 s; before 1.28 (kubernetes#118615) only with
   * JobReadyPods on (beta from 1.24), else 0.
   */
  batchPeriod: number;
  /** Before 1.27: exceedsBackoffLimit also needs a new failure in this sync and active != parallelism. */
  legacyBackoffLimitCheck: boolean;
  /**
   * The Complete condition of a Job that reached its completions carries reason CompletionsReached (batch/v1
   * JobReasonCompletionsReached, with JobSuccessPolicy beta in 1.31); before, no reason.
   */
  completionsReachedReason: boolean;
  /**
   * MutableSchedulingDirectivesForSuspendedJobs on (beta 1.36, kubernetes#135104): the controller clears
   * status.startTime of a suspended Job.
   */
  clearStartTimeOnSuspend: boolean;
}

export function jobControllerRelease(minor: number): JobControllerRelease {
  const podReplacementPolicy = gateEnabledByDefault('JobPodReplacementPolicy', minor);
  const managedBy = gateEnabledByDefault('JobManagedBy', minor);
  return {
    minor,
    podFailurePolicy: gateEnabledByDefault('JobPodFailurePolicy', minor),
    backoffLimitPerIndex: gateEnabledByDefault('JobBackoffLimitPerIndex', minor),
    podReplacementPolicy,
    successPolicy: gateEnabledByDefault('JobSuccessPolicy', minor),
    managedBy,
    delayTerminalCondition: minor >= 31 && (managedBy || podReplacementPolicy),
    backoff: minor >= 27 ? 'record' : 'queue',
    backoffBase: 10,
    backoffMax: minor >= 28 ? 600 : 360,
    batchPeriod: minor >= 24 ? 1 : 0,
    legacyBackoffLimitCheck: minor < 27,
    completionsReachedReason: minor >= 31 && gateEnabledByDefault('JobSuccessPolicy', minor),
    clearStartTimeOnSuspend: gateEnabledByDefault('MutableSchedulingDirectivesForSuspendedJobs', minor),
  };
}

/** The notes every simulation at this release carries: what was not read from the code of that release. */
export function releaseNotes(release: JobControllerRelease, suspends: boolean): string[] {
  const notes: string[] = [];
  if (release.minor >= 28 && release.minor <= 30) {
    notes.push(`The 10-minute back-off cap is read from the current controller (MaxJobPodFailureBackOff, introduced in 1.28 by kubernetes#118615); the exact value in 1.${release.minor} was not read from that release's code.`);
  }
  if (release.backoff === 'queue') {
    notes.push(`Before 1.27 the back-off was the controller work queue's rate limiter (10 s doubling to 6 min, reset by any sync without a new failure); the simulation replays that queue, so its waits depend on the order of events as modelled here.`);
  }
  if (release.clearStartTimeOnSuspend && suspends) {
    notes.push('Clearing status.startTime on suspend (MutableSchedulingDirectivesForSuspendedJobs, kubernetes#135104) is taken from the pull request, not from the 1.36 controller code, which could not be read.');
  }
  return notes;
}
