// A workspace of files in memory (or on disk), indexed as a front door would, and one file of it checked with
// the relation checks: the engine alone, without a server.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
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

/** The real repository layouts (test/fixtures/relations-real/<name>/, fetched byte for byte, sources in each SOURCES.md). */
export const REAL_LAYOUTS = join(__dirname, '..', 'fixtures', 'relations-real');

/** A real layout's files (paths relative to its folder), SOURCES.md aside. */
export function realLayout(name: string): Record<string, string> {
  const root = join(REAL_LAYOUTS, name);
  const files: Record<string, string> = {};
  for (const path of filesUnder(root, /./)) if (basename(path) !== 'SOURCES.md') files[relative(root, path)] = readFileSync(path, 'utf8');
  return files;
}

/**
 * The files under `root` whose names match `names` (YAML by default), in name order, folders walked depth first;
 * none when `root` is missing. `skip`: folder names not walked.
 */
export function filesUnder(root: string, names = /\.ya?ml$/i, skip: readonly string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(root).sort();
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return skip.includes(name) ? [] : filesUnder(path, names, skip);
    return names.test(name) ? [path] : [];
  });
}
