// `npm run package` makes a small .vsix that holds what the extension loads and what its page shows, and
// nothing more: no CLI bundle (the extension never loads it), no source-map references to maps it does not
// ship, every README picture inside the package, a repository in the manifest.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/shared';

const VSCE = join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
const PACKAGED = [
  'CHANGELOG.md', 'LICENSE', 'NOTICE', 'README.md',
  'dist/engine.js', 'dist/extension.js', 'dist/mcp.js', 'dist/server.js',
  'docs/images/completion.png', 'docs/images/diagnostics.png', 'docs/images/hover.png', 'docs/images/quick-fix.png',
  'package.json', 'syntaxes/kubeassist.injection.tmLanguage.json',
];

type Vsix = { zipEntries(file: string): Map<string, Buffer>; vsixProblems(entries: Map<string, Buffer>): string[]; imageLinks(markdown: string): string[] };
const vsix = (): Promise<Vsix> => import(join(REPO_ROOT, 'scripts', 'vsix.mjs')) as Promise<Vsix>;

describe('the extension package', () => {
  it('lists the bundles the extension loads (the server, the engine, and the MCP server its definition starts), the grammar, the documents and the README pictures; no CLI, no node_modules, no sources', () => {
    const result = spawnSync(process.execPath, [VSCE, 'ls', '--no-dependencies'], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n').sort(), PACKAGED);
  });

  it('packaged as `npm run package` does (minified build, offline vsce): under 2 MB, no dangling source-map reference, every README image inside', async () => {
    // A copy of the tree, so that the minified build does not replace the dist/ other tests are using.
    const work = mkdtempSync(join(tmpdir(), 'kubeassist-vsix-'));
    try {
      for (const entry of ['client', 'server', 'schemas', 'scripts', 'examples', 'syntaxes', 'docs', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'NOTICE', '.vscodeignore', 'tsconfig.json']) {
        cpSync(join(REPO_ROOT, entry), join(work, entry), { recursive: true });
      }
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
      const build = spawnSync(process.execPath, ['scripts/build.mjs', '--minify'], { cwd: work, encoding: 'utf8' });
      assert.equal(build.status, 0, build.stderr + build.stdout);
      const file = join(work, 'kubeassist.vsix');
      const result = spawnSync(process.execPath, [VSCE, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', file], { cwd: work, encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr + result.stdout);
      assert.ok(statSync(file).size < 2 * 1024 * 1024, `${statSync(file).size} bytes`);
      const { zipEntries, vsixProblems } = await vsix();
      const entries = zipEntries(file);
      assert.deepEqual(vsixProblems(entries), []);
      assert.deepEqual([...entries.keys()].filter((name) => name.startsWith('extension/dist/')).sort(), ['extension/dist/engine.js', 'extension/dist/extension.js', 'extension/dist/mcp.js', 'extension/dist/server.js']);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('the package check names a script pointing at a map it does not ship, a README picture outside the package, and a manifest without repository', async () => {
    const { vsixProblems, imageLinks } = await vsix();
    const entries = new Map<string, Buffer>([
      ['extension/dist/server.js', Buffer.from('run();\n//# sourceMappingURL=server.js.map\n')],
      ['extension/readme.md', Buffer.from('![one](docs/images/a.png) ![two](https://example.com/b.png) <img src="docs/images/c.png">')],
      ['extension/docs/images/c.png', Buffer.from('png')],
      ['extension/package.json', Buffer.from('{"name":"x"}')],
    ]);
    assert.deepEqual(vsixProblems(entries), [
      'extension/dist/server.js names server.js.map, which is not in the package',
      'README.md shows docs/images/a.png, which is not in the package',
      'package.json has no repository',
    ]);
    assert.deepEqual(imageLinks('![a](x.png "title") ![b](<y z.png>) [not an image](z.png)'), ['x.png', 'y z.png']);
  });
});
