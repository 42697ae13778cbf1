// Explain through the real server: the hover on `kind:` says in short what the object will do, a code lens above
// each object offers "Explain" (and "Simulate…" for Jobs and CronJobs), `kubeassist/explain` returns the whole
// explanation (JSON and Markdown), and inlay hints show the values the API server's defaulting sets, in the
// chosen release, until `kubeassist.inlayHints.defaults` turns them off.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeLens, Hover, InlayHint, MarkupContent } from 'vscode-languageserver-protocol';
import { EXPLAIN_REQUEST, type ExplainResult } from '../../server/src/lsp/protocol';
import { positionOf, TestServer } from '../support/lspClient';

/** kubernetes/website#54415: completions 8, parallelism 2, backoffLimit 6 (defaulted), Pods failing after about 31 s. */
const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: website-54415
spec:
  completions: 8
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "sleep 31; exit 1"]
`;

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly-report
spec:
  schedule: "0 3 * * *"
  timeZone: Europe/Berlin
  jobTemplate:
    spec:
      podFailurePolicy:
        rules:
        - action: Ignore
          onPodConditions:
          - type: DisruptionTarget
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: report
            image: busybox:1.36
`;

const DRIVER = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: csi.example.com
spec:
  attachRequired: false
  podInfoOnMount: true
`;

const FILE = `${JOB}---\n${CRONJOB}---\n${DRIVER}`;
const lineOf = (text: string, match: string, occurrence = 1) => positionOf(text, match, 0, occurrence).line;
const endOfLine = (text: string, line: number) => ({ line, character: text.split('\n')[line].length });

/** Resolves when the server asks the client to fetch inlay hints again (it has applied new settings). */
let refreshed: (() => void) | undefined;
async function settingsApplied(server: TestServer, settings: Record<string, unknown>): Promise<void> {
  const asked = new Promise<void>((resolve) => (refreshed = resolve));
  await server.changeSettings(settings);
  await asked;
}

describe('explain over LSP', () => {
  let server: TestServer;
  const uri = 'file:///w/explain.yaml';
  before(async () => {
    server = await TestServer.start({ env: { KUBEASSIST_NOW: '2026-03-27T10:00:00Z' }, capabilities: { workspace: { inlayHint: { refreshSupport: true } } } });
    server.connection.onRequest('workspace/inlayHint/refresh', () => {
      refreshed?.();
      return null;
    });
    await server.open(uri, FILE);
  });
  after(async () => server.stop());

  it('the hover on `kind: Job` says in short what the Job will do, before what a Job is', async () => {
    const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(FILE, 'kind: Job', 7) });
    const markdown = (hover?.contents as MarkupContent).value;
    assert.ok(markdown.startsWith('**What this Job will do** (Kubernetes 1.37): Runs 8 Pods to success, 2 at a time; fails after 7 failed Pods; never deleted automatically.\n\n---\n\nA **Job**'), markdown);
  });

  it('the hover on a CronJob\'s `kind:` names its schedule, zone and the Jobs it makes', async () => {
    const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(FILE, 'kind: CronJob', 7) });
    assert.match((hover?.contents as MarkupContent).value, /^\*\*What this CronJob will do\*\* \(Kubernetes 1\.37\): Creates a Job at 03:00 every day \(Europe\/Berlin\); overlapping runs: Allow; a missed run starts late\. Each Job runs 1 Pod to success; fails after 7 failed Pods; kept by the history limits\./);
  });

  it('puts "Explain" above each object and "Simulate…" above the Job and the CronJob', async () => {
    const lenses = await server.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 0 } });
    const job = lineOf(FILE, 'apiVersion: batch/v1');
    const cron = lineOf(FILE, 'apiVersion: batch/v1', 2);
    const driver = lineOf(FILE, 'apiVersion: storage.k8s.io/v1');
    assert.deepEqual(lenses, [
      { range: at(job), command: { title: 'Explain', command: 'kubeassist.explain', arguments: [{ uri, line: job, kind: 'Job', name: 'website-54415' }] } },
      { range: at(job), command: { title: 'Simulate…', command: 'kubeassist.simulate', arguments: [{ uri, line: job, kind: 'Job', name: 'website-54415' }] } },
      { range: at(cron), command: { title: 'Explain', command: 'kubeassist.explain', arguments: [{ uri, line: cron, kind: 'CronJob', name: 'nightly-report' }] } },
      { range: at(cron), command: { title: 'Simulate…', command: 'kubeassist.simulate', arguments: [{ uri, line: cron, kind: 'CronJob', name: 'nightly-report' }] } },
      { range: at(driver), command: { title: 'Explain', command: 'kubeassist.explain', arguments: [{ uri, line: driver, kind: 'CSIDriver', name: 'csi.example.com' }] } },
    ]);
  });

  it('kubeassist/explain returns every object, the JSON and the Markdown document', async () => {
    const result = await server.request<ExplainResult | null>(EXPLAIN_REQUEST, { uri });
    assert.ok(result);
    assert.equal(result.kubernetesVersion, '1.37');
    assert.deepEqual(result.objects.map(({ line, explanation }) => [line, explanation.kind, explanation.name]), [
      [0, 'Job', 'website-54415'], [lineOf(FILE, 'kind: CronJob') - 1, 'CronJob', 'nightly-report'], [lineOf(FILE, 'kind: CSIDriver') - 1, 'CSIDriver', 'csi.example.com'],
    ]);
    const [job, cron, driver] = result.objects.map((object) => object.explanation);
    assert.deepEqual(
      { completions: job.job?.completions, parallelism: job.job?.parallelism, podsAtATime: job.job?.podsAtATime, backoffLimit: job.job?.backoffLimit, counts: job.job?.counts, failureReasons: job.job?.failureReasons },
      { completions: 8, parallelism: 2, podsAtATime: 2, backoffLimit: 6, counts: 'failed-pods', failureReasons: ['BackoffLimitExceeded'] },
    );
    assert.deepEqual(job.defaults.map((entry) => `${entry.path}=${JSON.stringify(entry.value)}`), [
      'spec.backoffLimit=6', 'spec.completionMode="NonIndexed"', 'spec.suspend=false', 'spec.podReplacementPolicy="TerminatingOrFailed"',
    ]);
    assert.deepEqual(cron.cronJob?.nextRuns, ['2026-03-28T02:00:00Z', '2026-03-29T01:00:00Z', '2026-03-30T01:00:00Z', '2026-03-31T01:00:00Z', '2026-04-01T01:00:00Z']);
    assert.equal(cron.cronJob?.nextJobName, `nightly-report-${Date.parse('2026-03-28T02:00:00Z') / 60000}`);
    assert.equal(cron.cronJob?.nameHeadroom, 52 - 'nightly-report'.length);
    assert.deepEqual(cron.cronJob?.job?.podFailurePolicy?.map((rule) => [rule.action, rule.when]), [['Ignore', 'the failed Pod has the condition `DisruptionTarget` = `True`']]);
    assert.equal(driver.csiDriver?.settings.attachRequired, false);
    assert.match(driver.csiDriver?.steps.find((step) => step.fields.includes('attachRequired'))?.does ?? '', /^skips the attach step/);
    assert.ok(result.markdown.startsWith('# What explain.yaml will do\n\n## Job `website-54415`\n'), result.markdown.slice(0, 200));
    assert.ok(result.markdown.includes('\n  - Sat 2026-03-28 03:00 (UTC+01:00)\n  - Sun 2026-03-29 03:00 (UTC+02:00)\n'), 'the next runs are listed in the zone, across the change to summer time');
  });

  it('kubeassist/explain with a lens\'s reference returns that object alone, found by kind and name after lines moved', async () => {
    const result = await server.request<ExplainResult | null>(EXPLAIN_REQUEST, { uri, line: 3, kind: 'CSIDriver', name: 'csi.example.com' });
    assert.deepEqual(result?.objects.map((object) => object.explanation.kind), ['CSIDriver']);
    assert.ok(result?.markdown.startsWith('## CSIDriver `csi.example.com`\n\n*Kubernetes 1.37 · explain.yaml:'), result?.markdown.slice(0, 120));
    const byLine = await server.request<ExplainResult | null>(EXPLAIN_REQUEST, { uri, line: lineOf(FILE, 'schedule:') });
    assert.deepEqual(byLine?.objects.map((object) => object.explanation.kind), ['CronJob']);
  });

  it('shows the values defaulting sets as inlay hints, at the end of the line of the mapping that would hold them', async () => {
    const hints = await server.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } } });
    const shown = hints.map((hint) => [hint.position.line, hint.position.character, hint.label]);
    const jobSpec = endOfLine(FILE, lineOf(FILE, 'spec:'));
    const cronSpec = endOfLine(FILE, lineOf(FILE, 'spec:', 3));
    const templateSpec = endOfLine(FILE, lineOf(FILE, 'spec:', 4));
    const pattern = endOfLine(FILE, lineOf(FILE, '- type: DisruptionTarget'));
    const driverSpec = endOfLine(FILE, lineOf(FILE, 'spec:', 6));
    assert.deepEqual(shown, [
      [jobSpec.line, jobSpec.character, 'backoffLimit: 6'],
      [jobSpec.line, jobSpec.character, 'completionMode: NonIndexed'],
      [jobSpec.line, jobSpec.character, 'suspend: false'],
      [jobSpec.line, jobSpec.character, 'podReplacementPolicy: TerminatingOrFailed'],
      [lineOf(FILE, 'schedule:'), positionOf(FILE, '"0 3 * * *"').character + '"0 3 * * *"'.length, 'at 03:00 every day (Europe/Berlin)'],
      [cronSpec.line, cronSpec.character, 'concurrencyPolicy: Allow'],
      [cronSpec.line, cronSpec.character, 'suspend: false'],
      [cronSpec.line, cronSpec.character, 'successfulJobsHistoryLimit: 3'],
      [cronSpec.line, cronSpec.character, 'failedJobsHistoryLimit: 1'],
      [templateSpec.line, templateSpec.character, 'completions: 1'],
      [templateSpec.line, templateSpec.character, 'parallelism: 1'],
      [templateSpec.line, templateSpec.character, 'backoffLimit: 6'],
      [templateSpec.line, templateSpec.character, 'completionMode: NonIndexed'],
      [templateSpec.line, templateSpec.character, 'suspend: false'],
      [templateSpec.line, templateSpec.character, 'podReplacementPolicy: Failed'],
      [pattern.line, pattern.character, 'status: True'],
      [driverSpec.line, driverSpec.character, 'storageCapacity: false'],
      [driverSpec.line, driverSpec.character, 'fsGroupPolicy: ReadWriteOnceWithFSType'],
      [driverSpec.line, driverSpec.character, 'requiresRepublish: false'],
      [driverSpec.line, driverSpec.character, 'seLinuxMount: false'],
      [driverSpec.line, driverSpec.character, 'volumeLifecycleModes: [Persistent]'],
    ]);
    assert.equal(hints[0].tooltip, 'Set by the API server when the object is created (SetDefaults_Job, Kubernetes 1.37).');
    assert.equal(hints.find((hint) => hint.label === 'completions: 1')?.tooltip, 'Set on each Job this CronJob creates (SetDefaults_Job, Kubernetes 1.37).');
  });

  it('the hints follow the release: no podReplacementPolicy in 1.27, which has no such field', async () => {
    await settingsApplied(server, { kubernetesVersion: '1.27' });
    const hints = await server.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 14, character: 0 } } });
    assert.deepEqual(hints.map((hint) => hint.label), ['backoffLimit: 6', 'completionMode: NonIndexed', 'suspend: false']);
    await settingsApplied(server, {});
  });

  it('`kubeassist.inlayHints.defaults: false` turns the defaults off and keeps the schedule', async () => {
    await settingsApplied(server, { inlayHints: { defaults: false } });
    const hints = await server.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } } });
    assert.deepEqual(hints.map((hint) => hint.label), ['at 03:00 every day (Europe/Berlin)']);
    await settingsApplied(server, {});
  });

  it('a Helm template gets no lens and no explanation (what an action writes is unknown)', async () => {
    const template = 'file:///w/chart/templates/job.yaml';
    await server.open(template, JOB.replace('name: website-54415', 'name: {{ .Release.Name }}'));
    assert.deepEqual(await server.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: template } }), []);
    const result = await server.request<ExplainResult | null>(EXPLAIN_REQUEST, { uri: template });
    assert.deepEqual(result?.objects, []);
  });
});
