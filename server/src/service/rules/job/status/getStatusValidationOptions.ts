// getStatusValidationOptions (pkg/registry/batch/job/strategy.go), read for a status checked "from nothing":
// we hold the object the API server returned, never the one it replaced, so every option that a changed field
// turns on is on. Sources read: strategy.go in the shape kubernetes#125510 ("Delay setting terminal Job conditions
// until all pods are terminal", 1.31) gave it (the options gated on JobManagedBy; otherwise only
// AllowForSuccessCriteriaMetInExtendedScope, on with JobPodReplacementPolicy, or when the old object had
// SuccessCriteriaMet), its strategy_test.go (TestStatusStrategy_ValidateUpdate), and validation.go with the four
// options of kubernetes#125849 ("Tighten job validation when JobManagedBy is enabled", folded into #125510:
// ready <= active, no terminating Pods, FailureTarget before Failed, SuccessCriteriaMet before Complete). Their
// gating on JobManagedBy is that pull request's release note; the strategy.go of 1.32 and later was not in the
// stored sources. JobManagedBy: alpha 1.30-1.31, beta on 1.32, GA 1.35 (kube/featureGates.ts).
//
// Options that compare the old object with the new one cannot be judged from one object and are never raised:
// RejectDecreasingSucceededCounter, RejectDecreasingFailedCounter (a counter lower than before),
// RejectDisablingTerminalCondition (a Complete, Failed or FailureTarget condition that was True and is not),
// RejectMutatingCompletionTime (a completionTime changed once set), RejectStartTimeUpdateForUnsuspendedJob
// (a startTime changed or removed while the Job is not suspended), and ValidateJobStatusUpdate's own two
// (SuccessCriteriaMet=True removed; SuccessCriteriaMet=True added to a Job already Complete).
import { gateEnabledByDefault } from '../../../kube/featureGates';

/** The options validateJobStatus reads, as they stand for one status with no old object. */
export interface StatusValidationOptions {
  /** The JobManagedBy-gated options: each turned on by a change of the fields it checks. */
  rejectInvalidCompletedIndexes: boolean;
  rejectInvalidFailedIndexes: boolean;
  rejectCompletedIndexesForNonIndexedJob: boolean;
  rejectFailedIndexesForNoBackoffLimitPerIndex: boolean;
  rejectFailedIndexesOverlappingCompleted: boolean;
  rejectFinishedJobWithActivePods: boolean;
  rejectFinishedJobWithoutStartTime: boolean;
  rejectFinishedJobWithUncountedTerminatedPods: boolean;
  rejectCompletionTimeBeforeStartTime: boolean;
  rejectNotCompleteJobWithCompletionTime: boolean;
  rejectCompleteJobWithoutCompletionTime: boolean;
  rejectCompleteJobWithFailedCondition: boolean;
  rejectCompleteJobWithFailureTargetCondition: boolean;
  rejectFailedJobWithoutFailureTarget: boolean;
  rejectCompleteJobWithoutSuccessCriteriaMet: boolean;
  rejectFinishedJobWithTerminatingPods: boolean;
  rejectMoreReadyThanActivePods: boolean;
  /** SuccessCriteriaMet allowed beyond Indexed Jobs with a success policy (the delayed terminal conditions). */
  allowForSuccessCriteriaMetInExtendedScope: boolean;
  /** The SuccessCriteriaMet checks exist (JobSuccessPolicy, kubernetes#123412, 1.30). */
  successCriteriaMetChecks: boolean;
  /** `terminating` exists and is checked non-negative (JobPodReplacementPolicy, 1.28). */
  terminatingChecked: boolean;
}

/** The options of Kubernetes 1.<minor> with its default feature gates, for a status with no old object. */
export function statusValidationOptions(minor: number): StatusValidationOptions {
  const managedBy = gateEnabledByDefault('JobManagedBy', minor);
  // AllowForSuccessCriteriaMetInExtendedScope exists from 1.31; in 1.30 (and with both gates off) it is on only
  // when the old object already had SuccessCriteriaMet=True, which a status that adds it has not.
  const allowExtended = minor >= 31 && (managedBy || gateEnabledByDefault('JobPodReplacementPolicy', minor));
  return {
    rejectInvalidCompletedIndexes: managedBy,
    rejectInvalidFailedIndexes: managedBy,
    rejectCompletedIndexesForNonIndexedJob: managedBy,
    rejectFailedIndexesForNoBackoffLimitPerIndex: managedBy,
    rejectFailedIndexesOverlappingCompleted: managedBy,
    rejectFinishedJobWithActivePods: managedBy,
    rejectFinishedJobWithoutStartTime: managedBy,
    rejectFinishedJobWithUncountedTerminatedPods: managedBy,
    rejectCompletionTimeBeforeStartTime: managedBy,
    rejectNotCompleteJobWithCompletionTime: managedBy,
    rejectCompleteJobWithoutCompletionTime: managedBy,
    rejectCompleteJobWithFailedCondition: managedBy,
    rejectCompleteJobWithFailureTargetCondition: managedBy,
    rejectFailedJobWithoutFailureTarget: managedBy,
    rejectCompleteJobWithoutSuccessCriteriaMet: managedBy,
    rejectFinishedJobWithTerminatingPods: managedBy,
    rejectMoreReadyThanActivePods: managedBy,
    allowForSuccessCriteriaMetInExtendedScope: allowExtended,
    successCriteriaMetChecks: minor >= 30,
    terminatingChecked: minor >= 28,
  };
}
