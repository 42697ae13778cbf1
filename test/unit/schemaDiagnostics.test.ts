// The engine's per-document `schemaDiagnostics: 'off'` (set when Red Hat YAML checks the file against a
// Kubernetes schema): plain schema findings and plain key completions go; everything else stays.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { complete, DEFAULT_SETTINGS, FileModel, validateText, type Settings } from '../../server/src/service/index';
import { normalizeSettings } from '../../server/src/lsp/configuration';
import { withCursor } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: no
spec:
  completionMode: indexed
  backoffLimit: "6"
  managedBy: example.com/controller
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        operator: In
        values: [42]
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: pi
        image: perl
        unknownField: 1
`;
const OFF: Settings = { ...DEFAULT_SETTINGS, kubernetesVersion: '1.29', schemaDiagnostics: 'off' };
const codes = (settings: Settings) => validateText(JOB, settings).map((d) => d.code).sort();

describe('schemaDiagnostics', () => {
  it('on: every finding', () => {
    assert.deepEqual(codes({ ...OFF, schemaDiagnostics: 'on' }), [
      'job/pod-failure-policy/restart-policy-must-be-never',
      'schema/enum',
      'schema/type',
      'schema/unknown-field',
      'version/field-not-in-release',
      'yaml/yaml11-scalar',
    ]);
  });

  it('off: plain schema findings are left out; rules, YAML 1.1 surprises and version checks stay', () => {
    assert.deepEqual(codes(OFF), ['job/pod-failure-policy/restart-policy-must-be-never', 'version/field-not-in-release', 'yaml/yaml11-scalar']);
  });

  it('off: plain key completions are left out, keys with a policy shape stay; values stay', () => {
    const keys = withCursor('apiVersion: batch/v1\nkind: Job\nspec:\n  |\n');
    const labels = (settings: Settings) => complete(new FileModel(), keys.text, keys.position, settings).items.map((i) => i.label);
    assert.ok(labels(DEFAULT_SETTINGS).includes('backoffLimit'));
    assert.deepEqual(labels({ ...DEFAULT_SETTINGS, schemaDiagnostics: 'off' }).sort(), ['podFailurePolicy', 'successPolicy']);
    const value = withCursor('apiVersion: batch/v1\nkind: Job\nspec:\n  completionMode: |\n');
    const values = complete(new FileModel(), value.text, value.position, { ...DEFAULT_SETTINGS, schemaDiagnostics: 'off' }).items.map((i) => i.label);
    assert.deepEqual(values, ['NonIndexed', 'Indexed']);
  });

  it('plain LSP clients can set it: `off` is kept, `auto` means on (only the VS Code client can decide it)', () => {
    assert.equal(normalizeSettings({ schemaDiagnostics: 'off' }).schemaDiagnostics, 'off');
    assert.equal(normalizeSettings({ schemaDiagnostics: 'auto' }).schemaDiagnostics, 'on');
    assert.equal(normalizeSettings({}).schemaDiagnostics, 'on');
  });
});
