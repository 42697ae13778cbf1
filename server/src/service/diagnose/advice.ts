// What to change in the manifest, naming the field, and what the evidence does not show with the command that
// shows it. Advice follows only from what was observed (a cause, a blocker, the end); never a guess at a cause.
import type { DiagnoseBlocker, DiagnoseCause, JobState } from './types';
import type { JobSpecView } from '../behaviour/job';
import type { BudgetView } from './budget';
import type { JudgedPod } from './outcome';
import { duration, isObj, list, obj, str, type Obj } from './read';
import type { JobCondition, JobStatusView } from './status';

export interface AdviceInput {
  name: string;
  namespace: string;
  raw: Obj;
  state: JobState;
  end: JobCondition | undefined;
  spec: JobSpecView;
  status: JobStatusView;
  cause: DiagnoseCause | null;
  budget: BudgetView;
  blockers: readonly DiagnoseBlocker[];
  judged: readonly JudgedPod[];
  podsGiven: boolean;
  eventsGiven: boolean;
  /** Where this Job's spec sits in the file: `spec` (a Job), `spec.jobTemplate.spec` (its CronJob's). */
  specPath: string;
  /** The Job's spec was given (not only its status, Pods or events): its values may be named. */
  specKnown: boolean;
}

function containerPath(input: AdviceInput, name: string | null): string {
  const template = obj(obj(obj(input.raw.spec).template).spec);
  const containers = list(template.containers);
  const index = containers.findIndex((c) => isObj(c) && c.name === name);
  if (index !== -1) return `${input.specPath}.template.spec.containers[${index}]`;
  const init = list(template.initContainers).findIndex((c) => isObj(c) && c.name === name);
  return init !== -1 ? `${input.specPath}.template.spec.initContainers[${init}]` : `${input.specPath}.template.spec.containers[]`;
}

/** The container's memory limit: from the Job's template, else from the Pod given; null when neither shows the container. */
function memoryLimit(input: AdviceInput, name: string | null): string | undefined | null {
  const template = obj(obj(obj(input.raw.spec).template).spec);
  const pod = input.judged.find((j) => j.pod.meta.name === input.cause?.pod);
  const podSpec = obj(pod?.pod.meta.raw.spec);
  for (const spec of [template, podSpec]) {
    const container = [...list(spec.containers), ...list(spec.initContainers)].find((c) => isObj(c) && c.name === name);
    if (container) return str(obj(obj(obj(container).resources).limits).memory);
  }
  return null;
}

export function adviceOf(input: AdviceInput): string[] {
  const advice: string[] = [];
  const { cause, spec, end, specPath } = input;
  const oom = cause?.reason === 'OOMKilled';
  if (oom) {
    const at = containerPath(input, cause.container);
    const limit = memoryLimit(input, cause.container);
    const now = limit ? ` (now ${limit})` : limit === undefined ? ' (none set: the node\'s memory or a LimitRange default bounds it)' : '';
    advice.push(`Container ${cause.container ?? ''} was killed for using more memory than it may: raise \`${at}.resources.limits.memory\`${now}, or make the program use less.`);
  } else if (cause?.exitCode === 137 && cause.reason !== 'DeadlineExceeded') {
    advice.push(`Exit code 137 is SIGKILL: the container was killed (the OOM killer, a liveness probe, or the Pod deleted). If it is memory, raise \`${containerPath(input, cause.container)}.resources.limits.memory\`.`);
  }
  if (cause && (cause.reason === 'Evicted' || cause.reason === 'DisruptionTarget' || ['PreemptionByScheduler', 'DeletionByTaintManager', 'EvictionByEvictionAPI', 'DeletionByPodGC', 'TerminationByKubelet'].includes(cause.reason ?? ''))) {
    advice.push(`The Pod was disrupted (${cause.reason}), not failed by its program: a rule \`{action: Ignore, onPodConditions: [{type: DisruptionTarget}]}\` in \`${specPath}.podFailurePolicy.rules\` keeps such failures from counting against \`${specPath}.backoffLimit\`.`);
  }
  if (end?.reason === 'BackoffLimitExceeded') {
    advice.push(`If the failures are transient, raise \`${specPath}.backoffLimit\`${input.specKnown ? ` (now ${spec.backoffLimit})` : ''}; if they are not, fix what the logs show first.`);
    const codes = new Set(input.judged.filter((j) => j.counted && j.failed).map((j) => j.pod.containers.find((c) => !c.init && c.terminated && c.terminated.exitCode !== 0)?.terminated?.exitCode).filter((c): c is number => c !== undefined));
    if (codes.size === 1 && !spec.podFailurePolicy && !oom && input.specKnown) {
      const [code] = codes;
      advice.push(`Every failed Pod given exited with code ${code}: if that code means retrying cannot help, a rule \`{action: FailJob, onExitCodes: {operator: In, values: [${code}]}}\` in \`${specPath}.podFailurePolicy.rules\` fails the Job at the first such exit instead of ${spec.backoffLimit + 1} tries.`);
    }
  }
  if (end?.reason === 'DeadlineExceeded' && spec.activeDeadlineSeconds !== undefined && input.specKnown) {
    advice.push(`If the work needs longer, raise \`${specPath}.activeDeadlineSeconds\` (now ${duration(spec.activeDeadlineSeconds)}, counted from startTime, retries included).`);
  }
  if ((end?.reason === 'FailedIndexes' || end?.reason === 'MaxFailedIndexesExceeded') && spec.backoffLimitPerIndex !== undefined) {
    advice.push(`Each index may fail ${spec.backoffLimitPerIndex + 1} times (\`${specPath}.backoffLimitPerIndex\`: ${spec.backoffLimitPerIndex})${spec.maxFailedIndexes !== undefined ? ` and at most ${spec.maxFailedIndexes} indexes may fail (\`${specPath}.maxFailedIndexes\`)` : ''}: raise them if the failures are transient.`);
  }
  for (const type of new Set(input.blockers.map((b) => b.type))) {
    const blocker = input.blockers.find((b) => b.type === type) as DiagnoseBlocker;
    const text = BLOCKER_ADVICE[type]?.(specPath, blocker);
    if (text) advice.push(text);
  }
  if (input.state === 'failed' && spec.ttlSecondsAfterFinished !== undefined && spec.ttlSecondsAfterFinished < 86400) {
    advice.push(`The TTL deletes the failed Pods and their logs ${duration(spec.ttlSecondsAfterFinished)} after the end: raise \`${specPath}.ttlSecondsAfterFinished\` to keep them longer for debugging.`);
  }
  return advice;
}

const BLOCKER_ADVICE: Record<string, (specPath: string, blocker: DiagnoseBlocker) => string> = {
  'image-pull': (p) => `Fix the image name or tag in \`${p}.template.spec.containers[].image\`, or give the registry's credentials in \`${p}.template.spec.imagePullSecrets\`.`,
  'config-error': (p) => `Create the ConfigMap or Secret (or its key) the container reads, or fix the reference in \`${p}.template.spec.containers[].env[].valueFrom\` / \`envFrom\` (\`optional: true\` if it may be absent).`,
  unschedulable: (p) => `No node fits the Pod: lower \`${p}.template.spec.containers[].resources.requests\`, or fix \`${p}.template.spec.nodeSelector\`, \`affinity\` or \`tolerations\` (the scheduler's message says which).`,
  quota: (p) => `A ResourceQuota refuses the Pods: lower \`${p}.template.spec.containers[].resources\` or \`${p}.parallelism\`, or raise the quota.`,
  'service-account': (p) => `Create the ServiceAccount, or fix \`${p}.template.spec.serviceAccountName\`.`,
  webhook: () => 'An admission webhook refuses the Pods: change what its message names in the Pod template, or ask who runs the webhook.',
  'sidecar-running': (p) => `Make the long-running helper a native sidecar: move it to \`${p}.template.spec.initContainers\` with \`restartPolicy: Always\` (Kubernetes 1.29+); it is then stopped when the main containers end.`,
  suspended: (p) => `Set \`${p}.suspend\` to false to run it (a queue such as Kueue unsuspends the Jobs it admits).`,
  'crash-loop': () => 'The container keeps exiting: its logs (kubectl logs --previous) say why.',
};

/** What the evidence does not show, and the command that shows it. */
export function unknownsOf(input: AdviceInput): string[] {
  const unknowns: string[] = [];
  const ns = input.namespace === 'default' ? '' : ` -n ${input.namespace}`;
  const name = input.name === '(no name)' ? 'NAME' : input.name;
  const podsCommand = `kubectl get pods${ns} -l batch.kubernetes.io/job-name=${name} -o yaml`;
  const eventsCommand = `kubectl get events${ns} --field-selector involvedObject.name=${name} -o yaml`;
  const counters = input.status.counters;
  const anyPods = (counters.active ?? 0) + (counters.failed ?? 0) + (counters.succeeded ?? 0) > 0 || input.state !== 'not-started';
  if (!input.podsGiven && anyPods && input.state !== 'complete' && input.state !== 'suspended') {
    unknowns.push(`No Pods were given: which Pod ${input.state === 'failed' ? 'failed, with which exit code and why' : 'runs and how'} is not known here. \`${podsCommand}\` shows them (with Pods deleted by the TTL or a cleanup, only the events and logs collected elsewhere are left).`);
  } else if (input.podsGiven) {
    const failedGiven = input.judged.filter((j) => j.failed).length;
    const failedCounted = (counters.failed ?? 0) + input.status.uncountedFailed;
    if (failedCounted > failedGiven && input.judged.length > 0) {
      unknowns.push(`status.failed counts ${failedCounted} failed Pods but ${failedGiven === 0 ? 'none is' : `only ${failedGiven} ${failedGiven === 1 ? 'is' : 'are'}`} among the Pods given: the others are deleted (or were not listed); their exit codes are not known.`);
    } else if (input.judged.length === 0 && anyPods) {
      unknowns.push(`None of the Pods given belongs to this Job: \`${podsCommand}\` shows its own.`);
    }
  }
  const running = input.judged.some((j) => j.outcome === 'running' || j.outcome === 'pending');
  if (!input.eventsGiven && !running && (input.state === 'not-started' || (input.state === 'running' && (counters.active ?? 0) === 0)) && !input.blockers.some((b) => b.type === 'suspended' || b.type === 'managed-elsewhere')) {
    unknowns.push(`No events were given: why no Pod runs (a FailedCreate for a quota, a missing ServiceAccount or an admission webhook) shows in \`${eventsCommand}\`.`);
  }
  const { cause } = input;
  if (cause?.pod && cause.container && cause.reason !== 'OOMKilled' && (cause.exitCode ?? 0) !== 0) {
    const previous = input.spec.restartPolicy === 'OnFailure' ? ' --previous' : '';
    unknowns.push(`Why container ${cause.container} exited with code ${cause.exitCode} is in its output: \`kubectl logs${ns} ${cause.pod} -c ${cause.container}${previous}\` (gone once the Pod is deleted).`);
  }
  return unknowns;
}
