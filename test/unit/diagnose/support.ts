// Builders of observed objects as `kubectl get -o json` prints them (the server's fields, the generated labels,
// owner references), for the diagnose tests. Times are RFC 3339 in UTC.
export const JOB_UID = '5f1c6a1e-0d2b-4c55-9b1e-1f3b2c4d5e6f';

type Obj = Record<string, unknown>;

export function at(minutes: number, seconds = 0): string {
  return new Date(Date.UTC(2026, 11, 1, 10, 0, 0) + (minutes * 60 + seconds) * 1000).toISOString().replace(/\.000Z$/, 'Z');
}

/** Seconds since the epoch of `at(minutes, seconds)`: the tests' clock. */
export function clock(minutes: number, seconds = 0): number {
  return Date.parse(at(minutes, seconds)) / 1000;
}

export function job(spec: Obj, status: Obj, options: { name?: string; uid?: string; namespace?: string; podSpec?: Obj; owner?: Obj } = {}): Obj {
  const name = options.name ?? 'pi';
  const uid = options.uid ?? JOB_UID;
  const labels = { 'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': name, 'controller-uid': uid, 'job-name': name };
  return {
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: {
      name, namespace: options.namespace ?? 'default', uid, resourceVersion: '4711', generation: 1, creationTimestamp: at(0), labels,
      ...(options.owner ? { ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', controller: true, blockOwnerDeletion: true, ...options.owner }] } : {}),
    },
    spec: {
      backoffLimit: 6, completionMode: 'NonIndexed', completions: 1, parallelism: 1, manualSelector: false, podReplacementPolicy: 'TerminatingOrFailed', suspend: false,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      ...spec,
      template: {
        metadata: { labels },
        spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36', resources: {} }], terminationGracePeriodSeconds: 30, ...options.podSpec },
      },
    },
    status,
  };
}

export function condition(type: string, reason: string, message: string, time: string, status = 'True'): Obj {
  return { type, status, reason, message, lastProbeTime: time, lastTransitionTime: time };
}

export interface PodOptions {
  name: string;
  phase: string;
  created: string;
  containers?: Obj[];
  initContainers?: Obj[];
  conditions?: Obj[];
  index?: number;
  annotations?: Record<string, string>;
  jobName?: string;
  jobUid?: string | null;
  reason?: string;
  message?: string;
  deletionTimestamp?: string;
  finalizers?: string[];
  specInitContainers?: Obj[];
  namespace?: string;
}

export function pod(options: PodOptions): Obj {
  const jobName = options.jobName ?? 'pi';
  const uid = options.jobUid === undefined ? JOB_UID : options.jobUid;
  const annotations = { ...(options.index !== undefined ? { 'batch.kubernetes.io/job-completion-index': String(options.index) } : {}), ...options.annotations };
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: options.name, namespace: options.namespace ?? 'default', uid: `uid-${options.name}`, resourceVersion: '1', creationTimestamp: options.created, generateName: `${jobName}-`,
      labels: { 'batch.kubernetes.io/job-name': jobName, 'job-name': jobName, ...(uid ? { 'batch.kubernetes.io/controller-uid': uid, 'controller-uid': uid } : {}) },
      ...(Object.keys(annotations).length ? { annotations } : {}),
      ...(uid ? { ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: jobName, uid, controller: true, blockOwnerDeletion: true }] } : {}),
      ...(options.deletionTimestamp ? { deletionTimestamp: options.deletionTimestamp, deletionGracePeriodSeconds: 30 } : {}),
      ...(options.finalizers ? { finalizers: options.finalizers } : {}),
    },
    spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }], ...(options.specInitContainers ? { initContainers: options.specInitContainers } : {}) },
    status: {
      phase: options.phase,
      startTime: options.created,
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.message ? { message: options.message } : {}),
      ...(options.conditions ? { conditions: options.conditions } : {}),
      ...(options.initContainers ? { initContainerStatuses: options.initContainers } : {}),
      containerStatuses: options.containers ?? [],
    },
  };
}

export function terminated(name: string, exitCode: number, started: string, finished: string, reason = exitCode === 0 ? 'Completed' : 'Error', restartCount = 0): Obj {
  return { name, image: 'busybox:1.36', ready: false, restartCount, started: false, state: { terminated: { exitCode, reason, startedAt: started, finishedAt: finished, containerID: 'containerd://0' } } };
}

export function running(name: string, started: string, restartCount = 0): Obj {
  return { name, image: 'busybox:1.36', ready: true, restartCount, started: true, state: { running: { startedAt: started } } };
}

export function waiting(name: string, reason: string, message?: string): Obj {
  return { name, image: 'busybox:1.36', ready: false, restartCount: 0, started: false, state: { waiting: { reason, ...(message ? { message } : {}) } } };
}

export function event(involved: Obj, reason: string, message: string, time: string, type = 'Warning', count = 1): Obj {
  return {
    apiVersion: 'v1', kind: 'Event',
    metadata: { name: `${String(involved.name)}.${reason}`, namespace: 'default', uid: `event-${reason}`, resourceVersion: '9', creationTimestamp: time },
    involvedObject: { apiVersion: 'batch/v1', namespace: 'default', resourceVersion: '4711', ...involved },
    reason, message, type, count, firstTimestamp: time, lastTimestamp: time, source: { component: 'job-controller' }, reportingComponent: 'job-controller',
  };
}

export function list(items: unknown[]): Obj {
  return { apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } };
}
