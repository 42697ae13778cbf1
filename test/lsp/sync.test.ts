// Incremental sync never loses an edit: thousands of random incremental changes (several per message,
// line breaks LF and CRLF, characters outside the BMP, whole lines) leave the server with exactly the
// client's text, both as the file model made it of the changes and as its documents add up to; and the
// diagnostics equal those of a fresh open of the same text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { applyRange, random, randomRange } from '../support/fuzz';
import { TestServer } from '../support/lspClient';

const START = ['job-clean.yaml', 'csidriver-mistakes.yaml', 'job-mistakes.yaml', 'not-kubernetes.yaml']
  .map((name) => readFileSync(join(__dirname, '..', '..', 'examples', name), 'utf8'))
  .join('---\n');
const INSERTS = ['a', ' ', '\n', '\r\n', '---\n', '  completions: 2\n', 'kind: Job\n', '😀', 'é', '\t', '- name: x\n  ', ':', '#', ''];

describe('incremental sync', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => {
    await server.stop();
  });

  it('3,000 random incremental changes: the server holds exactly the client text, and diagnostics equal a fresh open', async () => {
    const next = random(3000);
    const uri = 'file:///sync.yaml';
    let text = START;
    await server.open(uri, text);
    let version = 1;
    let changesSent = 0;
    while (changesSent < 3000) {
      const changes: TextDocumentContentChangeEvent[] = [];
      for (let i = 1 + Math.floor(next() * 4); i > 0; i--) {
        const range = randomRange(text, next, 0.5);
        const insert = INSERTS[Math.floor(next() * INSERTS.length)];
        text = applyRange(text, range, insert);
        changes.push({ range, text: insert });
        changesSent++;
      }
      version++;
      await server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
      if (next() < 0.05) {
        const held = await server.request<{ version: number; text: string; modelText: string }>('kubeassist/documentText', { uri });
        assert.equal(held.version, version);
        assert.equal(held.text, text, `the library's text after ${changesSent} changes`);
        assert.equal(held.modelText, text, `the engine's text after ${changesSent} changes`);
      }
    }
    const held = await server.request<{ text: string; modelText: string }>('kubeassist/documentText', { uri });
    assert.equal(held.text, text);
    assert.equal(held.modelText, text);
    const incremental = await server.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '' }]);
    const fresh = await server.open('file:///sync-fresh.yaml', text);
    assert.deepEqual(incremental, fresh);
  });
});
