// Code lenses above each Job, CronJob and CSIDriver: "Explain" (all three) and "Simulate…" (Job and CronJob).
// Their commands are the VS Code client's (client/src/explain.ts); other editors call `kubeassist/explain` and
// `kubeassist/simulate` themselves. Not in Helm templates: what an action writes is unknown.
import type { CodeLens } from 'vscode-languageserver-types';
import type { FileModel } from '../document/fileModel';
import { EXPLAINED_KINDS } from './explain/index';
import { hasTemplateActions } from '../document/helmTemplate';
import { classify, mayNameOurKinds } from '../kube/resources';
import type { Settings } from '../settings';
import type { KindName } from '../types';

export const EXPLAIN_COMMAND = 'kubeassist.explain';
export const SIMULATE_COMMAND = 'kubeassist.simulate';

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
    doc.resourceSummaries.forEach((summary) => {
      const classification = classify(summary.apiVersion, summary.kind);
      if (classification.status !== 'checked' || !EXPLAINED_KINDS.includes(classification.kind)) return;
      const line = slice.line + doc.lines.positionAt(summary.offset).line;
      const range = { start: { line, character: 0 }, end: { line, character: 0 } };
      const ref: ObjectRef = { uri, line, kind: classification.kind, ...(summary.name ? { name: summary.name } : {}) };
      lenses.push({ range, command: { title: 'Explain', command: EXPLAIN_COMMAND, arguments: [ref] } });
      if (classification.kind === 'Job' || classification.kind === 'CronJob') lenses.push({ range, command: { title: 'Simulate…', command: SIMULATE_COMMAND, arguments: [ref] } });
    });
  }
  return lenses;
}
