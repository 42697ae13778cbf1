// The Pod API's enums through the real server: completion offers each field's values of the chosen release at
// the right node, hover names them, a typo is one diagnostic on the value with the closest value as the
// preferred code action, and the resize policy family reports where the API server does.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, CompletionItem, CompletionList, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { positionOf, rangeOf, TestServer, withCursor } from '../support/lspClient';

const POD = `apiVersion: batch/v1
kind: Job
metadata:
  name: enums
spec:
  template:
    spec:
      restartPolicy: Never
`;

const labels = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((item) => item.label);

describe('the Pod API enums over LSP', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  async function completeAt(marked: string): Promise<CompletionItem[]> {
    const { text, position } = withCursor(marked);
    const uri = `file:///pod-enums-completion-${++counter}.yaml`;
    await server.open(uri, text);
    const result = await server.request<CompletionList | CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position });
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  it('offers the DNS policies after `dnsPolicy: `', async () => {
    const items = await completeAt(`${POD}      dnsPolicy: |\n      containers:\n      - name: main\n        image: busybox\n`);
    assert.deepEqual(labels(items), ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None']);
    assert.match(String((items.find((item) => item.label === 'ClusterFirst')?.documentation as { value: string } | undefined)?.value), /./);
  });

  it('offers the port protocols in a port of a container, and the toleration operators in a toleration', async () => {
    const ports = await completeAt(`${POD}      containers:\n      - name: main\n        image: busybox\n        ports:\n        - containerPort: 80\n          protocol: |\n`);
    assert.deepEqual(labels(ports), ['TCP', 'UDP', 'SCTP']);
    const operators = await completeAt(`${POD}      tolerations:\n      - key: dedicated\n        operator: |\n      containers:\n      - name: main\n        image: busybox\n`);
    assert.deepEqual(labels(operators), ['Equal', 'Exists']);
    const effects = await completeAt(`${POD}      tolerations:\n      - key: dedicated\n        operator: Exists\n        effect: No|\n      containers:\n      - name: main\n        image: busybox\n`);
    assert.deepEqual(labels(effects), ['NoSchedule', 'PreferNoSchedule', 'NoExecute']);
  });

  it('offers an access mode for a new item of a claim template\'s accessModes', async () => {
    const items = await completeAt(`${POD}      containers:\n      - name: main\n        image: busybox\n      volumes:\n      - name: scratch\n        ephemeral:\n          volumeClaimTemplate:\n            spec:\n              accessModes:\n              - |\n`);
    assert.deepEqual(labels(items), ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod']);
  });

  it('offers the values of the chosen release: MountOption only from 1.36, RestartAllContainers only from 1.36', async () => {
    const seLinux = `${POD}      securityContext:\n        seLinuxChangePolicy: |\n      containers:\n      - name: main\n        image: busybox\n`;
    const action = `${POD}      containers:\n      - name: main\n        image: busybox\n        restartPolicy: Never\n        restartPolicyRules:\n        - action: |\n`;
    assert.deepEqual(labels(await completeAt(seLinux)), ['Recursive', 'MountOption']);
    assert.deepEqual(labels(await completeAt(action)), ['Restart', 'RestartAllContainers']);
    const old = await TestServer.start({ settings: { kubernetesVersion: '1.35' } });
    try {
      for (const [marked, expected] of [[seLinux, ['Recursive']], [action, ['Restart']]] as const) {
        const { text, position } = withCursor(marked);
        const uri = `file:///pod-enums-135-${++counter}.yaml`;
        await old.open(uri, text);
        // The settings pulled at start-up may arrive after the first request: ask again while the answer is 1.37's.
        let result = await old.request<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position });
        for (let i = 0; i < 5 && labels(result?.items ?? []).length !== expected.length; i++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          result = await old.request<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position });
        }
        assert.deepEqual(labels(result?.items ?? []), expected);
      }
    } finally {
      await old.stop();
    }
  });

  it('offers a key with its values as a choice: `whenUnsatisfiable: ${1|DoNotSchedule,ScheduleAnyway|}`', async () => {
    const items = await completeAt(`${POD}      topologySpreadConstraints:\n      - maxSkew: 1\n        whenUns|\n      containers:\n      - name: main\n        image: busybox\n`);
    const item = items.find((candidate) => candidate.label === 'whenUnsatisfiable');
    assert.equal((item?.textEdit as { newText: string } | undefined)?.newText, 'whenUnsatisfiable: ${1|DoNotSchedule,ScheduleAnyway|}');
  });

  it('hovers a pod field outside the catalogue with the values of the release', async () => {
    const text = `${POD}      containers:\n      - name: main\n        image: busybox\n        ports:\n        - containerPort: 80\n          protocol: UDP\n`;
    const uri = `file:///pod-enums-hover-${++counter}.yaml`;
    await server.open(uri, text);
    const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, 'protocol', 2) });
    assert.equal((hover?.contents as { value: string }).value,
      '**protocol** · `string`\n\nAllowed values in Kubernetes 1.37: `TCP`, `UDP`, `SCTP`\n\n[API reference](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/)');
  });

  it('reports `protocol: tcp` once, on the value, with `TCP` as the preferred code action', async () => {
    const text = `${POD}      containers:\n      - name: main\n        image: busybox\n        ports:\n        - containerPort: 80\n          protocol: tcp\n`;
    const uri = `file:///pod-enums-protocol-${++counter}.yaml`;
    const diagnostics = await server.open(uri, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [['pod/port-protocol-unsupported', rangeOf(text, 'tcp')]]);
    const actions = await server.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics: [diagnostics[0]], only: ['quickfix'] },
    });
    const preferred = actions.find((action) => action.isPreferred);
    assert.equal(preferred?.title, 'Change to `TCP`');
    assert.deepEqual(preferred?.edit?.changes?.[uri], [{ range: rangeOf(text, 'tcp'), newText: 'TCP' }]);
  });

  it('reports the resize policies the API server refuses, on the values', async () => {
    const text = `${POD}      containers:\n      - name: main\n        image: busybox\n        resizePolicy:\n        - resourceName: storage\n          restartPolicy: NotRequired\n        - resourceName: memory\n          restartPolicy: RestartContainer\n`;
    const diagnostics: Diagnostic[] = await server.open(`file:///pod-enums-resize-${++counter}.yaml`, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [
      ['pod/container-resize-policy-resource-unsupported', rangeOf(text, 'storage')],
      ['pod/container-resize-policy-restart-with-never', rangeOf(text, 'RestartContainer')],
    ]);
    assert.equal(diagnostics[1].message,
      "The pod's `restartPolicy` is `Never`, so a container cannot be restarted to apply new resources: use `NotRequired` here. The API server answers `spec.template.spec.containers[0].resizePolicy: Invalid value: \"RestartContainer\": must be 'NotRequired' when pod `restartPolicy` is 'Never'`.");
  });
});
