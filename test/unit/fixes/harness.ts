// Applies one quick fix the way an editor does (code action -> workspace edit -> text), then checks again.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { LineIndex } from '../../../server/src/service/document/lines';
import { applyEdits } from '../../../server/src/service/document/edits';
import { codeActions, DEFAULT_SETTINGS, FileModel, validateText, type Settings } from '../../../server/src/service/index';
import type { DiagnosticData } from '../../../server/src/service/features/diagnostics';

export const URI = 'file:///fixture.yaml';
export const PLAIN_CLIENT = { snippets: false, resolve: false };

export function settingsFor(version = '1.35'): Settings {
  return { ...DEFAULT_SETTINGS, kubernetesVersion: version };
}

/** `text` with `from` (which must occur exactly once) replaced by `to`: the exact expected text of a fix. */
export function edit(text: string, from: string, to: string): string {
  const first = text.indexOf(from);
  assert.notEqual(first, -1, `"${from}" is not in the fixture`);
  assert.equal(text.indexOf(from, first + 1), -1, `"${from}" occurs more than once in the fixture`);
  return text.slice(0, first) + to + text.slice(first + from.length);
}

export function findings(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code} @ ${(d.data as DiagnosticData | undefined)?.path ?? ''}`).sort();
}

export function applyTextEdits(text: string, edits: TextEdit[]): string {
  const lines = new LineIndex(text);
  return applyEdits(text, edits.map((e) => ({ start: lines.offsetAt(e.range.start), end: lines.offsetAt(e.range.end), text: e.newText })));
}

/** The code actions an editor gets for the (first, or `occurrence`-th) diagnostic with `code`. */
export function actionsFor(text: string, code: string, settings = settingsFor(), occurrence = 1): { diagnostic: Diagnostic; actions: CodeAction[] } {
  const model = new FileModel();
  const diagnostics = validateText(text, settings).filter((d) => d.code === code);
  const diagnostic = diagnostics[occurrence - 1];
  assert.ok(diagnostic, `no ${code} finding in the fixture (found: ${findings(validateText(text, settings)).join(', ')})`);
  const actions = codeActions(model, text, { uri: URI }, { range: diagnostic.range, context: { diagnostics: [diagnostic] } }, settings, PLAIN_CLIENT);
  return { diagnostic, actions };
}

export interface Applied {
  text: string;
  before: string[];
  after: string[];
  action: CodeAction;
}

/**
 * Applies the action titled `title` (default: the preferred one) for the finding `code` and checks again.
 * Asserts the finding is gone and no new finding appeared.
 */
export function applyFix(text: string, code: string, title?: string, settings = settingsFor(), occurrence = 1): Applied {
  const before = findings(validateText(text, settings));
  const { diagnostic, actions } = actionsFor(text, code, settings, occurrence);
  const action = title === undefined ? actions.find((a) => a.isPreferred) : actions.find((a) => a.title === title);
  assert.ok(action, `no action ${title ?? '(preferred)'} for ${code}; offered: ${actions.map((a) => a.title).join(' | ')}`);
  const edits = action.edit?.changes?.[URI];
  assert.ok(edits, `action "${action.title}" has no edit`);
  const fixed = applyTextEdits(text, edits);
  const after = findings(validateText(fixed, settings));
  const path = (diagnostic.data as DiagnosticData | undefined)?.path ?? '';
  const expected = [...before];
  for (const finding of after) {
    const index = expected.indexOf(finding);
    assert.notEqual(index, -1, `new finding after "${action.title}": ${finding}\n--- fixed text ---\n${fixed}`);
    expected.splice(index, 1);
  }
  const key = `${code} @ ${path}`;
  assert.ok(after.filter((f) => f === key).length < before.filter((f) => f === key).length, `the finding is still there after "${action.title}"`);
  return { text: fixed, before, after, action };
}

/** A fix case: applying `title` (or the preferred fix) to the `code` finding of `text` gives exactly `expected`. */
export interface FixCase {
  name: string;
  text: string;
  code: string;
  title?: string;
  expected: string;
  version?: string;
  occurrence?: number;
  /** Findings left after the fix that were there before (besides the fixed one): none unless said. */
  remaining?: string[];
  /** Why the fix has no CronJob twin (a fix of ValidateJob's own checks), when it has none. */
  notInCronJob?: string;
}

export function checkCase(c: FixCase): void {
  const applied = applyFix(c.text, c.code, c.title, settingsFor(c.version), c.occurrence);
  assert.equal(applied.text, c.expected);
  assert.deepEqual(applied.after, [...(c.remaining ?? [])].sort(), `findings left after "${applied.action.title}"`);
}

// ---- CronJob twins: the same fix inside a CronJob's job template ------------------------------------------

/**
 * A one-document Job written in block style, moved into a CronJob: its `spec:` becomes the job template's,
 * four columns deeper, under a CronJob `spec` with a schedule. Undefined for other texts.
 */
export function cronJobTwinText(text: string): string | undefined {
  const lines = text.split('\n');
  const specLine = lines.indexOf('spec:');
  if (lines.filter((line) => line === 'kind: Job').length !== 1 || specLine < 0 || lines.some((line) => /^(---|\.\.\.)\s*$/.test(line))) return undefined;
  let end = specLine + 1;
  while (end < lines.length && (lines[end] === '' || /^[ #]/.test(lines[end]))) end++;
  if (lines.slice(end).some((line) => line.trim() !== '')) return undefined; // spec is not the last field
  const body = lines.slice(specLine + 1, end).map((line) => (line === '' ? line : `    ${line}`));
  return [...lines.slice(0, specLine), 'spec:', '  schedule: "0 3 * * *"', '  jobTemplate:', '    spec:', ...body].join('\n').replace('kind: Job\n', 'kind: CronJob\n');
}

/** Runs a Job fix case again inside a CronJob; false when the case has no twin text. */
export function checkCronJobFixTwin(c: FixCase): boolean {
  const text = cronJobTwinText(c.text);
  const expected = cronJobTwinText(c.expected);
  if (!text || !expected) return false;
  const moved = (finding: string) => finding.replace(/ @ spec(?=$|[.[])/, ' @ spec.jobTemplate.spec');
  checkCase({ ...c, text, expected, remaining: c.remaining?.map(moved) });
  return true;
}

/** The cases of a Job fix table, each with its CronJob twin (or the reason it has none). */
export function runFixCases(cases: readonly FixCase[], options: { skip?: (c: FixCase) => string | false } = {}): void {
  for (const c of cases) {
    const skip = options.skip?.(c) || false;
    it(c.name, { skip }, () => checkCase(c));
    if (c.notInCronJob) continue;
    it(`${c.name} (in a CronJob)`, { skip }, () => assert.ok(checkCronJobFixTwin(c), 'a Job fix case needs a CronJob twin (or notInCronJob)'));
  }
}
