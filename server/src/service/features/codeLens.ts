// Code lenses above each Job, CronJob and CSIDriver: "Explain" (all three; "Diagnose" above a Job or CronJob the API
// server returned, kube/observed.ts) and "Simulate…" (Job and CronJob).
// Their commands are the VS Code client's (client/src/explain.ts); other editors call `kubeassist/explain` and
// `kubeassist/simulate` themselves. Not in Helm templates: what an action writes is unknown.
import type { CodeLens } from 'vscode-languageserver-types';
import type { FileModel } from '../document/fileModel';
import { toServerJson } from '../document/kubectlYaml';
import type { YamlDocument } from '../document/yamlDocument';
import { isObservedObject } from '../kube/observed';
import { EXPLAINED_KINDS } from './explain/index';
import { hasTemplateActions } from '../document/helmTemplate';
import { classify, mayNameOurKinds } from '../kube/resources';
import type { Settings } from '../settings';
import type { KindName } from '../types';

export const EXPLAIN_COMMAND = 'kubeassist.explain';
export const SIMULATE_COMMAND = 'kubeassist.simulate';
/** Above a Job or CronJob the API server returned (an export): what happened to it, why, what comes next. */
export const DIAGNOSE_COMMAND = 'kubeassist.diagnose';

/** What a lens's command gets: the document, the object's first line, its kind and name (to find it again after edits). */
export interface ObjectRef {
  uri: string;
  line: number;
  kind: KindName;
  name?: string;
}

export function codeLenses(model: FileModel, text: string, uri: string, settings: Settings): CodeLens[] {
  if (!settings.enable || hasTemplateActions(text)) return [];
  const lenses: CodeLens[] = [];
  for (const { slice, doc } of model.update(text)) {
    if (slice.offset + slice.text.length > (settings.maxFileSize || Infinity)) break;
    if (!mayNameOurKinds(doc.text)) continue;
    doc.resourceSummaries.forEach((summary, index) => {
      const classification = classify(summary.apiVersion, summary.kind);
      if (classification.status !== 'checked' || !EXPLAINED_KINDS.includes(classification.kind)) return;
      const line = slice.line + doc.lines.positionAt(summary.offset).line;
      const range = { start: { line, character: 0 }, end: { line, character: 0 } };
      const ref: ObjectRef = { uri, line, kind: classification.kind, ...(summary.name ? { name: summary.name } : {}) };
      const observed = (classification.kind === 'Job' || classification.kind === 'CronJob') && observedAt(doc, index);
      lenses.push({ range, command: observed ? { title: 'Diagnose', command: DIAGNOSE_COMMAND, arguments: [ref] } : { title: 'Explain', command: EXPLAIN_COMMAND, arguments: [ref] } });
      if (classification.kind === 'Job' || classification.kind === 'CronJob') lenses.push({ range, command: { title: 'Simulate…', command: SIMULATE_COMMAND, arguments: [ref] } });
    });
  }
  return lenses;
}

/** Whether the object at `index` of the document carries what only the API server writes. */
function observedAt(doc: YamlDocument, index: number): boolean {
  const resource = doc.resources[index];
  if (!resource) return false;
  try {
    return isObservedObject(toServerJson(doc.document, resource.node));
  } catch {
    return false;
  }
}
