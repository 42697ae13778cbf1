// The document model: splitting, reading YAML as kubectl does, and the two lookups every feature uses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cursorContext } from '../../server/src/service/document/cursor';
import { FileModel } from '../../server/src/service/document/fileModel';
import { parseKubectlYaml, toServerJson } from '../../server/src/service/document/kubectlYaml';
import { pathAtOffset, rangeForPath } from '../../server/src/service/document/paths';
import { splitDocuments } from '../../server/src/service/document/split';
import { YamlDocument } from '../../server/src/service/document/yamlDocument';
import type { Anchor, FieldPath } from '../../server/src/service/types';

/** Text with a cursor marker -> the text without it and the marker's line and character. */
function withCursor(marked: string, marker = '|') {
  const index = marked.indexOf(marker);
  const text = marked.slice(0, index) + marked.slice(index + marker.length);
  const lines = marked.slice(0, index).split('\n');
  return { text, line: lines.length - 1, character: lines[lines.length - 1].length };
}

function underlined(text: string, path: FieldPath, anchor: Anchor = 'value'): string {
  const doc = new YamlDocument(text);
  const root = doc.resources[0]?.node ?? (doc.document.contents as never);
  const [start, end] = rangeForPath(doc.document, root, path, anchor);
  return text.slice(start, end);
}

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  labels: {app: pi, "quoted key": x}
spec:
  backoffLimit: 4
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
        args: ["-e", "print 1"]
      - name: sidecar
        image: busybox
`;

describe('splitDocuments', () => {
  it('splits where kubectl does: at lines starting with ---, not at ... (what follows it stays in the part), and keeps offsets and first lines', () => {
    const text = '# head\na: 1\n---\nb: 2\n--- # c\nc: 3\n...\nd: 4\n';
    const slices = splitDocuments(text);
    assert.deepEqual(slices.map((s) => [s.line, s.text]), [
      [0, '# head\na: 1\n'],
      [2, '---\nb: 2\n'],
      [4, '--- # c\nc: 3\n...\nd: 4\n'],
    ]);
    for (const slice of slices) assert.equal(text.slice(slice.offset, slice.offset + slice.text.length), slice.text);
  });

  it('does not split at an indented --- or inside a line; a %YAML directive stays in the part before its --- (kubectl cuts there)', () => {
    assert.equal(splitDocuments('a: |\n  ---\n  x\nb: "---"\n').length, 1);
    assert.deepEqual(splitDocuments('a: 1\n---\n%YAML 1.1\n---\nb: 2\n').map((s) => s.text), ['a: 1\n', '---\n%YAML 1.1\n', '---\nb: 2\n']);
  });

  it('splits at a --- line with text after it (kubectl refuses that line, see yaml/document-marker), not at a --- after a lone CR', () => {
    assert.deepEqual(splitDocuments('a: 1\n--- !!map\nb: 2\n').map((s) => s.text), ['a: 1\n', '--- !!map\nb: 2\n']);
    const written = 'a: 1\r---\rb: 2\n---\nc: 3\n';
    const read = written.replace(/\r(?!\n)/g, '\n');
    assert.deepEqual(splitDocuments(read, (offset) => written.charCodeAt(offset - 1) === 10).map((s) => s.text), ['a: 1\n---\nb: 2\n', '---\nc: 3\n']);
  });
});

describe('reading YAML as kubectl does', () => {
  it('applies YAML 1.1 scalars as go-yaml v2 does', () => {
    const value = toServerJson(parseKubectlYaml('a: yes\nb: off\nc: 0644\nd: 1:20\ne: 2001-12-14\nf: "yes"\ny: 1\ng: 0x1F\nh: ~\n'));
    assert.deepEqual(value, { a: true, b: false, c: 420, d: '1:20', e: '2001-12-14', f: 'yes', true: 1, g: 31 });
  });

  it('expands anchors, aliases and << merge keys', () => {
    const value = toServerJson(parseKubectlYaml('base: &base {a: 1, b: 2}\nuse:\n  <<: *base\n  b: 3\n'));
    assert.deepEqual(value, { base: { a: 1, b: 2 }, use: { a: 1, b: 3 } });
  });

  it('refuses an alias bomb as go-yaml does ("document contains excessive aliasing")', () => {
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 8; i++) text += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]\n`;
    assert.throws(() => toServerJson(parseKubectlYaml(text)), /excessive aliasing/);
  });
});

describe('field path -> range', () => {
  it('underlines the value, the key or the whole entry', () => {
    assert.equal(underlined(JOB, ['spec', 'backoffLimit']), '4');
    assert.equal(underlined(JOB, ['spec', 'backoffLimit'], 'key'), 'backoffLimit');
    assert.equal(underlined(JOB, ['spec', 'backoffLimit'], 'entry'), 'backoffLimit: 4');
    assert.equal(underlined(JOB, ['spec', 'template', 'spec', 'containers', 1, 'image']), 'busybox');
    assert.equal(underlined(JOB, ['spec', 'template', 'spec', 'containers', 0, 'args', 1]), '"print 1"');
  });

  it('finds flow-style and quoted keys', () => {
    assert.equal(underlined(JOB, ['metadata', 'labels', 'app']), 'pi');
    assert.equal(underlined(JOB, ['metadata', 'labels', 'quoted key'], 'key'), '"quoted key"');
  });

  it('points a missing field at the key of its nearest present parent, and a list item at its first key', () => {
    assert.equal(underlined(JOB, ['spec', 'podFailurePolicy', 'rules']), 'spec');
    assert.equal(underlined(JOB, ['spec', 'template', 'spec', 'containers', 1, 'resources']), 'name');
    assert.equal(underlined(JOB, ['status', 'active']), 'kind', 'the fallback: the kind key');
  });

  it('follows merge keys and aliases to where the value is written in this object', () => {
    const text = 'apiVersion: batch/v1\nkind: Job\nx: &spec {backoffLimit: 2}\nspec:\n  <<: *spec\n  suspend: true\n';
    assert.equal(underlined(text, ['spec', 'backoffLimit']), '2');
    assert.equal(underlined(text, ['spec', 'suspend']), 'true');
  });

  it('finds the path at an offset on complete YAML', () => {
    const doc = new YamlDocument(JOB);
    const root = doc.resources[0].node;
    assert.deepEqual(pathAtOffset(doc.document, root, JOB.indexOf('busybox') + 2), { path: ['spec', 'template', 'spec', 'containers', 1, 'image'], on: 'value' });
    assert.deepEqual(pathAtOffset(doc.document, root, JOB.indexOf('backoffLimit') + 1), { path: ['spec', 'backoffLimit'], on: 'key' });
  });
});

describe('position -> field path on half-typed YAML', () => {
  const cases: [string, string, ReturnType<typeof cursorContext>][] = [
    ['an empty value after `key: `', 'kind: Job\nspec:\n  completionMode: |\n  template: {}\n', { path: ['spec', 'completionMode'], on: 'value', prefix: '', column: 18 }],
    ['a partly typed value', 'kind: Job\nspec:\n  completionMode: Ind|\n', { path: ['spec', 'completionMode'], on: 'value', prefix: 'Ind', column: 18 }],
    ['a partial key', 'kind: Job\nspec:\n  backoffLi|\n', { path: ['spec'], on: 'key', prefix: 'backoffLi', column: 2 }],
    ['a new line under a mapping', 'spec:\n  template:\n    spec:\n      |\n', { path: ['spec', 'template', 'spec'], on: 'key', prefix: '', column: 6 }],
    ['a new list item `- `', 'spec:\n  template:\n    spec:\n      containers:\n      - name: a\n        image: b\n      - |\n', { path: ['spec', 'template', 'spec', 'containers', 1], on: 'key', prefix: '', column: 8 }],
    ['a key inside an indented list item', 'spec:\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n        st|\n', { path: ['spec', 'podFailurePolicy', 'rules', 1, 'onPodConditions', 0], on: 'key', prefix: 'st', column: 8 }],
    ['a value in a nested mapping of a list item', 'spec:\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: |\n', { path: ['spec', 'podFailurePolicy', 'rules', 0, 'onExitCodes', 'operator'], on: 'value', prefix: '', column: 18 }],
    ['the first key of a new document', 'kind: Job\n---\nap|', { path: [], on: 'key', prefix: 'ap', column: 0 }],
    ['inside a block scalar', 'spec:\n  template:\n    spec:\n      containers:\n      - args:\n        - |\n          echo hi\n          ec‸ho\n', { path: ['spec', 'template', 'spec', 'containers', 0, 'args', 0], on: 'value', prefix: 'ec', column: 10 }],
    ['past comments and blank lines', 'spec:\n  # a comment\n\n  template:\n    # another\n    me|\n', { path: ['spec', 'template'], on: 'key', prefix: 'me', column: 4 }],
    ['the first item of a flow list', 'spec:\n  volumeLifecycleModes: [|]\n', { path: ['spec', 'volumeLifecycleModes', 0], on: 'value', prefix: '', column: 25 }],
    ['a later item of a flow list, partly typed', 'spec:\n  volumeLifecycleModes: [Persistent,  Eph|]\n', { path: ['spec', 'volumeLifecycleModes', 1], on: 'value', prefix: 'Eph', column: 38 }],
    ['a flow list of mappings, not followed', 'spec:\n  tolerations: [{key: a, operator: Ex|}]\n', { path: ['spec', 'tolerations'], on: 'value', prefix: '[{key: a, operator: Ex', column: 15 }],
  ];
  for (const [name, marked, expected] of cases) {
    it(name, () => {
      const marker = marked.includes('‸') ? '‸' : '|';
      const { text, line, character } = withCursor(marked, marker);
      assert.deepEqual(cursorContext(text, line, character), expected);
    });
  }
});

describe('go-yaml leniency', () => {
  it('accepts a quoted scalar whose continuation lines are not indented past the key, with a warning, and still reads it', () => {
    const text = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\n  annotations:\n    note: 'first line\n    second line'\n";
    const doc = new YamlDocument(text);
    assert.equal(doc.broken, false);
    assert.deepEqual(doc.issues.map((i) => [i.code, i.severity, text.slice(i.start, i.end)]), [['yaml/lenient-indentation', 'warning', "second line'"]]);
    assert.deepEqual(toServerJson(doc.document, doc.resources[0].node), {
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', annotations: { note: 'first line second line' } },
    });
  });

  it('a line of blanks ending in CR inside such a string is an empty line, not a continuation: no warning on it, every range inside its line (fuzz seed 20261207)', () => {
    const text = "apiVersion: batch/v1\r\nkind: Job\r\nmetadata:\r\n  name: pi\r\n  annotations:\r\n    note: 'first line\r\n  \r\n    second line'\r\n";
    const doc = new YamlDocument(text);
    assert.equal(doc.broken, false);
    assert.deepEqual(doc.issues.map((i) => [i.code, i.severity, text.slice(i.start, i.end)]), [['yaml/lenient-indentation', 'warning', "second line'"]]);
    for (const issue of doc.issues) assert.ok(issue.start <= issue.end && !text.slice(issue.start, issue.end).includes('\n'), `${issue.code} spans one line`);
    assert.deepEqual(toServerJson(doc.document, doc.resources[0].node), {
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', annotations: { note: 'first line\nsecond line' } },
    });
  });
});

describe('FileModel', () => {
  it('re-parses only the documents whose text changed', () => {
    const model = new FileModel();
    const first = model.update('a: 1\n---\nb: 2\n---\nc: 3\n').map((p) => p.doc);
    const second = model.update('a: 1\n---\nb: 22\n---\nc: 3\n').map((p) => p.doc);
    assert.equal(second[0], first[0]);
    assert.notEqual(second[1], first[1]);
    assert.equal(second[2], first[2]);
    assert.equal(model.documentAtLine(2)?.slice.line, 1);
    assert.equal(model.documentAtLine(3)?.slice.line, 3);
  });
});
