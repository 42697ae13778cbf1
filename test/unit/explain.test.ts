// What explain says of a Job, a CronJob and a CSIDriver (features/explain), release by release: the facts a tool
// reads from `--format json` and the sentences a person reads, for the cases the controllers decide differently.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainObject } from '../../server/src/service/features/explain/index';
import type { ObjectExplanation } from '../../server/src/service/features/explain/types';
import type { JsonObject } from '../../server/src/service/types';

const NOW = Date.parse('2026-03-27T10:00:00Z') / 1000;
const explain = (kind: 'Job' | 'CronJob' | 'CSIDriver', object: JsonObject, minor = 37) => explainObject(kind, object, minor, { nowSeconds: NOW });
const lines = (explanation: ObjectExplanation, id: string) => explanation.sections.find((section) => section.id === id)?.lines ?? [];

function job(spec: JsonObject, pod: JsonObject = {}): JsonObject {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'work' }, spec: { ...spec, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }], ...pod } } } };
}

describe('explain a Job', () => {
  it('kubernetes/website#54415: completions 8, parallelism 2, backoffLimit 6 fails after about 9 minutes of 31-second Pods, not "at least 2 minutes"', () => {
    const explanation = explain('Job', job({ completions: 8, parallelism: 2 }));
    const timeline = explanation.job?.timeToFailure;
    assert.deepEqual(timeline?.ifEveryPodFailsAtOnce, { seconds: 421, reason: 'BackoffLimitExceeded' });
    assert.deepEqual(timeline?.waits, [20, 80, 320]);
    assert.equal(timeline?.rounds, 4);
    const thirtyOne = (timeline?.ifEveryPodFailsAtOnce?.seconds ?? 0) + 31 * (timeline?.rounds ?? 0);
    assert.ok(Math.abs(thirtyOne - 544) <= 5, `${thirtyOne} s`);
    assert.deepEqual(lines(explanation, 'failure').slice(1, 3), [
      'If every Pod fails as soon as it starts (exit code 1), the Job is `Failed` (`BackoffLimitExceeded`) 421 s (about 7 min) after it starts: back-off waits of 20 s, 80 s and 320 s.',
      'Each second a Pod runs before it fails adds 4 seconds (4 rounds of Pods): Pods that fail after 30 s take about 541 s (about 9 min).',
    ]);
  });

  it('activeDeadlineSeconds bounds the worst case; without it a Pod that never ends keeps the Job forever', () => {
    assert.equal(lines(explain('Job', job({ activeDeadlineSeconds: 600 })), 'failure').at(-1), 'Worst case: 600 s (10 min) after the start, the deadline fails it whatever its Pods do.');
    assert.equal(lines(explain('Job', job({})), 'failure').at(-1), 'Worst case: no bound. Without `activeDeadlineSeconds`, a Pod that never ends keeps the Job running forever.');
    assert.deepEqual(explain('Job', job({ activeDeadlineSeconds: 600 })).job?.failureReasons, ['BackoffLimitExceeded', 'DeadlineExceeded']);
  });

  it('restartPolicy OnFailure counts the container restarts of running Pods (pastBackoffLimitOnFailure)', () => {
    const explanation = explain('Job', job({ backoffLimit: 3 }, { restartPolicy: 'OnFailure' }));
    assert.equal(explanation.job?.counts, 'failed-pods-and-container-restarts');
    assert.equal(explanation.summary, 'Runs 1 Pod to success; fails after 3 container restarts or 4 failed Pods; never deleted automatically.');
    assert.match(lines(explanation, 'retries')[0], /adds up the restarts of the containers of its running Pods: the Job fails when they reach 3 \(`pastBackoffLimitOnFailure`\)/);
  });

  it('each pod failure policy rule, rule by rule, and what no rule catches', () => {
    const explanation = explain('Job', job({
      podFailurePolicy: {
        rules: [
          { action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42, 43] } },
          { action: 'Count', onExitCodes: { operator: 'NotIn', values: [1] } },
          { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }, { type: 'ConfigIssue', status: 'False' }] },
          { action: 'FailIndex', onExitCodes: { operator: 'In', values: [7] } },
        ],
      },
    }));
    assert.deepEqual(explanation.job?.podFailurePolicy?.map((rule) => `${rule.action}: when ${rule.when}, ${rule.effect}`), [
      'FailJob: when the container (or init container) `main` ends with exit code 42 or 43, the Job fails at once (condition `Failed`, reason `PodFailurePolicy`) and its running Pods are deleted',
      'Count: when a container or init container ends with an exit code other than 0 and 1, the failure counts against `backoffLimit` as if no rule matched',
      'Ignore: when the failed Pod has the condition `DisruptionTarget` = `True` or `ConfigIssue` = `False`, the failure is not counted against `backoffLimit` and a replacement Pod is created (the wait before it still grows)',
      'FailIndex: when a container or init container ends with exit code 7, none: FailIndex needs `backoffLimitPerIndex`, so the rule is skipped',
    ]);
    assert.match(lines(explanation, 'podFailurePolicy').at(-1) ?? '', /^No rule matches: the failure counts against `backoffLimit` \(6\)/);
    assert.deepEqual(explanation.job?.failureReasons, ['PodFailurePolicy', 'BackoffLimitExceeded']);
  });

  it('a 1.25 server drops podFailurePolicy (gate off): explain says it does nothing, and the defaults follow', () => {
    const spec = { podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] } };
    const old = explain('Job', job(spec), 25);
    assert.equal(old.job?.podFailurePolicy, null);
    assert.deepEqual(old.notes, ['`spec.podFailurePolicy` is dropped by a 1.25 API server (feature gate `JobPodFailurePolicy` is off by default): it does nothing.']);
    assert.equal(old.defaults.find((entry) => entry.path === 'spec.podReplacementPolicy'), undefined);
    const newer = explain('Job', job(spec), 29);
    assert.equal(newer.job?.podFailurePolicy?.length, 1);
    assert.equal(newer.defaults.find((entry) => entry.path === 'spec.podReplacementPolicy')?.value, 'Failed');
  });

  it('per index: the budget of each index, maxFailedIndexes, and FailedIndexes (not Complete, as the API documentation says)', () => {
    const indexed = (extra: JsonObject) => job({ completionMode: 'Indexed', completions: 5, parallelism: 5, backoffLimitPerIndex: 1, ...extra });
    const withMax = explain('Job', indexed({ maxFailedIndexes: 2 }));
    assert.equal(withMax.job?.backoffLimit, 2147483647);
    assert.deepEqual(withMax.job?.failureReasons, ['BackoffLimitExceeded', 'MaxFailedIndexesExceeded', 'FailedIndexes']);
    assert.equal(lines(withMax, 'indexes')[1], 'As soon as more than 2 indexes have failed, the Job fails (reason `MaxFailedIndexesExceeded`) and its running Pods are deleted.');
    const without = explain('Job', indexed({}));
    assert.match(lines(without, 'indexes')[1], /ends `Failed` with reason `FailedIndexes` \(the API documentation says `Complete`; the controller marks it Failed\)/);
    assert.match(lines(without, 'indexes')[0], /the hostname `work-<index>`/);
    assert.deepEqual(without.job?.timeToFailure?.ifEveryPodFailsAtOnce?.reason, 'FailedIndexes');
  });

  it('a success policy, rule by rule (matchSuccessPolicy: the first rule met ends the Job)', () => {
    const explanation = explain('Job', job({
      completionMode: 'Indexed', completions: 10, parallelism: 10,
      successPolicy: { rules: [{ succeededIndexes: '0,2-3' }, { succeededCount: 5 }, { succeededIndexes: '0-9', succeededCount: 3 }] },
    }));
    assert.deepEqual(explanation.job?.successPolicy, [{ succeededIndexes: '0,2-3' }, { succeededCount: 5 }, { succeededIndexes: '0-9', succeededCount: 3 }]);
    assert.deepEqual(lines(explanation, 'indexes').slice(2), [
      'Success rule 1: once the indexes 0,2-3 have succeeded, the Job is done (`SuccessCriteriaMet`, then `Complete`) and its other Pods are deleted.',
      'Success rule 2: once any 5 indexes have succeeded, the Job is done (`SuccessCriteriaMet`, then `Complete`) and its other Pods are deleted.',
      'Success rule 3: once 3 of the indexes 0-9 have succeeded, the Job is done (`SuccessCriteriaMet`, then `Complete`) and its other Pods are deleted.',
    ]);
  });

  it('managedBy another controller: the built-in controller leaves the Job alone (1.32+); a 1.31 server drops the field', () => {
    const spec = { managedBy: 'kueue.x-k8s.io/multikueue' };
    const managed = explain('Job', job(spec), 32);
    assert.equal(managed.job?.managedBy, 'kueue.x-k8s.io/multikueue');
    assert.equal(managed.sections[0].id, 'controller');
    assert.equal(managed.job?.timeToFailure, null);
    assert.equal(explain('Job', job(spec), 31).job?.managedBy, null);
  });

  it('a work queue (parallelism without completions) and a suspended Job', () => {
    const queue = explain('Job', { ...job({ parallelism: 3 }), spec: { ...(job({ parallelism: 3 }).spec as JsonObject), suspend: true } });
    assert.equal(queue.job?.completions, null);
    assert.deepEqual(lines(queue, 'pods').slice(0, 2), [
      'Created suspended (`suspend: true`): no Pods run until `suspend` is set to false; `startTime` and the deadline count from then.',
      'A work queue: the Job runs 3 Pods at a time; once one of them succeeds no new Pod starts, and the Job is complete when the rest have finished (completions is unset).',
    ]);
  });

  it('TTL: when the Job, its Pods and their logs are deleted', () => {
    assert.equal(lines(explain('Job', job({ ttlSecondsAfterFinished: 0 })), 'cleanup')[0], 'As soon as the Job finishes (`Complete` or `Failed`), the TTL controller deletes it, and its Pods with it: their logs are gone then.');
    assert.equal(explain('Job', job({ ttlSecondsAfterFinished: 86400 })).summary, 'Runs 1 Pod to success; fails after 7 failed Pods; deleted 86400 s (24 h) after it finishes.');
  });
});

describe('explain a CronJob', () => {
  const cronJob = (name: string, spec: JsonObject): JsonObject => ({
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name },
    spec: { jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } }, ...spec },
  });

  it('the next five runs in its zone, the name of the next Job and the headroom of the name', () => {
    const explanation = explain('CronJob', cronJob('backup', { schedule: '0 3 * * *', timeZone: 'Europe/Berlin' }));
    assert.deepEqual(explanation.cronJob?.nextRuns, ['2026-03-28T02:00:00Z', '2026-03-29T01:00:00Z', '2026-03-30T01:00:00Z', '2026-03-31T01:00:00Z', '2026-04-01T01:00:00Z']);
    assert.equal(explanation.cronJob?.nextJobName, `backup-${Date.parse('2026-03-28T02:00:00Z') / 60000}`);
    assert.deepEqual(lines(explanation, 'names')[1], 'A CronJob name may have 52 characters so that its Jobs\' names fit in 63; this one has 6, 46 to spare.');
    const long = explain('CronJob', cronJob('x'.repeat(55), { schedule: '0 3 * * *' }));
    assert.equal(long.cronJob?.nameHeadroom, -3);
    assert.match(lines(long, 'names')[1], /this one has 55, 3 too many: the API server refuses it\.$/);
  });

  it('a missed run: without startingDeadlineSeconds the latest starts however late; with it, a run later than that is not found', () => {
    assert.match(lines(explain('CronJob', cronJob('a', { schedule: '0 * * * *' })), 'missedRuns')[0], /the most recent missed run starts as soon as the controller sees it, however late: one Job, not one per missed run\.$/);
    assert.match(lines(explain('CronJob', cronJob('a', { schedule: '0 * * * *', startingDeadlineSeconds: 200 })), 'missedRuns')[0], /^A missed run starts late only within `startingDeadlineSeconds` \(200 s \(about 3 min\)\)/);
  });

  it('startingDeadlineSeconds 0: no run ever starts, as the controller looks only after each time (mostRecentScheduleTime)', () => {
    const explanation = explain('CronJob', cronJob('a', { schedule: '0 * * * *', startingDeadlineSeconds: 0 }));
    assert.match(lines(explanation, 'missedRuns')[0], /^No run ever starts: with `startingDeadlineSeconds: 0` a run must start at its very time/);
    assert.match(explanation.summary, /; no run ever starts \(`startingDeadlineSeconds: 0`\)\./);
  });

  it('overlapping runs by concurrencyPolicy, and the Job template\'s own explanation', () => {
    const explanation = explain('CronJob', cronJob('a', { schedule: '0 * * * *', concurrencyPolicy: 'Replace' }));
    assert.equal(lines(explanation, 'overlap')[0], '`concurrencyPolicy: Replace`: the running Job is deleted (with its Pods) and the new one created.');
    assert.ok(explanation.sections.some((section) => section.id === 'jobTemplate.retries' && section.title === 'Each Job: retries'));
    assert.deepEqual(explanation.defaults.filter((entry) => entry.onEachJob).map((entry) => entry.path), [
      'spec.jobTemplate.spec.completions', 'spec.jobTemplate.spec.parallelism', 'spec.jobTemplate.spec.backoffLimit', 'spec.jobTemplate.spec.completionMode',
      'spec.jobTemplate.spec.suspend', 'spec.jobTemplate.spec.podReplacementPolicy',
    ]);
  });

  it('without timeZone the controller\'s zone is assumed UTC, and said so; @every has no clock times', () => {
    const utc = explain('CronJob', cronJob('a', { schedule: '0 3 * * *' }));
    assert.equal(utc.cronJob?.timeZone, null);
    assert.ok(utc.notes.includes('Without `timeZone` the times are the kube-controller-manager\'s local time: UTC is assumed here.'));
    const every = explain('CronJob', cronJob('a', { schedule: '@every 90m' }));
    assert.deepEqual(every.cronJob?.nextRuns, []);
    assert.match(lines(every, 'schedule')[1], /^`@every` counts from the creation/);
  });
});

describe('explain a CSIDriver', () => {
  it('the summary and the steps of each consumer, after the release\'s defaults', () => {
    const explanation = explain('CSIDriver', { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'x.example.com' }, spec: { fsGroupPolicy: 'File', volumeLifecycleModes: ['Ephemeral'] } }, 27);
    assert.equal(explanation.summary, 'Volumes are attached first (a VolumeAttachment each); the kubelet mounts Ephemeral volumes without Pod information; fsGroup: File.');
    assert.deepEqual(explanation.sections.map((section) => section.id), ['scheduler', 'attach', 'kubelet', 'fsGroup']);
    assert.equal(explanation.defaults.some((entry) => entry.path === 'spec.seLinuxMount'), false, 'no seLinuxMount default while its gate is off (1.27)');
    assert.equal(lines(explanation, 'fsGroup')[1], 'A ReadWriteOnce volume without an fsType: applied.');
  });
});
