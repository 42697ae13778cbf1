// A Pod as observed, read once into the Job model's PodView (behaviour/job/model.ts, times in epoch seconds) plus
// what a person needs to hear of it: each container's state with its reason, message and exit code, the Pod's
// reason (Evicted) and conditions (DisruptionTarget, PodScheduled=False with the scheduler's message).
import type { PodView } from '../behaviour/job';
import { int, isObj, list, obj, str, type Notes, type Obj } from './read';
import type { Meta } from './objects';

export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
const COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
const COMPLETION_INDEX_LABEL = 'batch.kubernetes.io/job-completion-index';

export interface ObservedContainer {
  name: string;
  /** An init container; `sidecar`: one with restartPolicy Always (a native sidecar). */
  init: boolean;
  sidecar: boolean;
  restartCount: number;
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: number };
  terminated?: { exitCode: number; reason?: string; message?: string; signal?: number; startedAt?: number; finishedAt?: number };
  /** The previous run's end (a restarted container: OnFailure, CrashLoopBackOff). */
  lastTerminated?: { exitCode: number; reason?: string; finishedAt?: number };
}

export interface ObservedCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  at?: number;
}

export interface ObservedPod {
  meta: Meta;
  view: PodView;
  index: number | null;
  phase: string;
  created?: number;
  started?: number;
  deleted?: number;
  reason?: string;
  message?: string;
  containers: ObservedContainer[];
  conditions: ObservedCondition[];
  finalizers: string[];
}

function completionIndex(raw: Obj): number | null {
  const metadata = obj(raw.metadata);
  const value = str(obj(metadata.annotations)[COMPLETION_INDEX_ANNOTATION]) ?? str(obj(metadata.labels)[COMPLETION_INDEX_LABEL]);
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

function containerOf(status: Obj, init: boolean, sidecars: ReadonlySet<string>, owner: string, notes: Notes): ObservedContainer {
  const name = str(status.name) ?? '(no name)';
  const state = obj(status.state);
  const container: ObservedContainer = { name, init, sidecar: init && sidecars.has(name), restartCount: int(status.restartCount) ?? 0 };
  const at = (value: unknown, field: string) => notes.time(value, owner, `container ${name} ${field}`);
  if (isObj(state.waiting)) container.waiting = { reason: str(state.waiting.reason), message: str(state.waiting.message) };
  if (isObj(state.running)) container.running = { startedAt: at(state.running.startedAt, 'startedAt') };
  if (isObj(state.terminated)) {
    const t = state.terminated;
    container.terminated = { exitCode: int(t.exitCode) ?? 0, reason: str(t.reason), message: str(t.message), signal: int(t.signal), startedAt: at(t.startedAt, 'startedAt'), finishedAt: at(t.finishedAt, 'finishedAt') };
  }
  const last = obj(obj(status.lastState).terminated);
  if (Object.keys(last).length) container.lastTerminated = { exitCode: int(last.exitCode) ?? 0, reason: str(last.reason), finishedAt: at(last.finishedAt, 'last finishedAt') };
  return container;
}

/** The Pod read once; `owner` names it in notes about its times. */
export function observePod(meta: Meta, notes: Notes): ObservedPod {
  const raw = meta.raw;
  const owner = `Pod ${meta.namespace}/${meta.name}`;
  const metadata = obj(raw.metadata);
  const status = obj(raw.status);
  const spec = obj(raw.spec);
  const sidecars = new Set(list(spec.initContainers).filter((c): c is Obj => isObj(c) && c.restartPolicy === 'Always').map((c) => str(c.name) ?? ''));
  const containers = [
    ...list(status.initContainerStatuses).filter(isObj).map((s) => containerOf(s, true, sidecars, owner, notes)),
    ...list(status.containerStatuses).filter(isObj).map((s) => containerOf(s, false, sidecars, owner, notes)),
  ];
  const conditions: ObservedCondition[] = list(status.conditions).filter(isObj).map((c) => ({
    type: str(c.type) ?? '', status: str(c.status) ?? '', reason: str(c.reason), message: str(c.message), at: notes.time(c.lastTransitionTime, owner, `condition ${str(c.type) ?? ''} lastTransitionTime`),
  }));
  const created = notes.time(metadata.creationTimestamp, owner, 'metadata.creationTimestamp');
  const deleted = notes.time(metadata.deletionTimestamp, owner, 'metadata.deletionTimestamp');
  const finalizers = list(metadata.finalizers).filter((f): f is string => typeof f === 'string');
  const phase = str(status.phase) ?? 'Unknown';
  const annotations: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj(metadata.annotations))) if (typeof value === 'string') annotations[key] = value;
  const toView = (c: ObservedContainer) => ({
    name: c.name, restartCount: c.restartCount,
    state: {
      ...(c.terminated ? { terminated: { exitCode: c.terminated.exitCode, ...(c.terminated.finishedAt !== undefined ? { finishedAt: c.terminated.finishedAt } : {}) } } : {}),
      ...(c.running ? { running: { ...(c.running.startedAt !== undefined ? { startedAt: c.running.startedAt } : {}) } } : {}),
      ...(c.waiting ? { waiting: { ...(c.waiting.reason !== undefined ? { reason: c.waiting.reason } : {}) } } : {}),
    },
  });
  const view: PodView = {
    name: meta.name, namespace: meta.namespace, uid: meta.uid ?? meta.name,
    // NaN where the creation time is unknown: the model's finish-time fallback then yields no time.
    creationTimestamp: created ?? Number.NaN,
    ...(deleted !== undefined ? { deletionTimestamp: deleted } : {}),
    ...(int(metadata.deletionGracePeriodSeconds) !== undefined ? { deletionGracePeriodSeconds: int(metadata.deletionGracePeriodSeconds) } : {}),
    trackingFinalizer: finalizers.includes(JOB_TRACKING_FINALIZER),
    annotations,
    status: {
      phase,
      containerStatuses: containers.filter((c) => !c.init).map(toView),
      initContainerStatuses: containers.filter((c) => c.init).map(toView),
      conditions: conditions.map((c) => ({ type: c.type, status: c.status, ...(c.at !== undefined ? { lastTransitionTime: c.at } : {}) })),
    },
  };
  return {
    meta, view, index: completionIndex(raw), phase, created, started: notes.time(status.startTime, owner, 'status.startTime'), deleted,
    reason: str(status.reason), message: str(status.message), containers, conditions, finalizers,
  };
}

/** The container whose end explains a failed Pod: a main container that exited non-zero, else an init container, else any terminated one. */
export function failingContainer(pod: ObservedPod): ObservedContainer | undefined {
  const failed = (c: ObservedContainer) => c.terminated !== undefined && (c.terminated.exitCode !== 0 || c.terminated.reason === 'OOMKilled');
  return pod.containers.find((c) => !c.init && failed(c))
    ?? pod.containers.find((c) => c.init && !c.sidecar && failed(c))
    ?? pod.containers.find((c) => !c.init && c.lastTerminated !== undefined && c.lastTerminated.exitCode !== 0)
    ?? pod.containers.find((c) => !c.init && c.terminated !== undefined);
}

/** The condition of a type with status True, if any. */
export function trueCondition(pod: ObservedPod, type: string): ObservedCondition | undefined {
  return pod.conditions.find((c) => c.type === type && c.status === 'True');
}

/** The signal that ended a container: its own `signal`, else exit code 128 + N (the shell's and the runtime's convention). */
export function signalOf(exitCode: number, signal: number | undefined): number | undefined {
  if (signal !== undefined && signal > 0) return signal;
  return exitCode > 128 && exitCode < 160 ? exitCode - 128 : undefined;
}

const SIGNAL_NAMES: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 6: 'SIGABRT', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 15: 'SIGTERM' };

export function signalName(signal: number): string {
  return SIGNAL_NAMES[signal] ? `signal ${signal} (${SIGNAL_NAMES[signal]})` : `signal ${signal}`;
}
