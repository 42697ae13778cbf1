// Hover as an editor asks for it: the real server, a `|` cursor, the exact Markdown and range shown.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { fieldDoc, wellKnownKey } from '../../server/src/service/catalogue/index';
import { rangeOf, TestServer, withCursor } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  backoffLimit: 4
  backoffLimitPerIndex: 1
  completionMode: Indexed
  completions: 3
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        operator: In
        values: [1]
  template:
    metadata:
      labels:
        batch.kubernetes.io/job-name: pi
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
        env:
        - name: INDEX
          valueFrom:
            fieldRef:
              fieldPath: metadata.annotations['batch.kubernetes.io/job-completion-index']
`;

describe('hover over LSP', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  async function hoverAt(text: string, match: string, delta = 1, occurrence = 1): Promise<Hover | null> {
    const uri = `file:///hover-${++counter}.yaml`;
    await server.open(uri, text);
    let index = -1;
    for (let i = 0; i < occurrence; i++) index = text.indexOf(match, index + 1);
    const { position } = withCursor(text.slice(0, index + delta) + '|' + text.slice(index + delta));
    return server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  }

  const markdown = (hover: Hover | null) => (hover?.contents as MarkupContent).value;

  it('explains a Job key from the catalogue, with its type, and underlines the key', async () => {
    const hover = await hoverAt(JOB, 'backoffLimit:');
    const doc = fieldDoc('Job', 'spec.backoffLimit')!;
    assert.ok(markdown(hover).startsWith(`**backoffLimit** · \`int32\`\n\n${doc.summary}`), markdown(hover));
    assert.match(markdown(hover), /\*\*Default:\*\*/);
    assert.match(markdown(hover), /\[Kubernetes documentation\]\(https:\/\/kubernetes\.io\//);
    assert.deepEqual(hover?.range, rangeOf(JOB, 'backoffLimit'));
  });

  it('explains the keys of a Job that is an item of a kind: List, with the same range', async () => {
    const item = JOB.replace(/^/gm, '    ').replace(/^    apiVersion/m, '  - apiVersion');
    const list = `apiVersion: v1\nkind: List\nitems:\n${item}`;
    const hover = await hoverAt(list, 'backoffLimit:');
    assert.ok(markdown(hover).startsWith(`**backoffLimit** · \`int32\`\n\n${fieldDoc('Job', 'spec.backoffLimit')!.summary}`), markdown(hover));
    assert.deepEqual(hover?.range, rangeOf(list, 'backoffLimit'));
  });

  it('explains what an enum value does: FailIndex', async () => {
    const hover = await hoverAt(JOB, 'FailIndex');
    const meaning = fieldDoc('Job', 'spec.podFailurePolicy.rules[].action')!.values!.FailIndex;
    assert.ok(markdown(hover).startsWith(`**FailIndex** · value of \`action\`\n\n${meaning}`), markdown(hover));
    assert.deepEqual(hover?.range, rangeOf(JOB, 'FailIndex'));
  });

  it('says what the resource is on apiVersion and kind', async () => {
    assert.match(markdown(await hoverAt(JOB, 'kind: Job', 7)), /^A \*\*Job\*\* \(`batch\/v1`\) runs Pods/);
    const driver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\n';
    assert.match(markdown(await hoverAt(driver, 'apiVersion')), /^A \*\*CSIDriver\*\*/);
  });

  it('explains well-known label keys and the key inside a downward-API fieldPath', async () => {
    const label = markdown(await hoverAt(JOB, 'batch.kubernetes.io/job-name'));
    assert.ok(label.startsWith(`**batch.kubernetes.io/job-name** · ${wellKnownKey('batch.kubernetes.io/job-name')!.type}`), label);
    const fieldPath = markdown(await hoverAt(JOB, "metadata.annotations['batch"));
    assert.ok(fieldPath.startsWith('**batch.kubernetes.io/job-completion-index**'), fieldPath);
  });

  it('describes pod-template fields from the schema only: type, required, link', async () => {
    const hover = await hoverAt(JOB, 'image:');
    assert.equal(markdown(hover), '**image** · `string`\n\n[API reference](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/)');
    const name = await hoverAt(JOB, "- name: pi", 3);
    assert.equal(markdown(name), '**name** · `string` · required\n\n[API reference](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/)');
  });

  it('names the release and the gate of a pod-template field added in 1.36 or 1.37, as the chosen release (1.37) has it', async () => {
    const text = JOB.replace('      restartPolicy: Never\n', '      restartPolicy: Never\n      schedulingGroup:\n        podGroupName: trainers\n').replace(
      '        image: perl\n',
      '        image: perl\n        readinessProbe:\n          httpGet:\n            port: 8080\n            protocol: HTTP2\n',
    );
    assert.equal(
      markdown(await hoverAt(text, 'protocol:')),
      '**protocol** · `string`\n\nSince Kubernetes 1.37\n\nFeature gate `H2CContainerProbe`: alpha (off by default) in Kubernetes 1.37; dropped on create unless the gate is enabled\n\n' +
        '[API reference](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/)',
    );
    assert.equal(
      markdown(await hoverAt(text, 'schedulingGroup:')),
      '**schedulingGroup** · `object`\n\nSince Kubernetes 1.36\n\nFeature gate `GenericWorkload`: beta but off by default in Kubernetes 1.37; dropped on create unless the gate is enabled\n\n' +
        '[API reference](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/)',
    );
  });

  it('names the release and the gate of the new Job and CSIDriver fields from the catalogue', async () => {
    const scheduling = await hoverAt(JOB.replace('  backoffLimit: 4\n', '  backoffLimit: 4\n  scheduling:\n    schedulingPolicy:\n      basic: {}\n'), 'scheduling:');
    assert.ok(markdown(scheduling).includes('**Maturity:** alpha, gate `WorkloadWithJob`, since Kubernetes 1.37'), markdown(scheduling));
    const driver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n  preventPodSchedulingIfMissing: true\n';
    const prevent = markdown(await hoverAt(driver, 'preventPodSchedulingIfMissing'));
    assert.ok(prevent.startsWith('**preventPodSchedulingIfMissing** · `boolean`\n\nKeep Pods that need this driver off nodes where the driver has not registered yet'), prevent);
    assert.ok(prevent.includes('**Maturity:** beta, gate `VolumeLimitScaling`, since Kubernetes 1.36'), prevent);
  });

  it('still explains keys on a half-typed document that does not parse', async () => {
    const text = 'apiVersion: batch/v1\nkind: Job\nspec:\n  completionMode: [\n  suspend: true\n';
    const hover = await hoverAt(text, 'suspend');
    assert.ok(markdown(hover).startsWith(`**suspend** · \`boolean\`\n\n${fieldDoc('Job', 'spec.suspend')!.summary}`), markdown(hover));
  });

  it('shows nothing outside Job and CSIDriver objects', async () => {
    assert.equal(await hoverAt('apiVersion: v1\nkind: ConfigMap\ndata:\n  a: b\n', 'data'), null);
  });
});
