// The `Pod Template:` section of a Job or CronJob describe (DescribePodTemplate in kubernetes/kubectl
// pkg/describe/describe.go): `Labels:`, `Annotations:`, `Service Account:`, `Init Containers:`, `Containers:`,
// `Volumes:`, `Priority Class Name:`, `Node-Selectors:` and `Tolerations:` (the last two since kubectl 1.30),
// one level deeper than the object's own fields.

import { readContainers } from './containers';
import { type Node, isNone, readAnnotations, readLabels, valueLines } from './text';

export interface TemplateResult {
  template: Record<string, unknown>;
  notes: string[];
}

export function readPodTemplate(section: Node, where: string): TemplateResult {
  const notes: string[] = [];
  const metadata: Record<string, unknown> = {};
  const spec: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const field of section.children) {
    switch (field.key) {
      case 'Labels': {
        const labels = readLabels(field);
        if (Object.keys(labels).length > 0) metadata.labels = labels;
        break;
      }
      case 'Annotations': {
        const { annotations, shortened } = readAnnotations(field);
      for (const key of shortened) delete annotations[key];
        if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
        if (shortened.length > 0) notes.push(shortenedNote(`${where}, pod template`, shortened));
        break;
      }
      case 'Service Account':
        spec.serviceAccountName = field.value;
        break;
      case 'Init Containers':
      case 'Containers': {
        const read = readContainers(field, `${where}, pod template`);
        if (read.containers.length > 0) spec[field.key === 'Containers' ? 'containers' : 'initContainers'] = read.containers;
        notes.push(...read.notes);
        break;
      }
      case 'Volumes':
        if (!isNone(field.value) || field.children.length > 0) notes.push(volumesNote(`${where}, pod template`));
        break;
      case 'Priority Class Name':
        spec.priorityClassName = field.value;
        break;
      case 'Node-Selectors': {
        const selector = readLabels(field);
        if (Object.keys(selector).length > 0) spec.nodeSelector = selector;
        break;
      }
      case 'Tolerations': {
        const tolerations = readTolerations(field);
        if (tolerations.length > 0) spec.tolerations = tolerations;
        break;
      }
      default:
        unknown.push(field.key ?? field.text);
    }
  }
  if (unknown.length > 0) {
    notes.push(`${where}, pod template: ${unknown.map((u) => `"${u}"`).join(', ')} not read (not a field this reader knows).`);
  }
  const template: Record<string, unknown> = {};
  if (Object.keys(metadata).length > 0) template.metadata = metadata;
  template.spec = spec;
  return { template, notes };
}

export function volumesNote(where: string): string {
  return `${where}: the Volumes section is not read (describe prints each volume's source in its own words).`;
}

export function shortenedNote(where: string, keys: string[]): string {
  return `${where}: kubectl shortened the value of the annotation(s) ${keys.join(', ')} to 140 characters (ending in ...), so it was left out; the full value is in kubectl get -o yaml.`;
}

/**
 * `Tolerations:` as printTolerationsMultilineWithIndent writes each: `key[=value][:effect][ op=Exists][ for Ns]`,
 * `op=Exists` alone for a toleration of everything.
 */
export function readTolerations(field: Node): Record<string, unknown>[] {
  const tolerations: Record<string, unknown>[] = [];
  for (const line of valueLines(field)) {
    if (isNone(line.text) || line.text.length > 512) continue;
    const match = /^(.*?)(?:=([^:\s]*))?(?::(NoSchedule|PreferNoSchedule|NoExecute))?( ?op=Exists)?(?: for (\d+)s)?$/.exec(line.text);
    if (!match) continue;
    const toleration: Record<string, unknown> = {};
    if (match[1] !== '') toleration.key = match[1];
    if (match[4] !== undefined) toleration.operator = 'Exists';
    if (match[2] !== undefined) toleration.value = match[2];
    if (match[3] !== undefined) toleration.effect = match[3];
    if (match[5] !== undefined) toleration.tolerationSeconds = Number(match[5]);
    tolerations.push(toleration);
  }
  return tolerations;
}
