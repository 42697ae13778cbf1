// `kubeassist check --against <git-ref>`, `--against-file` and `kubeassist diff` as a shell user runs them, on
// a git repository this test builds in the temp folder (two commits).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GitRepo } from '../support/gitRepo';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

const FIRST = `apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: report
        image: registry.example.com/report:1.0
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: csi.example.com
spec:
  attachRequired: true
`;
const SECOND = FIRST.replace('report:1.0', 'report:1.1').replace('parallelism: 2', 'parallelism: 4').replace('attachRequired: true', 'attachRequired: true\n  podInfoOnMount: true');

function run(cwd: string, args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('kubeassist check --against and kubeassist diff', () => {
  let repo: GitRepo;
  before(() => {
    repo = GitRepo.create();
    repo.commit({ 'deploy/jobs.yaml': FIRST }, 'first');
    repo.commit({ 'deploy/jobs.yaml': SECOND, 'deploy/new.yaml': FIRST.replace('name: report', 'name: other') }, 'second');
  });
  after(() => repo.remove());

  it('--against HEAD~1 warns on the template change, exits 0 (warnings), and says nothing on a file HEAD~1 lacks', () => {
    const { status, stdout, stderr } = run(repo.root, ['check', '--against', 'HEAD~1', 'deploy']);
    assert.equal(stderr, '');
    assert.equal(status, 0);
    const lines = stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, -1).map((line) => line.split(' ', 3).join(' ')), ['deploy/jobs.yaml:12:16 warning update/job/template-immutable']);
    assert.equal(lines.at(-1), '2 files, 4 objects (2 Job, 2 CSIDriver): 0 errors, 1 warning');
    assert.match(lines[0], /`spec\.template\.spec\.containers\[0\]\.image` was `registry\.example\.com\/report:1\.0` at HEAD~1 and is `registry\.example\.com\/report:1\.1` now/);
  });

  it('--against HEAD: no change, no update finding; JSON carries the server\'s text', () => {
    assert.equal(run(repo.root, ['check', '--against', 'HEAD', 'deploy/jobs.yaml']).stdout, '1 file, 2 objects (1 Job, 1 CSIDriver): 0 errors, 0 warnings\n');
    const json = JSON.parse(run(repo.root, ['check', '--against', 'HEAD~1', '--format', 'json', 'deploy/jobs.yaml']).stdout);
    assert.deepEqual(json.map((finding: { code: string; serverMessage: string; path: string }) => [finding.code, finding.path, finding.serverMessage]), [
      ['update/job/template-immutable', 'spec.template.spec.containers[0].image', 'spec.template: Invalid value: core.PodTemplateSpec{…}: field is immutable'],
    ]);
  });

  it('--against-file OLD compares with another file; at 1.28 podInfoOnMount was still immutable', () => {
    const old = join(repo.root, 'old.yaml');
    writeFileSync(old, FIRST);
    const { status, stdout } = run(repo.root, ['check', '--against-file', 'old.yaml', '--kubernetes-version', '1.28', 'deploy/jobs.yaml']);
    assert.equal(status, 0);
    const lines = stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, -1).map((line) => line.split(' ', 3).join(' ')), [
      'deploy/jobs.yaml:12:16 warning update/job/template-immutable',
      'deploy/jobs.yaml:20:19 warning update/csidriver/pod-info-on-mount-immutable',
    ]);
    assert.equal(lines.at(-1), '1 file, 2 objects (1 Job, 1 CSIDriver): 0 errors, 2 warnings');
    assert.match(stdout, /in old\.yaml and is/);
  });

  it('a ref that does not exist, a file outside any repository: a problem on stderr, exit 2', () => {
    const bad = run(repo.root, ['check', '--against', 'no-such-ref', 'deploy/jobs.yaml']);
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr, `kubeassist: deploy/jobs.yaml: --against no-such-ref: no such commit in ${repo.root}\n`);
    const outside = mkdtempSync(join(tmpdir(), 'kubeassist-norepo-'));
    try {
      writeFileSync(join(outside, 'job.yaml'), FIRST);
      const result = run(outside, ['check', '--against', 'HEAD', 'job.yaml']);
      assert.equal(result.status, 2);
      assert.equal(result.stderr, 'kubeassist: job.yaml: --against HEAD: not in a git repository (or git is not installed)\n');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('diff --against HEAD~1: per object, in place with its effect, refused with the server\'s text; exit 1 when a recreate is needed', () => {
    const { status, stdout } = run(repo.root, ['diff', '--against', 'HEAD~1', 'deploy/jobs.yaml', 'deploy/new.yaml']);
    assert.equal(status, 1);
    assert.equal(stdout, [
      'deploy/jobs.yaml:1: Job report: must be recreated',
      '  in place  spec.parallelism: `2` -> `4`',
      '            The Job controller starts or deletes Pods at once to match the new number; Pods that are running keep running unless there are now too many.',
      '  recreate  spec.template.spec.containers[0].image: `registry.example.com/report:1.0` -> `registry.example.com/report:1.1`',
      '            refused (`spec.template: Invalid value: core.PodTemplateSpec{…}: field is immutable`): delete the Job (its Pods go with it) and apply again, or give it a new name',
      'deploy/jobs.yaml:14: CSIDriver csi.example.com: updated in place',
      '  in place  spec.podInfoOnMount: `false` -> `true`',
      '            Applies to the volumes mounted from now on; mounted volumes keep what they got.',
      'deploy/new.yaml:1: Job other: new (not in the baseline: kubectl apply creates it)',
      'deploy/new.yaml:14: CSIDriver csi.example.com: new (not in the baseline: kubectl apply creates it)',
      '',
    ].join('\n'));
    const same = run(repo.root, ['diff', '--against', 'HEAD', 'deploy/jobs.yaml']);
    assert.equal(same.status, 0);
    assert.equal(same.stdout, 'deploy/jobs.yaml:1: Job report: unchanged\ndeploy/jobs.yaml:14: CSIDriver csi.example.com: unchanged\n');
  });

  it('diff names objects the file no longer has, and needs a baseline', () => {
    const old = join(repo.root, 'two.yaml');
    writeFileSync(old, `${FIRST}---\n${FIRST.split('---\n')[0].replace('name: report', 'name: gone')}`);
    const { stdout } = run(repo.root, ['diff', '--against-file', 'two.yaml', 'deploy/jobs.yaml']);
    assert.match(stdout, /^deploy\/jobs\.yaml:21: Job gone: removed \(not in the file any more: kubectl apply leaves it in the cluster \(delete it, or apply with --prune\)\)$/m);
    const usage = run(repo.root, ['diff', 'deploy/jobs.yaml']);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /^kubeassist: diff needs --against <git-ref> or --against-file OLD/);
  });
});
