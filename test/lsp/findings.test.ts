// Missed and wrong findings on real files (issue 20), through the real server as an editor sees them: an
// invalid namespace, `kind: job` and its quick fix, a Helm template the masking alone cannot read, and a JSON
// 6902 remove judged against the base beside it on disk.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestServer } from '../support/lspClient';

const summary = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} @ ${(d.data as { path?: string }).path} ${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity}`);

const JOB = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\n  namespace: My_Team\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n';

describe('issue 20 findings over LSP', () => {
  let server: TestServer;
  let folder: string;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
    folder = mkdtempSync(join(tmpdir(), 'kubeassist-findings-lsp-'));
  });
  after(async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  });
  const uri = () => `file:///findings-${++counter}.yaml`;

  it('an invalid namespace is an error at its value, with the server\'s exact line in data.serverMessage', async () => {
    const diagnostics = await server.open(uri(), JOB);
    assert.deepEqual(summary(diagnostics), ['meta/namespace-invalid @ metadata.namespace 5:14 1']);
    assert.match((diagnostics[0].data as { serverMessage: string }).serverMessage, /^metadata\.namespace: Invalid value: "My_Team": a lowercase RFC 1123 label must consist of/);
  });

  it('`kind: job` is an error at the kind, and the preferred quick fix writes `Job`', async () => {
    const document = uri();
    const text = JOB.replace('kind: Job', 'kind: job').replace('  namespace: My_Team\n', '');
    const diagnostics = await server.open(document, text);
    assert.deepEqual(summary(diagnostics), ['kind/case @ kind 2:7 1']);
    const actions = await server.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: document }, range: diagnostics[0].range, context: { diagnostics } });
    assert.equal(actions[0].title, 'Change to `Job`');
    assert.equal(actions[0].isPreferred, true);
    assert.deepEqual(actions[0].edit?.changes?.[document], [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 9 } }, newText: 'Job' }]);
  });

  it('a Helm template whose masked text does not parse still gets its literal mistakes, at their lines', async () => {
    const template = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ include "app.fullname" . }}\nspec:\n  completionMode: indexed\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n        - {{ include "app.container" . | trim }}\n          volumeMounts:\n            - name: data\n              mountPath: /data\n';
    assert.deepEqual(summary(await server.open('file:///chart/templates/job.yaml', template)), ['schema/enum @ spec.completionMode 6:19 1']);
  });

  it('a JSON 6902 remove of a stray field the local base holds is clean; once the base lacks it (another overlay), an error', async () => {
    const write = (files: Record<string, string>) => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(folder, path)), { recursive: true });
        writeFileSync(join(folder, path), text);
      }
    };
    const cronJob = (extra: string) => `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n${extra}  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers:\n          - name: report\n            image: busybox\n`;
    const remove = '- op: remove\n  path: /spec/backoffLimit\n';
    const kustomization = (base: string) => `resources:\n- ${base}\npatches:\n- path: remove.yaml\n  target:\n    group: batch\n    version: v1\n    kind: CronJob\n    name: nightly\n`;
    write({
      'stray/cronjob.yaml': cronJob('  backoffLimit: 0\n'), 'stray/kustomization.yaml': 'resources:\n- cronjob.yaml\n',
      'clean/cronjob.yaml': cronJob(''), 'clean/kustomization.yaml': 'resources:\n- cronjob.yaml\n',
      'a/kustomization.yaml': kustomization('../stray'), 'a/remove.yaml': remove,
      'b/kustomization.yaml': kustomization('../clean'), 'b/remove.yaml': remove,
    });
    assert.deepEqual(await server.open(pathToFileURL(join(folder, 'a', 'remove.yaml')).href, remove), []);
    const lacking = await server.open(pathToFileURL(join(folder, 'b', 'remove.yaml')).href, remove);
    assert.deepEqual(summary(lacking), ['kustomize/json6902-path @ [0].path 2:9 1']);
    assert.match(String(lacking[0].message), /nor does the base object in `\.\.\/clean\/cronjob\.yaml` hold it/);
  });
});
