// The Job and CSIDriver objects of one YAML document as the API server receives them, for the baseline's
// index and `kubeassist diff` (an alias bomb or a value that is not a mapping is left out).
import type { YAMLMap } from 'yaml';
import { toServerJson } from '../document/kubectlYaml';
import type { YamlDocument } from '../document/yamlDocument';
import { isObject } from '../kube/defaults';
import { classify } from '../kube/resources';
import type { JsonObject, KindName } from '../types';

export interface CheckedObject {
  kind: KindName;
  object: JsonObject;
  /** Line of the object's first character in the document (0-based). */
  line: number;
  node: YAMLMap;
}

export function checkedObjects(doc: YamlDocument): CheckedObject[] {
  const out: CheckedObject[] = [];
  for (const resource of doc.resources) {
    const classification = classify(resource.apiVersion, resource.kind);
    if (classification.status !== 'checked') continue;
    let object;
    try {
      object = toServerJson(doc.document, resource.node);
    } catch {
      continue; // an alias bomb: nothing to compare
    }
    if (!isObject(object)) continue;
    out.push({ kind: classification.kind, object, line: doc.lines.positionAt(resource.node.range?.[0] ?? 0).line, node: resource.node });
  }
  return out;
}
