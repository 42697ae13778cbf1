// Whole simulations (simulateJob, what `kubeassist simulate --format json` prints) of the situations the Job controller's
// own table tests set up (kubernetes/kubernetes pkg/controller/job/job_controller_test.go): the upstream case's Pods
// become a scenario, and the run must end as the controller decides in that case: the matched rule and action, the end
// condition and reason, the counters and the index sets. Where a whole run necessarily differs from the single sync
// the upstream case makes (more Pods are created after a back-off), the comment says so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { simulateJob } from '../../../server/src/service/behaviour/job';
import type { JobScenario } from '../../../server/src/service/behaviour/scenario';
import type { JsonObject } from '../../../server/src/service/types';

const MAX_INT32 = 2147483647;
const job = (spec: JsonObject, restartPolicy = 'Never', containers = ['main-container'], initContainers: string[] = []): JsonObject => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'foobar' },
  spec: { ...spec, template: { spec: { restartPolicy, ...(initContainers.length ? { initContainers: initContainers.map((name) => ({ name, image: 'foo/bar' })) } : {}), containers: containers.map((name) => ({ name, image: 'foo/bar' })) } } },
});

interface Want {
  end: [string, string] | null;
  message?: string;
  active?: number;
  ready?: number;
  succeeded?: number;
  failed?: number;
  completedIndexes?: string;
  failedIndexes?: string | null;
  /** Per Pod, in creation order: [rule, action, counted] (only the Pods listed). */
  pods?: [number | null, string | null, boolean][];
}

function expectRun(spec: JsonObject, scenario: JobScenario, want: Want, minor = 37): void {
  const run = simulateJob(spec, scenario, minor);
  const ended = run.status.conditions.find((c) => c.type === run.end?.condition);
  assert.deepEqual({
    end: run.end ? [run.end.condition, run.end.reason] : null,
    active: run.status.active, ready: run.status.ready, succeeded: run.status.succeeded, failed: run.status.failed,
    completedIndexes: run.status.completedIndexes, failedIndexes: run.status.failedIndexes,
  }, {
    end: want.end, active: want.active ?? 0, ready: want.ready ?? 0, succeeded: want.succeeded ?? 0, failed: want.failed ?? 0,
    completedIndexes: want.completedIndexes ?? '', failedIndexes: want.failedIndexes ?? null,
  });
  if (want.message !== undefined) assert.equal(ended?.message, want.message);
  if (want.pods) assert.deepEqual(run.pods.slice(0, want.pods.length).map((p) => [p.rule, p.action, p.counted]), want.pods);
}

const RULES = [{ action: 'Ignore', onExitCodes: { operator: 'In', values: [1, 2, 3] } }, { action: 'FailJob', onExitCodes: { operator: 'In', values: [5, 6, 7] } }];
const one = (extra: JsonObject = {}): JsonObject => ({ parallelism: 1, completions: 1, backoffLimit: 6, podFailurePolicy: { rules: RULES }, ...extra });
const DISRUPTION = { type: 'DisruptionTarget', status: 'True' };
const onConditions = (action: string) => ({ rules: [{ action, onPodConditions: [DISRUPTION] }] });
const exitCodes = (name: string, code: number) => ({ name, state: { terminated: { exitCode: code } } });
const FIRST_POD = 'foobar-bbbbb';

describe('simulate: the pod failure policy cases (upstream TestSyncJobWithJobPodFailurePolicy)', () => {
  it('TestSyncJobWithJobPodFailurePolicy/fail job based on OnExitCodes', () => expectRun(job(one()), { pods: [{ exitCode: 5 }] }, {
    end: ['Failed', 'PodFailurePolicy'], failed: 1, pods: [[1, 'FailJob', true]],
    message: `Container main-container for pod default/${FIRST_POD} failed with exit code 5 matching FailJob rule at index 1`,
  }));
  it('TestSyncJobWithJobPodFailurePolicy/ignore pod failure based on OnExitCodes (the replacement then succeeds)', () =>
    expectRun(job(one({ backoffLimit: 0 })), { pods: [{ exitCode: 1 }] }, { end: ['Complete', 'CompletionsReached'], succeeded: 1, pods: [[0, 'Ignore', false]] }));
  it('TestSyncJobWithJobPodFailurePolicy/default job based on OnExitCodes', () =>
    expectRun(job(one({ backoffLimit: 0 })), { pods: [{ exitCode: 10 }] }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 1, pods: [[null, null, true]] }));
  it('TestSyncJobWithJobPodFailurePolicy/fail job based on OnExitCodes with NotIn operator', () =>
    expectRun(job(one({ podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'NotIn', values: [5, 6, 7] } }] } })), { pods: [{ exitCode: 42 }] }, {
      end: ['Failed', 'PodFailurePolicy'], failed: 1, pods: [[0, 'FailJob', true]],
      message: `Container main-container for pod default/${FIRST_POD} failed with exit code 42 matching FailJob rule at index 0`,
    }));
  it('TestSyncJobWithJobPodFailurePolicy/default handling job based on OnExitCodes with NotIn operator', () =>
    expectRun(job(one({ podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'NotIn', values: [5, 6, 7] } }] } })), { pods: [{ exitCode: 5 }] },
      { end: ['Complete', 'CompletionsReached'], succeeded: 1, failed: 1, pods: [[null, null, true]] }));
  it('TestSyncJobWithJobPodFailurePolicy/fail job based on OnExitCodes for InitContainer', () =>
    expectRun(job(one(), 'Never', ['main-container'], ['init-container']), { pods: [{ exitCode: 5, container: 'init-container' }] }, {
      end: ['Failed', 'PodFailurePolicy'], failed: 1, pods: [[1, 'FailJob', true]],
      message: `Container init-container for pod default/${FIRST_POD} failed with exit code 5 matching FailJob rule at index 1`,
    }));
  it('TestSyncJobWithJobPodFailurePolicy/ignore pod failure; both rules are matching, the first is executed only', () =>
    expectRun(job(one({ backoffLimit: 0 }), 'Never', ['container1', 'container2']), { pods: [{ status: { phase: 'Failed', containerStatuses: [exitCodes('container1', 2), exitCodes('container2', 6)] } }] },
      { end: ['Complete', 'CompletionsReached'], succeeded: 1, pods: [[0, 'Ignore', false]] }));
  it('TestSyncJobWithJobPodFailurePolicy/default handling for pod failure if the container matching the exit codes does not match the containerName restriction', () =>
    expectRun(job(one({ podFailurePolicy: { rules: RULES.map((r) => ({ ...r, onExitCodes: { ...r.onExitCodes, containerName: 'main-container' } })) } }), 'Never', ['monitoring-container', 'main-container']),
      { pods: [{ status: { phase: 'Failed', containerStatuses: [exitCodes('monitoring-container', 5), exitCodes('main-container', 42)] } }] },
      { end: ['Complete', 'CompletionsReached'], succeeded: 1, failed: 1, pods: [[null, null, true]] }));
  it('TestSyncJobWithJobPodFailurePolicy/count pod failure based on OnPodConditions; both rules are matching, the first is executed only', () =>
    expectRun(job(one({ podFailurePolicy: { rules: [{ action: 'Count', onPodConditions: [{ type: 'ResourceLimitExceeded', status: 'True' }] }, { action: 'Ignore', onPodConditions: [DISRUPTION] }] } })),
      { pods: [{ conditions: [{ type: 'ResourceLimitExceeded', status: 'True' }, DISRUPTION] }] }, { end: ['Complete', 'CompletionsReached'], succeeded: 1, failed: 1, pods: [[0, 'Count', true]] }));
  it('TestSyncJobWithJobPodFailurePolicy/ignore pod failure based on OnPodConditions', () =>
    expectRun(job(one({ backoffLimit: 0, podFailurePolicy: onConditions('Ignore') })), { pods: [{ conditions: [DISRUPTION] }] },
      { end: ['Complete', 'CompletionsReached'], succeeded: 1, pods: [[0, 'Ignore', false]] }));
  it('TestSyncJobWithJobPodFailurePolicy/fail job based on OnPodConditions', () =>
    expectRun(job(one({ podFailurePolicy: onConditions('FailJob') })), { pods: [{ conditions: [DISRUPTION] }] }, {
      end: ['Failed', 'PodFailurePolicy'], failed: 1, pods: [[0, 'FailJob', true]], message: `Pod default/${FIRST_POD} has condition DisruptionTarget matching FailJob rule at index 0`,
    }));
  it('TestSyncJobWithJobPodFailurePolicy/fail job with multiple pods: the running Pod is deleted and counted as failed', () =>
    expectRun(job(one({ parallelism: 2, completions: 2 })), { pods: [{ runFor: 100 }, { exitCode: 5, runFor: 1 }] }, {
      end: ['Failed', 'PodFailurePolicy'], failed: 2, pods: [[null, null, true], [1, 'FailJob', true]],
      message: 'Container main-container for pod default/foobar-bbbbc failed with exit code 5 matching FailJob rule at index 1',
    }));
  it('TestSyncJobWithJobPodFailurePolicy/running pod should not result in job fail based on OnExitCodes', () =>
    expectRun(job(one()), { pods: [{ status: { phase: 'Running', containerStatuses: [exitCodes('main-container', 5)] } }] }, { end: null, active: 1, ready: 1 }));
});

const perIndex = (p: number, extra: JsonObject = {}): JsonObject => ({ parallelism: p, completions: p, completionMode: 'Indexed', backoffLimit: MAX_INT32, backoffLimitPerIndex: 1, ...extra });
const onExit3 = (action: string) => ({ rules: [{ action, onExitCodes: { operator: 'In', values: [3] } }] });

describe('simulate: the backoffLimitPerIndex cases (upstream TestSyncJobWithJobBackoffLimitPerIndex)', () => {
  it('TestSyncJobWithJobBackoffLimitPerIndex/successful job after a single failure within index', () =>
    expectRun(job(perIndex(2)), { pods: [{ index: 0, exitCode: 1 }] }, { end: ['Complete', 'CompletionsReached'], succeeded: 2, failed: 1, completedIndexes: '0,1', failedIndexes: '' }));
  it('TestSyncJobWithJobBackoffLimitPerIndex/job failed due to failed indexes', () =>
    expectRun(job(perIndex(2)), { pods: [{ index: 0, exitCode: 1, always: true }] }, { end: ['Failed', 'FailedIndexes'], succeeded: 1, failed: 2, completedIndexes: '1', failedIndexes: '0' }));
  it('TestSyncJobWithJobBackoffLimitPerIndex/job failed due to exceeding max failed indexes (the running index is deleted and counted)', () =>
    expectRun(job(perIndex(4, { maxFailedIndexes: 1 })), { pods: [{ index: 0, exitCode: 1, always: true }, { index: 2, exitCode: 1, always: true }, { index: 3, runFor: 1000 }] },
      { end: ['Failed', 'MaxFailedIndexesExceeded'], succeeded: 1, failed: 5, completedIndexes: '1', failedIndexes: '0,2' }));
  it('TestSyncJobWithJobBackoffLimitPerIndex/job failed due to exceeding backoffLimit before backoffLimitPerIndex', () =>
    expectRun(job(perIndex(2, { backoffLimit: 1 })), { pods: [], then: 'fail' }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 2, failedIndexes: '' }));
  it('TestSyncJobWithJobBackoffLimitPerIndex/single failed index due to FailIndex action, the job continues (and fails once the other index is done)', () =>
    expectRun(job(perIndex(2, { podFailurePolicy: onExit3('FailIndex') })), { pods: [{ index: 0, exitCode: 3 }] },
      { end: ['Failed', 'FailedIndexes'], succeeded: 1, failed: 1, completedIndexes: '1', failedIndexes: '0', pods: [[0, 'FailIndex', true]] }));
  it('TestSyncJobWithJobBackoffLimitPerIndex/job failed index due to FailJob action', () =>
    expectRun(job(perIndex(2, { backoffLimit: 6, podFailurePolicy: onExit3('FailJob') })), { pods: [{ index: 0, exitCode: 3 }] }, {
      end: ['Failed', 'PodFailurePolicy'], succeeded: 1, failed: 1, completedIndexes: '1', failedIndexes: '', pods: [[0, 'FailJob', true]],
      message: 'Container main-container for pod default/foobar-0-bbbbb failed with exit code 3 matching FailJob rule at index 0',
    }));
  it('TestSyncJobWithJobBackoffLimitPerIndex/job pod failure ignored due to matching Ignore action', () =>
    expectRun(job(perIndex(2, { backoffLimit: 6, podFailurePolicy: onExit3('Ignore') })), { pods: [{ index: 0, exitCode: 3 }] },
      { end: ['Complete', 'CompletionsReached'], succeeded: 2, completedIndexes: '0,1', failedIndexes: '', pods: [[0, 'Ignore', false]] }));
  it('TestSyncJobWithJobBackoffLimitPerIndex/job failed due to failed indexes; JobPodReplacementPolicy and JobManagedBy disabled (1.30: Failed without FailureTarget)', () => {
    const run = simulateJob(job(perIndex(2)), { pods: [{ index: 0, exitCode: 1, always: true }] }, 30);
    assert.deepEqual(run.status.conditions.map((c) => `${c.type}/${c.reason}`), ['Failed/FailedIndexes']);
    assert.deepEqual([run.status.failedIndexes, run.status.completedIndexes], ['0', '1']);
  });
});

describe('simulate: restartPolicy OnFailure (upstream TestJobBackoffForOnFailure)', () => {
  const onFailure = (p: number, completions: number, backoffLimit: number) => job({ parallelism: p, completions, backoffLimit }, 'OnFailure');
  const restarted = (n: number, phase = 'Running') => ({ status: { phase, containerStatuses: [{ name: 'main-container', restartCount: n, state: { running: {} } }] } });
  it('TestJobBackoffForOnFailure/backoffLimit 1 with restartCount 1 and podRunning should have 0 pod active', () =>
    expectRun(onFailure(1, 1, 1), { pods: [restarted(1)] }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 1 }));
  it('TestJobBackoffForOnFailure/backoffLimit 1 with restartCount 1 and podPending should have 0 pod active', () =>
    expectRun(onFailure(1, 1, 1), { pods: [restarted(1, 'Pending')] }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 1 }));
  it('TestJobBackoffForOnFailure/too many job failures with podRunning - multiple pods', () =>
    expectRun(onFailure(2, 5, 2), { pods: [restarted(1), restarted(1)] }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 2 }));
  it('TestJobBackoffForOnFailure/not enough failures', () =>
    expectRun(onFailure(2, 5, 3), { pods: [restarted(1), restarted(1)], then: 'run' }, { end: null, active: 2, ready: 2 }));
  it('TestJobBackoffForOnFailure/backoffLimit 0 should have 1 pod active', () =>
    expectRun(onFailure(1, 1, 0), { pods: [], then: 'run' }, { end: null, active: 1, ready: 1 }));
  it('a container that keeps exiting 1 is restarted by the kubelet until its restarts reach backoffLimit', () =>
    expectRun(onFailure(1, 1, 1), { pods: [{ exitCode: 1 }] }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 1 }));
});

describe('simulate: restartPolicy Never (upstream TestJobBackoffOnRestartPolicyNever)', () => {
  it('TestJobBackoffOnRestartPolicyNever/too many failures with backoffLimit 1 - single pod', () =>
    expectRun(job({ parallelism: 1, completions: 1, backoffLimit: 1 }), { pods: [], then: 'fail' }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 2 }));
  it('TestJobBackoffOnRestartPolicyNever/not enough failures with backoffLimit 1 - single pod', () =>
    expectRun(job({ parallelism: 1, completions: 1, backoffLimit: 1 }), { pods: [{ exitCode: 1 }], then: 'run' }, { end: null, active: 1, ready: 1, failed: 1 }));
  it('TestJobBackoffOnRestartPolicyNever/too many failures with backoffLimit 6 - multiple pods (Pods fail in pairs: 8 counted, not 7)', () =>
    expectRun(job({ parallelism: 2, completions: 2, backoffLimit: 6 }), { pods: [], then: 'fail' }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 8 }));
});

describe('simulate: the active deadline (upstream TestSyncJobPastDeadline)', () => {
  it('TestSyncJobPastDeadline/activeDeadlineSeconds less than single pod execution', () =>
    expectRun(job({ parallelism: 1, completions: 1, activeDeadlineSeconds: 10 }), { pods: [], then: 'run' }, { end: ['Failed', 'DeadlineExceeded'], failed: 1, message: 'Job was active longer than specified deadline' }));
  it('TestSyncJobPastDeadline/activeDeadlineSeconds bigger than single pod execution', () =>
    expectRun(job({ parallelism: 1, completions: 2, activeDeadlineSeconds: 10 }), { pods: [{ runFor: 5 }], then: 'run' }, { end: ['Failed', 'DeadlineExceeded'], succeeded: 1, failed: 1 }));
  it('TestSyncJobPastDeadline/activeDeadlineSeconds with backofflimit reach', () =>
    expectRun(job({ parallelism: 1, completions: 1, activeDeadlineSeconds: 1, backoffLimit: 0 }), { pods: [{ exitCode: 1 }] }, { end: ['Failed', 'BackoffLimitExceeded'], failed: 1 }));
  it('TestSyncJobPastDeadline/activeDeadlineSeconds is not triggered when Job is suspended', () => {
    const run = simulateJob(job({ parallelism: 1, completions: 2, activeDeadlineSeconds: 10, suspend: true }), { pods: [] }, 37);
    assert.equal(run.end, null);
    assert.deepEqual(run.status.conditions.map((c) => `${c.type}=${c.status}/${c.reason}`), ['Suspended=True/JobSuspended']);
  });
});

const successPolicy = (p: number, extra: JsonObject = {}): JsonObject => ({
  parallelism: p, completions: p, completionMode: 'Indexed', backoffLimit: MAX_INT32, successPolicy: { rules: [{ succeededIndexes: '0,1', succeededCount: 1 }] }, ...extra,
});

describe('simulate: the success policy (upstream TestSyncJobWithJobSuccessPolicy)', () => {
  it('TestSyncJobWithJobSuccessPolicy/job has SuccessCriteriaMet condition if job meets to successPolicy and some indexes fail: the running Pods are deleted, not counted', () =>
    expectRun(job(successPolicy(3)), { pods: [{ index: 0, exitCode: 1 }, { index: 1, runFor: 5 }], then: 'run' },
      { end: ['Complete', 'SuccessPolicy'], succeeded: 1, failed: 1, completedIndexes: '1', message: 'Matched rules at index 0' }));
  it('TestSyncJobWithJobSuccessPolicy/job with successPolicy and podFailurePolicy; job has a failed condition when job meets to both successPolicy and podFailurePolicy', () =>
    expectRun(job(successPolicy(2, { podFailurePolicy: onConditions('FailJob') })), { pods: [{ index: 0, conditions: [DISRUPTION] }, { index: 1, runFor: 5 }] },
      { end: ['Failed', 'PodFailurePolicy'], failed: 2, pods: [[0, 'FailJob', true], [null, null, true]] }));
  it('TestSyncJobWithJobSuccessPolicy/job with successPolicy and backoffLimitPerIndex; job has a failed condition when job meets to both successPolicy and backoffLimitPerIndex', () =>
    expectRun(job(successPolicy(2, { backoffLimitPerIndex: 0 })), { pods: [{ index: 0, exitCode: 1, runFor: 1 }, { index: 1, runFor: 1 }] },
      { end: ['Failed', 'FailedIndexes'], succeeded: 1, failed: 1, completedIndexes: '1', failedIndexes: '0' }));
  it('TestSyncJobWithJobSuccessPolicy/when the JobSuccessPolicy is disabled, the Job never got SuccessCriteriaMet condition even if the Job has the successPolicy field (1.29)', () =>
    expectRun(job(successPolicy(3)), { pods: [{ index: 1, runFor: 1 }, { index: 0, runFor: 1000 }, { index: 2, runFor: 1000 }] }, { end: ['Complete', ''], succeeded: 3, completedIndexes: '0-2' }, 29));
});

describe('simulate: the rest of syncJob (upstream TestControllerSyncJob, TestSyncJobWhenManagedBy)', () => {
  it('TestControllerSyncJob/WQ job all finished despite one failure', () =>
    expectRun(job({ parallelism: 2 }), { pods: [{ runFor: 5 }, { exitCode: 1, runFor: 1 }] }, { end: ['Complete', 'CompletionsReached'], succeeded: 1, failed: 1 }));
  it('TestControllerSyncJob/indexed job completed', () =>
    expectRun(job({ parallelism: 2, completions: 3, completionMode: 'Indexed' }), { pods: [{ index: 1, exitCode: 1 }] }, { end: ['Complete', 'CompletionsReached'], succeeded: 3, failed: 1, completedIndexes: '0-2' }));
  it('TestControllerSyncJob/indexed job failed', () =>
    expectRun(job({ parallelism: 3, completions: 3, completionMode: 'Indexed', backoffLimit: 0 }), { pods: [{ index: 0 }, { index: 1, exitCode: 1, runFor: 1 }, { index: 2, runFor: 100 }] },
      { end: ['Failed', 'BackoffLimitExceeded'], succeeded: 1, failed: 2, completedIndexes: '0' }));
  it('TestControllerSyncJob/resuming a suspended job', () => {
    const run = simulateJob(job({ parallelism: 2, completions: 4, suspend: true }), { pods: [], then: 'run', updates: [{ at: 60, suspend: false }] }, 37);
    assert.deepEqual([run.status.active, run.status.ready, run.status.startTime], [2, 2, 60]);
    assert.deepEqual(run.status.conditions.map((c) => `${c.type}=${c.status}/${c.reason}`), ['Suspended=False/JobResumed']);
  });
  it('TestControllerSyncJob/suspending a job with satisfied expectations: the Pods are deleted and not counted', () => {
    const run = simulateJob(job({ parallelism: 2, completions: 4 }), { pods: [], then: 'run', updates: [{ at: 60, suspend: true }] }, 37);
    assert.deepEqual([run.status.active, run.status.ready, run.status.failed, run.status.succeeded, run.end], [0, 0, 0, 0, null]);
    assert.deepEqual(run.status.conditions.map((c) => `${c.type}=${c.status}/${c.reason}`), ['Suspended=True/JobSuspended']);
  });
  it('TestSyncJobWhenManagedBy/job with custom value of managedBy; feature enabled; the status is unchanged', () =>
    expectRun(job({ parallelism: 2, completions: 2, managedBy: 'custom-managed-by' }), { pods: [] }, { end: null }));
  it('TestSyncJobWhenManagedBy/job with custom value of managedBy; feature disabled; the status is updated (1.29)', () =>
    expectRun(job({ parallelism: 2, completions: 2, managedBy: 'custom-managed-by' }), { pods: [] }, { end: ['Complete', ''], succeeded: 2 }, 29));
});

// Pods deleted from outside (the scenario's `terminating`): the terminating Pods of the upstream tables.
describe('simulate: Pods deleted from outside and terminating (upstream TestControllerSyncJob, TestSyncJobWithJobPodFailurePolicy)', () => {
  const startTimes = (spec: JsonObject, scenario: JobScenario, minor = 37) => simulateJob(job(spec), scenario, minor).pods.map((p) => [p.index, p.created, p.finished, p.phase, p.exitCode]);
  const DELETED_AT_5 = { runFor: 5, terminating: 30 };
  it('TestControllerSyncJob/WQ job: recreate pods when failed: with podReplacementPolicy Failed the replacement waits until the deleted Pod stops, then the back-off', () => {
    expectRun(job({ podReplacementPolicy: 'Failed' }), { pods: [DELETED_AT_5] }, { end: ['Complete', 'CompletionsReached'], succeeded: 1, failed: 1 });
    assert.deepEqual(startTimes({ podReplacementPolicy: 'Failed' }, { pods: [DELETED_AT_5] }), [[null, 0, 35, 'Failed', 143], [null, 45, 45, 'Succeeded', 0]]);
  });
  it('TestControllerSyncJob/WQ job: recreate pods when terminating or failed: the deleted Pod counts as failed at once and is replaced; Complete waits for it to stop', () => {
    const run = simulateJob(job({ podReplacementPolicy: 'TerminatingOrFailed' }), { pods: [DELETED_AT_5] }, 37);
    assert.deepEqual(run.pods.map((p) => [p.created, p.finished, p.phase]), [[0, 35, 'Failed'], [6, 6, 'Succeeded']]);
    assert.deepEqual(run.status.conditions.map((c) => `${c.type}@${c.at}`), ['SuccessCriteriaMet@7', 'Complete@36']);
    assert.deepEqual([run.status.failed, run.status.succeeded, run.status.terminating], [1, 1, 0]);
  });
  it('TestControllerSyncJob/indexed job with some pods deleted, podReplacementPolicy Failed: the index gets a Pod once the deleted one stopped', () => {
    const run = simulateJob(job({ completions: 2, parallelism: 2, completionMode: 'Indexed', podReplacementPolicy: 'Failed' }), { pods: [{ index: 0, ...DELETED_AT_5 }], then: 'run' }, 37);
    assert.deepEqual(run.pods.map((p) => [p.index, p.created]), [[0, 0], [1, 0], [0, 45]]);
    assert.deepEqual([run.status.active, run.status.ready, run.status.terminating, run.status.failed], [2, 2, 0, 1]);
  });
  it('TestSyncJobWithJobPodFailurePolicy/ignore pod failure based on OnPodConditions, ignored failures delays pod recreation', () => {
    const spec = { backoffLimit: 0, podFailurePolicy: onConditions('Ignore') };
    expectRun(job(spec), { pods: [{ ...DELETED_AT_5, conditions: [DISRUPTION] }] }, { end: ['Complete', 'CompletionsReached'], succeeded: 1, pods: [[0, 'Ignore', false]] });
    assert.deepEqual(startTimes(spec, { pods: [{ ...DELETED_AT_5, conditions: [DISRUPTION] }] })[1], [null, 45, 45, 'Succeeded', 0]);
  });
});
