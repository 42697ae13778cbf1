// readLiveObjects against a local HTTPS server that answers the read endpoints from recorded objects
// (test/support/liveCluster.ts): what it reads, with which credentials, and the sentence for each way it can
// fail. Every request the server sees must be a GET.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { forgetExecCredentials, LiveReadError, readLiveObjects } from '../../server/src/host/kube/index';
import { proxyFromEnvironment } from '../../server/src/host/kube/http';
import { b64, fixture, kubeconfigText, makeCertificates, skipWithoutOpenssl, startCluster, status, TOKEN, writeKubeconfig, type Certificates, type FakeCluster } from '../support/liveCluster';

const skip = skipWithoutOpenssl();
const JOB = { kind: 'job' as const, name: 'pi' };

type Named = { kind?: string; apiVersion?: string; metadata?: { name?: string }; reason?: string };
const names = (objects: unknown[]) => objects.map((o) => `${(o as Named).kind}/${(o as Named).metadata?.name}${(o as Named).kind === 'Event' ? `:${(o as Named).reason}` : ''}`);

describe('readLiveObjects (a local HTTPS API server)', { skip }, () => {
  let certs: Certificates;
  let cluster: FakeCluster;
  let tokenConfig: string;
  before(async () => {
    certs = makeCertificates();
    cluster = await startCluster(certs);
    tokenConfig = writeKubeconfig(kubeconfigText(cluster, certs, `token: ${TOKEN}`));
  });
  after(() => cluster.close());
  beforeEach(() => {
    cluster.seen.length = 0;
    cluster.overrides.clear();
    forgetExecCredentials();
  });
  const read = (options: Parameters<typeof readLiveObjects>[1] = {}, target: Parameters<typeof readLiveObjects>[0] = JOB) =>
    readLiveObjects(target, { kubeconfig: tokenConfig, ...options });
  const onlyGets = () => assert.deepEqual([...new Set(cluster.seen.map((r) => r.method))], ['GET']);

  it('reads the Job, its Pods and the events of both with a bearer token, GET only', async () => {
    const result = await read();
    assert.deepEqual(names(result.objects), [
      'Job/pi', 'Pod/pi-7xk2q', 'Pod/pi-m4w8z',
      'Event/pi.187e4b1a2c3d4e01:SuccessfulCreate', 'Event/pi.187e4b1a2c3d4e02:SuccessfulCreate', 'Event/pi.187e4b1a2c3d4e03:BackoffLimitExceeded',
      'Event/pi-7xk2q.187e4b1a3a000001:Scheduled', 'Event/pi-7xk2q.187e4b1a3a000002:Pulled', 'Event/pi-7xk2q.187e4b1a3a000003:Started',
    ]);
    assert.equal((result.objects[1] as Named).apiVersion, 'v1', 'list items get the kind and apiVersion kubectl prints');
    assert.deepEqual(result.notes, []);
    assert.deepEqual([result.namespace, result.context, result.server], ['batch', 'test', `${cluster.url}/`]);
    onlyGets();
    assert.deepEqual(cluster.seen.map((r) => decodeURIComponent(r.url)), [
      '/apis/batch/v1/namespaces/batch/jobs/pi',
      '/api/v1/namespaces/batch/pods?labelSelector=batch.kubernetes.io/job-name=pi&limit=500',
      '/api/v1/namespaces/batch/events?fieldSelector=involvedObject.uid=6f1e9a57-3c1d-4b6e-9a43-0d2f1a7c9e11&limit=500',
      '/api/v1/namespaces/batch/events?fieldSelector=involvedObject.uid=0b9b7f6c-58a8-4f0e-b6b2-5d1c3e2f8a01&limit=500',
      '/api/v1/namespaces/batch/events?fieldSelector=involvedObject.uid=3c2d1e0f-9a8b-4c7d-8e6f-5a4b3c2d1e02&limit=500',
    ]);
    assert.ok(cluster.seen.every((r) => r.authorization === `Bearer ${TOKEN}`));
  });

  it('a token file, read at each use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeassist-live-'));
    writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
    const config = writeKubeconfig(kubeconfigText(cluster, certs, 'tokenFile: token'), dir);
    const result = await read({ kubeconfig: config });
    assert.equal(result.objects.length, 9);
  });

  it('a client certificate and key from files named relative to the kubeconfig, and the CA as a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeassist-live-'));
    writeFileSync(join(dir, 'jane.crt'), certs.clientCert);
    writeFileSync(join(dir, 'jane.key'), certs.clientKey);
    writeFileSync(join(dir, 'ca.crt'), certs.ca);
    const text = kubeconfigText(cluster, certs, 'client-certificate: jane.crt\nclient-key: jane.key').replace(/certificate-authority-data: \S+/, 'certificate-authority: ca.crt');
    const result = await read({ kubeconfig: writeKubeconfig(text, dir) });
    assert.equal(result.objects.length, 9);
    assert.deepEqual([...new Set(cluster.seen.map((r) => [r.clientCN, r.authorization].join(' ')))], ['jane ']);
  });

  it('impersonation (as, as-groups, as-uid) as headers', async () => {
    await read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, `token: ${TOKEN}\nas: jane\nas-groups: [developers, oncall]\nas-uid: "1234"`)) });
    const headers = cluster.seen[0].headers;
    assert.deepEqual([headers['impersonate-user'], headers['impersonate-group'], headers['impersonate-uid']], ['jane', 'developers, oncall', '1234']);
  });

  it('a client certificate and key as data', async () => {
    const result = await read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, `client-certificate-data: ${b64(certs.clientCert)}\nclient-key-data: ${b64(certs.clientKey)}`)) });
    assert.equal(result.objects.length, 9);
    assert.equal(cluster.seen[0].clientCN, 'jane');
  });

  describe('exec credential plugins', () => {
    function plugin(body: string): { dir: string; user: string } {
      const dir = mkdtempSync(join(tmpdir(), 'kubeassist-live-exec-'));
      const script = join(dir, 'plugin.js');
      writeFileSync(script, body);
      chmodSync(script, 0o755);
      return { dir, user: `exec:\n  apiVersion: client.authentication.k8s.io/v1\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(script)}, --audience, test]\n  env: [{name: PLUGIN_REGION, value: eu-west}]\n  interactiveMode: IfAvailable\n  provideClusterInfo: true` };
    }

    it('runs the plugin with its args, env and KUBERNETES_EXEC_INFO, and uses the token it returns', async () => {
      const { dir, user } = plugin(`const fs = require('fs');
fs.writeFileSync(${JSON.stringify(join('DIR', 'seen.json'))}.replace('DIR', __dirname), JSON.stringify({ args: process.argv.slice(2), region: process.env.PLUGIN_REGION, info: JSON.parse(process.env.KUBERNETES_EXEC_INFO) }));
process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: ${JSON.stringify(TOKEN)}, expirationTimestamp: '2999-01-01T00:00:00Z' } }));
`);
      const result = await read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, user)) });
      assert.equal(result.objects.length, 9);
      const seen = JSON.parse(readFileSync(join(dir, 'seen.json'), 'utf8'));
      assert.deepEqual(seen.args, ['--audience', 'test']);
      assert.equal(seen.region, 'eu-west');
      assert.deepEqual(seen.info, {
        apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential',
        spec: { interactive: false, cluster: { server: cluster.url, 'certificate-authority-data': b64(certs.ca) } },
      });
    });

    it('a credential is reused until it expires, and run anew after the cluster refused it (401)', async () => {
      const { dir, user } = plugin(`require('fs').appendFileSync(require('path').join(__dirname, 'runs'), 'x');
process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: ${JSON.stringify(TOKEN)}, expirationTimestamp: '2999-01-01T00:00:00Z' } }));`);
      const kubeconfig = writeKubeconfig(kubeconfigText(cluster, certs, user));
      await read({ kubeconfig });
      await read({ kubeconfig });
      assert.equal(readFileSync(join(dir, 'runs'), 'utf8'), 'x', 'one run for two reads');
      cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs/pi', (_req, res) => status(res, 401, 'Unauthorized', 'Unauthorized'));
      await assert.rejects(read({ kubeconfig }), LiveReadError);
      cluster.overrides.clear();
      assert.equal((await read({ kubeconfig })).objects.length, 9);
      assert.equal(readFileSync(join(dir, 'runs'), 'utf8'), 'xx', 'run again after the 401');
    });

    it('a client certificate and key from the plugin', async () => {
      const { user } = plugin(`process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { clientCertificateData: ${JSON.stringify(certs.clientCert)}, clientKeyData: ${JSON.stringify(certs.clientKey)} } }));`);
      const result = await read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, user)) });
      assert.equal(result.objects.length, 9);
      assert.equal(cluster.seen[0].clientCN, 'jane');
    });

    it('a plugin that fails: its exit code and the last line it wrote to stderr', async () => {
      const { user } = plugin(`process.stderr.write('starting\\nerror: you are not logged in: run "cloud auth login"\\n'); process.exit(3);`);
      await assert.rejects(read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, user)) }),
        new LiveReadError(`the exec credential plugin "${process.execPath}" of the user "reader" failed (exit code 3): error: you are not logged in: run "cloud auth login"`));
      assert.equal(cluster.seen.length, 0);
    });

    it('a plugin that writes no ExecCredential, or hangs (stopped at the time limit)', async () => {
      const { user } = plugin(`process.stdout.write('token: abc');`);
      await assert.rejects(read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, user)) }),
        new LiveReadError(`the exec credential plugin "${process.execPath}" of the user "reader" did not write an ExecCredential (JSON) to standard output`));
      const hang = plugin('setInterval(() => {}, 1000);');
      const started = Date.now();
      await assert.rejects(read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, hang.user)), execTimeoutMs: 500 }),
        new LiveReadError(`the exec credential plugin "${process.execPath}" of the user "reader" did not answer within 0.5 s: stopped`));
      assert.ok(Date.now() - started < 5000);
    });

    it('a plugin that is not installed, with its installHint', async () => {
      const user = 'exec:\n  apiVersion: client.authentication.k8s.io/v1beta1\n  command: kubeassist-no-such-plugin\n  installHint: "install it with: apt-get install no-such-plugin"';
      await assert.rejects(read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, user)) }),
        new LiveReadError('the exec credential plugin "kubeassist-no-such-plugin" of the user "reader" was not found on PATH (install it with: apt-get install no-such-plugin)'));
    });

    it('interactiveMode: Always without a terminal', async () => {
      const user = 'exec:\n  apiVersion: client.authentication.k8s.io/v1\n  command: login-plugin\n  interactiveMode: Always';
      await assert.rejects(read({ kubeconfig: writeKubeconfig(kubeconfigText(cluster, certs, user)) }),
        new LiveReadError('the exec credential plugin "login-plugin" of the user "reader" needs a terminal to talk to you (interactiveMode: Always) and there is none here: log in once with kubectl in a terminal, then try again'));
    });
  });

  it('401: the credentials are refused', async () => {
    const config = writeKubeconfig(kubeconfigText(cluster, certs, 'token: expired'));
    await assert.rejects(read({ kubeconfig: config }),
      new LiveReadError(`the cluster at ${cluster.url} did not accept the credentials of the user "reader" (context test): 401 Unauthorized: Unauthorized`));
  });

  it('403 on the Pods: the Job and its events are still read, and the note says what was refused', async () => {
    const refusal = 'pods is forbidden: User "system:serviceaccount:batch:reader" cannot list resource "pods" in API group "" in the namespace "batch"';
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (_req, res) => status(res, 403, 'Forbidden', refusal, { kind: 'pods' }));
    const result = await read();
    assert.deepEqual(names(result.objects).map((n) => n.split(':')[0].split('/')[0]), ['Job', 'Event', 'Event', 'Event']);
    assert.deepEqual(result.notes, [`could not list the Pods of job/pi: 403 Forbidden: ${refusal}`]);
  });

  it('403 on the Job itself stops the read', async () => {
    const refusal = 'jobs.batch "pi" is forbidden: User "system:serviceaccount:batch:reader" cannot get resource "jobs" in API group "batch" in the namespace "batch"';
    cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs/pi', (_req, res) => status(res, 403, 'Forbidden', refusal));
    await assert.rejects(read(), new LiveReadError(`could not read job/pi: 403 Forbidden: ${refusal}`));
  });

  it('404: the Job is not in the namespace', async () => {
    await assert.rejects(read({}, { kind: 'job', name: 'pj' }), new LiveReadError('job/pj not found in the namespace batch (context test)'));
    await assert.rejects(read({}, { kind: 'cronjob', name: 'nightly', namespace: 'ops' }), new LiveReadError('cronjob/nightly not found in the namespace ops (context test)'));
  });

  it('a slow answer: the time limit fires, and the read stops there', async () => {
    cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs/pi', () => undefined);
    const started = Date.now();
    await assert.rejects(read({ timeoutMs: 300 }), new LiveReadError(`could not read job/pi: no answer from ${cluster.url} within 0.3 s`));
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  });

  it('a slow Pod list is a note; what came before is kept', async () => {
    cluster.overrides.set('/api/v1/namespaces/batch/pods', () => undefined);
    const result = await read({ timeoutMs: 300 });
    assert.deepEqual(names(result.objects).map((n) => n.split('/')[0]), ['Job', 'Event', 'Event', 'Event']);
    assert.deepEqual(result.notes, [`could not list the Pods of job/pi: no answer from ${cluster.url} within 0.3 s`]);
  });

  it('a malformed body', async () => {
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (_req, res) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"kind":"PodList","items":[{"metadata":'); });
    const result = await read();
    assert.deepEqual(result.notes, ['could not list the Pods of job/pi: the answer (200) is not valid JSON']);
    cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs/pi', (_req, res) => { res.writeHead(200); res.end('<html>proxy login</html>'); });
    await assert.rejects(read(), new LiveReadError('could not read job/pi: the answer (200) is not valid JSON'));
    cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs/pi', (_req, res) => { res.writeHead(200); res.end(JSON.stringify(fixture('pods-pi.json'))); });
    await assert.rejects(read(), new LiveReadError('could not read job/pi: the answer is not a Job (kind: PodList)'));
  });

  it('a huge body is cut at the size limit, with or without Content-Length', async () => {
    const huge = JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items: [], padding: 'x'.repeat(3_000_000) });
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (_req, res) => { res.writeHead(200, { 'Content-Length': Buffer.byteLength(huge) }); res.end(huge); });
    let result = await read({ maxBytes: 1_000_000 });
    assert.deepEqual(result.notes, ['could not list the Pods of job/pi: the answer was larger than 1 MB: not read']);
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (_req, res) => {
      res.writeHead(200);
      let sent = 0;
      const more = () => { while (sent < 3_000_000) { sent += 65536; if (!res.write('x'.repeat(65536))) { res.once('drain', more); return; } } res.end(); };
      more();
    });
    result = await read({ maxBytes: 1_000_000 });
    assert.deepEqual(result.notes, ['could not list the Pods of job/pi: the answer was larger than 1 MB: not read']);
  });

  it('a gzip answer is cut at the size limit counted after decompression', async () => {
    const bomb = gzipSync(Buffer.alloc(5_000_000, 32));
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (_req, res) => { res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': bomb.length }); res.end(bomb); });
    const result = await read({ maxBytes: 1_000_000 });
    assert.ok(bomb.length < 1_000_000);
    assert.deepEqual(result.notes, ['could not list the Pods of job/pi: the answer was larger than 1 MB: not read']);
    const pods = gzipSync(readFileSync(join(__dirname, '..', 'fixtures', 'live', 'pods-pi.json')));
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (_req, res) => { res.writeHead(200, { 'Content-Encoding': 'gzip' }); res.end(pods); });
    assert.deepEqual((await read()).notes, []);
  });

  it('through the proxy-url of the cluster (HTTP CONNECT)', async () => {
    const tunnels: string[] = [];
    const proxy = createHttpServer();
    proxy.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = netConnect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    try {
      const port = (proxy.address() as AddressInfo).port;
      const text = kubeconfigText(cluster, certs, `token: ${TOKEN}`).replace(`server: ${cluster.url}`, `server: ${cluster.url}\n    proxy-url: http://127.0.0.1:${port}`);
      const result = await read({ kubeconfig: writeKubeconfig(text) });
      assert.equal(result.objects.length, 9);
      assert.equal(tunnels.length, 5);
      assert.ok(tunnels.every((t) => t === cluster.url.replace('https://', '')));
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it('HTTPS_PROXY and NO_PROXY as Go reads them: never for localhost', () => {
    const env = { HTTPS_PROXY: 'proxy.corp:3128', NO_PROXY: 'internal.example,.svc' };
    assert.equal(proxyFromEnvironment(new URL('https://api.cluster.example:6443'), env)?.href, 'http://proxy.corp:3128/');
    assert.equal(proxyFromEnvironment(new URL('https://127.0.0.1:6443'), env), undefined);
    assert.equal(proxyFromEnvironment(new URL('https://localhost:6443'), env), undefined);
    assert.equal(proxyFromEnvironment(new URL('https://k8s.internal.example'), env), undefined);
    assert.equal(proxyFromEnvironment(new URL('https://kubernetes.default.svc'), env), undefined);
    assert.equal(proxyFromEnvironment(new URL('http://api.cluster.example'), env), undefined, 'HTTPS_PROXY is for https:// only');
  });

  it('lists Pods page by page (limit + continue) up to the cap, and says how many were left', async () => {
    const pods = fixture('pods-pi.json') as { items: Record<string, unknown>[] };
    const many = Array.from({ length: 5 }, (_, i) => ({ ...pods.items[0], metadata: { ...(pods.items[0].metadata as object), name: `pi-${i}`, uid: `uid-${i}` } }));
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (req, res) => {
      const q = new URL(req.url ?? '', 'https://x').searchParams;
      const from = Number(q.get('continue') ?? 0);
      const limit = Number(q.get('limit'));
      const page = many.slice(from, from + limit);
      const rest = many.length - from - page.length;
      res.writeHead(200);
      res.end(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: rest > 0 ? { continue: String(from + limit), remainingItemCount: rest } : {}, items: page }));
    });
    const result = await read({ maxPods: 3 });
    assert.deepEqual(names(result.objects).filter((n) => n.startsWith('Pod/')), ['Pod/pi-0', 'Pod/pi-1', 'Pod/pi-2']);
    assert.deepEqual(result.notes, ['read the first 3 of the Pods of job/pi; 2 more not read']);
    assert.deepEqual(cluster.seen.filter((r) => r.url.includes('/pods')).map((r) => decodeURIComponent(r.url).split('?')[1]),
      ['labelSelector=batch.kubernetes.io/job-name=pi&limit=3']);
  });

  it('a cluster before 1.27 (Pods labelled job-name only), and Pods of an earlier Job of the same name left out', async () => {
    const pods = fixture('pods-pi.json') as { items: Record<string, unknown>[] };
    const stranger = { ...pods.items[1], metadata: { ...(pods.items[1].metadata as object), name: 'pi-old', ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'pi', uid: 'an-earlier-job', controller: true }] } };
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (req, res) => {
      const selector = new URL(req.url ?? '', 'https://x').searchParams.get('labelSelector');
      res.writeHead(200);
      res.end(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items: selector === 'job-name=pi' ? [pods.items[0], stranger] : [] }));
    });
    const result = await read();
    assert.deepEqual(names(result.objects).filter((n) => n.startsWith('Pod/')), ['Pod/pi-7xk2q']);
    assert.deepEqual(result.notes, ['1 Pod labelled job-name=pi belongs to another Job of that name (not uid 6f1e9a57-3c1d-4b6e-9a43-0d2f1a7c9e11): left out']);
  });

  it('a CronJob: itself, its events, the Jobs it owns, and their Pods and events', async () => {
    const cronUid = 'c0ffee00-1111-4222-8333-444455556666';
    const cronJob = { kind: 'CronJob', apiVersion: 'batch/v1', metadata: { name: 'nightly', namespace: 'batch', uid: cronUid }, spec: { schedule: '0 3 * * *', jobTemplate: { spec: {} } }, status: { lastScheduleTime: '2026-12-06T03:00:00Z' } };
    const job = fixture('job-pi.json') as { metadata: Record<string, unknown> };
    const owned = { ...job, metadata: { ...job.metadata, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'nightly', uid: cronUid, controller: true }] } };
    const unrelated = { ...job, metadata: { ...job.metadata, name: 'other', uid: 'other-uid' } };
    cluster.overrides.set('/apis/batch/v1/namespaces/batch/cronjobs/nightly', (_req, res) => { res.writeHead(200); res.end(JSON.stringify(cronJob)); });
    cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs', (_req, res) => { res.writeHead(200); res.end(JSON.stringify({ kind: 'JobList', apiVersion: 'batch/v1', metadata: {}, items: [unrelated, owned] })); });
    const result = await read({}, { kind: 'cronjob', name: 'nightly' });
    assert.deepEqual(names(result.objects).slice(0, 4), ['CronJob/nightly', 'Job/pi', 'Pod/pi-7xk2q', 'Pod/pi-m4w8z']);
    assert.equal(result.objects.length, 10);
    assert.deepEqual(result.notes, []);
    onlyGets();
  });

  it('an untrusted server certificate (the kubeconfig names another CA)', async () => {
    const text = kubeconfigText(cluster, certs, `token: ${TOKEN}`).replace(b64(certs.ca), b64(certs.otherCa));
    await assert.rejects(read({ kubeconfig: writeKubeconfig(text) }), (error: Error) => {
      assert.ok(error instanceof LiveReadError);
      assert.match(error.message, new RegExp(`^could not read job/pi: the certificate of ${cluster.url.replace(/\./g, '\\.')} is not trusted: it is signed by an authority the kubeconfig does not name; set certificate-authority or certificate-authority-data of the cluster "fake" in the kubeconfig$`));
      return true;
    });
  });

  it('insecure-skip-tls-verify reads without a CA', async () => {
    const text = kubeconfigText(cluster, certs, `token: ${TOKEN}`).replace(/certificate-authority-data: \S+/, 'insecure-skip-tls-verify: true');
    assert.equal((await read({ kubeconfig: writeKubeconfig(text) })).objects.length, 9);
  });

  it('an unknown context, and no kubeconfig at all', async () => {
    await assert.rejects(read({}, { ...JOB, context: 'prod' }), new LiveReadError(`no context "prod" in the kubeconfig (${tokenConfig}); its contexts: test`));
    const home = mkdtempSync(join(tmpdir(), 'kubeassist-live-home-'));
    const missing = join(home, 'missing-config');
    await assert.rejects(readLiveObjects(JOB, { env: { KUBECONFIG: missing, HOME: home } }), new LiveReadError(`no kubeconfig: none of the files KUBECONFIG names exists (${missing})`));
    await assert.rejects(readLiveObjects(JOB, { env: { HOME: home } }), new LiveReadError(`no kubeconfig: ${join(home, '.kube', 'config')} does not exist (set KUBECONFIG or pass --kubeconfig FILE)`));
  });

  it('nothing listens at the server', async () => {
    const text = kubeconfigText(cluster, certs, `token: ${TOKEN}`).replace(cluster.url, 'https://127.0.0.1:1');
    await assert.rejects(read({ kubeconfig: writeKubeconfig(text) }), new LiveReadError('could not read job/pi: cannot connect to https://127.0.0.1:1: connection refused'));
  });
});
