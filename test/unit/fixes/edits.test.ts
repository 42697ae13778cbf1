// The edit toolkit on its own: minimal edits from the syntax tree, the rest of the text untouched.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node } from 'yaml';
import { applyEdits, isPlainSafe, placeholder, YamlEditor, type OffsetEdit } from '../../../server/src/service/document/edits';
import { YamlDocument } from '../../../server/src/service/document/yamlDocument';
import { allRuleCodes } from '../../../server/src/service/codes';
import { fixProviders } from '../../../server/src/service/fixes/registry';

function editing(text: string) {
  const doc = new YamlDocument(text);
  const editor = new YamlEditor(doc);
  const root = doc.document.contents as Node;
  const apply = (edit: OffsetEdit | OffsetEdit[] | undefined) => {
    assert.ok(edit, 'no edit');
    return applyEdits(text, Array.isArray(edit) ? edit : [edit]);
  };
  return { doc, editor, root, apply };
}

describe('edit toolkit', () => {
  it('writes plain what YAML 1.1 reads back as the same string, and quotes the rest', () => {
    for (const plain of ['Indexed', 'busybox:1.36', 'example.com/queue', '0-2', '-e', '1,3-5']) assert.ok(isPlainSafe(plain, false), plain);
    for (const quoted of ['no', 'on', 'Y', '1', '0644', '1e3', '', 'a: b', 'x #y', '*ref', 'null', '~', ' x']) assert.ok(!isPlainSafe(quoted, false), quoted);
    // In a flow collection, commas, brackets and colons end or confuse a plain scalar.
    for (const quoted of ['1,3-5', 'busybox:1.36', 'a]']) assert.ok(!isPlainSafe(quoted, true), quoted);
  });

  it('replaces a scalar in its own quote style', () => {
    const { editor, root, apply } = editing('a: "x"\nb: \'y\'\nc: z\nd: [p]\n');
    assert.equal(apply(editor.replaceString(editor.scalarAt(root, ['a'])!, 'it\'s "q"')), 'a: "it\'s \\"q\\""\nb: \'y\'\nc: z\nd: [p]\n');
    assert.equal(apply(editor.replaceString(editor.scalarAt(root, ['b'])!, "it's")), "a: \"x\"\nb: 'it''s'\nc: z\nd: [p]\n");
    assert.equal(apply(editor.replaceString(editor.scalarAt(root, ['c'])!, 'yes')), 'a: "x"\nb: \'y\'\nc: "yes"\nd: [p]\n');
    assert.equal(apply(editor.replaceString(editor.scalarAt(root, ['d', 0])!, 'p,q')), 'a: "x"\nb: \'y\'\nc: z\nd: ["p,q"]\n');
  });

  it('replaces a block scalar up to its content, keeping the next line', () => {
    const { editor, root, apply } = editing('a: |\n  x\n  y\nb: 1\n');
    assert.equal(apply(editor.replaceString(editor.scalarAt(root, ['a'])!, 'z')), 'a: z\nb: 1\n');
  });

  it('renames a key, keeping its quotes', () => {
    const { editor, root, apply } = editing('"backofLimit": 1\n');
    assert.equal(apply(editor.renameKey(editor.locate(root, ['backofLimit'])!.pair!, 'backoffLimit')), '"backoffLimit": 1\n');
  });

  it('removes the first key of a list item by joining the next key to the dash', () => {
    const { editor, root, apply } = editing('l:\n- a: 1 # first\n  b: 2\n- a: 3\n');
    assert.equal(apply(editor.remove(root, ['l', 0, 'a'])), 'l:\n- b: 2\n- a: 3\n');
    assert.equal(apply(editor.remove(root, ['l', 1, 'a'])), 'l:\n- a: 1 # first\n  b: 2\n');
  });

  it('removes the last line of a text without a final line break, leaving no blank line', () => {
    const { editor, root, apply } = editing('a: 1\nb: 2');
    assert.equal(apply(editor.remove(root, ['b'])), 'a: 1');
  });

  it('removes a nested mapping with its comment lines, and an entry of a flow mapping with its comma', () => {
    const { editor, root, apply } = editing('a:\n  # inside\n  x: 1\nb: {p: 1, q: 2}\n');
    assert.equal(apply(editor.remove(root, ['a'])), 'b: {p: 1, q: 2}\n');
    assert.equal(apply(editor.remove(root, ['b', 'q'])), 'a:\n  # inside\n  x: 1\nb: {p: 1}\n');
    assert.equal(apply(editor.remove(root, ['b', 'p'])), 'a:\n  # inside\n  x: 1\nb: {q: 2}\n');
  });

  it('rewrites a flow list keeping its spacing', () => {
    const { editor, root, apply } = editing('v: [ 3,1 ]\n');
    assert.equal(apply(editor.rewriteList(editor.seqAt(root, ['v'])!, [1, 3])), 'v: [ 1,3 ]\n');
  });

  it('sets a field under a key with an empty value, and creates missing mappings', () => {
    const { editor, root, apply } = editing('spec: # later\nother: 1\n');
    assert.equal(apply(editor.set(root, ['spec'], 'x', 1)), 'spec: # later\n  x: 1\nother: 1\n');
    assert.equal(apply(editor.set(root, ['spec', 'template'], 'x', 'z')), 'spec: # later\n  template:\n    x: z\nother: 1\n');
    assert.equal(apply(editor.set(root, ['spec', 'template'], 'x', 'y')), 'spec: # later\n  template:\n    x: "y"\nother: 1\n');
    assert.equal(apply(editor.set(root, ['other2'], 'x', 1)), 'spec: # later\nother: 1\nother2:\n  x: 1\n');
  });

  it('writes an empty mapping or list as `{}` / `[]`, which a bare `key:` (null) would not be', () => {
    const { editor, root, apply } = editing('volumes:\n- name: data\n');
    assert.equal(apply(editor.set(root, ['volumes', 0], 'emptyDir', {})), 'volumes:\n- name: data\n  emptyDir: {}\n');
    assert.equal(apply(editor.set(root, ['volumes', 0], 'items', [])), 'volumes:\n- name: data\n  items: []\n');
  });

  it('does not edit through an alias or a merge key (the text is shared with other objects)', () => {
    const { editor, root } = editing('base: &b {x: 1}\nuse: *b\nmerged:\n  <<: *b\n');
    assert.equal(editor.scalarAt(root, ['use', 'x']), undefined);
    assert.equal(editor.scalarAt(root, ['merged', 'x']), undefined);
    assert.equal(editor.set(root, ['use'], 'x', 2), undefined);
  });

  it('writes placeholders as plain text and as a snippet', () => {
    const { editor, root } = editing('a: 1\n');
    const edit = editor.set(root, [], 'c', [{ name: placeholder('main'), action: placeholder('FailJob', ['FailJob', 'Ignore']), price: '$1' }]);
    assert.deepEqual(edit, {
      start: 5, end: 5,
      text: 'c:\n  - name: main\n    action: FailJob\n    price: $1\n',
      snippet: 'c:\n  - name: ${1:main}\n    action: ${2|FailJob,Ignore|}\n    price: \\$1\n',
    });
  });

  it('knows where no line may be put: inside a multi-line string or flow collection', () => {
    const text = 'a: "one\n  two"\nb: [1,\n  2]\nc: 3\n';
    const { editor } = editing(text);
    assert.equal(editor.insideMultilineNode(text.indexOf('  two')), true);
    assert.equal(editor.insideMultilineNode(text.indexOf('  2]')), true);
    assert.equal(editor.insideMultilineNode(text.indexOf('c: 3')), false);
  });
});

describe('the fix contract', () => {
  it('every code with a quick fix says what it does in its metadata, and every such code has a fix', () => {
    const codes = allRuleCodes();
    const providers = fixProviders();
    for (const code of codes) assert.equal(providers.has(code.code), code.fix !== undefined, code.code);
    for (const code of providers.keys()) assert.ok(codes.some((known) => known.code === code), `${code} is not a declared code`);
    assert.ok(providers.size >= 45, `${providers.size} codes with fixes`);
  });
});
