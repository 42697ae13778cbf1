// The objects of ours in a real-world corpus file: top-level documents and the items of `kind: List`,
// read as the engine reads them (split at `---`, YAML as kubectl reads it, nulls dropped).
import { parseKubectlYaml, toServerJson } from '../../../server/src/service/document/kubectlYaml';
import { splitDocuments } from '../../../server/src/service/document/split';
import { isObject } from '../../../server/src/service/kube/defaults';
import type { Json } from '../../../server/src/service/types';

const OURS: Record<string, string> = { Job: 'batch/v1', CSIDriver: 'storage.k8s.io/v1' };

export function objectsIn(text: string, kind: 'Job' | 'CSIDriver'): Json[] {
  const objects: Json[] = [];
  for (const slice of splitDocuments(text)) {
    const document = parseKubectlYaml(slice.text);
    if (document.errors.length) continue;
    const value = toServerJson(document);
    if (!isObject(value)) continue;
    const candidates = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of candidates) if (isObject(item) && item.kind === kind && item.apiVersion === OURS[kind]) objects.push(item);
  }
  return objects;
}
