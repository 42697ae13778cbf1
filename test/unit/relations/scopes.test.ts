// What is deployed together (relations/scope.ts): a chart's release takes in the charts under its `charts/`, a
// kustomization builds what it lists (through nested kustomizations too, with its namespace over all of it and
// its generators' names), and anything else is its folder. Seen through the checks, as a user sees them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS } from '../../../server/src/service/index';
import { ROOT, workspace } from '../../support/relationWorkspace';

const scopesOf = (files: Record<string, string>, path: string) => workspace(files).index.scopesOf(join(ROOT, path)).map((scope) => `${scope.kind}:${scope.root.slice(ROOT.length + 1)}${scope.namespace ? ` (${scope.namespace})` : ''}`);
const CHART = 'apiVersion: v2\nname: x\nversion: 1.0.0\n';
const JOB = (name: string, namespace = '') => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\n${namespace}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      serviceAccountName: ${name}\n      containers:\n      - name: c\n        image: b\n`;
const SA = (name: string, namespace = '') => `apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: ${name}\n${namespace}`;

describe('scopes', () => {
  it('a template of a chart under another chart\'s charts/ renders into the parent\'s release', () => {
    const files = { 'app/Chart.yaml': CHART, 'app/charts/db/Chart.yaml': CHART, 'app/charts/db/templates/s.yaml': SA('x'), 'app/templates/j.yaml': JOB('x') };
    assert.deepEqual(scopesOf(files, 'app/charts/db/templates/s.yaml'), ['chart:app']);
    assert.deepEqual(scopesOf(files, 'app/templates/j.yaml'), ['chart:app']);
  });

  it('a file of a chart outside templates/ (ci values, examples) is its folder\'s', () => {
    assert.deepEqual(scopesOf({ 'app/Chart.yaml': CHART, 'app/examples/j.yaml': JOB('x') }, 'app/examples/j.yaml'), ['folder:app/examples']);
  });

  it('a kustomization builds its resources and the nested kustomizations it lists; its namespace goes over all of them', () => {
    const files = {
      'base/kustomization.yaml': 'resources:\n- job.yaml\n',
      'base/job.yaml': JOB('runner'),
      'overlays/prod/kustomization.yaml': 'namespace: prod\nresources:\n- ../../base\n- sa.yaml\n',
      'overlays/prod/sa.yaml': SA('runner'),
      'overlays/prod/unlisted.yaml': SA('other'),
    };
    assert.deepEqual(scopesOf(files, 'base/job.yaml'), ['kustomization:base/kustomization.yaml', 'kustomization:overlays/prod/kustomization.yaml (prod)']);
    assert.deepEqual(scopesOf(files, 'overlays/prod/sa.yaml'), ['kustomization:overlays/prod/kustomization.yaml (prod)']);
    assert.deepEqual(scopesOf(files, 'overlays/prod/unlisted.yaml'), ['folder:overlays/prod']);
  });

  it('the kustomization\'s namespace makes a Job and a ServiceAccount of different written namespaces one (the opt-in hint knows the name)', () => {
    const files = {
      'k/kustomization.yaml': 'namespace: team\nresources:\n- job.yaml\n- sa.yaml\n- other.yaml\n',
      'k/job.yaml': JOB('runner', '  namespace: a\n'),
      'k/sa.yaml': SA('runner', '  namespace: b\n'),
      'k/other.yaml': SA('another', '  namespace: c\n'),
    };
    assert.deepEqual(workspace(files).relations('k/job.yaml', { relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences: true } }), []);
  });

  it('without a kustomization, written namespaces keep objects apart', () => {
    const files = { 'k/job.yaml': JOB('runner', '  namespace: a\n'), 'k/sa.yaml': SA('runner', '  namespace: b\n') };
    const ws = workspace(files);
    assert.equal(ws.index.definitions('ServiceAccount', 'runner').length, 1);
    assert.deepEqual(ws.relations('k/job.yaml'), []);
  });

  it('a generated ConfigMap is a definition of its kustomization, at the name in the generator', () => {
    const ws = workspace({ 'k/kustomization.yaml': 'resources: []\nconfigMapGenerator:\n- name: app-env\n  literals: [A=b]\nsecretGenerator:\n- name: creds\n  namespace: x\n  literals: [p=q]\n' });
    const [configMap] = ws.index.definitions('ConfigMap', 'app-env');
    assert.deepEqual({ path: configMap.path, range: configMap.range, generated: configMap.object.generated }, { path: join(ROOT, 'k/kustomization.yaml'), range: { start: { line: 2, character: 8 }, end: { line: 2, character: 15 } }, generated: true });
    assert.equal(ws.index.definitions('Secret', 'creds')[0].object.namespace.value?.text, 'x');
  });

  it('the annotations a build sets: a nested kustomization\'s commonAnnotations carry into the build above it, a component\'s reach what its parent built before it', () => {
    const files = {
      'base/kustomization.yaml': 'resources:\n- job.yaml\ncommonAnnotations:\n  argocd.argoproj.io/sync-wave: "2"\n',
      'base/job.yaml': JOB('runner'),
      'wave/kustomization.yaml': 'kind: Component\ncommonAnnotations:\n  argocd.argoproj.io/hook: PreSync\n',
      'app/kustomization.yaml': 'resources:\n- ../base\nconfigMapGenerator:\n- name: cfg\n  literals: [A=b]\ncomponents:\n- ../wave\n',
    };
    const ws = workspace(files);
    const annotations = (path: string) => ws.index.scopesOf(join(ROOT, path)).map((scope) => [scope.root.slice(ROOT.length + 1), scope.annotations]);
    assert.deepEqual(annotations('base/job.yaml'), [
      ['base/kustomization.yaml', { 'argocd.argoproj.io/sync-wave': '2' }],
      ['app/kustomization.yaml', { 'argocd.argoproj.io/sync-wave': '2', 'argocd.argoproj.io/hook': 'PreSync' }],
    ]);
    assert.deepEqual(annotations('app/kustomization.yaml'), [['app/kustomization.yaml', { 'argocd.argoproj.io/hook': 'PreSync' }]], 'the generated ConfigMap, made before the component runs');
  });

  it('components listed 40 times over at 12 levels: the build is too large to follow, its annotations unsettled, and nothing is judged by them', { timeout: 60_000 }, () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`c${i}/kustomization.yaml`] = `kind: Component\ncomponents:\n${Array.from({ length: 40 }, () => `- ../c${i + 1}`).join('\n')}\n`;
    files['c12/kustomization.yaml'] = 'kind: Component\nresources:\n- job.yaml\nconfigMapGenerator:\n- name: cfg\n  literals: [A=b]\n';
    files['c12/job.yaml'] = JOB('runner').replace('  name: j\n', '  name: j\n  annotations:\n    argocd.argoproj.io/hook: PreSync\n').replace('      serviceAccountName: runner\n', '      volumes:\n      - name: v\n        configMap:\n          name: cfg\n');
    const ws = workspace(files);
    assert.ok(ws.index.scopesOf(join(ROOT, 'c12/job.yaml')).some((scope) => scope.unsettled));
    assert.deepEqual(ws.relations('c12/job.yaml').map((d) => d.code), []);
    // the same component alone: the generated ConfigMap comes after the PreSync Job
    const alone = workspace({ 'c12/kustomization.yaml': files['c12/kustomization.yaml'], 'c12/job.yaml': files['c12/job.yaml'] });
    assert.deepEqual(alone.relations('c12/job.yaml').map((d) => d.code), ['relations/argocd-sync-order']);
  });
});
