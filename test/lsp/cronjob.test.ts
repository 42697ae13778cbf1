// A CronJob in the editor, through the real server: its own findings and the Job's inside `jobTemplate` at
// the server's paths, a quick fix inside the job template, completion of schedules and time zones, hover on
// the schedule (plain words and the next runs, with the clock fixed by KUBEASSIST_NOW) and the inlay hint.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, CompletionList, Hover, InlayHint, MarkupContent, TextEdit } from 'vscode-languageserver-protocol';
import { positionOf, rangeOf, TestServer, withCursor } from '../support/lspClient';
import { VALID_CRONJOB } from '../unit/fixes/fixtures';

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly-report
spec:
  schedule: "CRON_TZ=UTC 0 3 * * *"
  jobTemplate:
    spec:
      podFailurePolicy:
        rules:
        - action: FailIndex
          onExitCodes:
            operator: In
            values: [1]
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: main
            image: busybox:1.36
`;

/** A valid CronJob, in Berlin time. */
const CLEAN = VALID_CRONJOB.replace('name: nightly', 'name: nightly-report').replace('  jobTemplate:', '  timeZone: Europe/Berlin\n  jobTemplate:');

/** Applies LSP text edits (non-overlapping) to a text. */
function apply(text: string, edits: TextEdit[]): string {
  const offset = (line: number, character: number) => text.split('\n').slice(0, line).reduce((sum, l) => sum + l.length + 1, 0) + character;
  return [...edits]
    .sort((a, b) => offset(b.range.start.line, b.range.start.character) - offset(a.range.start.line, a.range.start.character))
    .reduce((out, edit) => out.slice(0, offset(edit.range.start.line, edit.range.start.character)) + edit.newText + out.slice(offset(edit.range.end.line, edit.range.end.character)), text);
}

describe('a CronJob over LSP', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start({
      env: { KUBEASSIST_NOW: '2026-03-27T10:00:00Z' },
      capabilities: { textDocument: { codeAction: { isPreferredSupport: true } } },
    });
  });
  after(async () => server.stop());

  it('reports the three mistakes of the issue, the Job ones at the job template paths the server prints', async () => {
    const diagnostics = await server.open('file:///cronjob.yaml', CRONJOB);
    assert.deepEqual(diagnostics.map((d) => [d.code, (d.data as { path: string }).path, d.range]), [
      ['cronjob/schedule/time-zone-prefix', 'spec.schedule', rangeOf(CRONJOB, '"CRON_TZ=UTC 0 3 * * *"')],
      ['job/pod-failure-policy/fail-index-needs-backoff-limit-per-index', 'spec.jobTemplate.spec.podFailurePolicy.rules[0].action', rangeOf(CRONJOB, 'FailIndex')],
      ['job/pod-failure-policy/restart-policy-must-be-never', 'spec.jobTemplate.spec.template.spec.restartPolicy', rangeOf(CRONJOB, 'OnFailure')],
    ]);
    assert.ok(diagnostics.every((d) => d.source === 'kubeassist' && d.severity === 1));
  });

  it('reports one finding of each of its own rule families at the node the server names', async () => {
    const text = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: n${'a'.repeat(52)}
spec:
  schedule: "0 3 * * 7"
  timeZone: Europe/Paris/
  concurrencyPolicy: Forbid
  startingDeadlineSeconds: -5
  jobTemplate:
    spec:
      manualSelector: true
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: main
            image: busybox:1.36
`;
    const diagnostics = await server.open('file:///families.yaml', text);
    const at = (d: { range: { start: { line: number; character: number } } }) => `${d.range.start.line + 1}:${d.range.start.character + 1}`;
    assert.deepEqual(diagnostics.map((d) => `${d.code} @ ${(d.data as { path: string }).path} ${at(d)}`), [
      'cronjob/name/too-long @ metadata.name 4:9',
      'cronjob/schedule/invalid @ spec.schedule 6:13',
      'cronjob/time-zone/unknown @ spec.timeZone 7:13',
      'cronjob/concurrency/forbid-without-deadline @ spec.concurrencyPolicy 8:22',
      'cronjob/numbers/negative-starting-deadline-seconds @ spec.startingDeadlineSeconds 9:28',
      'cronjob/job-template/manual-selector-not-supported @ spec.jobTemplate.spec.manualSelector 12:23',
    ]);
  });

  it('fixes inside the job template: `restartPolicy: Never` where the template keeps it', async () => {
    const uri = 'file:///cronjob-fix.yaml';
    const diagnostics = await server.open(uri, CRONJOB);
    const restart = diagnostics.filter((d) => d.code === 'job/pod-failure-policy/restart-policy-must-be-never');
    const actions = await server.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: restart[0].range, context: { diagnostics: restart } });
    assert.equal(actions[0].title, 'Set `restartPolicy: Never`');
    assert.equal(actions[0].isPreferred, true);
    const fixed = apply(CRONJOB, actions[0].edit!.changes![uri]);
    assert.equal(fixed, CRONJOB.replace('restartPolicy: OnFailure', 'restartPolicy: Never'));
  });

  it('moves a time zone written in the schedule to `timeZone`', async () => {
    const uri = 'file:///cronjob-tz.yaml';
    const diagnostics = await server.open(uri, CRONJOB);
    const prefix = diagnostics.filter((d) => d.code === 'cronjob/schedule/time-zone-prefix');
    const actions = await server.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: prefix[0].range, context: { diagnostics: prefix } });
    assert.deepEqual(actions.map((action) => [action.title, action.isPreferred ?? false]).slice(0, 2), [['Move `UTC` to `timeZone`', true], ['Remove the time zone from `schedule`', false]]);
    assert.equal(apply(CRONJOB, actions[0].edit!.changes![uri]), CRONJOB.replace('  schedule: "CRON_TZ=UTC 0 3 * * *"\n', '  schedule: "0 3 * * *"\n  timeZone: UTC\n'));
  });

  it('offers the descriptors and common schedules, quoted, each said in words', async () => {
    const { text, position } = withCursor(CLEAN.replace('schedule: "0 3 * * *"', 'schedule: |'));
    await server.open('file:///complete-schedule.yaml', text);
    const list = await server.request<CompletionList>('textDocument/completion', { textDocument: { uri: 'file:///complete-schedule.yaml' }, position });
    const byLabel = new Map(list.items.map((item) => [item.label, item]));
    assert.deepEqual(list.items.slice(0, 7).map((item) => item.label), ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);
    assert.equal(byLabel.get('@daily')?.detail, 'at 00:00 every day (= 0 0 * * *)');
    assert.equal((byLabel.get('@daily')?.textEdit as TextEdit).newText, '"@daily"');
    assert.equal(byLabel.get('30 2 * * 1-5')?.detail, 'at 02:30 on Monday to Friday');
  });

  it('completes inside an opened quote without doubling the closing one', async () => {
    const { text, position } = withCursor(CLEAN.replace('schedule: "0 3 * * *"', 'schedule: "*/|"'));
    await server.open('file:///complete-quoted.yaml', text);
    const list = await server.request<CompletionList>('textDocument/completion', { textDocument: { uri: 'file:///complete-quoted.yaml' }, position });
    const item = list.items.find((candidate) => candidate.label === '*/15 * * * *');
    assert.deepEqual(item?.textEdit, { range: { start: { line: position.line, character: position.character - 3 }, end: { line: position.line, character: position.character + 1 } }, newText: '"*/15 * * * *"' });
  });

  it('offers IANA time zones for `timeZone`, Etc/UTC first', async () => {
    const { text, position } = withCursor(CLEAN.replace('timeZone: Europe/Berlin', 'timeZone: Europe/Be|'));
    await server.open('file:///complete-tz.yaml', text);
    const list = await server.request<CompletionList>('textDocument/completion', { textDocument: { uri: 'file:///complete-tz.yaml' }, position });
    const labels = list.items.map((item) => item.label);
    assert.ok(labels.includes('Europe/Berlin') && labels.includes('America/New_York') && labels.includes('US/Pacific'));
    assert.ok(!labels.includes('Factory'));
    assert.equal([...list.items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1))[0].label, 'Etc/UTC');
  });

  it('completes `restartPolicy` in the job template with what a Job accepts', async () => {
    const { text, position } = withCursor(CLEAN.replace('restartPolicy: Never', 'restartPolicy: |'));
    await server.open('file:///complete-restart.yaml', text);
    const list = await server.request<CompletionList>('textDocument/completion', { textDocument: { uri: 'file:///complete-restart.yaml' }, position });
    assert.deepEqual(list.items.map((item) => item.label), ['Never', 'OnFailure']);
  });

  it('explains the schedule on hover: in words, its zone, and the next three runs from the fixed clock', async () => {
    const uri = 'file:///hover-schedule.yaml';
    await server.open(uri, CLEAN);
    const hover = await server.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(CLEAN, '0 3 * * *') });
    const value = (hover.contents as MarkupContent).value;
    assert.ok(value.startsWith([
      '**Runs at 03:00 every day**, in the time zone `Europe/Berlin`.',
      'Next runs, from Fri 2026-03-27 11:00 (UTC+01:00):\n- Sat 2026-03-28 03:00 (UTC+01:00)\n- Sun 2026-03-29 03:00 (UTC+02:00)\n- Mon 2026-03-30 03:00 (UTC+02:00)',
      '---',
      '**schedule** · `string` · required',
    ].join('\n\n')), value);
    assert.deepEqual(hover.range, rangeOf(CLEAN, '"0 3 * * *"'));
  });

  it('explains the Job fields of the job template as a Job\'s, and the CronJob\'s own values', async () => {
    const text = CLEAN.replace('      template:', '      backoffLimit: 2\n      template:').replace('  jobTemplate:', '  concurrencyPolicy: Replace\n  jobTemplate:');
    const uri = 'file:///hover-fields.yaml';
    await server.open(uri, text);
    const hoverAt = async (match: string) => ((await server.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, match) })).contents as MarkupContent).value;
    assert.match(await hoverAt('backoffLimit'), /^\*\*backoffLimit\*\* · `int32`\n\nHow many/);
    assert.match(await hoverAt('Replace'), /^\*\*Replace\*\* · value of `concurrencyPolicy`\n\nDelete the active Job/);
    assert.match(await hoverAt('kind: CronJob'), /A \*\*CronJob\*\* \(`batch\/v1`\) creates a Job/);
  });

  it('says when no timeZone is set that the controller\'s zone applies, and counts in UTC', async () => {
    const text = CLEAN.replace('  timeZone: Europe/Berlin\n', '');
    await server.open('file:///hover-utc.yaml', text);
    const hover = await server.request<Hover>('textDocument/hover', { textDocument: { uri: 'file:///hover-utc.yaml' }, position: positionOf(text, 'schedule') });
    const value = (hover.contents as MarkupContent).value;
    assert.ok(value.startsWith('**Runs at 03:00 every day**, in the time zone of the kube-controller-manager, because `timeZone` is not set'), value);
    assert.ok(value.includes('- Sat 2026-03-28 03:00 UTC'), value);
  });

  it('counts the CronJob for the status bar', async () => {
    await server.open('file:///status.yaml', CLEAN);
    const info = await server.request<{ checkedResources: number }>('kubeassist/documentInfo', { uri: 'file:///status.yaml' });
    assert.equal(info.checkedResources, 1);
  });

  it('shows the schedule in short after its value (inlay hint)', async () => {
    const uri = 'file:///inlay.yaml';
    await server.open(uri, CLEAN);
    const hints = await server.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } } });
    assert.deepEqual(hints[0], { position: rangeOf(CLEAN, '"0 3 * * *"').end, label: 'at 03:00 every day (Europe/Berlin)', paddingLeft: true });
    // The rest are the values defaulting sets (test/lsp/explain.test.ts pins them).
    assert.ok(hints.slice(1).every((hint) => /^Set (by the API server|on each Job)/.test(String(hint.tooltip))), JSON.stringify(hints.slice(1)));
  });
});
