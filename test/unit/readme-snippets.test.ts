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
