// Where a timeline's bars come from: a simulation (`kubeassist simulate`, every time in seconds from the Job's
// creation) or a diagnosis (`kubeassist diagnose`, the Pods observed, RFC 3339 times made relative to the first).
import { versionLabel } from '../../types';
import type { JobSimulation, SimulatedPod } from '../../behaviour/job';
import type { ObjectDiagnosis } from '../../diagnose/types';
import type { PodOutcomeClass, TimelineBar, TimelineInput, TimelineLine, TimelineMarker } from './timeline';

const TERMINAL_OR_TARGET = new Set(['FailureTarget', 'SuccessCriteriaMet', 'Complete', 'Failed', 'Suspended']);

/** An exit code in words: a code above 128 is the signal that ended the process (128 + N). */
export function exitWords(exitCode: number | null, reason?: string | null): string | undefined {
  const parts: string[] = [];
  if (exitCode !== null) parts.push(exitCode > 128 && exitCode < 160 ? `exit ${exitCode} (signal ${exitCode - 128})` : `exit ${exitCode}`);
  if (reason) parts.push(reason);
  return parts.length ? parts.join(', ') : undefined;
}

function simulatedOutcome(pod: SimulatedPod): PodOutcomeClass {
  if (pod.finished === null) return 'running';
  if (pod.phase === 'Succeeded') return 'succeeded';
  if (pod.action === 'Ignore') return 'ignored';
  if (pod.action === 'FailIndex') return 'failed-index';
  return pod.counted ? 'failed' : 'deleted';
}

function ruleWords(rule: number | null, action: string | null): string | undefined {
  return rule === null ? undefined : `spec.podFailurePolicy.rules[${rule}]${action ? ` (${action})` : ''}`;
}

function numberAt(spec: Record<string, unknown>, key: string): number | undefined {
  const value = spec[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The chart of a simulation: its Pods, conditions, deadline and TTL deletion, its final counters. */
export function timelineOfSimulation(simulation: JobSimulation, name: string): TimelineInput {
  const spec = simulation.spec as Record<string, unknown>;
  const bars: TimelineBar[] = simulation.pods.map((pod) => ({
    pod: pod.name,
    index: pod.index,
    start: pod.created,
    end: pod.finished,
    outcome: simulatedOutcome(pod),
    detail: [exitWords(pod.exitCode), pod.restarts ? `${pod.restarts} container restart${pod.restarts === 1 ? '' : 's'}` : ''].filter(Boolean).join(', ') || undefined,
    rule: ruleWords(pod.rule, pod.action),
  }));
  const markers: TimelineMarker[] = simulation.status.conditions
    .filter((condition) => condition.status === 'True' && TERMINAL_OR_TARGET.has(condition.type))
    .map((condition) => ({ at: condition.at, condition: condition.type, reason: condition.reason || undefined }));
  const lines: TimelineLine[] = [];
  const deadline = numberAt(spec, 'activeDeadlineSeconds');
  if (deadline !== undefined) lines.push({ at: (simulation.status.startTime ?? 0) + deadline, kind: 'deadline', label: 'activeDeadlineSeconds' });
  if (simulation.deletedAt !== null) lines.push({ at: simulation.deletedAt, kind: 'ttl', label: 'TTL deletes the Job and its logs' });
  const { status } = simulation;
  const counters: [string, string | number][] = [
    ['active', status.active],
    ['succeeded', status.succeeded],
    ['failed', status.failed],
  ];
  if (status.terminating !== null) counters.push(['terminating', status.terminating]);
  if (status.completedIndexes) counters.push(['completedIndexes', status.completedIndexes]);
  if (status.failedIndexes) counters.push(['failedIndexes', status.failedIndexes]);
  return {
    title: `Job ${name}: simulation in Kubernetes ${versionLabel(simulation.kubernetesVersion)}`,
    indexed: spec.completionMode === 'Indexed',
    bars,
    markers,
    lines,
    counters,
  };
}

function epoch(time: string | null | undefined): number | undefined {
  if (!time) return undefined;
  const ms = Date.parse(time);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
}

const DIAGNOSED_OUTCOMES = new Set<PodOutcomeClass>(['succeeded', 'failed', 'ignored', 'failed-index', 'deleted', 'running', 'pending']);

/** The chart of a diagnosis: the Pods observed, the condition that ended it, what comes next (deadline, TTL). */
export function timelineOfDiagnosis(diagnosis: ObjectDiagnosis): TimelineInput | undefined {
  const times = diagnosis.pods.map((pod) => epoch(pod.created)).filter((time): time is number => time !== undefined);
  if (!times.length) return undefined;
  const origin = Math.min(...times);
  const relative = (time: string | null) => {
    const at = epoch(time);
    return at === undefined ? undefined : at - origin;
  };
  const bars: TimelineBar[] = [];
  for (const pod of diagnosis.pods) {
    const start = relative(pod.created);
    if (start === undefined) continue;
    const outcome = DIAGNOSED_OUTCOMES.has(pod.outcome as PodOutcomeClass) ? (pod.outcome as PodOutcomeClass) : 'pending';
    const end = outcome === 'running' || outcome === 'pending' ? null : relative(pod.finished) ?? start;
    bars.push({ pod: pod.name, index: pod.index, start, end, outcome, detail: exitWords(pod.exitCode, pod.reason), rule: pod.rule ?? undefined });
  }
  const markers: TimelineMarker[] = [];
  const endAt = diagnosis.end ? relative(diagnosis.end.at) : undefined;
  if (diagnosis.end && endAt !== undefined) markers.push({ at: endAt, condition: diagnosis.end.condition, reason: diagnosis.end.reason ?? undefined });
  const lines: TimelineLine[] = [];
  for (const next of diagnosis.next) {
    const at = relative(next.at);
    if (at === undefined) continue;
    if (/activeDeadlineSeconds/.test(next.event)) lines.push({ at, kind: 'deadline', label: 'activeDeadlineSeconds' });
    else if (/\bTTL\b|ttlSecondsAfterFinished/.test(next.event)) lines.push({ at, kind: 'ttl', label: 'TTL deletes the Job and its logs' });
  }
  const counters: [string, string | number][] = [];
  for (const [name, value] of Object.entries(diagnosis.counters)) if (value !== null && value !== '') counters.push([name, value]);
  return {
    title: `${diagnosis.kind} ${diagnosis.name}: the Pods observed`,
    indexed: diagnosis.pods.some((pod) => pod.index !== null),
    bars,
    markers,
    lines,
    counters,
    origin: new Date(origin * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}
