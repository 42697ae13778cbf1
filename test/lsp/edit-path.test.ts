// A keystroke through the real server (issue 30): the other documents' diagnostics come back unchanged, the
// requests VS Code sends after it (inlay hints, code lenses, the status bar's count, the Explain view) answer as a
// fresh server given the edited text does, and a definition edited in one open file still reaches the relation
// findings of another.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestServer } from '../support/lspClient';

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;
const hookJob = (name: string, reads: string) =>
  `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\n  annotations:\n    helm.sh/hook: pre-install\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${reads}\n`;
const job = (i: number) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: job-${i}\nspec:\n  completionMode: ${i % 3 === 0 ? 'indexed' : 'Indexed'}\n  completions: ${(i % 9) + 1}\n  parallelism: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: w\n        image: busybox\n`;
const cronJob = (i: number) => `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: cron-${i}\nspec:\n  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n          - name: m\n            image: busybox\n`;

function workspaceWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubeassist-edit-path-'));
  folders.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

async function indexed(server: TestServer): Promise<void> {
  const deadline = Date.now() + 20000;
  while (!server.progress.some((report) => report.value.kind === 'end')) {
    if (Date.now() > deadline) throw new Error('the index was not built within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What VS Code asks of a file after a keystroke, answered by a server. */
async function asked(server: TestServer, uri: string, line: number): Promise<unknown> {
  const textDocument = { uri };
  return {
    hints: await server.request('textDocument/inlayHint', { textDocument, range: { start: { line: Math.max(0, line - 30), character: 0 }, end: { line: line + 30, character: 0 } } }),
    lenses: await server.request('textDocument/codeLens', { textDocument }),
    info: await server.request('kubeassist/documentInfo', { uri }),
    view: await server.request('kubeassist/view', { uri, view: 'explain', line }),
  };
}

describe('a keystroke in a big file, everything on', () => {
  it('republishes the other documents\' diagnostics unchanged and answers the requests that follow as a fresh server does', async () => {
    const documents = Array.from({ length: 60 }, (_, i) => (i % 5 === 4 ? cronJob(i) : i % 7 === 3 ? configMap(`config-${i}`) : job(i)));
    const text = documents.join('---\n');
    const root = workspaceWith({ 'bundle.yaml': text });
    const uri = pathToFileURL(join(root, 'bundle.yaml')).href;
    const server = await TestServer.start({ workspaceFolders: [pathToFileURL(root).href], workDoneProgress: true, env: { KUBEASSIST_NOW: '2026-03-27T10:00:00Z' } });
    let fresh: TestServer | undefined;
    try {
      await indexed(server);
      const before = await server.open(uri, text);
      const lines = text.split('\n');
      const editedJob = lines.indexOf('  name: job-30') - 2;
      const completions = lines.findIndex((candidate, index) => index > editedJob && candidate.startsWith('  completions: '));
      const jobEnd = lines.findIndex((candidate, index) => index > editedJob && candidate === '---');
      await asked(server, uri, editedJob);
      const after = await server.change(uri, [{ range: { start: { line: completions, character: 15 }, end: { line: completions, character: 16 } }, text: '12' }]);
      const outside = (diagnostics: Diagnostic[]) => diagnostics.filter((diagnostic) => diagnostic.range.start.line < editedJob || diagnostic.range.start.line > jobEnd);
      assert.ok(outside(before).length > 0, 'the other documents have findings');
      assert.deepEqual(outside(after), outside(before));
      const answers = await asked(server, uri, editedJob);

      const editedText = text.split('\n').map((candidate, index) => (index === completions ? '  completions: 12' : candidate)).join('\n');
      fresh = await TestServer.start({ workspaceFolders: [pathToFileURL(root).href], workDoneProgress: true, env: { KUBEASSIST_NOW: '2026-03-27T10:00:00Z' } });
      await indexed(fresh);
      assert.deepEqual(await fresh.open(uri, editedText), after);
      assert.deepEqual(await asked(fresh, uri, editedJob), answers);
    } finally {
      await server.stop();
      await fresh?.stop();
    }
  });

  it('a ConfigMap renamed in one open file reaches the relation findings of another open file', async () => {
    const root = workspaceWith({
      'chart/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n',
      'chart/templates/config.yaml': [configMap('env'), job(1)].join('---\n'),
      'chart/templates/hook.yaml': hookJob('migrate', 'env'),
    });
    const config = pathToFileURL(join(root, 'chart/templates/config.yaml')).href;
    const hook = pathToFileURL(join(root, 'chart/templates/hook.yaml')).href;
    const server = await TestServer.start({ workspaceFolders: [pathToFileURL(root).href], workDoneProgress: true });
    try {
      await indexed(server);
      const configText = [configMap('env'), job(1)].join('---\n');
      await server.open(config, configText);
      const hookDiagnostics = await server.open(hook, hookJob('migrate', 'env'));
      const order = (diagnostics: Diagnostic[]) => diagnostics.filter((diagnostic) => diagnostic.code === 'relations/helm-hook-order').length;
      assert.equal(order(hookDiagnostics), 1, JSON.stringify(hookDiagnostics));
      // An edit of the Job in the same file as the ConfigMap changes no definition: the hook's finding stays.
      const jobLine = configText.split('\n').indexOf('  completions: 2');
      await server.change(config, [{ range: { start: { line: jobLine, character: 15 }, end: { line: jobLine, character: 16 } }, text: '3' }]);
      const since = server.published.length;
      await server.change(config, [{ range: { start: { line: 3, character: 11 }, end: { line: 3, character: 11 } }, text: '2' }]);
      const later = await server.diagnosticsWhere(hook, (diagnostics) => order(diagnostics) === 0, since);
      assert.equal(order(later), 0);
    } finally {
      await server.stop();
    }
  });
});
