// The language server on a Node whose V8 did not make dist/engine.cache (VS Code runs it on its own) keeps a code
// cache of its own in the folder KUBEASSIST_CODE_CACHE_DIR names (the VS Code client gives its private global
// storage; scripts/build.mjs engineFacade): written once the engine has run, whole and private to the user, the only
// engine cache in that folder; taken by the next start, which then writes nothing; refused and made again when it is
// not one (or not read at all when far larger than one). Nothing is written without the folder, nor where the build's
// own cache applies, and the build's cache is never opened on another V8. Another V8 is stood in for by a copy of this
// build whose facade names another V8 as the build's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Script } from 'node:vm';
import { EXAMPLES_BUNDLE } from '../support/examples';
import { SERVER, TestServer } from '../support/lspClient';

const DIST = join(SERVER, '..');
const URI = 'file:///workspace/examples.yaml';
/** The cache's file name: this engine's id and this process's V8 (the server's Node is the test's). */
const CACHE_NAME = new RegExp(`^engine-[0-9a-f]{16}-${process.versions.v8.replace(/[^\w.-]/g, '_').replace(/\./g, '\\.')}\\.cache$`);
const DELAY = { KUBEASSIST_CODE_CACHE_DELAY_MS: '200' };

let root: string;
let anotherBuild: string;

/**
 * A copy of this build whose facade says another V8 made it: server.js and engine.js, and in place of the build's
 * engine.cache, which that V8 would refuse, a FIFO: a server that opened it would wait there for ever.
 */
function copyBuiltByAnotherV8(): string {
  const dist = join(root, 'dist-another-v8');
  mkdirSync(dist);
  copyFileSync(join(DIST, 'engine.js'), join(dist, 'engine.js'));
  assert.equal(spawnSync('mkfifo', [join(dist, 'engine.cache')]).status, 0, 'mkfifo makes a FIFO');
  // The facade names the V8 that built it (BUILD_V8), this process's: the one place the server holds that string.
  const server = readFileSync(SERVER, 'utf8');
  const built = JSON.stringify(process.versions.v8);
  assert.equal(server.split(built).length, 2, `dist/server.js names the V8 that built it (${built}) once: a build made by this Node`);
  writeFileSync(join(dist, 'server.js'), server.replace(built, '"0.0.0-another-v8"'));
  return join(dist, 'server.js');
}

/**
 * The diagnostics of the examples bundle from a server started with `env` (`server`: another build), which runs on
 * until `meanwhile` is done (the cache is written while the server runs).
 */
async function diagnosticsFrom(env: Record<string, string>, server?: string, meanwhile: () => Promise<void> = () => sleep(1000)): Promise<unknown> {
  const started = await TestServer.start({ env, server });
  try {
    const diagnostics = await started.open(URI, EXAMPLES_BUNDLE);
    await meanwhile();
    return diagnostics;
  } finally {
    // A server stuck (reading the FIFO, say) answers no shutdown: it is killed instead of holding the test up.
    await Promise.race([started.stop(), sleep(5000)]);
    started.process.kill('SIGKILL');
  }
}

/** Waits until `ready` holds (polling), or fails after `timeoutMs`. */
async function until(ready: () => boolean, what: string, timeoutMs = 10000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const engineCaches = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith('engine-')) : []);

/** Whether this process's V8 takes `cache` for the engine, read as the facade reads it. */
function takesCache(cache: Buffer): boolean {
  const file = join(DIST, 'engine.js');
  const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, 'latin1')}\n})`;
  return !new Script(source, { filename: file, cachedData: cache }).cachedDataRejected;
}

describe('the code cache a server keeps for a Node that refuses the build\'s', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-code-cache-'));
    anotherBuild = copyBuiltByAnotherV8();
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('is written once the engine has run, private, the one engine cache of its folder; the next start takes it and writes nothing', async () => {
    const folder = join(root, 'storage');
    mkdirSync(folder, { mode: 0o700 });
    writeFileSync(join(folder, 'engine-0123456789abcdef-9.9.9.cache'), 'an older engine\'s cache');
    writeFileSync(join(folder, 'notes.txt'), 'not ours');
    const env = { KUBEASSIST_CODE_CACHE_DIR: folder, ...DELAY };
    const first = await diagnosticsFrom(env, anotherBuild, () => until(() => engineCaches(folder).some((name) => CACHE_NAME.test(name)), 'the code cache'));
    const [name] = engineCaches(folder);
    assert.deepEqual(readdirSync(folder).sort(), [name, 'notes.txt'].sort(), 'the older cache is gone, nothing half written is left, other files stay');
    assert.match(name, CACHE_NAME);
    const written = statSync(join(folder, name));
    assert.equal(written.mode & 0o777, 0o600);
    assert.ok(written.size > 100_000, `a cache of the engine's compiled functions (${written.size} bytes)`);
    assert.equal(takesCache(readFileSync(join(folder, name))), true);

    const second = await diagnosticsFrom(env, anotherBuild);
    assert.deepEqual(second, first);
    assert.deepEqual(readdirSync(folder).sort(), [name, 'notes.txt'].sort());
    assert.equal(statSync(join(folder, name)).mtimeMs, written.mtimeMs, 'taken, so not written again');
  });

  it('is refused and made again when the file is not a cache, and not read when it is far larger than one', async () => {
    const folder = join(root, 'garbage');
    mkdirSync(folder);
    const env = { KUBEASSIST_CODE_CACHE_DIR: folder, ...DELAY };
    const clean = await diagnosticsFrom(env, anotherBuild, () => until(() => engineCaches(folder).length === 1, 'the code cache'));
    const [name] = engineCaches(folder);
    writeFileSync(join(folder, name), Buffer.alloc(4096, 0x5a));
    assert.deepEqual(await diagnosticsFrom(env, anotherBuild, () => until(() => statSync(join(folder, name)).size !== 4096, 'the cache made again')), clean);
    assert.equal(takesCache(readFileSync(join(folder, name))), true);
    // Far larger than a cache (a sparse file: nothing is written to the disk): not read, made again.
    const huge = 65 * 1024 * 1024;
    truncateSync(join(folder, name), huge);
    assert.deepEqual(await diagnosticsFrom(env, anotherBuild, () => until(() => statSync(join(folder, name)).size !== huge, 'the cache made again')), clean);
    assert.equal(takesCache(readFileSync(join(folder, name))), true);
  });

  it('is not written without a folder for it, nor where the build\'s own cache applies', async () => {
    const folder = join(root, 'unused');
    mkdirSync(folder);
    const copied = readdirSync(join(anotherBuild, '..')).sort();
    await diagnosticsFrom(DELAY, anotherBuild);
    await diagnosticsFrom({ KUBEASSIST_CODE_CACHE_DIR: folder, ...DELAY });
    assert.deepEqual(readdirSync(folder), []);
    assert.deepEqual(readdirSync(join(anotherBuild, '..')).sort(), copied);
  });

  it('is not looked for in a relative folder', async () => {
    const relative = 'kubeassist-relative-cache-folder';
    await diagnosticsFrom({ KUBEASSIST_CODE_CACHE_DIR: relative, ...DELAY }, anotherBuild);
    assert.equal(existsSync(join(process.cwd(), relative)), false);
  });
});
