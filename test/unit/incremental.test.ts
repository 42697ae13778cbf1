// The incremental engine never differs from a check from scratch: random edits (document markers,
// directives, line breaks, mistakes) applied to one FileModel give the documents a fresh split gives and the
// diagnostics a fresh validation gives, after every edit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commonEnds, FileModel } from '../../server/src/service/document/fileModel';
import { readsAsJson, splitJsonStream } from '../../server/src/service/document/jsonStream';
import { splitDocuments } from '../../server/src/service/document/split';
import { checkedResources, DEFAULT_SETTINGS, validate, validateText } from '../../server/src/service/index';
import { random } from '../support/fuzz';
import { EXAMPLES_BUNDLE } from '../support/examples';

const BUNDLE = EXAMPLES_BUNDLE;

const SNIPPETS = ['---\n', '...\n', '--- # next\n', '%YAML 1.1\n', '\n', '\r\n', 'kind: Job\n', 'kind: List\nitems:\n- ', '  completions: 3\n', '  restartPolicy: Always\n', '{{ x }}', ' ', '-', '.', '#', ':', 'Job', 'CSIDriver', '\t', '"', "'", '  ', '- name: x\n'];

function randomEdit(text: string, next: () => number): { start: number; end: number; insert: string } {
  const at = () => Math.floor(next() * (text.length + 1));
  const lineStart = (offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
  const roll = next();
  const start = roll < 0.4 ? lineStart(at()) : at();
  const length = next() < 0.5 ? 0 : Math.floor(next() ** 3 * Math.min(400, text.length - start));
  const insert = next() < 0.3 ? '' : SNIPPETS[Math.floor(next() * SNIPPETS.length)];
  return { start, end: start + length, insert };
}

describe('incremental engine', () => {
  it('finds the common ends of two texts, also across chunk boundaries', () => {
    const long = 'a'.repeat(5000);
    assert.deepEqual(commonEnds(long, long + 'b'), { prefix: 5000, suffix: 0 });
    assert.deepEqual(commonEnds('x' + long, 'y' + long), { prefix: 0, suffix: 5000 });
    assert.deepEqual(commonEnds(long + 'x' + long, long + long), { prefix: 5000, suffix: 5000 });
    assert.deepEqual(commonEnds('aaa', 'aa'), { prefix: 2, suffix: 0 });
  });

  it('after each of 1,500 random edits, the documents equal a fresh split of the text', () => {
    const next = random(6);
    const model = new FileModel();
    let text = BUNDLE;
    for (let i = 0; i < 1500; i++) {
      const { start, end, insert } = randomEdit(text, next);
      text = text.slice(0, start) + insert + text.slice(end);
      if (text.length > 20000 || next() < 0.01) text = BUNDLE;
      const placed = model.update(text).map(({ slice }) => [slice.offset, slice.line, slice.text]);
      // A lone CR ends a line, as for LSP clients: the model reads it as LF; kubectl splits only after a real LF.
      const read = text.replace(/\r(?!\n)/g, '\n');
      const written = text;
      const slices = readsAsJson(read) ? splitJsonStream(read) : splitDocuments(read, (offset) => written.charCodeAt(offset - 1) === 10);
      const expected = slices.map((slice) => [slice.offset, slice.line, slice.text]);
      assert.deepEqual(placed, expected, `edit ${i}`);
    }
  });

  it('a file that stops reading as JSON is split at its `---` lines again, as a fresh model splits it', () => {
    const json = '{"apiVersion": "v1", "kind": "ConfigMap"}\n---\napiVersion: batch/v1\nkind: Job\n';
    const model = new FileModel();
    assert.deepEqual(model.update(json).map(({ slice }) => slice.text), ['{"apiVersion": "v1", "kind": "ConfigMap"}', '\n---\napiVersion: batch/v1\nkind: Job\n']);
    const yaml = json.slice(1);
    assert.deepEqual(model.update(yaml).map(({ slice }) => [slice.offset, slice.line, slice.text]), splitDocuments(yaml).map((slice) => [slice.offset, slice.line, slice.text]));
    assert.deepEqual(validate(model, yaml, DEFAULT_SETTINGS), validateText(yaml, DEFAULT_SETTINGS));
  });

  it('after each of 300 random edits, the diagnostics and checked resources equal a validation from scratch', () => {
    const next = random(66);
    const model = new FileModel();
    let text = BUNDLE;
    for (let i = 0; i < 300; i++) {
      const { start, end, insert } = randomEdit(text, next);
      text = text.slice(0, start) + insert + text.slice(end);
      if (text.length > 20000 || text.includes('{{')) text = BUNDLE;
      assert.deepEqual(validate(model, text, DEFAULT_SETTINGS), validateText(text, DEFAULT_SETTINGS), `edit ${i}`);
      assert.deepEqual(checkedResources(model, text), checkedResources(new FileModel(), text), `edit ${i}`);
    }
  });
});
