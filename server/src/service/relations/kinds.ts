// The kinds the workspace index knows: the objects that others name (definitions) and the objects that run
// Pods (consumers), each by API group, with where a consumer keeps its Pod template. Only what the relation
// checks and the navigation need; the index never validates these kinds.
import type { FieldPath, Json } from '../types';

/** What a reference can name. */
export type TargetKind = 'ConfigMap' | 'Secret' | 'ServiceAccount' | 'PersistentVolumeClaim' | 'PersistentVolume' | 'StorageClass' | 'CSIDriver';

/** The kinds the index records as definitions, with their API group and whether they live in a namespace. */
export const DEFINITION_KINDS: Readonly<Record<string, { groups: readonly string[]; namespaced: boolean }>> = {
  ConfigMap: { groups: [''], namespaced: true },
  Secret: { groups: [''], namespaced: true },
  ServiceAccount: { groups: [''], namespaced: true },
  PersistentVolumeClaim: { groups: [''], namespaced: true },
  PersistentVolume: { groups: [''], namespaced: false },
  Namespace: { groups: [''], namespaced: false },
  StorageClass: { groups: ['storage.k8s.io'], namespaced: false },
  CSIDriver: { groups: ['storage.k8s.io'], namespaced: false },
  VolumeSnapshotClass: { groups: ['snapshot.storage.k8s.io'], namespaced: false },
};

/** Where a consumer keeps a Pod template: its metadata and its PodSpec, from the object's root. */
export interface PodTemplatePlace {
  metadata: FieldPath;
  spec: FieldPath;
  /** The metadata of the objects between the consumer and its Pods (a CronJob's job template, a JobSet's jobs). */
  owners: FieldPath[];
}

type TemplatesOf = (object: Json) => PodTemplatePlace[];

const at = (template: FieldPath, owners: FieldPath[] = [['metadata']]): TemplatesOf => () => [{ metadata: [...template, 'metadata'], spec: [...template, 'spec'], owners }];

/**
 * Every kind that runs Pods from a template, by group: Pods themselves, the workload controllers, and
 * JobSet (one Job template per replicated job). A finding about a Pod sits on the consumer's own text.
 */
export const CONSUMER_KINDS: Readonly<Record<string, { groups: readonly string[]; templates: TemplatesOf }>> = {
  Pod: { groups: [''], templates: () => [{ metadata: ['metadata'], spec: ['spec'], owners: [] }] },
  ReplicationController: { groups: [''], templates: at(['spec', 'template']) },
  Deployment: { groups: ['apps', 'extensions'], templates: at(['spec', 'template']) },
  StatefulSet: { groups: ['apps'], templates: at(['spec', 'template']) },
  DaemonSet: { groups: ['apps', 'extensions'], templates: at(['spec', 'template']) },
  ReplicaSet: { groups: ['apps', 'extensions'], templates: at(['spec', 'template']) },
  Job: { groups: ['batch'], templates: at(['spec', 'template']) },
  CronJob: { groups: ['batch'], templates: at(['spec', 'jobTemplate', 'spec', 'template'], [['metadata'], ['spec', 'jobTemplate', 'metadata']]) },
  JobSet: {
    groups: ['jobset.x-k8s.io'],
    templates: (object) => {
      const jobs = (object as { spec?: { replicatedJobs?: unknown } } | null)?.spec?.replicatedJobs;
      if (!Array.isArray(jobs)) return [];
      return jobs.map((_, i) => ({
        metadata: ['spec', 'replicatedJobs', i, 'template', 'spec', 'template', 'metadata'],
        spec: ['spec', 'replicatedJobs', i, 'template', 'spec', 'template', 'spec'],
        owners: [['metadata'], ['spec', 'replicatedJobs', i, 'template', 'metadata']],
      }));
    },
  },
};

/** The API group of an apiVersion (`apps/v1` -> `apps`, `v1` -> ``). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

export function isDefinitionKind(apiVersion: string, kind: string): boolean {
  return !!DEFINITION_KINDS[kind]?.groups.includes(groupOf(apiVersion));
}

export function isConsumerKind(apiVersion: string, kind: string): boolean {
  return !!CONSUMER_KINDS[kind]?.groups.includes(groupOf(apiVersion));
}

const KIND_LINE = /^kind:[ \t]*["']?([A-Za-z]+)["']?[ \t]*(?:#.*)?$/gm;

/**
 * Whether a document's text may hold an object the index records, without parsing it: a top-level `kind:` of
 * a known kind (or of a List), or text that is no block mapping (JSON, flow style), which is parsed to see.
 */
export function mayHoldIndexedKinds(text: string, kinds: 'all' | 'definitions' = 'all'): boolean {
  const first = /^(?:\s*(?:#[^\n]*)?\n)*\s*(\S)/.exec(text)?.[1];
  if (first === '{' || first === '[') return true;
  KIND_LINE.lastIndex = 0;
  for (let match = KIND_LINE.exec(text); match; match = KIND_LINE.exec(text)) {
    const kind = match[1];
    if (kind in DEFINITION_KINDS || kind === 'List' || kind.endsWith('List')) return true;
    if (kind in CONSUMER_KINDS && (kinds === 'all' || runsProvisioner(text))) return true;
  }
  return false;
}

/** Whether a text may run the csi-provisioner sidecar (read in the definitions pass: relations/podFacts.ts). */
export function runsProvisioner(text: string): boolean {
  return text.includes('csi-provisioner');
}
