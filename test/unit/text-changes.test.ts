// The file model takes an editor's incremental changes itself (issue 30: no copy of the whole text per
// keystroke): whatever the changes (positions past a line's end or the last line, reversed ranges, CRLF and
// lone CRs, `---` lines made and broken, a file that starts to read as JSON), its text is the one the LSP
// library's TextDocument makes of the same changes, its documents are a fresh split's, and its diagnostics
// a validation from scratch. The oracle reads each change's positions on a fresh TextDocument
// (`TextDocument.applyEdits`): the library's own incremental `update` keeps its line index wrong after a change
// whose range names lines past the end (it splices its line offsets at the range's lines), which no editor sends.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FileModel } from '../../server/src/service/document/fileModel';
import { offsetInText, type TextChange } from '../../server/src/service/document/textChanges';
import { DEFAULT_SETTINGS, validate, validateText } from '../../server/src/service/index';
import { random } from '../support/fuzz';
import { EXAMPLES_BUNDLE } from '../support/examples';

const BUNDLE = EXAMPLES_BUNDLE;

const SNIPPETS = ['---\n', '--- # next\n', '---', '\n', '\r\n', '\r', 'kind: Job\n', '  completions: 3\n', '{', '{"kind": "Job"}\n', '{{ x }}', ' ', '-', '#', ':', 'Job', '\t', '  ', '- name: x\n', 'é', '😀', '\ufeff'];

/** A change as an editor may send one: its positions anywhere, also past a line's end, the last line, or before the start. */
function randomChange(document: TextDocument, next: () => number): TextChange {
  const lines = document.lineCount;
  const position = () => {
    const roll = next();
    const line = roll < 0.03 ? -1 : roll < 0.06 ? lines + Math.floor(next() * 3) : Math.floor(next() * lines);
    const character = next() < 0.05 ? -1 : next() < 0.1 ? 500 : Math.floor(next() * 40);
    return { line, character };
  };
  const start = position();
  const end = next() < 0.5 ? start : next() < 0.8 ? { line: start.line + Math.floor(next() * 4), character: Math.floor(next() * 30) } : position();
  const text = next() < 0.3 ? '' : SNIPPETS[Math.floor(next() * SNIPPETS.length)];
  return next() < 0.005 ? { text: BUNDLE } : { range: { start, end }, text };
}

/** The changes applied one after the other, each read by the LSP library on the text as it then is. */
function applied(document: TextDocument, changes: readonly TextChange[]): TextDocument {
  for (const change of changes) {
    const text = change.range ? TextDocument.applyEdits(document, [{ range: change.range, newText: change.text }]) : change.text;
    document = TextDocument.create(document.uri, 'yaml', document.version + 1, text);
  }
  return document;
}

const split = (model: FileModel) => model.documents.map(({ slice, doc }) => [slice.offset, slice.line, slice.text, doc.headKept]);

describe('incremental changes applied by the file model', () => {
  it('a position reads as the LSP library reads it: past a line end, before CRLF and lone CR breaks, past the last line', () => {
    const next = random(7);
    for (const text of ['', 'a', 'a\nb', 'a\r\nb\r\n', 'a\rb\r', '\r\n\r\n', 'x\n\n\ry\r\n', BUNDLE.slice(0, 3000)]) {
      const document = TextDocument.create('file:///t.yaml', 'yaml', 1, text);
      for (let i = 0; i < 300; i++) {
        const position = { line: Math.floor(next() * (document.lineCount + 3)) - 1, character: Math.floor(next() * 30) - 2 };
        assert.equal(offsetInText(text, position), document.offsetAt(position), `${JSON.stringify(text.slice(0, 20))} ${JSON.stringify(position)}`);
      }
    }
  });

  it('after each of 3,000 random changes, the text is the LSP library\'s and the documents a fresh split\'s', () => {
    const next = random(30_12);
    for (const start of [BUNDLE, BUNDLE.replace(/\n/g, '\r\n'), `{"apiVersion": "v1"}\n${BUNDLE}`, '']) {
      const model = new FileModel();
      model.update(start);
      let document = TextDocument.create('file:///t.yaml', 'yaml', 1, start);
      for (let i = 0; i < 750; i++) {
        const changes = [randomChange(document, next), ...(next() < 0.1 ? [randomChange(document, next)] : [])];
        document = applied(document, changes);
        if (document.getText().length > 40_000) document = applied(document, [{ text: start }]), changes.push({ text: start });
        model.applyChanges(changes);
        assert.equal(model.currentText, document.getText(), `change ${i} of ${JSON.stringify(start.slice(0, 10))}: ${JSON.stringify(changes)}`);
        const fresh = new FileModel();
        fresh.update(document.getText());
        assert.deepEqual(split(model), split(fresh), `change ${i}: ${JSON.stringify(changes)}`);
      }
    }
  });

  it('after each of 300 random changes, the diagnostics equal a validation from scratch', () => {
    const next = random(30_13);
    const model = new FileModel();
    model.update(BUNDLE);
    let document = TextDocument.create('file:///t.yaml', 'yaml', 1, BUNDLE);
    for (let i = 0; i < 300; i++) {
      const changes = [randomChange(document, next)];
      document = applied(document, changes);
      model.applyChanges(changes);
      if (document.getText().length > 20_000 || document.getText().includes('{{')) {
        document = TextDocument.create('file:///t.yaml', 'yaml', 1, BUNDLE);
        model.applyChanges([{ text: BUNDLE }]);
      }
      assert.deepEqual(validate(model, model.currentText, DEFAULT_SETTINGS), validateText(document.getText(), DEFAULT_SETTINGS), `change ${i}`);
    }
  });

  it('a keystroke inside one document of a large file makes that document again and keeps every other', () => {
    const text = Array.from({ length: 200 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata:\n  a: b\n`).join('---\n');
    const model = new FileModel();
    const before = model.update(text).map(({ doc }) => doc);
    model.applyChanges([{ range: { start: { line: 7 * 100 + 5, character: 5 }, end: { line: 7 * 100 + 5, character: 6 } }, text: 'c' }]);
    const after = model.documents.map(({ doc }) => doc);
    assert.equal(after.length, 200);
    assert.deepEqual(after.flatMap((doc, i) => (doc === before[i] ? [] : [i])), [100]);
    assert.equal(model.documents[100].doc.text, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c100\ndata:\n  a: c\n'.replace(/^/, '---\n'));
    assert.equal(model.currentText, text.replace('name: c100\ndata:\n  a: b', 'name: c100\ndata:\n  a: c'));
  });
});
