// Code lenses through codeLens/resolve (issue 30): a client that says it resolves lenses (vscode-languageclient 11's
// `textDocument.codeLens.resolveSupport.properties: ['command']`) gets each lens as a range and a small handle, and
// each lens it resolves is exactly the lens a client that does not resolve gets at once (Neovim, lsp-mode: no
// resolveSupport); the answer stays the same, handles and all, while an edit changes no lens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeLens, InitializeResult } from 'vscode-languageserver-protocol';
import { spawn } from 'node:child_process';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { positionOf, SERVER, TestServer } from '../support/lspClient';

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
`;
const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly-report
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: m
            image: busybox
`;
/** Returned by the API server (uid, status): the lens says Diagnose. */
const EXPORTED = `apiVersion: batch/v1
kind: Job
metadata:
  name: seen
  uid: 0b6c7d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: m
        image: busybox
status:
  active: 1
`;
const DRIVER = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: csi.example.com
spec:
  attachRequired: false
`;
const JOBSET = `apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: train
spec:
  replicatedJobs:
  - name: workers
    template:
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: w
              image: busybox
`;
const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: env\ndata:\n  A: b\n';
const FILE = [JOB, CONFIGMAP, CRONJOB, EXPORTED, DRIVER, JOBSET].join('---\n');
const RESOLVES = { textDocument: { codeLens: { dynamicRegistration: true, resolveSupport: { properties: ['command'] } } } };

describe('code lenses resolved in codeLens/resolve', () => {
  let lazy: TestServer;
  let eager: TestServer;
  const uri = 'file:///w/lenses.yaml';
  before(async () => {
    [lazy, eager] = await Promise.all([TestServer.start({ capabilities: RESOLVES }), TestServer.start()]);
    await Promise.all([lazy.open(uri, FILE), eager.open(uri, FILE)]);
  });
  after(async () => {
    await Promise.all([lazy.stop(), eager.stop()]);
  });
  const lensesOf = (server: TestServer) => server.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  const resolved = (server: TestServer, lenses: CodeLens[]) => Promise.all(lenses.map((lens) => server.request<CodeLens>('codeLens/resolve', lens)));

  it('the server offers codeLens/resolve (a client resolves only when the server says so)', async () => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.listen();
    try {
      const answer = await connection.sendRequest<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      assert.deepEqual(answer.capabilities.codeLensProvider, { resolveProvider: true });
    } finally {
      connection.dispose();
      child.kill();
    }
  });

  it('a client that resolves gets ranges and handles only; each resolved lens is the lens a client that does not resolve gets', async () => {
    const [unresolved, complete] = await Promise.all([lensesOf(lazy), lensesOf(eager)]);
    assert.equal(complete.length, 8, JSON.stringify(complete));
    assert.deepEqual(unresolved.map((lens) => lens.range), complete.map((lens) => lens.range));
    assert.ok(unresolved.every((lens) => lens.command === undefined && Array.isArray(lens.data)), JSON.stringify(unresolved[0]));
    assert.deepEqual(await resolved(lazy, unresolved), complete);
    // In any order, one at a time, as an editor resolves what scrolls into view.
    assert.deepEqual(await lazy.request<CodeLens>('codeLens/resolve', unresolved[7]), complete[7]);
    assert.deepEqual(await lazy.request<CodeLens>('codeLens/resolve', unresolved[0]), complete[0]);
  });

  it('the resolved lenses say Explain, Simulate…, Diagnose with the object\'s reference, as before', async () => {
    const lenses = await resolved(lazy, await lensesOf(lazy));
    const line = (text: string) => positionOf(FILE, text).line;
    const job = 0;
    const cron = line('kind: CronJob') - 1;
    const exported = line('  name: seen') - 3;
    const driver = line('kind: CSIDriver') - 1;
    const jobSet = line('kind: JobSet') - 1;
    const at = (start: number) => ({ start: { line: start, character: 0 }, end: { line: start, character: 0 } });
    assert.deepEqual(lenses, [
      { range: at(job), command: { title: 'Explain', command: 'kubeassist.explain', arguments: [{ uri, line: job, kind: 'Job', name: 'website-54415' }] } },
      { range: at(job), command: { title: 'Simulate…', command: 'kubeassist.simulate', arguments: [{ uri, line: job, kind: 'Job', name: 'website-54415' }] } },
      { range: at(cron), command: { title: 'Explain', command: 'kubeassist.explain', arguments: [{ uri, line: cron, kind: 'CronJob', name: 'nightly-report' }] } },
      { range: at(cron), command: { title: 'Simulate…', command: 'kubeassist.simulate', arguments: [{ uri, line: cron, kind: 'CronJob', name: 'nightly-report' }] } },
      { range: at(exported), command: { title: 'Diagnose', command: 'kubeassist.diagnose', arguments: [{ uri, line: exported, kind: 'Job', name: 'seen' }] } },
      { range: at(exported), command: { title: 'Simulate…', command: 'kubeassist.simulate', arguments: [{ uri, line: exported, kind: 'Job', name: 'seen' }] } },
      { range: at(driver), command: { title: 'Explain', command: 'kubeassist.explain', arguments: [{ uri, line: driver, kind: 'CSIDriver', name: 'csi.example.com' }] } },
      { range: at(jobSet), command: { title: 'Explain', command: 'kubeassist.explain', arguments: [{ uri, line: jobSet, kind: 'JobSet', name: 'train' }] } },
    ]);
  });

  it('an edit that changes no lens answers the same lenses, handles and all; one that renames an object answers new ones', async () => {
    const before = await lensesOf(lazy);
    const spec = positionOf(FILE, '  completions: 8');
    await lazy.change(uri, [{ range: { start: { line: spec.line, character: 15 }, end: { line: spec.line, character: 16 } }, text: '9' }]);
    assert.deepEqual(await lensesOf(lazy), before, 'an edit inside the Job\'s spec');
    const name = positionOf(FILE, '  name: nightly-report');
    await lazy.change(uri, [{ range: { start: { line: name.line, character: 8 }, end: { line: name.line, character: 15 } }, text: 'daily' }]);
    const renamed = await lensesOf(lazy);
    assert.deepEqual(renamed.map((lens) => lens.range), before.map((lens) => lens.range));
    assert.notDeepEqual(renamed.map((lens) => lens.data), before.map((lens) => lens.data));
    const cron = (await resolved(lazy, renamed))[2];
    assert.deepEqual(cron.command?.arguments, [{ uri, line: name.line - 3, kind: 'CronJob', name: 'daily-report' }]);
    // The answer before the rename is still resolved as it was (an editor may resolve a lens it asked for just before).
    assert.deepEqual((await lazy.request<CodeLens>('codeLens/resolve', before[2])).command?.arguments, [{ uri, line: name.line - 3, kind: 'CronJob', name: 'nightly-report' }]);
    await lazy.change(uri, [{ range: { start: { line: name.line, character: 8 }, end: { line: name.line, character: 20 } }, text: 'nightly-report' }]);
  });

  it('a lens that is not ours, or of an answer no longer kept, comes back as it was; a lens with a command too', async () => {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    for (const lens of [{ range }, { range, data: 'other' }, { range, data: [987654, 0] }, { range, data: [1, 'x'] }, { range, command: { title: 'Explain', command: 'kubeassist.explain' }, data: [1, 0] }]) {
      assert.deepEqual(await lazy.request<CodeLens>('codeLens/resolve', lens), lens);
    }
    const [complete] = await lensesOf(eager);
    assert.deepEqual(await eager.request<CodeLens>('codeLens/resolve', complete), complete);
  });
});
