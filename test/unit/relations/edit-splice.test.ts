// An open file's index entries after keystrokes: the workspace index brings an edited file up to date from the
// edit alone (FileModel.changeSince, WorkspaceIndex's splice of the edited documents) instead of reading all of its
// documents again. After every random edit, applied as an editor sends it, the file's diagnostics, definitions and
// references must be exactly what a fresh model and a fresh index of the same texts give.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, FileModel, validate, WorkspaceIndex, type Settings } from '../../../server/src/service/index';
import { randomDocumentEdit } from '../../support/documentEdits';
import { random } from '../../support/fuzz';
import { ROOT } from '../../support/relationWorkspace';

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences: true } };
const BUNDLE = join(ROOT, 'c/templates/bundle.yaml');
const OTHER = join(ROOT, 'c/templates/claims.yaml');
const CHART = join(ROOT, 'c/Chart.yaml');

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;
const job = (name: string, reads: string) =>
  `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\n  annotations:\n    helm.sh/hook: pre-install\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${reads}\n`;
const driver = `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: disk.csi.example.com\nspec:\n  volumeLifecycleModes: [Persistent]\n`;
const inlinePod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: inline\nspec:\n  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    csi:\n      driver: disk.csi.example.com\n`;

/** What the index holds of a file, as positions and names (the entries' objects are compared by what they say). */
function entriesOf(index: WorkspaceIndex, path: string): unknown {
  const definitions = index.definitionsIn(path).map((definition) => ({ range: definition.range, kind: definition.object.kind, name: definition.object.name?.text, annotationsInsert: definition.annotationsInsert }));
  const references = ['ConfigMap', 'CSIDriver', 'PersistentVolumeClaim'].flatMap((kind) =>
    ['env', 'other', 'late', 'disk.csi.example.com', 'data'].flatMap((name) => index.referencesTo(kind, name).filter((reference) => reference.path === path).map((reference) => ({ kind, name, range: reference.range }))),
  );
  return { definitions, references, documents: index.documentsOf(path).map((document) => document.line) };
}

/** An index of the chart the bundle is in: its Chart.yaml (a release: Helm's hook order applies) and a claim. */
function chartIndex(): WorkspaceIndex {
  const files = new Map([
    [CHART, 'apiVersion: v2\nname: c\nversion: 1.0.0\n'],
    [OTHER, `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  storageClassName: fast\n`],
  ]);
  const index = new WorkspaceIndex((path) => files.get(path));
  for (const [path, text] of files) index.setText(path, text);
  return index;
}

describe('an edited file in the workspace index', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`after each of 60 random edits (seed ${seed}), the file's diagnostics and index entries are a fresh index's`, () => {
      const next = random(seed);
      let text = [configMap('env'), job('a', 'env'), job('b', 'missing'), configMap('other'), job('c', 'other'), inlinePod, driver].join('---\n');
      const index = chartIndex();
      const model = new FileModel();
      const check = () => validate(model, model.currentText, SETTINGS, { relations: { index, path: BUNDLE } });
      model.update(text);
      // The findings a user sees on opening the file, so that the comparisons below are of something.
      const lineOf = (line: string) => text.split('\n').indexOf(line);
      assert.deepEqual(
        check().map((diagnostic) => [diagnostic.code, diagnostic.range.start.line]),
        [
          ['relations/helm-hook-order', lineOf('            name: env')],
          ['relations/undefined-reference', lineOf('            name: missing')],
          ['relations/helm-hook-order', lineOf('            name: other')],
          ['relations/csi-inline-volume-mode', lineOf('      driver: disk.csi.example.com')],
        ],
      );
      assert.deepEqual(
        index.definitionsIn(BUNDLE).map((definition) => [definition.object.kind, definition.object.name?.text, definition.range.start.line]),
        [
          ['ConfigMap', 'env', lineOf('  name: env')],
          ['ConfigMap', 'other', lineOf('  name: other')],
          ['CSIDriver', 'disk.csi.example.com', lineOf('  name: disk.csi.example.com')],
        ],
      );
      for (let step = 0; step < 60; step++) {
        const edit = randomDocumentEdit(text, next, ['a', 'x', '1', ' ', ':', '-', 'env', 'other'], [configMap('env'), configMap('other'), job('late', 'env'), driver]);
        text = edit.text;
        model.applyChanges([edit.change]);
        assert.equal(model.currentText, text, `step ${step}: the model's text`);
        const diagnostics = check();
        const fresh = chartIndex();
        const freshDiagnostics = validate(new FileModel(), text, SETTINGS, { relations: { index: fresh, path: BUNDLE } });
        assert.deepEqual(diagnostics, freshDiagnostics, `step ${step}: diagnostics after ${JSON.stringify(edit.change)}`);
        assert.deepEqual(entriesOf(index, BUNDLE), entriesOf(fresh, BUNDLE), `step ${step}: index entries after ${JSON.stringify(edit.change)}`);
      }
    });
  }
});
