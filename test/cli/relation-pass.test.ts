// `kubeassist check` reads each file once: the thread that checks a file reads its relation facts, the index of
// the run is made from them, and the relation checks run afterwards on the files whose objects may have relation
// findings; documents whose facts matter only to creation order are left unread until a Helm hook, an Argo CD
// annotation or kustomization annotations make them matter (cli/relations.ts, relations/quiet.ts). Each behaviour
// through the real CLI, on one thread and on worker threads alike.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { FILES_PER_WORKER } from '../../server/src/cli/pool';
import { MIGRATE_JOB } from '../support/jobs';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  code: string;
  related?: { file: string; line: number }[];
}

/**
 * A folder of these files, and enough quiet ConfigMaps beside them (`filler/`, 2 MiB) for two worker threads, and
 * for a worker beside the main thread by default when one is started per MiB (KUBEASSIST_BYTES_PER_THREAD: the
 * default, one per 24 MiB, would take a minute here).
 */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubeassist-relation-pass-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'filler'));
  for (let i = 0; i < 2 * FILES_PER_WORKER + 10; i++) writeFileSync(join(root, 'filler', `cm-${i}.yaml`), `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: filler-${i}\ndata:\n  a: b\n  padding: ${'x'.repeat(5200)}\n`);
  return root;
}

/** The JSON findings of one thread, of two worker threads, and of the main thread with a worker: they must be the same. */
function findings(root: string): JsonFinding[] {
  const env = (idle: string) => ({ ...process.env, KUBEASSIST_IDLE_CPUS: idle, KUBEASSIST_BYTES_PER_THREAD: String(1024 * 1024) });
  const run = (args: string[], idle: string) => spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args, '.'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: env(idle) });
  const outputs = [run(['--jobs', '1'], '0'), run(['--jobs', '2'], '0'), run([], '1')];
  for (const output of outputs) assert.ok(output.status === 0 || output.status === 1, output.stderr);
  assert.equal(outputs[1].stdout, outputs[0].stdout, 'two threads report what one reports');
  assert.equal(outputs[2].stdout, outputs[0].stdout, 'the main thread with a worker reports what one thread reports');
  return JSON.parse(outputs[0].stdout) as JsonFinding[];
}

/** The relation findings of the run, where a user reads them: file, line and column, code, and the other end's file and line. */
function relationFindings(root: string) {
  return findings(root)
    .filter((finding) => finding.code.startsWith('relations/'))
    .map(({ file, line, column, code, related }) => ({ file, line, column, code, related: related?.map((end) => `${end.file}:${end.line}`) }));
}

const deployment = (envFrom: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        envFrom:
        - configMapRef:
            name: ${envFrom}
`;

const configMap = (name: string, annotations = '') => `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
${annotations}data:
  a: b
`;

describe('kubeassist check: the relation pass after the checks', () => {
  it('a Deployment without hooks is read after all when a ConfigMap it needs has a later Argo CD wave', () => {
    const root = tree({ 'app/web.yaml': deployment('settings'), 'app/settings.yaml': configMap('settings', '  annotations:\n    argocd.argoproj.io/sync-wave: "5"\n') });
    assert.deepEqual(relationFindings(root), [
      { file: 'app/web.yaml', line: 17, column: 19, code: 'relations/argocd-sync-order', related: ['app/settings.yaml:4'] },
    ]);
  });

  it('a Job the checks parsed, with no volume or hook of its own, is read again when a ConfigMap it needs has a later Argo CD wave', () => {
    // The checks parse the Job but leave its relation facts unread (it is quiet: relations/quiet.ts); the wave
    // makes creation order matter, so the run reads it again and the Job gets its finding.
    const job = `${MIGRATE_JOB}        envFrom:
        - configMapRef:
            name: settings
`;
    const root = tree({ 'job.yaml': job, 'settings.yaml': configMap('settings', '  annotations:\n    argocd.argoproj.io/sync-wave: "5"\n') });
    assert.deepEqual(relationFindings(root), [
      { file: 'job.yaml', line: 14, column: 19, code: 'relations/argocd-sync-order', related: ['settings.yaml:4'] },
    ]);
  });

  it('without hooks or waves, a ConfigMap and a Deployment that names it say nothing, and the Job beside them keeps its own findings in line order', () => {
    const job = `apiVersion: batch/v1
kind: Job
metadata:
  name: copy
spec:
  template:
    spec:
      volumes:
      - name: scratch
        csi:
          driver: files.example.com
      restartPolicy: Always
      containers:
      - name: c
        image: busybox
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: files.example.com
spec:
  volumeLifecycleModes: [Persistent]
`;
    const root = tree({ 'web.yaml': deployment('settings'), 'settings.yaml': configMap('settings'), 'job.yaml': job });
    const found = findings(root);
    assert.deepEqual(found.filter((finding) => finding.file !== 'job.yaml'), []);
    // The relation finding (the csi driver, line 11) before the ordinary one (restartPolicy, line 12): in line order, as an editor lists them.
    assert.deepEqual(found.map(({ file, line, code }) => `${file}:${line} ${code}`), ['job.yaml:11 relations/csi-inline-volume-mode', 'job.yaml:12 job/restart-policy/never-or-on-failure-required']);
  });
});
