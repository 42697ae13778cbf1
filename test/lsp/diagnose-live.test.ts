// "Diagnose a Job in the cluster…" through the language server (kubeassist/kubeContexts, kubeassist/diagnoseLive)
// against a local HTTPS API server: the read, Restricted Mode, and a kubeconfig inside the workspace.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../support/lspClient';
import { kubeconfigText, makeCertificates, skipWithoutOpenssl, startCluster, TOKEN, writeKubeconfig, type Certificates, type FakeCluster } from '../support/liveCluster';
import type { DiagnoseLiveResult, KubeContextsResult } from '../../server/src/lsp/protocol';

const skip = skipWithoutOpenssl();

describe('kubeassist/diagnoseLive', { skip }, () => {
  let certs: Certificates;
  let cluster: FakeCluster;
  let kubeconfig: string;
  const servers: TestServer[] = [];
  before(async () => {
    certs = makeCertificates();
    cluster = await startCluster(certs);
    kubeconfig = writeKubeconfig(kubeconfigText(cluster, certs, `token: ${TOKEN}`));
  });
  after(async () => {
    for (const server of servers) await server.stop();
    await cluster.close();
  });
  const start = async (options: Parameters<typeof TestServer.start>[0]) => {
    const server = await TestServer.start(options);
    servers.push(server);
    return server;
  };

  it('lists the contexts and reads the Job, its Pods and events (GET only)', async () => {
    const server = await start({ env: { KUBECONFIG: kubeconfig } });
    const contexts = await server.connection.sendRequest<KubeContextsResult>('kubeassist/kubeContexts', {});
    assert.deepEqual(contexts, { contexts: [{ name: 'test', cluster: 'fake', namespace: 'batch', current: true }], files: [kubeconfig], inWorkspace: [] });
    const result = await server.connection.sendRequest<DiagnoseLiveResult>('kubeassist/diagnoseLive', { kind: 'job', name: 'pi' });
    assert.equal(result.error, undefined);
    assert.equal(result.objects?.length, 9);
    assert.deepEqual(result.notes, []);
    assert.equal(result.source, `context test (${cluster.url}/), namespace batch`);
    assert.ok((result.markdown ?? '').startsWith(`# job/pi in the cluster\n\nRead just now (GET only) from context test (${cluster.url}/), namespace batch.\n\n`));
    assert.ok(result.markdown?.includes('Job pi failed at 2026-12-06T21:15:12Z (BackoffLimitExceeded)'), result.markdown);
    assert.deepEqual([result.report?.objects[0].state, result.report?.objects[0].cause?.reason], ['failed', 'OOMKilled']);
    assert.ok(cluster.seen.every((r) => r.method === 'GET'));
  });

  it('a Job that is not there, in one sentence', async () => {
    const server = await start({ env: { KUBECONFIG: kubeconfig } });
    const result = await server.connection.sendRequest<DiagnoseLiveResult>('kubeassist/diagnoseLive', { kind: 'job', name: 'pj', namespace: 'ops' });
    assert.deepEqual(result, { error: 'job/pj not found in the namespace ops (context test).' });
  });

  it('reads nothing in Restricted Mode', async () => {
    const server = await start({ env: { KUBECONFIG: kubeconfig }, initializationOptions: { workspaceTrusted: false } });
    const before = cluster.seen.length;
    const restricted = 'KubeAssist reads no cluster in Restricted Mode: trust the workspace first (Manage Workspace Trust).';
    assert.deepEqual(await server.connection.sendRequest('kubeassist/diagnoseLive', { kind: 'job', name: 'pi' }), { error: restricted });
    assert.deepEqual(await server.connection.sendRequest('kubeassist/kubeContexts', {}), { contexts: [], files: [], inWorkspace: [], error: restricted });
    assert.equal(cluster.seen.length, before);
  });

  it('a kubeconfig inside the workspace is read only once the user agrees', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'kubeassist-live-workspace-'));
    mkdirSync(join(workspace, 'deploy'));
    const inside = writeKubeconfig(kubeconfigText(cluster, certs, `token: ${TOKEN}`), join(workspace, 'deploy'));
    const server = await start({ env: { KUBECONFIG: inside }, workspaceFolders: [pathToFileURL(workspace).href] });
    const before = cluster.seen.length;
    assert.deepEqual(await server.connection.sendRequest('kubeassist/diagnoseLive', { kind: 'job', name: 'pi' }), { needsConsent: [inside] });
    assert.equal(cluster.seen.length, before);
    const contexts = await server.connection.sendRequest<KubeContextsResult>('kubeassist/kubeContexts', {});
    assert.deepEqual(contexts.inWorkspace, [inside]);
    const result = await server.connection.sendRequest<DiagnoseLiveResult>('kubeassist/diagnoseLive', { kind: 'job', name: 'pi', allowWorkspaceKubeconfig: true });
    assert.equal(result.objects?.length, 9);
  });

  it('no kubeconfig', async () => {
    const home = mkdtempSync(join(tmpdir(), 'kubeassist-live-home-'));
    const server = await start({ env: { KUBECONFIG: '', HOME: home } });
    const result = await server.connection.sendRequest<KubeContextsResult>('kubeassist/kubeContexts', {});
    assert.equal(result.error, `no kubeconfig: ${join(home, '.kube', 'config')} does not exist (or set KUBECONFIG in the environment VS Code starts in).`);
  });
});
