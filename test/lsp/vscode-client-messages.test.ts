// The messages of KubeAssist's own that the VS Code client uses: the per-document schemaDiagnostics decision
// (beside Red Hat YAML), documentInfo (the status bar), and for "Simulate…" the ready scenarios and the
// simulation's Markdown.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DOCUMENT_INFO_REQUEST, SCENARIO_PRESETS_REQUEST, SCHEMA_DIAGNOSTICS_NOTIFICATION, SIMULATE_REQUEST, type DocumentInfo, type ScenarioPresetInfo, type SimulateResult,
} from '../../server/src/lsp/protocol';
import { TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completionMode: indexed
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
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: hostpath.csi.k8s.io
`;

describe('VS Code client messages', () => {
  let server: TestServer;
  before(async () => (server = await TestServer.start({ settings: { kubernetesVersion: '1.31' } })));
  after(() => server.stop());

  it('a decision sent before didOpen applies to the first diagnostics; a new one re-checks the document', async () => {
    const uri = 'file:///w/beside-red-hat.yaml';
    await server.connection.sendNotification(SCHEMA_DIAGNOSTICS_NOTIFICATION, { uri, schemaDiagnostics: 'off' });
    const first = await server.open(uri, JOB);
    assert.deepEqual(first.map((d) => d.code), ['job/pod-failure-policy/restart-policy-must-be-never']);
    await server.connection.sendNotification(SCHEMA_DIAGNOSTICS_NOTIFICATION, { uri, schemaDiagnostics: 'on' });
    // (a re-publish for the settings pulled at start-up may come first)
    let codes: unknown[] = [];
    for (let i = 0; i < 3 && !codes.includes('schema/enum'); i++) codes = (await server.nextDiagnostics(uri)).map((d) => d.code);
    assert.deepEqual(codes, ['schema/enum', 'job/pod-failure-policy/restart-policy-must-be-never']);
    await server.close(uri);
  });

  it('"Simulate…": the ready scenarios for the quick pick, and the simulation with its Markdown for the document beside the editor', async () => {
    const presets = await server.request<ScenarioPresetInfo[]>(SCENARIO_PRESETS_REQUEST, null);
    assert.deepEqual(presets.map((preset) => `${preset.kind}:${preset.name}`), ['Job:all-fail', 'Job:exit-code', 'Job:evicted', 'Job:index-fails', 'CronJob:cluster-down']);
    const uri = 'file:///w/simulate.yaml';
    await server.open(uri, JOB.replace('restartPolicy: OnFailure', 'restartPolicy: Never').replace('completionMode: indexed', 'completionMode: NonIndexed'));
    const result = await server.request<SimulateResult | null>(SIMULATE_REQUEST, { textDocument: { uri }, object: 'pi', scenario: 'preset:all-fail' });
    assert.ok(result?.markdown?.startsWith('# Job `pi`'), result?.markdown?.slice(0, 100));
    assert.match(result?.markdown ?? '', /BackoffLimitExceeded/);
  });

  it('documentInfo: the release and the count of checked resources; null for a document not open', async () => {
    const uri = 'file:///w/info.yaml';
    await server.open(uri, JOB);
    assert.deepEqual(await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri }), { kubernetesVersion: '1.31', kubernetesVersionLabel: '1.31', checkedResources: 2, schemaDiagnostics: 'on', settingsProblems: [], kubernetesVersionSource: 'settings' });
    const other = 'file:///w/other.yaml';
    await server.open(other, 'name: build\non: push\n');
    assert.equal((await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri: other })).checkedResources, 0);
    assert.equal(await server.request(DOCUMENT_INFO_REQUEST, { uri: 'file:///w/closed.yaml' }), null);
  });

  it('a kubeassist.rules key that matches no code: a warning in the server log (once) and a line in documentInfo for the status bar tooltip', async () => {
    const uri = 'file:///w/rules-typo.yaml';
    await server.open(uri, JOB);
    const problem = 'kubeassist.rules: `job/pod-failure-policy/restart-policy-must-be-nevr` matches no rule code (did you mean `job/pod-failure-policy/restart-policy-must-be-never`?); the setting has no effect.';
    // The server pulls the new settings after the notification: ask until they have arrived.
    const problemsOnceSettled = async (settled: (problems: string[]) => boolean): Promise<string[]> => {
      let problems: string[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        problems = (await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri })).settingsProblems;
        if (settled(problems)) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return problems;
    };
    await server.changeSettings({ kubernetesVersion: '1.31', rules: { 'job/pod-failure-policy/restart-policy-must-be-nevr': 'off', 'schema/': 'warning' } });
    assert.deepEqual(await problemsOnceSettled((problems) => problems.length > 0), [problem]);
    assert.deepEqual(server.logs.filter((line) => line.startsWith('kubeassist.rules:')), [problem]);
    await server.changeSettings({ kubernetesVersion: '1.32', rules: { 'job/pod-failure-policy/restart-policy-must-be-nevr': 'off', 'schema/': 'error' } });
    for (let attempt = 0; attempt < 100 && (await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri })).kubernetesVersion !== '1.32'; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(server.logs.filter((line) => line.startsWith('kubeassist.rules:')), [problem], 'the same problem is not logged again');
    await server.changeSettings({ kubernetesVersion: '1.31' });
    assert.deepEqual(await problemsOnceSettled((problems) => problems.length === 0), []);
  });
});
