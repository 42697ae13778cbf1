// The findings of a text as `kubeassist check --format json` lists them (features/findingJson.ts), each placed on the
// object it is about: the last checked object starting at or above its line.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { FileModel } from '../../document/fileModel';
import { classify, mayNameOurKinds } from '../../kube/resources';
import type { Settings } from '../../settings';
import type { KindName } from '../../types';
import { findingJson, type FindingJson } from '../findingJson';

export interface DiagnoseFinding extends FindingJson {
  object: { kind: KindName; name?: string; namespace?: string };
}

export function findingsOf(model: FileModel, text: string, file: string, diagnostics: readonly Diagnostic[], settings: Settings): DiagnoseFinding[] {
  const starts: { line: number; kind: KindName; name?: string; namespace?: string }[] = [];
  for (const { slice, doc } of model.update(text)) {
    if (slice.offset + slice.text.length > (settings.maxFileSize || Infinity)) break;
    if (!mayNameOurKinds(doc.text)) continue;
    for (const summary of doc.resourceSummaries) {
      const classification = classify(summary.apiVersion, summary.kind);
      if (classification.status !== 'checked') continue;
      starts.push({ line: slice.line + doc.lines.positionAt(summary.offset).line, kind: classification.kind, name: summary.name, namespace: summary.namespace });
    }
  }
  starts.sort((a, b) => a.line - b.line);
  const found: DiagnoseFinding[] = [];
  for (const diagnostic of diagnostics) {
    const line = diagnostic.range.start.line;
    let owner: (typeof starts)[number] | undefined;
    for (const start of starts) if (start.line <= line) owner = start;
    if (!owner) continue;
    found.push({
      ...findingJson(file, diagnostic),
      object: { kind: owner.kind, ...(owner.name !== undefined ? { name: owner.name } : {}), ...(owner.namespace !== undefined ? { namespace: owner.namespace } : {}) },
    });
  }
  return found;
}
