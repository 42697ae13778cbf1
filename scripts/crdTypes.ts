// The custom resources KubeAssist checks besides the Kubernetes API (JobSet, Kubeflow Trainer's training
// runtimes), as the projects' own CustomResourceDefinitions describe them. `npm run gen:crds` reads the CRDs
// of the pinned releases (CRD_SOURCES) and writes scripts/crds/<crd>.json: the CRD's schema without its
// description prose, each embedded Kubernetes type replaced by a marker naming it (checked, when the facts
// are written, against the Kubernetes types of the release the project builds on). `npm run gen:schemas`
// turns those facts into named OpenAPI types (crdTypes) that join the Kubernetes types of each release.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CRDS_DIR = resolve(__dirname, 'crds');

/** Where one CRD comes from: the project's release, the commit it is tagged at, the file, its licence. */
export interface CrdSource {
  /** The CRD's metadata.name. */
  crd: string;
  kind: string;
  repository: string;
  release: string;
  commit: string;
  path: string;
  licence: string;
  /** The Kubernetes API release (k8s.io/api in the project's go.mod) its embedded Kubernetes types come from. */
  kubernetesApi: string;
}

export const CRD_SOURCES: readonly CrdSource[] = [
  {
    crd: 'jobsets.jobset.x-k8s.io', kind: 'JobSet', repository: 'kubernetes-sigs/jobset', release: 'v0.12.0',
    commit: 'f22e565ac3cc3265c7c45ef67ecffdc689af5d77', path: 'config/components/crd/bases/jobset.x-k8s.io_jobsets.yaml',
    licence: 'Apache-2.0', kubernetesApi: '1.36',
  },
  {
    crd: 'trainingruntimes.trainer.kubeflow.org', kind: 'TrainingRuntime', repository: 'kubeflow/trainer', release: 'v2.3.0',
    commit: '658725bdae5c7e3a0854d93ac6ff492e109a22ab', path: 'manifests/base/crds/trainer.kubeflow.org_trainingruntimes.yaml',
    licence: 'Apache-2.0', kubernetesApi: '1.36',
  },
  {
    crd: 'clustertrainingruntimes.trainer.kubeflow.org', kind: 'ClusterTrainingRuntime', repository: 'kubeflow/trainer', release: 'v2.3.0',
    commit: '658725bdae5c7e3a0854d93ac6ff492e109a22ab', path: 'manifests/base/crds/trainer.kubeflow.org_clustertrainingruntimes.yaml',
    licence: 'Apache-2.0', kubernetesApi: '1.36',
  },
];

/** A CRD schema node as the facts keep it: structure and validation facts, no prose. */
export interface CrdNode {
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  minItems?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, CrdNode>;
  items?: CrdNode;
  additionalProperties?: CrdNode | boolean;
  required?: string[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-validations'?: { rule: string; message?: string }[];
  /** In the facts: an embedded type, named as the generator knows it (a Kubernetes type or another CRD's). */
  'x-kubeassist-embedded'?: string;
}

/** The keywords the facts keep from a CRD schema (everything else, descriptions first, is left behind). */
export const KEPT_KEYWORDS: readonly (keyof CrdNode)[] = [
  'type', 'format', 'enum', 'default', 'minimum', 'maximum', 'maxItems', 'minItems', 'maxLength', 'pattern', 'properties', 'items',
  'additionalProperties', 'required', 'x-kubernetes-int-or-string', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'x-kubernetes-validations',
];

export interface CrdFacts {
  $comment: string;
  source: CrdSource;
  group: string;
  version: string;
  kind: string;
  scope: 'Namespaced' | 'Cluster';
  schema: CrdNode;
}

export function factsFileOf(source: CrdSource): string {
  return `${source.crd}.json`;
}

/** The facts of every CRD in CRD_SOURCES, by kind; a missing file stops the generator. */
export function readCrdFacts(dir = CRDS_DIR): Map<string, CrdFacts> {
  const facts = new Map<string, CrdFacts>();
  if (!existsSync(dir)) throw new Error(`${dir} does not exist: run npm run gen:crds`);
  const files = new Set(readdirSync(dir));
  for (const source of CRD_SOURCES) {
    const file = factsFileOf(source);
    if (!files.has(file)) throw new Error(`scripts/crds/${file} is missing: run npm run gen:crds`);
    facts.set(source.kind, JSON.parse(readFileSync(join(dir, file), 'utf8')) as CrdFacts);
  }
  return facts;
}

// ---------------------------------------------------------------------------------------------------
// Facts -> named OpenAPI types

/** An OpenAPI schema as the generator reads the Kubernetes documents (refs as `#/components/schemas/<name>`). */
export interface TypeSchema {
  type?: string;
  format?: string;
  properties?: Record<string, TypeSchema>;
  additionalProperties?: TypeSchema | boolean;
  items?: TypeSchema;
  required?: string[];
  enum?: unknown[];
  $ref?: string;
  [keyword: string]: unknown;
}

export type Types = Record<string, TypeSchema>;

const REF = '#/components/schemas/';
const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const PERSISTENT_VOLUME_CLAIM = 'io.k8s.api.core.v1.PersistentVolumeClaim';

/**
 * A PVC as a JobSet's volume claim templates hold it. The batch documents reach only its spec (through an
 * ephemeral volume's claim template); its status is the volume controller's and any JSON is kept there.
 */
export function withPersistentVolumeClaim(types: Types): Types {
  types[PERSISTENT_VOLUME_CLAIM] = {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: ref(OBJECT_META),
      spec: ref('io.k8s.api.core.v1.PersistentVolumeClaimSpec'),
      status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  };
  return types;
}

/** The Go type names of each CRD's object types, by field path ('' is the kind): facts read from the projects' types. */
export const CRD_TYPE_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // sigs.k8s.io/jobset api/jobset/v1alpha2/jobset_types.go (metav1.Condition for the status conditions)
  JobSet: prefixed('jobset.x-k8s.io.v1alpha2.', {
    '': 'JobSet', spec: 'JobSetSpec', 'spec.coordinator': 'Coordinator', 'spec.failurePolicy': 'FailurePolicy',
    'spec.failurePolicy.rules[]': 'FailurePolicyRule', 'spec.network': 'Network', 'spec.replicatedJobs[]': 'ReplicatedJob',
    'spec.replicatedJobs[].dependsOn[]': 'DependsOn', 'spec.startupPolicy': 'StartupPolicy', 'spec.successPolicy': 'SuccessPolicy',
    'spec.volumeClaimPolicies[]': 'VolumeClaimPolicy', 'spec.volumeClaimPolicies[].retentionPolicy': 'VolumeRetentionPolicy',
    status: 'JobSetStatus', 'status.conditions[]': 'Condition', 'status.replicatedJobsStatus[]': 'ReplicatedJobStatus',
  }),
  // github.com/kubeflow/trainer pkg/apis/trainer/v1alpha1/trainingruntime_types.go (volcano's NetworkTopologySpec)
  TrainingRuntime: trainerTypeNames('TrainingRuntime'),
  ClusterTrainingRuntime: trainerTypeNames('ClusterTrainingRuntime'),
};

function trainerTypeNames(kind: string): Record<string, string> {
  return prefixed('trainer.kubeflow.org.v1alpha1.', {
    '': kind, spec: 'TrainingRuntimeSpec', 'spec.mlPolicy': 'MLPolicy', 'spec.mlPolicy.flux': 'FluxMLPolicySource',
    'spec.mlPolicy.mpi': 'MPIMLPolicySource', 'spec.mlPolicy.torch': 'TorchMLPolicySource', 'spec.mlPolicy.torch.envInjection': 'EnvInjection',
    'spec.mlPolicy.torch.envInjection.targets[]': 'EnvInjectionTarget', 'spec.podGroupPolicy': 'PodGroupPolicy',
    'spec.podGroupPolicy.coscheduling': 'CoschedulingPodGroupPolicySource', 'spec.podGroupPolicy.volcano': 'VolcanoPodGroupPolicySource',
    'spec.podGroupPolicy.volcano.networkTopology': 'NetworkTopologySpec', 'spec.template': 'JobSetTemplateSpec',
  });
}

function prefixed(prefix: string, names: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(names).map(([path, name]) => [path, `${prefix}${name}`]));
}

/** The CRD kinds a kind's types draw on, the kind's own last (a training runtime embeds the JobSet spec). */
const DRAWS_ON: Readonly<Record<string, readonly string[]>> = {
  JobSet: ['JobSet'],
  TrainingRuntime: ['JobSet', 'TrainingRuntime'],
  ClusterTrainingRuntime: ['JobSet', 'ClusterTrainingRuntime'],
};

/**
 * The OpenAPI types of a custom kind in a Kubernetes release: the Kubernetes types of that release (what the
 * batch API server checks in each Job the controller creates), the CRD's own types, and the embedded variants.
 * A field newer than the release the project builds on (scripts/crds: `kubernetesApi`) is one its CRD does not
 * know yet; the schema keeps it, so that the Job template reads as the release's Job (no false error, a miss).
 * Returns the root type's name with them.
 */
export function customKindTypes(kind: string, release: string, facts: ReadonlyMap<string, CrdFacts>, kubernetesTypes: (release: string) => Types): { rootType: string; types: Types } {
  if (!facts.get(kind)) throw new Error(`no CRD facts for ${kind}`);
  const types = withPersistentVolumeClaim(structuredClone(kubernetesTypes(release)));
  const embeddedName = (marker: string): string => (marker.startsWith('io.k8s.') ? withEmbeddedObjectMeta(types, marker) : marker);
  let rootType = '';
  for (const drawn of DRAWS_ON[kind] ?? [kind]) {
    const converted = crdTypes(facts.get(drawn) as CrdFacts, CRD_TYPE_NAMES[drawn], embeddedName);
    Object.assign(types, converted.types);
    rootType = converted.rootType;
  }
  return { rootType, types };
}

export function ref(name: string): TypeSchema {
  return { $ref: `${REF}${name}` };
}

/**
 * The named types of one CRD: every object with properties becomes a type, named by `typeNames` (the Go type
 * names, by field path from the root: '' for the kind, `spec`, `spec.replicatedJobs[]`), each embedded marker a
 * reference to the type it names. Facts the converter of gen-schemas reads are kept (type, format, enum,
 * required, list and map semantics, minimum, maximum); the others stay in the facts for the rules that mirror
 * them (maxItems, CEL rules).
 */
export function crdTypes(facts: CrdFacts, typeNames: Readonly<Record<string, string>>, embeddedName: (marker: string) => string = (marker) => marker): { rootType: string; types: Types } {
  const types: Types = {};
  const used = new Set<string>();
  const convert = (node: CrdNode, path: string): TypeSchema => {
    const embedded = node['x-kubeassist-embedded'];
    if (embedded) return ref(embeddedName(embedded));
    // The object's own metadata is the API server's ObjectMeta, whatever the CRD says of it.
    if (path === 'metadata') return ref(OBJECT_META);
    if (node.properties) {
      const name = typeNames[path];
      if (!name) throw new Error(`${facts.kind} ${path || '(root)'}: an object type without a name in the type-name table`);
      if (used.has(name)) throw new Error(`${facts.kind}: two paths are named ${name}`);
      used.add(name);
      const out: TypeSchema = { type: 'object', properties: {} };
      for (const field of Object.keys(node.properties).sort()) {
        (out.properties as Record<string, TypeSchema>)[field] = convert(node.properties[field], path ? `${path}.${field}` : field);
      }
      if (node.required?.length) out.required = [...node.required];
      if (node['x-kubernetes-preserve-unknown-fields']) out['x-kubernetes-preserve-unknown-fields'] = true;
      types[name] = out;
      return ref(name);
    }
    const out: Record<string, unknown> = {};
    for (const keyword of ['type', 'format', 'enum', 'minimum', 'maximum', 'x-kubernetes-int-or-string', 'x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type'] as const) {
      if (node[keyword] !== undefined) out[keyword] = structuredClone(node[keyword]);
    }
    if (node.items) out.items = convert(node.items, `${path}[]`);
    if (typeof node.additionalProperties === 'object') out.additionalProperties = convert(node.additionalProperties, `${path}{}`);
    return out as TypeSchema;
  };
  const root = convert(facts.schema, '');
  const rootType = (root.$ref ?? '').slice(REF.length);
  for (const name of Object.keys(typeNames)) {
    if (!used.has(typeNames[name])) throw new Error(`${facts.kind}: the type-name table names ${name}, which the CRD does not have`);
  }
  return { rootType, types };
}

/** The prefix of a type restricted to what a CRD embeds (its variants below); never part of a type label. */
export const EMBEDDED_PREFIX = 'kubeassist.embedded.';

/**
 * The types whose ObjectMeta a CRD embeds restricted, as far as KubeAssist follows it: the Job template's and
 * the Pod template's metadata, where templates hold labels and annotations. (An ephemeral volume's claim
 * template is restricted too; the schema keeps its full ObjectMeta, so that the Pod spec stays the one type every
 * kind shares: a miss, never a false error.)
 */
const EMBEDDING_TYPES: ReadonlySet<string> = new Set([
  'io.k8s.api.batch.v1.JobTemplateSpec', 'io.k8s.api.batch.v1.JobSpec', 'io.k8s.api.core.v1.PodTemplateSpec', 'io.k8s.api.core.v1.PersistentVolumeClaim',
]);

/**
 * controller-gen embeds a template's ObjectMeta with five fields only (name, namespace, labels, annotations,
 * finalizers): a CRD refuses the others (generateName, ownerReferences ...) under strict field validation. The
 * types reachable from `root` through EMBEDDING_TYPES that reach ObjectMeta get a variant,
 * `kubeassist.embedded.<name>`, whose ObjectMeta is so restricted; the others are shared. Returns the variant's
 * name of `root`.
 */
export function withEmbeddedObjectMeta(types: Types, root: string): string {
  const reaches = new Map<string, boolean>();
  const reachesObjectMeta = (name: string, path: readonly string[]): boolean => {
    if (name === OBJECT_META) return true;
    if (!EMBEDDING_TYPES.has(name)) return false;
    const known = reaches.get(name);
    if (known !== undefined) return known;
    if (path.includes(name)) return false;
    const result = referencesOf(types[name]).some((target) => reachesObjectMeta(target, [...path, name]));
    reaches.set(name, result);
    return result;
  };
  const variant = (name: string): string => {
    if (!reachesObjectMeta(name, [])) return name;
    const variantName = `${EMBEDDED_PREFIX}${name}`;
    if (types[variantName]) return variantName;
    if (name === OBJECT_META) {
      const meta = types[OBJECT_META];
      const properties = Object.fromEntries(
        ['annotations', 'finalizers', 'labels', 'name', 'namespace'].map((field) => [field, structuredClone((meta.properties ?? {})[field])]),
      );
      types[variantName] = { ...structuredClone(meta), properties };
      return variantName;
    }
    types[variantName] = {}; // placeholder: a type may reach itself
    types[variantName] = rewriteRefs(types[name], variant);
    return variantName;
  };
  return variant(root);
}

function referencesOf(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(referencesOf);
  const out: string[] = [];
  for (const [keyword, value] of Object.entries(node as Record<string, unknown>)) {
    if (keyword === '$ref' && typeof value === 'string') out.push(value.slice(REF.length));
    else out.push(...referencesOf(value));
  }
  return out;
}

function rewriteRefs(node: TypeSchema, rename: (name: string) => string): TypeSchema {
  const visit = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(visit);
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([keyword, child]) =>
      keyword === '$ref' && typeof child === 'string' ? [keyword, `${REF}${rename(child.slice(REF.length))}`] : [keyword, visit(child)]));
  };
  return visit(node) as TypeSchema;
}

/** A type name as the original Kubernetes (or CRD) type it is a variant of. */
export function originalTypeName(name: string): string {
  return name.startsWith(EMBEDDED_PREFIX) ? name.slice(EMBEDDED_PREFIX.length) : name;
}
