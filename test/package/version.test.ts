// One version everywhere a user reads it: package.json (the extension page, `npm pack`'s tarball), the newest
// CHANGELOG heading, the lock file, what the CLI and the language server say, and the release the README and
// the pre-commit hook tell users to pin (`@v0.2.0`, `rev: v0.2.0`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { TestServer } from '../support/lspClient';
import { REPO_ROOT } from '../support/shared';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
const VERSION = (JSON.parse(read('package.json')) as { version: string }).version;

describe('one version everywhere', () => {
  it("package.json's version is the newest CHANGELOG heading's, and the lock file's", () => {
    const newest = /^## (\d+\.\d+\.\d+)\b/m.exec(read('CHANGELOG.md'))?.[1];
    assert.equal(VERSION, newest);
    const lock = JSON.parse(read('package-lock.json')) as { version: string; packages: Record<string, { version?: string }> };
    assert.deepEqual([lock.version, lock.packages[''].version], [VERSION, VERSION]);
  });

  it('the CLI and the language server say that version', async () => {
    const cli = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), '--version'], { encoding: 'utf8' });
    assert.equal(cli.stdout, `kubeassist ${VERSION}\n`);
    const server = await TestServer.start();
    try {
      for (let i = 0; i < 100 && !server.logs.some((line) => line.startsWith('KubeAssist language server')); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.match(server.logs.find((line) => line.startsWith('KubeAssist language server')) ?? '', new RegExp(`^KubeAssist language server ${VERSION.replace(/\./g, '\\.')} started`));
    } finally {
      await server.stop();
    }
  });

  it('the README, the Action example and the pre-commit hook pin that release', () => {
    for (const file of ['README.md', '.pre-commit-hooks.yaml']) {
      const pinned = [...read(file).matchAll(/(?:@|rev: )v(\d+\.\d+\.\d+)/g)].map((match) => match[1]);
      assert.ok(pinned.length > 0, file);
      assert.deepEqual([...new Set(pinned)], [VERSION], file);
    }
  });
});
