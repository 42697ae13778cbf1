// An open file's relation findings across edits: a document's findings are checked again only when its own text
// changed or a definition its checks looked up came, went or moved (relations/workspaceIndex.ts `recording`);
// after every edit each document reports exactly what a fresh open of the same texts reports. The engine
// alone: one FileModel and one index kept across the edits, as the language server keeps them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DEFAULT_SETTINGS, FileModel, validate, WorkspaceIndex, type Settings } from '../../../server/src/service/index';
import { ROOT, underlined, workspace } from '../../support/relationWorkspace';

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences: true } };
const BUNDLE = 'c/templates/bundle.yaml';
const CLAIM = 'c/templates/pvc.yaml';
const PRE = '  annotations:\n    helm.sh/hook: pre-install\n';

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;
const hookJob = (name: string, reads: string) =>
  `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\n${PRE}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${reads}\n`;
const inlinePod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: inline\nspec:\n  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    csi:\n      driver: disk.csi.example.com\n`;
const claimPod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: claims\nspec:\n  securityContext:\n    fsGroup: 1000\n  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    persistentVolumeClaim:\n      claimName: data\n`;
const storageClass = `apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: fast\nprovisioner: disk.csi.example.com\n`;
const driver = `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: disk.csi.example.com\nspec:\n  volumeLifecycleModes: [Persistent]\n`;
const claim = (name: string) => `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: ${name}\nspec:\n  accessModes: [ReadWriteMany]\n  storageClassName: fast\n  resources:\n    requests:\n      storage: 1Gi\n`;

/** The texts of the workspace, as an editor holds them: the bundle open, the others on the disk. */
function initialFiles(): Record<string, string> {
  return {
    'c/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n',
    [BUNDLE]: [configMap('env'), hookJob('a', 'env'), hookJob('b', 'env2'), configMap('other'), hookJob('c', 'other'), inlinePod, claimPod, storageClass, driver].join('---\n'),
    [CLAIM]: claim('data'),
  };
}

/** What a user sees of the relation findings: code, severity and the text underlined. */
function seen(text: string, diagnostics: Diagnostic[]): string[] {
  return diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith('relations/')).map((diagnostic) => `${diagnostic.code} ${diagnostic.severity} ${underlined(text, diagnostic)}`);
}

describe('relation findings across edits of an open file', () => {
  it('after a rename, every document reports exactly what a fresh open gives, and documents that name neither name keep their findings unchecked', () => {
    const files = initialFiles();
    const index = new WorkspaceIndex((path) => Object.entries(files).find(([file]) => join(ROOT, file) === path)?.[1]);
    for (const [file, text] of Object.entries(files)) index.setText(join(ROOT, file), text);
    const model = new FileModel();
    const edited = () => validate(model, files[BUNDLE], SETTINGS, { relations: { index, path: join(ROOT, BUNDLE) } });
    const fresh = () => workspace(files).check(BUNDLE, SETTINGS);
    const step = (expected: string[]): Diagnostic[] => {
      const diagnostics = edited();
      assert.deepEqual(diagnostics, fresh());
      assert.deepEqual(seen(files[BUNDLE], diagnostics), expected);
      return diagnostics;
    };
    const other = (diagnostics: Diagnostic[]) => diagnostics.find((diagnostic) => underlined(files[BUNDLE], diagnostic) === 'other' && diagnostic.code === 'relations/helm-hook-order');

    // Job b names `env2`, which the chart does not define while it defines other ConfigMaps: the opt-in hint.
    const first = step([
      'relations/helm-hook-order 2 env',
      'relations/undefined-reference 4 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/fsgroup-not-applied 2 data',
    ]);

    // The ConfigMap `env` renamed `env2`: Job a's warning becomes the hint, Job b's hint the warning.
    files[BUNDLE] = files[BUNDLE].replace('  name: env\n', '  name: env2\n');
    const renamed = step([
      'relations/undefined-reference 4 env',
      'relations/helm-hook-order 2 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/fsgroup-not-applied 2 data',
    ]);
    // Job c names neither `env` nor `env2`: its finding is the one it had, not checked again.
    assert.equal(other(renamed), other(first));

    // A ConfigMap of any name added (a new document): the hints that list the chart's ConfigMaps are checked again.
    files[BUNDLE] = `${files[BUNDLE]}---\n${configMap('extra')}`;
    const added = step([
      'relations/undefined-reference 4 env',
      'relations/helm-hook-order 2 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/fsgroup-not-applied 2 data',
    ]);
    assert.equal(other(added), other(first));

    // The StorageClass's provisioner renamed (a definition the claim's Pod reaches through the claim in another file).
    files[BUNDLE] = files[BUNDLE].replace('provisioner: disk.csi.example.com', 'provisioner: disk.csi.example.org');
    step([
      'relations/undefined-reference 4 env',
      'relations/helm-hook-order 2 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/csi-driver-name 2 disk.csi.example.org',
    ]);
    files[BUNDLE] = files[BUNDLE].replace('provisioner: disk.csi.example.org', 'provisioner: disk.csi.example.com');
    step([
      'relations/undefined-reference 4 env',
      'relations/helm-hook-order 2 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/fsgroup-not-applied 2 data',
    ]);

    // The CSIDriver renamed: the inline volume's driver has no CSIDriver any more, only a close name.
    files[BUNDLE] = files[BUNDLE].replace('  name: disk.csi.example.com\n', '  name: disk.csi.example.net\n');
    step([
      'relations/undefined-reference 4 env',
      'relations/helm-hook-order 2 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-driver-name 2 disk.csi.example.com',
      'relations/csi-driver-name 2 disk.csi.example.com',
    ]);
    files[BUNDLE] = files[BUNDLE].replace('  name: disk.csi.example.net\n', '  name: disk.csi.example.com\n');

    // A line inserted at the top: every document moves, and so does every related location in this file.
    files[BUNDLE] = `# moved\n${files[BUNDLE]}`;
    const moved = step([
      'relations/undefined-reference 4 env',
      'relations/helm-hook-order 2 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/fsgroup-not-applied 2 data',
    ]);
    assert.equal(other(moved)?.relatedInformation?.[0].location.range.start.line, files[BUNDLE].split('\n').indexOf('  name: other'));

    // The ConfigMap `env2` removed (its document deleted): Job b's warning goes, its hint comes.
    files[BUNDLE] = files[BUNDLE].replace(`${configMap('env2')}---\n`, '');
    step([
      'relations/undefined-reference 4 env',
      'relations/undefined-reference 4 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/fsgroup-not-applied 2 data',
    ]);

    // Another file changes on the disk (the claim renamed): the bundle's text is the same, its claim Pod's
    // warning becomes the hint that the chart does not define `data`.
    files[CLAIM] = claim('data-2');
    index.setText(join(ROOT, CLAIM), files[CLAIM]);
    step([
      'relations/undefined-reference 4 env',
      'relations/undefined-reference 4 env2',
      'relations/helm-hook-order 2 other',
      'relations/csi-inline-volume-mode 2 disk.csi.example.com',
      'relations/undefined-reference 4 data',
    ]);

    // The chart goes away (its Chart.yaml deleted): no Helm release, so no hook order and no chart hints.
    delete files['c/Chart.yaml'];
    index.setText(join(ROOT, 'c/Chart.yaml'), undefined);
    step(['relations/csi-inline-volume-mode 2 disk.csi.example.com']);
  });
});
