// Update checks through the real server: it runs git in the file's repository (a repository this test builds in
// the temp folder), takes the file at HEAD as the baseline, and warns where `kubectl apply` would be refused.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { GitRepo } from '../support/gitRepo';
import { MIGRATE_JOB } from '../support/jobs';
import { positionOf, rangeOf, TestServer } from '../support/lspClient';

const JOB = MIGRATE_JOB.replace('spec:\n  template', 'spec:\n  suspend: false\n  template');

/** A Job and a CSIDriver whose edit meets each update rule family. */
const FAMILIES = `apiVersion: batch/v1
kind: Job
metadata:
  name: shards
spec:
  completionMode: Indexed
  completions: 4
  parallelism: 4
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: shard
        image: registry.example.com/shard:1.0
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: csi.example.com
spec:
  attachRequired: true
  volumeLifecycleModes: [Persistent]
`;

/** The log lines holding `fragment`, once one came and the server had time to write more. */
async function loggedLines(server: TestServer, fragment: string): Promise<string[]> {
  const lines = () => server.logs.filter((line) => line.includes(fragment));
  const deadline = Date.now() + 5000;
  while (lines().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return lines();
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => String(d.code));
const hasUpdate = (diagnostics: Diagnostic[]) => diagnostics.some((d) => String(d.code).startsWith('update/'));
const uriOf = (path: string) => pathToFileURL(path).href;

describe('update checks over LSP, against HEAD of a git repository', () => {
  let server: TestServer;
  let repo: GitRepo;
  before(async () => {
    repo = GitRepo.create();
    repo.commit({
      'jobs/migrate.yaml': JOB, 'jobs/suspended.yaml': JOB.replace('suspend: false', 'suspend: true'), 'jobs/families.yaml': FAMILIES,
      'chart/Chart.yaml': 'apiVersion: v2\nname: migrations\nversion: 1.0.0\n', 'chart/templates/migrate.yaml': JOB,
    }, 'jobs');
    server = await TestServer.start();
  });
  after(async () => {
    await server.stop();
    repo.remove();
  });

  it('warns on the changed image of a committed Job, with the server\'s text, once git has answered', async () => {
    const uri = uriOf(repo.path('jobs/migrate.yaml'));
    const edited = JOB.replace('migrate:1.0', 'migrate:1.1');
    const since = server.published.length;
    assert.deepEqual(codes(await server.open(uri, edited)), [], 'the first check runs before git answers: a create');
    const diagnostics = await server.diagnosticsWhere(uri, hasUpdate, since);
    assert.deepEqual(codes(diagnostics), ['update/job/template-immutable']);
    const [warning] = diagnostics;
    assert.equal(warning.severity, 2);
    assert.deepEqual(warning.range, rangeOf(edited, 'registry.example.com/migrate:1.1'));
    assert.equal((warning.data as { path: string }).path, 'spec.template.spec.containers[0].image');
    assert.equal((warning.data as { serverMessage: string }).serverMessage, 'spec.template: Invalid value: core.PodTemplateSpec{…}: field is immutable');
    assert.match(String(warning.message), /^`spec\.template\.spec\.containers\[0\]\.image` was `registry\.example\.com\/migrate:1\.0` at HEAD and is `registry\.example\.com\/migrate:1\.1` now/);
    assert.match(String(warning.message), /kubectl delete job migrate/);

    // Hover on the changed value shows what HEAD has.
    const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(edited, 'migrate:1.1', 3) });
    const markdown = typeof hover?.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
    assert.match(markdown, /At HEAD: `registry\.example\.com\/migrate:1\.0`/);
    await server.close(uri);
  });

  it('is clean when a suspended, never-started Job changes its nodeSelector; flags the same change of a running Job', async () => {
    const nodeSelector = (text: string) => text.replace('      restartPolicy: Never\n', '      restartPolicy: Never\n      nodeSelector:\n        pool: gpu\n');
    const suspendedUri = uriOf(repo.path('jobs/suspended.yaml'));
    const since = server.published.length;
    await server.open(suspendedUri, nodeSelector(JOB.replace('suspend: false', 'suspend: true')));
    const runningUri = uriOf(repo.path('jobs/migrate.yaml'));
    await server.open(runningUri, nodeSelector(JOB));
    const running = await server.diagnosticsWhere(runningUri, hasUpdate, since);
    assert.deepEqual(codes(running), ['update/job/template-immutable']);
    assert.match(String(running[0].message), /Only a Job that is suspended/);
    // Both baselines came from the same commit: the suspended one was read by then too.
    const suspended = server.published.slice(since).filter((p) => p.uri === suspendedUri);
    assert.ok(suspended.length >= 1);
    assert.ok(suspended.every((p) => p.diagnostics.length === 0), JSON.stringify(suspended));
    await server.close(suspendedUri);
    await server.close(runningUri);
  });

  it('reports each update rule family at the changed value: completions, completion mode, template, CSIDriver', async () => {
    const uri = uriOf(repo.path('jobs/families.yaml'));
    const edited = FAMILIES.replace('completions: 4', 'completions: 6').replace('completionMode: Indexed', 'completionMode: NonIndexed')
      .replace('shard:1.0', 'shard:1.1').replace('attachRequired: true', 'attachRequired: false').replace('[Persistent]', '[Persistent, Ephemeral]');
    const since = server.published.length;
    await server.open(uri, edited);
    const diagnostics = await server.diagnosticsWhere(uri, hasUpdate, since);
    const at = (d: Diagnostic) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`;
    assert.deepEqual(diagnostics.map(at), [
      'update/job/completion-mode-immutable 6:19',
      'update/job/completions-immutable 7:16',
      'update/job/template-immutable 14:16',
      'update/csidriver/attach-required-immutable 21:19',
      'update/csidriver/volume-lifecycle-modes-immutable 22:25',
    ]);
    await server.close(uri);
  });

  it('offers the rename, and inside a Helm chart (a Chart.yaml above the file) the hook annotations', async () => {
    const titles = async (path: string) => {
      const uri = uriOf(repo.path(path));
      const since = server.published.length;
      await server.open(uri, JOB.replace('migrate:1.0', 'migrate:1.1'));
      const [warning] = await server.diagnosticsWhere(uri, hasUpdate, since);
      const actions = await server.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: warning.range, context: { diagnostics: [warning] } });
      await server.close(uri);
      return actions.map((action) => action.title);
    };
    assert.deepEqual(await titles('chart/templates/migrate.yaml'), [
      'Rename the Job to `migrate-2` (a new Job; delete the old one yourself)',
      'Make the Job a Helm hook deleted before each upgrade (`helm.sh/hook: post-install,post-upgrade`, `helm.sh/hook-delete-policy: before-hook-creation`)',
      'Disable `update/job/template-immutable` for this line',
    ]);
    assert.deepEqual(await titles('jobs/migrate.yaml'), [
      'Rename the Job to `migrate-2` (a new Job; delete the old one yourself)',
      'Disable `update/job/template-immutable` for this line',
    ]);
  });

  it('follows HEAD: after a commit of the edit and a save, the warning goes', async () => {
    const uri = uriOf(repo.path('jobs/migrate.yaml'));
    const edited = JOB.replace('migrate:1.0', 'migrate:2.0');
    const opened = server.published.length;
    await server.open(uri, edited);
    await server.diagnosticsWhere(uri, hasUpdate, opened);
    repo.commit({ 'jobs/migrate.yaml': edited }, 'new image');
    const saved = server.published.length;
    await server.save(uri);
    assert.deepEqual(codes(await server.diagnosticsWhere(uri, (diagnostics) => !hasUpdate(diagnostics), saved)), []);
    await server.close(uri);
  });

  it('checks a file that is not committed yet as new objects only', async () => {
    const uri = uriOf(repo.path('jobs/new.yaml'));
    const since = server.published.length;
    assert.deepEqual(codes(await server.open(uri, JOB.replace('migrate:1.0', 'migrate:9'))), []);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.ok(server.published.slice(since).filter((p) => p.uri === uri).every((p) => !hasUpdate(p.diagnostics)));
    await server.close(uri);
  });

  it('says nothing with kubeassist.updateChecks off, and warns again once it is back to git', async () => {
    await server.changeSettings({ updateChecks: 'off' });
    const uri = uriOf(repo.path('jobs/migrate.yaml'));
    const since = server.published.length;
    await server.open(uri, JOB.replace('migrate:1.0', 'migrate:3.0'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.ok(server.published.slice(since).filter((p) => p.uri === uri).every((p) => !hasUpdate(p.diagnostics)));
    const switched = server.published.length;
    await server.changeSettings({});
    assert.deepEqual(codes(await server.diagnosticsWhere(uri, hasUpdate, switched)), ['update/job/template-immutable'], 'back to git: the warning comes');
    await server.close(uri);
  });
});

describe('update checks without git or without a repository', () => {
  it('a file outside any repository: checked as a create, and the log says so in one line', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kubeassist-norepo-'));
    const server = await TestServer.start();
    try {
      writeFileSync(join(folder, 'job.yaml'), JOB);
      const uri = uriOf(join(folder, 'job.yaml'));
      assert.deepEqual(codes(await server.open(uri, JOB)), []);
      const second = uriOf(join(folder, 'other.yaml'));
      await server.open(second, JOB);
      const lines = await loggedLines(server, 'not in a git repository');
      assert.equal(lines.length, 1, server.logs.join('\n'));
      assert.match(lines[0], /its files are checked as new objects/);
      assert.equal(server.published.filter((p) => hasUpdate(p.diagnostics)).length, 0);
    } finally {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('no git on PATH: checked as creates, one log line, the server keeps answering', async () => {
    const repo = GitRepo.create();
    repo.commit({ 'job.yaml': JOB });
    const emptyBin = mkdtempSync(join(tmpdir(), 'kubeassist-nogit-'));
    const server = await TestServer.start({ env: { PATH: emptyBin } });
    try {
      const uri = uriOf(repo.path('job.yaml'));
      const other = uriOf(repo.path('other.yaml'));
      assert.deepEqual(codes(await server.open(uri, JOB.replace('migrate:1.0', 'migrate:1.1'))), []);
      await server.open(other, JOB);
      assert.equal((await loggedLines(server, 'git is not installed')).length, 1, server.logs.join('\n'));
      assert.equal(server.published.filter((p) => hasUpdate(p.diagnostics)).length, 0);
      const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(JOB, 'image', 1) });
      assert.ok(hover, 'hover still answers');
    } finally {
      await server.stop();
      repo.remove();
      rmSync(emptyBin, { recursive: true, force: true });
    }
  });
});
