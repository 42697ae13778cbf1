// The findings of a text as `kubeassist check --format json` lists them (cli/report.ts findingOf and jsonReport:
// 1-based lines and columns, severity in words, the field path), each placed on the object it is about: the last
// checked object starting at or above its line.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { FileModel } from '../../document/fileModel';
import { classify, mayNameOurKinds } from '../../kube/resources';
import type { Settings } from '../../settings';
import type { KindName } from '../../types';

export interface DiagnoseFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: 'error' | 'warning' | 'information' | 'hint';
  code: string;
  message: string;
  path?: string;
  serverMessage?: string;
  object: { kind: KindName; name?: string; namespace?: string };
}

const SEVERITIES = ['error', 'error', 'warning', 'information', 'hint'] as const;

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
    const data = (diagnostic.data ?? {}) as { path?: string; serverMessage?: string };
    found.push({
      file,
      line: line + 1,
      column: diagnostic.range.start.character + 1,
      endLine: diagnostic.range.end.line + 1,
      endColumn: diagnostic.range.end.character + 1,
      severity: SEVERITIES[diagnostic.severity ?? 1],
      code: String(diagnostic.code),
      message: typeof diagnostic.message === 'string' ? diagnostic.message : String(diagnostic.message),
      ...(data.path !== undefined ? { path: data.path } : {}),
      ...(data.serverMessage !== undefined ? { serverMessage: data.serverMessage } : {}),
      object: { kind: owner.kind, ...(owner.name !== undefined ? { name: owner.name } : {}), ...(owner.namespace !== undefined ? { namespace: owner.namespace } : {}) },
    });
  }
  return found;
}
