// What kubectl makes of `---`, `...` and `%` lines inside one part of a file (service/document/markers.ts readPart):
// a part is read line by line only where a line starts with `-`, `.` or `%` (after a BOM); every other part is read as
// it is written. The quick look must send every text with such a line the long way, a BOM or a lone CR before it too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readPart } from '../../server/src/service/document/markers';

describe('marker and directive lines of a part', () => {
  it('a part whose lines start with keys, spaces and comments is read as written', () => {
    const text = 'kind: Job\n# a comment\nspec:\n  template: {}\n  list:\n  - a\n';
    assert.deepEqual(readPart(text), { text, issues: [], refused: false });
  });

  const rows: [name: string, text: string, refused: boolean, codes: string[], kept: string][] = [
    ['a `...` with no document before it, behind a BOM', '\ufeff...\nkind: Job\n', true, ['yaml/document-marker'], ''],
    ['a `...` after the content: what follows is dropped', 'a: 1\n...\nb: 2\n', false, ['yaml/after-document-end'], 'a: 1\n...\n'],
    ['a malformed directive after the content', 'a: 1\n%YAML\nb: 2\n', true, ['yaml/directive'], 'a: 1\n'],
    ['a `---` after the content (kubectl did not split there: a lone CR ended the line before)', 'a: 1\n---\nb: 2\n', false, ['yaml/after-document-end'], 'a: 1\n'],
  ];
  for (const [name, text, refused, codes, kept] of rows) {
    it(`still reads ${name}`, () => {
      const part = readPart(text);
      assert.deepEqual([part.refused, part.issues.map((issue) => issue.code), part.text], [refused, codes, kept]);
    });
  }
});
