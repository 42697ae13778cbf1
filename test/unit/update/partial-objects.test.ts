// A Helm template or a Kustomize patch is not the object the API server receives, so it is never checked as
// an update of its committed version: no update finding, no baseline value on hover and nothing in
// `kubeassist diff`, where the same edit of a plain manifest gets all three.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { FileModel, hover, validate, type DocumentContext } from '../../../server/src/service/index';
import { Baseline } from '../../../server/src/service/update/baseline';
import { explainChanges } from '../../../server/src/service/update/explain';
import { settingsAt, swap, UPDATE_JOB as JOB } from './harness';

const EDITED = swap(JOB, 'report:1.0', 'report:2.0');

const PATCH: DocumentContext = { kustomizePatch: { kind: 'strategic', uses: [{ kustomization: '/repo/kustomization.yaml', relative: 'kustomization.yaml', field: 'patches' }] } };

function modelAgainst(before: string): FileModel {
  const model = new FileModel();
  model.baseline = new Baseline(before, { label: 'HEAD' });
  return model;
}

const updateCodes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => String(d.code)).filter((code) => code.startsWith('update/'));

/** The hover on the edited image, against the baseline. */
function imageHover(before: string, after: string, context?: DocumentContext): string {
  const line = after.split('\n').findIndex((text) => text.includes('image:'));
  const shown = hover(modelAgainst(before), after, { line, character: 20 }, settingsAt(37), { context });
  return (shown?.contents as { value: string } | undefined)?.value ?? '';
}

describe('update checks on partial objects', () => {
  it('a plain manifest whose Pod template changed gets the update finding and the HEAD value on hover', () => {
    assert.deepEqual(updateCodes(validate(modelAgainst(JOB), EDITED, settingsAt(37))), ['update/job/template-immutable']);
    assert.match(imageHover(JOB, EDITED), /^HEAD: `registry\.example\.com\/report:1\.0`/);
  });

  it('the same edit in a file a kustomization lists as a patch gets neither', () => {
    assert.deepEqual(updateCodes(validate(modelAgainst(JOB), EDITED, settingsAt(37), { context: PATCH })), []);
    assert.doesNotMatch(imageHover(JOB, EDITED, PATCH), /HEAD/);
  });

  it('nor in a patch known by its strategic-merge directives', () => {
    const directive = swap(EDITED, '      containers:\n', '      $setElementOrder/containers:\n      - name: report\n      containers:\n');
    assert.deepEqual(updateCodes(validate(modelAgainst(JOB), directive, settingsAt(37))), []);
  });

  it('nor in a Helm template, even when its committed version was a plain manifest', () => {
    const template = swap(EDITED, '  backoffLimit: 4\n', '  backoffLimit: {{ .Values.backoffLimit }}\n');
    const diagnostics = validate(modelAgainst(JOB), template, settingsAt(37));
    assert.deepEqual(updateCodes(diagnostics), []);
    assert.doesNotMatch(imageHover(JOB, template), /HEAD/);
  });

  it('kubeassist diff explains a plain manifest, and says nothing of a patch or a template', () => {
    const baseline = () => new Baseline(JOB, { label: 'HEAD' });
    assert.deepEqual(explainChanges(baseline(), EDITED, settingsAt(37)).map(({ status, changes }) => ({ status, actions: changes.map((change) => change.action) })),
      [{ status: 'changed', actions: ['recreate'] }]);
    assert.deepEqual(explainChanges(baseline(), EDITED, settingsAt(37), PATCH), []);
    const directive = swap(EDITED, '      containers:\n', '      $setElementOrder/containers:\n      - name: report\n      containers:\n');
    assert.deepEqual(explainChanges(baseline(), directive, settingsAt(37)), [], 'neither changed nor removed');
    assert.deepEqual(explainChanges(baseline(), swap(EDITED, '  backoffLimit: 4\n', '  backoffLimit: {{ .Values.backoffLimit }}\n'), settingsAt(37)), []);
  });
});
