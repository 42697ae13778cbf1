// `kubeassist check --jobs N`: files spread over worker threads give exactly what one thread gives, in the
// order the files were given, in every format, and `--fix` rewrites the same files the same way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BYTES_PER_THREAD, defaultWorkers, FILES_PER_WORKER, idleCpus } from '../../server/src/cli/pool';
import type { FileTask } from '../../server/src/cli/checkFile';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const EXAMPLES = readdirSync(join(REPO_ROOT, 'examples')).filter((name) => name.endsWith('.yaml')).sort().map((name) => readFileSync(join(REPO_ROOT, 'examples', name), 'utf8'));

describe('kubeassist check --jobs', () => {
  let root: string;
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-jobs-'));
    // 700 files in three folders (enough for three threads), the examples in turn (mistakes, clean files,
    // other YAML), sizes varied so that workers finish out of order.
    for (let i = 0; i < 3 * FILES_PER_WORKER + 100; i++) {
      const folder = join(root, 'tree', `part-${i % 3}`);
      mkdirSync(folder, { recursive: true });
      const text = EXAMPLES[i % EXAMPLES.length];
      writeFileSync(join(folder, `file-${String(i).padStart(3, '0')}.yaml`), i % 37 === 0 ? Array.from({ length: 20 }, () => text).join('---\n') : text);
    }
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  for (const format of ['text', 'json', 'sarif', 'github', 'junit']) {
    it(`--format ${format}: ${format === 'text' ? '2 and 3 threads print' : '3 threads print'} exactly what one prints`, () => {
      const one = run(['--jobs', '1', '--format', format, 'tree']);
      assert.equal(one.status, 1, one.stderr);
      assert.ok(one.stdout.length > 1000);
      for (const jobs of format === 'text' ? ['2', '3'] : ['3']) {
        const many = run(['--jobs', jobs, '--format', format, 'tree']);
        assert.equal(many.status, one.status);
        assert.equal(many.stderr, one.stderr);
        assert.ok(many.stdout === one.stdout, `--jobs ${jobs} differs from --jobs 1`);
      }
    });
  }

  it('files are reported in the order given, folders in name order', () => {
    const { stdout } = run(['--jobs', '2', 'tree/part-2', 'tree/part-0']);
    const files = [...new Set(stdout.trimEnd().split('\n').slice(0, -1).map((line) => line.split(':')[0]))];
    const expected = [2, 0].flatMap((part) => readdirSync(join(root, 'tree', `part-${part}`)).sort().map((name) => `tree/part-${part}/${name}`));
    assert.deepEqual(files, expected.filter((file) => files.includes(file)));
    assert.ok(files.length > 50);
  });

  it('--fix on threads rewrites the files as one thread does', () => {
    cpSync(join(root, 'tree'), join(root, 'fixed-1'), { recursive: true });
    cpSync(join(root, 'tree'), join(root, 'fixed-2'), { recursive: true });
    const one = run(['--jobs', '1', '--fix', 'fixed-1']);
    const two = run(['--jobs', '2', '--fix', 'fixed-2']);
    assert.equal(two.stdout.replaceAll('fixed-2/', 'fixed-1/'), one.stdout);
    assert.match(one.stdout, /^fixed-1\/part-0\/file-\d+\.yaml: fixed \d+ findings?$/m);
    for (const part of ['part-0', 'part-1', 'part-2']) {
      for (const name of readdirSync(join(root, 'fixed-1', part))) {
        assert.equal(readFileSync(join(root, 'fixed-2', part, name), 'utf8'), readFileSync(join(root, 'fixed-1', part, name), 'utf8'), `${part}/${name}`);
      }
    }
  });

  it('--jobs takes a whole number of threads, 1 or more', () => {
    for (const jobs of ['0', 'two', '1.5']) {
      const { status, stderr } = run(['--jobs', jobs, 'tree']);
      assert.equal(status, 2);
      assert.match(stderr, /^kubeassist: --jobs takes a number of threads, 1 or more\n/);
    }
  });
});

describe('kubeassist check without --jobs: the main thread, and workers beside it for the amount of work on idle CPUs', () => {
  /** `count` inputs of `size` characters each (standard-input texts: no file to stat). */
  const inputs = (count: number, size: number): FileTask[] => {
    const text = 'x'.repeat(size);
    return Array.from({ length: count }, (_, index) => ({ index, path: '-', name: `file-${index}`, settings: 0, text }));
  };

  it('checks a small repository on the main thread alone, however many CPUs are idle', () => {
    assert.equal(defaultWorkers(inputs(1000, 1024), 64), 0);
    assert.equal(defaultWorkers(inputs(1, BYTES_PER_THREAD - 1), 64), 0);
    assert.equal(defaultWorkers([], 64), 0);
  });

  it('starts one worker per 24 MiB of input beside the main thread, up to the idle CPUs', () => {
    const kibibyte = 1024;
    assert.equal(BYTES_PER_THREAD, 24 * 1024 * kibibyte);
    assert.equal(defaultWorkers(inputs(24 * 1024 - 1, kibibyte), 1), 0);
    assert.equal(defaultWorkers(inputs(24 * 1024, kibibyte), 1), 1);
    // The bench's 20,000 files of about 1 KiB: the main thread alone (a worker beside it saved nothing on 2 CPUs).
    assert.equal(defaultWorkers(inputs(20_000, kibibyte), 1), 0);
    assert.equal(defaultWorkers(inputs(200_000, kibibyte), 8), 8);
    assert.equal(defaultWorkers(inputs(200_000, kibibyte), 3.4), 3);
    assert.equal(defaultWorkers(inputs(60_000, kibibyte), 8), 2);
  });

  it('starts no worker when other processes keep the other CPUs busy', () => {
    assert.equal(defaultWorkers(inputs(30_000, 1024), 0), 0);
    assert.equal(defaultWorkers(inputs(30_000, 1024), 0.4), 0);
    assert.equal(defaultWorkers(inputs(30_000, 1024), 0.6), 1);
  });

  it('counts the idle CPUs while the inputs are listed, or as KUBEASSIST_IDLE_CPUS says', () => {
    const measured = idleCpus();
    const until = Date.now() + 60;
    while (Date.now() < until); // this thread busy, as listing a repository keeps it
    const idle = measured();
    assert.ok(idle >= 0 && idle <= Math.max(0, availableParallelism() - 1), `${idle} idle CPUs of ${availableParallelism()}`);
    process.env.KUBEASSIST_IDLE_CPUS = '3';
    try {
      assert.equal(idleCpus()(), 3);
    } finally {
      delete process.env.KUBEASSIST_IDLE_CPUS;
    }
  });

  it('counts the size of files on disk, and an unreadable file as empty', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kubeassist-jobs-size-'));
    try {
      const file = join(folder, 'big.yaml');
      writeFileSync(file, 'x'.repeat(3 * BYTES_PER_THREAD));
      const onDisk: FileTask = { index: 0, path: file, name: 'big.yaml', settings: 0 };
      assert.equal(defaultWorkers([onDisk], 8), 3);
      const missing: FileTask = { index: 1, path: join(folder, 'missing.yaml'), name: 'missing.yaml', settings: 0 };
      assert.equal(defaultWorkers([onDisk, missing, missing, missing, missing, missing], 8), 3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the main thread and a worker print exactly what one thread prints', () => {
    const root = mkdtempSync(join(tmpdir(), 'kubeassist-jobs-main-'));
    try {
      // 300 files, one in ten a hundred documents long: about 3 MiB, a worker beside the main thread when a worker
      // is started per 2 MiB (KUBEASSIST_BYTES_PER_THREAD; by default per 24 MiB, which would take a minute here).
      for (let i = 0; i < 300; i++) {
        const folder = join(root, 'tree', `part-${i % 3}`);
        mkdirSync(folder, { recursive: true });
        const text = EXAMPLES[i % EXAMPLES.length];
        writeFileSync(join(folder, `file-${String(i).padStart(3, '0')}.yaml`), i % 10 === 0 ? Array.from({ length: 100 }, () => text).join('---\n') : text);
      }
      const env = { ...process.env, KUBEASSIST_BYTES_PER_THREAD: String(2 * 1024 * 1024) };
      const run = (args: string[], idle: string) => spawnSync(process.execPath, [CLI, 'check', ...args, 'tree'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...env, KUBEASSIST_IDLE_CPUS: idle } });
      for (const format of ['text', 'json']) {
        const one = run(['--jobs', '1', '--format', format], '0');
        assert.equal(one.status, 1, one.stderr);
        const both = run(['--format', format], '1');
        assert.equal(both.status, one.status);
        assert.equal(both.stderr, one.stderr);
        assert.ok(both.stdout === one.stdout, `--format ${format}: the main thread and a worker differ from one thread`);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
