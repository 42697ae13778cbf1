// The API server's rules end to end: the real server, exact codes, ranges and field paths.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { rangeOf, TestServer } from '../support/lspClient';

const POLICY_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: import-batches
spec:
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        operator: In
        values: [3, 1, 1, 0]
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: importer
        image: registry.example.com/importer:1.0
`;

const summary = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.code} @ ${(d.data as { path: string }).path} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`);

describe('API-server rules over LSP', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());
  const open = (text: string) => server.open(`file:///rules-${++counter}.yaml`, text);

  it('reports the cross-field pod failure policy rules at the exact values the server names', async () => {
    const diagnostics = await open(POLICY_JOB);
    assert.deepEqual(summary(diagnostics), [
      'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index @ spec.podFailurePolicy.rules[0].action 8:15-8:24',
      'job/pod-failure-policy/exit-codes-not-ordered @ spec.podFailurePolicy.rules[0].onExitCodes.values 11:17-11:29',
      'job/pod-failure-policy/duplicate-exit-code @ spec.podFailurePolicy.rules[0].onExitCodes.values[2] 11:24-11:25',
      'job/pod-failure-policy/exit-code-zero-with-in @ spec.podFailurePolicy.rules[0].onExitCodes.values[3] 11:27-11:28',
      'job/pod-failure-policy/restart-policy-must-be-never @ spec.template.spec.restartPolicy 14:22-14:31',
    ]);
    assert.ok(diagnostics.every((d) => d.severity === 1 && d.source === 'kubeassist'));
    const restart = diagnostics[diagnostics.length - 1];
    assert.deepEqual(restart.range, rangeOf(POLICY_JOB, 'OnFailure'));
    assert.equal(restart.codeDescription?.href, 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#pod-failure-policy');
  });

  it('reports an omitted restartPolicy (defaulted to Always) on the pod spec key', async () => {
    const text = POLICY_JOB.replace('    - action: FailIndex', '    - action: FailJob').replace('      restartPolicy: OnFailure\n', '').replace('[3, 1, 1, 0]', '[1, 3]');
    const diagnostics = await open(text);
    assert.deepEqual(summary(diagnostics), ['job/restart-policy/never-or-on-failure-required @ spec.template.spec.restartPolicy 13:5-13:9']);
  });

  it('reports CSIDriver token request limits on the value', async () => {
    const text = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n  tokenRequests:\n  - audience: vault\n    expirationSeconds: 300\n  serviceAccountTokenInSecrets: true\n';
    assert.deepEqual(summary(await open(text)), ['csidriver/token-requests/expiration-too-short @ spec.tokenRequests[0].expirationSeconds 8:24-8:27']);
  });

  it('warns, without failing, where the server accepts but warns: a Job name with a dot', async () => {
    const text = POLICY_JOB.replace('name: import-batches', 'name: import.batches').replace('    - action: FailIndex', '    - action: FailJob').replace('[3, 1, 1, 0]', '[1, 3]').replace('OnFailure', 'Never');
    const diagnostics = await open(text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity]), [['job/name/not-dns-label', 2]]);
    assert.deepEqual(diagnostics[0].range, rangeOf(text, 'import.batches'));
  });
});

describe('Kubernetes 1.36 and 1.37 over LSP', () => {
  const TEMPLATE_JOB = (podSpec: string) => `apiVersion: batch/v1
kind: Job
metadata:
  name: warm-and-run
spec:
  template:
    spec:
      restartPolicy: OnFailure
${podSpec}      containers:
      - name: main
        image: registry.example.com/main:1.0
`;
  const INIT_RESIZE = TEMPLATE_JOB('      initContainers:\n      - name: warm-cache\n        image: registry.example.com/warm:1.0\n        resizePolicy:\n        - resourceName: memory\n          restartPolicy: RestartContainer\n');
  const WORKLOAD_REF = TEMPLATE_JOB('      workloadRef:\n        name: training\n        podGroup: workers\n');

  it('at the default release (1.37): RestartContainer on a plain init container and a removed workloadRef are errors where the server names them', async () => {
    const server = await TestServer.start();
    try {
      const resize = await server.open('file:///resize.yaml', INIT_RESIZE);
      assert.deepEqual(summary(resize), ['pod/init-container-resize-restart-container @ spec.template.spec.initContainers[0].resizePolicy[0].restartPolicy 14:26-14:42']);
      assert.deepEqual(resize[0].range, rangeOf(INIT_RESIZE, 'RestartContainer'));
      assert.equal(resize[0].severity, 1);
      const removed = await server.open('file:///workload-ref.yaml', WORKLOAD_REF);
      assert.deepEqual(summary(removed), ['schema/unknown-field @ spec.template.spec.workloadRef 9:7-9:18']);
      assert.match(String(removed[0].message), /It was removed after Kubernetes 1\.35\.$/);
    } finally {
      await server.stop();
    }
  });

  it('at 1.35: neither is an error; workloadRef only warns that its gate is off', async () => {
    const server = await TestServer.start({ settings: { kubernetesVersion: '1.35' } });
    // The settings may arrive after the first check: wait for the re-check they bring.
    const openAt135 = async (uri: string, text: string, done: (diagnostics: Diagnostic[]) => boolean) => {
      let diagnostics = await server.open(uri, text);
      for (let i = 0; i < 5 && !done(diagnostics); i++) diagnostics = await server.nextDiagnostics(uri);
      return diagnostics;
    };
    try {
      assert.deepEqual(summary(await openAt135('file:///resize-135.yaml', INIT_RESIZE, (d) => d.length === 0)), []);
      const removed = await openAt135('file:///workload-ref-135.yaml', WORKLOAD_REF, (d) => d.every((one) => one.code !== 'schema/unknown-field'));
      assert.deepEqual(removed.map((d) => [d.code, d.severity]), [['version/feature-gate-off', 2]]);
    } finally {
      await server.stop();
    }
  });
});

describe('rule settings over LSP', () => {
  it('turns a whole rule family off with a code prefix, and one rule with a comment', async () => {
    const server = await TestServer.start({ settings: { rules: { 'job/pod-failure-policy/': 'off' } } });
    try {
      const uri = 'file:///family-off.yaml';
      await server.open(uri, POLICY_JOB);
      let last: Diagnostic[] = [];
      for (let i = 0; i < 10; i++) {
        const published = [...server.published].reverse().find((p) => p.uri === uri);
        last = published?.diagnostics ?? [];
        if (last.length === 0) break;
        await server.nextDiagnostics(uri, 2000).catch(() => undefined);
      }
      assert.deepEqual(last, []);
      const commented = POLICY_JOB.replace('      restartPolicy: OnFailure', '      # kubeassist-disable-next-line job/pod-failure-policy/restart-policy-must-be-never\n      restartPolicy: OnFailure');
      const other = await TestServer.start();
      try {
        const codes = (await other.open('file:///comment.yaml', commented)).map((d) => d.code);
        assert.ok(!codes.includes('job/pod-failure-policy/restart-policy-must-be-never'));
        assert.equal(codes.length, 4);
      } finally {
        await other.stop();
      }
    } finally {
      await server.stop();
    }
  });
});
