// A diagnostic as the JSON reports give it (`kubeassist check --format json`, the MCP tools, `kubeassist diagnose`'s
// findings): 1-based lines and columns, the severity in words, the Kubernetes field path, the server's own text.
import type { Diagnostic } from 'vscode-languageserver-types';

export type FindingSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface FindingJson {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: FindingSeverity;
  code: string;
  message: string;
  path?: string;
  /** The API server's own text for the mistake, when the message says it in other words. */
  serverMessage?: string;
}

/** LSP severities 1 to 4 (an absent one is an error, as LSP reads it). */
const SEVERITY_NAMES: readonly FindingSeverity[] = ['error', 'error', 'warning', 'information', 'hint'];

export function findingJson(file: string, diagnostic: Diagnostic): FindingJson {
  const data = (diagnostic.data ?? {}) as { path?: string; serverMessage?: string };
  return {
    file,
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    endLine: diagnostic.range.end.line + 1,
    endColumn: diagnostic.range.end.character + 1,
    severity: SEVERITY_NAMES[diagnostic.severity ?? 1] ?? 'error',
    code: String(diagnostic.code),
    message: typeof diagnostic.message === 'string' ? diagnostic.message : String(diagnostic.message),
    ...(data.path ? { path: data.path } : {}),
    ...(data.serverMessage !== undefined ? { serverMessage: data.serverMessage } : {}),
  };
}
