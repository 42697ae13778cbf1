// simulateJob: whole runs of the Job controller against scenarios, release by release; the scenario format's checks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { simulateJob, type JobSimulation } from '../../../server/src/service/behaviour/job';
import { presetScenario } from '../../../server/src/service/behaviour/presets';
import { parseDuration, parseScenarios, type JobScenario } from '../../../server/src/service/behaviour/scenario';
import type { JsonObject } from '../../../server/src/service/types';

function job(spec: JsonObject, restartPolicy = 'Never', containers = ['main']): JsonObject {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { ...spec, template: { spec: { restartPolicy, containers: containers.map((name) => ({ name, image: 'busybox' })) } } } };
}
const conditions = (run: JobSimulation) => run.status.conditions.map((c) => `${c.type}=${c.status}${c.reason ? `/${c.reason}` : ''}@${c.at}`);
const WEBSITE_54415 = job({ completions: 8, parallelism: 2, backoffLimit: 6 });
const FAIL_42_AFTER_31S: JobScenario = { pods: [], then: { exitCode: 42, runFor: 31 } };

describe('simulateJob: the website#54415 example (completions 8, parallelism 2, backoffLimit 6, Pods failing after 31 s)', () => {
  it('fails with BackoffLimitExceeded at 545 s from 1.27 on: back-off waits of 20 s, 80 s and 320 s after each pair of failures', () => {
    for (const minor of [27, 28, 31, 34, 37]) {
      const run = simulateJob(WEBSITE_54415, FAIL_42_AFTER_31S, minor);
      assert.deepEqual(run.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', at: 545 }, `1.${minor}`);
      assert.deepEqual(run.pods.map((pod) => pod.created), [0, 0, 51, 51, 162, 162, 513, 513], `1.${minor}`);
      assert.deepEqual([run.status.failed, run.status.active, run.status.succeeded], [8, 0, 0]);
    }
  });

  it('fails at 124 s before 1.27, when each sync without a new failure reset the work queue\'s back-off', () => {
    for (const minor of [23, 25, 26]) assert.deepEqual(simulateJob(WEBSITE_54415, FAIL_42_AFTER_31S, minor).end, { condition: 'Failed', reason: 'BackoffLimitExceeded', at: 124 });
  });

  it('adds FailureTarget before Failed from 1.31 on (delayTerminalCondition), and only Failed before', () => {
    assert.deepEqual(conditions(simulateJob(WEBSITE_54415, FAIL_42_AFTER_31S, 37)), ['FailureTarget=True/BackoffLimitExceeded@545', 'Failed=True/BackoffLimitExceeded@545']);
    assert.deepEqual(conditions(simulateJob(WEBSITE_54415, FAIL_42_AFTER_31S, 30)), ['Failed=True/BackoffLimitExceeded@545']);
  });
});

describe('simulateJob: pod failure policy', () => {
  const policy: JsonObject = { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }, { action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } }] };

  it('an Ignore rule does not count the failure but still starts the back-off', () => {
    const run = simulateJob(job({ podFailurePolicy: policy, backoffLimit: 0 }), { pods: [{ conditions: [{ type: 'DisruptionTarget', status: 'True' }], runFor: 5 }] }, 37);
    assert.deepEqual(run.pods.map((p) => [p.created, p.phase, p.rule, p.action, p.counted]), [[0, 'Failed', 0, 'Ignore', false], [15, 'Succeeded', null, null, true]]);
    assert.equal(run.status.failed, 0);
    assert.equal(run.end?.condition, 'Complete');
    assert.ok(run.timeline.some((entry) => entry.event === 'back-off: the next Pod waits 9s (until 15s)'));
  });

  it('a FailJob rule fails the Job at once; the running Pod is deleted and counted, Failed follows when it is gone', () => {
    const run = simulateJob(job({ podFailurePolicy: policy, completions: 4, parallelism: 2 }, 'Never', ['main', 'sidecar']), { pods: [{ exitCode: 42, container: 'main', runFor: 10 }], then: { runFor: 100 } }, 37);
    assert.deepEqual(run.pods.map((p) => [p.phase, p.exitCode, p.rule, p.action, p.counted, p.finished]), [['Failed', 42, 1, 'FailJob', true, 10], ['Failed', null, null, null, true, 11]]);
    assert.deepEqual(conditions(run), [
      'FailureTarget=True/PodFailurePolicy@11',
      'Failed=True/PodFailurePolicy@12',
    ]);
    assert.equal(run.status.conditions[0].message, 'Container main for pod default/j-bbbbb failed with exit code 42 matching FailJob rule at index 1');
  });

  it('exit code 42 in another container than the rule names matches nothing and counts', () => {
    const run = simulateJob(job({ podFailurePolicy: policy, backoffLimit: 0 }, 'Never', ['main', 'sidecar']), { pods: [{ exitCode: 42, container: 'sidecar' }] }, 37);
    assert.deepEqual(run.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', at: 1 });
    assert.deepEqual([run.pods[0].rule, run.pods[0].action, run.pods[0].counted], [null, null, true]);
  });

  it('before 1.26 the policy is dropped when the Job is created (JobPodFailurePolicy off) and says so', () => {
    const run = simulateJob(job({ podFailurePolicy: policy, backoffLimit: 0 }), { pods: [{ exitCode: 42 }] }, 25);
    // Before 1.27 a failed Pod's update enqueued the Job after getBackoff (0 at first), not after the batch period.
    assert.deepEqual(run.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', at: 0 });
    assert.ok(run.notes.some((note) => note.startsWith('spec.podFailurePolicy is dropped when the Job is created')));
    assert.equal(run.spec.podFailurePolicy, undefined);
  });
});

describe('simulateJob: Indexed Jobs and per-index limits', () => {
  it('backoffLimitPerIndex: index 3 fails twice and is marked failed; the Job fails with FailedIndexes once the others succeed', () => {
    const run = simulateJob(job({ completionMode: 'Indexed', completions: 5, parallelism: 5, backoffLimitPerIndex: 1 }), presetScenario('index-fails,index=3,runFor=5s').job as JobScenario, 37);
    assert.deepEqual(run.end, { condition: 'Failed', reason: 'FailedIndexes', at: 21 });
    assert.deepEqual([run.status.completedIndexes, run.status.failedIndexes, run.status.failed, run.status.succeeded], ['0-2,4', '3', 2, 4]);
    assert.deepEqual(run.pods.filter((p) => p.index === 3).map((p) => p.created), [0, 15]);
  });

  it('maxFailedIndexes: the second failed index fails the Job', () => {
    const run = simulateJob(job({ completionMode: 'Indexed', completions: 5, parallelism: 5, backoffLimitPerIndex: 0, maxFailedIndexes: 1 }), { pods: [{ index: 1, exitCode: 1, runFor: 5 }, { index: 2, exitCode: 1, runFor: 5 }], then: { runFor: 60 } }, 37);
    assert.deepEqual([run.end?.reason, run.status.failedIndexes], ['MaxFailedIndexesExceeded', '1,2']);
  });

  it('a FailIndex rule fails the index at its first failure', () => {
    const spec = { completionMode: 'Indexed', completions: 3, parallelism: 3, backoffLimitPerIndex: 5, podFailurePolicy: { rules: [{ action: 'FailIndex', onExitCodes: { operator: 'In', values: [3] } }] } };
    const run = simulateJob(job(spec), { pods: [{ index: 0, exitCode: 3, runFor: 5 }], then: { runFor: 10 } }, 37);
    assert.deepEqual([run.end?.reason, run.status.failedIndexes, run.pods[0].action, run.pods.length], ['FailedIndexes', '0', 'FailIndex', 3]);
  });

  it('a success policy ends the Job when index 0 succeeds; the lingering Pods are deleted and not counted as failed', () => {
    const run = simulateJob(job({ completionMode: 'Indexed', completions: 4, parallelism: 4, successPolicy: { rules: [{ succeededIndexes: '0' }] } }), { pods: [{ index: 0, runFor: 5 }], then: { runFor: 100 } }, 37);
    assert.deepEqual(conditions(run), ['SuccessCriteriaMet=True/SuccessPolicy@6', 'Complete=True/SuccessPolicy@7']);
    assert.deepEqual([run.status.succeeded, run.status.failed, run.status.completedIndexes, run.status.completionTime], [1, 0, '0', 7]);
  });
});

describe('simulateJob: restartPolicy OnFailure, deadlines, suspension, managedBy, TTL', () => {
  it('OnFailure: the kubelet restarts the container (at once, then 10 s, 20 s, 40 s, ...) and the restarts count against backoffLimit', () => {
    const run = simulateJob(job({ backoffLimit: 3 }, 'OnFailure'), { pods: [], then: { exitCode: 1, runFor: 5 } }, 37);
    assert.deepEqual(run.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', at: 47 });
    assert.deepEqual([run.pods.length, run.pods[0].restarts, run.status.failed], [1, 3, 1]);
  });

  it('a Pod running past activeDeadlineSeconds is deleted: DeadlineExceeded; the TTL deletes the Job after ttlSecondsAfterFinished', () => {
    const run = simulateJob(job({ activeDeadlineSeconds: 30, ttlSecondsAfterFinished: 100 }), { pods: [], then: 'run' }, 37);
    assert.deepEqual([run.end, run.deletedAt, run.status.failed], [{ condition: 'Failed', reason: 'DeadlineExceeded', at: 31 }, 131, 1]);
  });

  it('a Job created suspended runs nothing and never ends; startTime stays unset', () => {
    const run = simulateJob(job({ suspend: true }), { pods: [] }, 37);
    assert.deepEqual([run.end, run.pods.length, run.status.startTime, conditions(run)], [null, 0, null, ['Suspended=True/JobSuspended@0']]);
  });

  it('suspended past the deadline and resumed: from 1.36 startTime is cleared on suspend and set afresh on resume; before, the old startTime fails the Job at the resume', () => {
    const scenario: JobScenario = { pods: [], then: 'run', updates: [{ at: 10, suspend: true }, { at: 100, suspend: false }] };
    const now = simulateJob(job({ activeDeadlineSeconds: 60 }), scenario, 36);
    assert.deepEqual([now.end, now.status.startTime], [{ condition: 'Failed', reason: 'DeadlineExceeded', at: 161 }, 100]);
    const before = simulateJob(job({ activeDeadlineSeconds: 60 }), scenario, 35);
    assert.deepEqual(before.end, { condition: 'Failed', reason: 'DeadlineExceeded', at: 100 });
  });

  it('a Job managed by another controller (JobManagedBy on) gets no Pods and no status from the built-in controller', () => {
    const run = simulateJob(job({ managedBy: 'kueue.x-k8s.io/multikueue' }), { pods: [] }, 37);
    assert.deepEqual([run.pods.length, run.end, run.status.startTime], [0, null, null]);
    assert.ok(run.notes[0].includes('kueue.x-k8s.io/multikueue'));
    // 1.31: the gate is alpha, the field is dropped on create and the Job runs.
    assert.equal(simulateJob(job({ managedBy: 'kueue.x-k8s.io/multikueue' }), { pods: [] }, 31).end?.condition, 'Complete');
  });

  it('without completions, the Job completes once a Pod succeeded and the others finished', () => {
    const run = simulateJob(job({ parallelism: 3 }), { pods: [{ runFor: 5 }, { runFor: 10 }, { runFor: 20 }] }, 37);
    assert.deepEqual([run.end?.at, run.status.succeeded, run.pods.length], [21, 3, 3]);
  });

  it('creates at most 500 Pods per sync (MaxPodCreateDeletePerSync), in slow-start batches of 1, 2, 4, ...', () => {
    const run = simulateJob(job({ completions: 1000, parallelism: 1000 }), { pods: [], then: { runFor: 10 } }, 37);
    assert.deepEqual([run.pods.filter((p) => p.created === 0).length, run.pods.filter((p) => p.created === 1).length, run.end?.condition, run.status.succeeded], [500, 500, 'Complete', 1000]);
    assert.ok(run.timeline.some((entry) => entry.event.endsWith('created (slow-start batch 9)')));
  });

  it('a Job the API server refuses (restartPolicy Always) runs nothing and says why', () => {
    const run = simulateJob(job({}, 'Always'), { pods: [] }, 37);
    assert.deepEqual([run.pods.length, run.end], [0, null]);
    assert.match(run.notes[0], /restartPolicy Always/);
  });
});

describe('scenario files: one problem per bad entry, with its path', () => {
  it('reads durations as Go does (31s, 1h30m, 500ms) and numbers as seconds', () => {
    assert.deepEqual(['31s', '1h30m', '500ms', 12, '2m0.5s', '31', 'abc'].map((v) => parseDuration(v)), [31, 5400, 0.5, 12, 120.5, undefined, undefined]);
  });

  it('reads a Job scenario and a CronJob scenario from two documents', () => {
    const parsed = parseScenarios([
      { pods: [{ exitCode: 42, container: 'main', runFor: '31s', index: 3, conditions: [{ type: 'DisruptionTarget', status: 'True' }] }], then: 'succeed' },
      { created: '2026-01-01T00:00:00Z', lastScheduleTime: '2026-01-01T03:00:00Z', now: '2026-01-03T12:00:00Z', activeJobs: 1 },
    ]);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.job, { pods: [{ exitCode: 42, container: 'main', runFor: 31, index: 3, conditions: [{ type: 'DisruptionTarget', status: 'True' }] }], then: 'succeed' });
    assert.deepEqual(parsed.cronJob, { created: 1767225600, now: 1767441600, activeJobs: 1, lastScheduleTime: 1767236400 });
  });

  it('reads terminating (a Pod deleted from outside) as a duration, and refuses it beside a whole status', () => {
    const { job, problems } = parseScenarios([{ pods: [{ runFor: '5s', terminating: '30s' }, { terminating: 'soon' }, { terminating: '1m', status: { phase: 'Failed' } }] }]);
    assert.equal(job, undefined);
    assert.deepEqual(problems, [
      { path: 'pods[1].terminating', message: '"soon" is not a duration (how long the deleted Pod takes to stop: 30s, 2m)' },
      { path: 'pods[2].terminating', message: 'a Pod deleted from outside ends as terminating says; leave out status' },
    ]);
    assert.deepEqual(parseScenarios([{ pods: [{ runFor: '5s', terminating: '30s' }] }]).job?.pods, [{ runFor: 5, terminating: 30 }]);
  });

  it('names each bad entry', () => {
    const parsed = parseScenarios([{
      pods: [{ exitCode: 'x' }, { runFor: '31' }, { index: -1, always: 'yes' }, { conditions: [{ type: 'DisruptionTarget', status: true }] }, { status: { containerStatuses: [] } }, 'fail', { colour: 'red' }],
      then: 'explode', updates: [{ at: 'soon', suspend: 1 }], extra: 1,
    }]);
    assert.deepEqual(parsed.problems.map((p) => p.path), [
      'extra', 'pods[0].exitCode', 'pods[1].runFor', 'pods[2].index', 'pods[2].always', 'pods[3].conditions[0].status', 'pods[4].status.phase', 'pods[5]', 'pods[6].colour', 'then', 'updates[0].at', 'updates[0].suspend',
    ]);
    assert.equal(parsed.problems.find((p) => p.path === 'pods[1].runFor')?.message, '"31" is not a duration (write 31s, 2m, 1h30m)');
    assert.equal(parsed.problems.find((p) => p.path === 'pods[3].conditions[0].status')?.message, '"True", "False" or "Unknown" (quoted: YAML reads a bare True as a boolean), not true');
  });

  it('names bad CronJob scenario entries and mixed documents', () => {
    assert.deepEqual(parseScenarios([{ created: 'yesterday', now: '2026-01-03T12:00:00Z', activeJobs: -1 }]).problems.map((p) => `${p.path}: ${p.message}`), [
      'created: "yesterday" is not an RFC 3339 time (write 2026-01-03T12:00:00Z; quote it if your YAML reads it as a date)',
      'activeJobs: a count of Jobs still running (0 or more), not -1',
    ]);
    assert.match(parseScenarios([{ pods: [], now: '2026-01-03T12:00:00Z' }]).problems[0].message, /either a Job scenario/);
  });

  it('presets: all-fail, exit-code, evicted, index-fails, cluster-down; an unknown one is named', () => {
    assert.deepEqual(presetScenario('all-fail,runFor=31s').job, { name: 'all-fail,runFor=31s', pods: [], then: { exitCode: 1, runFor: 31 } });
    assert.deepEqual(presetScenario('exit-code,code=137,container=main').job?.then, { exitCode: 137, runFor: 0, container: 'main' });
    assert.deepEqual(presetScenario('evicted').job?.pods, [{ conditions: [{ type: 'DisruptionTarget', status: 'True' }], runFor: 0 }]);
    assert.deepEqual(presetScenario('cluster-down').cronJob?.(1_800_000_000), { name: 'cluster-down', created: 1_800_000_000 - 2 * 86400, lastScheduleTime: 1_800_000_000 - 86400, now: 1_800_000_000, activeJobs: 0 });
    assert.match(presetScenario('explode').problems[0].message, /unknown preset "explode"; the presets are all-fail, exit-code, evicted, index-fails, cluster-down/);
    assert.match(presetScenario('exit-code').problems[0].message, /needs code=N/);
  });
});
