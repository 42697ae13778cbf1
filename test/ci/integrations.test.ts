// What CI runs of ours, run as the CI would: the pre-commit hook's entry with the staged YAML files, the
// GitHub Action's check steps with its inputs (bash as GitHub starts it, the action's folder in
// GITHUB_ACTION_PATH), and the problem matcher's pattern on our text lines.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { gitEnvironment } from '../support/gitRepo';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const JOB = readFileSync(join(REPO_ROOT, 'examples', 'job-mistakes.yaml'), 'utf8');
const CLEAN = readFileSync(join(REPO_ROOT, 'examples', 'job-clean.yaml'), 'utf8');

let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'kubeassist-ci-'));
  // A repository: manifests, other YAML, other files, and its configuration.
  const files: Record<string, string> = {
    'deploy/job.yaml': JOB,
    'deploy/clean.yml': CLEAN,
    'deploy/generated/job.yaml': JOB,
    '.github/workflows/ci.yml': 'on: push\njobs: {}\n',
    'README.md': '# app\n',
    '.kubeassist.yaml': 'rules:\n  schema/: warning\nignore:\n  - generated/\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(work, 'repo', dirname(path)), { recursive: true });
    writeFileSync(join(work, 'repo', path), text);
  }
  // `kubeassist` on the PATH, as `npm install -g` (and pre-commit's node environment) puts it there.
  mkdirSync(join(work, 'bin'));
  writeFileSync(join(work, 'bin', 'kubeassist'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(work, 'bin', 'kubeassist'), 0o755);
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('pre-commit hook (.pre-commit-hooks.yaml)', () => {
  const hooks = parse(readFileSync(join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; language: string; types: string[]; require_serial?: boolean }[];
  const hook = hooks.find((candidate) => candidate.id === 'kubeassist');

  it('is a node hook for YAML files, run once per commit', () => {
    assert.ok(hook);
    assert.equal(hook.language, 'node', 'pre-commit installs it from this repository (npm pack builds it)');
    assert.deepEqual(hook.types, ['yaml']);
    assert.equal(hook.require_serial, true);
  });

  it('its entry, with the YAML files pre-commit passes, reports the manifests\' errors, honours .kubeassist.yaml, and fails the commit', () => {
    // pre-commit passes the staged files its `types` select (identify tags *.yaml and *.yml as yaml), from the repository root.
    const staged = ['.github/workflows/ci.yml', '.kubeassist.yaml', 'deploy/clean.yml', 'deploy/generated/job.yaml', 'deploy/job.yaml'];
    const [command, ...args] = hook!.entry.split(' ');
    const result = spawnSync(command, [...args, ...staged], { cwd: join(work, 'repo'), encoding: 'utf8', env: { PATH: `${join(work, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin` } });
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'deploy/job.yaml:7:19 warning schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).');
    assert.ok(!result.stdout.includes('generated/'), 'ignored by .kubeassist.yaml');
    assert.equal(lines.at(-1), '3 files, 3 objects (3 Job): 7 errors, 3 warnings');
    // Only other YAML staged: the commit passes.
    const other = spawnSync(command, [...args, '.github/workflows/ci.yml', 'deploy/clean.yml'], { cwd: join(work, 'repo'), encoding: 'utf8', env: { PATH: `${join(work, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin` } });
    assert.equal(other.status, 0, other.stdout + other.stderr);
  });
});

/** Why the real pre-commit cannot run here, or false when it can. */
function preCommitMissing(): false | string {
  const found = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? false : 'the pre-commit hook with the real tool (pre-commit is not installed: apt-get install pre-commit, or pip install pre-commit)';
}

describe('pre-commit hook installed and run by the real pre-commit', { skip: preCommitMissing(), timeout: 600_000 }, () => {
  // This tree as a hook repository (its tracked and new files, committed), and a user's repository that names
  // it in .pre-commit-config.yaml: pre-commit clones it, installs it as it installs any node hook (npm install,
  // npm pack, npm install -g of the tarball npm pack names) and runs the hook on the repository's YAML files.
  let hooks: string;
  let user: string;
  const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, env: gitEnvironment(), encoding: 'utf8' });
  const preCommit = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...gitEnvironment(), PRE_COMMIT_HOME: join(work, 'pre-commit-home'), PRE_COMMIT_COLOR: 'never' };
    return spawnSync('pre-commit', args, { cwd: user, env, encoding: 'utf8' });
  };

  before(() => {
    hooks = join(work, 'hook-repository');
    const listed = git(REPO_ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard');
    assert.equal(listed.status, 0, listed.stderr);
    for (const file of listed.stdout.split('\0').filter((name) => name && existsSync(join(REPO_ROOT, name)))) {
      mkdirSync(dirname(join(hooks, file)), { recursive: true });
      copyFileSync(join(REPO_ROOT, file), join(hooks, file));
    }
    for (const args of [['init', '--quiet', '--initial-branch=main'], ['add', '--all'], ['commit', '--quiet', '--no-gpg-sign', '-m', 'hooks']]) assert.equal(git(hooks, ...args).status, 0);
    const rev = git(hooks, 'rev-parse', 'HEAD').stdout.trim();
    user = join(work, 'user-repository');
    const files: Record<string, string> = {
      '.pre-commit-config.yaml': `repos:\n  - repo: ${JSON.stringify(hooks)}\n    rev: ${rev}\n    hooks:\n      - id: kubeassist\n`,
      'deploy/job.yaml': JOB,
      'deploy/clean.yaml': CLEAN,
      'deploy/generated/job.yaml': JOB,
      '.kubeassist.yaml': 'ignore:\n  - generated/\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(user, dirname(path)), { recursive: true });
      writeFileSync(join(user, path), text);
    }
    for (const args of [['init', '--quiet', '--initial-branch=main'], ['add', '--all']]) assert.equal(git(user, ...args).status, 0);
  });

  it('installs from the repository (npm pack prints only the tarball name) and fails the commit on the errors it reports', () => {
    const result = preCommit('run', '--all-files');
    const output = result.stdout + result.stderr;
    assert.doesNotMatch(output, /An unexpected error has occurred|CalledProcessError/, output);
    assert.equal(result.status, 1, output);
    assert.match(output, /^kubeassist\.+Failed$/m);
    assert.match(output, /^deploy\/job\.yaml:7:19 error schema\/enum `indexed` is not a valid `completionMode`\./m);
    assert.doesNotMatch(output, /generated\//, 'ignored by .kubeassist.yaml');
    assert.match(output, /^3 files, 3 objects \(3 Job\): 10 errors, 0 warnings$/m);
  });

  it('passes a commit whose YAML has no error', () => {
    const result = preCommit('run', '--files', 'deploy/clean.yaml', '.kubeassist.yaml');
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^kubeassist\.+Passed$/m);
  });
});

describe('GitHub Action (action.yml)', () => {
  type Step = { name: string; if?: string; shell?: string; run?: string; uses?: string; env?: Record<string, string>; with?: Record<string, string> };
  const action = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; steps: Step[] }; inputs: Record<string, { default?: string }> };
  const step = (name: string): Step => {
    const found = action.runs.steps.find((candidate) => candidate.name === name);
    assert.ok(found, name);
    return found;
  };

  /** Runs a step's script as GitHub does for `shell: bash`, with `${{ inputs.* }}` in its env replaced by the inputs given (or their defaults). */
  function runStep(name: string, inputs: Record<string, string>) {
    const { run, shell, env = {} } = step(name);
    assert.equal(shell, 'bash');
    const value = (expression: string) => expression.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, input: string) => inputs[input] ?? action.inputs[input]?.default ?? '');
    const script = join(work, `${name.replace(/\W+/g, '-')}.sh`);
    writeFileSync(script, run!);
    const stepEnv = Object.fromEntries(Object.entries(env).map(([key, expression]) => [key, value(expression)]));
    return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: join(work, 'repo'),
      encoding: 'utf8',
      env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, GITHUB_ACTION_PATH: REPO_ROOT, GITHUB_WORKSPACE: join(work, 'repo'), ...stepEnv },
    });
  }

  it('is a composite action: install, SARIF and its upload when asked, then the annotated check', () => {
    assert.equal(action.runs.using, 'composite');
    assert.deepEqual(action.runs.steps.map((candidate) => [candidate.name, candidate.if ?? '', candidate.uses ?? '']), [
      ['Install KubeAssist', '', ''],
      ['Check for code scanning (SARIF)', "inputs.sarif == 'true'", ''],
      ['Upload SARIF', "inputs.sarif == 'true' && !cancelled()", 'github/codeql-action/upload-sarif@v3'],
      ['Check', '', ''],
    ]);
    assert.deepEqual(step('Upload SARIF').with, { sarif_file: '${{ inputs.sarif-file }}', category: 'kubeassist' });
  });

  it('the check step annotates each finding on its line and fails the job on errors', () => {
    const result = runStep('Check', { paths: 'deploy' });
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines[0], '::warning file=deploy/job.yaml,line=7,col=19,endLine=7,endColumn=26,title=schema/enum::`indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).');
    assert.equal(lines.at(-1), '2 files, 3 objects (3 Job): 7 errors, 3 warnings');
    const strict = runStep('Check', { paths: 'deploy/clean.yml', 'kubernetes-version': '1.29', config: '.github/workflows/ci.yml', 'fail-on-empty': 'true' });
    assert.equal(strict.status, 1, 'the configuration file named is no configuration: its mistake is an error');
    assert.match(strict.stdout, /^::error file=\.github\/workflows\/ci\.yml,line=1,col=1,endLine=1,endColumn=3,title=config\/invalid::`on` is not a setting of \.kubeassist\.yaml/);
    const clean = runStep('Check', { paths: 'deploy/clean.yml .github/workflows/ci.yml', 'kubernetes-version': '1.29' });
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    const empty = runStep('Check', { paths: '.github', 'fail-on-empty': 'true' });
    assert.equal(empty.status, 1);
    assert.equal(empty.stderr, 'no Job, CronJob, CSIDriver, JobSet, TrainingRuntime or ClusterTrainingRuntime found in 1 file\n');
  });

  it('the SARIF step writes the file for the upload and passes on findings; a usage problem fails it', () => {
    const result = runStep('Check for code scanning (SARIF)', { paths: 'deploy\nREADME.md', sarif: 'true' });
    assert.equal(result.status, 0, result.stderr);
    const sarif = JSON.parse(readFileSync(join(work, 'repo', 'kubeassist.sarif'), 'utf8')) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    assert.deepEqual([...new Set(sarif.runs[0].results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri))], ['deploy/job.yaml']);
    const wrong = runStep('Check for code scanning (SARIF)', { paths: 'deploy', sarif: 'true', 'kubernetes-version': '1.99' });
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /^kubeassist: unsupported Kubernetes version "1\.99"/);
  });
});

describe('GitHub problem matcher for the text format (.github/kubeassist-problem-matcher.json)', () => {
  const matcher = JSON.parse(readFileSync(join(REPO_ROOT, '.github', 'kubeassist-problem-matcher.json'), 'utf8')) as {
    problemMatcher: { owner: string; pattern: { regexp: string; file: number; line: number; column: number; severity: number; code: number; message: number }[] }[];
  };
  const [{ owner, pattern: [pattern] }] = matcher.problemMatcher;
  const regexp = new RegExp(pattern.regexp);

  it('reads every error and warning line of the text format into what --format json says of it', () => {
    assert.equal(owner, 'kubeassist');
    const text = spawnSync(process.execPath, [CLI, 'check', 'examples/', join(REPO_ROOT, 'test', 'cli', 'fixtures', 'sarif', 'csidriver.yaml')], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trimEnd().split('\n');
    const json = JSON.parse(spawnSync(process.execPath, [CLI, 'check', '--format', 'json', 'examples/', join(REPO_ROOT, 'test', 'cli', 'fixtures', 'sarif', 'csidriver.yaml')], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout) as { file: string; line: number; column: number; severity: string; code: string; message: string }[];
    // GitHub's problem matchers know errors and warnings only: an information line is no annotation (never an error).
    const informational = text.slice(0, -1).filter((line) => / information \S+ /.test(line));
    assert.ok(informational.length > 0, 'examples/ has an information finding');
    for (const line of informational) assert.equal(regexp.exec(line), null, line);
    const findings = text.slice(0, -1).filter((line) => !informational.includes(line));
    const errorsAndWarnings = json.filter((finding) => finding.severity === 'error' || finding.severity === 'warning');
    assert.equal(findings.length, errorsAndWarnings.length);
    findings.forEach((line, index) => {
      const match = regexp.exec(line);
      assert.ok(match, line);
      const expected = errorsAndWarnings[index];
      assert.deepEqual(
        { file: match[pattern.file], line: Number(match[pattern.line]), column: Number(match[pattern.column]), severity: match[pattern.severity], code: match[pattern.code], message: match[pattern.message] },
        { file: expected.file, line: expected.line, column: expected.column, severity: expected.severity, code: expected.code, message: expected.message },
      );
    });
    assert.equal(regexp.exec(text.at(-1)!), null, 'not the summary line');
  });

  it('takes a file name with colons and spaces whole; leaves information and hints alone (GitHub knows errors and warnings)', () => {
    const match = regexp.exec('deploy/a b:c.yaml:12:3 error schema/enum `x` is not a valid `y`: see 1:2.');
    assert.deepEqual(match?.slice(1), ['deploy/a b:c.yaml', '12', '3', 'error', 'schema/enum', '`x` is not a valid `y`: see 1:2.']);
    assert.equal(regexp.exec('job.yaml:13:1 information file/too-large File too large: ...'), null);
    assert.equal(regexp.exec('job.yaml:13:1 hint schema/enum ...'), null);
  });
});
