// `kubectl get job pi -o yaml > pi.yaml` then `kubeassist check pi.yaml` in a shell: no error (exit 0), the
// export said in one information line; `--fix` makes it re-appliable in place, `--fix --dry-run` shows the diff
// and leaves it alone. On the real exports of test/fixtures/observed, copied to a temporary folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'observed');

describe('kubeassist check on exports', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kubeassist-observed-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function run(args: string[]) {
    const result = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: dir, encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  function copy(name: string, as = name): string {
    copyFileSync(join(FIXTURES, name), join(dir, as));
    return as;
  }

  it('reports an export as information and exits 0', () => {
    const file = copy('gitops-engine-job-succeeded.yaml', 'succeed.yaml');
    const { status, stdout } = run([file]);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3, stdout);
    assert.ok(lines[0].startsWith('succeed.yaml:2:7 information observed/export This Job is an export of an object the API server returned'), stdout);
    // It completed under a controller older than 1.31, which wrote no SuccessCriteriaMet first: information on the status.
    assert.ok(lines[1].startsWith('succeed.yaml:49:11 information job/status-inconsistent/terminal-without-interim `Complete` without `SuccessCriteriaMet`'), stdout);
    assert.equal(lines[2], '1 file, 1 object (1 Job): 0 errors, 0 warnings, 2 info');
    assert.equal(status, 0);
  });

  it('--fix --dry-run prints the diff that makes it re-appliable and leaves the file alone', () => {
    const file = copy('kubernetes-website-job-pi.yaml', 'pi.yaml');
    const before = readFileSync(join(dir, file), 'utf8');
    const { status, stdout, stderr } = run(['--fix', '--dry-run', file]);
    const path = join(dir, file);
    assert.equal(stdout, [
      `--- ${path}`,
      `+++ ${path}`,
      '@@ -1,33 +1,15 @@',
      ' apiVersion: batch/v1',
      ' kind: Job',
      ' metadata:',
      '-  annotations:',
      '-    kubectl.kubernetes.io/last-applied-configuration: |',
      '-      {"apiVersion":"batch/v1","kind":"Job","metadata":{"annotations":{},"name":"pi","namespace":"default"},"spec":{"backoffLimit":4,"template":{"spec":{"containers":[{"command":["perl","-Mbignum=bpi","-wle","print bpi(2000)"],"image":"perl","name":"pi"}],"restartPolicy":"Never"}}}}',
      '-  creationTimestamp: "2022-06-15T08:40:15Z"',
      '-  generation: 1',
      '-  labels:',
      '-    controller-uid: 863452e6-270d-420e-9b94-53a54146c223',
      '-    job-name: pi',
      '   name: pi',
      '   namespace: default',
      '-  resourceVersion: "987"',
      '-  uid: 863452e6-270d-420e-9b94-53a54146c223',
      ' spec:',
      '   backoffLimit: 4',
      '   completionMode: NonIndexed',
      '   completions: 1',
      '   parallelism: 1',
      '-  selector:',
      '-    matchLabels:',
      '-      controller-uid: 863452e6-270d-420e-9b94-53a54146c223',
      '   suspend: false',
      '   template:',
      '-    metadata:',
      '-      creationTimestamp: null',
      '-      labels:',
      '-        controller-uid: 863452e6-270d-420e-9b94-53a54146c223',
      '-        job-name: pi',
      '     spec:',
      '       containers:',
      '       - command:',
      '@@ -46,7 +28,3 @@',
      '       schedulerName: default-scheduler',
      '       securityContext: {}',
      '       terminationGracePeriodSeconds: 30',
      '-status:',
      '-  active: 1',
      '-  ready: 1',
      '-  startTime: "2022-06-15T08:40:15Z"',
      '',
    ].join('\n'));
    assert.equal(stderr, 'pi.yaml: fixed 1 finding (dry run)\n1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
    assert.equal(readFileSync(join(dir, file), 'utf8'), before);
    assert.equal(status, 0);
  });

  it('--fix rewrites every export of a folder in place (YAML, a List) and a second check finds nothing', () => {
    copy('gitops-engine-job-failed.yaml', 'failed.yaml');
    copy('derived-list.yaml', 'list.yaml');
    copy('argo-cd-cronjob-healthy.yaml', 'cronjob.yaml');
    const { status, stdout } = run(['--fix', 'failed.yaml', 'list.yaml', 'cronjob.yaml']);
    assert.equal(stdout, 'failed.yaml: fixed 1 finding\nlist.yaml: fixed 3 findings\ncronjob.yaml: fixed 1 finding\n3 files, 5 objects (3 Job, 2 CronJob): 0 errors, 0 warnings\n');
    assert.equal(status, 0);
    assert.equal(run(['failed.yaml', 'list.yaml', 'cronjob.yaml']).stdout, '3 files, 5 objects (3 Job, 2 CronJob): 0 errors, 0 warnings\n');
    assert.doesNotMatch(readFileSync(join(dir, 'failed.yaml'), 'utf8'), /uid|resourceVersion|selfLink|status:/);
  });

  it('an export committed to git is an existing Job for --against: an edited template warns, the fixed export does not', () => {
    const old = copy('gitops-engine-job-running.yaml', 'old.yaml');
    const edited = copy('gitops-engine-job-running.yaml', 'edited.yaml');
    const text = readFileSync(join(dir, edited), 'utf8');
    writeFileSync(join(dir, edited), text.replace('image: alpine:latest', 'image: alpine:3.19'));
    const warned = run(['--against-file', old, edited]);
    assert.match(warned.stdout, /^edited\.yaml:32:16 warning update\/job\/template-immutable `spec\.template\.spec\.containers\[0\]\.image` was `alpine:latest` in old\.yaml and is `alpine:3\.19` now/m);
    const fixed = copy('gitops-engine-job-running.yaml', 'fixed.yaml');
    run(['--fix', fixed]);
    // kubectl apply of the fixed file changes nothing the server generated: the selector and labels stay as stored.
    assert.equal(run(['--against-file', old, fixed]).stdout, '1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
  });

  it('--fix on a JSON export keeps it JSON', () => {
    const file = copy('derived-job-pi.json', 'pi.json');
    assert.equal(run(['--fix', file]).stdout, 'pi.json: fixed 1 finding\n1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
    const fixed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(Object.keys(fixed), ['apiVersion', 'kind', 'metadata', 'spec']);
  });
});
