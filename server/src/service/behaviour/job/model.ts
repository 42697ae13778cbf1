// The slices of a Job and its Pods that the Job controller reads, as plain data. Times are seconds from the
// Job's creation.
export const JOB_CONTROLLER_NAME = 'kubernetes.io/job-controller';
export const COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
export const INDEX_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
export const INDEX_IGNORED_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';

export interface ContainerState {
  terminated?: { exitCode: number; finishedAt?: number };
  running?: { startedAt?: number };
  waiting?: { reason?: string };
}

export interface ContainerStatus {
  name: string;
  restartCount: number;
  state: ContainerState;
}

export interface PodCondition {
  type: string;
  status: string;
  lastTransitionTime?: number;
}

export interface PodStatusView {
  phase: string;
  containerStatuses: ContainerStatus[];
  initContainerStatuses: ContainerStatus[];
  conditions: PodCondition[];
}

export interface PodView {
  name: string;
  namespace: string;
  uid: string;
  creationTimestamp: number;
  deletionTimestamp?: number;
  deletionGracePeriodSeconds?: number;
  /** Has the batch.kubernetes.io/job-tracking finalizer. */
  trackingFinalizer: boolean;
  annotations: Record<string, string>;
  status: PodStatusView;
}

export interface OnExitCodesRequirement {
  containerName?: string;
  operator: string;
  values: number[];
}

export interface PodFailurePolicyRule {
  action: string;
  onExitCodes?: OnExitCodesRequirement;
  onPodConditions?: { type: string; status: string }[];
}

export interface PodFailurePolicy {
  rules: PodFailurePolicyRule[];
}

export interface SuccessPolicyRule {
  succeededIndexes?: string;
  succeededCount?: number;
}

export interface SuccessPolicy {
  rules: SuccessPolicyRule[];
}

/** A JobSpec after the API server's defaults and its create-time drops, as the controller reads it. */
export interface JobSpecView {
  name: string;
  namespace: string;
  parallelism: number;
  completions?: number;
  backoffLimit: number;
  activeDeadlineSeconds?: number;
  completionMode: string;
  suspend: boolean;
  podFailurePolicy?: PodFailurePolicy;
  successPolicy?: SuccessPolicy;
  backoffLimitPerIndex?: number;
  maxFailedIndexes?: number;
  podReplacementPolicy?: string;
  managedBy?: string;
  ttlSecondsAfterFinished?: number;
  restartPolicy: string;
  containers: string[];
  initContainers: string[];
  terminationGracePeriodSeconds: number;
}

export interface JobCondition {
  type: string;
  status: string;
  reason: string;
  message: string;
  lastTransitionTime: number;
}
