// `kubeassist check` as a shell user runs it: the built dist/cli.js, its output and exit status.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { colorFor } from '../../server/src/cli/report';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const INDEXED = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  completionMode: indexed\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n';

/** The pod template of issue 12: five enum mistakes the API server refuses, each with the comment saying what it is. */
const POD_ENUM_MISTAKES = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      restartPolicy: Never
      dnsPolicy: ClusterFirstt          # rejected by the server: Unsupported value
      containers:
      - name: pi
        image: perl
        ports:
        - containerPort: 80
          protocol: tcp                 # rejected: Unsupported value "tcp"
      tolerations:
      - key: a
        operator: Exist                 # rejected
        effect: NoSchedul               # rejected
      securityContext:
        seccompProfile:
          type: localhost               # rejected
`;

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
    assert.equal(lines[lines.length - 1], '1 file, 2 objects (2 Job): 10 errors, 0 warnings');
  });

  it('checks whole folders and exits 0 when there are no errors', () => {
    const { status, stdout } = run(['check', 'examples/job-clean.yaml', 'examples/cronjob-clean.yaml', 'examples/csidriver-clean.yaml', 'examples/not-kubernetes.yaml']);
    assert.equal(status, 0, stdout);
    assert.equal(stdout, '4 files, 3 objects (1 Job, 1 CronJob, 1 CSIDriver): 0 errors, 0 warnings\n');
    const folder = run(['check', 'examples']);
    assert.equal(folder.status, 1);
    const files = folder.stdout.trimEnd().split('\n').slice(0, -1).map((line) => line.split(':')[0]);
    assert.deepEqual([...new Set(files)], ['examples/cronjob-mistakes.yaml', 'examples/csidriver-mistakes.yaml', 'examples/job-mistakes.yaml', 'examples/jobset-mistakes.yaml'], 'in name order');
    assert.equal(folder.stdout.trimEnd().split('\n').pop(), '8 files, 9 objects (3 Job, 3 CronJob, 2 CSIDriver, 1 JobSet): 27 errors, 3 warnings, 1 info');
  });

  it('checks CronJobs: their own rules, and the Job rules at the job template\'s paths', () => {
    const { status, stdout } = run(['check', '--format', 'json', 'examples/cronjob-mistakes.yaml']);
    assert.equal(status, 1);
    const findings = JSON.parse(stdout) as { line: number; column: number; severity: string; code: string; path: string }[];
    assert.deepEqual(findings.map((finding) => `${finding.line}:${finding.column} ${finding.severity} ${finding.code} @ ${finding.path}`), [
      '7:13 error cronjob/schedule/time-zone-prefix @ spec.schedule',
      '8:22 information cronjob/concurrency/forbid-without-deadline @ spec.concurrencyPolicy',
      '9:28 warning cronjob/starting-deadline/zero @ spec.startingDeadlineSeconds',
      '12:7 error cronjob/job-template/selector-forbidden @ spec.jobTemplate.spec.selector',
      '17:19 error job/pod-failure-policy/fail-index-needs-backoff-limit-per-index @ spec.jobTemplate.spec.podFailurePolicy.rules[0].action',
      '26:26 error job/pod-failure-policy/restart-policy-must-be-never @ spec.jobTemplate.spec.template.spec.restartPolicy',
      '37:13 error cronjob/schedule/invalid @ spec.schedule',
      '38:13 error cronjob/time-zone/unknown @ spec.timeZone',
      '39:31 error cronjob/numbers/negative-successful-jobs-history-limit @ spec.successfulJobsHistoryLimit',
    ]);
    const old = run(['check', '--kubernetes-version', '1.28', 'examples/cronjob-mistakes.yaml']);
    assert.match(old.stdout, /^examples\/cronjob-mistakes\.yaml:7:13 warning cronjob\/schedule\/time-zone-prefix-unsupported /m, 'a 1.28 server only warns');
  });

  it('reads standard input for -', () => {
    const { status, stdout } = run(['check', '-'], INDEXED);
    assert.equal(status, 1);
    assert.equal(
      stdout,
      '<stdin>:6:19 error schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).\n' +
        '1 file, 1 object (1 Job): 1 error, 0 warnings\n',
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
    assert.equal(off.stdout, '1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
    // `info` is read as `information`, as in the kubeassist.rules setting.
    const info = run(['check', '--rule', 'schema/enum=info', '-'], INDEXED);
    assert.equal(info.status, 0);
    assert.equal(
      info.stdout,
      '<stdin>:6:19 information schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).\n' +
        '1 file, 1 object (1 Job): 0 errors, 0 warnings, 1 info\n',
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
    assert.deepEqual(lines.slice(2), ['1 file, 1 object (1 Job): 1 error, 0 warnings, 1 info']);
  });

  it('stops quietly when its output is closed early (| head)', () => {
    const result = spawnSync('bash', ['-c', `node ${JSON.stringify(CLI)} check examples/ | head -1`], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /^examples\/cronjob-mistakes\.yaml:7:13 error cronjob\/schedule\/time-zone-prefix [^\n]+\n$/);
  });

  it('explains usage problems and exits 2', () => {
    const nothing = run([]);
    assert.equal(nothing.status, 2);
    assert.equal(nothing.stdout, '', 'a usage problem: the usage goes to standard error');
    assert.match(nothing.stderr, /^Usage: kubeassist check \[options\] PATH\.\.\.\n/);
    const badVersion = run(['check', '--kubernetes-version', '1.99', 'examples']);
    assert.equal(badVersion.status, 2);
    assert.match(badVersion.stderr, /unsupported Kubernetes version "1\.99" \(1\.23 to 1\.37 and 1\.38 \(pre-release\)\)/);
    const missing = run(['check', 'no-such-file.yaml']);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'kubeassist: no-such-file.yaml: no such file\n');
    const badSeverity = run(['check', '--rule', 'schema/enum=loud', 'examples']);
    assert.equal(badSeverity.status, 2);
    assert.match(badSeverity.stderr, /^kubeassist: --rule takes CODE=error\|warning\|information\|info\|hint\|off\n/);
    const help = run(['check', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: kubeassist check \[options\] PATH\.\.\.\n/);
    assert.match(help.stdout, /--kubernetes-version 1\.NN {3}target Kubernetes release, 1\.23 to 1\.37 and 1\.38 \(pre-release\) \(default 1\.37\)\n/);
  });
});

describe('kubeassist in the shell', () => {
  it('prints its version with --version and -v', () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-v']) {
      const result = run([flag]);
      assert.equal(result.status, 0);
      assert.equal(result.stdout, `kubeassist ${version}\n`);
      assert.equal(result.stderr, '');
    }
  });

  it('a missing path: says so in words, still checks the other paths, exits 2', () => {
    const result = run(['check', 'nope.yaml', 'examples/job-mistakes.yaml']);
    assert.equal(result.status, 2, 'a path that cannot be read outranks the errors found');
    assert.equal(result.stderr, 'kubeassist: nope.yaml: no such file\n');
    assert.equal(result.stdout.trimEnd().split('\n').pop(), '1 file, 2 objects (2 Job): 10 errors, 0 warnings');
    const folder = run(['check', 'examples/job-clean.yaml', 'missing-folder/']);
    assert.equal(folder.status, 2);
    assert.equal(folder.stderr, 'kubeassist: missing-folder/: no such file\n');
    assert.equal(folder.stdout, '1 file, 1 object (1 Job): 0 errors, 0 warnings\n');
    const notAFolder = run(['check', 'examples/job-clean.yaml/inside.yaml']);
    assert.equal(notAFolder.stderr, 'kubeassist: examples/job-clean.yaml/inside.yaml: no such file (a part of the path is not a folder)\n');
    for (const output of [result, folder, notAFolder]) assert.doesNotMatch(output.stdout + output.stderr, /ENOENT|ENOTDIR|Error:|    at /);
  });

  it('a --rule code or prefix that matches nothing is a usage error naming the nearest real one', () => {
    const typo = run(['check', '--rule', 'job/pod-failure-policy/duplicate-exit-codes=warning', 'examples']);
    assert.equal(typo.status, 2);
    assert.equal(typo.stderr.split('\n')[0], 'kubeassist: --rule job/pod-failure-policy/duplicate-exit-codes=warning: `job/pod-failure-policy/duplicate-exit-codes` matches no rule code (did you mean `job/pod-failure-policy/duplicate-exit-code`?)');
    const prefix = run(['check', '--rule', 'job/pod-failure-polcy/=off', 'examples']);
    assert.equal(prefix.stderr.split('\n')[0], 'kubeassist: --rule job/pod-failure-polcy/=off: `job/pod-failure-polcy/` matches no rule code (did you mean `job/pod-failure-policy/`?)');
    const noSlash = run(['check', '--rule', 'schema=off', 'examples']);
    assert.equal(noSlash.stderr.split('\n')[0], 'kubeassist: --rule schema=off: `schema` matches no rule code (a prefix ends in `/`: `schema/`)');
    const bogus = run(['check', '--rule', 'bogus/code=warning', 'examples']);
    assert.equal(bogus.status, 2);
    assert.match(bogus.stderr, /^kubeassist: --rule bogus\/code=warning: `bogus\/code` matches no rule code \(did you mean `[a-z0-9/-]+`\?\)\n/);
    assert.equal(run(['check', '--rule', 'schema/=warning', 'examples']).status, 1, 'a prefix that starts codes is fine');
  });

  it('prints paths as given: absolute stays absolute, a relative path that climbs stays as written', () => {
    const absolute = run(['check', join(ROOT, 'examples', 'job-mistakes.yaml')]);
    assert.ok(absolute.stdout.startsWith(`${join(ROOT, 'examples', 'job-mistakes.yaml')}:7:19 error schema/enum `), absolute.stdout);
    const climbing = spawnSync(process.execPath, [CLI, 'check', '../examples/job-mistakes.yaml'], { cwd: join(ROOT, 'test'), encoding: 'utf8' });
    assert.ok(climbing.stdout.startsWith('../examples/job-mistakes.yaml:7:19 error schema/enum '), climbing.stdout);
    const folder = run(['check', `${join(ROOT, 'examples')}/`]);
    assert.ok(folder.stdout.startsWith(`${join(ROOT, 'examples', 'cronjob-mistakes.yaml')}:`), folder.stdout);
  });

  it('counts the objects checked, says on stderr when there were none, and --fail-on-empty fails then', () => {
    const mixed = run(['check', 'examples/job-clean.yaml', 'examples/csidriver-clean.yaml', 'examples/not-kubernetes.yaml']);
    assert.equal(mixed.stdout, '3 files, 2 objects (1 Job, 1 CSIDriver): 0 errors, 0 warnings\n');
    assert.equal(mixed.stderr, '');
    const none = run(['check', 'examples/not-kubernetes.yaml', '-'], 'apiVersion: v1\nkind: ConfigMap\n');
    assert.equal(none.status, 0);
    assert.equal(none.stdout, '2 files, 0 objects: 0 errors, 0 warnings\n');
    assert.equal(none.stderr, 'no Job, CronJob, CSIDriver, JobSet, TrainingRuntime or ClusterTrainingRuntime found in 2 files\n');
    const strict = run(['check', '--fail-on-empty', 'examples/not-kubernetes.yaml']);
    assert.equal(strict.status, 1);
    assert.equal(strict.stderr, 'no Job, CronJob, CSIDriver, JobSet, TrainingRuntime or ClusterTrainingRuntime found in 1 file\n');
    assert.equal(run(['check', '--fail-on-empty', 'examples/job-clean.yaml']).status, 0);
  });

  it('colours severity, code and place with --color=always; never with --color=never, NO_COLOR or a pipe', () => {
    const coloured = run(['check', '--color=always', '-'], INDEXED);
    assert.equal(coloured.stdout.split('\n')[0],
      '\u001b[36m<stdin>:6:19\u001b[39m \u001b[1m\u001b[31merror\u001b[39m\u001b[22m \u001b[2mschema/enum\u001b[22m `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).');
    assert.equal(coloured.stdout.split('\n')[1], '1 file, 1 object (1 Job): \u001b[1m\u001b[31m1 error\u001b[39m\u001b[22m, 0 warnings');
    assert.equal(run(['check', '--color', 'always', '-'], INDEXED).stdout, coloured.stdout);
    for (const args of [['--color=never'], []]) assert.doesNotMatch(run(['check', ...args, '-'], INDEXED).stdout, /\u001b/);
    const bad = run(['check', '--color=sometimes', '-'], INDEXED);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^kubeassist: --color takes always, never or auto \(not "sometimes"\)\n/);
  });

  it('colour decision: --color first, then NO_COLOR, then whether the stream is a terminal', () => {
    assert.equal(colorFor('auto', { isTTY: true }, {}), true);
    assert.equal(colorFor('auto', { isTTY: true }, { NO_COLOR: '1' }), false);
    assert.equal(colorFor('auto', { isTTY: true }, { NO_COLOR: '' }), true, 'an empty NO_COLOR does not count (no-color.org)');
    assert.equal(colorFor('auto', { isTTY: false }, {}), false);
    assert.equal(colorFor('always', { isTTY: false }, { NO_COLOR: '1' }), true);
    assert.equal(colorFor('never', { isTTY: true }, {}), false);
  });
  it('reports each enum mistake of a pod template once, on its value, with the allowed values (issue 12)', () => {
    const { status, stdout } = run(['check', '-'], POD_ENUM_MISTAKES);
    assert.equal(status, 1);
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      '<stdin>:9:18 error pod/dns-policy-unsupported `ClusterFirstt` is not a DNS policy: use `ClusterFirstWithHostNet`, `ClusterFirst`, `Default` or `None` (case-sensitive; leaving it out means `ClusterFirst`). The API server answers `spec.template.spec.dnsPolicy: Unsupported value: "ClusterFirstt": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"`.',
      '<stdin>:15:21 error pod/port-protocol-unsupported `tcp` is not a port protocol: use `TCP` (the default), `UDP` or `SCTP`, in upper case. The API server answers `spec.template.spec.containers[0].ports[0].protocol: Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"`.',
      '<stdin>:18:19 error pod/toleration-operator-unsupported `Exist` is not a toleration operator: use `Equal` or `Exists` (case-sensitive; `Lt` and `Gt` need the TaintTolerationComparisonOperators feature gate, off by default). The API server answers `spec.template.spec.tolerations[0].operator: Unsupported value: "Exist": supported values: "Equal", "Exists"`.',
      '<stdin>:19:17 error pod/toleration-effect-unsupported `NoSchedul` is not a taint effect: use `NoSchedule`, `PreferNoSchedule` or `NoExecute` (case-sensitive), or leave `effect` out to tolerate every effect. The API server answers `spec.template.spec.tolerations[0].effect: Unsupported value: "NoSchedul": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`.',
      '<stdin>:22:17 error pod/security-context-seccomp-type-unsupported `localhost` is not a seccomp profile type: use `RuntimeDefault`, `Localhost` or `Unconfined` (values are case-sensitive). The API server answers `spec.template.spec.securityContext.seccompProfile.type: Unsupported value: "localhost": supported values: "Localhost", "RuntimeDefault", "Unconfined"`.',
      '1 file, 1 object (1 Job): 5 errors, 0 warnings',
    ]);
  });

  it('fixes each enum mistake to the closest value with --fix, and says what is left (issue 12)', () => {
    const { status, stdout, stderr } = run(['check', '--fix', '-'], POD_ENUM_MISTAKES);
    assert.equal(stdout, POD_ENUM_MISTAKES.replace('ClusterFirstt ', 'ClusterFirst  ').replace('tcp  ', 'TCP  ').replace('Exist  ', 'Exists ')
      .replace('NoSchedul  ', 'NoSchedule ').replace('localhost  ', 'Localhost  '));
    // A Localhost profile names its file: the one thing a quick fix cannot know.
    const lines = stderr.trimEnd().split('\n');
    assert.deepEqual([lines[0], lines[1].split(' ', 3).join(' '), lines[2]], [
      '<stdin>: fixed 5 findings',
      '<stdin>:21:9 error pod/security-context-seccomp-localhost-profile-required',
      '1 file, 1 object (1 Job): 1 error, 0 warnings',
    ]);
    assert.equal(status, 1);
  });
});
