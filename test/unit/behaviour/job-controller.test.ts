// One syncJob, ported from kubernetes/kubernetes pkg/controller/job/job_controller_test.go (TestControllerSyncJob,
// TestSyncJobPastDeadline, TestSyncJobWithJobPodFailurePolicy, TestSyncJobWithJobSuccessPolicy, TestSyncJobWhenManagedBy).
// Each case carries its upstream name. Cases about API errors, expectations, a Job being deleted or the Pod
// creation limit of the fake client are not ported: the model has none of those.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JobStatusState } from '../../../server/src/service/behaviour/job/controller';
import type { JobCondition, JobSpecView, PodFailurePolicyRule } from '../../../server/src/service/behaviour/job/model';
import { conditionsOf, jobSpec, NOW, pods, runSync, type Gates, type TestPod } from './job-support';

const MAX_INT32 = 2147483647;
const cond = (type: string, status: string, reason = '', message = '') => ({ type, status, reason, message });
const BACKOFF_FAILED = cond('Failed', 'True', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit');
const BACKOFF_TARGET = cond('FailureTarget', 'True', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit');
const COMPLETE = cond('Complete', 'True');
const SUSPENDED = cond('Suspended', 'True', 'JobSuspended', 'Job suspended');
const at = (c: ReturnType<typeof cond>): JobCondition => ({ ...c, lastTransitionTime: NOW - 100 });

/** newJob(parallelism, completions, backoffLimit, completionMode): completions -1 leaves it unset. */
function newJob(parallelism: number, completions: number, backoffLimit: number, indexed = false, extra: Partial<JobSpecView> = {}): JobSpecView {
  return jobSpec({ parallelism, ...(completions >= 0 ? { completions } : {}), backoffLimit, completionMode: indexed ? 'Indexed' : 'NonIndexed', ...extra });
}

/** setPodsStatuses: pending, running (active; the first `ready` of them Ready), succeeded, failed and terminating (running, being deleted) Pods. */
function podSet(counts: { pending?: number; active?: number; ready?: number; succeeded?: number; failed?: number; terminating?: number }): TestPod[] {
  return [
    ...pods(counts.pending ?? 0, 'Pending'),
    ...pods(counts.active ?? 0, 'Running').map((p, i) => (i < (counts.ready ?? 0) ? { ...p, conditions: [{ type: 'Ready', status: 'True' }] } : p)),
    ...pods(counts.succeeded ?? 0, 'Succeeded'),
    ...pods(counts.failed ?? 0, 'Failed'),
    ...pods(counts.terminating ?? 0, 'Running', 100).map((p) => ({ ...p, deletionTimestamp: NOW })),
  ];
}

/** setPodsStatusesWithIndexes */
function indexed(...entries: [string, string][]): TestPod[] {
  return entries.map(([index, phase], i) => ({ uid: `ix-${i}`, name: `ix-${i}`, index, phase, containers: phase === 'Failed' || phase === 'Succeeded' ? [{ finished: true }] : [] }));
}

interface SyncCase {
  name: string;
  job: JobSpecView;
  pods: TestPod[];
  gates?: Gates;
  status?: Partial<JobStatusState>;
  backoffRecord?: { failuresAfterLastSuccess: number; lastFailureTime?: number };
  creations?: number;
  createdIndexes?: number[];
  deletions?: number;
  active?: number;
  /** status.ready (upstream expectedReady); 0 unless given. */
  ready?: number;
  succeeded?: number;
  failed?: number;
  completedIndexes?: string;
  terminating?: number;
  conditions?: ReturnType<typeof cond>[];
  patches?: number;
  startTime?: 'set' | 'unset';
  /** The upstream test does not look at status.ready. */
  readyUnchecked?: boolean;
  /** The upstream test does not look at creations. */
  creationsUnchecked?: boolean;
}

function check(c: SyncCase): void {
  const { created, deleted, patches, status } = runSync(c.job, c.pods, { gates: c.gates, status: c.status, backoffRecord: c.backoffRecord });
  if (!c.creationsUnchecked) assert.equal(created.length, c.creations ?? 0, 'creations');
  if (c.createdIndexes) assert.deepEqual([...created].sort((a, b) => (a ?? -1) - (b ?? -1)), c.createdIndexes, 'created indexes');
  assert.equal(deleted.length, c.deletions ?? 0, 'deletions');
  assert.equal(status.active, c.active ?? 0, 'active');
  if (!c.readyUnchecked) assert.equal(status.ready, c.ready ?? 0, 'ready');
  assert.equal(status.succeeded, c.succeeded ?? 0, 'succeeded');
  assert.equal(status.failed, c.failed ?? 0, 'failed');
  assert.equal(status.completedIndexes, c.completedIndexes ?? '', 'completedIndexes');
  assert.equal(status.terminating, c.terminating, 'terminating');
  assert.deepEqual(conditionsOf(status), c.conditions ?? [], 'conditions');
  if (c.patches !== undefined) assert.equal(patches, c.patches, 'pod patches');
  if (c.startTime) assert.equal(status.startTime !== undefined, c.startTime === 'set', 'startTime');
}

const PRP_FAILED = { podReplacementPolicy: 'Failed' };
const CONTROLLER_SYNC_JOB: SyncCase[] = [
  { name: 'job start', job: newJob(2, 5, 6), pods: [], creations: 2, active: 2, startTime: 'set' },
  { name: 'WQ job start', job: newJob(2, -1, 6), pods: [], creations: 2, active: 2 },
  { name: 'pending pods', job: newJob(2, 5, 6), pods: podSet({ pending: 2 }), active: 2 },
  { name: 'correct # of pods', job: newJob(3, 5, 6), pods: podSet({ active: 3, ready: 2 }), active: 3, ready: 2 },
  { name: 'WQ job: correct # of pods', job: newJob(2, -1, 6), pods: podSet({ active: 2 }), active: 2 },
  { name: 'too few active pods', job: newJob(2, 5, 6), pods: podSet({ active: 1, succeeded: 1 }), creations: 1, active: 2, succeeded: 1, patches: 1 },
  {
    name: 'WQ job: recreate pods when failed', job: newJob(1, -1, 6, false, PRP_FAILED), gates: { podReplacementPolicy: true },
    pods: podSet({ active: 1, failed: 1, terminating: 1 }), terminating: 1, patches: 1, failed: 1, active: 1,
  },
  {
    name: 'WQ job: turn on PodReplacementPolicy but not set PodReplacementPolicy', job: newJob(1, 1, 6), gates: { podReplacementPolicy: true },
    pods: podSet({ active: 1, failed: 1, terminating: 1 }), terminating: 1, active: 1, patches: 2, failed: 2,
  },
  {
    name: 'WQ job: recreate pods when terminating or failed', job: newJob(1, -1, 6, false, { podReplacementPolicy: 'TerminatingOrFailed' }), gates: { podReplacementPolicy: true },
    pods: podSet({ active: 1, failed: 1, terminating: 1 }), terminating: 1, active: 1, patches: 2, failed: 2,
  },
  {
    name: 'more terminating pods than parallelism', job: newJob(1, 1, 6, false, PRP_FAILED), gates: { podReplacementPolicy: true },
    pods: podSet({ active: 2, terminating: 4 }), terminating: 5, active: 1, deletions: 1, patches: 1,
  },
  {
    name: 'more terminating pods than parallelism; PodFailurePolicy used', job: newJob(1, 1, 6, false, { podFailurePolicy: { rules: [] } }),
    pods: podSet({ active: 2, terminating: 4 }), active: 1, deletions: 1, patches: 1,
  },
  {
    name: 'too few active pods and active back-off', job: newJob(1, 1, 6), pods: [], status: { startTime: NOW },
    backoffRecord: { failuresAfterLastSuccess: 1, lastFailureTime: NOW }, creations: 0, active: 0, patches: 0,
  },
  { name: 'too few active pods and no back-offs', job: newJob(1, 1, 6), pods: [], backoffRecord: { failuresAfterLastSuccess: 0, lastFailureTime: NOW }, creations: 1, active: 1, patches: 0 },
  { name: 'too few active pods with a dynamic job', job: newJob(2, -1, 6), pods: podSet({ active: 1 }), creations: 1, active: 2 },
  { name: 'too many active pods', job: newJob(2, 5, 6), pods: podSet({ active: 3 }), deletions: 1, active: 2, patches: 1 },
  { name: 'too many active pods; PodReplacementPolicy enabled', job: newJob(2, 5, 6), gates: { podReplacementPolicy: true }, pods: podSet({ active: 3 }), deletions: 1, active: 2, patches: 1, terminating: 1 },
  { name: 'count ready pods when too many active pods', job: newJob(2, 5, 6), pods: podSet({ active: 3, ready: 3 }), deletions: 1, active: 2, ready: 2, patches: 1 },
  { name: 'failed + succeed pods: reset backoff delay', job: newJob(2, 5, 6), pods: podSet({ active: 1, succeeded: 1, failed: 1 }), creations: 1, active: 2, succeeded: 1, failed: 1, patches: 2 },
  { name: 'new failed pod', job: newJob(2, 5, 6), pods: podSet({ active: 1, failed: 1 }), creations: 1, active: 2, failed: 1, patches: 1 },
  { name: 'no new pod; possible finalizer update of failed pod', job: newJob(1, 1, 6), status: { active: 1, failed: 1, startTime: NOW }, pods: podSet({ active: 1 }), active: 1, failed: 1, patches: 0 },
  { name: 'job finish', job: newJob(2, 5, 6), pods: podSet({ succeeded: 5 }), succeeded: 5, conditions: [COMPLETE], patches: 5 },
  { name: 'WQ job finishing', job: newJob(2, -1, 6), pods: podSet({ active: 1, succeeded: 1 }), active: 1, succeeded: 1, patches: 1 },
  { name: 'WQ job all finished', job: newJob(2, -1, 6), pods: podSet({ succeeded: 2 }), succeeded: 2, conditions: [COMPLETE], patches: 2 },
  { name: 'WQ job all finished despite one failure', job: newJob(2, -1, 6), pods: podSet({ succeeded: 1, failed: 1 }), succeeded: 1, failed: 1, conditions: [COMPLETE], patches: 2 },
  { name: 'more active pods than parallelism', job: newJob(2, 5, 6), pods: podSet({ active: 10 }), deletions: 8, active: 2, patches: 8 },
  { name: 'more active pods than remaining completions', job: newJob(3, 4, 6), pods: podSet({ active: 3, succeeded: 2 }), deletions: 1, active: 2, succeeded: 2, patches: 3 },
  { name: 'status change', job: newJob(2, 5, 6), pods: podSet({ active: 2, succeeded: 2 }), active: 2, succeeded: 2, patches: 2 },
  { name: 'indexed job start', job: newJob(2, 5, 6, true), pods: [], creations: 2, createdIndexes: [0, 1], active: 2 },
  {
    name: 'indexed job with some pods deleted, podReplacementPolicy Failed', job: newJob(2, 5, 6, true, PRP_FAILED), gates: { podReplacementPolicy: true },
    pods: podSet({ terminating: 1 }), creations: 1, createdIndexes: [0], active: 1, terminating: 1,
  },
  {
    name: 'indexed job with some pods deleted, podReplacementPolicy TerminatingOrFailed', job: newJob(2, 5, 6, true, { podReplacementPolicy: 'TerminatingOrFailed' }), gates: { podReplacementPolicy: true },
    pods: podSet({ terminating: 1 }), creations: 2, createdIndexes: [0, 1], active: 2, terminating: 1, patches: 1,
  },
  {
    name: 'indexed job completed', job: newJob(2, 3, 6, true), pods: indexed(['0', 'Succeeded'], ['1', 'Failed'], ['1', 'Succeeded'], ['2', 'Succeeded']),
    succeeded: 3, failed: 1, completedIndexes: '0-2', conditions: [COMPLETE], patches: 4,
  },
  {
    name: 'indexed job failed', job: newJob(2, 3, 0, true), pods: indexed(['0', 'Succeeded'], ['1', 'Failed'], ['2', 'Running']),
    succeeded: 1, failed: 2, completedIndexes: '0', conditions: [BACKOFF_FAILED], patches: 3, deletions: 1,
  },
  {
    name: 'count terminating pods when indexed job fails and PodReplacementPolicy enabled', job: newJob(2, 3, 0, true), gates: { podReplacementPolicy: true },
    pods: indexed(['0', 'Succeeded'], ['1', 'Failed'], ['2', 'Running']), succeeded: 1, failed: 2, completedIndexes: '0', conditions: [BACKOFF_TARGET], patches: 3, deletions: 1, terminating: 1,
  },
  { name: 'count ready pods when job fails', job: newJob(2, 3, 0), pods: podSet({ active: 2, ready: 2, failed: 1 }), failed: 3, conditions: [BACKOFF_FAILED], patches: 3, deletions: 2 },
  {
    name: 'indexed job repeated completed index', job: newJob(2, 3, 6, true), pods: indexed(['0', 'Succeeded'], ['1', 'Succeeded'], ['1', 'Succeeded']),
    creations: 1, createdIndexes: [2], active: 1, succeeded: 2, completedIndexes: '0,1', patches: 3,
  },
  {
    name: 'indexed job some running and completed pods', job: newJob(8, 20, 6, true),
    pods: indexed(['0', 'Running'], ['2', 'Succeeded'], ['3', 'Pending'], ['4', 'Succeeded'], ['5', 'Succeeded'], ['7', 'Succeeded'], ['8', 'Succeeded'], ['9', 'Succeeded']),
    creations: 6, createdIndexes: [1, 6, 10, 11, 12, 13], active: 8, succeeded: 6, completedIndexes: '2,4,5,7-9', patches: 6,
  },
  {
    name: 'indexed job some failed pods', job: newJob(3, 4, 6, true), pods: indexed(['0', 'Failed'], ['1', 'Pending'], ['2', 'Failed']),
    creations: 2, createdIndexes: [0, 2], active: 3, failed: 2, patches: 2,
  },
  {
    name: 'indexed job some pods without index', job: newJob(2, 5, 6, true),
    pods: [...podSet({ active: 1, succeeded: 1, failed: 1 }), ...indexed(['invalid', 'Running'], ['invalid', 'Succeeded'], ['invalid', 'Failed'], ['invalid', 'Pending'], ['0', 'Succeeded'], ['1', 'Running'], ['2', 'Running'])],
    deletions: 3, active: 2, succeeded: 1, failed: 0, completedIndexes: '0', patches: 8,
  },
  {
    name: 'indexed job repeated indexes', job: newJob(5, 5, 6, true),
    pods: [...podSet({ succeeded: 1, failed: 1 }), ...indexed(['invalid', 'Running'], ['0', 'Succeeded'], ['1', 'Running'], ['2', 'Running'], ['2', 'Pending'])],
    creations: 0, deletions: 2, active: 2, succeeded: 1, completedIndexes: '0', patches: 5,
  },
  {
    name: 'indexed job with indexes outside of range', job: newJob(2, 5, 6, true), pods: indexed(['0', 'Succeeded'], ['5', 'Running'], ['6', 'Succeeded'], ['7', 'Pending'], ['8', 'Failed']),
    creations: 0, succeeded: 1, deletions: 2, completedIndexes: '0', active: 0, failed: 0, patches: 5,
  },
  {
    name: 'suspending a job with satisfied expectations', job: newJob(2, 4, 6, false, { suspend: true }), pods: podSet({ active: 2 }),
    deletions: 2, active: 0, conditions: [SUSPENDED], patches: 2, startTime: 'unset',
  },
  {
    name: 'suspending a job with satisfied expectations; PodReplacementPolicy enabled', job: newJob(2, 4, 6, false, { suspend: true }), gates: { podReplacementPolicy: true }, pods: podSet({ active: 2 }),
    deletions: 2, active: 0, conditions: [SUSPENDED], patches: 2, terminating: 2,
  },
  {
    name: 'resuming a suspended job', job: newJob(2, 4, 6), status: { conditions: [at(SUSPENDED)] }, pods: [],
    creations: 2, active: 2, conditions: [cond('Suspended', 'False', 'JobResumed', 'Job resumed')], startTime: 'set',
  },
  {
    name: 'FailureTarget=False condition added manually is ignored', job: newJob(1, 1, 0), pods: podSet({ active: 1, ready: 1 }),
    status: { active: 1, startTime: NOW, conditions: [at(cond('FailureTarget', 'False', 'ConditionAddedManually', 'Testing'))] },
    active: 1, ready: 1, conditions: [cond('FailureTarget', 'False', 'ConditionAddedManually', 'Testing')],
  },
  {
    name: 'SuccessCriteriaMet=False condition added manually is ignored', job: newJob(1, 1, 0), gates: { successPolicy: true }, pods: podSet({ active: 1, ready: 1 }),
    status: { active: 1, startTime: NOW, conditions: [at(cond('SuccessCriteriaMet', 'False', 'ConditionAddedManually', 'Testing'))] },
    active: 1, ready: 1, conditions: [cond('SuccessCriteriaMet', 'False', 'ConditionAddedManually', 'Testing')],
  },
  {
    name: 'count ready pods when suspending a job with satisfied expectations', job: newJob(2, 4, 6, false, { suspend: true }), pods: podSet({ active: 2, ready: 2 }),
    deletions: 2, active: 0, ready: 0, conditions: [SUSPENDED], patches: 2, startTime: 'unset',
  },
  // Upstream the Job is also being deleted; a sync that fails the Job does not read the deletion (the model has none).
  { name: 'too many job failures', job: newJob(2, 5, 0), pods: podSet({ failed: 1 }), failed: 1, conditions: [BACKOFF_FAILED], patches: 1 },
  { name: 'indexed job with podIndexLabel feature disabled', job: newJob(2, 5, 6, true), pods: [], creations: 2, createdIndexes: [0, 1], active: 2 },
  {
    name: 'backoff limit exceeded; JobManagedBy enabled', job: newJob(2, 3, 0, true), gates: { managedBy: true },
    pods: indexed(['0', 'Succeeded'], ['1', 'Failed'], ['2', 'Running']), succeeded: 1, failed: 2, completedIndexes: '0', conditions: [BACKOFF_TARGET], patches: 3, deletions: 1, terminating: undefined,
  },
];

describe('syncJob (upstream TestControllerSyncJob)', () => {
  for (const c of CONTROLLER_SYNC_JOB) it(`TestControllerSyncJob/${c.name}`, () => check(c));
});

const DEADLINE = cond('Failed', 'True', 'DeadlineExceeded', 'Job was active longer than specified deadline');
const pastDeadline = (name: string, p: number, completions: number, ads: number, startedAgo: number, backoffLimit: number, counts: Parameters<typeof podSet>[0], expect: Partial<SyncCase>, extra: Partial<JobSpecView> = {}, gates: Gates = {}): SyncCase =>
  ({ name, job: newJob(p, completions, backoffLimit, false, { activeDeadlineSeconds: ads, ...extra }), pods: podSet(counts), status: { startTime: NOW - startedAgo }, gates, ...expect });

const PAST_DEADLINE: SyncCase[] = [
  pastDeadline('activeDeadlineSeconds less than single pod execution', 1, 1, 10, 15, 6, { active: 1 }, { deletions: 1, failed: 1, conditions: [DEADLINE] }),
  pastDeadline('activeDeadlineSeconds bigger than single pod execution', 1, 2, 10, 15, 6, { active: 1, succeeded: 1 }, { deletions: 1, succeeded: 1, failed: 1, conditions: [DEADLINE] }),
  pastDeadline('activeDeadlineSeconds times-out before any pod starts', 1, 1, 10, 10, 6, {}, { conditions: [DEADLINE] }),
  pastDeadline('activeDeadlineSeconds with backofflimit reach', 1, 1, 1, 10, 0, { failed: 1 }, { failed: 1, conditions: [BACKOFF_FAILED] }),
  pastDeadline('activeDeadlineSeconds is not triggered when Job is suspended', 1, 2, 10, 15, 6, {}, { conditions: [SUSPENDED] }, { suspend: true }),
  pastDeadline('activeDeadlineSeconds exceeded; JobPodReplacementPolicy enabled', 1, 2, 10, 15, 6, { active: 1, succeeded: 1 },
    { deletions: 1, succeeded: 1, failed: 1, terminating: 1, conditions: [cond('FailureTarget', 'True', 'DeadlineExceeded', 'Job was active longer than specified deadline')] }, {}, { podReplacementPolicy: true }),
  pastDeadline('activeDeadlineSeconds exceeded; JobManagedBy enabled', 1, 2, 10, 15, 6, { active: 1, succeeded: 1 },
    { deletions: 1, succeeded: 1, failed: 1, conditions: [cond('FailureTarget', 'True', 'DeadlineExceeded', 'Job was active longer than specified deadline')] }, {}, { managedBy: true }),
  pastDeadline('activeDeadlineSeconds exceeded and backofflimit reached; JobManagedBy enabled', 1, 1, 1, 10, 0, { failed: 1 },
    { failed: 1, conditions: [BACKOFF_TARGET, BACKOFF_FAILED] }, {}, { managedBy: true }),
];

describe('syncJob and the active deadline (upstream TestSyncJobPastDeadline)', () => {
  for (const c of PAST_DEADLINE) it(`TestSyncJobPastDeadline/${c.name}`, () => check(c));
});

// TestSyncJobWithJobPodFailurePolicy: Pods named mypod-<i> (Indexed: index i), podReplacementPolicy Failed.
const IGNORE_123: PodFailurePolicyRule = { action: 'Ignore', onExitCodes: { operator: 'In', values: [1, 2, 3] } };
const FAILJOB_567: PodFailurePolicyRule = { action: 'FailJob', onExitCodes: { operator: 'In', values: [5, 6, 7] } };
const ON_EXIT_CODE_RULES = [IGNORE_123, FAILJOB_567];
const pfpJob = (p: number, completions: number | undefined, backoffLimit: number, rules: PodFailurePolicyRule[], indexedMode = false): JobSpecView =>
  jobSpec({ parallelism: p, ...(completions !== undefined ? { completions } : {}), backoffLimit, completionMode: indexedMode ? 'Indexed' : 'NonIndexed', podFailurePolicy: { rules }, podReplacementPolicy: 'Failed' });
const named = (list: TestPod[], indexedMode = false): TestPod[] => list.map((p, i) => ({ ...p, name: `mypod-${i}`, uid: `mypod-${i}`, ...(indexedMode ? { index: String(i) } : {}) }));
const byPolicy = (message: string) => [cond('FailureTarget', 'True', 'PodFailurePolicy', message), cond('Failed', 'True', 'PodFailurePolicy', message)];

const POD_FAILURE_POLICY: SyncCase[] = [
  {
    name: 'default handling for pod failure if the container matching the exit codes does not match the containerName restriction',
    job: pfpJob(1, 1, 6, [{ ...IGNORE_123, onExitCodes: { ...IGNORE_123.onExitCodes!, containerName: 'main-container' } }, { ...FAILJOB_567, onExitCodes: { ...FAILJOB_567.onExitCodes!, containerName: 'main-container' } }]),
    pods: named([{ phase: 'Failed', containers: [{ name: 'monitoring-container', exitCode: 5, finished: false }, { name: 'main-container', exitCode: 42, finished: true }] }]),
    active: 1, failed: 1,
  },
  { name: 'running pod should not result in job fail based on OnExitCodes', job: pfpJob(1, 1, 6, ON_EXIT_CODE_RULES), pods: named([{ phase: 'Running', containers: [{ name: 'main-container', exitCode: 5, finished: false }] }]), active: 1 },
  {
    name: 'fail job based on OnExitCodes', job: pfpJob(1, 1, 6, ON_EXIT_CODE_RULES), pods: named([{ phase: 'Failed', containers: [{ name: 'main-container', exitCode: 5, finished: false }] }]),
    conditions: byPolicy('Container main-container for pod default/mypod-0 failed with exit code 5 matching FailJob rule at index 1'), failed: 1,
  },
  {
    name: 'job marked already as failure target with failed pod', job: pfpJob(1, 1, 6, ON_EXIT_CODE_RULES),
    status: { conditions: [at(cond('FailureTarget', 'True', 'PodFailurePolicy', 'Container main-container for pod default/mypod-0 failed with exit code 5 matching FailJob rule at index 1'))] },
    pods: named([{ phase: 'Failed', containers: [{ name: 'main-container', exitCode: 5, finished: false }] }]),
    conditions: byPolicy('Container main-container for pod default/mypod-0 failed with exit code 5 matching FailJob rule at index 1'), failed: 1,
  },
  {
    name: 'job marked already as failure target with failed pod, message based on already deleted pod', job: pfpJob(1, 1, 6, ON_EXIT_CODE_RULES),
    status: { conditions: [at(cond('FailureTarget', 'True', 'PodFailurePolicy', 'Container main-container for pod default/already-deleted-pod failed with exit code 5 matching FailJob rule at index 1'))] },
    pods: named([{ phase: 'Failed', containers: [{ name: 'main-container', exitCode: 5, finished: false }] }]),
    conditions: byPolicy('Container main-container for pod default/already-deleted-pod failed with exit code 5 matching FailJob rule at index 1'), failed: 1,
  },
  {
    name: 'fail job with multiple pods', job: pfpJob(2, 2, 6, ON_EXIT_CODE_RULES),
    pods: named([{ phase: 'Running' }, { phase: 'Failed', containers: [{ name: 'main-container', exitCode: 5, finished: false }] }]),
    conditions: byPolicy('Container main-container for pod default/mypod-1 failed with exit code 5 matching FailJob rule at index 1'), failed: 2, deletions: 1,
  },
  {
    name: 'fail indexed job based on OnExitCodes', job: pfpJob(1, 1, 6, ON_EXIT_CODE_RULES, true), pods: named([{ phase: 'Failed', containers: [{ name: 'main-container', exitCode: 5, finished: false }] }], true),
    conditions: byPolicy('Container main-container for pod default/mypod-0 failed with exit code 5 matching FailJob rule at index 1'), failed: 1,
  },
  {
    name: 'fail job based on OnExitCodes with NotIn operator', job: pfpJob(1, 1, 6, [{ action: 'FailJob', onExitCodes: { operator: 'NotIn', values: [5, 6, 7] } }]),
    pods: named([{ phase: 'Failed', containers: [{ name: 'main-container', exitCode: 42, finished: false }] }]),
    conditions: byPolicy('Container main-container for pod default/mypod-0 failed with exit code 42 matching FailJob rule at index 0'), failed: 1,
  },
  {
    name: 'default handling job based on OnExitCodes with NotIn operator', job: pfpJob(1, 1, 6, [{ action: 'FailJob', onExitCodes: { operator: 'NotIn', values: [5, 6, 7] } }]),
    pods: named([{ phase: 'Failed', containers: [{ name: 'main-container', exitCode: 5, finished: true }] }]), active: 1, failed: 1,
  },
  {
    name: 'fail job based on OnExitCodes for InitContainer', job: pfpJob(1, 1, 6, ON_EXIT_CODE_RULES),
    pods: named([{ phase: 'Failed', initContainers: [{ name: 'init-container', exitCode: 5, finished: false }], containers: [{ name: 'main-container', exitCode: 143, finished: false }] }]),
    conditions: byPolicy('Container init-container for pod default/mypod-0 failed with exit code 5 matching FailJob rule at index 1'), failed: 1,
  },
  {
    name: 'ignore pod failure; both rules are matching, the first is executed only', job: pfpJob(1, 1, 0, ON_EXIT_CODE_RULES),
    pods: named([{ phase: 'Failed', containers: [{ name: 'container1', exitCode: 2, finished: false }, { name: 'container2', exitCode: 6, finished: false }] }]), active: 1,
  },
  { name: 'ignore pod failure based on OnExitCodes', job: pfpJob(1, 1, 0, ON_EXIT_CODE_RULES), pods: named([{ phase: 'Failed', containers: [{ exitCode: 1, finished: false }] }]), active: 1 },
  { name: 'default job based on OnExitCodes', job: pfpJob(1, 1, 0, ON_EXIT_CODE_RULES), pods: named([{ phase: 'Failed', containers: [{ exitCode: 10, finished: false }] }]), conditions: [BACKOFF_FAILED], failed: 1 },
  {
    name: 'count pod failure based on OnExitCodes; both rules are matching, the first is executed only',
    job: pfpJob(1, 1, 6, [{ action: 'Count', onExitCodes: { operator: 'In', values: [1, 2] } }, { action: 'Ignore', onExitCodes: { operator: 'In', values: [2, 3] } }]),
    pods: named([{ phase: 'Failed', containers: [{ exitCode: 2, finished: true }] }]), active: 1, failed: 1,
  },
  {
    name: 'count pod failure based on OnPodConditions; both rules are matching, the first is executed only',
    job: pfpJob(1, 1, 6, [{ action: 'Count', onPodConditions: [{ type: 'ResourceLimitExceeded', status: 'True' }] }, { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }]),
    pods: named([{ phase: 'Failed', conditions: [{ type: 'ResourceLimitExceeded', status: 'True' }, { type: 'DisruptionTarget', status: 'True' }], containers: [{ finished: true }] }]), active: 1, failed: 1,
  },
  {
    name: 'ignore pod failure based on OnPodConditions', job: pfpJob(1, 1, 0, [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }]),
    pods: named([{ phase: 'Failed', conditions: [{ type: 'DisruptionTarget', status: 'True' }] }]), active: 1,
  },
  {
    name: 'ignore pod failure based on OnPodConditions, ignored failures delays pod recreation', job: pfpJob(1, 1, 0, [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }]),
    pods: named([{ phase: 'Failed', deletionTimestamp: NOW, conditions: [{ type: 'DisruptionTarget', status: 'True' }] }]), active: 0,
  },
  {
    name: 'fail job based on OnPodConditions', job: pfpJob(1, 1, 6, [{ action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }]),
    pods: named([{ phase: 'Failed', conditions: [{ type: 'DisruptionTarget', status: 'True' }] }]),
    conditions: byPolicy('Pod default/mypod-0 has condition DisruptionTarget matching FailJob rule at index 0'), failed: 1,
  },
  {
    name: 'terminating Pod not considered failed when JobPodFailurePolicy is enabled and used', job: pfpJob(1, undefined, 0, [{ action: 'Count', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }]),
    pods: named([{ deletionTimestamp: NOW }]),
  },
];

describe('syncJob with a pod failure policy (upstream TestSyncJobWithJobPodFailurePolicy)', () => {
  for (const c of POD_FAILURE_POLICY) it(`TestSyncJobWithJobPodFailurePolicy/${c.name}`, () => check({ ...c, creationsUnchecked: true }));
});

const SUCCESS_POLICY_RULES = { rules: [{ succeededIndexes: '0,1', succeededCount: 1 }] };
const successJob = (p: number, extra: Partial<JobSpecView> = {}) => jobSpec({ parallelism: p, completions: p, backoffLimit: MAX_INT32, completionMode: 'Indexed', successPolicy: SUCCESS_POLICY_RULES, ...extra });
const MET = cond('SuccessCriteriaMet', 'True', 'SuccessPolicy', 'Matched rules at index 0');
const COMPLETE_BY_POLICY = cond('Complete', 'True', 'SuccessPolicy', 'Matched rules at index 0');
const successPods = (...entries: [string, string, string][]): TestPod[] => entries.map(([uid, index, phase]) => ({ uid, name: uid, index, phase }));
const DISRUPTION_FAILJOB = { rules: [{ action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] };

const SUCCESS_POLICY: SyncCase[] = [
  {
    name: 'job with successPolicy; jobPodReplacementPolicy feature enabled; job has SuccessCriteriaMet condition if job meets to successPolicy and some indexes fail',
    job: successJob(3), gates: { successPolicy: true, podReplacementPolicy: true },
    pods: successPods(['a1', '0', 'Failed'], ['a2', '0', 'Running'], ['b', '1', 'Succeeded'], ['c', '2', 'Running']),
    failed: 1, succeeded: 1, terminating: 2, completedIndexes: '1', conditions: [MET], deletions: 2,
  },
  {
    name: 'job with successPolicy; jobPodReplacementPolicy feature disabled; job has SuccessCriteriaMet condition if job meets to successPolicy and some indexes fail',
    job: successJob(3), gates: { successPolicy: true },
    pods: successPods(['a1', '0', 'Failed'], ['a2', '0', 'Running'], ['b', '1', 'Succeeded'], ['c', '2', 'Running']),
    failed: 1, succeeded: 1, completedIndexes: '1', conditions: [MET, COMPLETE_BY_POLICY], deletions: 2,
  },
  {
    name: "job with podFailurePolicy and successPolicy; jobPodReplacementPolicy feature enabled; job has SuccessCriteriaMet condition if job meets to successPolicy and doesn't meet to podFailurePolicy",
    job: successJob(2, { podFailurePolicy: DISRUPTION_FAILJOB }), gates: { successPolicy: true, podReplacementPolicy: true },
    pods: successPods(['a1', '0', 'Failed'], ['a2', '0', 'Running'], ['b', '1', 'Succeeded']),
    failed: 1, succeeded: 1, terminating: 1, completedIndexes: '1', conditions: [MET], deletions: 1,
  },
  {
    name: "job with podFailurePolicy and successPolicy; jobPodReplacementPolicy feature disabled; job has SuccessCriteriaMet condition if job meets to successPolicy and doesn't meet to podFailurePolicy",
    job: successJob(2, { podFailurePolicy: DISRUPTION_FAILJOB }), gates: { successPolicy: true },
    pods: successPods(['a1', '0', 'Failed'], ['a2', '0', 'Running'], ['b', '1', 'Succeeded']),
    failed: 1, succeeded: 1, completedIndexes: '1', conditions: [MET, COMPLETE_BY_POLICY], deletions: 1,
  },
  {
    name: 'job with successPolicy; jobPodReplacementPolicy feature enabled; job has both Complete and SuccessCriteriaMet condition when job meets to successPolicy and all pods have been already removed',
    job: successJob(2, { backoffLimitPerIndex: 2 }), gates: { successPolicy: true, podReplacementPolicy: true, backoffLimitPerIndex: false },
    status: { conditions: [at(MET)] }, pods: successPods(['a', '0', 'Failed'], ['b', '1', 'Succeeded']),
    failed: 1, succeeded: 1, terminating: 0, completedIndexes: '1', conditions: [MET, COMPLETE_BY_POLICY],
  },
];

describe('syncJob with a success policy (upstream TestSyncJobWithJobSuccessPolicy)', () => {
  for (const c of SUCCESS_POLICY) it(`TestSyncJobWithJobSuccessPolicy/${c.name}`, () => check({ ...c, creationsUnchecked: true }));

  it('TestSyncJobWithJobSuccessPolicy/job with backoffLimitPerIndex and successPolicy; jobPodReplacementPolicy feature enabled; job has SuccessCriteriaMet condition if job meets to successPolicy and doesn\'t meet backoffLimitPerIndex', () => {
    const { status } = runSync(successJob(2, { backoffLimitPerIndex: 2 }), successPods(['a1', '0', 'Failed'], ['a2', '0', 'Running'], ['b', '1', 'Succeeded']), { gates: { successPolicy: true, podReplacementPolicy: true } });
    assert.deepEqual([status.failed, status.succeeded, status.terminating, status.completedIndexes, status.failedIndexes], [1, 1, 1, '1', '']);
    assert.deepEqual(conditionsOf(status), [MET]);
  });
});

describe('syncJob and managedBy (upstream TestSyncJobWhenManagedBy)', () => {
  const base = (managedBy?: string) => jobSpec({ parallelism: 2, completions: 2, backoffLimit: 6, ...(managedBy ? { managedBy } : {}) });
  const status = { active: 1, startTime: NOW };
  it('TestSyncJobWhenManagedBy/job with custom value of managedBy; feature enabled; the status is unchanged', () => {
    const { created, status: after } = runSync(base('custom-managed-by'), [], { gates: { managedBy: true }, status });
    assert.deepEqual([created.length, after.active], [0, 1]);
  });
  for (const [name, managedBy, gate] of [
    ['job with well known value of the managedBy; feature enabled; the status is updated', 'kubernetes.io/job-controller', true],
    ['job with custom value of managedBy; feature disabled; the status is updated', 'custom-managed-by', false],
    ['job without the managedBy; feature enabled; the status is updated', undefined, true],
  ] as const) {
    it(`TestSyncJobWhenManagedBy/${name}`, () => {
      const { created, status: after } = runSync(base(managedBy), [], { gates: { managedBy: gate }, status });
      assert.deepEqual([created.length, after.active], [2, 2]);
    });
  }
});
