// Diagnose through the real server: above a Job the API server returned (an export), the code lens says
// "Diagnose" instead of "Explain"; `kubeassist/diagnose` answers the report (the CLI's JSON) and its Markdown,
// each object's verdict first; the language-model tool's `diagnose` reads several texts as one body of evidence.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { AGENT_TOOL_REQUEST, DIAGNOSE_REQUEST, type AgentToolResult, type DiagnoseResult } from '../../server/src/lsp/protocol';
import { positionOf, TestServer } from '../support/lspClient';
import { REPO_ROOT } from '../support/shared';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'diagnose');
const EXPORT = readFileSync(join(FIXTURES, 'backoff-limit.yaml'), 'utf8');
const PODS = readFileSync(join(FIXTURES, 'backoff-limit-pods.json'), 'utf8');
const NOW = '2026-12-01T12:00:00Z';
const REQUEST = `apiVersion: batch/v1
kind: Job
metadata:
  name: fresh
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
`;

describe('Diagnose in the language server', () => {
  let server: TestServer;
  before(async () => (server = await TestServer.start()));
  after(() => server.stop());

  it('the code lens says Diagnose above an exported Job (in a List), Explain above a Job to be created', async () => {
    const uri = 'file:///w/pi-export.yaml';
    await server.open(uri, `${EXPORT}---\n${REQUEST}`);
    const lenses = await server.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const exported = positionOf(EXPORT, 'apiVersion: batch/v1').line;
    const fresh = EXPORT.split('\n').length;
    assert.deepEqual(lenses.map((lens) => [lens.range.start.line, lens.command?.title, lens.command?.command]), [
      [exported, 'Diagnose', 'kubeassist.diagnose'],
      [exported, 'Simulate…', 'kubeassist.simulate'],
      [fresh, 'Explain', 'kubeassist.explain'],
      [fresh, 'Simulate…', 'kubeassist.simulate'],
    ]);
    assert.deepEqual(lenses[0].command?.arguments, [{ uri, line: exported, kind: 'Job', name: 'pi' }]);
  });

  it('kubeassist/diagnose answers what `kubeassist diagnose --format json` prints, and Markdown with the verdict first', async () => {
    const uri = 'file:///w/pi.yaml';
    await server.open(uri, EXPORT);
    const result = await server.request<DiagnoseResult | null>(DIAGNOSE_REQUEST, { uri, kind: 'Job', name: 'pi', now: NOW });
    assert.ok(result);
    const cli = JSON.parse(spawnSync(process.execPath, [join(REPO_ROOT, 'dist/cli.js'), 'diagnose', '--format', 'json', '--now', NOW, '-'], { input: EXPORT, encoding: 'utf8' }).stdout);
    const named = (report: { objects: { findings: unknown[] }[] }) => report.objects.map((object) => ({ ...object, findings: object.findings.map((finding) => ({ ...(finding as object), file: "x" })) }));
    assert.deepEqual(named(result), named(cli));
    assert.deepEqual(result.notes, cli.notes);
    assert.equal(result.objects[0].verdict, 'Job pi failed at 2026-12-01T10:01:10Z (BackoffLimitExceeded): 3 failures counted against backoffLimit 2.');
    assert.deepEqual(result.markdown.split('\n').slice(0, 3), ['## Job pi: failed', '', `**${result.objects[0].verdict}**`]);
  });

  it('a document the server does not hold: null', async () => {
    assert.equal(await server.request<DiagnoseResult | null>(DIAGNOSE_REQUEST, { uri: 'file:///w/nothing.yaml' }), null);
  });

  it('the language-model tool diagnoses several texts together (the Job and its Pods)', async () => {
    const result = await server.request<AgentToolResult>(AGENT_TOOL_REQUEST, { tool: 'diagnose', input: { texts: [{ text: EXPORT, fileName: 'job.yaml' }, { text: PODS, fileName: 'pods.json' }], now: NOW } });
    assert.equal(result.error, undefined);
    const report = result.output as { objects: { verdict: string; pods: unknown[] }[] };
    assert.equal(report.objects[0].pods.length, 3);
    assert.equal(report.objects[0].verdict, 'Job pi failed at 2026-12-01T10:01:10Z (BackoffLimitExceeded): 3 failures counted against backoffLimit 2; the last: Pod pi-zt6lw, container pi exited with code 1.');
    const paths = await server.request<AgentToolResult>(AGENT_TOOL_REQUEST, { tool: 'diagnose', input: { paths: ['job.yaml'] } });
    assert.match(paths.error ?? '', /take the text of a document/);
  });
});
