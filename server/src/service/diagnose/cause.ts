// Why the Job ended (or why its Pods fail): the Pod, index, container, exit code or signal, OOMKilled, eviction
// (the DisruptionTarget condition and its reason), the podFailurePolicy rule the model's matcher finds on the
// observed Pod. A Job ended by activeDeadlineSeconds ended for its deadline, not for a Pod. Nothing is guessed: a
// cause only comes from a Pod given, or from the words the controller wrote in the condition's message.
import type { DiagnoseCause } from './types';
import type { JudgedPod } from './outcome';
import { failingContainer, signalOf, trueCondition } from './pods';
import type { JobCondition } from './status';
import { parseIndexes } from './indexes';

export interface CauseView {
  cause: DiagnoseCause | null;
  /** The Pod the cause names, when it was given. */
  pod?: JudgedPod;
  /** Where the cause comes from: a Pod given, or the condition's message. */
  from: 'pod' | 'message' | 'deadline' | 'none';
}

const EMPTY: DiagnoseCause = { pod: null, index: null, container: null, exitCode: null, reason: null, rule: null, action: null, signal: null, message: null };

/** The controller's FailJob messages (pod_failure_policy.go matchPodFailurePolicy). */
const EXIT_CODE_MESSAGE = /Container (\S+) for pod ([^/\s]+)\/(\S+) failed with exit code (-?\d+) matching FailJob rule at index (\d+)/;
const CONDITION_MESSAGE = /Pod ([^/\s]+)\/(\S+) has condition (\S+) matching FailJob rule at index (\d+)/;

/** What the Job's own spec says of every Pod it runs: its only container, its only index. */
export interface TemplateHint {
  container: string | undefined;
  index: number | undefined;
  /** status.failed counts failed Pods. */
  failed: boolean;
}

export function causeOf(end: JobCondition | undefined, judged: readonly JudgedPod[], failedIndexes: string | null, hint?: TemplateHint): CauseView {
  if (end?.reason === 'DeadlineExceeded') return { cause: { ...EMPTY, reason: 'DeadlineExceeded', message: end.message }, from: 'deadline' };
  const failed = judged.filter((j) => j.failed);
  let chosen: JudgedPod | undefined;
  if (end && end.reason?.startsWith('PodFailurePolicy')) chosen = latest(failed.filter((j) => j.match?.action === 'FailJob'));
  if (!chosen && end && (end.reason === 'FailedIndexes' || end.reason === 'MaxFailedIndexesExceeded') && failedIndexes) {
    const indexes = new Set(parseIndexes(failedIndexes) ?? []);
    chosen = latest(failed.filter((j) => j.pod.index !== null && indexes.has(j.pod.index) && j.counted));
  }
  if (!chosen) chosen = latest(failed.filter((j) => j.counted)) ?? latest(failed);
  if (!chosen) chosen = restarted(judged);
  if (chosen) return { cause: podCause(chosen), pod: chosen, from: 'pod' };
  const fromMessage = end?.message ? causeFromMessage(end.message) : undefined;
  if (fromMessage) return { cause: fromMessage, from: 'message' };
  // No Pod given, but the failures were counted: where the template leaves no choice, which container and index failed.
  if (hint?.failed && end?.reason === 'BackoffLimitExceeded' && (hint.container !== undefined || hint.index !== undefined)) {
    return { cause: { ...EMPTY, container: hint.container ?? null, index: hint.index ?? null }, from: 'message' };
  }
  return { cause: null, from: 'none' };
}

/** The failed Pod that finished last (by the controller's getFinishedTime); ties: the last listed. */
function latest(pods: readonly JudgedPod[]): JudgedPod | undefined {
  let best: JudgedPod | undefined;
  for (const pod of pods) if (!best || (pod.finished ?? -Infinity) >= (best.finished ?? -Infinity)) best = pod;
  return best;
}

/** With restartPolicy OnFailure the failures are container restarts of a Pod that still runs: the most restarted. */
function restarted(judged: readonly JudgedPod[]): JudgedPod | undefined {
  let best: JudgedPod | undefined;
  let most = 0;
  for (const j of judged) {
    const restarts = j.pod.containers.reduce((sum, c) => sum + c.restartCount, 0);
    if (restarts > most) {
      most = restarts;
      best = j;
    }
  }
  return best;
}

export function podCause(judged: JudgedPod): DiagnoseCause {
  const { pod } = judged;
  const container = failingContainer(pod);
  const end = container?.terminated ?? container?.lastTerminated;
  const exitCode = end?.exitCode ?? null;
  const disruption = trueCondition(pod, 'DisruptionTarget');
  const rule = judged.match?.rule;
  const reason = end?.reason && end.reason !== 'Error' ? end.reason : pod.reason ?? (disruption ? disruption.reason ?? 'DisruptionTarget' : end?.reason ?? null);
  const terminationMessage = container?.terminated?.message;
  return {
    pod: pod.meta.name,
    index: pod.index,
    container: container?.name ?? null,
    exitCode,
    reason,
    rule: rule === undefined ? null : `spec.podFailurePolicy.rules[${rule}]`,
    action: judged.match?.action ?? null,
    signal: exitCode === null ? null : signalOf(exitCode, container?.terminated?.signal) ?? null,
    message: terminationMessage ?? pod.message ?? disruption?.message ?? null,
  };
}

/** The Pod and rule a FailJob condition message names (the Pods themselves may be gone). */
export function causeFromMessage(message: string): DiagnoseCause | undefined {
  const exit = EXIT_CODE_MESSAGE.exec(message);
  if (exit) {
    const exitCode = Number(exit[4]);
    return { ...EMPTY, pod: exit[3], container: exit[1], exitCode, rule: `spec.podFailurePolicy.rules[${exit[5]}]`, action: 'FailJob', signal: signalOf(exitCode, undefined) ?? null };
  }
  const condition = CONDITION_MESSAGE.exec(message);
  if (condition) return { ...EMPTY, pod: condition[2], reason: condition[3], rule: `spec.podFailurePolicy.rules[${condition[4]}]`, action: 'FailJob' };
  return undefined;
}
