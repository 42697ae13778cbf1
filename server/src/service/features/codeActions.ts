// Code actions from the fixes that diagnostics carry in `data.fixes`: quick fixes for the diagnostics the
// editor asks about (preferred first), "Disable <code> for this line", lazy fixes built at resolve time,
// and `source.fixAll.kubeassist`. The same preferred fixes drive `kubeassist check --fix` (fixText).
import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type Range,
  type SnippetTextEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-types';
import { applyEdits, YamlEditor, type FixData, type OffsetEdit } from '../document/edits';
import { FileModel, type PlacedDocument } from '../document/fileModel';
import { LineIndex, movedRange } from '../document/lines';
import { fixContext, fixResource, quickFixes, safeEdits, toRange } from '../fixes/registry';
import { minorOf, type Settings } from '../settings';
import type { FieldPath } from '../types';
import { SOURCE, type DiagnosticData } from './diagnostics';

/** `editor.codeActionsOnSave: { "source.fixAll.kubeassist": "explicit" }` applies every preferred fix. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.kubeassist`;
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, FIX_ALL_KIND];

/** What the client can take. */
export interface CodeActionClient {
  /** Snippet edits in a workspace edit (LSP 3.18 `workspace.workspaceEdit.snippetEditSupport`). */
  snippets: boolean;
  /** `codeAction/resolve` for the `edit` property: lazy fixes are built when chosen. */
  resolve: boolean;
}

export interface DocumentRef {
  uri: string;
  version?: number;
}

/** What a code action without its edit carries, to be found again at resolve time. */
interface ResolveData {
  uri: string;
  code: string;
  /** The diagnostic's range in the file. */
  range: Range;
  resource?: number;
  path: FieldPath;
  title: string;
}

/** The code actions for a `textDocument/codeAction` request. */
export function codeActions(
  model: FileModel,
  text: string,
  document: DocumentRef,
  params: { range: Range; context: { diagnostics: Diagnostic[]; only?: string[] } },
  current: readonly Diagnostic[],
  settings: Settings,
  client: CodeActionClient,
  recheck: Recheck,
): CodeAction[] {
  if (!settings.enable) return [];
  const only = params.context.only;
  const actions: CodeAction[] = [];
  if (wants(only, CodeActionKind.QuickFix)) actions.push(...quickFixActions(model, text, document, params.context.diagnostics, current, settings, client));
  if (only && wants(only, FIX_ALL_KIND)) {
    const edits = fixAllEdits(model, text, current, settings, recheck);
    if (edits.length) actions.push({ title: 'Fix all KubeAssist findings with an obvious fix', kind: FIX_ALL_KIND, edit: workspaceEdit(document, edits) });
  }
  return actions;
}

/**
 * Whether a request can get any action: a KubeAssist diagnostic asked about, or the fix-all action asked for. The
 * light bulb asks at the cursor after each keystroke, mostly where there is no finding: no need to check the file.
 */
export function mayHaveActions(params: { context: { diagnostics: Diagnostic[]; only?: string[] } }): boolean {
  const only = params.context.only;
  return params.context.diagnostics.some((diagnostic) => diagnostic.source === SOURCE) || (only !== undefined && wants(only, FIX_ALL_KIND));
}

/** Whether a request restricted to `only` asks for actions of `kind` (kinds are dotted hierarchies). */
function wants(only: string[] | undefined, kind: string): boolean {
  return !only || only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

function quickFixActions(
  model: FileModel, text: string, document: DocumentRef, asked: Diagnostic[], current: readonly Diagnostic[], settings: Settings, client: CodeActionClient,
): CodeAction[] {
  const preferred: CodeAction[] = [];
  const others: CodeAction[] = [];
  const disables: CodeAction[] = [];
  for (const shown of asked) {
    if (shown.source !== SOURCE) continue;
    // The editor's copy may be older than the text: only a diagnostic the server still reports is fixed.
    const diagnostic = current.find((candidate) => candidate.code === shown.code && sameRange(candidate.range, shown.range));
    if (!diagnostic) continue;
    const data = (diagnostic.data ?? {}) as DiagnosticData;
    for (const fix of data.fixes ?? []) {
      const action: CodeAction = { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [shown] };
      if (fix.preferred) action.isPreferred = true;
      if (fix.documents?.length) {
        // A relation's fix edits the object at the other end, in its own file.
        const changes: Record<string, TextEdit[]> = fix.edits?.length ? { [document.uri]: fix.edits } : {};
        for (const other of fix.documents) changes[other.uri] = [...(changes[other.uri] ?? []), ...other.edits];
        action.edit = { changes };
      } else if (fix.edits) {
        action.edit = workspaceEdit(document, fix.edits);
      } else if (fix.lazy) {
        const resolve: ResolveData = { uri: document.uri, code: String(diagnostic.code), range: diagnostic.range, path: fix.lazy.path, title: fix.title };
        if (data.resource !== undefined) resolve.resource = data.resource;
        if (client.resolve) action.data = resolve;
        else action.edit = resolvedEdit(model, text, document, resolve, settings, client);
        if (!client.resolve && !action.edit) continue;
      }
      (fix.preferred ? preferred : others).push(action);
    }
    const disable = disableAction(model, text, document, shown);
    if (disable) disables.push(disable);
  }
  return [...preferred, ...others, ...disables];
}

/** `codeAction/resolve`: builds the edit of a lazy fix. */
export function resolveCodeAction(model: FileModel, text: string, document: DocumentRef, action: CodeAction, settings: Settings, client: CodeActionClient): CodeAction {
  const data = action.data as ResolveData | undefined;
  if (action.edit || !data || typeof data.code !== 'string') return action;
  const edit = resolvedEdit(model, text, document, data, settings, client);
  return edit ? { ...action, edit } : action;
}

function resolvedEdit(model: FileModel, text: string, document: DocumentRef, data: ResolveData, settings: Settings, client: CodeActionClient): WorkspaceEdit | undefined {
  const found = lazyEdits(model, text, data, settings);
  if (!found) return undefined;
  const { placed, edits } = found;
  const rangeOf = (edit: OffsetEdit): Range => ({ start: filePosition(model, placed, edit.start), end: filePosition(model, placed, edit.end) });
  if (client.snippets && edits.some((edit) => edit.snippet)) {
    const snippetEdits = edits.map((edit): TextEdit | SnippetTextEdit => {
      const range = rangeOf(edit);
      return edit.snippet ? { range, snippet: { kind: 'snippet', value: edit.snippet } } : { range, newText: edit.text };
    });
    return { documentChanges: [{ textDocument: { uri: document.uri, version: document.version ?? null }, edits: snippetEdits }] };
  }
  return workspaceEdit(document, edits.map((edit) => ({ range: rangeOf(edit), newText: edit.text })));
}

/** The file position of an offset relative to a document's start (a fix may also edit the documents around it). */
function filePosition(model: FileModel, placed: PlacedDocument, offset: number): Range['start'] {
  let target = placed;
  if (offset < 0 || offset > placed.doc.text.length) {
    const absolute = placed.slice.offset + offset;
    target = model.documents.find(({ slice }) => absolute >= slice.offset && absolute <= slice.offset + slice.text.length) ?? placed;
    offset = absolute - target.slice.offset;
  }
  const position = target.doc.lines.positionAt(offset);
  return { line: position.line + target.slice.line, character: position.character };
}

/** Finds a lazy fix again (same code, range, object and title) in the current text and builds its edits. */
function lazyEdits(model: FileModel, text: string, data: ResolveData, settings: Settings): { placed: PlacedDocument; edits: OffsetEdit[] } | undefined {
  model.update(text);
  const placed = model.documentAtLine(data.range.start.line);
  // A Helm template's diagnostics carry no lazy fixes: a fix built later could not be checked against its actions.
  if (!placed || placed.doc.template) return undefined;
  const { doc, slice } = placed;
  const local = (position: Range['start']) => doc.lines.offsetAt({ line: position.line - slice.line, character: position.character });
  const file = { documents: model.documents.map((entry) => ({ doc: entry.doc, offset: entry.slice.offset })), offset: slice.offset };
  const context = fixContext(doc, { code: data.code, path: data.path, range: [local(data.range.start), local(data.range.end)] },
    fixResource(doc, data.resource), minorOf(settings.kubernetesVersion), { file });
  const fix = quickFixes(context).find((candidate) => candidate.title === data.title);
  const edits = fix ? safeEdits(fix) : undefined;
  return edits ? { placed, edits } : undefined;
}

/** "Disable `<code>` for this line": a `# kubeassist-disable-next-line` comment above it, indented like it. */
function disableAction(model: FileModel, text: string, document: DocumentRef, diagnostic: Diagnostic): CodeAction | undefined {
  const code = String(diagnostic.code ?? '');
  if (!code || code === 'yaml/syntax') return undefined; // in a broken document, a new line may change how the rest reads
  model.update(text);
  const placed = model.documentAtLine(diagnostic.range.start.line);
  if (!placed) return undefined;
  const { doc, slice } = placed;
  const line = diagnostic.range.start.line - slice.line;
  const editor = new YamlEditor(doc);
  const lineText = (l: number) => doc.text.slice(doc.lines.lineStart(l), doc.lines.lineEnd(l));
  let above = line - 1;
  while (above >= 0 && /^\s*$/.test(lineText(above))) above--;
  const existing = above >= 0 ? /^(\s*#\s*kubeassist-disable-next-line\b)([^#]*)$/.exec(lineText(above)) : null;
  let edit: OffsetEdit;
  if (existing && existing[2].trim() !== '') {
    // Add the code to the comment that is already there.
    const end = doc.lines.lineEnd(above);
    const trimmed = lineText(above).trimEnd().length;
    edit = { start: doc.lines.lineStart(above) + trimmed, end, text: ` ${code}` };
  } else {
    if (editor.insideMultilineNode(doc.lines.lineStart(line))) return undefined;
    edit = editor.insertLineBefore(line, `# kubeassist-disable-next-line ${code}`);
  }
  const range = toRange(doc, edit.start, edit.end);
  const shifted: TextEdit = {
    range: movedRange(range, slice.line),
    newText: edit.text,
  };
  return { title: `Disable \`${code}\` for this line`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit(document, [shifted]) };
}

/** Checks a text again: the findings a set of fixes would leave. */
export type Recheck = (text: string) => Diagnostic[];

/**
 * The edits of every preferred fix in the file (lazy ones built as plain text), without overlaps: a fix
 * whose edits touch an edit already taken waits for the next round; the same fix offered by several
 * findings (one sorted exit-code list for three findings) is taken once. Fixes that do not overlap may
 * still clash (a key renamed to `restartPolicy` while another fix adds `restartPolicy`): the result is
 * checked again, and when it has more YAML findings than before (a duplicate key), fixes are taken one
 * by one, each only if it adds none. (A fix may well reveal a rule's finding: that is progress.)
 */
export function fixAllEdits(model: FileModel, text: string, current: readonly Diagnostic[], settings: Settings, recheck: Recheck): TextEdit[] {
  return preferredFixes(model, text, current, settings, recheck).edits;
}

interface Candidate {
  edits: TextEdit[];
  spans: { start: number; end: number }[];
  /** How many findings this fix repairs (several findings may offer the same fix). */
  repairs: number;
}

/** The preferred fixes that can go together, and how many findings they repair. */
function preferredFixes(model: FileModel, text: string, current: readonly Diagnostic[], settings: Settings, recheck: Recheck): { edits: TextEdit[]; findings: number } {
  const lines = new LineIndex(text);
  const byKey = new Map<string, Candidate>();
  // How the text reads comes first: rules judged the object as read, so a typo fixed may settle a rule's finding.
  const reading = (diagnostic: Diagnostic) => (/^(yaml|kind|schema)\//.test(String(diagnostic.code)) ? 0 : 1);
  for (const diagnostic of [...current].sort((a, b) => reading(a) - reading(b))) {
    const data = (diagnostic.data ?? {}) as DiagnosticData;
    const fix = data.fixes?.find((candidate) => candidate.preferred);
    const edits = fix && editsOf(model, text, diagnostic, data, fix, settings);
    if (!edits?.length) continue;
    const key = JSON.stringify(edits);
    const known = byKey.get(key);
    if (known) known.repairs++;
    else byKey.set(key, { edits, spans: edits.map((edit) => ({ start: lines.offsetAt(edit.range.start), end: lines.offsetAt(edit.range.end) })), repairs: 1 });
  }
  let taken: Candidate[] = [];
  for (const candidate of byKey.values()) {
    if (!candidate.spans.some((span) => taken.some((other) => other.spans.some((otherSpan) => overlaps(span, otherSpan))))) taken.push(candidate);
  }
  if (taken.length) {
    const before = countByCode(current);
    const clean = (set: Candidate[]) => !increased(before, countByCode(recheck(applyCandidates(text, set))));
    if (!clean(taken)) {
      const chosen: Candidate[] = [];
      for (const candidate of taken) if (clean([...chosen, candidate])) chosen.push(candidate);
      taken = chosen;
    }
  }
  const edits = taken.flatMap((candidate) => candidate.edits.map((edit, i) => ({ edit, start: candidate.spans[i].start })));
  return { edits: edits.sort((a, b) => a.start - b.start).map((entry) => entry.edit), findings: taken.reduce((sum, candidate) => sum + candidate.repairs, 0) };
}

function applyCandidates(text: string, set: Candidate[]): string {
  return applyEdits(text, set.flatMap((candidate) => candidate.edits.map((edit, i) => ({ ...candidate.spans[i], text: edit.newText }))));
}

/** How many YAML findings (`yaml/...`) of each code: what clashing fixes break. */
function countByCode(diagnostics: readonly Diagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { code } of diagnostics) if (String(code).startsWith('yaml/')) counts.set(String(code), (counts.get(String(code)) ?? 0) + 1);
  return counts;
}

function increased(before: Map<string, number>, after: Map<string, number>): boolean {
  return [...after].some(([code, count]) => count > (before.get(code) ?? 0));
}

function editsOf(model: FileModel, text: string, diagnostic: Diagnostic, data: DiagnosticData, fix: FixData, settings: Settings): TextEdit[] | undefined {
  if (fix.edits) return fix.edits;
  if (!fix.lazy) return undefined;
  const resolve: ResolveData = { uri: '', code: String(diagnostic.code), range: diagnostic.range, path: fix.lazy.path, title: fix.title, resource: data.resource };
  const edit = resolvedEdit(model, text, { uri: '' }, resolve, settings, { snippets: false, resolve: false });
  return edit?.changes?.[''];
}

/** Two edits conflict when they overlap, or insert at the same place (their order would be a guess). */
function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  if (a.start === a.end || b.start === b.end) return (a.start >= b.start && a.start <= b.end) || (b.start >= a.start && b.start <= a.end);
  return a.start < b.end && b.start < a.end;
}

/**
 * `kubeassist check --fix`: applies the preferred fixes and checks again, until none is left (or `rounds`
 * is reached: one fix may enable another, never endlessly). Returns the fixed text and how many findings
 * the fixes repaired.
 */
export function fixText(text: string, settings: Settings, validate: (model: FileModel, text: string) => Diagnostic[], rounds = 10): { text: string; fixed: number } {
  let fixed = 0;
  let current = text;
  const recheck: Recheck = (candidate) => validate(new FileModel(), candidate);
  for (let round = 0; round < rounds; round++) {
    const model = new FileModel();
    const { edits, findings } = preferredFixes(model, current, validate(model, current), settings, recheck);
    if (edits.length === 0) break;
    const lines = new LineIndex(current);
    const next = applyEdits(current, edits.map((edit) => ({ start: lines.offsetAt(edit.range.start), end: lines.offsetAt(edit.range.end), text: edit.newText })));
    if (next === current) break;
    fixed += findings;
    current = next;
  }
  return { text: current, fixed };
}

function workspaceEdit(document: DocumentRef, edits: TextEdit[]): WorkspaceEdit {
  return { changes: { [document.uri]: edits } };
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
