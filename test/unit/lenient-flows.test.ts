// joinMultilineFlows and repairUnderIndentedQuotedScalars (document/lenient.ts): go-yaml reads flow collections
// and quoted strings whose lines sit at or left of their key's column; the shadow text joins them. These pin down
// what it passes over: block scalars, also when a comment follows the indicator, and lines a Helm-template cut
// left blank (the fuzz test once found a 50,000-blank line that took the comment strip two seconds); and that a
// BOM at the start of the text does not hide the first line's key from it (the differential test found that).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinMultilineFlows, repairUnderIndentedQuotedScalars } from '../../server/src/service/document/lenient';

describe('joining multi-line flow collections', () => {
  it('joins a flow sequence whose closing bracket sits at its key\'s column', () => {
    const text = 'args: [\n  a,\n  b\n]\n';
    const repair = joinMultilineFlows(text);
    assert.equal(repair?.text, 'args: [   a,   b ]\n');
    assert.deepEqual(repair?.underIndented, [text.indexOf(']')]);
  });

  it('passes over a block scalar whose indicator is followed by a comment', () => {
    const text = 'script: |  # the shell script\n  run [\nkey: 1\n';
    assert.equal(joinMultilineFlows(text), undefined);
  });

  it('keeps reading after a line of 200,000 blanks, where a comment strip used to backtrack', () => {
    const text = `${' '.repeat(200_000)}\nargs: [\n  a\n]\n`;
    const repair = joinMultilineFlows(text);
    assert.equal(repair?.text.slice(200_001), 'args: [   a ]\n');
  });
});

describe('joining quoted strings whose continuation lines sit at or left of their key', () => {
  it('reads the first line past a BOM at the start of the text, as go-yaml does (kubectl drops the BOM)', () => {
    const text = "\ufeffapiVersion: 'storage.k8s.\nio/v1'\nkind: CSIDriver\n";
    const repair = repairUnderIndentedQuotedScalars(text);
    assert.equal(repair?.text, "\ufeffapiVersion: 'storage.k8s. io/v1'\nkind: CSIDriver\n");
    assert.deepEqual(repair?.joinedLines, [text.indexOf('io/v1')]);
  });

  it('passes over a block scalar: a quote in its text opens no string, and a line left of it is no continuation', () => {
    const text = 'note: |\n  reason: "a\nb"\nkey: "c\nd"\n';
    const repair = repairUnderIndentedQuotedScalars(text);
    assert.equal(repair?.text, 'note: |\n  reason: "a\nb"\nkey: "c d"\n');
    assert.deepEqual(repair?.joinedLines, [text.indexOf('d"')]);
  });

  it('joins a quoted value under a single- or double-quoted key, escaped quotes in the key and all', () => {
    const text = `'it''s': 'a\nb'\n"say \\"hi\\"" : "c\nd"\n`;
    const repair = repairUnderIndentedQuotedScalars(text);
    assert.equal(repair?.text, `'it''s': 'a b'\n"say \\"hi\\"" : "c d"\n`);
    assert.deepEqual(repair?.joinedLines, [text.indexOf("b'"), text.indexOf('d"')]);
  });
});
