// The time to failure an explanation states, from the Job controller model (behaviour/job simulateJob): every Pod
// fails as soon as it starts with exit code 1. At most FAILING_PODS Pods fail; later ones run for ever, so a Job
// that retries for ever (per-index budgets of many indexes, an Ignore rule for the exit code) is not simulated
// endlessly: its time is then not stated.
import { simulateJob } from '../../behaviour/job/index';
import type { JsonObject } from '../../types';
import type { TimeToFailure } from './types';

const FAILING_PODS = 200;

/** What the explanation says about failing: when the Job is Failed if every Pod fails at once, the rounds, the waits. */
export function failureTimeline(spec: JsonObject, minor: number): TimeToFailure {
  const deadline = typeof spec.activeDeadlineSeconds === 'number' ? spec.activeDeadlineSeconds : null;
  const job: JsonObject = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'explain' }, spec };
  const simulation = simulateJob(job, { pods: Array.from({ length: FAILING_PODS }, () => ({ exitCode: 1, runFor: 0 })), then: 'run' }, minor);
  const failed = simulation.end?.condition === 'Failed' && simulation.pods.length <= FAILING_PODS ? simulation.end : null;
  // Rounds: the Pods created at the same moment; the wait before a round is the time since the previous one ended.
  const starts = [...new Set(simulation.pods.map((pod) => pod.created))].sort((a, b) => a - b);
  const waits: number[] = [];
  for (let i = 1; i < starts.length; i++) {
    const ended = Math.max(...simulation.pods.filter((pod) => pod.created < starts[i] && pod.finished !== null).map((pod) => pod.finished as number), starts[i - 1]);
    waits.push(Math.round(starts[i] - ended));
  }
  // With restartPolicy OnFailure a round is as many failed runs of the container as the Pod had restarts (the
  // restart that reaches the limit fails the Job as the container starts again).
  const runs = starts.reduce((sum, start) => sum + Math.max(1, ...simulation.pods.filter((pod) => pod.created === start).map((pod) => pod.restarts)), 0);
  return {
    ifEveryPodFailsAtOnce: failed ? { seconds: Math.round(failed.at), reason: failed.reason } : null,
    rounds: failed ? runs : null,
    deadlineSeconds: deadline,
    waits: failed ? waits : [],
  };
}
