// `npm run package` makes a small .vsix that holds the bundles and no node_modules.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const VSCE = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');

describe('the extension package', () => {
  it('lists only the bundles, the grammar and the documents (no node_modules, no sources)', () => {
    const result = spawnSync(process.execPath, [VSCE, 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n').sort(), [
      'CHANGELOG.md', 'LICENSE', 'NOTICE', 'README.md', 'dist/cli.js', 'dist/engine.js', 'dist/extension.js', 'dist/server.js', 'package.json',
      'syntaxes/kubeassist.injection.tmLanguage.json',
    ]);
  });

  it('packages offline into a .vsix under 2 MB', () => {
    const out = mkdtempSync(join(tmpdir(), 'kubeassist-vsix-'));
    try {
      const file = join(out, 'kubeassist.vsix');
      const result = spawnSync(process.execPath, [VSCE, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', file], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr + result.stdout);
      const size = statSync(file).size;
      assert.ok(size < 2 * 1024 * 1024, `${size} bytes`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
