// A hostile or huge tree cannot hurt `kubeassist check`, through the built CLI: files read beside the checked
// ones are regular and bounded, a folder search visits each real file once and skips what is no file, `--fix`
// never writes through a symbolic link out of the tree, a worker out of memory costs one file, `--output`
// makes its folder, a run that checks nothing says why, and big inputs (100,000 documents, a 160,000-character
// iSCSI name, rendered output with odd kinds and blank lines) finish. The CLI runs asynchronously so that each
// test's `timeout` (a hang guard: each of these hung or took minutes) can end it; no time is asserted.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FILES_PER_WORKER } from '../../server/src/cli/pool';
import { GitRepo } from '../support/gitRepo';
import { MIGRATE_JOB } from '../support/jobs';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const GUARD = { timeout: 180_000 };
const JOB = MIGRATE_JOB;
const INDEXED = JOB.replace('spec:\n  template', 'spec:\n  completionMode: indexed\n  template');
const PATCH = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  backoffLimit: 2\n';
const canMakeFifos = spawnSync('mkfifo', ['--version']).status === 0;
const NO_FIFOS = canMakeFifos ? false : 'hostile trees (mkfifo is not available)';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', ...env } }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function mkfifo(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  assert.equal(spawnSync('mkfifo', [path]).status, 0);
}

const summary = (result: Run) => result.stdout.trimEnd().split('\n').at(-1);
/** Each finding line as `file:line:col severity code`; other lines whole. */
const briefly = (result: Run) => result.stdout.split('\n').filter(Boolean).map((line) => (/^\S+:\d+:\d+ /.test(line) ? line.split(' ', 3).join(' ') : line));

describe('kubeassist check on a hostile tree', { skip: NO_FIFOS }, () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-hostile-cli-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('a kustomization that is /dev/zero or a FIFO, or lists them, is skipped with a note, never read', GUARD, async () => {
    write(root, {
      'k/zero/job.yaml': PATCH,
      'k/fifo/job.yaml': PATCH,
      'k/lists/kustomization.yaml': 'resources:\n- /dev/zero\n- pipe\npatches:\n- path: job.yaml\n  target:\n    kind: Job\n',
      'k/lists/job.yaml': PATCH,
    });
    symlinkSync('/dev/zero', join(root, 'k', 'zero', 'kustomization.yaml'));
    mkfifo(join(root, 'k', 'fifo', 'kustomization.yaml'));
    mkfifo(join(root, 'k', 'lists', 'pipe'));
    const result = await run(['check', 'k/zero/job.yaml', 'k/fifo/job.yaml', 'k/lists/job.yaml'], root);
    assert.equal(result.status, 1);
    assert.deepEqual(briefly(result), [
      'k/zero/job.yaml:5:1 error schema/required',
      'k/fifo/job.yaml:5:1 error schema/required',
      '3 files, 3 objects (3 Job): 2 errors, 0 warnings',
    ], 'the first two alone, as whole Jobs; the third a patch');
    assert.deepEqual(result.stderr.split('\n').filter(Boolean).sort(), [
      'kubeassist: /dev/zero is a device, not a regular file: not read',
      'kubeassist: k/fifo/kustomization.yaml is a FIFO (named pipe), not a regular file: not read',
      'kubeassist: k/lists/pipe is a FIFO (named pipe), not a regular file: not read',
      'kubeassist: k/zero/kustomization.yaml is a device, not a regular file: not read',
    ]);
  });

  it('a kustomization nested 10,000 levels deep is not parsed: skipped with a note, once, and the files beside it checked alone', GUARD, async () => {
    write(root, {
      'k/deep/kustomization.yaml': `resources:\n- job.yaml\npatches:\n- path: patch.yaml\ndeep:\n${'- '.repeat(10_000)}x\n`,
      'k/deep/patch.yaml': PATCH,
      'k/deep/other.yaml': PATCH,
    });
    const result = await run(['check', 'k/deep/patch.yaml', 'k/deep/other.yaml', '--jobs', '1'], root);
    assert.equal(result.status, 1);
    assert.deepEqual(briefly(result), [
      'k/deep/patch.yaml:5:1 error schema/required',
      'k/deep/other.yaml:5:1 error schema/required',
      '2 files, 2 objects (2 Job): 2 errors, 0 warnings',
    ]);
    assert.equal(result.stderr, 'kubeassist: k/deep/kustomization.yaml is nested more than 200 levels deep: not read\n');
  });

  it('a folder search visits each real folder and file once: a symbolic link back up the tree is no loop', GUARD, async () => {
    write(root, { 'loop/jobs/job.yaml': INDEXED });
    symlinkSync('..', join(root, 'loop', 'jobs', 'up'));
    symlinkSync('jobs', join(root, 'loop', 'again'));
    symlinkSync('job.yaml', join(root, 'loop', 'jobs', 'same.yaml'));
    const result = await run(['check', 'loop'], root);
    assert.equal(result.status, 1);
    assert.deepEqual(briefly(result), [
      'loop/again/job.yaml:6:19 error schema/enum',
      '1 file, 1 object (1 Job): 1 error, 0 warnings',
    ]);
    assert.equal(result.stderr, '');
  });

  it('a FIFO in a folder is skipped with a note, never waited on; a device named on the command line is a problem', GUARD, async () => {
    write(root, { 'pipes/job.yaml': JOB });
    mkfifo(join(root, 'pipes', 'pipe.yaml'));
    const result = await run(['check', 'pipes'], root);
    assert.equal(result.status, 0);
    assert.equal(result.stderr, 'kubeassist: pipes/pipe.yaml: skipped: a FIFO (named pipe), not a regular file\n');
    assert.equal(summary(result), '1 file, 1 object (1 Job): 0 errors, 0 warnings');
    const device = await run(['check', '/dev/zero'], root);
    assert.equal(device.status, 2);
    assert.equal(device.stderr, 'kubeassist: /dev/zero: a device, not a file\n');
  });

  it('--fix never rewrites a file outside the folder given through a symbolic link; it still reports it', GUARD, async () => {
    write(root, { 'outside/job.yaml': INDEXED, 'tree/own.yaml': INDEXED });
    symlinkSync(join(root, 'outside', 'job.yaml'), join(root, 'tree', 'link.yaml'));
    const result = await run(['check', '--fix', 'tree'], root);
    assert.equal(readFileSync(join(root, 'outside', 'job.yaml'), 'utf8'), INDEXED, 'the file outside is untouched');
    assert.match(readFileSync(join(root, 'tree', 'own.yaml'), 'utf8'), /completionMode: Indexed/, 'the file inside is fixed');
    assert.equal(result.stderr, `kubeassist: tree/link.yaml: not fixed: it leads to ${join(root, 'outside', 'job.yaml')}, outside the folder given\n`);
    assert.deepEqual(briefly(result), [
      'tree/link.yaml:6:19 error schema/enum',
      'tree/own.yaml: fixed 2 findings',
      '2 files, 2 objects (2 Job): 1 error, 0 warnings',
    ]);
    assert.equal(result.status, 1);
  });
});

describe('kubeassist check when nothing, or too much, is there', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-edges-cli-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('an empty folder says it had no YAML file; --fail-on-empty fails', GUARD, async () => {
    mkdirSync(join(root, 'empty'));
    const result = await run(['check', 'empty'], root);
    assert.equal(result.status, 0);
    assert.equal(result.stderr, 'kubeassist: empty: no *.yaml or *.yml file in it\n');
    assert.equal(result.stdout, '0 files, 0 objects: 0 errors, 0 warnings\n');
    assert.equal((await run(['check', '--fail-on-empty', 'empty'], root)).status, 1);
  });

  it('a .kubeassist.yaml above that ignores everything says so', GUARD, async () => {
    write(root, { 'ignoring/.kubeassist.yaml': 'ignore:\n  - "**"\n  - deploy/\n', 'ignoring/deploy/job.yaml': INDEXED, 'ignoring/deploy/more/job.yml': INDEXED });
    const result = await run(['check', 'deploy'], join(root, 'ignoring'));
    assert.equal(result.status, 0);
    assert.equal(result.stderr, 'kubeassist: nothing checked: 2 files are ignored by .kubeassist.yaml (its ignore globs)\n');
    assert.equal(result.stdout, '0 files, 0 objects: 0 errors, 0 warnings\n');
  });

  it('--output into a folder that does not exist makes it; --output naming a folder is a clear problem', GUARD, async () => {
    write(root, { 'out/job.yaml': INDEXED });
    const made = await run(['check', '--format', 'json', '--output', 'reports/ci/kubeassist.json', 'out'], root);
    assert.equal(made.status, 1);
    assert.equal(made.stderr, '');
    assert.deepEqual((JSON.parse(readFileSync(join(root, 'reports', 'ci', 'kubeassist.json'), 'utf8')) as { code: string }[]).map((finding) => finding.code), ['schema/enum']);
    const folder = await run(['check', '--output', 'reports', 'out'], root);
    assert.equal(folder.status, 2);
    assert.equal(folder.stderr, 'kubeassist: --output reports: is a folder\n');
    assert.doesNotMatch(folder.stderr, /internal error/);
  });

  it('one file that runs a worker thread out of memory is reported, and every other file is checked', GUARD, async () => {
    const files = 2 * FILES_PER_WORKER + 50;
    for (let i = 0; i < files; i++) write(root, { [`many/job-${String(i).padStart(4, '0')}.yaml`]: i === 7 ? INDEXED : JOB });
    write(root, { 'many/job-0100-huge.yaml': JOB.replace('        image: registry.example.com/migrate:1.0\n', `        image: registry.example.com/migrate:1.0\n        args: [${'a,'.repeat(600_000)}a]\n`) });
    const result = await run(['check', '--jobs', '2', '--max-file-size', '0', 'many'], root, { KUBEASSIST_WORKER_MEMORY_MB: '64' });
    assert.equal(result.stderr, 'kubeassist: many/job-0100-huge.yaml: ran out of memory while checking it (each thread may use 64 MB): not checked\n');
    assert.equal(result.status, 2, 'a file that could not be checked');
    assert.equal(summary(result), `${files} files, ${files} objects (${files} Job): 1 error, 0 warnings`);
    assert.match(result.stdout, /^many\/job-0007\.yaml:6:19 error schema\/enum /m);
  });

  it('100,000 small documents in one file: every one checked and named', { timeout: 600_000 }, async () => {
    write(root, { 'hundred-thousand.yaml': Array.from({ length: 100_000 }, (_, i) => `apiVersion: batch/v1\nkind: Job\nmetadata: {name: j${i}}\nspec: 5\n`).join('---\n') });
    const result = await run(['check', '--format', 'junit', '--max-file-size', '0', 'hundred-thousand.yaml'], root);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /^<testsuites name="kubeassist" tests="100000" failures="100000" errors="0">$/m);
    assert.equal((result.stdout.match(/<testcase /g) ?? []).length, 100_000);
    assert.match(result.stdout, /<testcase name="Job\/default\/j99999" [^>]*line="499996">/, 'each finding named by its object');
  });

  it('an iSCSI name of 160,000 characters is judged as the API server judges it', GUARD, async () => {
    const volume = (iqn: string) => JOB.replace('      restartPolicy: Never\n', `      restartPolicy: Never\n      volumes:\n      - name: disk\n        iscsi:\n          targetPortal: 10.0.0.1:3260\n          iqn: ${iqn}\n          lun: 0\n`);
    write(root, {
      'iscsi/repeated.yaml': volume('iqn.2001-04.'.repeat(13_400)),
      'iscsi/valid.yaml': volume(`${'iqn.2001-04.'.repeat(13_400)}:target`),
    });
    const result = await run(['check', 'iscsi'], root);
    assert.deepEqual(briefly(result), [
      'iscsi/repeated.yaml:13:16 error pod/volume-iscsi-name-format',
      '2 files, 2 objects (2 Job): 1 error, 0 warnings',
    ]);
  });
});

describe('kubeassist check --kustomize / --helm on odd renderings', () => {
  let root: string;
  const bin = () => join(root, 'bin');
  /** A stand-in for the tool that prints `output`. */
  function standIn(name: string, output: string): void {
    writeFileSync(join(root, `${name}.out`), output);
    writeFileSync(join(bin(), name), `#!/bin/sh\nexec /bin/cat '${join(root, `${name}.out`)}'\n`);
    chmodSync(join(bin(), name), 0o755);
  }
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-render-odd-'));
    write(root, { 'overlay/kustomization.yaml': 'resources:\n- job.yaml\n', 'overlay/job.yaml': JOB, 'chart/Chart.yaml': 'apiVersion: v2\nname: demo\nversion: 1.0.0\n', 'chart/templates/job.yaml': JOB.replace('name: migrate\nspec:', 'name: migrate\nspec:\n  backoffLimit: {{ .Values.backoffLimit }}') });
    mkdirSync(bin());
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('a rendered kind that reads as a regular expression (`kind: a(b`) is text, not an internal error', GUARD, async () => {
    standIn('kustomize', `kind: a(b\n${JOB}`);
    const result = await run(['check', '--kustomize', 'overlay'], root, { PATH: bin() });
    assert.doesNotMatch(result.stderr, /internal error/);
    // A duplicate key is a warning since kubectl's reading is the measure (issue 20): kubectl keeps the last `kind`.
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^overlay\/job\.yaml:2:1 warning yaml\/duplicate-key Duplicate key `kind`: kubectl keeps only this one \(`Job`\) and drops the `kind` on line 1/m, 'traced to the line of the base');
  });

  it('a rendered document with thousands of blank lines under metadata names its object without backtracking', GUARD, async () => {
    const rendered = `---\n# Source: demo/templates/job.yaml\n${JOB.replace('metadata:\n  name: migrate\n', `metadata:\n${'\n'.repeat(5000)}  labels: {}\n`).replace('spec:\n  template', 'spec:\n  backoffLimit: -1\n  template')}`;
    standIn('helm', rendered);
    const result = await run(['check', '--helm', 'chart'], root, { PATH: bin() });
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /^chart\/templates\/job\.yaml:2:1 error job\/numbers\/negative-backoff-limit .*\(In the rendered Job, `spec\.backoffLimit`, line \d+ of the output of `helm template chart`\.\)$/m);
  });
  it('a kustomization nested thousands of levels deep beside the rendered output: the check finishes, no internal error, the finding stays', GUARD, async () => {
    write(root, { 'deep/kustomization.yaml': `resources:\n- job.yaml\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, 'deep/job.yaml': JOB });
    standIn('kustomize', JOB.replace('spec:\n  template', 'spec:\n  backoffLimit: -1\n  template'));
    const result = await run(['check', '--kustomize', 'deep'], root, { PATH: bin() });
    assert.doesNotMatch(result.stderr, /internal error|RangeError|heap/i);
    assert.match(result.stdout, /error job\/numbers\/negative-backoff-limit/);
  });
});

describe('kubeassist check --against runs git as VS Code does', () => {
  const realGit = ['/usr/bin/git', '/usr/local/bin/git', '/bin/git'].find((path) => existsSync(path));
  let repo: GitRepo;
  before(() => {
    repo = GitRepo.create();
    repo.commit({ 'jobs/migrate.yaml': JOB, 'jobs/big.yaml': `${JOB}# ${'x'.repeat(3000)}\n` }, 'jobs');
  });
  after(() => repo.remove());

  it('never runs a `git` program of the folder it runs in, even where PATH has an empty entry', { ...GUARD, skip: realGit && !existsSync(join(tmpdir(), 'git')) ? false : 'git is not in /usr/bin, /usr/local/bin or /bin' }, async () => {
    const marker = join(repo.root, 'workspace-git-ran');
    writeFileSync(join(repo.root, 'git'), `#!/bin/sh\ntouch '${marker}'\nexec ${realGit} "$@"\n`);
    chmodSync(join(repo.root, 'git'), 0o755);
    try {
      write(repo.root, { 'jobs/migrate.yaml': JOB.replace('migrate:1.0', 'migrate:1.1') });
      const result = await run(['check', '--against', 'HEAD', 'jobs/migrate.yaml'], repo.root, { PATH: `:${dirname(realGit!)}` });
      assert.match(result.stdout, /^jobs\/migrate\.yaml:11:16 warning update\/job\/template-immutable /m);
      assert.equal(existsSync(marker), false);
    } finally {
      rmSync(join(repo.root, 'git'), { force: true });
    }
  });

  it('a file larger at the ref than the size limit is not read: a problem, not a parse of it', { ...GUARD, skip: realGit ? false : 'git is not installed' }, async () => {
    write(repo.root, { 'jobs/big.yaml': JOB });
    const result = await run(['check', '--against', 'HEAD', '--max-file-size', '2000', 'jobs/big.yaml'], repo.root);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^kubeassist: jobs\/big\.yaml: --against HEAD: the file has 3\d{3} bytes at HEAD, more than the size limit \(2000; --max-file-size\)\n$/);
  });
});
