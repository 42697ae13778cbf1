// A stand-in for a Kubernetes API server, for the live-read tests: HTTPS on 127.0.0.1 (port 0, never another
// address), a certificate made at test time with `openssl` (a CA, the server's for IP 127.0.0.1, a client's for
// the user "jane"), the read endpoints answered from recorded objects (test/fixtures/live), the API server's
// Status bodies for 401, 403 and 404, and a kubeconfig in os.tmpdir() pointing at it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FIXTURES = join(__dirname, '..', 'fixtures', 'live');
export const TOKEN = 'kubeassist-test-token';

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;
}

/** Why the live tests cannot run here (no openssl), or false. */
export function skipWithoutOpenssl(): false | string {
  const probe = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  return probe.status === 0 ? false : 'live-read tests (no `openssl` on PATH to make the test certificates: apt-get install openssl)';
}

export interface Certificates {
  dir: string;
  ca: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A second CA that signed nothing here: a kubeconfig naming it does not trust the server. */
  otherCa: string;
}

function openssl(dir: string, args: string[]): void {
  const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${result.stderr}`);
}

/** Test-only keys (EC P-256), made in a temp folder; they live for the test run only. */
export function makeCertificates(): Certificates {
  const dir = mkdtempSync(join(tmpdir(), 'kubeassist-live-pki-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(dir, ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=kubeassist-test-ca']);
  openssl(dir, ['req', '-x509', ...ec, '-keyout', 'other-ca.key', '-out', 'other-ca.crt', '-days', '2', '-subj', '/CN=another-ca']);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(dir, ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=kube-apiserver']);
  openssl(dir, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'server.ext']);
  openssl(dir, ['req', ...ec, '-keyout', 'client.key', '-out', 'client.csr', '-subj', '/O=developers/CN=jane']);
  openssl(dir, ['x509', '-req', '-in', 'client.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.crt', '-days', '2']);
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return { dir, ca: read('ca.crt'), caKey: read('ca.key'), serverCert: read('server.crt'), serverKey: read('server.key'), clientCert: read('client.crt'), clientKey: read('client.key'), otherCa: read('other-ca.crt') };
}

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  authorization?: string;
  clientCN?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What a test changes in the answers: by path (without query) or a full `path?query`, a function that answers. */
export type Override = (req: IncomingMessage, res: ServerResponse) => void | 'default';

export interface FakeCluster {
  server: Server;
  url: string;
  seen: SeenRequest[];
  overrides: Map<string, Override>;
  close(): Promise<void>;
}

export function status(res: ServerResponse, code: number, reason: string, message: string, details?: Record<string, unknown>): void {
  res.writeHead(code, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code }));
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake API server; the recorded Job `pi` in the namespace `batch`, its Pods and events. */
export async function startCluster(certs: Certificates): Promise<FakeCluster> {
  const seen: SeenRequest[] = [];
  const overrides = new Map<string, Override>();
  const job = fixture('job-pi.json');
  const pods = fixture('pods-pi.json');
  const jobEvents = fixture('events-job-pi.json');
  const podEvents = fixture('events-pod-pi-7xk2q.json');
  const emptyEvents = { kind: 'EventList', apiVersion: 'v1', metadata: { resourceVersion: '48220' }, items: [] };
  const jobUid = (job.metadata as { uid: string }).uid;

  const server = createServer({ key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const socket = req.socket as TLSSocket;
    const peer = socket.authorized ? socket.getPeerCertificate() : undefined;
    const clientCN = peer && 'subject' in peer && peer.subject ? (peer.subject.CN as string | undefined) : undefined;
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, clientCN, headers: req.headers });
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const override = overrides.get(`${url.pathname}${url.search}`) ?? overrides.get(url.pathname);
    if (override && override(req, res) !== 'default') return;
    if (req.method !== 'GET') return status(res, 405, 'MethodNotAllowed', `the test server serves GET only, not ${req.method}`);
    const user = req.headers.authorization === `Bearer ${TOKEN}` ? 'system:serviceaccount:batch:reader' : clientCN;
    if (!user) return status(res, 401, 'Unauthorized', 'Unauthorized');
    const path = url.pathname;
    const q = url.searchParams;
    if (path === '/apis/batch/v1/namespaces/batch/jobs/pi') return json(res, job);
    if (path === '/api/v1/namespaces/batch/pods') {
      if (q.get('labelSelector') === 'batch.kubernetes.io/job-name=pi') return json(res, pods);
      return json(res, { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '48220' }, items: [] });
    }
    if (path === '/api/v1/namespaces/batch/events') {
      const selector = q.get('fieldSelector') ?? '';
      if (selector === `involvedObject.uid=${jobUid}`) return json(res, jobEvents);
      if (selector === 'involvedObject.uid=0b9b7f6c-58a8-4f0e-b6b2-5d1c3e2f8a01') return json(res, podEvents);
      return json(res, emptyEvents);
    }
    const named = /^\/apis\/batch\/v1\/namespaces\/([^/]+)\/(jobs|cronjobs)\/([^/]+)$/.exec(path);
    if (named) {
      const [, , resource, name] = named;
      return status(res, 404, 'NotFound', `${resource}.batch "${name}" not found`, { name, group: 'batch', kind: resource });
    }
    return status(res, 404, 'NotFound', 'the server could not find the requested resource');
  });
  // Every socket, to end them all at close: a tunnel through a CONNECT proxy is a connection closeAllConnections()
  // does not see, and server.close() would wait for it forever (the test file would never exit).
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket: import('node:net').Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    server, url: `https://127.0.0.1:${address.port}`, seen, overrides,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    }),
  };
}

/** A kubeconfig file in a temp folder; returns its path. `users` are YAML mappings as a kubeconfig writes them. */
export function writeKubeconfig(text: string, dir = mkdtempSync(join(tmpdir(), 'kubeassist-live-kubeconfig-'))): string {
  const path = join(dir, 'config');
  writeFileSync(path, text);
  return path;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The usual kubeconfig: one cluster (the fake server, its CA), the given user, context `test` in namespace `batch`. */
export function kubeconfigText(cluster: FakeCluster, certs: Certificates, user: string, extra = ''): string {
  return `apiVersion: v1
kind: Config
current-context: test
clusters:
- name: fake
  cluster:
    server: ${cluster.url}
    certificate-authority-data: ${b64(certs.ca)}
users:
- name: reader
  user:
${user.split('\n').map((line) => `    ${line}`).join('\n')}
contexts:
- name: test
  context:
    cluster: fake
    user: reader
    namespace: batch
${extra}`;
}

export { b64 };
