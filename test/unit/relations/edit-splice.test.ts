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
        const edit = randomDocumentEdit(text, next, ['a', 'x', '1', ' ', ':', '-', 'env', 'other'], [configMap('env'), configMap('other'), job('late', 'env'), driver]);
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
