// The status of an exported Job or CronJob in the editor: the real server, findings at the status node they name
// (exact ranges and messages), and hovers that say what each status field means for this object.
// The exports are written as `kubectl get job NAME -o yaml` prints them (kubectl 1.31 layout, managed fields hidden);
// the findings asserted are only ours (job/status/, job/status-inconsistent/), so the selector and label findings an
// export gets until observed objects are recognised do not matter here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { fieldDoc } from '../../server/src/service/catalogue/index';
import { rangeOf, TestServer, withCursor } from '../support/lspClient';

const UID = '8d2c1f7e-45b1-4c39-9a0e-6e1f0b3c2a91';

function exportedJob(spec: string, status: string): string {
  return `apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: "2026-03-02T09:59:58Z"
  generation: 1
  labels:
    batch.kubernetes.io/controller-uid: ${UID}
    batch.kubernetes.io/job-name: render
    controller-uid: ${UID}
    job-name: render
  name: render
  namespace: default
  resourceVersion: "48213"
  uid: ${UID}
spec:
${spec}  manualSelector: false
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      batch.kubernetes.io/controller-uid: ${UID}
  suspend: false
  template:
    metadata:
      creationTimestamp: null
      labels:
        batch.kubernetes.io/controller-uid: ${UID}
        batch.kubernetes.io/job-name: render
        controller-uid: ${UID}
        job-name: render
    spec:
      containers:
      - command:
        - sh
        - -c
        - exit 1
        image: busybox:1.36
        imagePullPolicy: IfNotPresent
        name: render
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
${status}`;
}

/** A failed Job whose status a hand (or another client) left inconsistent: a stale active Pod and a completion time. */
const FAILED = exportedJob(`  backoffLimit: 4
  completionMode: NonIndexed
  completions: 1
  parallelism: 1
`, `  active: 1
  completionTime: "2026-03-02T10:02:00Z"
  conditions:
  - lastProbeTime: "2026-03-02T10:01:58Z"
    lastTransitionTime: "2026-03-02T10:01:58Z"
    message: Job has reached the specified backoff limit
    reason: BackoffLimitExceeded
    status: "True"
    type: FailureTarget
  - lastProbeTime: "2026-03-02T10:02:00Z"
    lastTransitionTime: "2026-03-02T10:02:00Z"
    message: Job has reached the specified backoff limit
    reason: BackoffLimitExceeded
    status: "True"
    type: Failed
  failed: 5
  ready: 0
  startTime: "2026-03-02T09:59:58Z"
  terminating: 0
  uncountedTerminatedPods: {}
`);

/** An Indexed Job of 1.37 on its way: some indexes done, one failed (backoffLimitPerIndex). */
const RUNNING = exportedJob(`  backoffLimit: 2147483647
  backoffLimitPerIndex: 1
  completionMode: Indexed
  completions: 10
  maxFailedIndexes: 3
  parallelism: 4
  activeDeadlineSeconds: 3600
`, `  active: 4
  completedIndexes: 0-2,4
  failed: 2
  failedIndexes: "3"
  ready: 3
  startTime: "2026-03-02T09:59:58Z"
  succeeded: 4
  terminating: 1
  uncountedTerminatedPods:
    succeeded:
    - 0b3c0b8e-7a4f-4d62-a2f4-1d7c5f0e9a10
`);

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: "2026-02-20T08:00:00Z"
  name: nightly
  namespace: default
  resourceVersion: "9912"
  uid: 1a2b3c4d-0000-4000-8000-00000000beef
spec:
  concurrencyPolicy: Forbid
  failedJobsHistoryLimit: 1
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: report
            image: busybox:1.36
          restartPolicy: OnFailure
  schedule: 0 2 * * *
  successfulJobsHistoryLimit: 3
  suspend: false
status:
  active:
  - apiVersion: batch/v1
    kind: Job
    name: nightly-29540160
    namespace: default
    resourceVersion: "9910"
    uid: 5e6f7a8b-0000-4000-8000-00000000cafe
  lastScheduleTime: "2026-03-02T02:00:00Z"
  lastSuccessfulTime: "2026-03-01T02:03:12Z"
`;

const ours = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => String(d.code).startsWith('job/status'));

describe('the status of an exported Job over LSP', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  async function open(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
    const uri = `file:///status-${++counter}.yaml`;
    return { uri, diagnostics: await server.open(uri, text) };
  }

  async function hoverAt(text: string, match: string, delta = 1): Promise<Hover | null> {
    const { uri } = await open(text);
    const index = text.indexOf(match);
    assert.ok(index >= 0, match);
    const { position } = withCursor(text.slice(0, index + delta) + '|' + text.slice(index + delta));
    return server.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  }

  const parts = (hover: Hover | null) => (hover?.contents as MarkupContent).value.split('\n\n---\n\n');

  it('reports what a status update would refuse at the status node, with the server\'s line', async () => {
    const { diagnostics } = await open(FAILED);
    const found = ours(diagnostics);
    assert.deepEqual(found.map((d) => [d.code, d.severity, d.range]), [
      ['job/status/finished-with-active', 1, rangeOnLine(FAILED, '  active: 1', '1')],
      ['job/status/completion-time-not-complete', 1, rangeOf(FAILED, '"2026-03-02T10:02:00Z"')],
    ]);
    assert.equal(found[0].message,
      'The Job has failed but `active` still counts 1 Pod (a finished Job has none): the API server of Kubernetes 1.37 refuses this status (a status update '
      + 'would be rejected: `status.active: Invalid value: 1: active>0 is invalid for finished job`). The built-in Job controller never writes this: the '
      + 'status was written by hand or by another client of the status subresource.');
    assert.equal(found[0].source, 'kubeassist');
    assert.deepEqual((found[0].data as { path: string }).path, 'status.active');
    assert.equal((found[1].data as { serverMessage?: string }).serverMessage,
      'status.completionTime: Invalid value: "2026-03-02 10:02:00 +0000 UTC": cannot set completionTime when there is no Complete=True condition');
  });

  it('says, as information, what the built-in controller of an older release wrote: a Job that failed before 1.31', async () => {
    const old = FAILED.replace(/ {2}- lastProbeTime: "2026-03-02T10:01:58Z"[^]*?type: FailureTarget\n/, '').replace('  active: 1\n', '  active: 0\n').replace(/ {2}completionTime: .*\n/, '');
    const { diagnostics } = await open(old);
    const found = ours(diagnostics);
    assert.deepEqual(found.map((d) => [d.code, d.severity, d.range]), [
      ['job/status-inconsistent/terminal-without-interim', 3, rangeOnLine(old, '    type: Failed', 'Failed')],
    ]);
    assert.match(found[0].message as string, /^`Failed` without `FailureTarget`: the built-in Job controller of Kubernetes 1\.37 first adds `FailureTarget`/);
    // In the release it was written by, nothing to say.
    await server.changeSettings({ kubernetesVersion: '1.30' });
    try {
      const { diagnostics: in130 } = await open(old);
      assert.deepEqual(ours(in130), []);
    } finally {
      await server.changeSettings({ kubernetesVersion: '1.37' });
    }
  });

  it('finds nothing in the status of a consistent running Indexed Job', async () => {
    assert.deepEqual(ours((await open(RUNNING)).diagnostics), []);
  });

  it('hovers on the counters say what they mean for this Job, above the field\'s description', async () => {
    const failed = parts(await hoverAt(FAILED, 'failed: 5'));
    assert.equal(failed[0], '**This Job:** 5 failures: more than the 4 `backoffLimit` allows, so the Job fails.');
    assert.ok(failed[1].startsWith(`**failed** · \`int32\`\n\n${fieldDoc('Job', 'status.failed')!.summary}`), failed[1]);
    assert.equal(parts(await hoverAt(RUNNING, 'failed: 2'))[0],
      '**This Job:** Failures are counted per index: each index may fail 1 time (`backoffLimitPerIndex`) before it is given up.');
    assert.equal(parts(await hoverAt(RUNNING, 'succeeded: 4'))[0], '**This Job:** 4 of the 10 `completions` succeeded; 6 to go.');
    assert.equal(parts(await hoverAt(RUNNING, 'active: 4'))[0], '**This Job:** 4 Pods pending or running now, of the 4 `parallelism` allows at once.');
    assert.equal(parts(await hoverAt(RUNNING, 'ready: 3'))[0], '**This Job:** 3 Pods ready, of 4 active.');
    assert.equal(parts(await hoverAt(RUNNING, 'terminating: 1'))[0], '**This Job:** 1 Pod is shutting down.');
    assert.equal(parts(await hoverAt(FAILED, 'active: 1'))[0],
      '**This Job:** The Job has failed, yet 1 Pod is counted active: a stale count (the controller sets 0 when the Job finishes).');
  });

  it('hovers on the indexes, times and uncounted Pods', async () => {
    const completed = await hoverAt(RUNNING, 'completedIndexes');
    assert.equal(parts(completed)[0], '**This Job:** Indexes 0-2 and 4 completed: 4 of 10.');
    assert.deepEqual(completed?.range, rangeOf(RUNNING, 'completedIndexes'));
    assert.equal(parts(await hoverAt(RUNNING, 'failedIndexes'))[0],
      '**This Job:** Index 3 failed and will not be retried: 1 of the 3 `maxFailedIndexes` allows; the Job fails at 4.');
    assert.equal(parts(await hoverAt(RUNNING, 'startTime'))[0],
      '**This Job:** The `activeDeadlineSeconds` (3600) run out at 2026-03-02T10:59:58Z, if the Job is still running then.');
    assert.equal(parts(await hoverAt(FAILED, 'completionTime'))[0],
      '**This Job:** The Job has no `Complete=True` condition: a completion time belongs only to a Job that succeeded.');
    assert.equal(parts(await hoverAt(RUNNING, 'uncountedTerminatedPods'))[0],
      '**This Job:** 1 terminated Pod (1 succeeded, 0 failed) wait to be added to the counters; their finalizers are being removed.');
  });

  it('hovers on a condition type and reason say what happened to this Job', async () => {
    const type = await hoverAt(FAILED, 'type: FailureTarget', 7);
    assert.equal(parts(type)[0],
      '**This Job:** The Job is failing since 2026-03-02T10:01:58Z: its remaining Pods are stopped. `Failed` has followed. '
      + 'Reason `BackoffLimitExceeded`: 5 failed Pods, more than the 4 `backoffLimit` allows.');
    assert.deepEqual(type?.range, rangeOf(FAILED, 'FailureTarget'));
    assert.ok(parts(type)[1].startsWith('**FailureTarget** · value of `type`'), parts(type)[1]);
    const reason = await hoverAt(FAILED, 'reason: BackoffLimitExceeded', 9);
    assert.equal(parts(reason)[0], '**This Job:** Reason `BackoffLimitExceeded`: 5 failed Pods, more than the 4 `backoffLimit` allows.');
    assert.deepEqual(reason?.range, rangeOf(FAILED, 'BackoffLimitExceeded'));
  });

  it('a CronJob\'s status is never refused (cronJobStatusStrategy.ValidateUpdate returns no error): no finding under status', async () => {
    const odd = CRONJOB.replace('lastSuccessfulTime: "2026-03-01T02:03:12Z"', 'lastSuccessfulTime: "2026-03-09T02:03:12Z"');
    const { diagnostics } = await open(odd);
    assert.deepEqual(diagnostics.filter((d) => String((d.data as { path?: string } | undefined)?.path ?? '').startsWith('status')), []);
  });

  it('hovers on a CronJob\'s status: its running Jobs, the last schedule and success', async () => {
    assert.equal(parts(await hoverAt(CRONJOB, '  active:'))[0],
      '**This CronJob:** 1 Job of this CronJob is running: `nightly-29540160`. With `concurrencyPolicy: Forbid` no new run starts while one runs.');
    assert.equal(parts(await hoverAt(CRONJOB, 'lastScheduleTime'))[0],
      '**This CronJob:** The last run was scheduled for 2026-03-02T02:00:00Z (the schedule time, not when its Job finished).');
    assert.equal(parts(await hoverAt(CRONJOB, 'lastSuccessfulTime'))[0],
      '**This CronJob:** The last Job of this CronJob that succeeded finished at 2026-03-01T02:03:12Z.');
  });
});

/** The range of `match` on the (first) line that reads exactly `line`. */
function rangeOnLine(text: string, line: string, match: string) {
  const lineNumber = text.split('\n').indexOf(line);
  assert.ok(lineNumber >= 0, line);
  const character = line.indexOf(match);
  return { start: { line: lineNumber, character }, end: { line: lineNumber, character: character + match.length } };
}
