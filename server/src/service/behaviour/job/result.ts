// What a Job simulation reports (the JSON of `kubeassist simulate`), and its assembly at the end of a run.
import type { JsonObject } from '../../types';
import type { JobControllerState } from './state';
import type { StoredJob } from './spec';
import { jobDeletionTime } from './ttl';

export interface SimulatedPod {
  name: string;
  index: number | null;
  created: number;
  /** When the Pod stopped (finished, or deleted by the controller); null while it runs. */
  finished: number | null;
  phase: string;
  exitCode: number | null;
  /** The podFailurePolicy rule that matched the failure, by index. */
  rule: number | null;
  action: string | null;
  /** Counted in status.succeeded or status.failed (false: Ignore, or never counted). */
  counted: boolean;
  /** Container restarts (restartPolicy OnFailure). */
  restarts: number;
}

export interface SimulatedCondition {
  type: string;
  status: string;
  reason: string;
  message: string;
  at: number;
}

export interface SimulatedJobStatus {
  conditions: SimulatedCondition[];
  active: number;
  /** Active Pods with the Ready condition (countReadyPods). */
  ready: number;
  /** Pods being deleted that have not finished; null where this release does not report it (JobPodReplacementPolicy off). */
  terminating: number | null;
  succeeded: number;
  failed: number;
  completedIndexes: string;
  failedIndexes: string | null;
  startTime: number | null;
  completionTime: number | null;
}

export interface JobSimulation {
  kind: 'Job';
  kubernetesVersion: string;
  /** The defaulted JobSpec without the template, as this release stores it. */
  spec: JsonObject;
  pods: SimulatedPod[];
  status: SimulatedJobStatus;
  /** The Complete or Failed condition that ended the Job; null when it never ends. */
  end: { condition: string; reason: string; at: number } | null;
  /** When the TTL-after-finished controller deletes the Job with its Pods (and their logs); null: never. */
  deletedAt: number | null;
  timeline: { at: number; event: string }[];
  /** What the simulation assumed or could not read from the controllers' code. */
  notes: string[];
}

/** Times in the report are rounded to the millisecond. */
export function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** What the assembly reads of a finished run. */
export interface SimulationRunView {
  state: JobControllerState;
  stored: StoredJob;
  minor: number;
  pods: readonly { record: SimulatedPod; gone: boolean; status: { phase: string } }[];
  timeline: { at: number; event: string }[];
  notes: string[];
}

/** The report of a run: the Pods, the Job's status, how and when it ended, and the timeline in time order. */
export function simulationResult(run: SimulationRunView): JobSimulation {
  const { status, spec } = run.state;
  const log = (at: number, event: string) => run.timeline.push({ at: round(at), event });
  const finished = status.conditions.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
  const end = finished ? { condition: finished.type, reason: finished.reason, at: round(finished.lastTransitionTime) } : null;
  const deletedAt = finished ? jobDeletionTime(spec.ttlSecondsAfterFinished, finished.lastTransitionTime) : null;
  if (end) log(end.at, `the Job ends: ${end.condition}${end.reason ? ` (${end.reason})` : ''}`);
  if (deletedAt !== null) log(deletedAt, `ttlSecondsAfterFinished (${spec.ttlSecondsAfterFinished}s): the Job and its Pods, with their logs, are deleted`);
  else if (end) run.notes.push('No ttlSecondsAfterFinished: the finished Job and its Pods (and their logs) stay until someone deletes them.');
  return {
    kind: 'Job',
    kubernetesVersion: `1.${run.minor}`,
    spec: run.stored.spec,
    pods: run.pods.map((pod) => ({ ...pod.record, index: pod.record.index, ...(pod.gone || pod.record.finished !== null ? {} : { phase: pod.status.phase }) })),
    status: {
      conditions: status.conditions.map((c) => ({ type: c.type, status: c.status, reason: c.reason, message: c.message, at: round(c.lastTransitionTime) })),
      active: status.active,
      ready: status.ready,
      terminating: status.terminating ?? null,
      succeeded: status.succeeded,
      failed: status.failed,
      completedIndexes: status.completedIndexes,
      failedIndexes: status.failedIndexes ?? null,
      startTime: status.startTime !== undefined ? round(status.startTime) : null,
      completionTime: status.completionTime !== undefined ? round(status.completionTime) : null,
    },
    end,
    deletedAt: deletedAt !== null ? round(deletedAt) : null,
    timeline: run.timeline.sort((a, b) => a.at - b.at),
    notes: run.notes,
  };
}
