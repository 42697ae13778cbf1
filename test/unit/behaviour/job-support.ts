// Test support: Pods and one syncJob as the upstream table tests of pkg/controller/job build them.
import { syncJob, newJobStatus, type JobControllerState, type JobStatusState } from '../../../server/src/service/behaviour/job/controller';
import type { BackoffRecord } from '../../../server/src/service/behaviour/job/backoff';
import { COMPLETION_INDEX_ANNOTATION, INDEX_FAILURE_COUNT_ANNOTATION, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION, type ContainerStatus, type JobSpecView, type PodView } from '../../../server/src/service/behaviour/job/model';
import { jobControllerRelease, type JobControllerRelease } from '../../../server/src/service/behaviour/job/release';

/** The tests' clock: far after testFinishedAt (one second after the epoch), so that no back-off applies. */
export const NOW = 1_000_000_000;
export const TEST_FINISHED_AT = 1;

export interface TestContainer {
  name?: string;
  exitCode?: number;
  /** Terminated with FinishedAt = testFinishedAt; false: terminated with a zero FinishedAt. */
  finished?: boolean;
  running?: boolean;
  restartCount?: number;
}

export interface TestPod {
  name?: string;
  uid?: string;
  index?: string;
  phase?: string;
  containers?: TestContainer[];
  initContainers?: TestContainer[];
  conditions?: { type: string; status: string; lastTransitionTime?: number }[];
  deletionTimestamp?: number;
  finalizer?: boolean;
  failureCount?: string;
  ignoredFailureCount?: string;
  creationTimestamp?: number;
}

function container(c: TestContainer, i: number): ContainerStatus {
  const state = c.running ? { running: {} } : { terminated: { exitCode: c.exitCode ?? 0, ...(c.finished === false ? {} : { finishedAt: TEST_FINISHED_AT }) } };
  return { name: c.name ?? `c${i}`, restartCount: c.restartCount ?? 0, state };
}

export function pod(p: TestPod, i = 0): PodView {
  const annotations: Record<string, string> = {};
  if (p.index !== undefined) annotations[COMPLETION_INDEX_ANNOTATION] = p.index;
  if (p.failureCount !== undefined) annotations[INDEX_FAILURE_COUNT_ANNOTATION] = p.failureCount;
  if (p.ignoredFailureCount !== undefined) annotations[INDEX_IGNORED_FAILURE_COUNT_ANNOTATION] = p.ignoredFailureCount;
  return {
    name: p.name ?? `mypod-${i}`,
    namespace: 'default',
    uid: p.uid ?? `uid-${i}`,
    creationTimestamp: p.creationTimestamp ?? 0,
    ...(p.deletionTimestamp !== undefined ? { deletionTimestamp: p.deletionTimestamp } : {}),
    trackingFinalizer: p.finalizer ?? true,
    annotations,
    status: {
      phase: p.phase ?? '',
      containerStatuses: (p.containers ?? []).map(container),
      initContainerStatuses: (p.initContainers ?? []).map(container),
      conditions: (p.conditions ?? []).map((c) => ({ ...c })),
    },
  };
}

/** newPodList: pods of a phase with one container terminated at testFinishedAt. */
export function pods(count: number, phase: string, start = 0): TestPod[] {
  return Array.from({ length: count }, (_, i) => ({ uid: `${phase}-${start + i}`, name: `${phase.toLowerCase()}-${start + i}`, phase, containers: [{ finished: true }] }));
}

export function jobSpec(spec: Partial<JobSpecView>): JobSpecView {
  return {
    name: 'foobar', namespace: 'default', parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false,
    restartPolicy: 'Never', containers: ['main'], initContainers: [], terminationGracePeriodSeconds: 30, ...spec,
  };
}

export interface Gates {
  podReplacementPolicy?: boolean;
  managedBy?: boolean;
  successPolicy?: boolean;
  backoffLimitPerIndex?: boolean;
}

/** The release flags of a test's feature gates (the upstream tests set them explicitly). */
export function releaseWith(gates: Gates, minor = 33): JobControllerRelease {
  const base = jobControllerRelease(minor);
  const podReplacementPolicy = gates.podReplacementPolicy ?? false;
  const managedBy = gates.managedBy ?? false;
  const successPolicy = gates.successPolicy ?? false;
  return {
    ...base, podReplacementPolicy, managedBy, successPolicy,
    backoffLimitPerIndex: gates.backoffLimitPerIndex ?? true,
    delayTerminalCondition: managedBy || podReplacementPolicy,
    completionsReachedReason: false,
  };
}

export interface SyncOutcome {
  state: JobControllerState;
  created: (number | undefined)[];
  createdAnnotations: Record<string, string>[];
  deleted: string[];
  patches: number;
  requeues: number[];
  status: JobStatusState;
}

export function runSync(spec: JobSpecView, podList: TestPod[], options: { status?: Partial<JobStatusState>; gates?: Gates; release?: JobControllerRelease; backoffRecord?: BackoffRecord; now?: number } = {}): SyncOutcome {
  const state: JobControllerState = {
    spec,
    release: options.release ?? releaseWith(options.gates ?? {}),
    status: { ...newJobStatus(), ...options.status, conditions: [...(options.status?.conditions ?? [])] },
    pods: podList.map(pod),
    ...(options.backoffRecord ? { backoffRecord: options.backoffRecord } : {}),
  };
  const outcome: SyncOutcome = { state, created: [], createdAnnotations: [], deleted: [], patches: 0, requeues: [], status: state.status };
  syncJob(state, options.now ?? NOW, {
    createPod: (index, annotations) => {
      outcome.created.push(index);
      outcome.createdAnnotations.push(annotations);
    },
    deletePod: (p, removeFinalizerFirst) => {
      // deleteJobPods patches the finalizer away first; the sync itself keeps seeing the cached Pod.
      if (removeFinalizerFirst && p.trackingFinalizer) outcome.patches++;
      outcome.deleted.push(p.uid);
    },
    removeFinalizer: (p) => {
      if (p.trackingFinalizer) outcome.patches++;
      p.trackingFinalizer = false;
    },
    enqueueAfter: (delay) => outcome.requeues.push(delay),
    accounted: () => undefined,
    backoffWait: () => undefined,
  });
  return outcome;
}

/** Conditions without their times, as the upstream tests compare them. */
export function conditionsOf(status: JobStatusState): { type: string; status: string; reason: string; message: string }[] {
  return status.conditions.map(({ type, status: s, reason, message }) => ({ type, status: s, reason, message }));
}
