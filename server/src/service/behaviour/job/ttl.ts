// pkg/controller/ttlafterfinished: a finished Job with ttlSecondsAfterFinished is deleted (foreground cascading: its
// Pods, and with them their logs, first) that many seconds after the Complete or Failed condition's
// lastTransitionTime (needsCleanup, timeLeft, jobFinishTime).

/** When the Job and its Pods are deleted, or null when never (no TTL). */
export function jobDeletionTime(ttlSecondsAfterFinished: number | undefined, finishedAt: number): number | null {
  return ttlSecondsAfterFinished === undefined ? null : finishedAt + ttlSecondsAfterFinished;
}
