// What the editor asks after each keystroke (code lenses, inlay hints, the status bar's count, the Explain view,
// the relations of an open file) is read per document and kept while a document's text is unchanged: after
// every edit, each answer equals a fresh model's; an edit keeps the syntax tree of the document it made and
// no other (issue 30: memory does not grow with what requests parsed).
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { FileModel } from '../../server/src/service/document/fileModel';
import {
  checkedResources, codeLenses, DEFAULT_SETTINGS, documentInfo, explainFile, inlayHints, lensTargets, relationReferences, simulate, validate, WorkspaceIndex,
} from '../../server/src/service/index';
import { random } from '../support/fuzz';
import { EXAMPLES_BUNDLE } from '../support/examples';

const BUNDLE = EXAMPLES_BUNDLE;

/** An export (the Diagnose lens), a CronJob (the schedule hint) and objects other kinds name. */
const EXTRA = [
  'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: seen\n  uid: 0b6c7d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\nstatus:\n  active: 1\n',
  'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "0 3 * * *"\n  timeZone: Europe/Berlin\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n          - name: m\n            image: busybox\n            envFrom:\n            - configMapRef:\n                name: env\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: env\ndata:\n  A: b\n',
].join('---\n');

const SNIPPETS = ['---\n', '\n', 'kind: Job\n', '  completions: 3\n', '  name: env2\n', ' ', '-', '#', ':', 'Job', 'CSIDriver', 'uid', 'status:\n  active: 2\n', '  schedule: "*/5 * * * *"\n', '9'];

function randomEdit(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const start = next() < 0.5 ? text.lastIndexOf('\n', at - 1) + 1 : at;
  const length = next() < 0.6 ? 0 : Math.floor(next() ** 3 * Math.min(200, text.length - start));
  const insert = next() < 0.2 ? '' : SNIPPETS[Math.floor(next() * SNIPPETS.length)];
  return text.slice(0, start) + insert + text.slice(start + length);
}

const URI = pathToFileURL(join(tmpdir(), 'edit-path.yaml')).href;
const NOW = Date.parse('2026-03-27T10:00:00Z') / 1000;

/** Everything the editor asks of a file, answered by one model. */
function answers(model: FileModel, text: string) {
  const lines = text.split('\n').length;
  const ranges = [0, Math.floor(lines / 3), Math.floor(lines / 2), lines - 40].map((line) => ({ start: { line: Math.max(0, line), character: 0 }, end: { line: Math.max(0, line) + 60, character: 0 } }));
  const objects = checkedResources(model, text);
  const middle = objects[Math.floor(objects.length / 2)]?.line ?? 0;
  return {
    diagnostics: validate(model, text, DEFAULT_SETTINGS),
    lenses: codeLenses(model, text, URI, DEFAULT_SETTINGS),
    hints: ranges.map((range) => inlayHints(model, text, range, DEFAULT_SETTINGS)),
    hintsWithoutDefaults: inlayHints(model, text, ranges[1], { ...DEFAULT_SETTINGS, inlayHintDefaults: false }),
    olderRelease: inlayHints(model, text, ranges[2], { ...DEFAULT_SETTINGS, kubernetesVersion: '1.29' }),
    objects,
    explained: explainFile(model, text, DEFAULT_SETTINGS, { nowSeconds: NOW }, { line: middle }),
    simulated: simulate(model, text, DEFAULT_SETTINGS, { position: { line: middle, character: 0 } }, undefined, NOW).object,
  };
}

describe('the edit path', () => {
  it('after every edit, code lenses, inlay hints, the checked objects, explain and simulate answer as a fresh model does', () => {
    const next = random(30);
    let text = `${BUNDLE}---\n${EXTRA}`;
    const model = new FileModel();
    for (let step = 0; step < 60; step++) {
      const kept = answers(model, text);
      assert.deepEqual(kept, answers(new FileModel(), text), `step ${step}`);
      text = randomEdit(text, next);
    }
  });

  it('the lenses of an export say Diagnose, and an edit that removes what the server wrote makes it Explain again', () => {
    const model = new FileModel();
    let text = EXTRA;
    const titleAt = (line: number) => codeLenses(model, text, URI, DEFAULT_SETTINGS).find((lens) => lens.range.start.line === line)?.command?.title;
    assert.equal(titleAt(0), 'Diagnose');
    text = text.replace('  uid: 0b6c7d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e\n', '').replace('status:\n  active: 1\n', '');
    assert.equal(titleAt(0), 'Explain');
  });

  it('the lenses are not made again while an edit changes none: the same targets and the same answer, new ones after a rename', () => {
    const model = new FileModel();
    let text = `${BUNDLE}---\n${EXTRA}`;
    const targets = lensTargets(model, text, DEFAULT_SETTINGS);
    const lenses = codeLenses(model, text, URI, DEFAULT_SETTINGS);
    text = `# a line above every object\n${text}`;
    assert.notEqual(lensTargets(model, text, DEFAULT_SETTINGS), targets, 'a line added above the objects moves their lenses');
    const movedTargets = lensTargets(model, text, DEFAULT_SETTINGS);
    const moved = codeLenses(model, text, URI, DEFAULT_SETTINGS);
    assert.deepEqual(moved.map((lens) => lens.range.start.line), lenses.map((lens) => lens.range.start.line + 1));
    text = text.replace('  schedule: "0 3 * * *"\n', '  schedule: "0 4 * * *"\n  suspend: false\n');
    assert.equal(lensTargets(model, text, DEFAULT_SETTINGS), movedTargets, 'the same targets, not read again');
    assert.equal(codeLenses(model, text, URI, DEFAULT_SETTINGS), moved, 'an edit inside the last object\'s spec: the same answer');
    text = text.replace('  name: nightly\n', '  name: nightly-2\n');
    const renamed = codeLenses(model, text, URI, DEFAULT_SETTINGS);
    assert.notEqual(renamed, moved);
    assert.deepEqual(renamed, codeLenses(new FileModel(), text, URI, DEFAULT_SETTINGS));
    assert.ok(renamed.some((lens) => (lens.command?.arguments?.[0] as { name?: string }).name === 'nightly-2'));
  });

  it('the status bar counts the checked objects the reports list, after every edit', () => {
    const next = random(32);
    let text = `${BUNDLE}---\n${EXTRA}`;
    const model = new FileModel();
    for (let step = 0; step < 40; step++) {
      const listed = checkedResources(new FileModel(), text).length;
      assert.equal(documentInfo(model, text, DEFAULT_SETTINGS).checkedResources, listed, `step ${step}`);
      assert.equal(documentInfo(model, text, { ...DEFAULT_SETTINGS, maxFileSize: Math.floor(text.length / 2) }).checkedResources, checkedResources(new FileModel(), text, Math.floor(text.length / 2)).length);
      text = randomEdit(text, next);
    }
  });

  it('a template action in any document of the file takes the lenses and hints away, and removing it, by an editor\'s change, brings them back', () => {
    const model = new FileModel();
    const wide = { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } };
    const text = `${EXTRA}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n`;
    model.update(text); // as the server's open document does (lsp/editorDocuments.ts)
    assert.deepEqual(codeLenses(model, text, URI, DEFAULT_SETTINGS), []);
    assert.deepEqual(inlayHints(model, text, wide, DEFAULT_SETTINGS), []);
    const line = text.split('\n').findIndex((row) => row.includes('{{'));
    model.applyChanges([{ range: { start: { line, character: 8 }, end: { line, character: 28 } }, text: 'plain' }]);
    assert.equal(model.currentText, text.replace('{{ .Release.Name }}', 'plain'));
    assert.deepEqual(codeLenses(model, model.currentText, URI, DEFAULT_SETTINGS), codeLenses(new FileModel(), model.currentText, URI, DEFAULT_SETTINGS));
    assert.equal(codeLenses(model, model.currentText, URI, DEFAULT_SETTINGS).length, 4); // the export: Diagnose and Simulate…; the CronJob: Explain and Simulate…
    assert.notDeepEqual(inlayHints(model, model.currentText, wide, DEFAULT_SETTINGS), []);
  });

  it('an edit keeps the syntax tree of the document it made and no other; requests leave no tree behind', () => {
    const model = new FileModel();
    let text = `${BUNDLE}---\n${EXTRA}`;
    const parsed = () => model.documents.filter(({ doc }) => doc.parsed).map(({ doc }) => doc);
    validate(model, text, DEFAULT_SETTINGS);
    codeLenses(model, text, URI, DEFAULT_SETTINGS);
    inlayHints(model, text, { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } }, DEFAULT_SETTINGS);
    assert.deepEqual(parsed(), [], 'after open and the first requests');

    const edited = (at: string, insert: string) => {
      const offset = text.indexOf(at) + at.length;
      text = text.slice(0, offset) + insert + text.slice(offset);
      validate(model, text, DEFAULT_SETTINGS);
      codeLenses(model, text, URI, DEFAULT_SETTINGS);
      return model.documentAtLine(text.slice(0, offset).split('\n').length - 1)?.doc;
    };
    const cronJob = edited('  schedule: "0 3 * * *"\n', '  suspend: true\n');
    assert.deepEqual(parsed(), [cronJob]);
    const configMap = edited('  A: b\n', '  C: d\n');
    assert.deepEqual(parsed(), [configMap], 'the next edit drops the tree of the one before');
    // Hover and completion parse other documents: the next edit drops those trees too.
    for (const { doc } of model.documents) void doc.resources;
    const again = edited('  C: d\n', '  E: f\n');
    assert.deepEqual(parsed(), [again]);
  });

  it('an edit of an open file brings the index up to date in place: relation findings and references equal a fresh index\'s', () => {
    const path = join(tmpdir(), 'edit-path.yaml');
    let text = EXTRA;
    const index = new WorkspaceIndex(() => undefined);
    const model = new FileModel();
    const check = () => {
      const fresh = new WorkspaceIndex(() => undefined);
      const freshModel = new FileModel();
      const settings = { ...DEFAULT_SETTINGS, relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences: true } };
      assert.deepEqual(validate(model, text, settings, { relations: { index, path } }), validate(freshModel, text, settings, { relations: { index: fresh, path } }));
      const lines = text.split('\n');
      const reference = lines.findIndex((line) => line.includes('name: env'));
      const position = { line: reference, character: lines[reference].indexOf('env') + 1 };
      assert.deepEqual(relationReferences(model, text, position, { index, path }, true), relationReferences(freshModel, text, position, { index: fresh, path }, true));
    };
    check();
    text = text.replace('  A: b\n', '  A: c\n'); // the ConfigMap's text, not its name
    check();
    text = text.replace('  name: env\ndata', '  name: env2\ndata'); // a rename: the CronJob's reference names nothing now
    check();
    text = text.replace('                name: env\n', '                name: env2\n');
    check();
  });
});
