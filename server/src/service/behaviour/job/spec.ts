// The JobSpec the Job controller of a release works from: the object a create stores (kube/created.ts: the fields a
// gate that is off drops, SetDefaults_Job of the release), as the controller reads it.
import { asCreated } from '../../kube/created';
import { isObject } from '../../kube/defaults';
import { MAX_INT32, type Json, type JsonObject } from '../../types';
import type { JobSpecView, PodFailurePolicy, SuccessPolicy } from './model';


export interface StoredJob {
  /** The defaulted JobSpec without its template, as the release stores it. */
  spec: JsonObject;
  view: JobSpecView;
  notes: string[];
  /** Why the API server would refuse the Job, if it would (the simulation then runs nothing). */
  refused?: string;
}

function int(value: Json | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function str(value: Json | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function names(list: Json | undefined): string[] {
  return Array.isArray(list) ? list.map((container, i) => (isObject(container) && typeof container.name === 'string' ? container.name : `container-${i}`)) : [];
}

export function storedJob(job: JsonObject, minor: number): StoredJob {
  const notes: string[] = [];
  const created = asCreated('Job', job, minor);
  const spec: JsonObject = isObject(created.object.spec) ? { ...created.object.spec } : {};
  for (const dropped of created.dropped) {
    if (dropped.path[0] !== 'spec' || dropped.path.length !== 2) continue;
    const field = String(dropped.path[1]);
    notes.push(dropped.why === 'not-in-release'
      ? `spec.${field} does not exist in Kubernetes 1.${minor}: the API server does not keep it (with strict field validation kubectl refuses the manifest).`
      : `spec.${field} is dropped when the Job is created: its feature gate ${dropped.gate} is off by default in 1.${minor}.`);
  }
  // The API server defaults the decoded object before PrepareForCreate drops fields: a backoffLimitPerIndex that its
  // gate then drops has already made the default backoffLimit 2147483647 (SetDefaults_Job). A field the release does
  // not know at all is gone at decoding, before the defaults.
  const written = isObject(job.spec) ? job.spec : {};
  const perIndexDropped = created.dropped.some((d) => d.why === 'gate-off' && d.path.length === 2 && d.path[1] === 'backoffLimitPerIndex');
  if (written.backoffLimit === undefined && perIndexDropped) {
    spec.backoffLimit = MAX_INT32;
    notes.push(`backoffLimit was defaulted to 2147483647 because backoffLimitPerIndex was written, before the create dropped backoffLimitPerIndex: in 1.${minor} this Job retries without limit.`);
  }
  const template = isObject(spec.template) ? spec.template : {};
  const podSpec = isObject(template.spec) ? template.spec : {};
  const metadata = isObject(job.metadata) ? job.metadata : {};
  const view: JobSpecView = {
    name: str(metadata.name) ?? str(metadata.generateName)?.replace(/-$/, '') ?? 'job',
    namespace: str(metadata.namespace) ?? 'default',
    parallelism: int(spec.parallelism) ?? 1,
    completions: int(spec.completions),
    backoffLimit: int(spec.backoffLimit) ?? 6,
    activeDeadlineSeconds: int(spec.activeDeadlineSeconds),
    completionMode: str(spec.completionMode) ?? 'NonIndexed',
    suspend: spec.suspend === true,
    podFailurePolicy: podFailurePolicyOf(spec.podFailurePolicy),
    successPolicy: successPolicyOf(spec.successPolicy),
    backoffLimitPerIndex: int(spec.backoffLimitPerIndex),
    maxFailedIndexes: int(spec.maxFailedIndexes),
    podReplacementPolicy: str(spec.podReplacementPolicy),
    managedBy: str(spec.managedBy),
    ttlSecondsAfterFinished: int(spec.ttlSecondsAfterFinished),
    restartPolicy: str(podSpec.restartPolicy) ?? 'Always',
    containers: names(podSpec.containers),
    initContainers: names(podSpec.initContainers),
    terminationGracePeriodSeconds: int(podSpec.terminationGracePeriodSeconds) ?? 30,
  };
  if (view.containers.length === 0) view.containers = ['main'];
  const { template: _template, ...withoutTemplate } = spec;
  void _template;
  return { spec: withoutTemplate, view, notes, refused: refusal(view) };
}

/** The few create-time refusals that would make a simulation meaningless (the checks report them all). */
function refusal(view: JobSpecView): string | undefined {
  if (view.restartPolicy !== 'Never' && view.restartPolicy !== 'OnFailure') {
    return `the API server refuses a Job whose Pod template has restartPolicy ${view.restartPolicy} (only Never or OnFailure)`;
  }
  if (view.completionMode === 'Indexed' && view.completions === undefined) return 'the API server refuses an Indexed Job without completions';
  if (view.completionMode !== 'Indexed' && view.completionMode !== 'NonIndexed') return `the Job controller skips a Job with completion mode ${view.completionMode}`;
  if (view.parallelism < 0 || (view.completions ?? 0) < 0 || view.backoffLimit < 0) return 'the API server refuses negative parallelism, completions or backoffLimit';
  return undefined;
}

function podFailurePolicyOf(value: Json | undefined): PodFailurePolicy | undefined {
  if (!isObject(value)) return undefined;
  const rules = Array.isArray(value.rules) ? value.rules : [];
  return {
    rules: rules.filter(isObject).map((rule) => ({
      action: str(rule.action) ?? '',
      ...(isObject(rule.onExitCodes) ? {
        onExitCodes: {
          ...(str(rule.onExitCodes.containerName) !== undefined ? { containerName: str(rule.onExitCodes.containerName) } : {}),
          operator: str(rule.onExitCodes.operator) ?? '',
          values: Array.isArray(rule.onExitCodes.values) ? rule.onExitCodes.values.filter((v): v is number => typeof v === 'number') : [],
        },
      } : {}),
      ...(Array.isArray(rule.onPodConditions) ? {
        onPodConditions: rule.onPodConditions.filter(isObject).map((pattern) => ({ type: str(pattern.type) ?? '', status: str(pattern.status) ?? 'True' })),
      } : {}),
    })),
  };
}

function successPolicyOf(value: Json | undefined): SuccessPolicy | undefined {
  if (!isObject(value)) return undefined;
  const rules = Array.isArray(value.rules) ? value.rules : [];
  return {
    rules: rules.filter(isObject).map((rule) => ({
      ...(str(rule.succeededIndexes) !== undefined ? { succeededIndexes: str(rule.succeededIndexes) } : {}),
      ...(int(rule.succeededCount) !== undefined ? { succeededCount: int(rule.succeededCount) } : {}),
    })),
  };
}
