// The diagnose engine on realistic observed Jobs (service/diagnose): what a user who pastes `kubectl get job -o yaml`
// (and its Pods and events) reads first, the cause, the budget, the blockers and what comes next.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnoseObjects } from '../../../server/src/service/diagnose/index';
import type { ObjectDiagnosis } from '../../../server/src/service/diagnose/types';
import { at, clock, condition, event, job, JOB_UID, list, pod, running, terminated, waiting } from './support';

function only(objects: unknown[], now: number, minor = 37): ObjectDiagnosis {
  const report = diagnoseObjects(objects, { now, minor });
  assert.equal(report.objects.length, 1, JSON.stringify(report.notes));
  return report.objects[0];
}

describe('diagnose: a Job that failed', () => {
  it('BackoffLimitExceeded with Pods that exited 1: the last Pod, its container and exit code, the budget spent, logs as the unknown', () => {
    const failedJob = job({ backoffLimit: 2 }, {
      conditions: [condition('FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', at(1, 10)), condition('Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', at(1, 10))],
      failed: 3, ready: 0, terminating: 0, startTime: at(0), uncountedTerminatedPods: {},
    });
    const pods = [['pi-a', 0, 8], ['pi-b', 18, 24], ['pi-c', 44, 68]].map(([name, created, finished]) => pod({
      name: name as string, phase: 'Failed', created: at(0, created as number), containers: [terminated('main', 1, at(0, (created as number) + 2), at(0, finished as number))],
    }));
    const d = only([failedJob, list(pods)], clock(120));
    assert.equal(d.verdict, 'Job pi failed at 2026-12-01T10:01:10Z (BackoffLimitExceeded): 3 failures counted against backoffLimit 2; the last: Pod pi-c, container main exited with code 1.');
    assert.equal(d.state, 'failed');
    assert.equal(d.since, '2026-12-01T10:01:10Z');
    assert.deepEqual(d.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', at: '2026-12-01T10:01:10Z' });
    assert.deepEqual(d.budget, { limit: 2, counted: 3, left: 0 });
    assert.deepEqual(d.cause, { pod: 'pi-c', index: null, container: 'main', exitCode: 1, reason: 'Error', rule: null, action: null, signal: null, message: null });
    assert.deepEqual(d.counters, { active: null, ready: 0, terminating: 0, succeeded: null, failed: 3, completedIndexes: null, failedIndexes: null });
    assert.deepEqual(d.pods.map((p) => [p.name, p.outcome, p.exitCode, p.finished]), [['pi-a', 'failed', 1, at(0, 8)], ['pi-b', 'failed', 1, at(0, 24)], ['pi-c', 'failed', 1, at(1, 8)]]);
    assert.ok(d.advice.some((line) => line.includes('`spec.backoffLimit` (now 2)')), d.advice.join('\n'));
    assert.ok(d.advice.some((line) => line.includes('{action: FailJob, onExitCodes: {operator: In, values: [1]}}')), d.advice.join('\n'));
    assert.deepEqual(d.unknowns, ['Why container main exited with code 1 is in its output: `kubectl logs pi-c -c main` (gone once the Pod is deleted).']);
    assert.deepEqual(d.next, []);
  });

  it('OOMKilled (137) matching a FailJob rule: the rule path and action, memory advice naming the container field', () => {
    const spec = { backoffLimit: 6, podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [137] } }, { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] } };
    const message = 'Container main for pod default/pi-x failed with exit code 137 matching FailJob rule at index 0';
    const failed = job(spec, { conditions: [condition('FailureTarget', 'PodFailurePolicy', message, at(3)), condition('Failed', 'PodFailurePolicy', message, at(3, 2))], failed: 1, startTime: at(0), terminating: 0, ready: 0 },
      { podSpec: { containers: [{ name: 'main', image: 'trainer:1', resources: { limits: { memory: '512Mi' } } }] } });
    const oom = pod({ name: 'pi-x', phase: 'Failed', created: at(0), containers: [terminated('main', 137, at(0, 5), at(2, 59), 'OOMKilled')] });
    const d = only([failed, oom], clock(10));
    assert.equal(d.verdict, 'Job pi failed at 2026-12-01T10:03:02Z (PodFailurePolicy): Pod pi-x, container main was OOMKilled (exit code 137), matching spec.podFailurePolicy.rules[0] (FailJob).');
    assert.deepEqual(d.cause, { pod: 'pi-x', index: null, container: 'main', exitCode: 137, reason: 'OOMKilled', rule: 'spec.podFailurePolicy.rules[0]', action: 'FailJob', signal: 9, message: null });
    assert.ok(d.advice[0].includes('`spec.template.spec.containers[0].resources.limits.memory` (now 512Mi)'), d.advice[0]);
    assert.equal(d.pods[0].rule, 'spec.podFailurePolicy.rules[0]');
    assert.equal(d.pods[0].signal, 9);
  });

  it('PodFailurePolicy with the Pods gone: the cause comes from the condition message, and says what is unknown', () => {
    const message = 'Container main for pod default/pi-x failed with exit code 42 matching FailJob rule at index 1';
    const failed = job({ podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }, { action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } }] } },
      { conditions: [condition('Failed', 'PodFailurePolicy', message, at(3))], failed: 1, startTime: at(0) });
    const d = only([failed], clock(10));
    assert.deepEqual(d.cause, { pod: 'pi-x', index: null, container: 'main', exitCode: 42, reason: null, rule: 'spec.podFailurePolicy.rules[1]', action: 'FailJob', signal: null, message: null });
    assert.match(d.unknowns[0], /^No Pods were given: which Pod failed, with which exit code and why is not known here\. `kubectl get pods -l batch\.kubernetes\.io\/job-name=pi -o yaml` shows them/);
  });

  it('DeadlineExceeded: the cause is the deadline, not a Pod', () => {
    const failed = job({ activeDeadlineSeconds: 600 }, { conditions: [condition('Failed', 'DeadlineExceeded', 'Job was active longer than specified deadline', at(10))], failed: 1, startTime: at(0) });
    const killed = pod({ name: 'pi-slow', phase: 'Failed', created: at(0), containers: [terminated('main', 137, at(0, 3), at(10, 1))] });
    const d = only([failed, killed], clock(30));
    assert.equal(d.verdict, 'Job pi failed at 2026-12-01T10:10:00Z (DeadlineExceeded): it was active longer than activeDeadlineSeconds (10m); its running Pods were deleted.');
    assert.deepEqual(d.cause, { pod: null, index: null, container: null, exitCode: null, reason: 'DeadlineExceeded', rule: null, action: null, signal: null, message: 'Job was active longer than specified deadline' });
    assert.ok(d.advice.some((line) => line.startsWith('If the work needs longer, raise `spec.activeDeadlineSeconds` (now 10m')), d.advice.join('\n'));
  });

  it('Indexed with backoffLimitPerIndex: failures per index from the failure-count annotation, failedIndexes, the failing index', () => {
    const spec = { completionMode: 'Indexed', completions: 4, parallelism: 2, backoffLimit: 2147483647, backoffLimitPerIndex: 1, maxFailedIndexes: 0 };
    const status = {
      conditions: [condition('FailureTarget', 'MaxFailedIndexesExceeded', 'Job has exceeded the specified maximal number of failed indexes', at(2)), condition('Failed', 'MaxFailedIndexesExceeded', 'Job has exceeded the specified maximal number of failed indexes', at(2, 5))],
      failed: 2, succeeded: 1, completedIndexes: '0', failedIndexes: '2', startTime: at(0), terminating: 0, ready: 0,
    };
    const pods = [
      pod({ name: 'pi-0-a', phase: 'Succeeded', created: at(0), index: 0, containers: [terminated('main', 0, at(0, 2), at(0, 30))] }),
      pod({ name: 'pi-2-a', phase: 'Failed', created: at(0), index: 2, containers: [terminated('main', 3, at(0, 2), at(0, 40))] }),
      pod({ name: 'pi-2-b', phase: 'Failed', created: at(0, 50), index: 2, annotations: { 'batch.kubernetes.io/job-index-failure-count': '1' }, containers: [terminated('main', 3, at(0, 52), at(1, 58))] }),
    ];
    const d = only([job(spec, status), list(pods)], clock(5));
    assert.equal(d.counters.failedIndexes, '2');
    assert.deepEqual(d.budget, { limit: 1, counted: 2, left: 0, perIndex: [{ index: 2, counted: 2, left: 0 }] });
    assert.equal(d.cause?.pod, 'pi-2-b');
    assert.equal(d.cause?.index, 2);
    assert.equal(d.cause?.exitCode, 3);
    assert.match(d.verdict, /^Job pi failed at 2026-12-01T10:02:05Z \(MaxFailedIndexesExceeded\): Pod pi-2-b, index 2, container main exited with code 3\.$/);
    assert.ok(d.advice.some((line) => line.includes('`spec.backoffLimitPerIndex`: 1') && line.includes('`spec.maxFailedIndexes`')), d.advice.join('\n'));
  });

  it('finishing: FailureTarget set, Pods still terminating', () => {
    const status = { conditions: [condition('FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', at(1))], failed: 7, terminating: 1, active: 0, startTime: at(0) };
    const d = only([job({}, status)], clock(1, 10));
    assert.equal(d.state, 'finishing');
    assert.equal(d.verdict, 'Job pi is failing since 2026-12-01T10:01:00Z (BackoffLimitExceeded): 1 Pod still terminating; it is marked Failed once they are gone.');
  });
});

describe('diagnose: a Job that runs or waits', () => {
  it('suspended: the state, the blocker and the field to change', () => {
    const status = { conditions: [condition('Suspended', 'JobSuspended', 'Job suspended', at(0, 1))], active: 0 };
    const d = only([job({ suspend: true }, status)], clock(5));
    assert.equal(d.state, 'suspended');
    assert.equal(d.since, at(0, 1));
    assert.equal(d.verdict, 'Job pi is suspended since 2026-12-01T10:00:01Z: no Pods run until spec.suspend is false.');
    assert.equal(d.blockers[0].type, 'suspended');
    assert.ok(d.advice.includes('Set `spec.suspend` to false to run it (a queue such as Kueue unsuspends the Jobs it admits).'));
  });

  it('a Pod that cannot pull its image: the blocker with the kubelet\'s message, the advice naming the image field', () => {
    const status = { active: 1, ready: 0, terminating: 0, startTime: at(0), uncountedTerminatedPods: {} };
    const stuck = pod({ name: 'pi-img', phase: 'Pending', created: at(0), containers: [waiting('main', 'ImagePullBackOff', 'Back-off pulling image "busybox:1.366"')] });
    const d = only([job({}, status), stuck], clock(3));
    assert.equal(d.state, 'running');
    assert.deepEqual(d.blockers, [{ type: 'image-pull', message: 'Pod pi-img: container main cannot pull its image (ImagePullBackOff): Back-off pulling image "busybox:1.366".', pod: 'pi-img' }]);
    assert.equal(d.verdict, 'Job pi is running since 2026-12-01T10:00:00Z but is held: Pod pi-img: container main cannot pull its image (ImagePullBackOff): Back-off pulling image "busybox:1.366".');
    assert.ok(d.advice.some((line) => line.includes('`spec.template.spec.containers[].image`')));
  });

  it('a missing ConfigMap key and an unschedulable Pod: each a blocker', () => {
    const status = { active: 2, startTime: at(0) };
    const config = pod({ name: 'pi-cfg', phase: 'Pending', created: at(0), containers: [waiting('main', 'CreateContainerConfigError', 'couldn\'t find key mode in ConfigMap default/settings')] });
    const unschedulable = pod({ name: 'pi-big', phase: 'Pending', created: at(0), conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available: 3 Insufficient memory.', lastTransitionTime: at(0) }] });
    const d = only([job({ parallelism: 2, completions: 2 }, status), config, unschedulable], clock(3));
    assert.deepEqual(d.blockers.map((b) => [b.type, b.pod]), [['config-error', 'pi-cfg'], ['unschedulable', 'pi-big']]);
    assert.equal(d.blockers[1].message, 'Pod pi-big cannot be scheduled (Unschedulable): 0/3 nodes are available: 3 Insufficient memory..');
  });

  it('FailedCreate for a quota: the blocker from the Job\'s event, no Pods', () => {
    const status = { active: 0, startTime: at(0), ready: 0 };
    const quota = event({ kind: 'Job', name: 'pi', uid: JOB_UID }, 'FailedCreate', 'Error creating: pods "pi-9xq2f" is forbidden: exceeded quota: compute, requested: limits.memory=2Gi, used: limits.memory=7Gi, limited: limits.memory=8Gi', at(1), 'Warning', 12);
    const d = only([job({}, status), list([quota])], clock(5));
    assert.deepEqual(d.blockers, [{ type: 'quota', message: 'The controller cannot create Pods (12 times): Error creating: pods "pi-9xq2f" is forbidden: exceeded quota: compute, requested: limits.memory=2Gi, used: limits.memory=7Gi, limited: limits.memory=8Gi', pod: null }]);
    assert.ok(d.advice.some((line) => line.startsWith('A ResourceQuota refuses the Pods')));
  });

  it('FailedCreate for a missing ServiceAccount and for a webhook (events.k8s.io/v1)', () => {
    const sa = event({ kind: 'Job', name: 'pi', uid: JOB_UID }, 'FailedCreate', 'Error creating: pods "pi-1" is forbidden: error looking up service account default/runner: serviceaccount "runner" not found', at(1));
    const webhook = {
      apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'pi.2', namespace: 'default' }, eventTime: '2026-12-01T10:01:00.123456Z',
      regarding: { kind: 'Job', name: 'pi', namespace: 'default', uid: JOB_UID }, reason: 'FailedCreate', type: 'Warning',
      note: 'Error creating: admission webhook "validate.kyverno.svc" denied the request: image tag latest is not allowed', reportingController: 'job-controller',
    };
    const d = only([job({}, { startTime: at(0) }), sa, webhook], clock(5));
    assert.deepEqual(d.blockers.map((b) => b.type), ['service-account', 'webhook']);
  });

  it('a sidecar in containers still running after the main container ended', () => {
    const both = pod({ name: 'pi-side', phase: 'Running', created: at(0), containers: [terminated('main', 0, at(0, 2), at(1)), running('proxy', at(0, 2))] });
    const d = only([job({}, { active: 1, ready: 1, startTime: at(0) }), both], clock(20));
    assert.equal(d.blockers[0].type, 'sidecar-running');
    assert.equal(d.blockers[0].message, 'Pod pi-side: container main ended (exit code 0) but proxy still runs: the Pod stays Running and the Job does not count it as finished.');
    assert.ok(d.advice.some((line) => line.includes('`spec.template.spec.initContainers` with `restartPolicy: Always`')));
  });

  it('running after failures: the next Pod after the back-off, and activeDeadlineSeconds', () => {
    const status = { active: 0, failed: 3, startTime: at(0), ready: 0, terminating: 0 };
    const pods = [0, 1, 2].map((i) => pod({ name: `pi-${i}`, phase: 'Failed', created: at(i), containers: [terminated('main', 2, at(i, 1), at(i, 30))] }));
    const d = only([job({ activeDeadlineSeconds: 3600 }, status), ...pods], clock(2, 40));
    // 3 failures: 10 s, 20 s, 40 s; the last ended at 10:02:30.
    assert.deepEqual(d.next, [
      { at: '2026-12-01T10:03:10Z', event: 'the next Pod is created (back-off 40s after 3 failures since the last success)' },
      { at: '2026-12-01T11:00:00Z', event: 'activeDeadlineSeconds (1h from startTime) fires in 57m 20s: the Job fails with DeadlineExceeded and its running Pods are deleted' },
    ]);
    assert.deepEqual(d.budget, { limit: 6, counted: 3, left: 3 });
    assert.equal(d.verdict, 'Job pi is running since 2026-12-01T10:00:00Z: 0 active, 3 failures of backoffLimit 6; the last failure: Pod pi-2, container main exited with code 2.');
  });

  it('restartPolicy OnFailure: container restarts count against backoffLimit', () => {
    const restarting = pod({ name: 'pi-r', phase: 'Running', created: at(0), containers: [{ ...running('main', at(4), 3), lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: at(3, 50) } } }] });
    const d = only([job({ backoffLimit: 4 }, { active: 1, startTime: at(0) }, { podSpec: { restartPolicy: 'OnFailure' } }), restarting], clock(5));
    assert.deepEqual(d.budget, { limit: 4, counted: 3, left: 0 });
    assert.equal(d.cause?.exitCode, 1);
    assert.equal(d.cause?.pod, 'pi-r');
  });

  it('managed by another controller: said, not judged', () => {
    const d = only([job({ managedBy: 'kueue.x-k8s.io/multikueue' }, { startTime: at(0), active: 1 })], clock(5));
    assert.equal(d.blockers[0].type, 'managed-elsewhere');
    assert.match(d.verdict, /spec\.managedBy is kueue\.x-k8s\.io\/multikueue/);
  });
});

describe('diagnose: a Job that completed', () => {
  it('Complete with a TTL: when the Job, its Pods and their logs are deleted', () => {
    const status = { conditions: [condition('SuccessCriteriaMet', 'CompletionsReached', 'Reached expected number of succeeded pods', at(5)), condition('Complete', 'CompletionsReached', 'Reached expected number of succeeded pods', at(5, 1))], succeeded: 1, startTime: at(0), completionTime: at(5, 1), ready: 0, terminating: 0 };
    const d = only([job({ ttlSecondsAfterFinished: 3600 }, status)], clock(10));
    assert.equal(d.verdict, 'Job pi completed at 2026-12-01T10:05:01Z (CompletionsReached): 1 Pod succeeded.');
    assert.deepEqual(d.next, [{ at: '2026-12-01T11:05:01Z', event: 'the TTL (ttlSecondsAfterFinished 1h) deletes the Job in 55m 1s, and with it its Pods and their logs' }]);
    assert.equal(d.cause, null);
    assert.deepEqual(d.unknowns, []);
  });

  it('not started, no events: says which command shows why', () => {
    const d = only([job({}, {})], clock(5));
    assert.equal(d.state, 'not-started');
    assert.match(d.unknowns.join('\n'), /`kubectl get events --field-selector involvedObject\.name=pi -o yaml`/);
  });
});
