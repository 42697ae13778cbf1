// Each Pod's outcome as the Job controller counts it (job_controller.go trackJobStatusAndRemoveFinalizers,
// pod_failure_policy.go, indexed_job_utils.go), through the model in behaviour/job: a failure an Ignore rule
// matched is not counted, FailIndex fails the index at once, FailJob the Job; a Pod deleted before it finished
// counts as failed unless only failed Pods are replaced (isPodFailed).
import { getFinishedTime, isPodFailed, matchPodFailurePolicy, type JobControllerRelease, type JobSpecView, type PodFailurePolicyMatch } from '../behaviour/job';
import type { DiagnosePod } from './types';
import { failingContainer, signalOf, trueCondition, type ObservedPod } from './pods';
import { rfc3339 } from './read';

export type PodOutcome = 'succeeded' | 'failed' | 'ignored' | 'failed-index' | 'failed-job' | 'deleted' | 'running' | 'pending' | 'unknown';

export interface JudgedPod {
  pod: ObservedPod;
  outcome: PodOutcome;
  /** Counted against backoffLimit (and backoffLimitPerIndex). */
  counted: boolean;
  failed: boolean;
  match: PodFailurePolicyMatch | undefined;
  /** getFinishedTime for a finished Pod (epoch seconds), when known. */
  finished: number | undefined;
}

export function judgePod(pod: ObservedPod, spec: JobSpecView, release: JobControllerRelease): JudgedPod {
  const view = pod.view;
  if (pod.phase === 'Succeeded') return { pod, outcome: 'succeeded', counted: false, failed: false, match: undefined, finished: finite(getFinishedTime(view)) };
  if (isPodFailed(view, spec, release)) {
    const match = spec.podFailurePolicy && release.podFailurePolicy && pod.phase === 'Failed' ? matchPodFailurePolicy(spec.podFailurePolicy, view, release.backoffLimitPerIndex) : undefined;
    const outcome: PodOutcome = pod.phase !== 'Failed' ? 'deleted'
      : match?.action === 'Ignore' ? 'ignored' : match?.action === 'FailIndex' ? 'failed-index' : match?.action === 'FailJob' ? 'failed-job' : 'failed';
    return { pod, outcome, counted: match ? match.countFailed : true, failed: true, match, finished: finite(getFinishedTime(view)) };
  }
  const outcome: PodOutcome = pod.deleted !== undefined ? 'deleted' : pod.phase === 'Running' ? 'running' : pod.phase === 'Pending' ? 'pending' : pod.phase === 'Failed' ? 'ignored' : 'unknown';
  return { pod, outcome, counted: false, failed: false, match: undefined, finished: undefined };
}

function finite(value: number): number | undefined {
  return Number.isFinite(value) ? value : undefined;
}

const OUTCOME_WORDS: Record<PodOutcome, DiagnosePod['outcome']> = {
  succeeded: 'succeeded', failed: 'failed', ignored: 'ignored', 'failed-index': 'failed-index', 'failed-job': 'failed', deleted: 'deleted', running: 'running', pending: 'pending', unknown: 'pending',
};

/** The Pod as the JSON report lists it. */
export function podEntry(judged: JudgedPod): DiagnosePod {
  const { pod } = judged;
  const container = judged.failed ? failingContainer(pod) : undefined;
  const disruption = trueCondition(pod, 'DisruptionTarget');
  const terminated = container?.terminated;
  const firstStart = pod.containers.map((c) => c.running?.startedAt ?? c.terminated?.startedAt).filter((t): t is number => t !== undefined).sort((a, b) => a - b)[0];
  const rule = judged.match?.rule;
  const exitCode = terminated?.exitCode ?? null;
  return {
    name: pod.meta.name,
    index: pod.index,
    phase: pod.phase,
    created: pod.created === undefined ? null : rfc3339(pod.created),
    started: firstStart !== undefined ? rfc3339(firstStart) : pod.started !== undefined ? rfc3339(pod.started) : null,
    finished: judged.finished === undefined || (!judged.failed && judged.outcome !== 'succeeded') ? null : rfc3339(judged.finished),
    outcome: judged.outcome === 'failed-job' ? 'failed' : OUTCOME_WORDS[judged.outcome],
    container: container?.name ?? null,
    exitCode,
    signal: exitCode === null ? null : signalOf(exitCode, terminated?.signal) ?? null,
    reason: terminated?.reason ?? pod.reason ?? (disruption ? disruption.reason ?? 'DisruptionTarget' : null),
    rule: rule === undefined ? null : `spec.podFailurePolicy.rules[${rule}]`,
    action: judged.match?.action ?? null,
  };
}
