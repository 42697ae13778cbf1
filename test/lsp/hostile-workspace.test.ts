// A hostile or huge workspace cannot hurt the editor, through the real server: files the server reads beside
// the open one (kustomizations and what they list, `.kubeassist.yaml`) are read only when they are regular
// files of bounded size and never above the workspace folder; ignore globs take linear time; git runs as
// VS Code's git extension runs it, not at all in Restricted Mode, and never reads a committed file larger than
// the size limit; huge lines and lists answer at once; a position past the end is an empty answer. Every
// test's `timeout` is a hang guard (each of these hung or took minutes), not a performance figure.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CompletionList, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { GitRepo } from '../support/gitRepo';
import { MIGRATE_JOB } from '../support/jobs';
import { positionOf, TestServer } from '../support/lspClient';

const JOB = MIGRATE_JOB;
/** A strategic-merge patch: clean as a patch, a Job without its template when read alone. */
const PATCH = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  backoffLimit: 2\n';
const GUARD = { timeout: 120_000 };

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((diagnostic) => String(diagnostic.code));
const uriOf = (path: string) => pathToFileURL(path).href;
const failures = (server: TestServer) => server.logs.filter((line) => /failed|uncaught|unhandled/.test(line));
const canMakeFifos = spawnSync('mkfifo', ['--version']).status === 0;

function mkfifo(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  assert.equal(spawnSync('mkfifo', [path]).status, 0);
}

function write(files: Record<string, string>, root: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Log lines holding `fragment`, waited for (the server writes them as it reads). */
async function logged(server: TestServer, fragment: string): Promise<string[]> {
  const lines = () => server.logs.filter((line) => line.includes(fragment));
  for (let i = 0; i < 250 && lines().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return lines();
}

describe('files beside the open one: regular, bounded, inside the workspace', { skip: canMakeFifos ? false : 'hostile workspace files (mkfifo is not available)' }, () => {
  let root: string;
  let workspace: string;
  let server: TestServer;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-hostile-'));
    workspace = join(root, 'workspace');
    write({
      // Above the workspace folder: never read.
      'kustomization.yaml': 'patches:\n- path: workspace/above/job.yaml\n',
      'workspace/above/job.yaml': PATCH,
      'workspace/plain/kustomization.yaml': 'patches:\n- path: job.yaml\n',
      'workspace/plain/job.yaml': PATCH,
      'workspace/zero/job.yaml': PATCH,
      'workspace/fifo/job.yaml': PATCH,
      'workspace/lists/kustomization.yaml': 'resources:\n- /dev/zero\n- pipe\n- base\npatches:\n- path: job.yaml\n  target:\n    kind: Job\n',
      'workspace/lists/job.yaml': PATCH,
      'workspace/config/job.yaml': JOB.replace('spec:\n  template', 'spec:\n  completionMode: indexed\n  template'),
      'workspace/deep/kustomization.yaml': `patches:\n- path: job.yaml\ndeep:\n${'- '.repeat(10_000)}x\n`,
      'workspace/deep/job.yaml': PATCH,
    }, root);
    symlinkSync('/dev/zero', join(workspace, 'zero', 'kustomization.yaml'));
    mkfifo(join(workspace, 'fifo', 'kustomization.yaml'));
    mkfifo(join(workspace, 'lists', 'pipe'));
    mkfifo(join(workspace, 'lists', 'base', 'kustomization.yaml'));
    mkfifo(join(workspace, 'config', '.kubeassist.yaml'));
    server = await TestServer.start({ workspaceFolders: [uriOf(workspace)] });
  });
  after(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('a kustomization in the workspace makes its patch a patch; one above the workspace folder is never read', GUARD, async () => {
    assert.deepEqual(codes(await server.open(uriOf(join(workspace, 'plain', 'job.yaml')), PATCH)), []);
    assert.deepEqual(codes(await server.open(uriOf(join(workspace, 'above', 'job.yaml')), PATCH)), ['schema/required'], 'checked as a whole Job');
  });

  it('a kustomization nested 10,000 levels deep is not parsed: skipped with a note, the file beside it checked alone', GUARD, async () => {
    assert.deepEqual(codes(await server.open(uriOf(join(workspace, 'deep', 'job.yaml')), PATCH)), ['schema/required']);
    assert.deepEqual(await logged(server, join('deep', 'kustomization.yaml')), [`kubeassist: ${join(workspace, 'deep', 'kustomization.yaml')} is nested more than 200 levels deep: not read (a kustomization, or a file one lists).`]);
  });

  it('a kustomization that is /dev/zero (through a symbolic link) or a FIFO is skipped with a note, never read: the file is checked alone', GUARD, async () => {
    assert.deepEqual(codes(await server.open(uriOf(join(workspace, 'zero', 'job.yaml')), PATCH)), ['schema/required']);
    assert.deepEqual(codes(await server.open(uriOf(join(workspace, 'fifo', 'job.yaml')), PATCH)), ['schema/required']);
    assert.deepEqual(await logged(server, join('zero', 'kustomization.yaml')), [`kubeassist: ${join(workspace, 'zero', 'kustomization.yaml')} is a device, not a regular file: not read (a kustomization, or a file one lists).`]);
    assert.deepEqual(await logged(server, join('fifo', 'kustomization.yaml')), [`kubeassist: ${join(workspace, 'fifo', 'kustomization.yaml')} is a FIFO (named pipe), not a regular file: not read (a kustomization, or a file one lists).`]);
    assert.deepEqual(failures(server), []);
  });

  it('a kustomization that lists /dev/zero and FIFOs still makes its patch a patch, and reads none of them', GUARD, async () => {
    assert.deepEqual(codes(await server.open(uriOf(join(workspace, 'lists', 'job.yaml')), PATCH)), []);
    assert.equal((await logged(server, '/dev/zero is a device')).length, 1);
    assert.equal((await logged(server, `${join('lists', 'pipe')} is a FIFO`)).length, 1);
    assert.equal((await logged(server, `${join('base', 'kustomization.yaml')} is a FIFO`)).length, 1);
  });

  it('a .kubeassist.yaml that is a FIFO is no configuration: the file gets the editor settings', GUARD, async () => {
    assert.deepEqual(codes(await server.open(uriOf(join(workspace, 'config', 'job.yaml')), JOB.replace('spec:\n  template', 'spec:\n  completionMode: indexed\n  template'))), ['schema/enum']);
    const info = await server.request<{ kubernetesVersionSource: string; configFile?: string }>('kubeassist/documentInfo', { uri: uriOf(join(workspace, 'config', 'job.yaml')) });
    assert.deepEqual([info.kubernetesVersionSource, info.configFile], ['settings', undefined]);
  });
});

describe('ignore globs in linear time', () => {
  let root: string;
  let server: TestServer;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-globs-'));
    write({ '.kubeassist.yaml': 'ignore:\n  - "*a*a*a*a*a*a*a*ab.yaml"\n' }, root);
    server = await TestServer.start();
  });
  after(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('*a*a*a*a*a*a*a*ab.yaml ignores a name with eight a and a b, and leaves a long name of a alone at once', GUARD, async () => {
    const mistake = JOB.replace('restartPolicy: Never', 'restartPolicy: Always');
    assert.deepEqual(codes(await server.open(uriOf(join(root, `${'a'.repeat(80)}.yaml`)), mistake)), ['job/restart-policy/never-or-on-failure-required']);
    assert.deepEqual(codes(await server.open(uriOf(join(root, 'xaaaaaaaab.yaml')), mistake)), []);
    assert.deepEqual(codes(await server.open(uriOf(join(root, `${'a'.repeat(80)}b.yaml`)), mistake)), []);
  });
});

describe('git, run as VS Code runs it', () => {
  const realGit = ['/usr/bin/git', '/usr/local/bin/git', '/bin/git'].find((path) => existsSync(path));
  const edited = JOB.replace('migrate:1.0', 'migrate:1.1');
  const hasUpdate = (diagnostics: Diagnostic[]) => diagnostics.some((diagnostic) => String(diagnostic.code).startsWith('update/'));
  let repo: GitRepo;
  before(() => {
    repo = GitRepo.create();
    repo.commit({ 'jobs/migrate.yaml': JOB, 'jobs/big.yaml': `${JOB}# ${'x'.repeat(3000)}\n` }, 'jobs');
  });
  after(() => repo.remove());

  it('never runs a `git` program of the workspace, even where PATH has an empty entry (the server started in the workspace folder)', { ...GUARD, skip: realGit && !existsSync(join(tmpdir(), 'git')) ? false : 'git is not in /usr/bin, /usr/local/bin or /bin' }, async () => {
    const marker = join(repo.root, 'workspace-git-ran');
    writeFileSync(join(repo.root, 'git'), `#!/bin/sh\ntouch '${marker}'\nexec ${realGit} "$@"\n`);
    chmodSync(join(repo.root, 'git'), 0o755);
    const server = await TestServer.start({ cwd: repo.root, env: { PATH: `:${dirname(realGit!)}` }, workspaceFolders: [uriOf(repo.root)] });
    try {
      const uri = uriOf(repo.path('jobs/migrate.yaml'));
      const since = server.published.length;
      await server.open(uri, edited);
      assert.deepEqual(codes(await server.diagnosticsWhere(uri, hasUpdate, since)), ['update/job/template-immutable'], 'git ran, and found HEAD');
      assert.equal(existsSync(marker), false, 'the workspace\'s git never ran');
    } finally {
      await server.stop();
      rmSync(join(repo.root, 'git'), { force: true });
    }
  });

  it('in Restricted Mode runs no git at all until the workspace is trusted, then checks against HEAD', { ...GUARD, skip: realGit ? false : 'git is not installed' }, async () => {
    const bin = mkdtempSync(join(tmpdir(), 'kubeassist-git-log-'));
    const log = join(bin, 'calls');
    // A git that notes when it runs (milliseconds since the epoch), then is git.
    writeFileSync(join(bin, 'git'), `#!/bin/sh\n${process.execPath} -e "process.stdout.write(Date.now() + '\\\\n')" >> '${log}'\nexec ${realGit} "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const server = await TestServer.start({ initializationOptions: { workspaceTrusted: false }, env: { PATH: `${bin}:${process.env.PATH}` } });
    try {
      const uri = uriOf(repo.path('jobs/migrate.yaml'));
      assert.deepEqual(codes(await server.open(uri, edited)), []);
      await server.save(uri);
      assert.deepEqual(codes(await server.change(uri, [{ text: `${edited}\n` }])), [], 'no update check: git does not run');
      assert.deepEqual(await logged(server, 'not trusted'), ['kubeassist: the workspace is not trusted (Restricted Mode): git is not run, so there are no update checks against HEAD until it is trusted.']);
      const trusted = Date.now();
      const since = server.published.length;
      await server.connection.sendNotification('kubeassist/workspaceTrust', { trusted: true });
      assert.deepEqual(codes(await server.diagnosticsWhere(uri, hasUpdate, since)), ['update/job/template-immutable']);
      const calls = readFileSync(log, 'utf8').trim().split('\n').map(Number);
      assert.ok(calls.length > 0 && calls.every((time) => time >= trusted), `git ran before trust: ${calls.join(', ')} < ${trusted}`);
    } finally {
      await server.stop();
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('the extension declares limited support of untrusted workspaces, keeping the size limit and git settings to the user', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { capabilities: { untrustedWorkspaces: { supported: unknown; description: string; restrictedConfigurations: string[] } } };
    const { supported, description, restrictedConfigurations } = manifest.capabilities.untrustedWorkspaces;
    assert.equal(supported, 'limited');
    assert.match(description, /runs no program: the update checks against HEAD, which run git, and Diagnose a Job in the cluster, which reads your kubeconfig, wait until the workspace is trusted/);
    assert.deepEqual(restrictedConfigurations, ['kubeassist.maxFileSize', 'kubeassist.updateChecks']);
  });

  it('does not read a committed file larger than kubeassist.maxFileSize: the log says so, and its objects are new', { ...GUARD, skip: realGit ? false : 'git is not installed' }, async () => {
    const server = await TestServer.start({ settings: { maxFileSize: 2000 } });
    try {
      const uri = uriOf(repo.path('jobs/big.yaml'));
      assert.deepEqual(codes(await server.open(uri, edited)), []);
      const [line] = await logged(server, 'more than kubeassist.maxFileSize');
      assert.match(line ?? '', /^kubeassist: jobs\/big\.yaml at HEAD has 3\d{3} bytes, more than kubeassist\.maxFileSize \(2000\): it is not read/);
      assert.ok(!hasUpdate(server.published.filter((params) => params.uri === uri).at(-1)!.diagnostics));
    } finally {
      await server.stop();
    }
  });
});

describe('huge lines and lists, and positions past the end', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => {
    await server.stop();
  });

  it('completion and hover on a line with 80,000 spaces inside a key answer at once, and right', GUARD, async () => {
    const uri = 'file:///spaces.yaml';
    const text = JOB.replace('spec:\n  template', `spec:\n  backoff${' '.repeat(80_000)}Limit: 1\n  template`);
    assert.deepEqual(codes(await server.open(uri, text)), ['schema/unknown-field']);
    const inKey = positionOf(text, 'backoff', 4);
    const completion = await server.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: inKey });
    assert.ok(completion.items.some((item) => item.label === 'backoffLimit'));
    for (const character of [40_000, 80_009]) {
      assert.equal(await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: inKey.line, character } }), null);
      await server.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: inKey.line, character } });
    }
    assert.deepEqual(failures(server), []);
    await server.close(uri);
  });

  it('a 2 MB document with a 1,000,000-item list: checked, and its first hover answers without parsing it again', GUARD, async () => {
    const uri = 'file:///million.yaml';
    const text = JOB.replace('        image: registry.example.com/migrate:1.0\n', `        image: registry.example.com/migrate:1.0\n        args: [${'a,'.repeat(1_000_000)}a]\n`);
    assert.ok(text.length > 2_000_000);
    // Checking it parses it once (seconds on a loaded machine): the guard, not the helper's 10 s, bounds the wait.
    const checked = server.nextDiagnostics(uri, GUARD.timeout);
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    assert.deepEqual(codes(await checked), []);
    const kind = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, 'Job') });
    assert.match(typeof kind?.contents === 'object' && 'value' in kind.contents ? kind.contents.value : '', /A \*\*Job\*\* \(`batch\/v1`\)/);
    const args = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, 'args', 1) });
    assert.match(typeof args?.contents === 'object' && 'value' in args.contents ? args.contents.value : '', /\*\*args\*\*/);
    await server.close(uri);
  });

  it('a position past the end gets an empty answer and logs no error; a character past a line\'s end is its end', GUARD, async () => {
    const uri = 'file:///past-the-end.yaml';
    await server.open(uri, JOB);
    const past = { line: 1000, character: 0 };
    assert.equal(await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: past }), null);
    assert.deepEqual((await server.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: past })).items, []);
    assert.deepEqual(await server.request('textDocument/codeAction', { textDocument: { uri }, range: { start: past, end: past }, context: { diagnostics: [] } }), []);
    assert.deepEqual(await server.request('textDocument/inlayHint', { textDocument: { uri }, range: { start: past, end: { line: 2000, character: 0 } } }), []);
    const end = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 5000 } });
    assert.match(typeof end?.contents === 'object' && 'value' in end.contents ? end.contents.value : '', /A \*\*Job\*\*/);
    const config = 'file:///workspace/.kubeassist.yaml';
    await server.open(config, 'rules:\n  schema/enum: off\n');
    assert.deepEqual((await server.request<CompletionList>('textDocument/completion', { textDocument: { uri: config }, position: past })).items, []);
    assert.deepEqual(failures(server), []);
  });
});
