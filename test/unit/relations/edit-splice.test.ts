// An open file's index entries after keystrokes: the workspace index brings an edited file up to date from the
// edit alone (FileModel.changeSince, WorkspaceIndex's splice of the edited documents) instead of reading all of its
// documents again. After every random edit, applied as an editor sends it, the file's diagnostics, definitions and
// references must be exactly what a fresh model and a fresh index of the same texts give.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, FileModel, validate, WorkspaceIndex, type Settings } from '../../../server/src/service/index';
import type { TextChange } from '../../../server/src/service/document/textChanges';
import { ROOT } from '../../support/relationWorkspace';

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences: true } };
const BUNDLE = join(ROOT, 'c/templates/bundle.yaml');
const OTHER = join(ROOT, 'c/templates/claims.yaml');

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;
const job = (name: string, reads: string) =>
  `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\n  annotations:\n    helm.sh/hook: pre-install\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${reads}\n`;
const driver = `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: disk.csi.example.com\nspec:\n  volumeLifecycleModes: [Persistent]\n`;
const inlinePod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: inline\nspec:\n  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    csi:\n      driver: disk.csi.example.com\n`;

/** A small random generator with a seed, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The LSP position of an offset. */
function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** One random keystroke-like change: a character typed or deleted, a line added or removed, a document cut or joined. */
function randomChange(text: string, next: () => number): { change: TextChange; text: string } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((match) => match.index! + 1).filter((offset) => offset < text.length)];
  const kind = pick(['type', 'type', 'type', 'delete', 'newline', 'removeLine', 'separator', 'joinDocuments', 'document']);
  let start = Math.floor(next() * (text.length + 1));
  let end = start;
  let insert = '';
  if (kind === 'type') insert = pick(['a', 'x', '1', ' ', ':', '-', 'env', 'other']);
  else if (kind === 'delete') end = Math.min(text.length, start + 1 + Math.floor(next() * 3));
  else if (kind === 'newline') insert = '\n';
  else if (kind === 'removeLine') {
    start = pick(lineStarts);
    const lineEnd = text.indexOf('\n', start);
    end = lineEnd === -1 ? text.length : lineEnd + 1;
  } else if (kind === 'separator') {
    start = end = pick(lineStarts);
    insert = '---\n';
  } else if (kind === 'joinDocuments') {
    const separators = [...text.matchAll(/^---\n/gm)].map((match) => match.index!);
    if (separators.length) {
      start = pick(separators);
      end = start + 4;
    }
  } else {
    start = end = pick(lineStarts);
    insert = `${pick([configMap('env'), configMap('other'), job('late', 'env'), driver])}---\n`;
  }
  const change = { range: { start: positionAt(text, start), end: positionAt(text, end) }, text: insert };
  return { change, text: text.slice(0, start) + insert + text.slice(end) };
}

/** What the index holds of a file, as positions and names (the entries' objects are compared by what they say). */
function entriesOf(index: WorkspaceIndex, path: string): unknown {
  const definitions = index.definitionsIn(path).map((definition) => ({ range: definition.range, kind: definition.object.kind, name: definition.object.name?.text, annotationsInsert: definition.annotationsInsert }));
  const references = ['ConfigMap', 'CSIDriver', 'PersistentVolumeClaim'].flatMap((kind) =>
    ['env', 'other', 'late', 'disk.csi.example.com', 'data'].flatMap((name) => index.referencesTo(kind, name).filter((reference) => reference.path === path).map((reference) => ({ kind, name, range: reference.range }))),
  );
  return { definitions, references, documents: index.documentsOf(path).map((document) => document.line) };
}

describe('an edited file in the workspace index', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`after each of 60 random edits (seed ${seed}), the file's diagnostics and index entries are a fresh index's`, () => {
      const next = random(seed);
      const other = `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  storageClassName: fast\n`;
      let text = [configMap('env'), job('a', 'env'), job('b', 'missing'), configMap('other'), job('c', 'other'), inlinePod, driver].join('---\n');
      const index = new WorkspaceIndex(() => undefined);
      index.setText(OTHER, other);
      const model = new FileModel();
      const check = () => validate(model, model.currentText, SETTINGS, { relations: { index, path: BUNDLE } });
      model.update(text);
      check();
      for (let step = 0; step < 60; step++) {
        const edit = randomChange(text, next);
        text = edit.text;
        model.applyChanges([edit.change]);
        assert.equal(model.currentText, text, `step ${step}: the model's text`);
        const diagnostics = check();
        const fresh = new WorkspaceIndex(() => undefined);
        fresh.setText(OTHER, other);
        const freshDiagnostics = validate(new FileModel(), text, SETTINGS, { relations: { index: fresh, path: BUNDLE } });
        assert.deepEqual(diagnostics, freshDiagnostics, `step ${step}: diagnostics after ${JSON.stringify(edit.change)}`);
        assert.deepEqual(entriesOf(index, BUNDLE), entriesOf(fresh, BUNDLE), `step ${step}: index entries after ${JSON.stringify(edit.change)}`);
      }
    });
  }
});
