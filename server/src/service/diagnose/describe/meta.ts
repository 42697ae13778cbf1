// The fields every describe starts with: `Name:`, `Namespace:`, `Labels:`, `Annotations:` and, for an object
// a controller owns, `Controlled By:  Kind/name` (printController: the controller reference's kind and name,
// never its uid).

import { type InvolvedObject } from './events';
import { shortenedNote } from './template';
import { type Node, readAnnotations, readLabels } from './text';

/** What one kind's reader makes of an object's lines. */
export interface ObjectRead {
  object: Record<string, unknown>;
  /** The object as its events name it. */
  involved: InvolvedObject;
  eventsNode?: Node;
  notes: string[];
}

const API_VERSIONS: Record<string, string> = {
  Job: 'batch/v1', CronJob: 'batch/v1', ReplicaSet: 'apps/v1', StatefulSet: 'apps/v1', DaemonSet: 'apps/v1',
  Deployment: 'apps/v1', ReplicationController: 'v1', Node: 'v1', JobSet: 'jobset.x-k8s.io/v1alpha2',
};

/** Reads the metadata fields into `metadata`; false when the field is not one of them. */
export function readMetadataField(field: Node, metadata: Record<string, unknown>, notes: string[], where: () => string): boolean {
  switch (field.key) {
    case 'Name':
      metadata.name = field.value;
      return true;
    case 'Namespace':
      if (field.value !== '') metadata.namespace = field.value;
      return true;
    case 'Labels': {
      const labels = readLabels(field);
      if (Object.keys(labels).length > 0) metadata.labels = labels;
      return true;
    }
    case 'Annotations': {
      const { annotations, shortened } = readAnnotations(field);
      for (const key of shortened) delete annotations[key];
      if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
      if (shortened.length > 0) notes.push(shortenedNote(where(), shortened));
      return true;
    }
    case 'Controlled By': {
      const slash = field.value.indexOf('/');
      if (slash <= 0) return true;
      const kind = field.value.slice(0, slash);
      const owner: Record<string, unknown> = { kind, name: field.value.slice(slash + 1), controller: true };
      const apiVersion = API_VERSIONS[kind];
      if (apiVersion !== undefined) owner.apiVersion = apiVersion;
      metadata.ownerReferences = [owner];
      notes.push(`${where()}: Controlled By names the owner ${field.value} without its uid; the owner reference has none, so match it by name.`);
      return true;
    }
    default:
      return false;
  }
}

/** `Kind namespace/name` for notes, as far as the text names the object. */
export function describeWhere(kind: string, metadata: Record<string, unknown>): string {
  const name = typeof metadata.name === 'string' ? metadata.name : '(no name)';
  return typeof metadata.namespace === 'string' ? `${kind} ${metadata.namespace}/${name}` : `${kind} ${name}`;
}

export function unknownNote(where: string, keys: string[]): string {
  return `${where}: ${keys.map((k) => `"${k}"`).join(', ')} not read (not a field this reader knows).`;
}

export function involvedOf(apiVersion: string, kind: string, metadata: Record<string, unknown>): InvolvedObject {
  const involved: InvolvedObject = { apiVersion, kind };
  if (typeof metadata.name === 'string') involved.name = metadata.name;
  if (typeof metadata.namespace === 'string') involved.namespace = metadata.namespace;
  return involved;
}

/** `a=b,c=d` as matchLabels; undefined for a set-based selector (`x in (a,b)`) or an empty one. */
export function readSelector(value: string): Record<string, string> | undefined {
  if (value === '' || value === '<unset>' || value === '<none>') return undefined;
  const matchLabels: Record<string, string> = {};
  for (const part of value.split(',')) {
    const match = /^([^=!\s]+)=([^=,\s]*)$/.exec(part.trim());
    if (!match) return undefined;
    matchLabels[match[1]] = match[2];
  }
  return matchLabels;
}
