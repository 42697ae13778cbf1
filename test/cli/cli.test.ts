// `kubeassist check` as a shell user runs it: the built dist/cli.js, its output and exit status.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const INDEXED = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  completionMode: indexed\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n';

describe('kubeassist check', () => {
  it('prints file:line:col severity code message for each finding and exits 1 on errors', () => {
    const { status, stdout } = run(['check', 'examples/job-mistakes.yaml']);
    assert.equal(status, 1);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(
      lines[0],
      'examples/job-mistakes.yaml:7:19 error schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).',
    );
    // Every finding in order, where it is and what it is (the messages are the engine's tests' business).
    assert.deepEqual(lines.slice(0, -1).map((line) => line.split(' ', 3).join(' ')), [
      'examples/job-mistakes.yaml:7:19 error schema/enum',
      'examples/job-mistakes.yaml:8:17 error schema/type',
      'examples/job-mistakes.yaml:9:3 error schema/unknown-field',
      'examples/job-mistakes.yaml:11:5 error job/restart-policy/never-or-on-failure-required',
      'examples/job-mistakes.yaml:17:18 error yaml/yaml11-scalar',
      'examples/job-mistakes.yaml:27:15 error job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
      'examples/job-mistakes.yaml:30:17 error job/pod-failure-policy/exit-codes-not-ordered',
      'examples/job-mistakes.yaml:30:24 error job/pod-failure-policy/duplicate-exit-code',
      'examples/job-mistakes.yaml:30:27 error job/pod-failure-policy/exit-code-zero-with-in',
      'examples/job-mistakes.yaml:33:22 error job/pod-failure-policy/restart-policy-must-be-never',
    ]);
    assert.equal(lines[lines.length - 1], '1 file checked: 10 errors, 0 other findings');
  });

  it('checks whole folders and exits 0 when there are no errors', () => {
    const { status, stdout } = run(['check', 'examples/job-clean.yaml', 'examples/csidriver-clean.yaml', 'examples/not-kubernetes.yaml']);
    assert.equal(status, 0, stdout);
    assert.equal(stdout, '3 files checked: 0 errors, 0 other findings\n');
    const folder = run(['check', 'examples']);
    assert.equal(folder.status, 1);
    const files = folder.stdout.trimEnd().split('\n').slice(0, -1).map((line) => line.split(':')[0]);
    assert.deepEqual([...new Set(files)], ['examples/csidriver-mistakes.yaml', 'examples/job-mistakes.yaml'], 'in name order');
    assert.equal(folder.stdout.trimEnd().split('\n').pop(), '5 files checked: 16 errors, 2 other findings');
  });

  it('reads standard input for -', () => {
    const { status, stdout } = run(['check', '-'], INDEXED);
    assert.equal(status, 1);
    assert.equal(
      stdout,
      '<stdin>:6:19 error schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).\n' +
        '1 file checked: 1 error, 0 other findings\n',
    );
  });

  it('prints JSON with the field path for --format json', () => {
    const { status, stdout } = run(['check', '--format', 'json', '-'], INDEXED);
    assert.equal(status, 1);
    assert.deepEqual(JSON.parse(stdout), [
      {
        file: '<stdin>',
        line: 6,
        column: 19,
        endLine: 6,
        endColumn: 26,
        severity: 'error',
        code: 'schema/enum',
        message: '`indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).',
        path: 'spec.completionMode',
      },
    ]);
  });

  it('applies --rule and --kubernetes-version', () => {
    const off = run(['check', '--rule', 'schema/enum=off', '-'], INDEXED);
    assert.equal(off.status, 0);
    assert.equal(off.stdout, '1 file checked: 0 errors, 0 other findings\n');
    // `info` is read as `information`, as in the kubeassist.rules setting.
    const info = run(['check', '--rule', 'schema/enum=info', '-'], INDEXED);
    assert.equal(info.status, 0);
    assert.equal(
      info.stdout,
      '<stdin>:6:19 information schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).\n' +
        '1 file checked: 0 errors, 1 other finding\n',
    );
    const managedBy = INDEXED.replace('completionMode: indexed', 'managedBy: example.com/queue');
    const old = run(['check', '--kubernetes-version', '1.29', '-'], managedBy);
    assert.equal(old.status, 0);
    assert.match(old.stdout, /^<stdin>:6:3 warning version\/field-not-in-release `managedBy` exists from Kubernetes 1\.30/m);
  });

  it('checks only the documents within --max-file-size, and says so', () => {
    const twoJobs = `${INDEXED}---\n${INDEXED}`;
    const { status, stdout } = run(['check', '--max-file-size', String(INDEXED.length + 10), '-'], twoJobs);
    assert.equal(status, 1);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines[0], '<stdin>:6:19 error schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).');
    assert.equal(
      lines[1],
      '<stdin>:13:1 information file/too-large File too large: KubeAssist checked the first 1 of 2 documents (those within the first ' +
        `${INDEXED.length + 10} characters); this document was not checked. Raise \`kubeassist.maxFileSize\` (\`--max-file-size\` for \`kubeassist check\`; 0: no limit) to check it, or split the file.`,
    );
    assert.deepEqual(lines.slice(2), ['1 file checked: 1 error, 1 other finding']);
  });

  it('stops quietly when its output is closed early (| head)', () => {
    const result = spawnSync('bash', ['-c', `node ${JSON.stringify(CLI)} check examples/ | head -1`], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /^examples\/csidriver-mistakes\.yaml:5:9 error meta\/name-invalid [^\n]+\n$/);
  });

  it('explains usage problems and exits 2', () => {
    const nothing = run([]);
    assert.equal(nothing.status, 2);
    assert.equal(nothing.stdout, '', 'a usage problem: the usage goes to standard error');
    assert.match(nothing.stderr, /^Usage: kubeassist check \[options\] PATH\.\.\.\n/);
    const badVersion = run(['check', '--kubernetes-version', '1.99', 'examples']);
    assert.equal(badVersion.status, 2);
    assert.match(badVersion.stderr, /unsupported Kubernetes version "1\.99" \(1\.23 to 1\.37\)/);
    const missing = run(['check', 'no-such-file.yaml']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no-such-file\.yaml/);
    const badSeverity = run(['check', '--rule', 'schema/enum=loud', 'examples']);
    assert.equal(badSeverity.status, 2);
    assert.match(badSeverity.stderr, /^kubeassist: --rule takes CODE=error\|warning\|information\|info\|hint\|off\n/);
    const help = run(['check', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: kubeassist check \[options\] PATH\.\.\.\n/);
    assert.match(help.stdout, /--kubernetes-version 1\.NN {3}target Kubernetes release, 1\.23 to 1\.37 \(default 1\.37\)\n/);
  });
});
