// The quick fixes of update findings, applied as an editor applies them: rename the Job (and the `job-name`
// labels that name it anywhere in the file), or, inside a Helm chart, make it a hook deleted before each upgrade.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { codeActions, FileModel, resolveCodeAction, validate } from '../../../server/src/service/index';
import { Baseline } from '../../../server/src/service/update/baseline';
import { applyTextEdits } from '../fixes/harness';
import { settingsAt, swap } from './harness';

const URI = 'file:///jobs.yaml';
const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  template:
    metadata:
      labels:
        job-name: report
    spec:
      restartPolicy: Never
      containers:
      - name: report
        image: registry.example.com/report:1.0
`;
const POLICY = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: report
spec:
  podSelector:
    matchLabels:
      batch.kubernetes.io/job-name: report
`;

function actionsOf(before: string, after: string, helmChart = false, client = { snippets: false, resolve: false }): { model: FileModel; diagnostic: Diagnostic; actions: CodeAction[] } {
  const model = new FileModel();
  model.baseline = new Baseline(before, { label: 'at HEAD', helmChart });
  const settings = settingsAt(37);
  const diagnostic = validate(model, after, settings).find((d) => String(d.code).startsWith('update/'));
  assert.ok(diagnostic, 'an update finding');
  const actions = codeActions(model, after, { uri: URI }, { range: diagnostic.range, context: { diagnostics: [diagnostic] } }, settings, client);
  return { model, diagnostic, actions };
}

describe('update quick fixes', () => {
  it('renames the Job to <name>-2 and every job-name label naming it in the file, other documents too', () => {
    const before = `${POLICY}---\n${JOB}`;
    const after = swap(before, 'report:1.0', 'report:1.1');
    const { actions } = actionsOf(before, after);
    assert.deepEqual(actions.map((a) => a.title), ['Rename the Job to `report-2` (a new Job; delete the old one yourself)', 'Disable `update/job/template-immutable` for this line']);
    const fixed = applyTextEdits(after, actions[0].edit!.changes![URI]);
    assert.equal(fixed, after.replace('batch.kubernetes.io/job-name: report', 'batch.kubernetes.io/job-name: report-2')
      .replace('kind: Job\nmetadata:\n  name: report', 'kind: Job\nmetadata:\n  name: report-2').replace('        job-name: report\n', '        job-name: report-2\n'));
    // The container and the NetworkPolicy keep their own names; the renamed Job is a new object: nothing left.
    assert.ok(fixed.includes('      - name: report\n') && fixed.includes('kind: NetworkPolicy\nmetadata:\n  name: report\n'));
    const model = new FileModel();
    model.baseline = new Baseline(before, { label: 'at HEAD' });
    assert.deepEqual(validate(model, fixed, settingsAt(37)).map((d) => d.code), []);
  });

  it('is built at resolve time for a client that resolves code actions', () => {
    const after = swap(JOB, 'report:1.0', 'report:1.1');
    const { model, actions } = actionsOf(JOB, after, false, { snippets: false, resolve: true });
    const rename = actions[0];
    assert.equal(rename.edit, undefined);
    const resolved = resolveCodeAction(model, after, { uri: URI }, rename, settingsAt(37), { snippets: false, resolve: true });
    assert.equal(applyTextEdits(after, resolved.edit!.changes![URI]), after.replaceAll(': report\n', ': report-2\n').replace('- name: report-2', '- name: report'));
  });

  it('inside a Helm chart: makes the Job a hook Helm deletes before each upgrade', () => {
    const after = swap(JOB, 'report:1.0', 'report:1.1');
    const { actions } = actionsOf(JOB, after, true);
    const hook = actions.find((a) => a.title.startsWith('Make the Job a Helm hook'));
    assert.ok(hook, actions.map((a) => a.title).join(' | '));
    assert.equal(hook.title, 'Make the Job a Helm hook deleted before each upgrade (`helm.sh/hook: post-install,post-upgrade`, `helm.sh/hook-delete-policy: before-hook-creation`)');
    assert.equal(applyTextEdits(after, hook.edit!.changes![URI]),
      swap(after, '  name: report\nspec:', '  name: report\n  annotations:\n    helm.sh/hook: post-install,post-upgrade\n    helm.sh/hook-delete-policy: before-hook-creation\nspec:'));
  });

  it('a hook already: adds the delete policy to its annotations, or before-hook-creation to its policy', () => {
    const hooked = swap(JOB, '  name: report\nspec:', '  name: report\n  annotations:\n    helm.sh/hook: pre-upgrade\nspec:');
    const after = swap(hooked, 'report:1.0', 'report:1.1');
    const add = actionsOf(hooked, after, true).actions.find((a) => a.title === 'Add the Helm annotation `helm.sh/hook-delete-policy: before-hook-creation`');
    assert.ok(add);
    assert.equal(applyTextEdits(after, add.edit!.changes![URI]), swap(after, '    helm.sh/hook: pre-upgrade\n', '    helm.sh/hook: pre-upgrade\n    helm.sh/hook-delete-policy: before-hook-creation\n'));
    const withPolicy = swap(hooked, '    helm.sh/hook: pre-upgrade\n', '    helm.sh/hook: pre-upgrade\n    helm.sh/hook-delete-policy: hook-succeeded\n');
    const edited = swap(withPolicy, 'report:1.0', 'report:1.1');
    const extend = actionsOf(withPolicy, edited, true).actions.find((a) => a.title === 'Add `before-hook-creation` to the Helm annotation `helm.sh/hook-delete-policy`');
    assert.ok(extend);
    assert.equal(applyTextEdits(edited, extend.edit!.changes![URI]), swap(edited, 'hook-delete-policy: hook-succeeded', 'hook-delete-policy: hook-succeeded,before-hook-creation'));
  });

  it('outside a chart: no Helm fix; a CSIDriver: no fix but the line\'s disable', () => {
    const after = swap(JOB, 'report:1.0', 'report:1.1');
    assert.ok(!actionsOf(JOB, after, false).actions.some((a) => a.title.includes('Helm')));
    const driver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n  attachRequired: true\n';
    const { actions } = actionsOf(driver, swap(driver, 'attachRequired: true', 'attachRequired: false'), true);
    assert.deepEqual(actions.map((a) => a.title), ['Disable `update/csidriver/attach-required-immutable` for this line']);
  });
});
