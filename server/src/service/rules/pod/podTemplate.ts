// Shared plumbing of the pod-template rules. Each core check takes the pod template (as written) and
// the path where it sits, so any kind with a pod template can reuse it; `jobTemplateRule` wires one to
// the Pod template of every JobSpec: a Job's `spec.template`, a CronJob's `spec.jobTemplate.spec.template`,
// each Job template's of a JobSet (checked from the Job's root, as the batch API server prints it for the Job
// the controller creates, then placed in the JobSet: rules/job/wrapped.ts).
import { isObject } from '../../kube/defaults';
import { dnsHostnamesEnabled } from '../../kube/jobset';
import { isDns1123Subdomain } from '../../kube/names';
import { JOB_SPEC_KINDS, type JobSpecLocation } from '../../kube/jobSpec';
import { jsonAt, type FieldPath, type Finding, type Json, type JsonObject, type Rule, type RuleCode, type RuleContext } from '../../types';
import { locationsOf } from '../job/jobFields';
import { inEachLocation, settled } from '../job/wrapped';

export type ContainerList = 'containers' | 'initContainers';

export interface ContainerRef {
  list: ContainerList;
  index: number;
  container: JsonObject;
  /** Path of the container, e.g. ['spec', 'template', 'spec', 'containers', 0]. */
  path: FieldPath;
}

export interface PodTemplateCheck {
  (template: Json | undefined, base: FieldPath, minor: number, place: PodTemplatePlace): Finding[];
}

/** Where a Pod template is, and what its controller sets in it whatever is written (never the author's mistake). */
export interface PodTemplatePlace {
  location: JobSpecLocation;
  /** Pod spec fields the controller overwrites: `subdomain` in a JobSet with DNS hostnames (its default). */
  overwritten: ReadonlySet<string>;
}

const NOTHING_OVERWRITTEN: ReadonlySet<string> = new Set();
const SUBDOMAIN: ReadonlySet<string> = new Set(['subdomain']);

/**
 * Runs a pod-template check on the Pod template of each JobSpec location of the rule's object: at its path in a
 * Job or a CronJob; in a JobSet's replicatedJob from the Job's root (`spec.template`), then placed in the JobSet.
 */
export function inEachPodTemplate(context: RuleContext, check: PodTemplateCheck, reads?: TemplateReads): Finding[] {
  return inEachLocation(context, locationsOf(context), (location) => {
    const base: FieldPath = location.createdBy ? ['spec', 'template'] : [...location.path, 'template'];
    const template = jsonAt(context.object, [...location.path, 'template']);
    const created = location.createdBy ? withClaimVolumes(template, location, context) : template;
    // A family listed in POD_TEMPLATE_READS is skipped on a template without any of the fields it reads.
    if (reads && !templateHas(created, reads)) return [];
    return check(created, base, context.minor, { location, overwritten: overwrittenAt(location, context) });
  });
}

/**
 * The Pod template as the JobSet controller creates it (volume_claim_policy.go addVolumes): a volume for each
 * claim template of `volumeClaimPolicies` that a container mounts, after the written ones (one of the same
 * name is the JobSet webhook's refusal, rules/jobset/).
 */
function withClaimVolumes(template: Json | undefined, location: JobSpecLocation, context: RuleContext): Json | undefined {
  const creator = location.createdBy;
  const policies = creator ? jsonAt(context.object, [...creator.jobSetSpec, 'volumeClaimPolicies']) : undefined;
  if (!Array.isArray(policies) || !isObject(template) || !isObject(template.spec)) return template;
  const claims = policies.flatMap((policy) => (isObject(policy) && Array.isArray(policy.templates) ? policy.templates : []))
    .map((claim) => (isObject(claim) && isObject(claim.metadata) ? claim.metadata.name : undefined))
    .filter((name): name is string => typeof name === 'string');
  const spec = template.spec;
  const written = Array.isArray(spec.volumes) ? spec.volumes : [];
  const mounted = new Set(['containers', 'initContainers'].flatMap((list) => (Array.isArray(spec[list]) ? spec[list] as Json[] : []))
    .flatMap((container) => (isObject(container) && Array.isArray(container.volumeMounts) ? container.volumeMounts : []))
    .map((mount) => (isObject(mount) ? mount.name : undefined)));
  const names = new Set(written.map((volume) => (isObject(volume) ? volume.name : undefined)));
  // A duplicate or malformed claim name is the JobSet webhook's refusal: no Job is made then.
  const added = [...new Set(claims)].filter((name) => mounted.has(name) && !names.has(name) && isDns1123Subdomain(name))
    .map((name) => ({ name, persistentVolumeClaim: { claimName: name } }));
  return added.length ? { ...template, spec: { ...spec, volumes: [...written, ...added] } } : template;
}

/** The JobSet controller sets each Pod's subdomain to the JobSet's (constructJob) while DNS hostnames are on. */
function overwrittenAt(location: JobSpecLocation, context: RuleContext): ReadonlySet<string> {
  const creator = location.createdBy;
  if (!creator) return NOTHING_OVERWRITTEN;
  const network = settled(() => jsonAt(context.defaulted, [...creator.jobSetSpec, 'network']));
  return network === undefined || dnsHostnamesEnabled({ network }) ? SUBDOMAIN : NOTHING_OVERWRITTEN;
}

/** The template's `spec`, when it is a mapping. */
export function podSpecOf(template: Json | undefined): JsonObject | undefined {
  return isObject(template) && isObject(template.spec) ? template.spec : undefined;
}

/** The containers of one list (entries that are mappings), with their paths. */
export function containersOf(spec: JsonObject, base: FieldPath, list: ContainerList): readonly ContainerRef[] {
  const lists = containerLists(spec, base);
  return (lists[list] ??= listOf(spec, base, list));
}

/** Regular containers first, then init containers: the order the server validates them in. */
export function allContainersOf(spec: JsonObject, base: FieldPath): readonly ContainerRef[] {
  const lists = containerLists(spec, base);
  return (lists.all ??= Object.freeze([...containersOf(spec, base, 'containers'), ...containersOf(spec, base, 'initContainers')]));
}

/** A pod spec's container references, each list made on first use (a list not asked for is not read). */
interface ContainerLists {
  base: FieldPath;
  containers?: readonly ContainerRef[];
  initContainers?: readonly ContainerRef[];
  all?: readonly ContainerRef[];
}

/**
 * The container references of a pod spec, made once per spec and path: a dozen families walk the same
 * containers of every template. They are frozen: the families only read them.
 */
function containerLists(spec: JsonObject, base: FieldPath): ContainerLists {
  let lists = CONTAINER_LISTS.get(spec);
  if (!lists || !samePath(lists.base, base)) CONTAINER_LISTS.set(spec, (lists = { base }));
  return lists;
}

const CONTAINER_LISTS = new WeakMap<JsonObject, ContainerLists>();

function listOf(spec: JsonObject, base: FieldPath, list: ContainerList): readonly ContainerRef[] {
  const entries = spec[list];
  if (!Array.isArray(entries)) return Object.freeze([]);
  const refs: ContainerRef[] = [];
  entries.forEach((container, index) => {
    if (isObject(container)) refs.push(Object.freeze({ list, index, container, path: Object.freeze([...base, 'spec', list, index]) as FieldPath }));
  });
  return Object.freeze(refs);
}

function samePath(a: FieldPath, b: FieldPath): boolean {
  return a === b || (a.length === b.length && a.every((segment, index) => segment === b[index]));
}

/** How messages name a container: "container `main`" or "init container #2". */
export function describeContainer(ref: ContainerRef): string {
  const noun = ref.list === 'containers' ? 'container' : 'init container';
  const name = ref.container.name;
  return typeof name === 'string' && name !== '' ? `${noun} \`${name}\`` : `${noun} #${ref.index + 1}`;
}

/**
 * A rule running one pod-template check on the Pod template of each kind with a JobSpec. A family listed in
 * POD_TEMPLATE_READS is skipped on a template that has none of the fields it reads (see templateHas).
 */
export function jobTemplateRule(name: string, codes: readonly RuleCode[], check: PodTemplateCheck): Rule {
  const declared = POD_TEMPLATE_READS[name];
  const reads = declared && { pod: (declared.pod ?? []).map(splitField), container: (declared.container ?? []).map(splitField) };
  const unguarded = (context: RuleContext): Finding[] => inEachPodTemplate(context, check);
  if (!reads) return { name, kinds: JOB_SPEC_KINDS, codes, check: unguarded };
  const guarded = (context: RuleContext): Finding[] => inEachPodTemplate(context, check, reads);
  UNGUARDED.set(guarded, unguarded);
  return { name, kinds: JOB_SPEC_KINDS, codes, check: guarded };
}

// ---- Skipping a family on what a template does not contain -------------------------------------------
// Most Pod templates set a handful of the Pod's fields, and a family whose fields are all absent can only
// say nothing: it is not run. A family declares here what it reads (a key of the Pod spec or of a container
// or init container, dotted for a nested one), when it reports nothing without all of them; the test
// harness (test/unit/rules/harness.ts) runs every rule table case with and without the guard and requires
// the same findings. A family not listed always runs.

/** Fields of the Pod spec and of its containers (and init containers), dotted below a key. */
export interface PodTemplateReads {
  pod?: readonly string[];
  container?: readonly string[];
}

export const POD_TEMPLATE_READS: Readonly<Record<string, PodTemplateReads>> = {
  ValidateVolumes: { pod: ['volumes'] },
  validateVolumeSource: { pod: ['volumes'] },
  validateContainerPorts: { container: ['ports'] },
  ValidateEnv: { container: ['env', 'envFrom'] },
  'validateEnvVarValueFrom (sources)': { container: ['env', 'envFrom'] },
  ValidateContainerResourceRequirements: { container: ['resources'] },
  validateContainerRestartPolicy: { container: ['restartPolicy', 'restartPolicyRules'] },
  ValidateVolumeMounts: { container: ['volumeMounts', 'volumeDevices'] },
  validateInitContainerResizePolicy: { container: ['resizePolicy'] },
  validateAffinity: { pod: ['affinity'] },
  ValidateTolerations: { pod: ['tolerations'] },
  validateTopologySpreadConstraints: { pod: ['topologySpreadConstraints'] },
  validatePodResourceClaims: { pod: ['resourceClaims'], container: ['resources.claims'] },
  validatePodResources: { pod: ['resources'] },
  validateProbe: { container: ['livenessProbe', 'readinessProbe', 'startupProbe'] },
  validateLifecycle: { container: ['lifecycle'] },
  validateSysctls: { pod: ['securityContext.sysctls'] },
  validateWindowsSecurityContextOptions: { pod: ['securityContext.windowsOptions'], container: ['securityContext.windowsOptions'] },
  validateOS: { pod: ['os'] },
  'GetWarningsForPodTemplate (imagePullSecrets)': { pod: ['imagePullSecrets'] },
};

/** Each guarded check's unguarded twin, by the guarded check (a rule object may be copied, its check is kept). */
const UNGUARDED = new WeakMap<Rule['check'], Rule['check']>();

/** A guarded family's check without its guard (tests compare the two); undefined for a family without one. */
export function unguardedCheck(rule: Rule): Rule['check'] | undefined {
  return UNGUARDED.get(rule.check);
}

/** What a guarded family reads, split at the dots. */
interface TemplateReads {
  pod: string[][];
  container: string[][];
}

/**
 * Whether a Pod template has one of the fields (any value). Without a Pod spec no listed family reports
 * anything. On a partial object (a Helm template or a patch, partial/trackedObject.ts) a read of what the text
 * does not settle throws; the family then runs, and decides for itself.
 */
function templateHas(template: Json | undefined, reads: TemplateReads): boolean {
  try {
    const spec = podSpecOf(template);
    if (!spec) return false;
    if (reads.pod.some((field) => fieldAt(spec, field) !== undefined)) return true;
    if (reads.container.length === 0) return false;
    for (const list of ['containers', 'initContainers'] as const) {
      const containers = spec[list];
      if (!Array.isArray(containers)) continue;
      for (const container of containers) {
        if (isObject(container) && reads.container.some((field) => fieldAt(container, field) !== undefined)) return true;
      }
    }
    return false;
  } catch {
    return true;
  }
}

function splitField(dotted: string): string[] {
  return dotted.split('.');
}

function fieldAt(object: JsonObject, keys: readonly string[]): Json | undefined {
  let value: Json | undefined = object;
  for (const key of keys) value = isObject(value) ? value[key] : undefined;
  return value;
}
