// The README's Neovim and Emacs snippets (the set-up and explain) are the very files the real-editor tests load.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README editor snippets', () => {
  for (const [fence, file] of [
    ['lua', 'test/e2e/neovim/kubeassist.lua'], ['elisp', 'test/e2e/emacs/kubeassist.el'], ['lua', 'test/e2e/neovim/explain.lua'], ['elisp', 'test/e2e/emacs/explain.el'],
  ]) {
    it(`shows ${file} verbatim`, () => {
      const snippet = readFileSync(join(root, file), 'utf8');
      assert.ok(readme.includes('```' + fence + '\n' + snippet + '```\n'), `README.md must show ${file} in a \`\`\`${fence} block, unchanged`);
    });
  }
});

// Issue 28: the README told MCP users to run `npx -y kubeassist mcp`, but no such package is published; npx would
// fetch whatever the registry holds under that name. The install commands it gives must be ones this clone has.
describe('README install commands', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string>; scripts: Record<string, string> };

  it('runs kubeassist through npx only where it says the package must be published first', () => {
    for (const [index, paragraph] of readme.split(/\n\s*\n/).entries()) {
      if (!/npx\b[^\n]*kubeassist|"npx"/.test(paragraph)) continue;
      assert.match(paragraph, /not published|once the package is published/, `README paragraph ${index} runs kubeassist through npx without saying it is not published yet:\n${paragraph}`);
    }
  });

  it('configures MCP clients with the installed `kubeassist mcp`', () => {
    const block = /```json\n(\{\n {2}"mcpServers"[\s\S]*?)```/.exec(readme)?.[1];
    assert.ok(block, 'README.md must show an mcpServers configuration');
    const server = (JSON.parse(block) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.kubeassist;
    assert.deepEqual(server, { command: 'kubeassist', args: ['mcp'] });
    assert.equal(pkg.bin.kubeassist, 'dist/cli.js', 'package.json must install the `kubeassist` command');
  });

  it('installs from a clone with commands this package has', () => {
    for (const command of ['npm ci && npm pack', 'npm install -g ./kubeassist-*.tgz', 'npm ci && npm run build', 'npm link']) {
      assert.ok(readme.includes('\n' + command + ' '), `README.md must say how to install: \`${command}\``);
    }
    assert.ok(pkg.scripts.prepack, '`npm pack` must build the bundles (a prepack script)');
    assert.ok(pkg.scripts.build, '`npm run build` must exist');
    const npmignore = readFileSync(join(root, '.npmignore'), 'utf8');
    for (const file of Object.values(pkg.bin)) assert.ok(npmignore.includes(`!/${file}\n`), `the packed tarball must keep ${file} (.npmignore)`);
  });
});
