// A CronJob through the whole engine (validateText): found by apiVersion + kind in multi-document files and
// Lists, retired versions, the schema with Go's zero values and defaults, the gates of its own field and of
// its job template's, and what the status bar counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DOCUMENT_SNIPPETS, expandSnippet } from '../../server/src/service/features/snippets';
import { checkedResources, DEFAULT_SETTINGS, FileModel, validateText } from '../../server/src/service/index';
import { VALID_CRONJOB } from './fixes/fixtures';

const at = (version: string) => ({ ...DEFAULT_SETTINGS, kubernetesVersion: version });
const findings = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} @ ${(d.data as { path?: string }).path ?? ''}`);
const indent = (text: string, spaces: number) => text.trimEnd().split('\n').map((line) => `${' '.repeat(spaces)}${line}`).join('\n');

describe('a CronJob through the engine', () => {
  it('is clean as written, and counted', () => {
    assert.deepEqual(validateText(VALID_CRONJOB, DEFAULT_SETTINGS), []);
    assert.deepEqual(checkedResources(new FileModel(), VALID_CRONJOB).map((r) => r.kind), ['CronJob']);
  });

  it('is found in multi-document files and in Lists, beside Jobs', () => {
    const job = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: once\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox\n';
    const list = `apiVersion: v1\nkind: List\nitems:\n-${indent(VALID_CRONJOB.replace('"0 3 * * *"', '"0 3 * * 7"'), 2).slice(1)}\n`;
    const text = `${job}---\n${list}`;
    assert.deepEqual(checkedResources(new FileModel(), text).map((r) => r.kind), ['Job', 'CronJob']);
    assert.deepEqual(findings(validateText(text, DEFAULT_SETTINGS)), ['cronjob/schedule/invalid @ spec.schedule']);
  });

  it('checks the schema of the CronJob and of its job template, with Go\'s zero values and defaults', () => {
    const policy = (value: string) => VALID_CRONJOB.replace('  jobTemplate:', `  concurrencyPolicy: ${value}\n  jobTemplate:`);
    assert.deepEqual(findings(validateText(policy('""'), DEFAULT_SETTINGS)), [], 'an empty concurrencyPolicy is defaulted to Allow');
    assert.deepEqual(findings(validateText(policy('forbid'), DEFAULT_SETTINGS)), ['schema/enum @ spec.concurrencyPolicy']);
    assert.deepEqual(findings(validateText(VALID_CRONJOB.replace('      template:', '      completionModes: Indexed\n      template:'), DEFAULT_SETTINGS)),
      ['schema/unknown-field @ spec.jobTemplate.spec.completionModes']);
    assert.deepEqual(findings(validateText('apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: x\nspec:\n  schedule: "@daily"\n  jobTemplate: {}\n', DEFAULT_SETTINGS)),
      ['schema/required @ spec.jobTemplate.spec.template'], 'an absent JobSpec is an empty one');
    assert.deepEqual(findings(validateText('apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: x\n', DEFAULT_SETTINGS)),
      ['schema/required @ spec.schedule', 'schema/required @ spec.jobTemplate']);
  });

  it('refuses retired versions; up to 1.24 batch/v1beta1 is only deprecated', () => {
    const beta = VALID_CRONJOB.replace('batch/v1', 'batch/v1beta1');
    assert.deepEqual(findings(validateText(beta, DEFAULT_SETTINGS)), ['kind/api-version @ apiVersion']);
    assert.deepEqual(findings(validateText(beta, at('1.25'))), ['kind/api-version @ apiVersion']);
    const deprecated = validateText(beta, at('1.24'));
    assert.deepEqual(findings(deprecated), ['kind/api-version-deprecated @ apiVersion']);
    assert.equal(deprecated[0].severity, 2);
    assert.deepEqual(findings(validateText(VALID_CRONJOB.replace('batch/v1', 'batch/v2alpha1'), at('1.23'))), ['kind/api-version @ apiVersion']);
    assert.deepEqual(findings(validateText(VALID_CRONJOB.replace('batch/v1', 'apps/v1'), DEFAULT_SETTINGS)), [], 'another group\'s CronJob is not ours');
  });

  it('knows the releases of its fields: timeZone from 1.24, dropped there (CronJobTimeZone alpha)', () => {
    const zoned = VALID_CRONJOB.replace('  jobTemplate:', '  timeZone: Etc/UTC\n  jobTemplate:');
    assert.deepEqual(findings(validateText(zoned, at('1.23'))), ['version/field-not-in-release @ spec.timeZone']);
    const gated = validateText(zoned, at('1.24'));
    assert.deepEqual(findings(gated), ['version/feature-gate-off @ spec.timeZone']);
    assert.match(String(gated[0].message), /CronJobTimeZone.*on by default from Kubernetes 1\.25/);
    assert.deepEqual(validateText(zoned, at('1.25')), []);
  });

  it('says that a Job field of the job template is dropped from each Job, not from the CronJob', () => {
    const managed = VALID_CRONJOB.replace('      template:', '      managedBy: example.com/controller\n      template:');
    const [gate] = validateText(managed, at('1.31'));
    assert.equal(gate.code, 'version/feature-gate-off');
    assert.match(String(gate.message), /keeps `spec\.jobTemplate\.spec\.managedBy` in the CronJob but drops it from each Job/);
  });

  it('offers a CronJob snippet that is clean as inserted', () => {
    const snippet = DOCUMENT_SNIPPETS.find((candidate) => candidate.label === 'CronJob');
    assert.ok(snippet);
    assert.deepEqual(validateText(expandSnippet(snippet.body), DEFAULT_SETTINGS), []);
  });
});
