// The documents `kubeassist check` may leave unread for the relation checks (relations/quiet.ts): whatever the
// text test calls quiet must read, when parsed after all, as facts no relation check starts from without a Helm
// hook or an Argo CD annotation in the run: no csi, claim or claim-template volume, no gcsfuse annotation, no
// reference to a CSIDriver or a claim, no definition other checks look up, no hook or wave. Held against every
// document of the relation cases, the fixtures, the real corpus and the bench, and against near misses.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { splitDocuments } from '../../../server/src/service/index';
import { YamlDocument } from '../../../server/src/service/document/yamlDocument';
import { documentFacts, type ObjectFacts } from '../../../server/src/service/relations/facts';
import { DEFINITION_KINDS } from '../../../server/src/service/relations/kinds';
import { mayOrderCreation, ORDER_ONLY_KINDS, quietForRelations } from '../../../server/src/service/relations/quiet';
import { RELATION_CASES } from '../../support/relationCases';
import { filesUnder } from '../../support/relationWorkspace';

const MANIFESTS = /\.(ya?ml|json)$/;
import { REPO_ROOT, sharedPath } from '../../support/shared';

/** What a quiet document's objects may not hold: each a reason a check would start from it. */
function speaks(object: ObjectFacts): string[] {
  const reasons: string[] = [];
  if (object.kind in DEFINITION_KINDS && !ORDER_ONLY_KINDS.has(object.kind)) reasons.push(`a ${object.kind} other checks look up`);
  if (object.spec.provisionerFsType) reasons.push('runs csi-provisioner');
  reasons.push(...orders(object));
  for (const pod of object.pods) {
    for (const volume of pod.volumes) {
      if (volume.csi) reasons.push(`csi volume ${volume.name}`);
      if (volume.claim) reasons.push(`claim volume ${volume.name}`);
      if (volume.claimTemplate) reasons.push(`claim template ${volume.name}`);
    }
    if (pod.ownerGcsfuse.length) reasons.push('gcsfuse annotation above the Pods');
  }
  for (const reference of object.references) {
    if (reference.target === 'CSIDriver' || reference.via === 'claimName' || reference.target === 'PersistentVolumeClaim') reasons.push(`names a ${reference.target} (${reference.via})`);
  }
  return reasons;
}

/**
 * A Helm hook or an Argo CD annotation, as the creation-order checks start from one: a value read (an annotation
 * a template's values may add leaves the order unsettled, and they stay silent).
 */
function orders(object: ObjectFacts): string[] {
  const { helmHook, argoHook, argoWave } = object.annotations;
  return [helmHook, argoHook, argoWave].some((read) => read.value !== undefined) ? ['a hook or an Argo CD annotation'] : [];
}

async function corpus(): Promise<string[]> {
  const texts = RELATION_CASES.flatMap((testCase) => Object.values(testCase.files));
  for (const path of [...filesUnder(join(REPO_ROOT, 'test', 'fixtures'), MANIFESTS), ...filesUnder(sharedPath('corpus', 'real'), MANIFESTS)]) texts.push(readFileSync(path, 'utf8'));
  const bench = (await import(join(REPO_ROOT, 'scripts', 'bench-bundle.mjs'))) as { generateDocument(i: number): string; generateBatchDocument(i: number): string };
  for (let i = 0; i < 200; i++) texts.push(bench.generateDocument(i), bench.generateBatchDocument(i));
  return texts.flatMap((text) => splitDocuments(text).map((slice) => slice.text));
}

describe('documents left unread for the relation checks', () => {
  it('read as facts no check starts from, over the cases, fixtures, real corpus and bench', async () => {
    let quiet = 0;
    let loud = 0;
    for (const text of await corpus()) {
      const facts = documentFacts(new YamlDocument(text), 'all');
      if (!mayOrderCreation(text)) assert.deepEqual(facts.objects.flatMap(orders), [], text);
      if (!quietForRelations(text)) {
        if (facts.objects.some((object) => speaks(object).length)) loud++;
        continue;
      }
      quiet++;
      assert.deepEqual(facts.objects.flatMap(speaks), [], text);
    }
    // Not a vacuous promise: the corpus holds both.
    assert.ok(quiet > 100, `${quiet} quiet documents`);
    assert.ok(loud > 10, `${loud} documents a check starts from`);
  });

  const deployment = (pod: string, metadata = '') =>
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n${metadata}spec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx\n${pod}`;
  const rows: [name: string, text: string, quiet: boolean][] = [
    ['a Deployment naming a ConfigMap and a ServiceAccount', deployment('      serviceAccountName: web\n      volumes:\n      - name: c\n        configMap: {name: c}\n'), true],
    ['a ConfigMap', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n', true],
    ['a Secret', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n', true],
    ['a Service (no kind the index records)', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: s\n', true],
    ['an inline csi volume', deployment('      volumes:\n      - name: v\n        csi: {driver: x.example.com}\n'), false],
    ['a claim', deployment('      volumes:\n      - name: v\n        persistentVolumeClaim: {claimName: data}\n'), false],
    ['a generic ephemeral volume', deployment('      volumes:\n      - name: v\n        ephemeral:\n          volumeClaimTemplate:\n            spec: {storageClassName: fast}\n'), false],
    ['a StatefulSet claim template', 'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  volumeClaimTemplates:\n  - metadata: {name: data}\n', false],
    ['a gcsfuse annotation', deployment('', '  annotations:\n    gke-gcsfuse/volumes: "true"\n'), false],
    ['a Helm hook', deployment('', '  annotations:\n    helm.sh/hook: pre-install\n'), false],
    ['an Argo CD wave on a ConfigMap', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    argocd.argoproj.io/sync-wave: "1"\n', false],
    ['an escaped key that spells csi', deployment('      volumes:\n      - name: v\n        "\\x63si": {driver: x.example.com}\n'), false],
    ['a csi-provisioner sidecar', deployment('      - name: p\n        image: registry.k8s.io/sig-storage/csi-provisioner:v5\n'), false],
    ['a StorageClass', 'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: fast\nprovisioner: x\n', false],
    ['a CSIDriver', 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: x\n', false],
    ['a List', 'apiVersion: v1\nkind: List\nitems: []\n', false],
    ['a JSON document', '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}}\n', false],
  ];
  for (const [name, text, quiet] of rows) {
    it(`${quiet ? 'leaves unread' : 'reads'} ${name}`, () => {
      assert.equal(quietForRelations(text), quiet);
      if (quiet) assert.deepEqual(documentFacts(new YamlDocument(text), 'all').objects.flatMap(speaks), []);
    });
  }
  it('orders creation where a text holds a Helm hook, an Argo CD annotation or a backslash, nowhere else', () => {
    const rows: [text: string, orders: boolean][] = [
      [deployment('', '  annotations:\n    helm.sh/hook: pre-install\n'), true],
      [deployment('', '  annotations:\n    helm.sh/hook-weight: "-5"\n'), true],
      ['apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    argocd.argoproj.io/sync-wave: "1"\n', true],
      [deployment('', '  annotations:\n    "argocd\\x2eargoproj.io/hook": Sync\n'), true],
      [deployment('      serviceAccountName: web\n'), false],
      [deployment('', '  annotations:\n    helm.sh/chart: app-1.0.0\n    app.kubernetes.io/managed-by: argocd\n'), false],
    ];
    assert.deepEqual(rows.map(([text]) => mayOrderCreation(text)), rows.map(([, orders]) => orders));
  });
  it('an escaped key that spells csi is read as a csi volume (why a backslash is never quiet)', () => {
    const text = deployment('      volumes:\n      - name: v\n        "\\x63si": {driver: x.example.com}\n');
    assert.deepEqual(documentFacts(new YamlDocument(text), 'all').objects.flatMap(speaks), ['csi volume v', 'names a CSIDriver (csi.driver)']);
  });
});
