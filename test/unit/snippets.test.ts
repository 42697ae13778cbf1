// New-document snippets are manifests that pass validation as inserted (Tab through the defaults).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOCUMENT_SNIPPETS, expandSnippet } from '../../server/src/service/features/snippets';
import { DEFAULT_SETTINGS, validateText } from '../../server/src/service/index';

describe('new-document snippets', () => {
  for (const snippet of DOCUMENT_SNIPPETS) {
    it(`"${snippet.label}" passes validation as inserted`, () => {
      const text = expandSnippet(snippet.body);
      assert.doesNotMatch(text, /\$\{|\$\d/, 'no snippet syntax is left');
      assert.deepEqual(validateText(text, DEFAULT_SETTINGS).map((d) => `${d.code}: ${d.message}`), []);
    });
  }

  it('expands placeholders to their defaults and choices to their first option', () => {
    assert.equal(expandSnippet('a: ${1:x}\nb: ${2|Never,OnFailure|}\nc: $3\nd: "\\$HOME"'), 'a: x\nb: Never\nc: \nd: "$HOME"');
  });
});
