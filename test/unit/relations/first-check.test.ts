// An editor's first check of a file (the language server's open) leaves the facts of its documents quiet for
// relations (relations/quiet.ts) to the background, where nothing in the workspace could make them speak: its
// diagnostics must be exactly those of a check that read every document, and the index holds them all once the
// background has read the rest (WorkspaceIndex.setModel, as the server's indexer calls it).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { claimServerJson } from '../../../server/src/service/document/kubectlYaml';
import { YamlDocument } from '../../../server/src/service/document/yamlDocument';
import { DEFAULT_SETTINGS, FileModel, validate, type Settings } from '../../../server/src/service/index';
import { documentFacts } from '../../../server/src/service/relations/facts';
import { quietMayWait } from '../../../server/src/service/relations/quiet';
import { RELATION_CASES } from '../../support/relationCases';
import { REPO_ROOT } from '../../support/shared';
import { filesUnder, REAL_LAYOUTS, realLayout, ROOT, workspace } from '../../support/relationWorkspace';

interface FirstCheck {
  diagnostics: Diagnostic[];
  /** Whether the check left documents for the background (its onIncomplete was called). */
  leftSome: boolean;
  /** The objects the index holds of the file right after the check, then once the background has read the rest. */
  kindsNow: string[];
  kindsAfter: string[];
  /** The file's diagnostics checked again after the background (the server's next check). */
  again: Diagnostic[];
}

/** The file checked as the language server's open checks it, in a workspace of `files` indexed from the disk. */
function firstCheck(files: Record<string, string>, file: string, settings: Settings = DEFAULT_SETTINGS): FirstCheck {
  const space = workspace(files);
  const path = join(ROOT, file);
  const model = new FileModel();
  let leftSome = false;
  const relations = { index: space.index, path, budget: 10, deferQuiet: true, onIncomplete: () => (leftSome = true) };
  const diagnostics = validate(model, space.text(file), settings, { relations });
  const kinds = () => space.index.documentsOf(path).flatMap(({ facts }) => facts.objects.map((object) => object.kind));
  const kindsNow = kinds();
  while (!space.index.setModel(path, model, 40).complete);
  return { diagnostics, leftSome, kindsNow, kindsAfter: kinds(), again: validate(model, space.text(file), settings, { relations: { index: space.index, path, budget: 0 } }) };
}

/** The same file checked with every document read. */
function fullCheck(files: Record<string, string>, file: string, settings: Settings = DEFAULT_SETTINGS): Diagnostic[] {
  return workspace(files).check(file, settings);
}

const job = (extra = '', metadata = '') =>
  `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n${metadata}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: cfg\n${extra}`;
const configMap = (annotations = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n${annotations}data:\n  a: b\n`;
const csiDriver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: x.example.com\nspec:\n  attachRequired: false\n';
const codes = (diagnostics: Diagnostic[]) => diagnostics.map((diagnostic) => String(diagnostic.code)).filter((code) => code.startsWith('relations/'));

describe("an editor's first check of a file", () => {
  it('publishes what a check reading every document publishes, for each file of the upstream reports and the real layouts', () => {
    const workspaces: [name: string, files: Record<string, string>, relations?: Partial<Settings['relations']>][] = [
      ...RELATION_CASES.map((testCase) => [testCase.report, testCase.files, testCase.relations] as [string, Record<string, string>, Partial<Settings['relations']> | undefined]),
      ...readdirSync(REAL_LAYOUTS).map((name) => [name, realLayout(name)] as [string, Record<string, string>]),
    ];
    // And each file in a workspace of its own (where nothing elsewhere orders creation), the fixtures' too.
    workspaces.push(...filesUnder(join(REPO_ROOT, 'test', 'fixtures'), /\.ya?ml$/, ['relations-real']).map((path) => [relative(REPO_ROOT, path), { [relative(REPO_ROOT, path)]: readFileSync(path, 'utf8') }] as [string, Record<string, string>]));
    for (const [name, texts] of [...workspaces]) {
      for (const [path, text] of Object.entries(texts)) if (/\.ya?ml$/.test(path)) workspaces.push([`${name}: ${path} alone`, { [path]: text }]);
    }
    let deferred = 0;
    let files = 0;
    for (const [name, texts, relations] of workspaces) {
      for (const undefinedReferences of [false, true]) {
        const settings = { ...DEFAULT_SETTINGS, relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences, ...relations } };
        for (const file of Object.keys(texts).filter((path) => /\.ya?ml$/.test(path))) {
          const first = firstCheck(texts, file, settings);
          const full = fullCheck(texts, file, settings);
          assert.deepEqual(first.diagnostics, full, `${name}: ${file}`);
          assert.deepEqual(first.again, full, `${name}: ${file}, after the background`);
          files++;
          if (first.leftSome) deferred++;
        }
      }
    }
    // Not a vacuous promise: many files have documents that may wait.
    assert.ok(deferred > 100, `${deferred} of ${files} checks left documents for later`);
  });

  it('leaves the quiet documents of the bench bundle to the background, and the index holds them all after', async () => {
    const bench = (await import(join(REPO_ROOT, 'scripts', 'bench-bundle.mjs'))) as { generateBundle(documents: number): string };
    const files = { 'release/bundle.yaml': bench.generateBundle(40) };
    const first = firstCheck(files, 'release/bundle.yaml');
    assert.deepEqual(first.diagnostics, fullCheck(files, 'release/bundle.yaml'));
    assert.equal(first.leftSome, true);
    // The CSIDrivers are definitions other checks look up: read at once; the Jobs, Deployments and ConfigMaps wait.
    assert.deepEqual([...new Set(first.kindsNow)], ['CSIDriver']);
    assert.deepEqual(first.kindsAfter.filter((kind, i, all) => all.indexOf(kind) === i).sort(), ['CSIDriver', 'ConfigMap', 'Deployment', 'Job']);
    assert.equal(first.kindsAfter.length, 40);
  });

  // Each row: a finding a quiet document's facts make, which the first check must not lose.
  const rows: [name: string, files: Record<string, string>, file: string, code: string, settings?: Partial<Settings['relations']>][] = [
    ['a quiet Job reading a ConfigMap of a later Argo CD wave in another file', { 'app/config.yaml': configMap('  annotations:\n    argocd.argoproj.io/sync-wave: "5"\n'), 'app/job.yaml': job() }, 'app/job.yaml', 'relations/argocd-sync-order'],
    ['a hook Job reading a quiet ConfigMap of the same file', { 'chart/Chart.yaml': 'apiVersion: v2\nname: demo\nversion: 0.1.0\n', 'chart/templates/all.yaml': `${configMap()}---\n${job('', '  annotations:\n    helm.sh/hook: pre-install\n')}` }, 'chart/templates/all.yaml', 'relations/helm-hook-order'],
    ['undefined-reference asked for, and the chart defines another ConfigMap', { 'chart/Chart.yaml': 'apiVersion: v2\nname: demo\nversion: 0.1.0\n', 'chart/templates/all.yaml': `${configMap().replace('name: cfg', 'name: other')}---\n${job()}` }, 'chart/templates/all.yaml', 'relations/undefined-reference', { undefinedReferences: true }],
  ];
  for (const [name, files, file, code, relations] of rows) {
    it(`keeps every document for the check where it may speak: ${name}`, () => {
      const settings = { ...DEFAULT_SETTINGS, relations: { ...DEFAULT_SETTINGS.relations, ...relations } };
      const full = fullCheck(files, file, settings);
      assert.ok(codes(full).includes(code), `the case holds ${code}: ${codes(full).join(', ')}`);
      assert.deepEqual(firstCheck(files, file, settings).diagnostics, full);
    });
  }

  it('may wait only where nothing orders creation (quietMayWait)', () => {
    const path = join(ROOT, 'app/job.yaml');
    const waits = (files: Record<string, string>, texts: string[], undefinedReferences = false) => quietMayWait(workspace(files).index, path, texts, undefinedReferences);
    assert.equal(waits({ 'app/config.yaml': configMap() }, [job()]), true);
    assert.equal(waits({ 'app/config.yaml': configMap() }, [job()], true), false, 'undefined-reference on');
    assert.equal(waits({}, [job('', '  annotations:\n    helm.sh/hook: pre-install\n')]), false, 'a Helm hook in the file');
    assert.equal(waits({}, [configMap('  annotations:\n    argocd.argoproj.io/hook: PreSync\n')]), false, 'an Argo CD hook in the file');
    assert.equal(waits({ 'app/config.yaml': configMap('  annotations:\n    argocd.argoproj.io/sync-wave: "5"\n') }, [job()]), false, 'a wave in another file');
    assert.equal(waits({ 'app/config.yaml': configMap('  annotations:\n    argocd.argoproj.io/sync-wave: {{ .Values.wave }}\n') }, [job()]), false, 'a wave a template writes');
    assert.equal(waits({ 'app/kustomization.yaml': 'resources:\n- job.yaml\n' }, [job()]), false, 'a kustomization');
    // What the index held of the file itself from the disk is replaced by its text now.
    assert.equal(waits({ 'app/job.yaml': job('', '  annotations:\n    helm.sh/hook: pre-install\n') }, [job()]), true, 'the file as it was on the disk');
    assert.equal(waits({ 'app/other.yaml': csiDriver }, [job()]), true);
  });
});

describe('the relation facts read from the JSON the refusal check made', () => {
  it('keep lists of their own: the diagnostics may change that JSON after (they apply defaults to it)', () => {
    const doc = new YamlDocument('apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: x.example.com\nspec:\n  volumeLifecycleModes: [Persistent, Ephemeral]\n');
    doc.wantJson();
    const facts = documentFacts(doc, 'all');
    const json = claimServerJson(doc.document) as { spec: { volumeLifecycleModes: string[] } };
    json.spec.volumeLifecycleModes.push('Changed');
    assert.deepEqual(facts.objects[0].spec.volumeLifecycleModes, { value: ['Persistent', 'Ephemeral'] });
  });
});
