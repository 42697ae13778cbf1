// `kubeassist diagnose --live` as a shell user runs it (dist/cli.js), against a local HTTPS API server that answers
// the read endpoints from recorded objects (test/support/liveCluster.ts): what it prints, its exit status, and the
// one sentence for each way a read fails.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { parse } from 'yaml';
import { kubeconfigText, makeCertificates, skipWithoutOpenssl, startCluster, status, TOKEN, writeKubeconfig, type Certificates, type FakeCluster } from '../support/liveCluster';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const NOW = '2026-12-07T00:00:00Z';
const skip = skipWithoutOpenssl();

/** Runs the CLI without blocking this process's event loop (the fake API server answers from it). */
function run(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, 'diagnose', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ status: code, stdout, stderr }));
  });
}

describe('kubeassist diagnose --live', { skip }, () => {
  let certs: Certificates;
  let cluster: FakeCluster;
  let env: Record<string, string>;
  before(async () => {
    certs = makeCertificates();
    cluster = await startCluster(certs);
    env = { KUBECONFIG: writeKubeconfig(kubeconfigText(cluster, certs, `token: ${TOKEN}`)) };
  });
  after(() => cluster.close());
  beforeEach(() => {
    cluster.seen.length = 0;
    cluster.overrides.clear();
  });

  it('reads the Job, its Pods and events and prints the diagnosis, the verdict first (GET only)', async () => {
    const { status: code, stdout, stderr } = await run(['--live', 'job/pi', '--now', NOW], env);
    assert.equal(stderr, '');
    assert.equal(code, 0);
    const lines = stdout.split('\n');
    assert.equal(lines[0], `Read from the cluster (GET only): job/pi, context test (${cluster.url}/), namespace batch.`);
    assert.equal(lines[2], 'Job pi failed at 2026-12-06T21:15:12Z (BackoffLimitExceeded): 2 failures counted against backoffLimit 1; the last: Pod pi-m4w8z, container pi was OOMKilled (exit code 137).');
    assert.deepEqual([...new Set(cluster.seen.map((r) => r.method))], ['GET']);
    assert.equal(cluster.seen.length, 5);
  });

  it('--format json: the public shape, from what the cluster returned', async () => {
    const { status: code, stdout } = await run(['--live', 'job/pi', '-n', 'batch', '--context', 'test', '--format', 'json', '--now', NOW], env);
    assert.equal(code, 0);
    const report = JSON.parse(stdout);
    assert.deepEqual(Object.keys(report), ['objects', 'notes']);
    const [job] = report.objects;
    assert.deepEqual([job.kind, job.name, job.namespace, job.state], ['Job', 'pi', 'batch', 'failed']);
    assert.deepEqual(job.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', at: '2026-12-06T21:15:12Z' });
    assert.deepEqual(job.budget, { limit: 1, counted: 2, left: 0 });
    assert.deepEqual([job.cause.pod, job.cause.container, job.cause.exitCode, job.cause.reason], ['pi-m4w8z', 'pi', 137, 'OOMKilled']);
    assert.equal(job.pods.length, 2);
  });

  it('a real export (kubernetes/website, job.md) read live says what diagnose says of the same object in a file', async () => {
    const file = join(ROOT, 'test', 'fixtures', 'observed-real', 'website-job-pi.get.yaml');
    const job = parse(readFileSync(file, 'utf8'));
    const empty = (kind: string) => (_req: unknown, res: import('node:http').ServerResponse) => { res.writeHead(200); res.end(JSON.stringify({ kind, apiVersion: 'v1', metadata: {}, items: [] })); };
    cluster.overrides.set('/apis/batch/v1/namespaces/default/jobs/pi', (_req, res) => { res.writeHead(200); res.end(JSON.stringify(job)); });
    cluster.overrides.set('/api/v1/namespaces/default/pods', empty('PodList'));
    cluster.overrides.set('/api/v1/namespaces/default/events', empty('EventList'));
    const live = await run(['--live', 'job/pi', '-n', 'default', '--format', 'json', '--now', NOW], env);
    assert.equal(live.status, 0, live.stderr);
    const fromFile = await run([file, '--format', 'json', '--now', NOW], {});
    const withoutFindings = (stdout: string) => JSON.parse(stdout).objects.map(({ findings: _f, ...rest }: { findings: unknown }) => rest);
    assert.deepEqual(withoutFindings(live.stdout), withoutFindings(fromFile.stdout));
    assert.equal(JSON.parse(live.stdout).objects[0].state, 'running');
    assert.deepEqual(cluster.seen.filter((r) => r.url.includes('/pods')).map((r) => decodeURIComponent(r.url)), [
      '/api/v1/namespaces/default/pods?labelSelector=batch.kubernetes.io/job-name=pi&limit=500',
      '/api/v1/namespaces/default/pods?labelSelector=job-name=pi&limit=500',
    ]);
  });

  it('what it could not read joins the report\'s notes (403 on the Pods)', async () => {
    const refusal = 'pods is forbidden: User "system:serviceaccount:batch:reader" cannot list resource "pods" in API group "" in the namespace "batch"';
    cluster.overrides.set('/api/v1/namespaces/batch/pods', (_req, res) => status(res, 403, 'Forbidden', refusal));
    const { status: code, stdout } = await run(['--live', 'job/pi', '--format', 'json', '--now', NOW], env);
    assert.equal(code, 0);
    const report = JSON.parse(stdout);
    assert.equal(report.objects[0].state, 'failed');
    assert.equal(report.notes.at(-1), `could not list the Pods of job/pi: 403 Forbidden: ${refusal}`);
  });

  it('401, 404, a slow answer, a malformed body: one sentence on stderr, exit 2', async () => {
    const cases: [string[], Record<string, string>, string, (() => void)?][] = [
      [['--live', 'job/pj'], env, 'kubeassist: job/pj not found in the namespace batch (context test)\n'],
      [['--live', 'cronjob/nightly', '-n', 'ops'], env, 'kubeassist: cronjob/nightly not found in the namespace ops (context test)\n'],
      [['--live', 'job/pi'], { KUBECONFIG: writeKubeconfig(kubeconfigText(cluster, certs, 'token: revoked')) },
        `kubeassist: the cluster at ${cluster.url} did not accept the credentials of the user "reader" (context test): 401 Unauthorized: Unauthorized\n`],
      [['--live', 'job/pi', '--request-timeout', '300ms'], env, `kubeassist: could not read job/pi: no answer from ${cluster.url} within 0.3 s\n`,
        () => cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs/pi', () => undefined)],
      [['--live', 'job/pi'], env, 'kubeassist: could not read job/pi: the answer (200) is not valid JSON\n',
        () => cluster.overrides.set('/apis/batch/v1/namespaces/batch/jobs/pi', (_req, res) => { res.writeHead(200); res.end('{"kind":"Job",'); })],
    ];
    for (const [args, caseEnv, expected, setup] of cases) {
      cluster.overrides.clear();
      setup?.();
      const started = Date.now();
      const { status: code, stdout, stderr } = await run(args, caseEnv);
      assert.equal(stderr, expected, args.join(' '));
      assert.equal(stdout, '');
      assert.equal(code, 2);
      assert.ok(Date.now() - started < 10_000);
    }
  });

  it('an unknown context, no kubeconfig', async () => {
    let result = await run(['--live', 'job/pi', '--context', 'prod'], env);
    assert.equal(result.stderr, `kubeassist: no context "prod" in the kubeconfig (${env.KUBECONFIG}); its contexts: test\n`);
    assert.equal(result.status, 2);
    const home = mkdtempSync(join(tmpdir(), 'kubeassist-live-home-'));
    const missing = join(home, 'missing');
    result = await run(['--live', 'job/pi'], { KUBECONFIG: missing, HOME: home });
    assert.equal(result.stderr, `kubeassist: no kubeconfig: none of the files KUBECONFIG names exists (${missing})\n`);
    result = await run(['--live', 'job/pi'], { KUBECONFIG: '', HOME: home });
    assert.equal(result.stderr, `kubeassist: no kubeconfig: ${join(home, '.kube', 'config')} does not exist (set KUBECONFIG or pass --kubeconfig FILE)\n`);
    assert.equal(result.status, 2);
  });

  it('an exec credential plugin (a node script) gives the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeassist-live-exec-'));
    const script = join(dir, 'plugin.js');
    writeFileSync(script, `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1beta1', kind: 'ExecCredential', status: { token: ${JSON.stringify(TOKEN)} } }));`);
    const user = `exec:\n  apiVersion: client.authentication.k8s.io/v1beta1\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(script)}]`;
    const { status: code, stdout } = await run(['--live', 'job/pi', '--kubeconfig', writeKubeconfig(kubeconfigText(cluster, certs, user)), '--format', 'json', '--now', NOW], { KUBECONFIG: '' });
    assert.equal(code, 0);
    assert.equal(JSON.parse(stdout).objects[0].state, 'failed');
  });

  it('usage: no FILE with --live, the live options only with --live', async () => {
    let result = await run(['--live', 'job/pi', 'job.yaml'], env);
    assert.equal(result.stderr, "kubeassist: --live reads from the cluster: give no FILE with it\nRun 'kubeassist diagnose --help' for usage.\n");
    assert.equal(result.status, 2);
    result = await run(['job.yaml', '-n', 'batch'], env);
    assert.equal(result.stderr, "kubeassist: -n goes with --live job/NAME or cronjob/NAME\nRun 'kubeassist diagnose --help' for usage.\n");
    result = await run(['--live', 'pod/pi-7xk2q'], env);
    assert.equal(result.stderr, "kubeassist: --live takes job/NAME or cronjob/NAME, not \"pod/pi-7xk2q\"\nRun 'kubeassist diagnose --help' for usage.\n");
    assert.equal(cluster.seen.length, 0);
    result = await run(['--help'], env);
    assert.match(result.stdout, /--live job\/NAME \| cronjob\/NAME/);
  });
});
