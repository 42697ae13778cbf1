// `npm run package` makes a small .vsix that holds what the extension loads and what its page shows, and
// nothing more: no CLI bundle (the extension never loads it), no source-map references to maps it does not
// ship, a user's page (EXTENSION.md, packed as the README) whose every picture and link works from the package,
// an icon, a repository in the manifest.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/shared';

const VSCE = join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
const PACKAGED = [
  'CHANGELOG.md', 'EXTENSION.md', 'LICENSE', 'NOTICE',
  'dist/engine.js', 'dist/extension.js', 'dist/mcp.js', 'dist/server.js',
  'docs/images/completion.png', 'docs/images/cronjob-calendar.png', 'docs/images/diagnostics.png', 'docs/images/hover.png', 'docs/images/quick-fix.png',
  'docs/images/simulate-timeline.png',
  'images/icon.png', 'package.json', 'syntaxes/kubeassist.injection.tmLanguage.json',
];
const MANIFEST = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { icon: string; repository: { url: string }; scripts: Record<string, string> };
/** The options `npm run package` gives vsce (the page it packs as the README among them). */
const VSCE_OPTIONS = MANIFEST.scripts.package.slice(MANIFEST.scripts.package.indexOf('vsce package') + 'vsce package'.length).trim().split(/\s+/);
const README_PATH = VSCE_OPTIONS[VSCE_OPTIONS.indexOf('--readme-path') + 1];
const REPOSITORY = MANIFEST.repository.url.replace(/\.git$/, '');

type Vsix = {
  zipEntries(file: string): Map<string, Buffer>;
  vsixProblems(entries: Map<string, Buffer>): string[];
  imageLinks(markdown: string): string[];
  markdownLinks(markdown: string): string[];
};
const vsix = (): Promise<Vsix> => import(join(REPO_ROOT, 'scripts', 'vsix.mjs')) as Promise<Vsix>;
type Icon = { iconPng(): Buffer; ICON: string };

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Links into the repository (`<repository>/blob/main/<file>#<anchor>`) that name no file of this tree or no heading of it. */
function brokenRepositoryLinks(links: readonly string[]): string[] {
  const broken: string[] = [];
  for (const link of links) {
    const match = new RegExp(`^${REPOSITORY.replace(/[.]/g, '\\.')}/(?:blob|tree)/main/([^#]+)(?:#(.+))?$`).exec(link);
    if (!match) continue;
    const [, file, anchor] = match;
    if (!existsSync(join(REPO_ROOT, file))) broken.push(`${link}: no ${file} in the repository`);
    else if (anchor && !readFileSync(join(REPO_ROOT, file), 'utf8').split('\n').some((line) => /^#{1,6} /.test(line) && anchorOf(line.replace(/^#+ /, '')) === anchor)) broken.push(`${link}: no such heading in ${file}`);
  }
  return broken;
}

describe('the extension package', () => {
  it('lists the bundles the extension loads (the server, the engine, and the MCP server its definition starts), the grammar, the documents and the README pictures; no CLI, no node_modules, no sources', () => {
    assert.equal(README_PATH, 'EXTENSION.md', 'npm run package packs the user\'s page as the README');
    const result = spawnSync(process.execPath, [VSCE, 'ls', '--no-dependencies', '--readme-path', README_PATH], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n').sort(), PACKAGED);
  });

  it('packaged as `npm run package` does (minified build, offline vsce): under 2 MB, no dangling source-map reference, the page\'s every picture and link works from the package', async () => {
    // A copy of the tree, so that the minified build does not replace the dist/ other tests are using.
    const work = mkdtempSync(join(tmpdir(), 'kubeassist-vsix-'));
    try {
      for (const entry of ['client', 'server', 'schemas', 'scripts', 'examples', 'syntaxes', 'docs', 'images', 'package.json', 'README.md', 'EXTENSION.md', 'CHANGELOG.md', 'LICENSE', 'NOTICE', '.vscodeignore', 'tsconfig.json']) {
        cpSync(join(REPO_ROOT, entry), join(work, entry), { recursive: true });
      }
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
      const build = spawnSync(process.execPath, ['scripts/build.mjs', '--minify'], { cwd: work, encoding: 'utf8' });
      assert.equal(build.status, 0, build.stderr + build.stdout);
      const file = join(work, 'kubeassist.vsix');
      const result = spawnSync(process.execPath, [VSCE, 'package', ...VSCE_OPTIONS.map((option) => (option === 'kubeassist.vsix' ? file : option))], { cwd: work, encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr + result.stdout);
      assert.ok(statSync(file).size < 2 * 1024 * 1024, `${statSync(file).size} bytes`);
      const { zipEntries, vsixProblems, markdownLinks } = await vsix();
      const entries = zipEntries(file);
      assert.deepEqual(vsixProblems(entries), []);
      const page = entries.get('extension/readme.md')!.toString('utf8');
      assert.equal(page, readFileSync(join(REPO_ROOT, 'EXTENSION.md'), 'utf8'), 'the page is EXTENSION.md as written (no link rewritten)');
      const links = markdownLinks(page);
      assert.ok(links.filter((link) => link.startsWith(`${REPOSITORY}/blob/main/`)).length >= 4, links.join('\n'));
      assert.deepEqual(brokenRepositoryLinks(links), []);
      assert.deepEqual([...entries.keys()].filter((name) => name.startsWith('extension/dist/')).sort(), ['extension/dist/engine.js', 'extension/dist/extension.js', 'extension/dist/mcp.js', 'extension/dist/server.js']);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('the package check names a script pointing at a map it does not ship, a README picture outside the package, and a manifest without repository or icon', async () => {
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
      'package.json names no icon',
    ]);
    assert.deepEqual(imageLinks('![a](x.png "title") ![b](<y z.png>) [not an image](z.png)'), ['x.png', 'y z.png']);
  });

  it('the package check names a page link to a file not in the package or to a plain http address, and an icon that is missing', async () => {
    const { vsixProblems, markdownLinks } = await vsix();
    const entries = new Map<string, Buffer>([
      ['extension/readme.md', Buffer.from('[rules](docs/rules.md) [log](CHANGELOG.md#020) [site](http://example.com) [top](#top) [web](https://example.com/a) <a href="ARCHITECTURE.md">x</a>')],
      ['extension/CHANGELOG.md', Buffer.from('# Changelog')],
      ['extension/package.json', Buffer.from('{"repository":"x","icon":"images/icon.png"}')],
    ]);
    assert.deepEqual(vsixProblems(entries), [
      'README.md links to docs/rules.md, which is not in the package',
      'README.md links to http://example.com, which is no https address',
      'README.md links to ARCHITECTURE.md, which is not in the package',
      'package.json names the icon images/icon.png, which is not in the package',
    ]);
    assert.deepEqual(markdownLinks('![pic](a.png) [`code` text](b.md) [x](<c d.md> "t")'), ['b.md', 'c d.md']);
    assert.deepEqual(brokenRepositoryLinks([`${REPOSITORY}/blob/main/README.md#in-ci`, `${REPOSITORY}/blob/main/README.md#no-such-part`, `${REPOSITORY}/blob/main/docs/nothing.md`]), [
      `${REPOSITORY}/blob/main/README.md#no-such-part: no such heading in README.md`,
      `${REPOSITORY}/blob/main/docs/nothing.md: no docs/nothing.md in the repository`,
    ]);
  });

  it('has the icon scripts/icon.mjs draws: a 128 x 128 PNG, named by package.json', async () => {
    const { iconPng, ICON } = (await import(join(REPO_ROOT, 'scripts', 'icon.mjs'))) as Icon;
    assert.equal(join(REPO_ROOT, MANIFEST.icon), ICON);
    const committed = readFileSync(ICON);
    assert.ok(committed.equals(iconPng()), 'images/icon.png is stale: run node scripts/icon.mjs');
    assert.equal(committed.toString('latin1', 12, 16), 'IHDR');
    assert.deepEqual([committed.readUInt32BE(16), committed.readUInt32BE(20)], [128, 128]);
  });
});
