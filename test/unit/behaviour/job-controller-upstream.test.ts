// One syncJob, ported from kubernetes/kubernetes pkg/controller/job/job_controller_test.go: the tables of
// TestSyncJobWithJobBackoffLimitPerIndex, TestJobBackoffForOnFailure, TestJobBackoffOnRestartPolicyNever,
// TestGetPodCreationInfoForIndependentIndexes, TestGetNewFinshedPods and the cases of TestSyncJobWithJobSuccessPolicy
// that job-controller.test.ts does not carry; and from indexed_job_utils_test.go, the helpers' tables, through the
// sync that uses them where the helper is the sync's own. Each case carries its upstream name; the Pods are named
// mypod-<i> as the upstream tests name them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isJobFinished, newJobStatus, type JobStatusState } from '../../../server/src/service/behaviour/job/controller';
import type { JobCondition, JobSpecView, PodFailurePolicyRule } from '../../../server/src/service/behaviour/job/model';
import { getIndexFailureCount } from '../../../server/src/service/behaviour/job/backoff';
import { hasIndex } from '../../../server/src/service/behaviour/job/intervals';
import { isIndexFailed, podGenerateName } from '../../../server/src/service/behaviour/job/pods';
import { jobControllerRelease } from '../../../server/src/service/behaviour/job/release';
import { conditionsOf, jobSpec, NOW, pod, pods, runSync, type Gates, type TestPod } from './job-support';

const MAX_INT32 = 2147483647;
const cond = (type: string, status: string, reason = '', message = '') => ({ type, status, reason, message });
const at = (c: ReturnType<typeof cond>): JobCondition => ({ ...c, lastTransitionTime: NOW - 100 });
const BACKOFF = 'Job has reached the specified backoff limit';
const FAILED_INDEXES = 'Job has failed indexes';
const MAX_FAILED = 'Job has exceeded the specified maximal number of failed indexes';
const both = (reason: string, message: string) => [cond('FailureTarget', 'True', reason, message), cond('Failed', 'True', reason, message)];

interface Want {
  active?: number;
  succeeded?: number;
  failed?: number;
  terminating?: number;
  completedIndexes?: string;
  failedIndexes?: string;
  conditions?: ReturnType<typeof cond>[];
}

interface Case {
  name: string;
  gates: Gates;
  job: JobSpecView;
  pods: TestPod[];
  status?: Partial<JobStatusState>;
  want: Want;
}

/** The upstream comparison: the listed status fields (Ready, StartTime and CompletionTime ignored). */
function check(c: Case): void {
  const { status } = runSync(c.job, c.pods.map((p, i) => ({ name: `mypod-${i}`, ...p })), { gates: c.gates, status: c.status });
  assert.deepEqual({
    active: status.active, succeeded: status.succeeded, failed: status.failed, terminating: status.terminating,
    completedIndexes: status.completedIndexes, failedIndexes: status.failedIndexes, conditions: conditionsOf(status),
  }, {
    active: c.want.active ?? 0, succeeded: c.want.succeeded ?? 0, failed: c.want.failed ?? 0, terminating: c.want.terminating,
    completedIndexes: c.want.completedIndexes ?? '', failedIndexes: c.want.failedIndexes, conditions: c.want.conditions ?? [],
  });
}

/** buildPod().uid(u).index(i).phase(p).indexFailureCount(f).trackingFinalizer() */
const ix = (uid: string, index: string, phase: string, failureCount?: string, extra: Partial<TestPod> = {}): TestPod =>
  ({ uid, index, phase, ...(failureCount !== undefined ? { failureCount } : {}), ...extra });
const exit = (code: number, name?: string): Partial<TestPod> => ({ containers: [{ ...(name ? { name } : {}), exitCode: code, finished: false }] });

const perIndexJob = (p: number, extra: Partial<JobSpecView> = {}): JobSpecView =>
  jobSpec({ parallelism: p, completions: p, backoffLimit: MAX_INT32, completionMode: 'Indexed', backoffLimitPerIndex: 1, ...extra });
const onExit3 = (action: string): { rules: PodFailurePolicyRule[] } => ({ rules: [{ action, onExitCodes: { operator: 'In', values: [3] } }] });
const ON = { backoffLimitPerIndex: true, podReplacementPolicy: true };

const BACKOFF_LIMIT_PER_INDEX: Case[] = [
  {
    name: 'successful job after a single failure within index', gates: ON, job: perIndexJob(2),
    pods: [ix('a1', '0', 'Failed', '0'), ix('a2', '0', 'Succeeded', '1'), ix('b', '1', 'Succeeded', '0')],
    want: { failed: 1, succeeded: 2, terminating: 0, completedIndexes: '0,1', failedIndexes: '', conditions: [cond('SuccessCriteriaMet', 'True'), cond('Complete', 'True')] },
  },
  {
    name: 'single failed pod, not counted as the replacement pod creation is delayed', gates: ON, job: perIndexJob(2),
    pods: [ix('a', '0', 'Failed', '0')], want: { active: 2, terminating: 0, failedIndexes: '' },
  },
  {
    name: 'single failed pod replaced already', gates: ON, job: perIndexJob(2),
    pods: [ix('a', '0', 'Failed', '0'), ix('b', '0', 'Pending', '1')], want: { active: 2, failed: 1, terminating: 0, failedIndexes: '' },
  },
  {
    name: 'single failed index due to exceeding the backoff limit per index, the job continues', gates: ON, job: perIndexJob(2),
    pods: [ix('a', '0', 'Failed', '1')], want: { active: 1, failed: 1, failedIndexes: '0', terminating: 0 },
  },
  {
    name: 'single failed index due to FailIndex action, the job continues', gates: ON, job: perIndexJob(2, { podFailurePolicy: onExit3('FailIndex') }),
    pods: [ix('a', '0', 'Failed', '0', exit(3))], want: { active: 1, failed: 1, failedIndexes: '0', terminating: 0 },
  },
  {
    name: 'job failed index due to FailJob action', gates: ON, job: perIndexJob(2, { backoffLimit: 6, podFailurePolicy: onExit3('FailJob') }),
    pods: [ix('a', '0', 'Failed', '0', exit(3, 'x'))],
    want: { failed: 1, failedIndexes: '', terminating: 0, conditions: both('PodFailurePolicy', 'Container x for pod default/mypod-0 failed with exit code 3 matching FailJob rule at index 0') },
  },
  {
    name: 'job pod failure ignored due to matching Ignore action', gates: ON, job: perIndexJob(2, { backoffLimit: 6, podFailurePolicy: onExit3('Ignore') }),
    pods: [ix('a', '0', 'Failed', '0', exit(3, 'x'))], want: { active: 2, failed: 0, failedIndexes: '', terminating: 0 },
  },
  {
    name: 'job failed due to exceeding backoffLimit before backoffLimitPerIndex', gates: ON, job: perIndexJob(2, { backoffLimit: 1 }),
    pods: [ix('a', '0', 'Failed', '0'), ix('b', '1', 'Failed', '0')],
    want: { failed: 2, failedIndexes: '', terminating: 0, conditions: both('BackoffLimitExceeded', BACKOFF) },
  },
  {
    name: 'job failed due to failed indexes', gates: ON, job: perIndexJob(2),
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded', '0')],
    want: { failed: 1, succeeded: 1, terminating: 0, failedIndexes: '0', completedIndexes: '1', conditions: both('FailedIndexes', FAILED_INDEXES) },
  },
  {
    name: 'job failed due to exceeding max failed indexes', gates: ON, job: perIndexJob(4, { maxFailedIndexes: 1 }),
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded', '0'), ix('c', '2', 'Failed', '1'), ix('d', '3', 'Running', '0')],
    want: { failed: 3, succeeded: 1, terminating: 1, failedIndexes: '0,2', completedIndexes: '1', conditions: [cond('FailureTarget', 'True', 'MaxFailedIndexesExceeded', MAX_FAILED)] },
  },
  {
    name: 'job with finished indexes; failedIndexes are cleaned when JobBackoffLimitPerIndex disabled', gates: { backoffLimitPerIndex: false, podReplacementPolicy: true },
    job: perIndexJob(3), status: { failedIndexes: '0', completedIndexes: '1' },
    pods: [ix('c', '2', 'Pending', '1')], want: { active: 2, succeeded: 1, terminating: 0, completedIndexes: '1' },
  },
  {
    name: 'job failed due to failed indexes; JobPodReplacementPolicy and JobManagedBy disabled', gates: { backoffLimitPerIndex: true }, job: perIndexJob(2),
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded', '0')],
    want: { failed: 1, succeeded: 1, failedIndexes: '0', completedIndexes: '1', conditions: [cond('Failed', 'True', 'FailedIndexes', FAILED_INDEXES)] },
  },
  {
    name: 'job failed due to failed indexes; JobManagedBy enabled', gates: { backoffLimitPerIndex: true, managedBy: true }, job: perIndexJob(2),
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded', '0')],
    want: { failed: 1, succeeded: 1, failedIndexes: '0', completedIndexes: '1', conditions: both('FailedIndexes', FAILED_INDEXES) },
  },
  {
    name: 'job failed due to exceeding max failed indexes; JobPodReplacementPolicy and JobManagedBy disabled', gates: { backoffLimitPerIndex: true }, job: perIndexJob(4, { maxFailedIndexes: 1 }),
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded', '0'), ix('c', '2', 'Failed', '1'), ix('d', '3', 'Running', '0')],
    want: { failed: 3, succeeded: 1, failedIndexes: '0,2', completedIndexes: '1', conditions: [cond('Failed', 'True', 'MaxFailedIndexesExceeded', MAX_FAILED)] },
  },
  {
    name: 'job failed due to exceeding max failed indexes; JobManagedBy enabled', gates: { backoffLimitPerIndex: true, managedBy: true }, job: perIndexJob(4, { maxFailedIndexes: 1 }),
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded', '0'), ix('c', '2', 'Failed', '1'), ix('d', '3', 'Running', '0')],
    want: { failed: 3, succeeded: 1, failedIndexes: '0,2', completedIndexes: '1', conditions: [cond('FailureTarget', 'True', 'MaxFailedIndexesExceeded', MAX_FAILED)] },
  },
];

describe('syncJob with backoffLimitPerIndex (upstream TestSyncJobWithJobBackoffLimitPerIndex)', () => {
  for (const c of BACKOFF_LIMIT_PER_INDEX) it(`TestSyncJobWithJobBackoffLimitPerIndex/${c.name}`, () => check(c));
});

const SUCCESS_RULES_01 = { rules: [{ succeededIndexes: '0,1', succeededCount: 1 }] };
const MET = cond('SuccessCriteriaMet', 'True', 'SuccessPolicy', 'Matched rules at index 0');
const COMPLETE = cond('Complete', 'True', 'SuccessPolicy', 'Matched rules at index 0');
const DISRUPTION = { type: 'DisruptionTarget', status: 'True' };
const DISRUPTION_FAILJOB = { rules: [{ action: 'FailJob', onPodConditions: [DISRUPTION] }] };
const BY_DISRUPTION = 'Pod default/mypod-0 has condition DisruptionTarget matching FailJob rule at index 0';
const successJob = (p: number, extra: Partial<JobSpecView> = {}): JobSpecView =>
  jobSpec({ parallelism: p, completions: p, backoffLimit: MAX_INT32, completionMode: 'Indexed', successPolicy: SUCCESS_RULES_01, ...extra });
const SP_PRP = { successPolicy: true, podReplacementPolicy: true, backoffLimitPerIndex: false };

const SUCCESS_POLICY: Case[] = [
  {
    name: 'job with successPolicy; jobPodReplacementPolicy feature enabled; job has SuccessCriteriaMet condition when job meets to successPolicy and some pods still are running',
    gates: { ...SP_PRP, backoffLimitPerIndex: false }, job: successJob(3, { backoffLimitPerIndex: 3 }), status: { conditions: [at(MET)] },
    pods: [ix('a1', '0', 'Failed'), ix('a2', '1', 'Running'), ix('b', '1', 'Succeeded'), ix('c', '2', 'Running')],
    want: { failed: 1, succeeded: 1, terminating: 2, completedIndexes: '1', conditions: [MET] },
  },
  {
    name: 'job with successPolicy; JobManagedBy feature enabled; job has SuccessCriteriaMet condition when job meets to successPolicy and some pods still are running',
    gates: { successPolicy: true, managedBy: true, backoffLimitPerIndex: false }, job: successJob(3, { backoffLimitPerIndex: 3 }), status: { conditions: [at(MET)] },
    pods: [ix('a1', '0', 'Failed'), ix('a2', '1', 'Running'), ix('b', '1', 'Succeeded'), ix('c', '2', 'Running')],
    want: { failed: 1, succeeded: 1, completedIndexes: '1', conditions: [MET] },
  },
  {
    name: 'job with successPolicy and podFailurePolicy; jobPodReplacementPolicy feature enabled; job has a failed condition when job meets to both successPolicy and podFailurePolicy',
    gates: SP_PRP, job: successJob(2, { podFailurePolicy: DISRUPTION_FAILJOB }),
    pods: [ix('a1', '0', 'Failed', undefined, { conditions: [DISRUPTION] }), ix('a2', '0', 'Running'), ix('b', '1', 'Succeeded')],
    want: { failed: 2, succeeded: 1, terminating: 1, completedIndexes: '1', conditions: [cond('FailureTarget', 'True', 'PodFailurePolicy', BY_DISRUPTION)] },
  },
  {
    name: 'job with successPolicy and backoffLimitPerIndex; jobPodReplacementPolicy feature enabled; job has a failed condition when job meets to both successPolicy and backoffLimitPerIndex',
    gates: { successPolicy: true, podReplacementPolicy: true, backoffLimitPerIndex: true }, job: successJob(2, { backoffLimitPerIndex: 1 }),
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded')],
    want: { failed: 1, succeeded: 1, terminating: 0, completedIndexes: '1', failedIndexes: '0', conditions: both('FailedIndexes', FAILED_INDEXES) },
  },
  {
    name: 'job with successPolicy and backoffLimit; jobPodReplacementPolicy feature enabled; job has a failed condition when job meets to both successPolicy and backoffLimit',
    gates: SP_PRP, job: successJob(2, { backoffLimit: 1 }),
    pods: [ix('a1', '0', 'Failed'), ix('a2', '0', 'Failed'), ix('b', '1', 'Succeeded')],
    want: { failed: 2, succeeded: 1, terminating: 0, completedIndexes: '1', conditions: both('BackoffLimitExceeded', BACKOFF) },
  },
  {
    name: 'job with successPolicy and podFailurePolicy; jobPodReplacementPolicy feature enabled; job with SuccessCriteriaMet has never been transitioned to FailureTarget and Failed even if job meets podFailurePolicy',
    gates: SP_PRP, job: successJob(2, { successPolicy: { rules: [{ succeededCount: 1 }] }, podFailurePolicy: DISRUPTION_FAILJOB }),
    status: { succeeded: 1, terminating: 0, completedIndexes: '1', conditions: [at(MET)] },
    pods: [ix('a', '0', 'Failed', undefined, { conditions: [DISRUPTION] }), ix('b', '1', 'Succeeded')],
    want: { failed: 1, succeeded: 1, terminating: 0, completedIndexes: '1', conditions: [MET, COMPLETE] },
  },
  {
    name: 'job with successPolicy and backoffLimitPerIndex; jobPodReplacementPolicy feature enabled; job with SuccessCriteriaMet has never been transitioned to FailureTarget and Failed even if job meet backoffLimitPerIndex',
    gates: { successPolicy: true, podReplacementPolicy: true, backoffLimitPerIndex: true }, job: successJob(2, { backoffLimitPerIndex: 1, successPolicy: { rules: [{ succeededIndexes: '1' }] } }),
    status: { succeeded: 1, terminating: 0, completedIndexes: '1', conditions: [at(MET)] },
    pods: [ix('a', '0', 'Failed', '1'), ix('b', '1', 'Succeeded')],
    want: { failed: 1, succeeded: 1, terminating: 0, completedIndexes: '1', failedIndexes: '0', conditions: [MET, COMPLETE] },
  },
  {
    name: 'job with successPolicy and backoffLimit; jobPodReplacementPolicy feature enabled; job with SuccessCriteriaMet has never been transitioned to FailureTarget and Failed even if job meets backoffLimit',
    gates: SP_PRP, job: successJob(2, { backoffLimit: 1 }),
    status: { succeeded: 1, terminating: 0, completedIndexes: '1', conditions: [at(MET)] },
    pods: [ix('a', '0', 'Failed'), ix('b', '1', 'Succeeded')],
    want: { failed: 1, succeeded: 1, terminating: 0, completedIndexes: '1', conditions: [MET, COMPLETE] },
  },
  {
    name: 'job with successPolicy and podFailureTarget; jobPodReplacementPolicy feature enabled; job with FailureTarget has never been transitioned to SuccessCriteriaMet even if job meets successPolicy',
    gates: SP_PRP, job: successJob(2, { podFailurePolicy: DISRUPTION_FAILJOB }),
    status: { failed: 1, terminating: 0, completedIndexes: '1', conditions: [at(cond('FailureTarget', 'True', 'PodFailurePolicy', BY_DISRUPTION))] },
    pods: [ix('a', '0', 'Failed', undefined, { conditions: [DISRUPTION], finalizer: false }), ix('b', '1', 'Succeeded')],
    want: { failed: 1, succeeded: 1, terminating: 0, completedIndexes: '1', conditions: both('PodFailurePolicy', BY_DISRUPTION) },
  },
  {
    name: 'when the JobSuccessPolicy is disabled, the Job never got SuccessCriteriaMet condition even if the Job has the successPolicy field',
    gates: { backoffLimitPerIndex: false }, job: successJob(3),
    pods: [ix('a2', '0', 'Running'), ix('b', '1', 'Succeeded'), ix('c', '2', 'Running')],
    want: { active: 2, succeeded: 1, completedIndexes: '1' },
  },
];

describe('syncJob with a success policy, the other cases (upstream TestSyncJobWithJobSuccessPolicy)', () => {
  for (const c of SUCCESS_POLICY) it(`TestSyncJobWithJobSuccessPolicy/${c.name}`, () => check(c));
});

// TestJobBackoffForOnFailure: restartPolicy OnFailure, Pods of one phase whose single container restarted so often.
const BACKOFF_FAILED = [cond('Failed', 'True', 'BackoffLimitExceeded', BACKOFF)];
const BACKOFF_TARGET = [cond('FailureTarget', 'True', 'BackoffLimitExceeded', BACKOFF)];
const onFailure = (name: string, p: number, completions: number, backoffLimit: number, restartCounts: number[], phase: string, want: Want, extra: { suspend?: boolean; gates?: Gates } = {}): Case => ({
  name, gates: extra.gates ?? {},
  job: jobSpec({ parallelism: p, completions, backoffLimit, restartPolicy: 'OnFailure', suspend: extra.suspend ?? false }),
  pods: restartCounts.map((restartCount, i) => ({ uid: `p${i}`, phase, containers: [{ running: true, restartCount }] })),
  want: { ...want, terminating: extra.gates?.podReplacementPolicy ? want.terminating ?? 0 : undefined },
});

const ON_FAILURE: Case[] = [
  onFailure('backoffLimit 0 should have 1 pod active', 1, 1, 0, [0], 'Running', { active: 1 }),
  onFailure('backoffLimit 1 with restartCount 0 should have 1 pod active', 1, 1, 1, [0], 'Running', { active: 1 }),
  onFailure('backoffLimit 1 with restartCount 1 and podRunning should have 0 pod active', 1, 1, 1, [1], 'Running', { failed: 1, conditions: BACKOFF_FAILED }),
  onFailure('backoffLimit 1 with restartCount 1 and podPending should have 0 pod active', 1, 1, 1, [1], 'Pending', { failed: 1, conditions: BACKOFF_FAILED }),
  onFailure('too many job failures with podRunning - single pod', 1, 5, 2, [2], 'Running', { failed: 1, conditions: BACKOFF_FAILED }),
  onFailure('too many job failures with podPending - single pod', 1, 5, 2, [2], 'Pending', { failed: 1, conditions: BACKOFF_FAILED }),
  onFailure('too many job failures with podRunning - multiple pods', 2, 5, 2, [1, 1], 'Running', { failed: 2, conditions: BACKOFF_FAILED }),
  onFailure('too many job failures with podPending - multiple pods', 2, 5, 2, [1, 1], 'Pending', { failed: 2, conditions: BACKOFF_FAILED }),
  onFailure('not enough failures', 2, 5, 3, [1, 1], 'Running', { active: 2 }),
  onFailure('suspending a job', 2, 4, 6, [1, 1], 'Running', { conditions: [cond('Suspended', 'True', 'JobSuspended', 'Job suspended')] }, { suspend: true }),
  onFailure('finished job', 2, 4, 6, [1, 1, 2, 0], 'Succeeded', { succeeded: 4, conditions: [cond('Complete', 'True')] }, { suspend: true }),
  onFailure('finished job; JobPodReplacementPolicy enabled', 2, 4, 6, [1, 1, 2, 0], 'Succeeded', { succeeded: 4, conditions: [cond('SuccessCriteriaMet', 'True'), cond('Complete', 'True')] },
    { suspend: true, gates: { podReplacementPolicy: true } }),
  onFailure('finished job; JobManagedBy enabled', 2, 4, 6, [1, 1, 2, 0], 'Succeeded', { succeeded: 4, conditions: [cond('SuccessCriteriaMet', 'True'), cond('Complete', 'True')] },
    { suspend: true, gates: { managedBy: true } }),
  onFailure('too many job failures with podRunning - multiple pods; JobPodReplacementPolicy enabled', 2, 5, 2, [1, 1], 'Running', { failed: 2, terminating: 2, conditions: BACKOFF_TARGET },
    { gates: { podReplacementPolicy: true } }),
  onFailure('too many job failures with podRunning - multiple pods; JobManagedBy enabled', 2, 5, 2, [1, 1], 'Running', { failed: 2, conditions: BACKOFF_TARGET }, { gates: { managedBy: true } }),
];

/** TestJobBackoffForOnFailure compares active, succeeded, failed and the conditions only. */
function checkCounters(c: Case): void {
  const { status } = runSync(c.job, c.pods, { gates: c.gates, status: c.status });
  assert.deepEqual([status.active, status.succeeded, status.failed, conditionsOf(status)], [c.want.active ?? 0, c.want.succeeded ?? 0, c.want.failed ?? 0, c.want.conditions ?? []]);
}

describe('syncJob with restartPolicy OnFailure (upstream TestJobBackoffForOnFailure)', () => {
  for (const c of ON_FAILURE) it(`TestJobBackoffForOnFailure/${c.name}`, () => checkCounters(c));
});

// TestJobBackoffOnRestartPolicyNever: failed Pods finished at testFinishedAt, active Pods of one phase; both gates of
// the delayed terminal condition are on by default in the release the test runs against (FailureTarget, then Failed).
const never = (name: string, p: number, completions: number, backoffLimit: number, activePhase: string, active: number, failed: number, want: Want): Case => ({
  name, gates: { podReplacementPolicy: true, managedBy: true },
  job: jobSpec({ parallelism: p, completions, backoffLimit, restartPolicy: 'Never' }),
  pods: [...pods(failed, 'Failed'), ...pods(active, activePhase)], want,
});

const NEVER: Case[] = [
  never('not enough failures with backoffLimit 0 - single pod', 1, 1, 0, 'Running', 1, 0, { active: 1 }),
  never('not enough failures with backoffLimit 1 - single pod', 1, 1, 1, '', 0, 1, { active: 1, failed: 1 }),
  never('too many failures with backoffLimit 1 - single pod', 1, 1, 1, '', 0, 2, { failed: 2, conditions: both('BackoffLimitExceeded', BACKOFF) }),
  never('not enough failures with backoffLimit 6 - multiple pods', 2, 2, 6, 'Running', 1, 6, { active: 2, failed: 6 }),
  never('too many failures with backoffLimit 6 - multiple pods', 2, 2, 6, '', 0, 7, { failed: 7, conditions: both('BackoffLimitExceeded', BACKOFF) }),
];

describe('syncJob with restartPolicy Never (upstream TestJobBackoffOnRestartPolicyNever)', () => {
  for (const c of NEVER) it(`TestJobBackoffOnRestartPolicyNever/${c.name}`, () => checkCounters(c));
});

// TestGetPodCreationInfoForIndependentIndexes, through the syncJob that calls it: an Indexed Job (completions and
// parallelism 4, backoffLimitPerIndex 1) whose other indexes run; each index's last failed Pod was deleted at the
// given time with the given failure count. Which indexes get a Pod now, and when the sync comes back.
describe('manageJob and the per-index back-off (upstream TestGetPodCreationInfoForIndependentIndexes)', () => {
  const spec = jobSpec({ parallelism: 4, completions: 4, backoffLimit: MAX_INT32, completionMode: 'Indexed', backoffLimitPerIndex: 1 });
  const running = (index: string): TestPod => ({ uid: `run-${index}`, index, phase: 'Running' });
  const deleted = (index: string, failureCount: string, ago: number): TestPod => ({ uid: `gone-${index}`, index, failureCount, deletionTimestamp: NOW - ago });
  const cases: { name: string; pods: TestPod[]; created: number[]; requeue?: number }[] = [
    { name: 'simple index creation', pods: [running('0'), running('2')], created: [1, 3] },
    { name: 'subset of indexes can be recreated now', pods: [running('0'), running('2'), deleted('1', '0', 0)], created: [3] },
    { name: 'subset of indexes can be recreated now as the pods failed long time ago', pods: [running('0'), running('2'), deleted('1', '0', 0), deleted('3', '0', 10)], created: [3] },
    { name: 'no indexes can be recreated now, need to wait default pod failure backoff', pods: [running('0'), deleted('1', '1', 0), deleted('2', '0', 0), deleted('3', '2', 0)], created: [], requeue: 10 },
    { name: 'no indexes can be recreated now, need to wait but 1s already passed', pods: [running('0'), deleted('1', '1', 1), deleted('2', '0', 1), deleted('3', '2', 1)], created: [], requeue: 9 },
  ];
  for (const c of cases) {
    it(`TestGetPodCreationInfoForIndependentIndexes/${c.name}`, () => {
      const { created, requeues } = runSync(spec, c.pods, { gates: { backoffLimitPerIndex: true, podReplacementPolicy: true }, status: { startTime: NOW } });
      assert.deepEqual([...created].sort(), c.created);
      if (c.requeue !== undefined) assert.ok(requeues.includes(c.requeue), `requeues ${requeues}`);
    });
  }
});

// TestGetNewFinshedPods, through the syncJob that counts what getNewFinishedPods returns: a Job without completions
// (the upstream Job has an empty spec) whose status already counted some Pods or holds them in
// uncountedTerminatedPods. After the sync every finished Pod is counted once.
describe('getNewFinishedPods, counted by one sync (upstream TestGetNewFinshedPods)', () => {
  const wq = jobSpec({ parallelism: 1 });
  const p = (uid: string, phase: string, finalizer: boolean, deleted = false): TestPod => ({ uid, name: uid, phase, finalizer, ...(deleted ? { deletionTimestamp: NOW } : {}) });
  const cases: { name: string; status: Partial<JobStatusState>; pods: TestPod[]; succeeded: number; failed: number }[] = [
    {
      name: 'some counted', status: { succeeded: 2, failed: 1 },
      pods: [p('a', 'Succeeded', false), p('b', 'Succeeded', true), p('c', 'Succeeded', true), p('d', 'Failed', false), p('e', 'Failed', true), p('f', 'Running', false)],
      succeeded: 4, failed: 2,
    },
    {
      name: 'some uncounted', status: { succeeded: 1, failed: 1, uncountedSucceeded: ['a', 'c'], uncountedFailed: ['e', 'f'] },
      pods: [p('a', 'Succeeded', false), p('b', 'Succeeded', false), p('c', 'Succeeded', true), p('d', 'Succeeded', true), p('e', 'Failed', false), p('f', 'Failed', true), p('g', 'Failed', true)],
      succeeded: 4, failed: 4,
    },
    {
      name: 'deleted pods', status: { succeeded: 1, failed: 1 },
      pods: [p('a', 'Succeeded', true, true), p('b', 'Failed', true, true), p('c', 'Running', true, true), p('d', 'Pending', true, true), p('e', 'Running', false, true), p('f', 'Pending', false, true)],
      succeeded: 2, failed: 4,
    },
  ];
  for (const c of cases) {
    it(`TestGetNewFinshedPods/${c.name}`, () => {
      const { status } = runSync(wq, c.pods, { status: c.status });
      assert.deepEqual([status.succeeded, status.failed], [c.succeeded, c.failed]);
    });
  }
});

// pkg/controller/job/indexed_job_utils_test.go, through one syncJob: status.completedIndexes and status.failedIndexes
// are what calculateSucceededIndexes and calculateFailedIndexes return (parallelism 0: the sync creates nothing).
describe('the index sets one sync writes (upstream TestCalculateSucceededIndexes, TestCalculateFailedIndexes)', () => {
  const indexedPods = (entries: [string, string][]): TestPod[] => entries.map(([index, phase], i) => ({ uid: `p${i}`, ...(index === '-' ? {} : { index }), phase }));
  const succeeded: [string, string | undefined, [string, string][], number, string][] = [
    ['one index', undefined, [['1', 'Succeeded']], 2, '1'],
    ['two separate', undefined, [['2', 'Failed'], ['5', 'Succeeded'], ['5', 'Succeeded'], ['10', 'Failed'], ['10', 'Succeeded']], 11, '5,10'],
    ['two intervals', undefined, [['0', 'Running'], ['1', 'Pending'], ['2', 'Succeeded'], ['3', 'Succeeded'], ['5', 'Succeeded'], ['6', 'Succeeded'], ['7', 'Succeeded']], 8, '2,3,5-7'],
    ['one index and one interval', undefined, [['0', 'Succeeded'], ['1', 'Failed'], ['2', 'Succeeded'], ['3', 'Succeeded'], ['4', 'Succeeded'], ['5', 'Succeeded'], ['-', 'Succeeded'], ['-2', 'Succeeded']], 6, '0,2-5'],
    ['out of range', undefined, [['0', 'Succeeded'], ['1', 'Succeeded'], ['2', 'Succeeded'], ['3', 'Failed'], ['4', 'Succeeded'], ['5', 'Succeeded'], ['-', 'Succeeded'], ['-2', 'Succeeded']], 5, '0-2,4'],
    ['prev interval out of range', '0-5,8-10', [], 8, '0-5'],
    ['prev interval partially out of range', '0-5,8-10', [], 10, '0-5,8,9'],
    ['prev and new separate', '0,4,5,10-12', [['2', 'Succeeded'], ['7', 'Succeeded'], ['8', 'Succeeded']], 13, '0,2,4,5,7,8,10-12'],
    ['prev between new', '3,4,6', [['2', 'Succeeded'], ['7', 'Succeeded'], ['8', 'Succeeded']], 9, '2-4,6-8'],
    ['new between prev', '2,7,8', [['3', 'Succeeded'], ['4', 'Succeeded'], ['6', 'Succeeded']], 9, '2-4,6-8'],
    ['new within prev', '2-7', [['0', 'Succeeded'], ['3', 'Succeeded'], ['5', 'Succeeded'], ['9', 'Succeeded']], 10, '0,2-7,9'],
    ['corrupted interval', '0,1-foo,bar', [['3', 'Succeeded']], 4, '0,3'],
  ];
  for (const [name, prev, entries, completions, want] of succeeded) {
    it(`TestCalculateSucceededIndexes/${name}`, () => {
      const spec = jobSpec({ parallelism: 0, completions, completionMode: 'Indexed', backoffLimit: MAX_INT32 });
      const { status } = runSync(spec, indexedPods(entries), { status: prev !== undefined ? { completedIndexes: prev } : {} });
      assert.equal(status.completedIndexes, want);
    });
  }
  const failed: [string, string | undefined, number, TestPod[], string][] = [
    ['one new index failed', undefined, 1, [ix('a', '0', 'Failed', '0'), ix('b', '1', 'Failed', '1')], '1'],
    ['pod without finalizer is ignored', undefined, 0, [ix('a', '0', 'Failed', '0', { finalizer: false })], ''],
    ['pod outside completions is ignored', undefined, 0, [ix('a', '3', 'Failed', '0', { finalizer: false })], ''],
    ['extend the failed indexes', '0', 0, [ix('a', '1', 'Failed', '0')], '0,1'],
    ['prev failed indexes empty', '', 0, [ix('a', '1', 'Failed', '0')], '1'],
    ['prev failed indexes outside the completions', '9', 0, [ix('a', '1', 'Failed', '0')], '1'],
  ];
  for (const [name, prev, perIndex, pods, want] of failed) {
    it(`TestCalculateFailedIndexes/${name}`, () => {
      const spec = jobSpec({ parallelism: 0, completions: 2, completionMode: 'Indexed', backoffLimit: MAX_INT32, backoffLimitPerIndex: perIndex });
      const { status } = runSync(spec, pods, { gates: { backoffLimitPerIndex: true }, status: prev !== undefined ? { failedIndexes: prev } : {} });
      assert.equal(status.failedIndexes, want);
    });
  }
});

describe('isIndexFailed (upstream TestIsIndexFailed)', () => {
  const release = { ...jobControllerRelease(33), backoffLimitPerIndex: true };
  const cases: [string, JobSpecView, TestPod, boolean][] = [
    ['failed pod exceeding backoffLimitPerIndex, when backoffLimitPerIndex=0', jobSpec({ completions: 2, completionMode: 'Indexed', backoffLimitPerIndex: 0 }), ix('a', '0', 'Failed', '0'), true],
    ['failed pod exceeding backoffLimitPerIndex, when backoffLimitPerIndex=1', jobSpec({ completions: 2, completionMode: 'Indexed', backoffLimitPerIndex: 1 }), ix('a', '1', 'Failed', '1'), true],
    ['matching FailIndex pod failure policy', jobSpec({ completions: 2, completionMode: 'Indexed', backoffLimitPerIndex: 1, podFailurePolicy: onExit3('FailIndex') }), ix('a', '0', 'Failed', '0', exit(3)), true],
  ];
  for (const [name, spec, testPod, want] of cases) it(`TestIsIndexFailed/${name}`, () => assert.equal(isIndexFailed(pod(testPod), spec, release), want));
});

// TestGetPodsWithDelayedDeletionPerIndex, through one syncJob (parallelism 0: no replacement is created): the failed
// Pods whose deletion is delayed are those that keep their finalizer after the sync.
describe('the failed Pods whose deletion waits for a replacement (upstream TestGetPodsWithDelayedDeletionPerIndex)', () => {
  const cases: [string, number, number, TestPod[], string[]][] = [
    ['failed pods are kept corresponding to non-failed indexes are kept', 3, 1, [ix('a', '0', 'Failed', '0'), ix('b', '1', 'Failed', '1'), ix('c', '2', 'Failed', '0')], ['a', 'c']],
    ["failed pod without finalizer; the pod's deletion is not delayed as it already started", 2, 0, [ix('a', '0', 'Failed', '0', { finalizer: false })], []],
    ["failed pod with index outside of completions; the pod's deletion is not delayed", 2, 0, [ix('a', '4', 'Failed', '0')], []],
    ["failed pod for active index; the pod's deletion is not delayed as it is already replaced", 2, 1, [ix('a1', '0', 'Failed', '0'), ix('a2', '0', 'Running', '1')], []],
    ["failed pod for succeeded index; the pod's deletion is not delayed as it is already replaced", 2, 1, [ix('a1', '0', 'Failed', '0'), ix('a2', '0', 'Succeeded', '1')], []],
    ['multiple failed pods for index with different failure count; only the pod with highest failure count is kept', 2, 4,
      [ix('a1', '0', 'Failed', '0'), ix('a3', '0', 'Failed', '2'), ix('a2', '0', 'Failed', '1')], ['a3']],
    ['multiple failed pods for index with different finish times; only the last failed pod is kept', 2, 4,
      [ix('a1', '0', 'Failed', '1', { deletionTimestamp: NOW - 1 }), ix('a3', '0', 'Failed', '1', { deletionTimestamp: NOW }), ix('a2', '0', 'Failed', '1', { deletionTimestamp: NOW - 2 })], ['a3']],
  ];
  for (const [name, completions, perIndex, testPods, kept] of cases) {
    it(`TestGetPodsWithDelayedDeletionPerIndex/${name}`, () => {
      const spec = jobSpec({ parallelism: 0, completions, completionMode: 'Indexed', backoffLimit: MAX_INT32, backoffLimitPerIndex: perIndex });
      const { state } = runSync(spec, testPods, { gates: { backoffLimitPerIndex: true } });
      assert.deepEqual(state.pods.filter((p) => p.status.phase === 'Failed' && p.trackingFinalizer).map((p) => p.uid).sort(), kept);
    });
  }
});

describe('the rest of indexed_job_utils_test.go', () => {
  for (const [name, jobName, want] of [
    ['short job name', 'indexed-job', 'indexed-job-1-'],
    ['job name exceeds MaxGeneneratedNameLength', 'hhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhhooooo', 'hhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhh-1-'],
    ['job name with index suffix exceeds MaxGeneratedNameLength', 'hhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhhoo', 'hhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhhooooohhhhh-1-'],
  ]) it(`TestPodGenerateNameWithIndex/${name}`, () => assert.equal(podGenerateName(jobName, 1), want));

  for (const [name, value, want] of [
    ['no annotation', undefined, 0], ['valid value', '2', 2], ['valid maxint32 value', String(MAX_INT32), MAX_INT32],
    ['too large value', String(MAX_INT32 + 1), 0], ['negative value', '-1', 0], ['invalid int value', 'xyz', 0],
  ] as const) it(`TestGetIndexFailureCount/${name}`, () => assert.equal(getIndexFailureCount(pod({ ...(value !== undefined ? { failureCount: value } : {}) })), want));

  for (const [name, index, intervals, want] of [
    ['empty', 4, [], false], ['before all', 1, [[2, 4], [5, 7]], false], ['after all', 9, [[2, 4], [6, 8]], false],
    ['in between', 5, [[2, 4], [6, 8]], false], ['in first', 2, [[2, 4], [6, 8]], true], ['in second', 8, [[2, 4], [6, 8]], true],
  ] as [string, number, [number, number][], boolean][]) {
    it(`TestIntervalsHaveIndex/${name}`, () => assert.equal(hasIndex(intervals.map(([first, last]) => ({ first, last })), index), want));
  }

  // getNewIndexFailureCounts, through the sync that creates the replacement: the annotations it copies and increments.
  const replacement = (failed: TestPod | undefined, extra: Partial<JobSpecView> = {}) => {
    const spec = jobSpec({ parallelism: 1, completions: 1, completionMode: 'Indexed', backoffLimit: MAX_INT32, backoffLimitPerIndex: 6, ...extra });
    return runSync(spec, failed ? [failed] : [], { gates: { backoffLimitPerIndex: true } }).createdAnnotations[0];
  };
  const counts = (a: Record<string, string> | undefined) => [a?.['batch.kubernetes.io/job-index-failure-count'], a?.['batch.kubernetes.io/job-index-ignored-failure-count']];
  it('TestGetNewIndexFailureCountValue/first pod created', () => assert.deepEqual(counts(replacement(undefined)), ['0', undefined]));
  it('TestGetNewIndexFailureCountValue/failed pod being replaced with 0 index failure count', () => assert.deepEqual(counts(replacement(ix('a', '0', 'Failed', '0'))), ['1', undefined]));
  it('TestGetNewIndexFailureCountValue/failed pod being replaced with >0 index failure count', () => assert.deepEqual(counts(replacement(ix('a', '0', 'Failed', '3'))), ['4', undefined]));
  it('TestGetNewIndexFailureCountValue/failed pod being replaced, matching the ignore rule', () => {
    const created = replacement(ix('a', '0', 'Failed', '3', { conditions: [DISRUPTION] }), { podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [DISRUPTION] }] } });
    assert.deepEqual(counts(created), ['3', '1']);
  });

  // firstPendingIndexes, through the sync that creates the Pods: parallelism makes the count the upstream case asks for.
  const pending: [string, number, number, [string, string][], string, string | undefined, number[]][] = [
    ['cnt greater than completions', 5, 3, [], '', undefined, [0, 1, 2]],
    ['cnt less than completions', 2, 5, [], '', undefined, [0, 1]],
    ['first pods active', 5, 10, [['0', 'Running'], ['1', 'Pending']], '', undefined, [2, 3, 4]],
    ['with failed indexes', 7, 20, [['3', 'Pending'], ['9', 'Pending']], '1,5,9', '2,6,7', [0, 4, 8, 10, 11]],
  ];
  for (const [name, parallelism, completions, active, completedIndexes, failedIndexes, want] of pending) {
    it(`TestFirstPendingIndexes/${name}`, () => {
      const spec = jobSpec({ parallelism, completions, completionMode: 'Indexed', backoffLimit: MAX_INT32, ...(failedIndexes !== undefined ? { backoffLimitPerIndex: 1 } : {}) });
      const { created } = runSync(spec, active.map(([index, phase], i) => ({ uid: `p${i}`, index, phase })), {
        gates: { backoffLimitPerIndex: true }, status: { completedIndexes, ...(failedIndexes !== undefined ? { failedIndexes } : {}) },
      });
      assert.deepEqual(created, want);
    });
  }

  // appendDuplicatedIndexPodsForRemoval, through the sync that deletes them (parallelism 6: no Pod is surplus otherwise).
  const duplicates: [string, [string, string][], [string, string][]][] = [
    ['all unique', [['-', 'Pending'], ['2', 'Pending'], ['5', 'Running'], ['6', 'Running']], [['2', 'Pending'], ['5', 'Running']]],
    ['all with index', [['5', 'Pending'], ['0', 'Running'], ['3', 'Pending'], ['0', 'Running'], ['3', 'Running'], ['0', 'Pending'], ['6', 'Running'], ['6', 'Pending']], [['0', 'Running'], ['3', 'Running'], ['5', 'Pending']]],
    ['mixed', [['-', 'Pending'], ['invalid', 'Running'], ['-2', 'Running'], ['0', 'Pending'], ['1', 'Pending'], ['1', 'Pending'], ['1', 'Running']], [['0', 'Pending'], ['1', 'Running']]],
  ];
  for (const [name, entries, left] of duplicates) {
    it(`TestAppendDuplicatedIndexPodsForRemoval/${name}`, () => {
      const testPods = entries.map(([index, phase], i): TestPod => ({ uid: `p${i}`, ...(index === '-' ? {} : { index }), phase }));
      const { deleted } = runSync(jobSpec({ parallelism: 6, completions: 6, completionMode: 'Indexed' }), testPods);
      const kept = testPods.filter((p) => !deleted.includes(p.uid as string)).map((p) => [p.index ?? '-', p.phase]).sort();
      assert.deepEqual(kept, left);
      assert.equal(deleted.length, entries.length - left.length);
    });
  }
});

// pkg/controller/job/util/utils_test.go: IsJobFinished / FinishedCondition, which stops every sync of a finished Job.
describe('isJobFinished (upstream TestFinishedCondition)', () => {
  const conditions = (...list: [string, string][]) => ({ ...newJobStatus(), conditions: list.map(([type, status]) => ({ type, status, reason: '', message: '', lastTransitionTime: 0 })) });
  const cases: [string, ReturnType<typeof conditions>, boolean][] = [
    ["Job doesn't have any conditions", conditions(), false],
    ['Job is completed and condition is true', conditions(['Complete', 'True']), true],
    ['Job is completed and condition is false', conditions(['Complete', 'False']), false],
    ['Job is completed and condition is unknown', conditions(['Complete', 'Unknown']), false],
    ['Job has multiple conditions, one of them being complete and condition true', conditions(['Suspended', 'False'], ['Complete', 'True'], ['Failed', 'False']), true],
    ['Job is failed and condition is true', conditions(['Failed', 'True']), true],
    ['Job is failed and condition is false', conditions(['Failed', 'False']), false],
    ['Job is failed and condition is unknown', conditions(['Failed', 'Unknown']), false],
    ['Job has multiple conditions, none of them has condition true', conditions(['Suspended', 'False'], ['Complete', 'False'], ['Failed', 'False']), false],
  ];
  for (const [name, status, want] of cases) it(`TestFinishedCondition/${name}`, () => assert.equal(isJobFinished(status), want));
});
