// The open of a file through the real server (dist/server.js): its first check leaves the relation facts of its quiet
// documents (relations/quiet.ts) to the background when nothing could make them speak, so its diagnostics come
// sooner; they are the same once the background has read the rest, and a file opened right after sees all of it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestServer } from '../support/lspClient';
import { REPO_ROOT } from '../support/shared';

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folderWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubeassist-open-'));
  folders.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: b\n';
const EARLY_JOB = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  annotations:\n    argocd.argoproj.io/sync-wave: "-1"\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: cfg\n';

describe('the first check of an opened file', () => {
  it('a file opened right after another sees all of the first: what it left for the background is read before the second is checked', async () => {
    const root = folderWith({ 'config.yaml': CONFIG_MAP, 'job.yaml': EARLY_JOB });
    const server = await TestServer.start();
    try {
      const config = pathToFileURL(join(root, 'config.yaml')).href;
      const job = pathToFileURL(join(root, 'job.yaml')).href;
      assert.deepEqual(await server.open(config, CONFIG_MAP), []);
      // At once: the ConfigMap's document, quiet, is still waiting for the background (which waits for 150 ms of quiet).
      const diagnostics = await server.open(job, EARLY_JOB);
      assert.deepEqual(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line, diagnostic.relatedInformation?.[0]?.location.uri]), [['relations/argocd-sync-order', 15, config]]);
    } finally {
      await server.stop();
    }
  });

  it('publishes the diagnostics of a bundle at once, and the same again once the background has read its quiet documents', async () => {
    const bench = (await import(join(REPO_ROOT, 'scripts', 'bench-bundle.mjs'))) as { generateBundle(documents: number): string };
    const text = bench.generateBundle(40);
    const root = folderWith({ 'bundle.yaml': text });
    const server = await TestServer.start({ workspaceFolders: [pathToFileURL(root).href] });
    try {
      const uri = pathToFileURL(join(root, 'bundle.yaml')).href;
      const since = server.published.length;
      const first = await server.open(uri, text);
      // The bundle's deliberate mistakes, where a user sees them: document 4's completionMode case and restart policy,
      // document 29's quoted boolean.
      const underlined = (diagnostic: Diagnostic) => text.split('\n')[diagnostic.range.start.line].slice(diagnostic.range.start.character, diagnostic.range.end.character);
      assert.deepEqual(first.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line, underlined(diagnostic)]), [
        ['schema/enum', 190, 'indexed'],
        ['job/restart-policy/never-or-on-failure-required', 211, 'Always'],
        ['schema/type', 1313, '"false"'],
      ]);
      // The background reads the Jobs, Deployments and ConfigMaps, then the file is checked again: nothing changes.
      const again = await server.diagnosticsWhere(uri, () => server.published.filter((params) => params.uri === uri).length >= 2, since);
      assert.deepEqual(again, first);
    } finally {
      await server.stop();
    }
  });
});
