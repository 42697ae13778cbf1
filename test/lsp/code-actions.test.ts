// Quick fixes as an editor gets them from the real server: the lightbulb's actions (preferred first),
// codeAction/resolve for lazy fixes and snippets, and source.fixAll.kubeassist on save.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { rangeOf, TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completionMode: indexed
  completions: 3
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        operator: In
        values: [42, 0, 7]
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: pi
        image: perl:5.34
`;

const FIXED = JOB.replace('completionMode: indexed', 'completionMode: Indexed')
  .replace('values: [42, 0, 7]', 'values: [7, 42]')
  .replace('restartPolicy: OnFailure', 'restartPolicy: Never');

/** Applies LSP text edits (non-overlapping) to a text. */
function apply(text: string, edits: TextEdit[]): string {
  const offset = (line: number, character: number) => text.split('\n').slice(0, line).reduce((sum, l) => sum + l.length + 1, 0) + character;
  return [...edits]
    .sort((a, b) => offset(b.range.start.line, b.range.start.character) - offset(a.range.start.line, a.range.start.character))
    .reduce((out, edit) => out.slice(0, offset(edit.range.start.line, edit.range.start.character)) + edit.newText + out.slice(offset(edit.range.end.line, edit.range.end.character)), text);
}

function askFor(server: TestServer, uri: string, diagnostics: Diagnostic[], only?: string[]) {
  const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return server.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, ...(only ? { only } : {}) } });
}

const RESOLVING = {
  workspace: { workspaceEdit: { documentChanges: true, snippetEditSupport: true } },
  textDocument: { codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, isPreferredSupport: true } },
};

describe('code actions over LSP', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start({ capabilities: RESOLVING });
  });
  after(async () => server.stop());

  it('offers the closest enum value first and preferred, with its edit; the other values are resolved when chosen', async () => {
    const uri = 'file:///actions.yaml';
    const diagnostics = await server.open(uri, JOB);
    const enumFinding = diagnostics.filter((d) => d.code === 'schema/enum');
    const actions = await askFor(server, uri, enumFinding);
    assert.deepEqual(actions.map((a) => [a.title, a.kind, a.isPreferred ?? false]), [
      ['Change to `Indexed`', 'quickfix', true],
      ['Change to `NonIndexed`', 'quickfix', false],
      ['Disable `schema/enum` for this line', 'quickfix', false],
    ]);
    assert.deepEqual(actions[0].diagnostics, enumFinding);
    assert.deepEqual(actions[0].edit, { changes: { [uri]: [{ range: rangeOf(JOB, 'indexed'), newText: 'Indexed' }] } });
    assert.equal(actions[1].edit, undefined);
    const resolved = await server.request<CodeAction>('codeAction/resolve', actions[1]);
    assert.deepEqual(resolved.edit, { changes: { [uri]: [{ range: rangeOf(JOB, 'indexed'), newText: 'NonIndexed' }] } });
    const lineStart = rangeOf(JOB, '  completionMode').start;
    assert.deepEqual(actions[2].edit, { changes: { [uri]: [{ range: { start: lineStart, end: lineStart }, newText: '  # kubeassist-disable-next-line schema/enum\n' }] } });
  });

  it('quoting a YAML 1.1 value keeps the aligned comment after it in its column', async () => {
    const uri = 'file:///quote-comment.yaml';
    const text = FIXED.replace('        image: perl:5.34\n', '        image: perl:5.34\n        env:\n        - name: DEBUG\n          value: on      # verbose logs\n');
    const diagnostics = (await server.open(uri, text)).filter((d) => d.code === 'yaml/yaml11-scalar');
    const [quote] = await askFor(server, uri, diagnostics);
    assert.equal(quote.title, 'Quote `on` so that it stays a string');
    const edits = (quote.edit as WorkspaceEdit).changes![uri];
    assert.equal(apply(text, edits).split('\n').find((line) => line.includes('verbose')), '          value: "on"    # verbose logs');
  });

  it('resolves a skeleton as a snippet edit for a client that takes them', async () => {
    const uri = 'file:///snippet.yaml';
    const text = JOB.replace('      - name: pi\n        image: perl:5.34\n', '      - name: pi\n        command: [perl]\n');
    const diagnostics = (await server.open(uri, text)).filter((d) => d.code === 'pod/container-image-required');
    const [action] = await askFor(server, uri, diagnostics);
    assert.equal(action.title, 'Add an image');
    const resolved = await server.request<CodeAction>('codeAction/resolve', action);
    assert.deepEqual(resolved.edit, {
      documentChanges: [{
        textDocument: { uri, version: 1 },
        edits: [{ range: { start: rangeOf(text, '        command').start, end: rangeOf(text, '        command').start }, snippet: { kind: 'snippet', value: '        image: ${1:busybox:1.36}\n' } }],
      }],
    });
  });

  it('source.fixAll.kubeassist applies every preferred fix in one edit', async () => {
    const uri = 'file:///fix-all.yaml';
    await server.open(uri, JOB);
    const actions = await askFor(server, uri, [], ['source.fixAll']);
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [['Fix all KubeAssist findings with an obvious fix', 'source.fixAll.kubeassist']]);
    const edits = (actions[0].edit as WorkspaceEdit).changes![uri];
    assert.equal(apply(JOB, edits), FIXED);
    assert.deepEqual(await askFor(server, uri, [], ['quickfix']), []);
  });

  it('fixes the finding of the second document of a file at its own line', async () => {
    const uri = 'file:///second.yaml';
    const text = `${FIXED}---\n${JOB.replace('values: [42, 0, 7]', 'values: [7, 42]').replace('restartPolicy: OnFailure', 'restartPolicy: Never')}`;
    const diagnostics = await server.open(uri, text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['schema/enum']);
    const [preferred] = await askFor(server, uri, diagnostics);
    assert.deepEqual((preferred.edit as WorkspaceEdit).changes![uri], [{ range: rangeOf(text, 'indexed'), newText: 'Indexed' }]);
  });

  it('offers nothing for a diagnostic the text no longer has (the editor\'s copy is stale)', async () => {
    const uri = 'file:///stale.yaml';
    const diagnostics = (await server.open(uri, JOB)).filter((d) => d.code === 'schema/enum');
    await server.change(uri, [{ range: rangeOf(JOB, 'indexed'), text: 'Indexed' }]);
    assert.deepEqual(await askFor(server, uri, diagnostics), []);
  });
});

describe('code actions for a client without resolve support', () => {
  it('builds every edit at once, and plain text instead of snippets', async () => {
    const server = await TestServer.start();
    try {
      const uri = 'file:///plain.yaml';
      const text = JOB.replace('      - name: pi\n        image: perl:5.34\n', '      - name: pi\n        command: [perl]\n');
      const diagnostics = await server.open(uri, text);
      const actions = await askFor(server, uri, diagnostics.filter((d) => d.code === 'pod/container-image-required'));
      assert.deepEqual(actions.map((a) => a.title), ['Add an image', 'Disable `pod/container-image-required` for this line']);
      const at = rangeOf(text, '        command').start;
      assert.deepEqual((actions[0].edit as WorkspaceEdit).changes![uri], [{ range: { start: at, end: at }, newText: '        image: busybox:1.36\n' }]);
      const enumActions = await askFor(server, uri, diagnostics.filter((d) => d.code === 'schema/enum'));
      assert.ok(enumActions.every((a) => a.edit), 'every action has its edit');
    } finally {
      await server.stop();
    }
  });
});
