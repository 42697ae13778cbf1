// The API server's create-time defaulting (v1 SetDefaults_* functions), modelled once, here.
// Rules read `context.defaulted` for the values the server validates, and `context.object` for
// what the user wrote. Only defaults that change a validation verdict or a message are modelled.
import { MAX_INT32, type FieldPath, type Json, type JsonObject, type KindName } from '../types';
import { gateEnabledByDefault } from './featureGates';
import { jobSpecLocations } from './jobSpec';
import { withJobSetSpecDefaults, withReplicatedJobDefaults } from './jobset';


export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns a defaulted copy; the input is not changed. Copy-on-write: only the objects on the path of a
 * default are copied, the rest is shared with the input (rules only read both). Values of the wrong type
 * are left as they are. With `minor`, the defaults a feature gate guards are applied only where the release
 * has the gate on (podReplacementPolicy: JobPodReplacementPolicy; seLinuxMount: SELinuxMountReadWriteOncePod);
 * without it, as the newest release does.
 */
export function applyDefaults(kind: KindName, object: JsonObject, minor?: number): JsonObject {
  const copy: JsonObject = { ...object };
  const gateOn = (gate: 'JobPodReplacementPolicy' | 'SELinuxMountReadWriteOncePod') => minor === undefined || gateEnabledByDefault(gate, minor);
  if (kind === 'Job') defaultJob(copy, gateOn('JobPodReplacementPolicy'));
  else if (kind === 'CronJob') defaultCronJob(copy);
  else if (kind === 'CSIDriver') defaultCSIDriver(copy, gateOn('SELinuxMountReadWriteOncePod'));
  else if (kind === 'JobSet') copy.spec = defaultJobSetSpec(copy.spec, gateOn('JobPodReplacementPolicy'));
  else defaultTrainingRuntime(copy, gateOn('JobPodReplacementPolicy'));
  return copy;
}

/** SetDefaults_Job on a CronJob's job template spec: what each Job the CronJob creates gets (release-aware as applyDefaults). */
export function defaultedJobSpec(jobSpec: JsonObject, minor?: number): JsonObject {
  const job = applyDefaults('Job', { spec: jobSpec }, minor);
  return isObject(job.spec) ? job.spec : {};
}

/**
 * A JobSet as its Jobs are created: the CRD's and the webhook's defaults (kube/jobset.ts), then, in each
 * replicatedJob's template, SetDefaults_Job as the batch API server applies it to each Job the controller creates.
 */
function defaultJobSetSpec(spec: Json | undefined, podReplacementPolicy: boolean): Json {
  if (spec !== undefined && !isObject(spec)) return spec;
  const out = withJobSetSpecDefaults(spec ?? {});
  if (Array.isArray(out.replicatedJobs)) {
    const defaultSpec = (jobSpec: JsonObject) => defaultJobSpec(jobSpec, podReplacementPolicy);
    out.replicatedJobs = out.replicatedJobs.map((entry) => (isObject(entry) ? withReplicatedJobDefaults(entry, defaultSpec) : entry));
  }
  return out;
}

/** A training runtime's JobSet template, as the JobSet made from it is defaulted (the Trainer's own values: partial/). */
function defaultTrainingRuntime(runtime: JsonObject, podReplacementPolicy: boolean): void {
  const spec = runtime.spec;
  if (!isObject(spec) || !isObject(spec.template)) return;
  runtime.spec = { ...spec, template: { ...spec.template, spec: defaultJobSetSpec(spec.template.spec, podReplacementPolicy) } };
}

/**
 * Defaults that depend on a sibling field besides their own (by field name, wherever the spec sits): on a
 * partial object (a Helm template, a Kustomize patch) such a default is known only when both are. A CronJob
 * adds none: SetDefaults_CronJob fills each of its four fields from that field alone, and its job template
 * gets no SetDefaults_Job (only the pod failure policy's and the Pod's own defaults, each from its field).
 */
export const DEFAULT_READS_SIBLINGS: Readonly<Record<string, readonly string[]>> = {
  completions: ['parallelism'],
  parallelism: ['completions'],
  backoffLimit: ['backoffLimitPerIndex'],
  podReplacementPolicy: ['podFailurePolicy'],
};

/** SetDefaults_Job, SetDefaults_PodSpec (the parts Job validation depends on). */
function defaultJob(job: JsonObject, podReplacementPolicy = true): void {
  const spec: JsonObject = isObject(job.spec) ? { ...job.spec } : {};
  job.spec = spec;
  defaultJobSpec(spec, podReplacementPolicy);
  // A Job without labels of its own (absent or `{}`: Go tests len() == 0) gets the template's labels.
  const template = isObject(spec.template) ? spec.template : undefined;
  const metadata = isObject(job.metadata) ? job.metadata : undefined;
  const templateLabels = template && isObject(template.metadata) ? template.metadata.labels : undefined;
  const ownLabels = metadata?.labels;
  const hasOwnLabels = isObject(ownLabels) ? Object.keys(ownLabels).length > 0 : ownLabels !== undefined;
  if (metadata && !hasOwnLabels && isObject(templateLabels)) job.metadata = { ...metadata, labels: templateLabels };
}

/** SetDefaults_Job on a JobSpec (a copy, changed in place), with the defaulters below it. */
function defaultJobSpec(spec: JsonObject, podReplacementPolicy: boolean): void {
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  if (spec.parallelism === undefined) spec.parallelism = 1;
  if (spec.backoffLimit === undefined) spec.backoffLimit = spec.backoffLimitPerIndex !== undefined ? MAX_INT32 : 6;
  if (spec.completionMode === undefined) spec.completionMode = 'NonIndexed';
  if (spec.suspend === undefined) spec.suspend = false;
  if (spec.manualSelector === undefined) spec.manualSelector = false;
  if (podReplacementPolicy && spec.podReplacementPolicy === undefined) {
    spec.podReplacementPolicy = spec.podFailurePolicy !== undefined ? 'Failed' : 'TerminatingOrFailed';
  }
  defaultNestedInJobSpec(spec);
}

/**
 * SetDefaults_CronJob, and in `spec.jobTemplate.spec` only the nested defaulters (SetObjectDefaults_CronJob
 * calls no SetDefaults_Job: the Job's own defaults come when the CronJob controller creates each Job).
 */
function defaultCronJob(cronJob: JsonObject): void {
  const spec: JsonObject = isObject(cronJob.spec) ? { ...cronJob.spec } : {};
  cronJob.spec = spec;
  // ConcurrencyPolicy is a plain string in Go: `""` is the zero value and is defaulted too.
  if (spec.concurrencyPolicy === undefined || spec.concurrencyPolicy === '') spec.concurrencyPolicy = 'Allow';
  if (spec.suspend === undefined) spec.suspend = false;
  if (spec.successfulJobsHistoryLimit === undefined) spec.successfulJobsHistoryLimit = 3;
  if (spec.failedJobsHistoryLimit === undefined) spec.failedJobsHistoryLimit = 1;
  const jobTemplate = isObject(spec.jobTemplate) ? spec.jobTemplate : undefined;
  if (jobTemplate && isObject(jobTemplate.spec)) {
    const jobSpec: JsonObject = { ...jobTemplate.spec };
    defaultNestedInJobSpec(jobSpec);
    spec.jobTemplate = { ...jobTemplate, spec: jobSpec };
  }
}

/** The defaulters below a JobSpec: pod failure policy patterns, and the Pod spec's restartPolicy. */
function defaultNestedInJobSpec(spec: JsonObject): void {
  const podFailurePolicy = spec.podFailurePolicy;
  if (isObject(podFailurePolicy) && Array.isArray(podFailurePolicy.rules)) {
    spec.podFailurePolicy = { ...podFailurePolicy, rules: podFailurePolicy.rules.map(defaultPodFailurePolicyRule) };
  }
  const template = isObject(spec.template) ? spec.template : undefined;
  // restartPolicy is a plain string in Go: `restartPolicy: ""` is the zero value and is defaulted too.
  if (template && isObject(template.spec) && (template.spec.restartPolicy === undefined || template.spec.restartPolicy === '')) {
    spec.template = { ...template, spec: { ...template.spec, restartPolicy: 'Always' } };
  }
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
function defaultCSIDriver(driver: JsonObject, seLinuxMount = true): void {
  const spec: JsonObject = isObject(driver.spec) ? { ...driver.spec } : {};
  driver.spec = spec;
  if (spec.attachRequired === undefined) spec.attachRequired = true;
  if (spec.podInfoOnMount === undefined) spec.podInfoOnMount = false;
  if (spec.storageCapacity === undefined) spec.storageCapacity = false;
  if (spec.fsGroupPolicy === undefined) spec.fsGroupPolicy = 'ReadWriteOnceWithFSType';
  if (spec.requiresRepublish === undefined) spec.requiresRepublish = false;
  if (seLinuxMount && spec.seLinuxMount === undefined) spec.seLinuxMount = false;
  if (spec.volumeLifecycleModes === undefined || (Array.isArray(spec.volumeLifecycleModes) && spec.volumeLifecycleModes.length === 0)) {
    spec.volumeLifecycleModes = ['Persistent'];
  }
}

/**
 * The object as the API server stores it, as far as comparing two versions of it needs: `applyDefaults`, and
 * the defaults of the Pod template that a create leaves in the stored Job (SetDefaults_PodSpec, _Container,
 * _Probe, _HTTPGetAction, _ObjectFieldSelector, the volume sources, the `+default` markers of core/v1;
 * SetDefaults_Pod is for Pods only and does not run on a template). The update checks compare two objects
 * after these defaults, as ValidateJobUpdate compares two stored objects: a manifest that writes a default out
 * and one that leaves it out are the same Job. Returns a copy; the input is not changed.
 */
export function applyStoredDefaults(kind: KindName, object: JsonObject): JsonObject {
  let defaulted = applyDefaults(kind, object);
  for (const location of jobSpecLocations(kind, object)) defaulted = withPodSpecDefaults(defaulted, [...location.path, 'template', 'spec']);
  return defaulted;
}

/** A copy with the Pod spec at `path` defaulted (the objects on the way copied), or the object when it has none there. */
function withPodSpecDefaults<T extends JsonObject | Json[]>(object: T, path: FieldPath): T {
  const [head, ...rest] = path;
  const child = Array.isArray(object) ? (typeof head === 'number' ? object[head] : undefined) : object[head as string];
  if (!isObject(child) && !(Array.isArray(child) && rest.length)) return object;
  const replaced = rest.length ? withPodSpecDefaults(child as JsonObject | Json[], rest) : defaultPodSpec(child as JsonObject);
  if (Array.isArray(object)) return object.map((item, index) => (index === head ? replaced : item)) as T;
  return { ...object, [head as string]: replaced };
}

/** SetDefaults_PodSpec and what it reaches. */
function defaultPodSpec(spec: JsonObject): JsonObject {
  const out: JsonObject = { ...spec };
  if (out.dnsPolicy === undefined || out.dnsPolicy === '') out.dnsPolicy = 'ClusterFirst';
  if (out.restartPolicy === undefined || out.restartPolicy === '') out.restartPolicy = 'Always';
  if (out.securityContext === undefined) out.securityContext = {};
  if (out.terminationGracePeriodSeconds === undefined) out.terminationGracePeriodSeconds = 30;
  if (out.schedulerName === undefined || out.schedulerName === '') out.schedulerName = 'default-scheduler';
  for (const list of ['containers', 'initContainers', 'ephemeralContainers']) {
    if (Array.isArray(out[list])) out[list] = (out[list] as Json[]).map(defaultContainer);
  }
  if (Array.isArray(out.volumes)) out.volumes = out.volumes.map(defaultVolume);
  return out;
}

/** SetDefaults_Container, with its ports, probes, lifecycle handlers and environment. */
function defaultContainer(container: Json): Json {
  if (!isObject(container)) return container;
  const out: JsonObject = { ...container };
  if (out.imagePullPolicy === undefined || out.imagePullPolicy === '') out.imagePullPolicy = imageTag(out.image) === 'latest' ? 'Always' : 'IfNotPresent';
  if (out.terminationMessagePath === undefined || out.terminationMessagePath === '') out.terminationMessagePath = '/dev/termination-log';
  if (out.terminationMessagePolicy === undefined || out.terminationMessagePolicy === '') out.terminationMessagePolicy = 'File';
  if (Array.isArray(out.ports)) out.ports = out.ports.map((port) => (isObject(port) && (port.protocol === undefined || port.protocol === '') ? { ...port, protocol: 'TCP' } : port));
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) if (isObject(out[probe])) out[probe] = defaultProbe(out[probe] as JsonObject);
  if (isObject(out.lifecycle)) {
    const lifecycle: JsonObject = { ...out.lifecycle };
    for (const hook of ['postStart', 'preStop']) if (isObject(lifecycle[hook])) lifecycle[hook] = defaultHandler(lifecycle[hook] as JsonObject);
    out.lifecycle = lifecycle;
  }
  if (Array.isArray(out.env)) {
    out.env = out.env.map((variable) => (isObject(variable) && isObject(variable.valueFrom) ? { ...variable, valueFrom: defaultEnvSource(variable.valueFrom) } : variable));
  }
  return out;
}

/** SetDefaults_Probe, and its handler's. */
function defaultProbe(probe: JsonObject): JsonObject {
  const out = defaultHandler(probe);
  for (const [field, value] of [['timeoutSeconds', 1], ['periodSeconds', 10], ['successThreshold', 1], ['failureThreshold', 3]] as const) {
    if (out[field] === undefined || out[field] === 0) out[field] = value;
  }
  if (isObject(out.grpc) && out.grpc.service === undefined) out.grpc = { ...out.grpc, service: '' };
  return out;
}

/** SetDefaults_HTTPGetAction inside a probe or lifecycle handler. */
function defaultHandler(handler: JsonObject): JsonObject {
  if (!isObject(handler.httpGet)) return { ...handler };
  const httpGet: JsonObject = { ...handler.httpGet };
  if (httpGet.path === undefined || httpGet.path === '') httpGet.path = '/';
  if (httpGet.scheme === undefined || httpGet.scheme === '') httpGet.scheme = 'HTTP';
  return { ...handler, httpGet };
}

function defaultEnvSource(valueFrom: JsonObject): JsonObject {
  const out: JsonObject = { ...valueFrom };
  if (isObject(out.fieldRef)) out.fieldRef = defaultFieldSelector(out.fieldRef);
  if (isObject(out.fileKeyRef) && out.fileKeyRef.optional === undefined) out.fileKeyRef = { ...out.fileKeyRef, optional: false };
  return out;
}

/** SetDefaults_ObjectFieldSelector. */
function defaultFieldSelector(selector: JsonObject): JsonObject {
  return selector.apiVersion === undefined || selector.apiVersion === '' ? { ...selector, apiVersion: 'v1' } : selector;
}

const DEFAULT_MODE = 420; // 0644, the default mode of secret, configMap, downwardAPI and projected volumes

/** SetDefaults_Volume and the volume sources' defaulters. */
function defaultVolume(volume: Json): Json {
  if (!isObject(volume)) return volume;
  const out: JsonObject = { ...volume };
  if (Object.keys(out).every((key) => key === 'name')) out.emptyDir = {};
  for (const source of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    if (isObject(out[source]) && (out[source] as JsonObject).defaultMode === undefined) out[source] = { ...(out[source] as JsonObject), defaultMode: DEFAULT_MODE };
  }
  if (isObject(out.downwardAPI)) out.downwardAPI = withDefaultedItems(out.downwardAPI);
  if (isObject(out.projected) && Array.isArray(out.projected.sources)) {
    out.projected = { ...out.projected, sources: out.projected.sources.map(defaultProjection) };
  }
  if (isObject(out.hostPath) && out.hostPath.type === undefined) out.hostPath = { ...out.hostPath, type: '' };
  if (isObject(out.image) && (out.image.pullPolicy === undefined || out.image.pullPolicy === '')) {
    out.image = { ...out.image, pullPolicy: imageTag(out.image.reference) === 'latest' ? 'Always' : 'IfNotPresent' };
  }
  const sourceDefaults: Record<string, Record<string, Json>> = {
    rbd: { pool: 'rbd', user: 'admin', keyring: '/etc/ceph/keyring' },
    iscsi: { iscsiInterface: 'default' },
    azureDisk: { cachingMode: 'ReadWrite', fsType: 'ext4', readOnly: false, kind: 'Shared' },
    scaleIO: { storageMode: 'ThinProvisioned', fsType: 'xfs' },
  };
  for (const [source, defaults] of Object.entries(sourceDefaults)) {
    if (!isObject(out[source])) continue;
    const defaulted: JsonObject = { ...(out[source] as JsonObject) };
    for (const [field, value] of Object.entries(defaults)) if (defaulted[field] === undefined || defaulted[field] === '') defaulted[field] = value;
    out[source] = defaulted;
  }
  const claimSpec = isObject(out.ephemeral) && isObject(out.ephemeral.volumeClaimTemplate) ? out.ephemeral.volumeClaimTemplate.spec : undefined;
  if (isObject(out.ephemeral) && isObject(out.ephemeral.volumeClaimTemplate) && isObject(claimSpec) && claimSpec.volumeMode === undefined) {
    out.ephemeral = { ...out.ephemeral, volumeClaimTemplate: { ...out.ephemeral.volumeClaimTemplate, spec: { ...claimSpec, volumeMode: 'Filesystem' } } };
  }
  return out;
}

function defaultProjection(projection: Json): Json {
  if (!isObject(projection)) return projection;
  const out: JsonObject = { ...projection };
  if (isObject(out.downwardAPI)) out.downwardAPI = withDefaultedItems(out.downwardAPI);
  if (isObject(out.serviceAccountToken) && out.serviceAccountToken.expirationSeconds === undefined) {
    out.serviceAccountToken = { ...out.serviceAccountToken, expirationSeconds: 3600 };
  }
  return out;
}

/** A downwardAPI source whose items' `fieldRef`s carry their default apiVersion. */
function withDefaultedItems(source: JsonObject): JsonObject {
  if (!Array.isArray(source.items)) return source;
  return { ...source, items: source.items.map((item) => (isObject(item) && isObject(item.fieldRef) ? { ...item, fieldRef: defaultFieldSelector(item.fieldRef) } : item)) };
}

/**
 * The tag parsers.ParseImageName finds in an image reference: the tag of the last path component, `latest`
 * when there is neither a tag nor a digest, and none for a digest alone or a reference it cannot parse
 * (upper-case repository names, empty text).
 */
export function imageTag(image: Json | undefined): string | undefined {
  if (typeof image !== 'string' || image === '') return undefined;
  const at = image.indexOf('@');
  const name = at === -1 ? image : image.slice(0, at);
  const lastComponent = name.slice(name.lastIndexOf('/') + 1);
  const colon = lastComponent.lastIndexOf(':');
  const repository = colon === -1 ? name : name.slice(0, name.length - (lastComponent.length - colon));
  const domainEnd = repository.indexOf('/');
  const path = domainEnd !== -1 && /[.:]|^localhost$/.test(repository.slice(0, domainEnd)) ? repository.slice(domainEnd + 1) : repository;
  if (/[A-Z]/.test(path)) return undefined;
  if (colon !== -1) return lastComponent.slice(colon + 1);
  return at === -1 ? 'latest' : undefined;
}
