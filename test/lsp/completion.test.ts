// Completion as an editor asks for it: the real server, fixtures with a `|` cursor, exact items and edits.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-protocol';
import { TestServer, withCursor } from '../support/lspClient';

const JOB_HEAD = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\n';

describe('completion over LSP', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  async function completeAt(marked: string, marker = '|'): Promise<{ items: CompletionItem[]; text: string; position: { line: number; character: number } }> {
    const { text, position } = withCursor(marked, marker);
    const uri = `file:///completion-${++counter}.yaml`;
    await server.open(uri, text);
    const result = await server.request<CompletionList | CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position });
    const items = Array.isArray(result) ? result : (result?.items ?? []);
    return { items, text, position };
  }

  const labels = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);

  it('offers the completion modes after `completionMode: `, replacing nothing', async () => {
    const { items, position } = await completeAt(`${JOB_HEAD}spec:\n  completionMode: |\n`);
    assert.deepEqual(labels(items), ['NonIndexed', 'Indexed']);
    assert.deepEqual(items[0].textEdit, { range: { start: position, end: position }, newText: items[0].label });
  });

  it('adds the space after a colon when completion is triggered by typing `:`', async () => {
    const { items, position } = await completeAt(`${JOB_HEAD}spec:\n  completionMode:|\n`);
    const indexed = items.find((i) => i.label === 'Indexed');
    assert.deepEqual(indexed?.textEdit, { range: { start: position, end: position }, newText: ' Indexed' });
  });

  it('replaces what is typed of a value', async () => {
    const { items, position } = await completeAt(`${JOB_HEAD}spec:\n  completionMode: Ind|\n`);
    const indexed = items.find((i) => i.label === 'Indexed');
    assert.deepEqual(indexed?.textEdit, { range: { start: { line: position.line, character: position.character - 3 }, end: position }, newText: 'Indexed' });
  });

  it('offers the JobSpec keys not yet present, for a half-typed key', async () => {
    const { items, position } = await completeAt(`${JOB_HEAD}spec:\n  completions: 3\n  backoffLi|\n  template: {}\n`);
    // Every JobSpec field of 1.37 (the default release) but the two already present (completions, template), alphabetically.
    assert.deepEqual(labels(items), [
      'activeDeadlineSeconds', 'backoffLimit', 'backoffLimitPerIndex', 'completionMode', 'managedBy', 'manualSelector',
      'maxFailedIndexes', 'parallelism', 'podFailurePolicy', 'podReplacementPolicy', 'scheduling', 'selector', 'successPolicy', 'suspend',
      'ttlSecondsAfterFinished',
    ]);
    const backoffLimit = items.find((i) => i.label === 'backoffLimit')!;
    assert.equal(backoffLimit.detail, 'int32');
    assert.deepEqual(backoffLimit.textEdit, { range: { start: { line: position.line, character: 2 }, end: position }, newText: 'backoffLimit: $1' });
  });

  it('puts required keys first: a container name before everything else', async () => {
    const { items } = await completeAt(`${JOB_HEAD}spec:\n  template:\n    spec:\n      containers:\n      - |\n`);
    assert.equal(labels(items)[0], 'name');
    assert.equal(items.find((i) => i.label === 'name')?.detail, 'string (required)');
  });

  it('inserts a pod failure policy with a first rule and a choice of actions, indented like the file', async () => {
    const { items } = await completeAt(`${JOB_HEAD}spec:\n  podF|\n`);
    const item = items.find((i) => i.label === 'podFailurePolicy')!;
    assert.equal(item.insertTextFormat, 2);
    assert.equal(
      (item.textEdit as { newText: string }).newText,
      'podFailurePolicy:\n    rules:\n      - action: ${1|FailJob,Ignore,Count,FailIndex|}\n        onExitCodes:\n          operator: ${2|In,NotIn|}\n          values: [${3:42}]',
    );
    const compact = await completeAt(`${JOB_HEAD}spec:\n  template:\n    spec:\n      containers:\n      - name: a\n  podF|\n`);
    assert.equal(
      (compact.items.find((i) => i.label === 'podFailurePolicy')!.textEdit as { newText: string }).newText,
      'podFailurePolicy:\n    rules:\n    - action: ${1|FailJob,Ignore,Count,FailIndex|}\n      onExitCodes:\n        operator: ${2|In,NotIn|}\n        values: [${3:42}]',
    );
  });

  it('offers only Never and OnFailure as a Job restart policy, and only Never with a pod failure policy', async () => {
    const plain = await completeAt(`${JOB_HEAD}spec:\n  template:\n    spec:\n      restartPolicy: |\n`);
    assert.deepEqual(labels(plain.items), ['Never', 'OnFailure']);
    const withPolicy = await completeAt(`${JOB_HEAD}spec:\n  podFailurePolicy:\n    rules: []\n  template:\n    spec:\n      restartPolicy: |\n`);
    assert.deepEqual(labels(withPolicy.items), ['Never']);
    const withBackoff = await completeAt(`${JOB_HEAD}spec:\n  backoffLimitPerIndex: 1\n  template:\n    spec:\n      restartPolicy: |\n`);
    assert.deepEqual(labels(withBackoff.items), ['Never']);
  });

  it('offers rule actions, exit-code operators and pod-condition statuses inside a pod failure policy', async () => {
    const action = await completeAt(`${JOB_HEAD}spec:\n  podFailurePolicy:\n    rules:\n    - action: |\n`);
    assert.deepEqual(labels(action.items), ['FailJob', 'FailIndex', 'Ignore', 'Count']);
    const operator = await completeAt(`${JOB_HEAD}spec:\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: |\n`);
    assert.deepEqual(labels(operator.items), ['In', 'NotIn']);
    const status = await completeAt(`${JOB_HEAD}spec:\n  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n        status: |\n`);
    assert.deepEqual(labels(status.items), ['True', 'False', 'Unknown']);
  });

  it('offers CSIDriver enums and booleans', async () => {
    const head = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n';
    assert.deepEqual(labels((await completeAt(`${head}  fsGroupPolicy: |\n`)).items), ['ReadWriteOnceWithFSType', 'File', 'None']);
    assert.deepEqual(labels((await completeAt(`${head}  attachRequired: |\n`)).items), ['true', 'false']);
    assert.deepEqual(labels((await completeAt(`${head}  volumeLifecycleModes:\n  - |\n`)).items), ['Persistent', 'Ephemeral']);
  });

  it('offers the lifecycle modes for an item of a block list, replacing what is typed of it', async () => {
    const head = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n';
    const { items, position } = await completeAt(`${head}  volumeLifecycleModes:\n  - Persistent\n  - Eph|\n`);
    assert.deepEqual(labels(items), ['Persistent', 'Ephemeral']);
    assert.deepEqual(items.find((i) => i.label === 'Ephemeral')?.textEdit, { range: { start: { line: position.line, character: 4 }, end: position }, newText: 'Ephemeral' });
  });

  it('offers the lifecycle modes for an item of a flow list, with the meaning of each', async () => {
    const head = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n';
    const empty = await completeAt(`${head}  volumeLifecycleModes: [|]\n`);
    assert.deepEqual(labels(empty.items), ['Persistent', 'Ephemeral']);
    assert.deepEqual(empty.items[0].textEdit, { range: { start: empty.position, end: empty.position }, newText: empty.items[0].label });
    const second = await completeAt(`${head}  volumeLifecycleModes: [Persistent, Eph|]\n`);
    assert.deepEqual(labels(second.items), ['Persistent', 'Ephemeral']);
    const ephemeral = second.items.find((i) => i.label === 'Ephemeral')!;
    assert.deepEqual(ephemeral.textEdit, { range: { start: { line: second.position.line, character: second.position.character - 3 }, end: second.position }, newText: 'Ephemeral' });
    assert.deepEqual(ephemeral.documentation, { kind: 'markdown', value: 'CSI inline volumes declared in the Pod spec; they exist only as long as the Pod.' });
  });

  it('explains each Job restart policy in its completion item, from the catalogue', async () => {
    const { items } = await completeAt(`${JOB_HEAD}spec:\n  template:\n    spec:\n      restartPolicy: |\n`);
    assert.deepEqual(items.find((i) => i.label === 'Never')?.documentation, {
      kind: 'markdown',
      value: 'A failing container fails the Pod; the Job replaces the Pod and counts one failure. Needed with `podFailurePolicy`, advised with `backoffLimitPerIndex`.',
    });
  });

  it('offers apiVersion and kind pairs; the kinds of the apiVersion written', async () => {
    assert.deepEqual(labels((await completeAt('apiVersion: |\n')).items).sort(), ['batch/v1', 'jobset.x-k8s.io/v1alpha2', 'storage.k8s.io/v1', 'trainer.kubeflow.org/v1alpha1']);
    assert.deepEqual(labels((await completeAt('apiVersion: batch/v1\nkind: |\n')).items).sort(), ['CronJob', 'Job']);
    assert.deepEqual(labels((await completeAt('apiVersion: jobset.x-k8s.io/v1alpha2\nkind: |\n')).items), ['JobSet']);
    assert.deepEqual(labels((await completeAt('apiVersion: trainer.kubeflow.org/v1alpha1\nkind: |\n')).items).sort(), ['ClusterTrainingRuntime', 'TrainingRuntime']);
    assert.deepEqual(labels((await completeAt('apiVersion: v1\nkind: |\n')).items).sort(), ['CSIDriver', 'ClusterTrainingRuntime', 'CronJob', 'Job', 'JobSet', 'TrainingRuntime']);
  });

  it('offers new-document snippets and apiVersion/kind as the first key of a new document', async () => {
    const { items } = await completeAt('apiVersion: v1\nkind: ConfigMap\n---\n|');
    assert.deepEqual(labels(items), ['Job', 'Job (Indexed, per-index backoff)', 'Job (pod failure policy)', 'CronJob', 'CSIDriver', 'apiVersion', 'kind']);
  });

  it('offers the completion-index annotation inside fieldRef.fieldPath', async () => {
    const { items } = await completeAt(
      `${JOB_HEAD}spec:\n  template:\n    spec:\n      containers:\n      - name: a\n        env:\n        - name: INDEX\n          valueFrom:\n            fieldRef:\n              fieldPath: |\n`,
    );
    assert.equal(items[0].label, "metadata.annotations['batch.kubernetes.io/job-completion-index']");
  });

  it('offers well-known label keys in the template metadata', async () => {
    const { items } = await completeAt(`${JOB_HEAD}spec:\n  template:\n    metadata:\n      labels:\n        |\n`);
    assert.deepEqual(items.map((i) => i.label), [
      'app.kubernetes.io/name', 'app.kubernetes.io/instance', 'app.kubernetes.io/version', 'app.kubernetes.io/component',
      'app.kubernetes.io/part-of', 'app.kubernetes.io/managed-by',
    ], 'the generated labels (job-name, controller-uid) are the server\'s: not offered');
    assert.deepEqual(items[0].textEdit, { range: { start: { line: 8, character: 8 }, end: { line: 8, character: 8 } }, newText: 'app.kubernetes.io/name: ' });
  });

  it('offers well-known annotation keys on the Job', async () => {
    const { items } = await completeAt(`${JOB_HEAD}  annotations:\n    |\n`);
    assert.deepEqual(items.map((i) => i.label), [
      'kubectl.kubernetes.io/default-container', 'cluster-autoscaler.kubernetes.io/safe-to-evict',
      'helm.sh/hook', 'helm.sh/hook-weight', 'helm.sh/hook-delete-policy',
      'argocd.argoproj.io/hook', 'argocd.argoproj.io/hook-delete-policy', 'argocd.argoproj.io/sync-wave',
      'kueue.x-k8s.io/job-min-parallelism', 'kueue.x-k8s.io/job-completions-equal-parallelism',
    ]);
  });

  it('offers no Helm, Argo CD or Kueue key on the Pod template: those tools read the Job\'s own metadata', async () => {
    const { items } = await completeAt(`${JOB_HEAD}spec:\n  template:\n    metadata:\n      annotations:\n        |\n`);
    assert.deepEqual(items.map((i) => i.label), ['kubectl.kubernetes.io/default-container', 'cluster-autoscaler.kubernetes.io/safe-to-evict']);
    const labelled = await completeAt(`${JOB_HEAD}  labels:\n    |\n`);
    assert.ok(labelled.items.some((i) => i.label === 'kueue.x-k8s.io/queue-name'));
  });

  it('hides the fields a chosen release does not know yet', async () => {
    const old = await TestServer.start({ settings: { kubernetesVersion: '1.29' } });
    try {
      const { text, position } = withCursor(`${JOB_HEAD}spec:\n  |\n`);
      const uri = 'file:///completion-129.yaml';
      await old.open(uri, text);
      let items: CompletionItem[] = [];
      for (let i = 0; i < 10 && (items.length === 0 || items.some((item) => item.label === 'managedBy')); i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100)); // the settings may still be arriving
        items = (await old.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position })).items;
      }
      // managedBy and successPolicy exist from 1.30; the required template comes first.
      assert.deepEqual(labels(items), [
        'template', 'activeDeadlineSeconds', 'backoffLimit', 'backoffLimitPerIndex', 'completionMode', 'completions',
        'manualSelector', 'maxFailedIndexes', 'parallelism', 'podFailurePolicy', 'podReplacementPolicy', 'selector', 'suspend',
        'ttlSecondsAfterFinished',
      ]);
    } finally {
      await old.stop();
    }
  });

  it('completes in a Helm template where the text is literal', async () => {
    const { items } = await completeAt(`${JOB_HEAD.replace('name: pi', 'name: {{ .Release.Name }}')}spec:\n  completionMode: |\n`);
    assert.deepEqual(labels(items), ['NonIndexed', 'Indexed']);
  });

  it('offers nothing in a YAML file that is not a Job or CSIDriver', async () => {
    const { items } = await completeAt('apiVersion: apps/v1\nkind: Deployment\nspec:\n  repl|\n');
    assert.deepEqual(items, []);
  });
});

describe('completion and hover when KubeAssist is disabled', () => {
  it('answers nothing with kubeassist.enable false', async () => {
    const server = await TestServer.start({ settings: { enable: false } });
    try {
      const { text, position } = withCursor(`${JOB_HEAD}spec:\n  completionMode: |\n`);
      const uri = 'file:///disabled.yaml';
      await server.open(uri, text);
      for (let i = 0; i < 20 && (await server.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position })).items.length; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100)); // the settings may still be arriving
      }
      assert.deepEqual((await server.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position })).items, []);
      assert.equal(await server.request('textDocument/hover', { textDocument: { uri }, position: { line: 5, character: 4 } }), null);
    } finally {
      await server.stop();
    }
  });
});
