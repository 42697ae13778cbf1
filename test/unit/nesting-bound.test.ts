// Every parse of a document's text and every walk after it stays within the nesting bound (document/nesting.ts,
// MAX_NESTING): `yaml` composes recursively, so a text nested thousands of levels deep must be refused before it,
// whichever way the text reached the parser (issue 28 item 6: `npm run fuzz -- --count 100000 --seed 1316167953`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scenarioOfText } from '../../server/src/cli/simulate';
import { hoverConfig, completeConfig } from '../../server/src/service/config/configFeatures';
import { readConfig } from '../../server/src/service/config/kubeassistConfig';
import { cursorContext } from '../../server/src/service/document/cursor';
import { FileModel } from '../../server/src/service/document/fileModel';
import { MAX_NESTING, nestsDeeperThan } from '../../server/src/service/document/nesting';
import { pathAtOffset } from '../../server/src/service/document/paths';
import { YamlDocument } from '../../server/src/service/document/yamlDocument';
import { complete } from '../../server/src/service/features/completion';
import { hover } from '../../server/src/service/features/hover';
import { validateText } from '../../server/src/service/index';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';
import { kustomizeContext } from '../../server/src/service/workspace/kustomize';
import { workspace } from '../support/relationWorkspace';

const DEEP = 10_000;
const JOB_HEAD = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: deep\n';

describe('the nesting bound holds for every text that is parsed', () => {
  for (const [name, breakChar] of [['U+2028', '\u2028'], ['U+0085', '\u0085'], ['U+2029', '\u2029']]) {
    it(`a run of \`- \` after ${name} on one line: a plain scalar as written, ${DEEP} nested lists once the break is read as go-yaml reads it: yaml/too-deep`, () => {
      const text = `${JOB_HEAD}  labels:\n    app: pi${breakChar}${'- '.repeat(DEEP)}\nspec: {}\n`;
      assert.equal(nestsDeeperThan(text), false, 'as written, the run is part of a plain scalar');
      const doc = new YamlDocument(text);
      assert.deepEqual(doc.issues.map((issue) => [issue.code, issue.start]), [['yaml/too-deep', 0]]);
      assert.equal(doc.broken, true);
      assert.deepEqual(doc.resources, []);
    });
  }

  it('a Unicode line break in a document of normal depth still reads as one (the bound is not a false finding)', () => {
    const doc = new YamlDocument(`${JOB_HEAD}  labels:\n    app: pi\u2028  team: a\nspec: {}\n`);
    assert.ok(!doc.issues.some((issue) => issue.code === 'yaml/too-deep'), JSON.stringify(doc.issues));
  });

  it(`a JSON document nested ${DEEP} deep (JSON.parse takes it): yaml/too-deep, not parsed`, () => {
    const text = `{"apiVersion": "batch/v1", "kind": "Job", "spec": ${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`;
    const doc = new YamlDocument(text, { json: true });
    assert.deepEqual(doc.issues.map((issue) => [issue.code, issue.start, issue.message]), [
      ['yaml/too-deep', 0, `This document nests more than ${MAX_NESTING} levels deep, which no Kubernetes object needs; it was not read or checked.`],
    ]);
  });

  it(`a JSON document 150 deep (under MAX_NESTING) is read as before`, () => {
    const doc = new YamlDocument(`{"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "x"}, "spec": {"a": ${'['.repeat(150)}${']'.repeat(150)}}}`, { json: true });
    assert.deepEqual(doc.issues, []);
    assert.deepEqual(doc.resources.map((resource) => resource.kind), ['Job']);
  });

  for (const [name, text] of [
    ['after U+2028', `${JOB_HEAD}  labels:\n    app: pi\u2028${'- '.repeat(DEEP)}\nspec: {}\n`],
    ['JSON', `{"apiVersion": "batch/v1", "kind": "Job", "spec": ${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`],
  ]) {
    it(`completion and hover answer on a document nested ${DEEP} deep (${name}) at every line`, () => {
      const model = new FileModel();
      for (let line = 0; line < text.split('\n').length; line++) {
        for (const character of [0, 4, 12, 40]) {
          const position = { line, character };
          assert.ok(Array.isArray(complete(model, text, position, DEFAULT_SETTINGS).items), JSON.stringify(position));
          hover(model, text, position, DEFAULT_SETTINGS);
        }
      }
    });
  }
});

describe('the walks over text and trees are iterative or bounded', () => {
  it(`cursorContext reads a line of ${DEEP} list items without recursion`, () => {
    const line = `  ${'- '.repeat(DEEP)}x`;
    const cursor = cursorContext(`spec:\n${line}\n`, 1, line.length);
    assert.equal(cursor.path.length, DEEP + 1);
    assert.equal(cursor.path[0], 'spec');
    assert.equal(cursor.prefix, 'x');
  });

  it(`pathAtOffset stops within the parsed depth (at most ${MAX_NESTING} levels reach it)`, () => {
    const depth = MAX_NESTING - 10;
    const text = `${'['.repeat(depth)}x${']'.repeat(depth)}\n`;
    const doc = new YamlDocument(text);
    assert.deepEqual(doc.issues, []);
    const found = pathAtOffset(doc.document, doc.document.contents!, depth);
    assert.equal(found?.path.length, depth);
  });

  it(`a .kubeassist.yaml nested ${DEEP} deep: one config/syntax finding, hover answers nothing, completion answers`, () => {
    const text = `rules:\n  ${'- '.repeat(DEEP)}x\n`;
    const { values, diagnostics } = readConfig(text);
    assert.deepEqual(values, {});
    assert.deepEqual(diagnostics.map((d) => [d.code, d.message]), [
      ['config/syntax', `This .kubeassist.yaml nests more than ${MAX_NESTING} levels deep; until it is fixed, KubeAssist checks with its defaults.`],
    ]);
    assert.equal(hoverConfig(text, { line: 0, character: 2 }), null);
    assert.ok(Array.isArray(completeConfig(text, { line: 1, character: 5 }).items));
  });

  it('a .kubeassist.yaml of normal depth still gets its hover', () => {
    assert.match(String((hoverConfig('rules:\n  schema/enum: warning\n', { line: 0, character: 2 })?.contents as { value: string }).value), /rules/);
  });

  it(`a simulate scenario nested ${DEEP} deep (\`--scenario FILE\`, the MCP tool's \`scenario\`): one sentence, no stack`, () => {
    assert.deepEqual(scenarioOfText(`pods:\n- ${'['.repeat(DEEP)}\n`, 'scenario'), { scenario: undefined, problem: `scenario: nests more than ${MAX_NESTING} levels deep; a scenario needs a few` });
    assert.deepEqual(scenarioOfText('pods:\n- exitCode: 1\n', 'scenario'), { scenario: [{ pods: [{ exitCode: 1 }] }] });
  });
});

describe('kustomizations are read within the nesting bound (workspace/kustomize.ts)', () => {
  const PATCH = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  backoffLimit: 2\n';
  const deepKey = `deep:\n${'- '.repeat(DEEP)}x\n`;
  const reader = (files: Record<string, string>) => (path: string) => files[path];

  it(`a kustomization nested ${DEEP} deep is not parsed: skipped as unreadable (the file beside it is no patch of it), and checked as a document it says why`, () => {
    const kustomization = `resources:\n- job.yaml\npatches:\n- path: patch.yaml\n${deepKey}`;
    const skipped: string[] = [];
    const context = kustomizeContext('/w/k/patch.yaml', reader({ '/w/k/kustomization.yaml': kustomization, '/w/k/patch.yaml': PATCH }), undefined, (path, reason) => skipped.push(`${path} is ${reason}`));
    assert.deepEqual(context, {});
    assert.deepEqual(skipped, [`/w/k/kustomization.yaml is nested more than ${MAX_NESTING} levels deep`]);
    // the patch is checked as the file it is, alone
    assert.deepEqual(validateText(PATCH, DEFAULT_SETTINGS, { context }).map((d) => d.code), ['schema/required']);
    // the same kustomization without the deep key lists the patch
    const normal = kustomizeContext('/w/k/patch.yaml', reader({ '/w/k/kustomization.yaml': 'resources:\n- job.yaml\npatches:\n- path: patch.yaml\n', '/w/k/patch.yaml': PATCH }));
    assert.deepEqual(normal.kustomizePatch?.uses.map((use) => use.field), ['patches']);
  });

  it(`a resource file nested ${DEEP} deep under a JSON 6902 patch's kustomization: no base is judged without its objects`, () => {
    const operations = '- op: remove\n  path: /spec/backoffLimit\n';
    const files = (resource: string) => ({
      '/w/k/kustomization.yaml': 'resources:\n- job.yaml\n- other.yaml\npatches:\n- path: ops.yaml\n  target:\n    kind: Job\n',
      '/w/k/job.yaml': 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  backoffLimit: 2\n',
      '/w/k/other.yaml': resource,
      '/w/k/ops.yaml': operations,
    });
    const skipped: string[] = [];
    const deep = kustomizeContext('/w/k/ops.yaml', reader(files(`apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: other\n${deepKey}`)), undefined, (path) => skipped.push(path));
    assert.deepEqual(skipped, ['/w/k/other.yaml'], 'said once, though read twice (the target\'s group, then its base)');
    assert.equal(deep.kustomizePatch?.kind, 'json6902');
    assert.deepEqual(deep.kustomizePatch?.uses.map((use) => [use.target, use.base]), [[{ kind: 'Job' }, undefined]]);
    assert.ok(Array.isArray(validateText(operations, DEFAULT_SETTINGS, { context: deep })), 'the patch is still checked');
    const normal = kustomizeContext('/w/k/ops.yaml', reader(files('apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: other\nspec:\n  backoffLimit: 1\n')));
    assert.deepEqual(normal.kustomizePatch?.uses.map((use) => use.base?.map((base) => base.file)), [['job.yaml', 'other.yaml']]);
  });

  it(`the relation index with a kustomization nested ${DEEP} deep: its files are read as their folder's, and still checked`, () => {
    const job = (claim: string) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\n  annotations:\n    argocd.argoproj.io/hook: PreSync\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${claim}\n`;
    const ws = workspace({ 'k/kustomization.yaml': `resources:\n- job.yaml\n- cm.yaml\n${deepKey}`, 'k/job.yaml': job('cfg'), 'k/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n' });
    assert.deepEqual(ws.index.scopesOf('/workspace/k/job.yaml').map((scope) => scope.kind), ['folder']);
    assert.deepEqual(ws.relations('k/job.yaml').map((d) => d.code), ['relations/argocd-sync-order']);
  });
});
