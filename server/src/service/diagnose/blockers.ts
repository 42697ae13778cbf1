// What holds a Job back or keeps it from finishing, from its Pods, its events and its own metadata: Pods stuck
// Pending (the kubelet's waiting reasons ImagePullBackOff / ErrImagePull / InvalidImageName, CreateContainerConfigError
// for a missing ConfigMap or Secret key; PodScheduled=False with reason Unschedulable and the scheduler's message),
// the Job controller's FailedCreate events (job_controller.go manageJob: the API server refused the Pod: a
// ResourceQuota, a missing ServiceAccount, an admission webhook), a sidecar in `containers` still running after the
// main container ended, a finalizer or uncountedTerminatedPods, suspension, spec.managedBy another controller.
import type { DiagnoseBlocker } from './types';
import type { EventInput } from './objects';
import type { JudgedPod } from './outcome';
import { JOB_TRACKING_FINALIZER } from './pods';
import type { JobStatusView } from './status';

const IMAGE_PULL = new Set(['ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'ErrImageNeverPull', 'RegistryUnavailable', 'SignatureValidationFailed']);
const CONFIG = new Set(['CreateContainerConfigError']);
const CONTAINER = new Set(['CreateContainerError', 'RunContainerError', 'PreCreateHookError', 'PreStartHookError', 'PostStartHookError']);

export interface BlockerInput {
  finished: boolean;
  judged: readonly JudgedPod[];
  jobEvents: readonly EventInput[];
  podEvents: ReadonlyMap<string, readonly EventInput[]>;
  status: JobStatusView;
  suspend: boolean;
  managedBy: string | undefined;
  restartPolicy: string;
  now: number;
}

export function blockersOf(input: BlockerInput): DiagnoseBlocker[] {
  const blockers: DiagnoseBlocker[] = [];
  const { judged, finished } = input;
  if (input.managedBy !== undefined && input.managedBy !== 'kubernetes.io/job-controller') {
    blockers.push({ type: 'managed-elsewhere', message: `spec.managedBy is ${input.managedBy}: the built-in Job controller leaves this Job to that controller (status, Pods, end).`, pod: null });
  }
  if (input.suspend && !finished) blockers.push({ type: 'suspended', message: 'spec.suspend is true: the controller runs no Pods (and deletes running ones) until it is false.', pod: null });
  if (!finished) {
    for (const j of judged) {
      if (j.pod.deleted !== undefined || (j.pod.phase !== 'Pending' && j.pod.phase !== 'Running')) continue;
      blockers.push(...podBlockers(j, input));
    }
    blockers.push(...creationBlockers(input.jobEvents));
  }
  if (input.status.uncountedFailed + input.status.uncountedSucceeded > 0) {
    const n = input.status.uncountedFailed + input.status.uncountedSucceeded;
    blockers.push({ type: 'uncounted-pods', message: `status.uncountedTerminatedPods holds ${n === 1 ? 'one finished Pod' : `${n} finished Pods`} the controller has not yet counted (it removes their ${JOB_TRACKING_FINALIZER} finalizer first): the counters and the end wait for it.`, pod: null });
  }
  if (input.status.deleted !== undefined && input.status.finalizers.length) {
    blockers.push({ type: 'finalizer', message: `The Job is being deleted but finalizers hold it: ${input.status.finalizers.join(', ')}.`, pod: null });
  }
  for (const j of judged) {
    if (j.pod.deleted === undefined || !j.pod.finalizers.length) continue;
    const since = input.now - j.pod.deleted;
    if (since < 60) continue;
    blockers.push({ type: 'finalizer', message: `Pod ${j.pod.meta.name} was deleted ${Math.round(since / 60)} min ago but finalizers hold it: ${j.pod.finalizers.join(', ')}.`, pod: j.pod.meta.name });
  }
  return blockers;
}

function podBlockers(j: JudgedPod, input: BlockerInput): DiagnoseBlocker[] {
  const { pod } = j;
  const name = pod.meta.name;
  const found: DiagnoseBlocker[] = [];
  for (const c of pod.containers) {
    const reason = c.waiting?.reason;
    if (!reason) continue;
    const detail = c.waiting?.message ? `: ${c.waiting.message}` : '';
    if (IMAGE_PULL.has(reason)) found.push({ type: 'image-pull', message: `Pod ${name}: container ${c.name} cannot pull its image (${reason})${detail}.`, pod: name });
    else if (CONFIG.has(reason)) found.push({ type: 'config-error', message: `Pod ${name}: container ${c.name} cannot be created (${reason})${detail}.`, pod: name });
    else if (CONTAINER.has(reason)) found.push({ type: 'container-error', message: `Pod ${name}: container ${c.name} cannot start (${reason})${detail}.`, pod: name });
    else if (reason === 'CrashLoopBackOff') {
      const last = c.lastTerminated;
      found.push({ type: 'crash-loop', message: `Pod ${name}: container ${c.name} keeps crashing (CrashLoopBackOff, ${c.restartCount} restarts${last ? `, last exit code ${last.exitCode}${last.reason ? ` ${last.reason}` : ''}` : ''}).`, pod: name });
    }
  }
  const scheduled = pod.conditions.find((c) => c.type === 'PodScheduled' && c.status === 'False');
  if (scheduled) found.push({ type: 'unschedulable', message: `Pod ${name} cannot be scheduled (${scheduled.reason ?? 'PodScheduled=False'})${scheduled.message ? `: ${scheduled.message}` : ''}.`, pod: name });
  const events = input.podEvents.get(pod.meta.uid ?? pod.meta.name) ?? [];
  if (!scheduled && pod.phase === 'Pending') {
    const failedScheduling = lastOf(events, 'FailedScheduling');
    if (failedScheduling) found.push({ type: 'unschedulable', message: `Pod ${name} cannot be scheduled: ${failedScheduling.message}`, pod: name });
  }
  if (pod.phase === 'Pending') {
    const mount = lastOf(events, 'FailedMount') ?? lastOf(events, 'FailedAttachVolume');
    if (mount) found.push({ type: 'volume', message: `Pod ${name}: a volume cannot be mounted (${mount.reason}): ${mount.message}`, pod: name });
    if (!found.some((b) => b.type === 'image-pull')) {
      const pull = events.filter((e) => e.reason === 'Failed' && /ErrImagePull|ImagePullBackOff|pull(ing)? image/i.test(e.message)).pop();
      if (pull) found.push({ type: 'image-pull', message: `Pod ${name} cannot pull an image: ${pull.message}`, pod: name });
    }
  }
  // A sidecar in `containers`: the main container ended, another still runs, so the Pod never finishes.
  if (pod.phase === 'Running') {
    const main = pod.containers.filter((c) => !c.init);
    const ended = main.filter((c) => c.terminated !== undefined && !(input.restartPolicy === 'OnFailure' && c.terminated.exitCode !== 0));
    const running = main.filter((c) => c.running !== undefined);
    if (ended.length && running.length) {
      const first = ended[0];
      found.push({
        type: 'sidecar-running',
        message: `Pod ${name}: container ${first.name} ended (exit code ${first.terminated?.exitCode}) but ${running.map((c) => c.name).join(', ')} still ${running.length === 1 ? 'runs' : 'run'}: the Pod stays Running and the Job does not count it as finished.`,
        pod: name,
      });
    }
  }
  return found;
}

function lastOf(events: readonly EventInput[], reason: string): EventInput | undefined {
  let found: EventInput | undefined;
  for (const event of events) if (event.reason === reason) found = event;
  return found;
}

/** The Job's FailedCreate events (the latest of each kind): what the API server refused when the controller created a Pod. */
export function creationBlockers(events: readonly EventInput[]): DiagnoseBlocker[] {
  const byType = new Map<string, DiagnoseBlocker>();
  for (const event of events) {
    if (event.reason !== 'FailedCreate') continue;
    const text = event.message;
    const type = /exceeded quota|must specify limits|must specify requests/i.test(text) ? 'quota'
      : /serviceaccounts? "?[^"\s]*"? not found|error looking up service account/i.test(text) ? 'service-account'
        : /admission webhook .* denied/i.test(text) ? 'webhook'
          : 'failed-create';
    const times = event.count > 1 ? ` (${event.count} times)` : '';
    byType.set(type, { type, message: `The controller cannot create Pods${times}: ${text}`, pod: null });
  }
  return [...byType.values()];
}
