// After keystrokes, the requests that follow them answer what a fresh open of the same text answers. The server
// brings what it keeps of an edited file up to date from the edit alone (the documents' diagnostics at their places,
// the workspace index's entries, the code lens targets, the status bar's count, the object the Explain view shows:
// document/fileModel.ts changeSince, document/fileItems.ts); here random incremental edits go to a file of a
// workspace folder, and after each the diagnostics, code lenses, status bar and Explain page are compared with
// those of the same text opened fresh in a folder of its own.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeLens, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { applyRange, random, randomRange } from '../support/fuzz';
import { TestServer } from '../support/lspClient';

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;
const job = (name: string, reads: string) =>
  `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\nspec:\n  completions: 3\n  backoffLimit: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${reads}\n`;
const driver = `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: disk.csi.example.com\nspec:\n  attachRequired: false\n  volumeLifecycleModes: [Persistent]\n`;
const inlinePod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: inline\nspec:\n  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    csi:\n      driver: disk.csi.example.com\n`;
// Findings of each kind that moves with its document: a schema error with a quick fix, a duplicate key (its message
// names the line of the first one), a relation finding (the Pod's inline volume of a driver without Ephemeral).
const START = [
  configMap('env'),
  job('a', 'env').replace('  completions: 3\n', '  completions: 3\n  completionMode: indexed\n'),
  job('b', 'missing'),
  driver,
  inlinePod,
  configMap('other'),
  job('c', 'other').replace('  backoffLimit: 2\n', '  backoffLimit: 2\n  backoffLimit: 4\n'),
].join('---\n');
const INSERTS = ['a', '7', ' ', '\n', '---\n', 'kind: Job\n', '  name: x\n', ':', '#', ''];

describe('the answers after keystrokes', () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-edit-answers-'));
    mkdirSync(join(root, 'edited'));
    writeFileSync(join(root, 'edited', 'bundle.yaml'), START);
    server = await TestServer.start({ workspaceFolders: [pathToFileURL(join(root, 'edited')).href], settings: { relations: { undefinedReferences: true } } });
  });
  after(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('40 random incremental edits: diagnostics, code lenses, the status bar and the Explain page equal a fresh open', async () => {
    const next = random(4242);
    const uri = pathToFileURL(join(root, 'edited', 'bundle.yaml')).href;
    let text = START;
    // What the user sees on opening the file, so that the comparisons below are of something.
    const opened = await server.open(uri, text);
    const lineOf = (line: string, from = 0) => text.split('\n').indexOf(line, from);
    assert.deepEqual(
      opened.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line]),
      [
        ['schema/enum', lineOf('  completionMode: indexed')],
        ['relations/csi-inline-volume-mode', lineOf('      driver: disk.csi.example.com')],
        ['yaml/duplicate-key', lineOf('  backoffLimit: 4')],
      ],
    );
    const first = await answers(server, uri, text);
    const jobs = [lineOf('  name: a') - 3, lineOf('  name: b') - 3, lineOf('  name: c') - 3];
    assert.deepEqual(
      (first.lenses as { range: { start: { line: number } }; command?: { title: string } }[]).map((lens) => [lens.range.start.line, lens.command?.title]),
      [[jobs[0], 'Explain'], [jobs[0], 'Simulate…'], [jobs[1], 'Explain'], [jobs[1], 'Simulate…'], [lineOf('kind: CSIDriver') - 1, 'Explain'], [jobs[2], 'Explain'], [jobs[2], 'Simulate…']],
    );
    assert.equal((first.info as { checkedResources: number }).checkedResources, 4);
    assert.match(String(first.view), /<title>KubeAssist: Job b<\/title>/);
    for (let step = 0; step < 40; step++) {
      const range = randomRange(text, next, 0.7);
      const change: TextDocumentContentChangeEvent = { range, text: INSERTS[Math.floor(next() * INSERTS.length)] };
      text = applyRange(text, range, change.text);
      const diagnostics = await server.change(uri, [change]);
      const edited = { diagnostics, ...(await answers(server, uri, text)) };
      // The same file name in a folder of its own: the pages name the file.
      mkdirSync(join(root, `fresh-${step}`));
      const freshUri = pathToFileURL(join(root, `fresh-${step}`, 'bundle.yaml')).href;
      const fresh = { diagnostics: await server.open(freshUri, text), ...(await answers(server, freshUri, text)) };
      await server.close(freshUri);
      assert.deepEqual(withoutUri(edited, uri), withoutUri(fresh, freshUri), `step ${step}: after ${JSON.stringify(change)}`);
    }
  });
});

/** An answer with its file's URI (as written, and as a command link encodes it) replaced by `URI`. */
function withoutUri(answer: unknown, uri: string): unknown {
  return JSON.parse(JSON.stringify(answer).replaceAll(uri, 'URI').replaceAll(encodeURIComponent(JSON.stringify(uri).slice(1, -1)), 'URI'));
}

/** The code lenses (with their commands), the status bar's information and the Explain page of the second Job's line. */
async function answers(server: TestServer, uri: string, text: string): Promise<Record<string, unknown>> {
  const lenses = (await server.request<CodeLens[] | null>('textDocument/codeLens', { textDocument: { uri } })) ?? [];
  const resolved = await Promise.all(lenses.map((lens) => (lens.command ? lens : server.request<CodeLens>('codeLens/resolve', lens))));
  const info = await server.request('kubeassist/documentInfo', { uri });
  const lines = text.split('\n');
  const jobLines = lines.flatMap((line, index) => (line === 'kind: Job' ? [index] : []));
  const line = jobLines[1] ?? jobLines[0] ?? 0;
  const view = await server.request<{ html: string } | null>('kubeassist/view', { uri, view: 'explain', line });
  return { lenses: resolved, info, view: view?.html };
}
