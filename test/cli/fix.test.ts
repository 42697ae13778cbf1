// `kubeassist check --fix` as a shell user runs it: files rewritten in place (on temporary copies), a
// unified diff with --dry-run, the fixed text on standard output for standard input.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completionMode: indexed   # one Pod per index
  completions: 3
  backofLimit: 4
  activeDeadlineSeconds: -5
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl:5.34
        env:
        - name: MODE
          value: on
`;

const FIXED = JOB.replace('completionMode: indexed', 'completionMode: Indexed')
  .replace('backofLimit: 4', 'backoffLimit: 4')
  .replace('value: on', 'value: "on"');

const LEFT = 'job.yaml:9:26 error job/numbers/negative-active-deadline-seconds ';

describe('kubeassist check --fix', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kubeassist-fix-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function run(args: string[], input?: string) {
    const result = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: dir, input, encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('rewrites the file in place with the preferred fixes and reports what is left', () => {
    writeFileSync(join(dir, 'job.yaml'), JOB);
    const { status, stdout } = run(['--fix', 'job.yaml']);
    assert.equal(readFileSync(join(dir, 'job.yaml'), 'utf8'), FIXED);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'job.yaml: fixed 3 findings');
    assert.ok(lines[1].startsWith(LEFT), stdout);
    assert.equal(lines[2], '1 file, 1 object (1 Job): 1 error, 0 warnings');
    assert.equal(status, 1);
    // A second run finds nothing more to fix and leaves the file as it is.
    const again = run(['--fix', 'job.yaml']);
    assert.equal(readFileSync(join(dir, 'job.yaml'), 'utf8'), FIXED);
    assert.ok(!again.stdout.includes('fixed'), again.stdout);
  });

  it('prints the exact unified diff with --dry-run (absolute paths, no prefix, outside a repository), lists what is left on stderr, and leaves the file alone', () => {
    writeFileSync(join(dir, 'job.yaml'), JOB);
    const { status, stdout, stderr } = run(['--fix', '--dry-run', 'job.yaml']);
    const file = join(dir, 'job.yaml');
    assert.equal(stdout, [
      `--- ${file}`,
      `+++ ${file}`,
      '@@ -3,9 +3,9 @@',
      ' metadata:',
      '   name: pi',
      ' spec:',
      '-  completionMode: indexed   # one Pod per index',
      '+  completionMode: Indexed   # one Pod per index',
      '   completions: 3',
      '-  backofLimit: 4',
      '+  backoffLimit: 4',
      '   activeDeadlineSeconds: -5',
      '   template:',
      '     spec:',
      '@@ -15,4 +15,4 @@',
      '         image: perl:5.34',
      '         env:',
      '         - name: MODE',
      '-          value: on',
      '+          value: "on"',
      '',
    ].join('\n'));
    const left = stderr.split('\n');
    assert.equal(left[0], 'job.yaml: fixed 3 findings (dry run)');
    assert.ok(left[1].startsWith(LEFT), stderr);
    assert.deepEqual(left.slice(2), ['1 file, 1 object (1 Job): 1 error, 0 warnings', '']);
    assert.equal(readFileSync(join(dir, 'job.yaml'), 'utf8'), JOB);
    assert.equal(status, 1);
  });

  it('outside a repository, the --dry-run diff applies with git apply -p0 --unsafe-paths from any folder', () => {
    writeFileSync(join(dir, 'job.yaml'), JOB);
    const diff = run(['--fix', '--dry-run', 'job.yaml']).stdout;
    const applied = spawnSync('git', ['apply', '-p0', '--unsafe-paths', '-'], { cwd: tmpdir(), input: diff, encoding: 'utf8' });
    assert.equal(applied.status, 0, applied.stderr);
    assert.equal(readFileSync(join(dir, 'job.yaml'), 'utf8'), FIXED);
  });

  it('a file outside the current folder, inside a git repository: the --dry-run diff names it from the repository root and git apply takes it there', () => {
    const repository = mkdtempSync(join(tmpdir(), 'kubeassist-repo-'));
    try {
      assert.equal(spawnSync('git', ['init', '-q'], { cwd: repository }).status, 0);
      mkdirSync(join(repository, 'deploy', 'jobs'), { recursive: true });
      const file = join(repository, 'deploy', 'jobs', 'job.yaml');
      writeFileSync(file, JOB);
      const elsewhere = mkdtempSync(join(tmpdir(), 'kubeassist-cwd-'));
      const result = spawnSync(process.execPath, [CLI, 'check', '--fix', '--dry-run', relative(elsewhere, file)], { cwd: elsewhere, encoding: 'utf8' });
      rmSync(elsewhere, { recursive: true, force: true });
      assert.equal(result.stdout.split('\n').slice(0, 2).join('\n'), '--- a/deploy/jobs/job.yaml\n+++ b/deploy/jobs/job.yaml');
      assert.equal(result.stderr.split('\n')[0], `${relative(elsewhere, file)}: fixed 3 findings (dry run)`, 'the path as given');
      const applied = spawnSync('git', ['apply', '-'], { cwd: join(repository, 'deploy'), input: result.stdout, encoding: 'utf8' });
      assert.equal(applied.status, 0, applied.stderr);
      assert.equal(readFileSync(file, 'utf8'), FIXED);
    } finally {
      rmSync(repository, { recursive: true, force: true });
    }
  });

  it('prints the fixed text for standard input, and the report on standard error', () => {
    const { status, stdout, stderr } = run(['--fix', '-'], JOB);
    assert.equal(stdout, FIXED);
    assert.match(stderr, /^<stdin>: fixed 3 findings\n<stdin>:9:26 error job\/numbers\/negative-active-deadline-seconds /);
    assert.equal(status, 1);
  });

  it('keeps CRLF line endings and a byte order mark, and exits 0 when nothing is left', () => {
    const crlf = '\uFEFF' + JOB.replace('  activeDeadlineSeconds: -5\n', '').replace(/\n/g, '\r\n');
    writeFileSync(join(dir, 'crlf.yaml'), crlf);
    const { status, stdout } = run(['--fix', 'crlf.yaml']);
    assert.equal(readFileSync(join(dir, 'crlf.yaml'), 'utf8'), '\uFEFF' + FIXED.replace('  activeDeadlineSeconds: -5\n', '').replace(/\n/g, '\r\n'));
    assert.equal(stdout, 'crlf.yaml: fixed 3 findings\n1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
    assert.equal(status, 0);
  });

  it('checks again until no fix is left: a renamed key brings a rule\'s finding, fixed in the next round', () => {
    const text = JOB.replace('  activeDeadlineSeconds: -5\n', '  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n')
      .replace('restartPolicy: Never', 'restartpolicy: OnFailure');
    writeFileSync(join(dir, 'rounds.yaml'), text);
    const { status, stdout } = run(['--fix', 'rounds.yaml']);
    assert.equal(readFileSync(join(dir, 'rounds.yaml'), 'utf8'), text.replace('restartpolicy: OnFailure', 'restartPolicy: Never')
      .replace('completionMode: indexed', 'completionMode: Indexed').replace('backofLimit: 4', 'backoffLimit: 4').replace('value: on', 'value: "on"'));
    assert.equal(stdout, 'rounds.yaml: fixed 5 findings\n1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
    assert.equal(status, 0);
  });

  it('refuses --dry-run without --fix', () => {
    const { status, stderr } = run(['--dry-run', 'job.yaml']);
    assert.equal(status, 2);
    assert.match(stderr, /--dry-run goes with --fix/);
  });
});
