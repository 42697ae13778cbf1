// What the workspace index keeps of one YAML document: for each object it records (relations/kinds.ts), its
// kind, name and namespace, the annotations that order its creation (Helm hooks, Argo CD waves), what its kind
// says to the relation checks (a CSIDriver's modes, a claim's class ...), and every reference it makes, each with
// the offsets of the value that names the other object. Plain data: it crosses worker threads (the CLI) and
// outlives the syntax tree it was read from. A Helm template is read through its masked text: a value an
// action writes is unknown, except a name, which is kept as its template text (two objects of one chart that
// write the same text have the same name).
import { readServerJson, toServerJson } from '../document/kubectlYaml';
import type { ResourceNode, YamlDocument } from '../document/yamlDocument';
import { templateUnknowns } from '../partial/fromTemplate';
import type { FieldPath, Json } from '../types';
import { branchChain } from './branches';
import { ObjectReader, rebindingBlocks } from './factReader';
import type { DocumentFacts, HookAnnotations, NameRef, ObjectFacts, Read } from './factTypes';
import { CONSUMER_KINDS, isConsumerKind, isDefinitionKind, mayHoldIndexedKinds, runsProvisioner, type TargetKind } from './kinds';
import { readPod } from './podFacts';

export type { ClaimSpec, DefinitionSpec, DocumentFacts, HookAnnotations, NameRef, ObjectFacts, PodFacts, Read, Reference, Span, VolumeFacts } from './factTypes';
export { normaliseTemplate } from './factReader';

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
    // A workload running the csi-provisioner sidecar is read in the definitions pass too: its `--default-fstype`
    // settles the fsType of the volumes it provisions (relations/fsgroup-not-applied).
    const consumer = isConsumerKind(resource.apiVersion, resource.kind) && (kinds === 'all' || runsProvisioner(doc.text));
    if (!definition && !consumer) continue;
    let object: Json;
    try {
      // The facts keep no part of the JSON they read (ObjectReader.strings copies its lists): a plain document's is
      // the refusal check's own, which the diagnostics take over after (factsBeforeClaim); a template's is changed.
      object = doc.template ? toServerJson(doc.document, resource.node) : readServerJson(doc.document, resource.node);
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
    helmDeletePolicy: at('helm.sh/hook-delete-policy'),
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
      if (spec.fsGroupPolicy.unknown && reader.doc.template) {
        const range = reader.resource.node.range;
        const chain = range && branchChain(reader.doc.template, reader.doc.text, range[0], range[1], 'fsGroupPolicy');
        if (chain) spec.fsGroupPolicyBranches = chain;
      }
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

