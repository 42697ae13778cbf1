// The API server's create-time defaulting (v1 SetDefaults_* functions), modelled once, here.
// Rules read `context.defaulted` for the values the server validates, and `context.object` for
// what the user wrote. Only defaults that change a validation verdict or a message are modelled.
import type { Json, JsonObject, KindName } from '../types';

const MAX_INT32 = 2147483647;

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns a defaulted copy; the input is not changed. Copy-on-write: only the objects on the path of a
 * default are copied, the rest is shared with the input (rules only read both). Values of the wrong type
 * are left as they are.
 */
export function applyDefaults(kind: KindName, object: JsonObject): JsonObject {
  const copy: JsonObject = { ...object };
  if (kind === 'Job') defaultJob(copy);
  else defaultCSIDriver(copy);
  return copy;
}

/**
 * Defaults that depend on a sibling field besides their own (by field name, wherever the spec sits): on a
 * partial object (a Helm template, a Kustomize patch) such a default is known only when both are.
 */
export const DEFAULT_READS_SIBLINGS: Readonly<Record<string, readonly string[]>> = {
  completions: ['parallelism'],
  parallelism: ['completions'],
  backoffLimit: ['backoffLimitPerIndex'],
  podReplacementPolicy: ['podFailurePolicy'],
};

/** SetDefaults_Job, SetDefaults_PodSpec (the parts Job validation depends on). */
function defaultJob(job: JsonObject): void {
  const spec: JsonObject = isObject(job.spec) ? { ...job.spec } : {};
  job.spec = spec;
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  if (spec.parallelism === undefined) spec.parallelism = 1;
  if (spec.backoffLimit === undefined) spec.backoffLimit = spec.backoffLimitPerIndex !== undefined ? MAX_INT32 : 6;
  if (spec.completionMode === undefined) spec.completionMode = 'NonIndexed';
  if (spec.suspend === undefined) spec.suspend = false;
  if (spec.manualSelector === undefined) spec.manualSelector = false;
  if (spec.podReplacementPolicy === undefined) {
    spec.podReplacementPolicy = spec.podFailurePolicy !== undefined ? 'Failed' : 'TerminatingOrFailed';
  }
  const podFailurePolicy = spec.podFailurePolicy;
  if (isObject(podFailurePolicy) && Array.isArray(podFailurePolicy.rules)) {
    spec.podFailurePolicy = { ...podFailurePolicy, rules: podFailurePolicy.rules.map(defaultPodFailurePolicyRule) };
  }
  const template = isObject(spec.template) ? spec.template : undefined;
  // restartPolicy is a plain string in Go: `restartPolicy: ""` is the zero value and is defaulted too.
  if (template && isObject(template.spec) && (template.spec.restartPolicy === undefined || template.spec.restartPolicy === '')) {
    spec.template = { ...template, spec: { ...template.spec, restartPolicy: 'Always' } };
  }
  // A Job without labels of its own (absent or `{}`: Go tests len() == 0) gets the template's labels.
  const metadata = isObject(job.metadata) ? job.metadata : undefined;
  const templateLabels = template && isObject(template.metadata) ? template.metadata.labels : undefined;
  const ownLabels = metadata?.labels;
  const hasOwnLabels = isObject(ownLabels) ? Object.keys(ownLabels).length > 0 : ownLabels !== undefined;
  if (metadata && !hasOwnLabels && isObject(templateLabels)) job.metadata = { ...metadata, labels: templateLabels };
}

/** SetDefaults_PodFailurePolicyOnPodConditionsPattern: Go tests the zero value, so `status: ""` is defaulted too. */
function defaultPodFailurePolicyRule(rule: Json): Json {
  if (!isObject(rule) || !Array.isArray(rule.onPodConditions)) return rule;
  const onPodConditions = rule.onPodConditions.map((pattern) =>
    isObject(pattern) && (pattern.status === undefined || pattern.status === '') ? { ...pattern, status: 'True' } : pattern,
  );
  return { ...rule, onPodConditions };
}

/** SetDefaults_CSIDriver. */
function defaultCSIDriver(driver: JsonObject): void {
  const spec: JsonObject = isObject(driver.spec) ? { ...driver.spec } : {};
  driver.spec = spec;
  if (spec.attachRequired === undefined) spec.attachRequired = true;
  if (spec.podInfoOnMount === undefined) spec.podInfoOnMount = false;
  if (spec.storageCapacity === undefined) spec.storageCapacity = false;
  if (spec.fsGroupPolicy === undefined) spec.fsGroupPolicy = 'ReadWriteOnceWithFSType';
  if (spec.requiresRepublish === undefined) spec.requiresRepublish = false;
  if (spec.seLinuxMount === undefined) spec.seLinuxMount = false;
  if (spec.volumeLifecycleModes === undefined || (Array.isArray(spec.volumeLifecycleModes) && spec.volumeLifecycleModes.length === 0)) {
    spec.volumeLifecycleModes = ['Persistent'];
  }
}
