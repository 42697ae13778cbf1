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

const POD = `apiVersion: batch/v1
kind: Job
metadata:
  name: shards
spec:
  completionMode: Indexed
  completions: 4
  template:
    spec:
      restartPolicy: OnFailure
      activeDeadlineSeconds: 600
      subdomain: workers
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
      initContainers:
      - name: log-shipper
        image: fluent/fluent-bit:3.0
        restartPolicy: Always
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "echo $(JOB_COMPLETION_INDEX)"]
        securityContext:
          capabilities:
            drop: [ALL]
        tty: false
        ports:
        - containerPort: 8080
`;

const DRIVER = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n';

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
    // On `kind:` of a parsed object, what it will do comes first (test/lsp/explain.test.ts), then what a Job is.
    assert.match(markdown(await hoverAt(JOB, 'kind: Job', 7)), /^\*\*What this Job will do\*\* [^]*\n\n---\n\nA \*\*Job\*\* \(`batch\/v1`\) runs Pods/);
    assert.match(markdown(await hoverAt(JOB, 'apiVersion')), /^A \*\*Job\*\* \(`batch\/v1`\) runs Pods/);
    const driver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\n';
    assert.match(markdown(await hoverAt(driver, 'apiVersion')), /^A \*\*CSIDriver\*\*/);
  });

  it('explains well-known label keys and the key inside a downward-API fieldPath', async () => {
    const label = markdown(await hoverAt(JOB, 'batch.kubernetes.io/job-name'));
    assert.ok(label.startsWith(`**batch.kubernetes.io/job-name** · ${wellKnownKey('batch.kubernetes.io/job-name')!.type}`), label);
    const fieldPath = markdown(await hoverAt(JOB, "metadata.annotations['batch"));
    assert.ok(fieldPath.startsWith('**batch.kubernetes.io/job-completion-index**'), fieldPath);
  });

  it('describes the pod-template fields the catalogue leaves out from the schema only: type, required, link', async () => {
    const hover = await hoverAt(POD, 'tty:');
    assert.equal(markdown(hover), '**tty** · `boolean`\n\n[API reference](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/)');
    const port = await hoverAt(POD, 'containerPort:');
    assert.equal(markdown(port), '**containerPort** · `int32` · required\n\n[API reference](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/)');
  });

  it('says what holds in a Job on restartPolicy: only Never and OnFailure, and why Always is refused', async () => {
    const text = markdown(await hoverAt(POD, 'restartPolicy: OnFailure'));
    assert.ok(text.startsWith('**restartPolicy** · `string`\n\nWhat happens when a container exits: in a Job only `Never` or `OnFailure`; `Always` is refused\n\n'), text);
    assert.ok(text.includes('\n**Default:** `Always` (the Pod default), which a Job refuses: always write it'), text);
    const allowed = text.slice(0, text.indexOf('**Refused in a Job:**'));
    assert.ok(allowed.includes('\n- `Never`: A failing container fails the Pod; the Job replaces the Pod and counts one failure. Needed with `podFailurePolicy`, advised with `backoffLimitPerIndex`.\n'), text);
    assert.ok(allowed.includes('\n- `OnFailure`: The kubelet restarts the failing container in the same Pod. Restarts of running Pods count against `backoffLimit`, but pod failure policies and per-index backoff never see them.'), text);
    assert.doesNotMatch(allowed, /`Always`:|Allowed values/);
    assert.ok(text.includes("\n\n**Refused in a Job:**\n- `Always`: A Job's Pods must be able to finish, and a container that is restarted whenever it exits never lets its Pod complete."), text);
    assert.ok(text.includes('\n- A pod failure policy needs Never. (`job/pod-failure-policy/restart-policy-must-be-never`)\n'), text);
  });

  it('explains a refused value as refused in a Job: `restartPolicy: Always`', async () => {
    const text = POD.replace('restartPolicy: OnFailure', 'restartPolicy: Always');
    const hover = await hoverAt(text, 'Always');
    assert.ok(markdown(hover).startsWith("**Always** · value of `restartPolicy`, refused in a Job\n\nA Job's Pods must be able to finish,"), markdown(hover));
    assert.deepEqual(hover?.range, rangeOf(text, 'Always'));
  });

  it('explains the pod-level activeDeadlineSeconds as a limit per try, apart from the Job-level one', async () => {
    const text = markdown(await hoverAt(POD, 'activeDeadlineSeconds:'));
    assert.ok(text.startsWith("**activeDeadlineSeconds** · `int64`\n\nTime limit for each Pod on its own; the Job's `activeDeadlineSeconds` bounds the whole Job\n\n"), text);
    assert.ok(text.includes('\n**Limits:** 1 to 2147483647  \n**Maturity:** GA  \n**Changes after creation:** fixed once the Job is created (the Pod template cannot change)'), text);
    assert.ok(text.endsWith('[Kubernetes documentation](https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/)'), text);
  });

  it('explains command against args and the image entrypoint, with an example', async () => {
    const text = markdown(await hoverAt(POD, 'command:'));
    assert.ok(text.startsWith("**command** · `[]string`\n\nReplaces the image's ENTRYPOINT; together with `args` it makes the whole command line\n\n"), text);
    assert.ok(text.includes("| `command` only | `command`; the image's CMD is dropped |\n| `args` only | the image's ENTRYPOINT with `args` |\n"), text);
    assert.ok(text.includes('```yaml\ncontainers:\n- name: main\n  image: python:3.12\n  command: ["python", "-m", "report"]\n'), text);
  });

  it('explains a sidecar: `restartPolicy: Always` on an init container', async () => {
    const hover = await hoverAt(POD, 'Always');
    assert.equal(
      markdown(hover),
      '**Always** · value of `restartPolicy`\n\nA sidecar: started in order, kept running (and restarted when it exits) until the main containers finish.' +
        '\n\n[Kubernetes documentation](https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/)',
    );
  });

  it('explains security and naming fields of the template in a Job\'s terms', async () => {
    const nonRoot = markdown(await hoverAt(POD, 'runAsNonRoot:'));
    assert.ok(nonRoot.startsWith('**runAsNonRoot** · `boolean`\n\nRefuse to start any container that would run as root\n\n'), nonRoot);
    assert.ok(nonRoot.includes('In a Job that Pod then waits, counting no failure, until a deadline'), nonRoot);
    assert.equal(markdown(await hoverAt(POD, 'runAsNonRoot: true', 15)), '**true** · value of `runAsNonRoot`\n\nCheck at start that each container runs as a non-zero user ID.\n\n[Kubernetes documentation](https://kubernetes.io/docs/tasks/configure-pod-container/security-context/)');
    const subdomain = markdown(await hoverAt(POD, 'subdomain:'));
    assert.ok(subdomain.startsWith('**subdomain** · `string`\n\nWith a headless Service of this name, each Pod gets a DNS name: `<hostname>.<subdomain>`\n\n'), subdomain);
    assert.ok(subdomain.includes('index 3 is reachable as `<job-name>-3.workers`'), subdomain);
  });

  it('explains an enum value that is an item of a block list: `- Ephemeral`', async () => {
    const text = `${DRIVER}  volumeLifecycleModes:\n  - Persistent\n  - Ephemeral\n`;
    const doc = fieldDoc('CSIDriver', 'spec.volumeLifecycleModes')!;
    const hover = await hoverAt(text, 'Ephemeral');
    assert.equal(markdown(hover), `**Ephemeral** · value of \`volumeLifecycleModes\`\n\n${doc.values!.Ephemeral}\n\n[Kubernetes documentation](${doc.docs})`);
    assert.deepEqual(hover?.range, rangeOf(text, 'Ephemeral'));
  });

  it('explains an enum value that is an item of a flow list: `[Persistent]`', async () => {
    const text = `${DRIVER}  volumeLifecycleModes: [Persistent]\n`;
    const doc = fieldDoc('CSIDriver', 'spec.volumeLifecycleModes')!;
    const hover = await hoverAt(text, 'Persistent', 4);
    assert.equal(markdown(hover), `**Persistent** · value of \`volumeLifecycleModes\`\n\n${doc.values!.Persistent}\n\n[Kubernetes documentation](${doc.docs})`);
    assert.deepEqual(hover?.range, rangeOf(text, 'Persistent'));
  });

  it('explains a list item of the Pod template too: `drop: [ALL]`', async () => {
    const hover = await hoverAt(POD, 'ALL');
    assert.equal(markdown(hover), '**ALL** · value of `drop`\n\nEvery capability; add back the few the program needs with `add`.\n\n[Kubernetes documentation](https://kubernetes.io/docs/tasks/configure-pod-container/security-context/)');
    assert.deepEqual(hover?.range, rangeOf(POD, 'ALL'));
  });

  it('names the release and the gate of a pod-template field added in 1.36 or 1.37, as the chosen release (1.37) has it', async () => {
    const text = JOB.replace('      restartPolicy: Never\n', '      restartPolicy: Never\n      schedulingGroup:\n        podGroupName: trainers\n').replace(
      '        image: perl\n',
      '        image: perl\n        readinessProbe:\n          httpGet:\n            port: 8080\n            protocol: HTTP2\n',
    );
    assert.equal(
      markdown(await hoverAt(text, 'protocol:')),
      '**protocol** · `string`\n\nKnown values (the API server does not refuse others): `HTTP1`, `HTTP2`\n\nSince Kubernetes 1.37\n\nFeature gate `H2CContainerProbe`: alpha (off by default) in Kubernetes 1.37; dropped on create unless the gate is enabled\n\n' +
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
