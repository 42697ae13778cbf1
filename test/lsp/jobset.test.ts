// A JobSet and a training runtime in the editor, through the real server: the diagnostics of a Job template at
// their node with where the refusal shows, completion and hover of the JobSet's own fields, of the Job fields
// inside its templates, and of Kueue's keys.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeLens, CompletionItem, CompletionList, Hover, InlayHint, MarkupContent } from 'vscode-languageserver-protocol';
import { EXPLAIN_REQUEST, type ExplainResult } from '../../server/src/lsp/protocol';
import { TestServer, withCursor } from '../support/lspClient';

const JOBSET_HEAD = 'apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: train\n';
const WORKERS = (spec: string, indent = '') => [
  'spec:', '  replicatedJobs:', '  - name: workers', '    replicas: 2', '    template:', '      spec:',
  ...spec.split('\n').filter(Boolean).map((line) => `        ${line}`),
].map((line) => `${indent}${line}`).join('\n');

describe('a JobSet in the editor', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  async function completeAt(marked: string): Promise<CompletionItem[]> {
    const { text, position } = withCursor(marked, '|');
    const uri = `file:///jobset-completion-${++counter}.yaml`;
    await server.open(uri, text);
    const result = await server.request<CompletionList | CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position });
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  async function hoverAt(marked: string): Promise<string> {
    const { text, position } = withCursor(marked, '|');
    const uri = `file:///jobset-hover-${++counter}.yaml`;
    await server.open(uri, text);
    const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
    return (hover?.contents as MarkupContent | undefined)?.value ?? '';
  }

  const labels = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);

  it('reports a Job template mistake at its node in the JobSet, saying the JobSet is accepted and where the refusal shows', async () => {
    const text = `${JOBSET_HEAD}${WORKERS('parallelism: 4\ntemplate:\n  spec:\n    containers:\n    - name: main\n      image: busybox')}\n`;
    const diagnostics = await server.open('file:///jobset-1024.yaml', text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, (d.data as { path: string }).path]), [
      ['job/completion-mode/indexed-requires-completions', 9, 6, 'spec.replicatedJobs[0].template.spec.completions'],
    ]);
    const [diagnostic] = diagnostics;
    assert.equal(diagnostic.source, 'kubeassist');
    assert.match(String(diagnostic.message), /JobSet's webhook makes every Job `Indexed`/);
    assert.match(String(diagnostic.message), /This JobSet is accepted .* `JobCreationFailed` event/);
  });

  it('offers the JobSet fields of its spec, and the Job fields inside a replicatedJob template', async () => {
    const own = labels(await completeAt(`${JOBSET_HEAD}spec:\n  replicatedJobs: []\n  |\n`));
    assert.deepEqual(own, ['coordinator', 'failurePolicy', 'managedBy', 'network', 'startupPolicy', 'successPolicy', 'suspend', 'ttlSecondsAfterFinished', 'volumeClaimPolicies']);
    const entry = labels(await completeAt(`${JOBSET_HEAD}spec:\n  replicatedJobs:\n  - name: workers\n    |\n`));
    assert.deepEqual(entry, ['template', 'dependsOn', 'groupName', 'replicas']);
    const job = labels(await completeAt(`${JOBSET_HEAD}${WORKERS('completions: 4\n|')}\n`));
    assert.ok(job.includes('parallelism') && job.includes('backoffLimitPerIndex') && job.includes('podFailurePolicy') && !job.includes('completions'), job.join(', '));
  });

  it('offers the values of JobSet enums, each with what it does, and the Pod restart policies inside a template', async () => {
    const strategies = await completeAt(`${JOBSET_HEAD}spec:\n  failurePolicy:\n    restartStrategy: |\n`);
    assert.deepEqual(labels(strategies), ['Recreate', 'BlockingRecreate', 'InPlaceRestart']);
    assert.match(String((strategies.find((i) => i.label === 'BlockingRecreate')?.documentation as MarkupContent).value), /previous run is gone/);
    assert.deepEqual(labels(await completeAt(`${JOBSET_HEAD}spec:\n  successPolicy:\n    operator: |\n`)), ['All', 'Any']);
    assert.deepEqual(labels(await completeAt(`${JOBSET_HEAD}spec:\n  replicatedJobs:\n  - name: b\n    dependsOn:\n    - name: a\n      status: |\n`)), ['Ready', 'Complete']);
    const reasons = labels(await completeAt(`${JOBSET_HEAD}spec:\n  failurePolicy:\n    rules:\n    - action: FailJobSet\n      onJobFailureReasons:\n      - |\n`));
    assert.deepEqual(reasons, ['BackoffLimitExceeded', 'DeadlineExceeded', 'FailedIndexes', 'MaxFailedIndexesExceeded', 'PodFailurePolicy']);
    const restart = labels(await completeAt(`${JOBSET_HEAD}${WORKERS('template:\n  spec:\n    restartPolicy: |')}\n`));
    assert.deepEqual(restart, ['Never', 'OnFailure']);
  });

  it('offers Kueue\'s keys on the JobSet, and its Job keys on a replicatedJob template, with their values', async () => {
    const onJobSet = labels(await completeAt('apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: train\n  labels:\n    |\n'));
    assert.ok(['kueue.x-k8s.io/queue-name', 'kueue.x-k8s.io/priority-class', 'kueue.x-k8s.io/max-exec-time-seconds'].every((key) => onJobSet.includes(key)), onJobSet.join(', '));
    const onTemplate = labels(await completeAt(`${JOBSET_HEAD}spec:\n  replicatedJobs:\n  - name: workers\n    template:\n      metadata:\n        annotations:\n          |\n`));
    assert.ok(onTemplate.includes('kueue.x-k8s.io/job-min-parallelism') && onTemplate.includes('alpha.jobset.sigs.k8s.io/exclusive-topology'), onTemplate.join(', '));
    assert.ok(!onTemplate.includes('helm.sh/hook'), 'Helm reads the object it installs, not a Job template');
    const values = labels(await completeAt(`${JOBSET_HEAD}spec:\n  replicatedJobs:\n  - name: workers\n    template:\n      metadata:\n        annotations:\n          kueue.x-k8s.io/job-completions-equal-parallelism: |\n`));
    assert.deepEqual(values, ['true', 'false']);
  });

  it('explains JobSet fields in its own words, and a Job field in a template as the Job\'s, with what JobSet changes', async () => {
    const failurePolicy = await hoverAt(`${JOBSET_HEAD}spec:\n  failureP|olicy:\n    maxRestarts: 3\n`);
    assert.match(failurePolicy, /What to do when a Job fails/);
    assert.match(failurePolicy, /maxRestarts/);
    const dependsOn = await hoverAt(`${JOBSET_HEAD}spec:\n  replicatedJobs:\n  - name: a\n  - name: b\n    depends|On: []\n`);
    assert.match(dependsOn, /first entry cannot wait/);
    const completionMode = await hoverAt(`${JOBSET_HEAD}${WORKERS('completion|Mode: Indexed')}\n`);
    assert.match(completionMode, /Indexed \(JobSet's webhook; a Job alone defaults to NonIndexed\)/);
    const subdomain = await hoverAt(`${JOBSET_HEAD}${WORKERS('template:\n  spec:\n    sub|domain: workers')}\n`);
    assert.match(subdomain, /Set by the JobSet controller/);
  });

  it('explains Kueue\'s keys: a queued workload is created suspended and gets Pods once admitted', async () => {
    const queue = await hoverAt('apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: train\n  labels:\n    kueue.x-k8s.io/queue-|name: team-a\n');
    assert.match(queue, /suspended/);
    assert.match(queue, /admitted/);
    assert.match(queue, /read by Kueue/);
  });

  it('reports Kueue\'s refusal of a queue name at the label, on a JobSet', async () => {
    const diagnostics = await server.open('file:///jobset-kueue.yaml', 'apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: train\n  labels:\n    kueue.x-k8s.io/queue-name: Team_A\nspec:\n  replicatedJobs: []\n');
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, (d.data as { path: string }).path]), [['kueue/queue-name-invalid', 5, 'metadata.labels[kueue.x-k8s.io/queue-name]']]);
    assert.match(String(diagnostics[0].message), /Kueue's webhook refuses the JobSet/);
  });

  it('explains a JobSet: the hover on kind, an Explain lens (no Simulate), and kubeassist/explain with each Job', async () => {
    const text = `${JOBSET_HEAD}${WORKERS('completions: 2\nparallelism: 2\ntemplate:\n  spec:\n    containers:\n    - name: main\n      image: busybox')}\n`;
    const uri = 'file:///jobset-explain.yaml';
    assert.deepEqual(await server.open(uri, text), []);
    const hover = await server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
    assert.match((hover?.contents as MarkupContent).value, /Creates 2 Jobs \(workers × 2\); succeeds when 2 Jobs have succeeded; the first failed Job fails it\./);
    const lenses = await server.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    assert.deepEqual(lenses.map((lens) => [lens.range.start.line, lens.command?.title, lens.command?.arguments]), [[0, 'Explain', [{ uri, line: 0, kind: 'JobSet', name: 'train' }]]]);
    const result = await server.request<ExplainResult | null>(EXPLAIN_REQUEST, { uri });
    assert.deepEqual(result?.objects.map(({ explanation }) => [explanation.kind, explanation.name, explanation.jobSet?.totalJobs]), [['JobSet', 'train', 2]]);
    assert.match(result?.markdown ?? '', /`workers`: 2 Jobs \(`train-workers-0` to `train-workers-1`\), each running 2 Pods to success \(2 at a time\)\./);
    const hints = await server.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } } });
    assert.deepEqual(hints.map((hint) => [hint.position.line, hint.label]), [
      [4, 'successPolicy: {operator: All}'], [4, 'startupPolicy: {startupPolicyOrder: AnyOrder}'], [6, 'groupName: default'],
      [9, 'backoffLimit: 6'], [9, 'completionMode: Indexed'], [9, 'suspend: false'], [9, 'podReplacementPolicy: TerminatingOrFailed'], [13, 'restartPolicy: OnFailure'],
    ]);
    assert.equal(hints[3].tooltip, 'Set on each Job this JobSet creates (SetDefaults_Job, Kubernetes 1.37).');
  });

  it('checks a training runtime\'s Job templates, and never judges what the Trainer fills', async () => {
    const runtime = [
      'apiVersion: trainer.kubeflow.org/v1alpha1', 'kind: ClusterTrainingRuntime', 'metadata:', '  name: torch', 'spec:', '  mlPolicy:', '    numNodes: 2', '    torch: {}',
      '  template:', '    spec:', '      replicatedJobs:', '      - name: node', '        template:', '          metadata:', '            labels:',
      '              trainer.kubeflow.org/trainjob-ancestor-step: trainer', '          spec:', '            template:', '              spec:',
      '                restartPolicy: Always', '                containers:', '                - name: node', '',
    ].join('\n');
    const diagnostics = await server.open('file:///runtime.yaml', runtime);
    assert.deepEqual(diagnostics.map((d) => [d.code, (d.data as { path: string }).path]), [
      ['job/restart-policy/never-or-on-failure-required', 'spec.template.spec.replicatedJobs[0].template.spec.template.spec.restartPolicy'],
    ]);
    assert.match(String(diagnostics[0].message), /every TrainJob that uses it gets a JobSet/);
  });
});

describe('a training runtime\'s own items, JobSet\'s feature gates and its old API versions in the editor', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  const where = (diagnostics: { code?: string | number; range: { start: { line: number; character: number }; end: { line: number; character: number } }; data?: unknown }[]) =>
    diagnostics.map((d) => `${d.code} @ ${(d.data as { path: string }).path} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`);

  const RUNTIME = [
    'apiVersion: trainer.kubeflow.org/v1alpha1', 'kind: TrainingRuntime', 'metadata:', '  name: torch', 'spec:', '  template:', '    spec:', '      replicatedJobs:',
    '      - name: node', '        template:', '          spec:', '            template:', '              spec:',
    '                initContainers:', '                - name: fetch', '                  image: busybox', '                  readinessProbe:', '                    exec:', '                      command: [ls]',
    '                volumes:', '                - name: Data', '                  emptyDir: {}',
    '                containers:', '                - name: node', '                  image: pytorch/pytorch',
    '                  env:', '                  - name: RANK', '                    valueFrom: {}',
    '                  ports:', '                  - containerPort: 29500', '                    protocol: tcp',
    '                  volumeMounts:', '                  - name: initializer', '                    mountPath: /workspace', '',
  ].join('\n');

  it('judges every item the runtime writes in the lists the Trainer adds to, and waits for the Trainer on the volume it mounts', async () => {
    const diagnostics = await server.open('file:///runtime-items.yaml', RUNTIME);
    const P = 'spec.template.spec.replicatedJobs[0].template.spec.template.spec';
    assert.deepEqual(where(diagnostics), [
      `pod/probe-on-init-container @ ${P}.initContainers[0].readinessProbe 17:19-17:33`,
      `pod/volume-name-invalid @ ${P}.volumes[0].name 21:25-21:29`,
      `pod/env-value-from-no-source @ ${P}.containers[0].env[0].valueFrom 28:21-28:30`,
      `pod/port-protocol-unsupported @ ${P}.containers[0].ports[0].protocol 31:31-31:34`,
    ]);
    assert.ok(diagnostics.every((d) => d.severity === 1 && /every TrainJob that uses it gets a JobSet/.test(String(d.message))));
  });

  const JOBSET = `${JOBSET_HEAD}spec:\n  failurePolicy:\n    rules:\n    - action: RestartJob\n${WORKERS('completions: 2\nparallelism: 2\ntemplate:\n  spec:\n    containers:\n    - name: main\n      image: busybox', '').replace('spec:\n', '')}\n`;

  it('refuses a RestartJob action while JobSet\'s gate is off, and takes it once kubeassist.jobset.featureGates turns it on', async () => {
    const uri = 'file:///jobset-gate.yaml';
    const off = await server.open(uri, JOBSET);
    assert.deepEqual(where(off), ['jobset/failure-policy/restart-job-gate @ spec.failurePolicy.rules[0].action 8:15-8:25']);
    assert.equal(off[0].severity, 1);
    assert.match(String(off[0].message), /feature gate RestartJob \(alpha, off by default\).*`kubeassist\.jobset\.featureGates`/);
    const next = server.nextDiagnostics(uri);
    await server.changeSettings({ jobset: { featureGates: { RestartJob: true } } });
    assert.deepEqual(where(await next), []);
    const back = server.nextDiagnostics(uri);
    await server.changeSettings({});
    assert.deepEqual(where(await back), ['jobset/failure-policy/restart-job-gate @ spec.failurePolicy.rules[0].action 8:15-8:25']);
  });

  it('says that a JobSet of a left-behind API version is refused by every cluster that runs a current JobSet', async () => {
    for (const apiVersion of ['batch.x-k8s.io/v1alpha1', 'jobset.x-k8s.io/v1alpha1']) {
      const diagnostics = await server.open(`file:///jobset-${apiVersion.split('/')[0]}.yaml`, JOBSET.replace('jobset.x-k8s.io/v1alpha2', apiVersion));
      assert.deepEqual(where(diagnostics), [`kind/api-version @ apiVersion 1:13-1:${13 + apiVersion.length}`]);
      assert.match(String(diagnostics[0].message), new RegExp(`no matches for kind "JobSet" in version "${apiVersion.replace(/\./g, '\\.')}".*Use \`apiVersion: jobset\\.x-k8s\\.io/v1alpha2\``));
    }
  });
});
