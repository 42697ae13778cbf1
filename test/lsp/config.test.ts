// `.kubeassist.yaml` in the language server: the nearest one applies to each open document over the editor
// settings, a change to it re-checks the open documents (file watching where the client offers it, saves
// otherwise), the status bar learns which file set the release, and the file itself is checked, completed
// and hovered as configuration.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { DOCUMENT_INFO_REQUEST, type DocumentInfo } from '../../server/src/lsp/protocol';
import { MAX_MINOR, MIN_MINOR } from '../../server/src/service/types';
import { TestServer, withCursor, type ServerOptions } from '../support/lspClient';

/** `managedBy` needs 1.30; the completion mode is misspelt; a rule the editor settings turn off. */
const JOB = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  managedBy: example.com/queue\n  completionMode: indexed\n  parallelism: -1\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n';
const WATCH = { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } };

const brief = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${['', 'error', 'warning', 'information', 'hint'][d.severity ?? 1]} ${d.code}`);

/** Starts a server, runs `body` with it, stops it whatever happens. */
async function withServer(options: ServerOptions, body: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await TestServer.start(options);
  try {
    await body(server);
  } finally {
    await server.stop();
  }
}

describe('.kubeassist.yaml in the language server', () => {
  let root: string;
  const uriOf = (path: string) => pathToFileURL(join(root, path)).href;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-lsp-config-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** Diagnostics published for `uri` until `done` says they are the ones awaited (a change is re-checked soon after). */
  async function diagnosticsUntil(server: TestServer, uri: string, done: (diagnostics: string[]) => boolean): Promise<string[]> {
    let latest: string[] = [];
    for (let attempt = 0; attempt < 20 && !done(latest); attempt++) latest = brief(await server.nextDiagnostics(uri));
    return latest;
  }

  it('applies over the editor settings where it speaks; the editor settings apply where it is silent', async () => {
    write('a/.kubeassist.yaml', 'kubernetesVersion: "1.29"\nrules:\n  schema/enum: warning\n');
    await withServer({ settings: { kubernetesVersion: '1.35', rules: { 'schema/enum': 'off', 'job/numbers/': 'hint' } }, capabilities: WATCH }, async (server) => {
    const uri = uriOf('a/job.yaml');
    // The editor settings arrive just after start-up: the first diagnostics may be those of the defaults.
    const editorSettingsIn = (list: string[]) => list.includes('8:16 hint job/numbers/negative-parallelism');
    const opened = brief(await server.open(uri, JOB));
    const settled = editorSettingsIn(opened) ? opened : await diagnosticsUntil(server, uri, editorSettingsIn);
    assert.deepEqual(settled, ['6:3 warning version/field-not-in-release', '7:19 warning schema/enum', '8:16 hint job/numbers/negative-parallelism']);
    const info = await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri });
    assert.deepEqual(info, { kubernetesVersion: '1.29', kubernetesVersionLabel: '1.29', checkedResources: 1, schemaDiagnostics: 'on', settingsProblems: [], kubernetesVersionSource: 'configFile', configFile: uriOf('a/.kubeassist.yaml') });
    });
  });

  it('accepts the pre-release 1.38 from the editor setting and from .kubeassist.yaml, and the status bar names it a pre-release', async () => {
    // At 1.37 the Job's spec.scheduling gets the WorkloadWithJob off-gate warning; 1.38 leaves the gate unchecked.
    const gang = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: gang\nspec:\n  parallelism: 4\n  completions: 4\n  completionMode: Indexed\n  scheduling:\n    schedulingPolicy:\n      gang:\n        minCount: 4\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox:1.36\n';
    await withServer({ settings: { kubernetesVersion: '1.38' } }, async (server) => {
      const uri = uriOf('g/job.yaml');
      const opened = brief(await server.open(uri, gang));
      const settled = opened.length === 0 ? opened : await diagnosticsUntil(server, uri, (list) => list.length === 0);
      assert.deepEqual(settled, [], 'no off-gate warning at 1.38, no settings problem');
      const info = await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri });
      assert.deepEqual(info, { kubernetesVersion: `1.${MAX_MINOR}`, kubernetesVersionLabel: '1.38 (pre-release)', checkedResources: 1, schemaDiagnostics: 'on', settingsProblems: [], kubernetesVersionSource: 'settings' });
    });
    write('h/.kubeassist.yaml', 'kubernetesVersion: "1.38"\n');
    await withServer({ settings: { kubernetesVersion: '1.37' } }, async (server) => {
      const config = uriOf('h/.kubeassist.yaml');
      assert.deepEqual(await server.open(config, 'kubernetesVersion: "1.38"\n'), [], '"1.38" is a release KubeAssist knows');
      const uri = uriOf('h/job.yaml');
      const opened = brief(await server.open(uri, gang));
      const settled = opened.length === 0 ? opened : await diagnosticsUntil(server, uri, (list) => list.length === 0);
      assert.deepEqual(settled, []);
      const info = await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri });
      assert.equal(info.kubernetesVersionLabel, '1.38 (pre-release)');
      assert.equal(info.kubernetesVersionSource, 'configFile');
      const typed = withCursor('kubernetesVersion: |');
      await server.change(config, [{ text: typed.text }]);
      const completion = await server.request<{ items: { label: string; detail?: string }[] }>('textDocument/completion', { textDocument: { uri: config }, position: typed.position });
      assert.deepEqual(completion.items.slice(0, 2).map((item) => `${item.label} ${item.detail}`), ['"1.38" Kubernetes 1.38 (pre-release)', '"1.37" Kubernetes 1.37']);
    });
  });

  it('watches .kubeassist.yaml where the client can: a change re-checks the open documents', async () => {
    write('b/.kubeassist.yaml', 'kubernetesVersion: "1.29"\n');
    await withServer({ capabilities: WATCH }, async (server) => {
    const uri = uriOf('b/deploy/job.yaml');
    assert.deepEqual(brief(await server.open(uri, JOB)), ['6:3 warning version/field-not-in-release', '7:19 error schema/enum', '8:16 error job/numbers/negative-parallelism']);
    for (let attempt = 0; attempt < 100 && server.registrations.length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    // One registration watches the configuration files, the kustomization files (which make patches) and every
    // YAML file (the workspace index of the relation checks).
    const watchers = ['**/.kubeassist.yaml', '**/kustomization.yaml', '**/kustomization.yml', '**/Kustomization', '**/*.yaml', '**/*.yml'].map((globPattern) => ({ globPattern }));
    assert.deepEqual(server.registrations.map(({ method, registerOptions }) => ({ method, registerOptions })), [
      { method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers } },
    ]);
    write('b/.kubeassist.yaml', 'rules:\n  schema/: off\n  job/: warning\n');
    const next = server.nextDiagnostics(uri);
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf('b/.kubeassist.yaml'), type: 2 }] });
    assert.deepEqual(brief(await next), ['8:16 warning job/numbers/negative-parallelism']);
    assert.equal((await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri })).kubernetesVersionSource, 'settings', 'the file no longer sets the release');
    });
  });

  it('without file watching, saving the configuration (or any file after it changed) re-checks the open documents', async () => {
    write('c/.kubeassist.yaml', 'kubernetesVersion: "1.29"\n');
    await withServer({}, async (server) => {
    const uri = uriOf('c/job.yaml');
    assert.deepEqual(brief(await server.open(uri, JOB)), ['6:3 warning version/field-not-in-release', '7:19 error schema/enum', '8:16 error job/numbers/negative-parallelism']);
    assert.deepEqual(server.registrations, [], 'no watcher asked of a client that cannot watch');
    // Edited and saved in the editor.
    const config = uriOf('c/.kubeassist.yaml');
    const edited = 'kubernetesVersion: "1.29"\nrules:\n  schema/enum: off\n';
    await server.open(config, 'kubernetesVersion: "1.29"\n');
    await server.change(config, [{ text: edited }]);
    write('c/.kubeassist.yaml', edited);
    let next = server.nextDiagnostics(uri);
    await server.connection.sendNotification('textDocument/didSave', { textDocument: { uri: config } });
    assert.deepEqual(brief(await next), ['6:3 warning version/field-not-in-release', '8:16 error job/numbers/negative-parallelism']);
    // Changed by another program, then any document saved: the server notices the configuration changed.
    write('c/.kubeassist.yaml', 'kubernetesVersion: "1.35"\nrules:\n  schema/enum: off\n');
    next = server.nextDiagnostics(uri);
    await server.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    assert.deepEqual(brief(await next), ['8:16 error job/numbers/negative-parallelism']);
    });
  });

  it('files its ignore globs match are not checked; the status bar hides', async () => {
    write('d/.kubeassist.yaml', 'ignore:\n  - generated/\n');
    await withServer({}, async (server) => {
    const uri = uriOf('d/generated/job.yaml');
    assert.deepEqual(await server.open(uri, JOB), []);
    assert.equal((await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri })).checkedResources, 0);
    assert.equal((await server.open(uriOf('d/job.yaml'), JOB)).length, 2, 'a file beside the folder is checked');
    });
  });

  it('the file itself: its mistakes as diagnostics (also in the status bar tooltip of the documents it applies to), completion and hover of its keys', async () => {
    const text = 'kubernetesVersion: "1.99"\nrules:\n  schema/enum: loud\n';
    write('e/.kubeassist.yaml', text);
    await withServer({}, async (server) => {
    const config = uriOf('e/.kubeassist.yaml');
    const diagnostics = await server.open(config, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.source, d.range.start.line, String(d.message).split(':')[0]]), [
      ['config/invalid', 'kubeassist', 0, '`1.99` is not a Kubernetes release KubeAssist knows'],
      ['config/invalid', 'kubeassist', 2, '`loud` is not a severity'],
    ]);
    const job = uriOf('e/job.yaml');
    assert.deepEqual(brief(await server.open(job, JOB)), ['7:19 error schema/enum', '8:16 error job/numbers/negative-parallelism'], 'checking goes on with the defaults (the newest release)');
    assert.deepEqual((await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri: job })).settingsProblems.map((problem) => problem.replace(root, '<root>')), [
      `<root>/e/.kubeassist.yaml:1: \`1.99\` is not a Kubernetes release KubeAssist knows: write one of 1.${MIN_MINOR} to 1.37 and 1.38 (pre-release) in quotes (\`kubernetesVersion: "1.37"\`). Until then the default release applies.`,
      '<root>/e/.kubeassist.yaml:3: `loud` is not a severity: set `schema/enum` to `error`, `warning`, `information` (or `info`), `hint`, or `off`. Until then this entry has no effect.',
    ]);
    assert.equal(await server.request(DOCUMENT_INFO_REQUEST, { uri: config }), null, 'no status bar on the configuration itself');
    const typed = withCursor('rules:\n  schema/enum: warning\nmax|');
    const fixed = await server.change(config, [{ text: typed.text }]);
    assert.deepEqual(fixed.map((d) => d.code), ['config/syntax'], 'a half-typed key is no YAML mapping entry yet');
    const completion = await server.request<{ items: { label: string }[] }>('textDocument/completion', { textDocument: { uri: config }, position: typed.position });
    assert.deepEqual(completion.items.map((item) => item.label), ['kubernetesVersion', 'ignore', 'maxFileSize', 'relations', 'jobset'], 'the keys not written yet; the editor filters by what is typed');
    const hover = await server.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: config }, position: { line: 1, character: 5 } });
    assert.match(hover.contents.value, /^\*\*schema\/enum\*\* \(error by default\)/);
    assert.equal(await server.request('textDocument/codeAction', { textDocument: { uri: config }, range: fixed[0].range, context: { diagnostics: fixed } }), null);
    });
  });
});
