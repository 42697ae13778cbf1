// Where environment variables take their values from (fieldRef, resourceFieldRef, configMapKeyRef, secretKeyRef,
// envFrom) and the pod-deletion-cost annotation, through the real server: exact codes, ranges and messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  template:
    metadata:
      annotations:
        controller.kubernetes.io/pod-deletion-cost: "+10"
    spec:
      restartPolicy: Never
      containers:
      - name: reporter
        image: registry.example.com/reporter:2.1
        env:
        - name: LABELS
          valueFrom:
            fieldRef:
              fieldPath: metadata.labels
        - name: TEAM
          valueFrom:
            fieldRef:
              fieldPath: metadata.labels['team name']
        - name: NODE
          valueFrom:
            fieldRef:
              apiVersion: v2
              fieldPath: spec.nodeName
        - name: GPUS
          valueFrom:
            resourceFieldRef:
              resource: limits.nvidia.com/gpu
        - name: MEMORY_MB
          valueFrom:
            resourceFieldRef:
              resource: limits.memory
              divisor: 1m
        - name: LOG_LEVEL
          valueFrom:
            configMapKeyRef:
              key: log/level
        - name: PASSWORD
          valueFrom:
            secretKeyRef:
              name: DB
              key: password
        envFrom:
        - prefix: APP_
        - configMapRef:
            name: settings
          secretRef:
            name: credentials
`;

const summary = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.code} @ ${(d.data as { path: string }).path} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`);

const message = (diagnostics: Diagnostic[], code: string) => diagnostics.find((d) => d.code === code)?.message;

describe('env sources and the pod-deletion-cost annotation over LSP', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  it('reports each at the node the API server names, with its line', async () => {
    const diagnostics = await server.open('file:///pod-env-rules.yaml', JOB);
    assert.deepEqual(summary(diagnostics), [
      'pod/template-pod-deletion-cost-invalid @ spec.template.metadata.annotations[controller.kubernetes.io/pod-deletion-cost] 9:53-9:58',
      'pod/env-field-ref-field-path-unsupported @ spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath 19:26-19:41',
      'pod/env-field-ref-subscript-invalid @ spec.template.spec.containers[0].env[1].valueFrom.fieldRef.fieldPath 23:26-23:54',
      'pod/env-field-ref-api-version-unsupported @ spec.template.spec.containers[0].env[2].valueFrom.fieldRef.apiVersion 27:27-27:29',
      'pod/env-resource-field-ref-resource-unsupported @ spec.template.spec.containers[0].env[3].valueFrom.resourceFieldRef.resource 32:25-32:46',
      'pod/env-resource-field-ref-divisor-unsupported @ spec.template.spec.containers[0].env[4].valueFrom.resourceFieldRef.divisor 37:24-37:26',
      'pod/env-key-ref-name-invalid @ spec.template.spec.containers[0].env[5].valueFrom.configMapKeyRef 40:13-40:28',
      'pod/env-key-ref-key-invalid @ spec.template.spec.containers[0].env[5].valueFrom.configMapKeyRef.key 41:20-41:29',
      'pod/env-key-ref-name-invalid @ spec.template.spec.containers[0].env[6].valueFrom.secretKeyRef.name 45:21-45:23',
      'pod/env-from-source-count @ spec.template.spec.containers[0].envFrom[0] 48:11-49:1',
      'pod/env-from-source-count @ spec.template.spec.containers[0].envFrom[1].secretRef 51:11-51:20',
    ]);
    assert.ok(diagnostics.every((d) => d.source === 'kubeassist' && d.severity === 1));
    assert.equal(message(diagnostics, 'pod/template-pod-deletion-cost-invalid'),
      '`+10` is not a pod deletion cost: the annotation holds a whole number from -2147483648 to 2147483647, written without `+` or leading zeros (e.g. `"100"`). A ReplicaSet scaling down removes Pods of lower cost first; a Job\'s Pods carry it but the Job controller does not read it. The API server answers `spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "+10": must be a 32bit integer`.');
    assert.equal(message(diagnostics, 'pod/env-resource-field-ref-divisor-unsupported'),
      'The value is divided by `divisor` before the variable is set, and for `limits.memory` the server takes only a unit: `1`, `1k`, `1M`, `1G`, ... or `1Ki`, `1Mi`, `1Gi`, .... Leave it out to get the plain number. The API server answers `spec.template.spec.containers[0].env[4].valueFrom.resourceFieldRef.divisor: Invalid value: "limits.memory": only divisor\'s values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource`.');
    assert.equal(message(diagnostics, 'pod/env-from-source-count'),
      'This `envFrom` entry names no source: add `configMapRef: {name: ...}` or `secretRef: {name: ...}` (a `prefix` alone imports nothing). The API server answers `spec.template.spec.containers[0].envFrom: Invalid value: "": must specify one of: `configMapRef` or `secretRef``.');
  });

  it('offers v1 for another fieldRef apiVersion', async () => {
    const diagnostics = await server.open('file:///pod-env-rules-fix.yaml', JOB);
    const target = diagnostics.find((d) => d.code === 'pod/env-field-ref-api-version-unsupported')!;
    const actions = await server.request<{ title: string; isPreferred?: boolean }[]>('textDocument/codeAction', { textDocument: { uri: 'file:///pod-env-rules-fix.yaml' }, range: target.range, context: { diagnostics: [target] } });
    assert.ok(actions.some((action) => action.title === 'Change to `v1`' && action.isPreferred), actions.map((a) => a.title).join(', '));
  });
});
