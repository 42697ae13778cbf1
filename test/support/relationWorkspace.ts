// A workspace of files in memory (or on disk), indexed as a front door would, and one file of it checked with
// the relation checks: the engine alone, without a server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DEFAULT_SETTINGS, FileModel, validate, WorkspaceIndex, type Settings } from '../../server/src/service/index';

export const ROOT = '/workspace';

export interface Workspace {
  index: WorkspaceIndex;
  /** The diagnostics of one file (relation checks included), as the editor would publish them. */
  check(path: string, settings?: Partial<Settings>): Diagnostic[];
  /** The relation diagnostics only. */
  relations(path: string, settings?: Partial<Settings>): Diagnostic[];
  text(path: string): string;
}

/** `files`: paths relative to the workspace root -> texts. */
export function workspace(files: Record<string, string>, root = ROOT): Workspace {
  const texts = new Map(Object.entries(files).map(([path, text]) => [join(root, path), text]));
  const index = new WorkspaceIndex((path) => texts.get(path));
  for (const [path, text] of texts) index.setText(path, text);
  const check = (path: string, settings: Partial<Settings> = {}) => {
    const full = join(root, path);
    const text = texts.get(full);
    if (text === undefined) throw new Error(`no file ${path}`);
    return validate(new FileModel(), text, { ...DEFAULT_SETTINGS, ...settings }, { relations: { index, path: full } });
  };
  return {
    index,
    check,
    relations: (path, settings) => check(path, settings).filter((diagnostic) => String(diagnostic.code).startsWith('relations/')),
    text: (path) => texts.get(join(root, path)) ?? '',
  };
}

/** The same, for files on disk under `root` (read when indexed). */
export function diskWorkspace(root: string, paths: readonly string[]): Workspace {
  const files: Record<string, string> = {};
  for (const path of paths) files[path] = readFileSync(join(root, path), 'utf8');
  return workspace(files, root);
}

/** The text a diagnostic underlines. */
export function underlined(text: string, diagnostic: Diagnostic): string {
  const lines = text.split('\n');
  const { start, end } = diagnostic.range;
  if (start.line === end.line) return lines[start.line].slice(start.character, end.character);
  return [lines[start.line].slice(start.character), ...lines.slice(start.line + 1, end.line), lines[end.line].slice(0, end.character)].join('\n');
}
