// What the user sees when a file is larger than `kubeassist.maxFileSize`: the documents past the limit are
// not checked, and one information diagnostic on the first of them says so and how to change it.
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { PlacedDocument } from '../document/fileModel';
import { effectiveSeverity, type Settings } from '../settings';
import { SOURCE } from './diagnostics';

export const FILE_TOO_LARGE = 'file/too-large';

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, information: DiagnosticSeverity.Information, hint: DiagnosticSeverity.Hint };

export function uncheckedDocumentsDiagnostic(first: PlacedDocument, unchecked: number, total: number, settings: Settings): Diagnostic[] {
  const severity = effectiveSeverity(FILE_TOO_LARGE, 'information', settings);
  if (severity === 'off') return [];
  const { slice } = first;
  const firstLineEnd = slice.text.search(/\r?\n|$/);
  const checked = total - unchecked;
  const notChecked = unchecked === 1 ? 'this document was not checked' : `this document and the ${unchecked - 1} after it were not checked`;
  const message =
    `File too large: KubeAssist checked the first ${checked} of ${total} documents (those within the first ` +
    `${settings.maxFileSize.toLocaleString('en-US')} characters); ${notChecked}. ` +
    `Raise \`kubeassist.maxFileSize\` (\`--max-file-size\` for \`kubeassist check\`; 0: no limit) to check ${unchecked === 1 ? 'it' : 'them'}, or split the file.`;
  const range = { start: { line: slice.line, character: 0 }, end: { line: slice.line, character: firstLineEnd } };
  return [{ range, message, severity: SEVERITY[severity], code: FILE_TOO_LARGE, source: SOURCE, data: {} }];
}
