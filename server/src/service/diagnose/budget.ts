// The failures counted against the retry budget as the Job controller counts them (job_controller.go syncJob:
// `exceedsBackoffLimit := failed > backoffLimit`, failed = status.failed + the uncounted failed Pods; and
// pastBackoffLimitOnFailure: with restartPolicy OnFailure the restarts of the Pending and Running Pods' containers,
// the Job failing when they reach backoffLimit). With backoffLimitPerIndex each index has its own budget
// (indexed_job_utils.go: the batch.kubernetes.io/job-index-failure-count annotation of the index's Pods, plus the
// Pod's own counted failure).
import { getIndexFailureCount, hasBackoffLimitPerIndex, type JobControllerRelease, type JobSpecView } from '../behaviour/job';
import type { DiagnoseBudget } from './types';
import type { JudgedPod } from './outcome';
import type { JobStatusView } from './status';

export interface BudgetView {
  budget: DiagnoseBudget | null;
  /** Container restarts counted (OnFailure), for the words. */
  restarts: number;
  perIndex: boolean;
}

export function budgetOf(spec: JobSpecView, release: JobControllerRelease, status: JobStatusView, judged: readonly JudgedPod[], podsGiven: boolean): BudgetView {
  if (hasBackoffLimitPerIndex(spec, release) && spec.backoffLimitPerIndex !== undefined) {
    const limit = spec.backoffLimitPerIndex;
    const counts = new Map<number, number>();
    for (const { pod, counted, failed } of judged) {
      if (pod.index === null) continue;
      const count = getIndexFailureCount(pod.view) + (failed && counted ? 1 : 0);
      if (count > (counts.get(pod.index) ?? 0)) counts.set(pod.index, count);
    }
    const perIndex = [...counts].sort((a, b) => a[0] - b[0]).map(([index, counted]) => ({ index, counted, left: Math.max(0, limit - counted) }));
    const worst = perIndex.reduce((max, entry) => Math.max(max, entry.counted), 0);
    if (!podsGiven && perIndex.length === 0) return { budget: null, restarts: 0, perIndex: true };
    return { budget: { limit, counted: worst, left: Math.max(0, limit - worst), perIndex }, restarts: 0, perIndex: true };
  }
  const failed = (status.counters.failed ?? 0) + status.uncountedFailed;
  let restarts = 0;
  if (spec.restartPolicy === 'OnFailure') {
    for (const { pod } of judged) {
      if (pod.phase !== 'Running' && pod.phase !== 'Pending') continue;
      for (const container of pod.containers) restarts += container.restartCount;
    }
  }
  const limit = spec.backoffLimit;
  // Never: the Job fails on failure number limit + 1. OnFailure: also when the restarts reach the limit (any restart with 0).
  const leftByFailures = limit - failed;
  const leftByRestarts = spec.restartPolicy === 'OnFailure' ? (limit === 0 ? 0 : limit - restarts - 1) : Infinity;
  return { budget: { limit, counted: failed + restarts, left: Math.max(0, Math.min(leftByFailures, leftByRestarts)) }, restarts, perIndex: false };
}
