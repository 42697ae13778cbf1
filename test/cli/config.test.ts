// `.kubeassist.yaml` and `kubeassist check`: the nearest file above each checked file applies, `--config`
// names one for all, the command line wins over it, its ignore globs leave files out, and a broken file is
// reported where it is broken while checking goes on with the defaults.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');

/** A Job whose `managedBy` needs Kubernetes 1.30 and whose completion mode is misspelt. */
const JOB = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  managedBy: example.com/queue\n  completionMode: indexed\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n';

const MANAGED_BY_129 = '`managedBy` exists from Kubernetes 1.30; a 1.29 API server does not know it. With strict field validation (the kubectl default) it rejects the object; otherwise it drops the field silently. Raise `kubeassist.kubernetesVersion` if your cluster is newer, or remove the field.';

describe('kubeassist check with .kubeassist.yaml', () => {
  let root: string;
  const run = (args: string[], cwd = root, input?: string) => {
    const result = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd, input, encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-cli-config-'));
    write('repo/.kubeassist.yaml', 'kubernetesVersion: 1.29\nrules:\n  schema/enum: warning\nignore:\n  - generated/\n  - "*.skip.yaml"\n');
    write('repo/job.yaml', JOB);
    write('repo/generated/job.yaml', JOB);
    write('repo/old.skip.yaml', JOB);
    write('repo/team/.kubeassist.yaml', 'rules:\n  schema/: off\n');
    write('repo/team/job.yaml', JOB);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('the nearest file above each file applies (no merging with files further up); its ignore globs leave files out', () => {
    const { status, stdout, stderr } = run(['repo']);
    assert.equal(stderr, '');
    assert.equal(status, 0, 'the enum finding is a warning in repo/, and schema/ is off in repo/team/');
    assert.equal(
      stdout,
      `repo/job.yaml:6:3 warning version/field-not-in-release ${MANAGED_BY_129}\n` +
        'repo/job.yaml:7:19 warning schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).\n' +
        '2 files, 2 objects (2 Job): 0 errors, 2 warnings\n',
    );
  });

  it('the command line wins over the file', () => {
    const { status, stdout } = run(['--kubernetes-version', '1.35', '--rule', 'schema/enum=error', 'repo/job.yaml']);
    assert.equal(status, 1);
    assert.equal(stdout.split('\n')[0].split(' ', 3).join(' '), 'repo/job.yaml:7:19 error schema/enum');
    assert.equal(stdout.split('\n').length, 3, 'managedBy exists in 1.35: one finding and the summary');
  });

  it('--config names one file for every path, wherever the files are', () => {
    write('elsewhere/strict.yaml', 'rules:\n  version/: error\n');
    const { status, stdout } = run(['--config', 'elsewhere/strict.yaml', '--kubernetes-version', '1.29', 'repo/team/job.yaml', 'repo/generated/job.yaml']);
    assert.equal(status, 1);
    const lines = stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, -1).map((line) => line.split(' ', 3).join(' ')), [
      'repo/team/job.yaml:6:3 error version/field-not-in-release',
      'repo/team/job.yaml:7:19 error schema/enum',
      'repo/generated/job.yaml:6:3 error version/field-not-in-release',
      'repo/generated/job.yaml:7:19 error schema/enum',
    ]);
    assert.equal(lines.at(-1), '2 files, 2 objects (2 Job): 4 errors, 0 warnings');
    const missing = run(['--config', 'nope.yaml', 'repo']);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'kubeassist: nope.yaml: no such file (--config)\n');
  });

  it('standard input takes the file above the current folder', () => {
    assert.equal(run(['-'], join(root, 'repo', 'team'), JOB).stdout, '1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
    assert.equal(run(['-'], join(root, 'repo'), JOB).stdout.split('\n').length, 4, 'two findings and the summary');
  });

  it('a broken file is one finding where it is broken, the other settings still apply, and checking goes on', () => {
    write('broken/.kubeassist.yaml', 'kubernetesVersion: "1.29"\nrules:\n  schema/enum: loud\n');
    write('broken/job.yaml', JOB);
    const { status, stdout } = run(['broken']);
    assert.equal(status, 1, 'the configuration error fails the run');
    assert.equal(
      stdout,
      'broken/.kubeassist.yaml:3:16 error config/invalid `loud` is not a severity: set `schema/enum` to `error`, `warning`, `information` (or `info`), `hint`, or `off`. Until then this entry has no effect.\n' +
        `broken/job.yaml:6:3 warning version/field-not-in-release ${MANAGED_BY_129}\n` +
        'broken/job.yaml:7:19 error schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).\n' +
        '1 file, 1 object (1 Job): 2 errors, 1 warning\n',
    );
    write('notyaml/.kubeassist.yaml', 'rules: [\n');
    write('notyaml/job.yaml', JOB);
    const notYaml = run(['notyaml']);
    assert.match(notYaml.stdout, /^notyaml\/\.kubeassist\.yaml:1:8 error config\/syntax This \.kubeassist\.yaml is not valid YAML: [^\n]+ Until it is fixed, KubeAssist checks with its defaults\.\nnotyaml\/job\.yaml:7:19 error schema\/enum /);
  });

  it('a .kubeassist.yaml among the paths (as pre-commit passes it) is checked as configuration, not as a manifest', () => {
    const { status, stdout } = run(['broken/.kubeassist.yaml']);
    assert.equal(status, 1);
    const [finding, summary, more] = stdout.split('\n');
    assert.equal(finding.split(' ', 3).join(' '), 'broken/.kubeassist.yaml:3:16 error config/invalid');
    assert.equal(summary, '0 files, 0 objects: 1 error, 0 warnings');
    assert.equal(more, '');
    assert.equal(run(['repo/.kubeassist.yaml']).status, 0);
  });
});

describe('kubeassist check with .kubeassist.yaml jobset.featureGates', () => {
  let root: string;
  const JOBSET = 'apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: train\nspec:\n  failurePolicy:\n    rules:\n    - action: RestartJob\n  replicatedJobs:\n  - name: workers\n    template:\n      spec:\n        template:\n          spec:\n            containers:\n            - name: main\n              image: busybox\n';
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-cli-jobset-gates-'));
    mkdirSync(join(root, 'gate-on'));
    writeFileSync(join(root, 'jobset.yaml'), JOBSET);
    writeFileSync(join(root, 'gate-on', 'jobset.yaml'), JOBSET);
    writeFileSync(join(root, 'gate-on', '.kubeassist.yaml'), 'jobset:\n  featureGates:\n    RestartJob: true\n');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a RestartJob action by default, and takes it where the file says the cluster turned the gate on', () => {
    const result = spawnSync(process.execPath, [CLI, 'check', 'jobset.yaml', 'gate-on/jobset.yaml'], { cwd: root, encoding: 'utf8' });
    assert.equal(result.status, 1);
    const lines = result.stdout.trim().split('\n');
    assert.equal(lines.length, 2, result.stdout);
    assert.ok(lines[0].startsWith('jobset.yaml:8:15 error jobset/failure-policy/restart-job-gate `RestartJob` recreates only the failed Job, but it is behind JobSet\'s feature gate RestartJob'), lines[0]);
    assert.equal(lines[lines.length - 1], '2 files, 2 objects (2 JobSet): 1 error, 0 warnings');
  });
});
