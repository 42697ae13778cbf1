// The Job controller's behaviour model (pkg/controller/job, ttlafterfinished): pure, release-aware, no LSP, no I/O.
export { simulateJob, SIMULATION_LIMITS, type JobSimulation, type SimulatedPod, type SimulatedCondition, type SimulatedJobStatus } from './simulate';
export { jobControllerRelease, type JobControllerRelease } from './release';
export { storedJob, type StoredJob } from './spec';
export { matchPodFailurePolicy, type PodFailurePolicyAction, type PodFailurePolicyMatch } from './podFailurePolicy';
export { matchSuccessPolicy } from './successPolicy';
export { backoffDuration, getRemainingTimeForFailuresCount } from './backoff';
export { CONTAINER_BACKOFF_INITIAL, CONTAINER_BACKOFF_MAX } from './kubelet';
export { jobDeletionTime } from './ttl';
export type { JobSpecView } from './model';
// What diagnose (service/diagnose) reads of observed Pods with the controller's own rules.
export { getFinishedTime, getIndexFailureCount, newBackoffRecord } from './backoff';
export { hasBackoffLimitPerIndex, isActivePod, isPodFailed, isTerminatingPod } from './pods';
export type { PodView } from './model';
