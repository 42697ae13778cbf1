// The TextMate injection grammar (syntaxes/kubeassist.injection.tmLanguage.json): runs the
// vscode-tmgrammar-test fixtures in test/grammar/ through scripts/test-grammar.mjs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..');

describe('TextMate injection grammar', () => {
  it('is a YAML injection grammar', () => {
    const grammar = JSON.parse(readFileSync(join(root, 'syntaxes', 'kubeassist.injection.tmLanguage.json'), 'utf8'));
    assert.equal(grammar.scopeName, 'kubeassist.yaml.injection');
    assert.match(grammar.injectionSelector, /^L:source\.yaml\b/);
  });

  it('passes the scope assertions in test/grammar/*.yaml, in linear time on long lines', () => {
    const started = Date.now();
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'test-grammar.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const seconds = (Date.now() - started) / 1000;
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    assert.equal(result.error, undefined, output);
    assert.equal(result.status, 0, output);
    assert.match(output, /grammar tests: \d+ fixtures, \d+ assertion lines: passed/);
    // About 1 s here; an unbounded look-behind makes long-lines.yaml alone take about 20 s.
    assert.ok(seconds < 10, `grammar tests took ${seconds.toFixed(1)} s`);
  });
});
