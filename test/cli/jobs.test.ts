// `kubeassist check --jobs N`: files spread over worker threads give exactly what one thread gives, in the
// order the files were given, in every format, and `--fix` rewrites the same files the same way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BYTES_PER_THREAD, defaultThreads, FILES_PER_WORKER } from '../../server/src/cli/pool';
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

describe('kubeassist check without --jobs: threads from the amount of work', () => {
  /** `count` inputs of `size` characters each (standard-input texts: no file to stat). */
  const inputs = (count: number, size: number): FileTask[] => Array.from({ length: count }, (_, index) => ({ index, path: '-', name: `file-${index}`, settings: 0, text: 'x'.repeat(size) }));

  it('checks a small repository on the main thread, however many CPUs are idle', () => {
    assert.equal(defaultThreads(inputs(1000, 1024), 64, 0), 0);
    assert.equal(defaultThreads(inputs(6000, 1024), 64, 0), 0);
    assert.equal(defaultThreads([], 64, 0), 0);
  });

  it('starts one thread per 8 MiB of input, up to the idle CPUs', () => {
    const mebibyte = BYTES_PER_THREAD / 8;
    assert.equal(defaultThreads(inputs(15, mebibyte), 2, 0), 0);
    assert.equal(defaultThreads(inputs(16, mebibyte), 2, 0), 2);
    assert.equal(defaultThreads(inputs(16, mebibyte), 8, 0), 2);
    assert.equal(defaultThreads(inputs(100, mebibyte), 8, 0), 8);
    assert.equal(defaultThreads(inputs(100, mebibyte), 8, 4.2), 4);
  });

  it('uses no threads on a machine whose load leaves fewer than two CPUs idle', () => {
    assert.equal(defaultThreads(inputs(100, BYTES_PER_THREAD / 8), 2, 0.7), 0);
    assert.equal(defaultThreads(inputs(100, BYTES_PER_THREAD / 8), 4, 3), 0);
  });

  it('counts the size of files on disk, and an unreadable file as empty', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kubeassist-jobs-size-'));
    try {
      const file = join(folder, 'big.yaml');
      writeFileSync(file, 'x'.repeat(3 * BYTES_PER_THREAD));
      const onDisk: FileTask = { index: 0, path: file, name: 'big.yaml', settings: 0 };
      assert.equal(defaultThreads([onDisk], 8, 0), 3);
      const missing: FileTask = { index: 1, path: join(folder, 'missing.yaml'), name: 'missing.yaml', settings: 0 };
      assert.equal(defaultThreads([onDisk, missing, missing, missing, missing, missing], 8, 0), 3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
