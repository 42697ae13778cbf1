// What the workspace index keeps of one YAML document: for each object it records (relations/kinds.ts), its
// kind, name and namespace, the annotations that order its creation (Helm hooks, Argo CD waves), what its kind
// says to the relation checks (a CSIDriver's modes, a claim's class ...), and every reference it makes, each with
// the offsets of the value that names the other object. Plain data: it crosses worker threads (the CLI) and
// outlives the syntax tree it was read from. A Helm template is read through its masked text: a value an
// action writes is unknown, except a name, which is kept as its template text (two objects of one chart that
// write the same text have the same name).
import { toServerJson } from '../document/kubectlYaml';
import { walk } from '../document/paths';
import type { ResourceNode, YamlDocument } from '../document/yamlDocument';
import type { TemplateView } from '../document/helmTemplate';
import { templateUnknowns } from '../partial/fromTemplate';
import { UNKNOWN_VALUE, type Unknowns } from '../partial/unknowns';
import { jsonAt, type FieldPath, type Json, type JsonObject } from '../types';
import { CONSUMER_KINDS, isConsumerKind, isDefinitionKind, mayHoldIndexedKinds, type TargetKind } from './kinds';

/** A value read from the text: known (`value`, undefined when certainly absent) or not knowable (`unknown`). */
export interface Read<T> {
  value?: T;
  unknown?: true;
}

/**
 * An object's name as written. `key` compares names: the literal name, or for a Helm template the action text
 * (normalised); absent when it cannot be compared (an action inside `range`/`with`, where `.` is rebound).
 */
export interface NameRef {
  text: string;
  key?: string;
  literal: boolean;
}

/** Offsets into the document's text. */
export type Span = [start: number, end: number];

export interface Reference {
  target: TargetKind;
  name: NameRef;
  /** The namespace a reference names itself (a PersistentVolume's `claimRef`); others use their object's. */
  namespace?: string;
  /** The field path of the value, from the object's root. */
  path: FieldPath;
  span: Span;
  /** How it is referenced, in the words of the field: `configMapKeyRef`, `envFrom`, `volume`, `serviceAccountName` ... */
  via: string;
  /** The Pod does not start without it (a non-optional ConfigMap or Secret, the ServiceAccount, a claim). */
  needed: boolean;
  /** Index of the Pod template it belongs to (JobSets have several), when it is a Pod's reference. */
  pod?: number;
}

export interface VolumeFacts {
  name: string;
  path: FieldPath;
  csi?: { driver: Read<string>; fsType: Read<string>; readOnly: Read<boolean> };
  claim?: { claimName: Read<NameRef>; readOnly: Read<boolean> };
  /** A generic ephemeral volume, or a StatefulSet's volumeClaimTemplate of this name: the claim's spec. */
  claimTemplate?: ClaimSpec;
}

export interface ClaimSpec {
  /** undefined: absent (the default class); '' : no class. */
  storageClassName: Read<string>;
  accessModes: Read<string[]>;
  path: FieldPath;
}

export interface PodFacts {
  metadata: FieldPath;
  spec: FieldPath;
  fsGroup: Read<number>;
  volumes: VolumeFacts[];
  /** `gke-gcsfuse/volumes` on the Pod template, and every `gke-gcsfuse/` key there. */
  gcsfuseVolumes: Read<string>;
  gcsfuseKeys: Read<string[]>;
  /** `gke-gcsfuse/*` annotations written on the objects above the Pods (the Job, the CronJob ...): keys and spans. */
  ownerGcsfuse: { key: string; path: FieldPath; span: Span }[];
  /** A container named `gke-gcsfuse-sidecar` (the sidecar added by hand). */
  gcsfuseSidecar: Read<boolean>;
}

export interface HookAnnotations {
  helmHook: Read<string>;
  helmWeight: Read<string>;
  argoHook: Read<string>;
  argoWave: Read<string>;
  /** Where `metadata` and its `annotations` are (for a fix that adds annotations), when both are written literally. */
  annotationsAt?: { metadataSpan: Span; annotationsSpan?: Span; flow: boolean };
}

/** What a kind says to the checks. */
export interface DefinitionSpec {
  /** CSIDriver. */
  volumeLifecycleModes?: Read<string[]>;
  fsGroupPolicy?: Read<string>;
  /** StorageClass. */
  provisioner?: Read<string>;
  fsType?: Read<string>;
  /** PersistentVolume: `spec.csi`. */
  csiDriver?: Read<string>;
  /** PersistentVolume and PersistentVolumeClaim. */
  accessModes?: Read<string[]>;
  storageClassName?: Read<string>;
  /** PersistentVolumeClaim: the volume it binds. */
  volumeName?: Read<string>;
  /** PersistentVolume: the claim it is reserved for. */
  claimRef?: { name: string; namespace?: string };
  /** VolumeSnapshotClass. */
  driver?: Read<string>;
}

export interface ObjectFacts {
  apiVersion: string;
  kind: string;
  /** The object's path in its document: [] or ['items', i] in a List. */
  prefix: FieldPath;
  name?: NameRef;
  /** undefined: not written (the namespace the object is applied to); unknown: templated beyond recognition. */
  namespace: Read<NameRef>;
  /** Offset of the object's first key, and the span of its name's value. */
  at: number;
  nameSpan?: Span;
  annotations: HookAnnotations;
  spec: DefinitionSpec;
  pods: PodFacts[];
  references: Reference[];
  /** The object is rendered only in some branch of a template (an `if` around it). */
  conditional?: boolean;
  /** A ConfigMap or Secret a kustomization generates (`configMapGenerator`, `secretGenerator`). */
  generated?: true;
}

export interface DocumentFacts {
  objects: ObjectFacts[];
}

const EMPTY: DocumentFacts = { objects: [] };

/**
 * The facts of one document: only objects of the kinds the index records. `kinds: 'definitions'` skips the
 * consumers (the CLI's first pass needs only what others name).
 */
export function documentFacts(doc: YamlDocument, kinds: 'all' | 'definitions' = 'all'): DocumentFacts {
  if (!mayHoldIndexedKinds(doc.text, kinds)) return EMPTY;
  if (doc.broken) return EMPTY;
  const objects: ObjectFacts[] = [];
  const blocks = doc.template ? rebindingBlocks(doc.template) : [];
  for (const resource of doc.resources) {
    const definition = isDefinitionKind(resource.apiVersion, resource.kind);
    const consumer = kinds === 'all' && isConsumerKind(resource.apiVersion, resource.kind);
    if (!definition && !consumer) continue;
    let object: Json;
    try {
      object = toServerJson(doc.document, resource.node);
    } catch {
      continue; // an alias bomb: not read
    }
    if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
    const unknowns = doc.template ? templateUnknowns(doc.template, resource.node, object, doc.lines) : undefined;
    const reader = new ObjectReader(doc, resource, object, unknowns, blocks);
    objects.push(readObject(reader, resource, consumer));
  }
  return objects.length ? { objects } : EMPTY;
}

/** The `range` and `with` blocks of a template: inside them `.` is not the chart's root. */
function rebindingBlocks(view: TemplateView): Span[] {
  const blocks: Span[] = [];
  const stack: { keyword: string; start: number }[] = [];
  for (const action of view.actions) {
    if (action.kind !== 'control') continue;
    if (action.keyword === 'end') {
      const open = stack.pop();
      if (open && (open.keyword === 'range' || open.keyword === 'with')) blocks.push([open.start, action.end]);
    } else if (action.keyword !== 'else' && action.keyword) {
      stack.push({ keyword: action.keyword, start: action.start });
    }
  }
  for (const open of stack) if (open.keyword === 'range' || open.keyword === 'with') blocks.push([open.start, Number.MAX_SAFE_INTEGER]);
  return blocks;
}

/** Reads an object's fields under what its template leaves unknown. */
class ObjectReader {
  constructor(
    readonly doc: YamlDocument,
    readonly resource: ResourceNode,
    readonly object: JsonObject,
    readonly unknowns: Unknowns | undefined,
    readonly blocks: readonly Span[],
  ) {}

  /** The JSON value at `path` when it is certain: undefined when certainly absent; 'unknown' otherwise. */
  value(path: FieldPath): Json | undefined | 'unknown' {
    const value = jsonAt(this.object, path);
    if (!this.unknowns) return value;
    if (value === UNKNOWN_VALUE) return 'unknown';
    return this.unknowns.isCertain(this.object, path) ? value : 'unknown';
  }

  string(path: FieldPath): Read<string> {
    const value = this.value(path);
    if (value === 'unknown') return { unknown: true };
    return typeof value === 'string' ? { value } : value === undefined ? {} : { unknown: true };
  }

  boolean(path: FieldPath): Read<boolean> {
    const value = this.value(path);
    if (value === 'unknown') return { unknown: true };
    return typeof value === 'boolean' ? { value } : value === undefined ? {} : { unknown: true };
  }

  number(path: FieldPath): Read<number> {
    const value = this.value(path);
    if (value === 'unknown') return { unknown: true };
    return typeof value === 'number' ? { value } : value === undefined ? {} : { unknown: true };
  }

  strings(path: FieldPath): Read<string[]> {
    const value = this.value(path);
    if (value === 'unknown' || (value !== undefined && !Array.isArray(value))) return { unknown: true };
    if (value === undefined) return {};
    if (this.unknowns && !this.unknowns.isCertainSubtree(this.object, path)) return { unknown: true };
    return value.every((item) => typeof item === 'string') ? { value: value as string[] } : { unknown: true };
  }

  /** Items of a list as written (a template's maybe items included), with their index. */
  items(path: FieldPath): [JsonObject, number][] {
    const value = jsonAt(this.object, path);
    if (!Array.isArray(value)) return [];
    const out: [JsonObject, number][] = [];
    value.forEach((item, index) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) out.push([item, index]);
    });
    return out;
  }

  /** Whether the list at `path` may hold items that are not written (a template's output, a `range`). */
  openList(path: FieldPath): boolean {
    return !!this.unknowns && (this.unknowns.isOpen(path) || this.unknowns.withinUnknown(path) || this.value(path) === 'unknown');
  }

  span(path: FieldPath): Span | undefined {
    const steps = walk(this.doc.document, this.resource.node, path);
    if (steps.length !== path.length + 1) return undefined;
    const written = steps[steps.length - 1].written as { range?: [number, number, number] } | undefined;
    return written?.range ? [written.range[0], written.range[1]] : undefined;
  }

  keySpan(path: FieldPath): Span | undefined {
    const steps = walk(this.doc.document, this.resource.node, path);
    if (steps.length !== path.length + 1) return undefined;
    const key = steps[steps.length - 1].pair?.key as { range?: [number, number, number] } | undefined;
    return key?.range ? [key.range[0], key.range[1]] : undefined;
  }

  /** A name: literal, or the template text that writes it. Undefined when absent or not a string. */
  name(path: FieldPath): NameRef | undefined {
    const value = jsonAt(this.object, path);
    if (typeof value !== 'string') return undefined;
    if (!this.unknowns || value !== UNKNOWN_VALUE) {
      if (this.unknowns && this.doc.template) {
        const span = this.span(path);
        if (span && this.doc.template.overlaps(span[0], span[1])) return this.templated(path);
      }
      return { text: value, key: value, literal: true };
    }
    return this.templated(path);
  }

  private templated(path: FieldPath): NameRef | undefined {
    const span = this.span(path);
    if (!span) return undefined;
    const text = unquote(this.doc.text.slice(span[0], span[1]).trim());
    const rebound = this.blocks.some(([start, end]) => span[0] >= start && span[1] <= end);
    const key = normaliseTemplate(text);
    return rebound || !key ? { text, literal: false } : { text, key, literal: false };
  }
}

function unquote(text: string): string {
  if (text.length >= 2 && (text[0] === '"' || text[0] === "'") && text[text.length - 1] === text[0]) return text.slice(1, -1);
  return text;
}

/** Template text compared as Helm renders it: spaces and trim markers aside, `template` = `include`, `$` = `.`, quotes aside. */
export function normaliseTemplate(text: string): string | undefined {
  if (!text.includes('{{')) return undefined;
  return text
    .replace(/\{\{-?\s*/g, '{{ ')
    .replace(/\s*-?\}\}/g, ' }}')
    .replace(/\s+/g, ' ')
    .replace(/\{\{ template /g, '{{ include ')
    .replace(/ \$(?=[ )])/g, ' .')
    .replace(/ \| (?:quote|squote) (?=\}\})/g, ' ');
}

/** The release's own namespace, as charts write it: the same as writing none. */
const RELEASE_NAMESPACE = /^\{\{ \.Release\.Namespace \}\}$/;

function readObject(reader: ObjectReader, resource: ResourceNode, consumer: boolean): ObjectFacts {
  const prefix = resource.prefix;
  const name = reader.name(['metadata', 'name']);
  const namespaceValue = reader.value(['metadata', 'namespace']);
  let namespace: Read<NameRef>;
  if (namespaceValue === undefined) namespace = {};
  else {
    const written = reader.name(['metadata', 'namespace']);
    if (!written) namespace = { unknown: true };
    else if (!written.literal && written.key && RELEASE_NAMESPACE.test(written.key)) namespace = {};
    else namespace = { value: written };
  }
  const facts: ObjectFacts = {
    apiVersion: resource.apiVersion,
    kind: resource.kind,
    prefix,
    namespace,
    at: resource.node.range?.[0] ?? 0,
    annotations: hookAnnotations(reader),
    spec: {},
    pods: [],
    references: [],
  };
  if (name) {
    facts.name = name;
    facts.nameSpan = reader.span(['metadata', 'name']);
  }
  const template = reader.doc.template;
  if (template && template.branchesOf(facts.at, []).length) facts.conditional = true;
  readDefinition(reader, facts);
  if (consumer) {
    const places = CONSUMER_KINDS[resource.kind].templates(reader.object);
    places.forEach((place, index) => facts.pods.push(readPod(reader, facts, place.metadata, place.spec, place.owners, index)));
  }
  return facts;
}

function hookAnnotations(reader: ObjectReader): HookAnnotations {
  const at = (key: string) => reader.string(['metadata', 'annotations', key]);
  const annotations: HookAnnotations = {
    helmHook: at('helm.sh/hook'),
    helmWeight: at('helm.sh/hook-weight'),
    argoHook: at('argocd.argoproj.io/hook'),
    argoWave: at('argocd.argoproj.io/sync-wave'),
  };
  const metadataSpan = reader.span(['metadata']);
  const metadata = reader.value(['metadata']);
  if (metadataSpan && metadata !== 'unknown' && !(reader.unknowns?.isOpen(['metadata']))) {
    const annotationsValue = reader.value(['metadata', 'annotations']);
    if (annotationsValue !== 'unknown' && !(reader.unknowns && !reader.unknowns.isCertainSubtree(reader.object, ['metadata', 'annotations']))) {
      const annotationsSpan = annotationsValue === undefined ? undefined : reader.span(['metadata', 'annotations']);
      const flow = !!annotationsSpan && /^\s*\{/.test(reader.doc.text.slice(annotationsSpan[0], annotationsSpan[1]));
      annotations.annotationsAt = { metadataSpan, ...(annotationsSpan ? { annotationsSpan } : {}), flow };
    }
  }
  return annotations;
}

function readDefinition(reader: ObjectReader, facts: ObjectFacts): void {
  if (!isDefinitionKind(facts.apiVersion, facts.kind)) return;
  const spec = facts.spec;
  const reference = (target: TargetKind, path: FieldPath, via: string, namespace?: string) => {
    const name = reader.name(path);
    const span = reader.span(path);
    if (name && span) facts.references.push({ target, name, path, span, via, needed: false, ...(namespace !== undefined ? { namespace } : {}) });
  };
  switch (facts.kind) {
    case 'CSIDriver':
      spec.volumeLifecycleModes = reader.strings(['spec', 'volumeLifecycleModes']);
      spec.fsGroupPolicy = reader.string(['spec', 'fsGroupPolicy']);
      break;
    case 'StorageClass': {
      spec.provisioner = reader.string(['provisioner']);
      reference('CSIDriver', ['provisioner'], 'provisioner');
      const fsType = reader.string(['parameters', 'csi.storage.k8s.io/fstype']);
      spec.fsType = fsType.value !== undefined || fsType.unknown ? fsType : reader.string(['parameters', 'fstype']);
      break;
    }
    case 'PersistentVolume': {
      spec.csiDriver = reader.string(['spec', 'csi', 'driver']);
      spec.fsType = reader.string(['spec', 'csi', 'fsType']);
      spec.accessModes = reader.strings(['spec', 'accessModes']);
      spec.storageClassName = reader.string(['spec', 'storageClassName']);
      reference('CSIDriver', ['spec', 'csi', 'driver'], 'csi.driver');
      reference('StorageClass', ['spec', 'storageClassName'], 'storageClassName');
      const claim = reader.string(['spec', 'claimRef', 'name']);
      if (claim.value) {
        const namespace = reader.string(['spec', 'claimRef', 'namespace']).value ?? '';
        spec.claimRef = { name: claim.value, namespace };
        reference('PersistentVolumeClaim', ['spec', 'claimRef', 'name'], 'claimRef', namespace);
      }
      break;
    }
    case 'PersistentVolumeClaim':
      spec.accessModes = reader.strings(['spec', 'accessModes']);
      spec.storageClassName = reader.string(['spec', 'storageClassName']);
      spec.volumeName = reader.string(['spec', 'volumeName']);
      reference('StorageClass', ['spec', 'storageClassName'], 'storageClassName');
      reference('PersistentVolume', ['spec', 'volumeName'], 'volumeName');
      break;
    case 'VolumeSnapshotClass':
      spec.driver = reader.string(['driver']);
      reference('CSIDriver', ['driver'], 'driver');
      break;
    default:
      break;
  }
}

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

function readPod(reader: ObjectReader, facts: ObjectFacts, metadata: FieldPath, spec: FieldPath, owners: FieldPath[], pod: number): PodFacts {
  const push = (target: TargetKind, path: FieldPath, via: string, needed: boolean) => {
    const name = reader.name(path);
    const span = reader.span(path);
    if (name && span && name.text !== '') facts.references.push({ target, name, path, span, via, needed, pod });
  };
  const optional = (path: FieldPath) => reader.value(path) === true || reader.value(path) === 'unknown';
  for (const list of CONTAINER_LISTS) {
    for (const [container, c] of reader.items([...spec, list])) {
      const base = [...spec, list, c];
      for (const [entry, e] of reader.items([...base, 'env'])) {
        const valueFrom = entry.valueFrom;
        if (!valueFrom || typeof valueFrom !== 'object' || Array.isArray(valueFrom)) continue;
        for (const [field, target] of [['configMapKeyRef', 'ConfigMap'], ['secretKeyRef', 'Secret']] as const) {
          if (!(field in valueFrom)) continue;
          const at = [...base, 'env', e, 'valueFrom', field];
          push(target, [...at, 'name'], field, !optional([...at, 'optional']));
        }
      }
      for (const [entry, e] of reader.items([...base, 'envFrom'])) {
        for (const [field, target] of [['configMapRef', 'ConfigMap'], ['secretRef', 'Secret']] as const) {
          if (!(field in entry)) continue;
          const at = [...base, 'envFrom', e, field];
          push(target, [...at, 'name'], 'envFrom', !optional([...at, 'optional']));
        }
      }
      void container;
    }
  }
  const volumes: VolumeFacts[] = [];
  for (const [volume, v] of reader.items([...spec, 'volumes'])) {
    const at = [...spec, 'volumes', v];
    const name = typeof volume.name === 'string' ? volume.name : '';
    const facts_: VolumeFacts = { name, path: at };
    if (volume.configMap && typeof volume.configMap === 'object') push('ConfigMap', [...at, 'configMap', 'name'], 'volume', !optional([...at, 'configMap', 'optional']));
    if (volume.secret && typeof volume.secret === 'object') push('Secret', [...at, 'secret', 'secretName'], 'volume', !optional([...at, 'secret', 'optional']));
    for (const [source, s] of reader.items([...at, 'projected', 'sources'])) {
      const sourceAt = [...at, 'projected', 'sources', s];
      if (source.configMap) push('ConfigMap', [...sourceAt, 'configMap', 'name'], 'projected', !optional([...sourceAt, 'configMap', 'optional']));
      if (source.secret) push('Secret', [...sourceAt, 'secret', 'name'], 'projected', !optional([...sourceAt, 'secret', 'optional']));
    }
    if (volume.persistentVolumeClaim && typeof volume.persistentVolumeClaim === 'object') {
      push('PersistentVolumeClaim', [...at, 'persistentVolumeClaim', 'claimName'], 'claimName', true);
      const claimName = reader.name([...at, 'persistentVolumeClaim', 'claimName']);
      facts_.claim = { claimName: claimName ? { value: claimName } : { unknown: true }, readOnly: reader.boolean([...at, 'persistentVolumeClaim', 'readOnly']) };
    }
    if (volume.csi && typeof volume.csi === 'object') {
      push('CSIDriver', [...at, 'csi', 'driver'], 'csi.driver', false);
      push('Secret', [...at, 'csi', 'nodePublishSecretRef', 'name'], 'nodePublishSecretRef', true);
      facts_.csi = { driver: reader.string([...at, 'csi', 'driver']), fsType: reader.string([...at, 'csi', 'fsType']), readOnly: reader.boolean([...at, 'csi', 'readOnly']) };
    }
    if (volume.ephemeral && typeof volume.ephemeral === 'object') {
      const claimSpec = [...at, 'ephemeral', 'volumeClaimTemplate', 'spec'];
      push('StorageClass', [...claimSpec, 'storageClassName'], 'storageClassName', false);
      facts_.claimTemplate = { storageClassName: reader.string([...claimSpec, 'storageClassName']), accessModes: reader.strings([...claimSpec, 'accessModes']), path: claimSpec };
    }
    volumes.push(facts_);
  }
  // A StatefulSet's claims: each Pod gets a claim from the template of the volume's name.
  if (facts.kind === 'StatefulSet') {
    for (const [template, t] of reader.items(['spec', 'volumeClaimTemplates'])) {
      const at: FieldPath = ['spec', 'volumeClaimTemplates', t, 'spec'];
      push('StorageClass', [...at, 'storageClassName'], 'storageClassName', false);
      const metadata = template.metadata as JsonObject | undefined;
      const name = typeof metadata?.name === 'string' ? metadata.name : undefined;
      if (!name || volumes.some((volume) => volume.name === name)) continue;
      volumes.push({ name, path: ['spec', 'volumeClaimTemplates', t], claimTemplate: { storageClassName: reader.string([...at, 'storageClassName']), accessModes: reader.strings([...at, 'accessModes']), path: at } });
    }
  }
  const serviceAccount = reader.value([...spec, 'serviceAccountName']) !== undefined ? 'serviceAccountName' : 'serviceAccount';
  const account = reader.name([...spec, serviceAccount]);
  if (account?.literal === false || (account && account.text !== 'default')) push('ServiceAccount', [...spec, serviceAccount], serviceAccount, true);
  for (const [, i] of reader.items([...spec, 'imagePullSecrets'])) push('Secret', [...spec, 'imagePullSecrets', i, 'name'], 'imagePullSecrets', false);

  const ownerGcsfuse: PodFacts['ownerGcsfuse'] = [];
  for (const owner of owners) {
    const annotations = jsonAt(reader.object, [...owner, 'annotations']);
    if (!annotations || typeof annotations !== 'object' || Array.isArray(annotations)) continue;
    for (const key of Object.keys(annotations)) {
      if (!key.startsWith('gke-gcsfuse/')) continue;
      const path = [...owner, 'annotations', key];
      const span = reader.keySpan(path);
      if (span) ownerGcsfuse.push({ key, path, span });
    }
  }
  let sidecar: Read<boolean> = { value: false };
  for (const list of ['initContainers', 'containers'] as const) {
    if (reader.openList([...spec, list])) sidecar = { unknown: true };
    if (reader.items([...spec, list]).some(([container]) => container.name === 'gke-gcsfuse-sidecar')) {
      sidecar = { value: true };
      break;
    }
  }
  return {
    metadata,
    spec,
    fsGroup: reader.number([...spec, 'securityContext', 'fsGroup']),
    volumes,
    gcsfuseVolumes: reader.string([...metadata, 'annotations', 'gke-gcsfuse/volumes']),
    gcsfuseKeys: annotationKeys(reader, [...metadata, 'annotations'], 'gke-gcsfuse/'),
    ownerGcsfuse,
    gcsfuseSidecar: sidecar,
  };
}


/** The keys with a prefix of the annotations at `path`, when the template settles them all. */
function annotationKeys(reader: ObjectReader, path: FieldPath, prefix: string): Read<string[]> {
  const value = reader.value(path);
  if (value === 'unknown') return { unknown: true };
  if (reader.unknowns?.isOpen(path)) return { unknown: true };
  if (value === undefined) return { value: [] };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { unknown: true };
  const keys = Object.keys(value).filter((key) => key.startsWith(prefix));
  if (reader.unknowns && keys.some((key) => !reader.unknowns?.isCertain(reader.object, [...path, key]))) return { unknown: true };
  return { value: keys };
}
