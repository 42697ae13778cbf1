// An export (`kubectl get job pi -o yaml > pi.yaml`) opened in the editor, over LSP on the real exports of
// test/fixtures/observed: no false error, one information finding at its `kind` with its exact message, and the
// quick fix whose result, opened again, has no finding at all; the same as JSON and as items of a List.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { rangeOf, TestServer } from '../support/lspClient';

const FIXTURES = join(__dirname, '..', 'fixtures', 'observed');
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const CAPABILITIES = {
  workspace: { workspaceEdit: { documentChanges: true } },
  textDocument: { codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, isPreferredSupport: true } },
};

function apply(text: string, edits: TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (position: { line: number; character: number }) => starts[position.line] + position.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((out, edit) => out.slice(0, offset(edit.range.start)) + edit.newText + out.slice(offset(edit.range.end)), text);
}

const EXPORT_MESSAGE = (kind: string, markers: string, reasons: string) =>
  `This ${kind} is an export of an object the API server returned (\`kubectl get -o yaml\`): ${markers} written by the server only. `
  + `It is checked as what the server returned: the server's own fields, the generated selector and labels and the defaults are not judged as a request. `
  + `To apply it again, remove what the server wrote (${reasons}): the quick fix "Make re-appliable" or \`kubeassist check --fix\` does.`;

describe('observed objects over LSP', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start({ capabilities: CAPABILITIES });
  });
  after(async () => server.stop());

  async function fixOf(uri: string, text: string, diagnostic: Diagnostic): Promise<{ action: CodeAction; fixed: string }> {
    const actions = await server.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
    const action = actions[0];
    const resolved = action.edit ? action : await server.request<CodeAction>('codeAction/resolve', action);
    const edits = resolved.edit?.changes?.[uri] ?? [];
    return { action, fixed: apply(text, edits) };
  }

  it('a failed Job exported from a 1.11-era cluster: no error, the export finding at `kind`, and a quick fix that leaves a clean request', async () => {
    const uri = 'file:///exports/fail.yaml';
    const text = read('gitops-engine-job-failed.yaml');
    const diagnostics = await server.open(uri, text);
    assert.deepEqual(diagnostics.map((d) => ({ code: d.code, severity: d.severity, range: d.range, source: d.source, path: (d.data as { path?: string }).path })), [
      { code: 'observed/export', severity: 3, range: rangeOf(text, 'Job'), source: 'kubeassist', path: 'kind' },
      // Failed under a controller before 1.31, which wrote no FailureTarget first: information on the status (branch status).
      { code: 'job/status-inconsistent/terminal-without-interim', severity: 3, range: diagnostics[1]?.range, source: 'kubeassist', path: 'status.conditions[0].type' },
    ]);
    assert.equal(text.split('\n')[diagnostics[1].range.start.line].trim(), 'type: Failed');
    assert.equal(diagnostics[0].message, EXPORT_MESSAGE('Job', '`metadata.uid`, `metadata.resourceVersion`, `metadata.creationTimestamp` and `status` are',
      'the object\'s identity and version, the generated selector, the generated `controller-uid`/`job-name` labels and `status`'));
    const { action, fixed } = await fixOf(uri, text, diagnostics[0]);
    assert.equal(action.title, 'Make re-appliable: remove the fields the server wrote');
    assert.equal(action.isPreferred, true);
    assert.equal(fixed, `apiVersion: batch/v1
kind: Job
metadata:
  name: fail
  namespace: argoci-workflows
spec:
  backoffLimit: 0
  completions: 1
  parallelism: 1
  template:
    spec:
      containers:
      - command:
        - sh
        - -c
        - exit 1
        image: alpine:latest
        imagePullPolicy: Always
        name: fail
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
`);
    assert.deepEqual(await server.open('file:///exports/fail-fixed.yaml', fixed), []);
  });

  it('the documentation\'s pi Job (last-applied annotation, every default): the fix drops the annotation with its block, keeps the defaults', async () => {
    const uri = 'file:///exports/pi.yaml';
    const text = read('kubernetes-website-job-pi.yaml');
    const diagnostics = await server.open(uri, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [['observed/export', rangeOf(text, 'Job')]]);
    assert.match(String(diagnostics[0].message), /annotations kubectl or a controller wrote/);
    const { fixed } = await fixOf(uri, text, diagnostics[0]);
    assert.ok(fixed.startsWith('apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\n  namespace: default\nspec:\n  backoffLimit: 4\n  completionMode: NonIndexed\n  completions: 1\n  parallelism: 1\n  suspend: false\n  template:\n    spec:\n'), fixed);
    assert.ok(fixed.endsWith('      terminationGracePeriodSeconds: 30\n'), fixed);
    assert.deepEqual(await server.open('file:///exports/pi-fixed.yaml', fixed), []);
  });

  it('the same export as kubectl get -o json prints it: the finding at its "kind" value, and a fix that leaves valid JSON', async () => {
    const uri = 'file:///exports/pi.json';
    const text = read('derived-job-pi.json');
    const diagnostics = await server.open(uri, text, 'json');
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [['observed/export', rangeOf(text, '"Job"')]]);
    const { fixed } = await fixOf(uri, text, diagnostics[0]);
    const object = JSON.parse(fixed) as { metadata: unknown; status?: unknown; spec: { selector?: unknown; template: { metadata?: unknown } } };
    assert.deepEqual(object.metadata, { name: 'pi', namespace: 'default' });
    assert.equal(object.status, undefined);
    assert.equal(object.spec.selector, undefined);
    assert.equal(object.spec.template.metadata, undefined);
    assert.ok(fixed.startsWith('{\n    "apiVersion": "batch/v1",\n    "kind": "Job",\n    "metadata": {\n        "name": "pi",\n        "namespace": "default"\n    },\n    "spec": {\n'), fixed);
    assert.deepEqual(await server.open('file:///exports/pi-fixed.json', fixed, 'json'), []);
  });

  it('a kind: List of exports (kubectl get -o yaml of several objects): one finding per item, source.fixAll fixes them all', async () => {
    const uri = 'file:///exports/list.yaml';
    const text = read('derived-list.yaml');
    const diagnostics = await server.open(uri, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.severity]), [
      ['observed/export', 3, 3],
      ['observed/export', 48, 3],
      ['observed/export', 100, 3],
    ]);
    assert.deepEqual(diagnostics[2].range, rangeOf(text, 'CronJob'));
    const actions = await server.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } });
    const resolved = actions[0].edit ? actions[0] : await server.request<CodeAction>('codeAction/resolve', actions[0]);
    const fixed = apply(text, resolved.edit?.changes?.[uri] ?? []);
    assert.deepEqual(await server.open('file:///exports/list-fixed.yaml', fixed), []);
    assert.ok(fixed.endsWith('kind: List\nmetadata:\n  resourceVersion: ""\n'), 'the List itself is kubectl\'s and stays');
  });

  it('a JSON List (kubectl get jobs -o json): both items found, fixed to a clean request', async () => {
    const uri = 'file:///exports/list.json';
    const text = read('derived-list.json');
    const all = await server.open(uri, text, 'json');
    // Both Jobs ended under a controller before 1.31: each also gets the status information of 1.37 (branch status).
    assert.deepEqual(all.map((d) => d.code), ['observed/export', 'job/status-inconsistent/terminal-without-interim', 'observed/export', 'job/status-inconsistent/terminal-without-interim']);
    let fixed = text;
    // One item's fix at a time, as a user clicks them: each re-opened text gets the other's finding again.
    for (let round = 0; round < 2; round++) {
      const found = await server.open(`file:///exports/list-${round}.json`, fixed, 'json');
      fixed = (await fixOf(`file:///exports/list-${round}.json`, fixed, found[0])).fixed;
    }
    assert.deepEqual(await server.open('file:///exports/list-fixed.json', fixed, 'json'), []);
    assert.equal((JSON.parse(fixed) as { items: unknown[] }).items.length, 2);
  });

  it('what the author could have written is still an error in an export (a container name the API server refuses)', async () => {
    const text = read('gitops-engine-job-running.yaml').replace('name: succeed\n        resources', 'name: Succeed\n        resources');
    const diagnostics = await server.open('file:///exports/bad.yaml', text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range.start.line]), [['observed/export', 3, 1], ['pod/container-name-invalid', 1, 33]]);
  });
});
