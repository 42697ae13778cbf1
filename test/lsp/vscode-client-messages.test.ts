// The two messages of KubeAssist's own that the VS Code client uses: the per-document schemaDiagnostics
// decision (beside Red Hat YAML) and documentInfo (the status bar).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_INFO_REQUEST, SCHEMA_DIAGNOSTICS_NOTIFICATION, type DocumentInfo } from '../../server/src/lsp/protocol';
import { TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completionMode: indexed
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        operator: In
        values: [42]
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: pi
        image: perl
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: hostpath.csi.k8s.io
`;

describe('VS Code client messages', () => {
  let server: TestServer;
  before(async () => (server = await TestServer.start({ settings: { kubernetesVersion: '1.31' } })));
  after(() => server.stop());

  it('a decision sent before didOpen applies to the first diagnostics; a new one re-checks the document', async () => {
    const uri = 'file:///w/beside-red-hat.yaml';
    await server.connection.sendNotification(SCHEMA_DIAGNOSTICS_NOTIFICATION, { uri, schemaDiagnostics: 'off' });
    const first = await server.open(uri, JOB);
    assert.deepEqual(first.map((d) => d.code), ['job/pod-failure-policy/restart-policy-must-be-never']);
    await server.connection.sendNotification(SCHEMA_DIAGNOSTICS_NOTIFICATION, { uri, schemaDiagnostics: 'on' });
    // (a re-publish for the settings pulled at start-up may come first)
    let codes: unknown[] = [];
    for (let i = 0; i < 3 && !codes.includes('schema/enum'); i++) codes = (await server.nextDiagnostics(uri)).map((d) => d.code);
    assert.deepEqual(codes, ['schema/enum', 'job/pod-failure-policy/restart-policy-must-be-never']);
    await server.close(uri);
  });

  it('documentInfo: the release and the count of checked resources; null for a document not open', async () => {
    const uri = 'file:///w/info.yaml';
    await server.open(uri, JOB);
    assert.deepEqual(await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri }), { kubernetesVersion: '1.31', checkedResources: 2, schemaDiagnostics: 'on' });
    const other = 'file:///w/other.yaml';
    await server.open(other, 'name: build\non: push\n');
    assert.equal((await server.request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri: other })).checkedResources, 0);
    assert.equal(await server.request(DOCUMENT_INFO_REQUEST, { uri: 'file:///w/closed.yaml' }), null);
  });
});
