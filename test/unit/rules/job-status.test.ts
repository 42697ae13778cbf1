// The status of an observed Job (rules/job/status/). Ports, case by case, TestValidateJobUpdateStatus
// (pkg/apis/batch/validation/validation_test.go) and TestStatusStrategy_ValidateUpdate
// (pkg/registry/batch/job/strategy_test.go): each test names the upstream test and case. A status here is checked
// "from nothing" (we hold the returned object, not the one it replaced), so the new object of each case is checked
// alone; cases whose verdict depends on the old object are skipped where they stand, with the reason.
// The feature gates of the upstream cases map to releases: JobManagedBy on = 1.32+ (here 1.37); JobManagedBy off with
// JobPodReplacementPolicy on = 1.31; only JobSuccessPolicy on = 1.30.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jobStatusRules } from '../../../server/src/service/rules/job/status/index';
import { runRules, summary, type ReportedFinding } from './harness';

const UID = '0c3f1b0e-6a4e-4a8d-9d7e-2f5b9c1d7a10';
const NOW = '2026-03-02T10:00:00Z';
const LATER = '2026-03-02T10:01:00Z';

function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text.trim() === '' ? '' : `${text.replace(/\n+$/, '').split('\n').map((line) => pad + line).join('\n')}\n`;
}

/** A Job as `kubectl get job -o yaml` prints it, with the given spec lines and status lines. */
function observed(status: string, spec = ''): string {
  return `apiVersion: batch/v1
kind: Job
metadata:
  name: myjob
  namespace: default
  resourceVersion: "10"
  uid: ${UID}
spec:
${indent(spec, 2)}  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
${status.trim() === '' ? '' : `status:\n${indent(status, 2)}`}`;
}

const condition = (type: string, reason?: string) => `- type: ${type}\n  status: "True"${reason ? `\n  reason: ${reason}` : ''}`;
const conditions = (...entries: string[]) => `conditions:\n${entries.join('\n')}`;
const INDEXED = 'completionMode: Indexed\ncompletions: 10\nparallelism: 10';
const SUCCESS_POLICY = 'successPolicy:\n  rules:\n  - succeededIndexes: "0-2"';
const EXTERNAL = 'managedBy: example.com/batch-controller';

function check(yaml: string, minor: number): ReportedFinding[] {
  return runRules(jobStatusRules, yaml, minor);
}

/** The API server's refusals only (job/status/...), as `code @ path`. */
function refusals(yaml: string, minor = 37): string[] {
  return summary(check(yaml, minor).filter((finding) => finding.code.startsWith('job/status/')));
}

const S = 'job/status';

// TestValidateJobUpdateStatus (validation_test.go)

test('TestValidateJobUpdateStatus "valid": counters and ready within active pass', () => {
  assert.deepEqual(refusals(observed('active: 2\nsucceeded: 3\nfailed: 4\nready: 1\nterminating: 4')), []);
});

test('TestValidateJobUpdateStatus "nil ready and terminating": pass', () => {
  assert.deepEqual(refusals(observed('active: 2\nsucceeded: 3\nfailed: 4')), []);
});

test('TestValidateJobUpdateStatus "negative counts": each counter below 0 is refused at its field', () => {
  const findings = check(observed('active: -1\nsucceeded: -2\nfailed: -3\nready: -1\nterminating: -2'), 37).filter((f) => f.code === `${S}/negative-counter`);
  assert.deepEqual(summary(findings), ['active', 'succeeded', 'failed', 'ready', 'terminating'].map((field) => `${S}/negative-counter @ status.${field}`));
  assert.equal(findings[0].serverMessage, 'status.active: Invalid value: -1: must be greater than or equal to 0');
  assert.match(findings[0].message, /^`status.active` is -1; a count of Pods is never negative: the API server of Kubernetes 1.37 refuses this status \(a status update would be rejected: `status.active: Invalid value: -1: must be greater than or equal to 0`\)\./);
});

test('TestValidateJobUpdateStatus "negative counts": terminating is not checked before 1.28, the rest is (1.23)', () => {
  assert.deepEqual(refusals(observed('active: -1\nterminating: -2'), 27), [`${S}/negative-counter @ status.active`]);
  assert.deepEqual(refusals(observed('active: -1\nterminating: -2'), 23), [`${S}/negative-counter @ status.active`]);
});

test('TestValidateJobUpdateStatus "empty and duplicated uncounted pods": the same five errors, duplicates across both lists', () => {
  const yaml = observed('uncountedTerminatedPods:\n  succeeded: [a, b, c, a, ""]\n  failed: [c, d, e, d, ""]');
  const findings = check(yaml, 37);
  assert.deepEqual(summary(findings), [
    `${S}/uncounted-pod-uid @ status.uncountedTerminatedPods.succeeded[3]`,
    `${S}/uncounted-pod-uid @ status.uncountedTerminatedPods.succeeded[4]`,
    `${S}/uncounted-pod-uid @ status.uncountedTerminatedPods.failed[0]`,
    `${S}/uncounted-pod-uid @ status.uncountedTerminatedPods.failed[3]`,
    `${S}/uncounted-pod-uid @ status.uncountedTerminatedPods.failed[4]`,
  ]);
  assert.deepEqual(findings.map((f) => f.serverMessage), [
    'status.uncountedTerminatedPods.succeeded[3]: Duplicate value: "a"',
    'status.uncountedTerminatedPods.succeeded[4]: Invalid value: "": must not be empty',
    'status.uncountedTerminatedPods.failed[0]: Duplicate value: "c"',
    'status.uncountedTerminatedPods.failed[3]: Duplicate value: "d"',
    'status.uncountedTerminatedPods.failed[4]: Invalid value: "": must not be empty',
  ]);
});

// Skipped: TestValidateJobUpdateStatus "immutable startTime for unsuspended job: with non-nil startTime" and
// "... with nil startTime" (RejectStartTimeUpdateForUnsuspendedJob compares the old startTime with the new).

// TestStatusStrategy_ValidateUpdate (strategy_test.go)
// Skipped (not a status check): "incoming resource version on update should not be mutated".

test('TestStatusStrategy_ValidateUpdate "invalid addition of both Failed=True and Complete=True; allowed because feature gate disabled" (1.31)', () => {
  const yaml = observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\n${conditions(condition('Complete'), condition('Failed'))}`);
  assert.deepEqual(refusals(yaml, 31), []);
  // The built-in controller never writes it: information, never a denial.
  assert.deepEqual(summary(check(yaml, 31)), [
    'job/status-inconsistent/terminal-without-interim @ status.conditions[1].type',
    'job/status-inconsistent/terminal-without-interim @ status.conditions[0].type',
    'job/status-inconsistent/complete-below-completions @ status.conditions[0].type',
    'job/status-inconsistent/invariant @ status.conditions[1].type',
  ]);
});

test('TestStatusStrategy_ValidateUpdate "invalid addition of both Failed=True and Complete=True"', () => {
  const findings = check(observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\n${conditions(condition('Complete'), condition('Failed'))}`), 37)
    .filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/complete-and-failed @ status.conditions[1].type`]);
  assert.equal(findings[0].serverMessage, 'status.conditions: Invalid value: cannot set Complete=True and Failed=true conditions');
  assert.equal(findings[0].message,
    'The Job is both `Complete` and `Failed`; a Job ends one way: the API server of Kubernetes 1.37 refuses this status (a status update would be rejected: '
    + '`status.conditions: Invalid value: cannot set Complete=True and Failed=true conditions`). The built-in Job controller never writes this: the status was '
    + 'written by hand or by another client of the status subresource.');
});

// Skipped: "completionTime can be removed to fix still running job" (allowed because completionTime changed to nil).

test('TestStatusStrategy_ValidateUpdate "invalid attempt to transition to Failed=True without startTime"', () => {
  assert.deepEqual(refusals(observed(conditions(condition('Failed')))), [`${S}/finished-without-start-time @ status.conditions[0].type`]);
});

test('TestStatusStrategy_ValidateUpdate "invalid attempt to transition to Complete=True without startTime"', () => {
  const findings = check(observed(`completionTime: "${NOW}"\n${conditions(condition('Complete'))}`), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/finished-without-start-time @ status.conditions[0].type`]);
  assert.equal(findings[0].serverMessage, 'status.startTime: Required value: startTime is required for finished job');
});

test('TestStatusStrategy_ValidateUpdate "invalid attempt to transition to Complete=True with active > 0"', () => {
  const findings = check(observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\nactive: 1\n${conditions(condition('Complete'))}`), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/finished-with-active @ status.active`]);
  assert.equal(findings[0].serverMessage, 'status.active: Invalid value: 1: active>0 is invalid for finished job');
});

test('TestStatusStrategy_ValidateUpdate "transition to Failed condition with terminating>0 and ready>0": information for the built-in controller', () => {
  // Accepted in the release the case was written for; refused since (RejectFinishedJobWithTerminatingPods,
  // RejectMoreReadyThanActivePods, RejectFailedJobWithoutFailureTarget). The built-in controller before 1.31 wrote such
  // statuses (kubernetes#123775), so for a Job it manages they are named, not denied.
  const yaml = (spec: string) => observed(`startTime: "${NOW}"\nterminating: 1\nready: 1\n${conditions(condition('Failed'))}`, spec);
  assert.deepEqual(refusals(yaml('')), []);
  assert.deepEqual(summary(check(yaml(''), 37)), [
    'job/status-inconsistent/finished-with-pods @ status.ready',
    'job/status-inconsistent/finished-with-pods @ status.terminating',
    'job/status-inconsistent/terminal-without-interim @ status.conditions[0].type',
  ]);
  assert.deepEqual(refusals(yaml(EXTERNAL)), [
    `${S}/more-ready-than-active @ status.ready`,
    `${S}/failed-without-failure-target @ status.conditions[0].type`,
    `${S}/finished-with-terminating @ status.terminating`,
  ]);
});

test('TestStatusStrategy_ValidateUpdate "invalid attempt to transition to Failed=True with uncountedTerminatedPods.Failed>0"', () => {
  const findings = check(observed(`startTime: "${NOW}"\nuncountedTerminatedPods:\n  failed: [a]\n${conditions(condition('Failed'))}`), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/finished-with-uncounted @ status.uncountedTerminatedPods`]);
  assert.equal(findings[0].serverMessage,
    'status.uncountedTerminatedPods: Invalid value: &batch.UncountedTerminatedPods{Succeeded:[]types.UID(nil), Failed:[]types.UID{"a"}}: uncountedTerminatedPods needs to be empty for finished job');
});

test('TestStatusStrategy_ValidateUpdate "invalid attempt to update uncountedTerminatedPods.Succeeded for Complete job"', () => {
  assert.deepEqual(refusals(observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\nuncountedTerminatedPods:\n  failed: [b]\n${conditions(condition('Complete'))}`)),
    [`${S}/finished-with-uncounted @ status.uncountedTerminatedPods`]);
});

// Skipped: "non-empty uncountedTerminatedPods for complete job, unrelated update" (allowed because the field did not change).

test('TestStatusStrategy_ValidateUpdate "invalid attempt to transition to Complete=True with uncountedTerminatedPods.Succeeded>0"', () => {
  assert.deepEqual(refusals(observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\nuncountedTerminatedPods:\n  succeeded: [a]\n${conditions(condition('Complete'))}`)),
    [`${S}/finished-with-uncounted @ status.uncountedTerminatedPods`]);
});

test('TestStatusStrategy_ValidateUpdate "invalid addition Complete=True without setting CompletionTime"', () => {
  const findings = check(observed(`startTime: "${NOW}"\n${conditions(condition('Complete'))}`), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/complete-without-completion-time @ status.conditions[0].type`]);
  assert.equal(findings[0].serverMessage, 'status.completionTime: Required value: completionTime is required for Complete jobs');
});

test('TestStatusStrategy_ValidateUpdate "invalid attempt to remove completionTime": the new status alone is refused the same way', () => {
  assert.deepEqual(refusals(observed(`startTime: "${NOW}"\n${conditions(condition('Complete'))}`)), [`${S}/complete-without-completion-time @ status.conditions[0].type`]);
});

// Skipped: "verify startTime can be cleared for suspended job", "verify startTime cannot be removed for unsuspended job",
// "verify startTime cannot be updated for unsuspended job" (RejectStartTimeUpdateForUnsuspendedJob needs the old startTime).

test('TestStatusStrategy_ValidateUpdate "invalid attempt to set completionTime before startTime"', () => {
  const findings = check(observed(`startTime: "${LATER}"\ncompletionTime: "${NOW}"\n${conditions(condition('Complete'))}`), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/completion-before-start @ status.completionTime`]);
  assert.equal(findings[0].serverMessage, 'status.completionTime: Invalid value: "2026-03-02 10:00:00 +0000 UTC": completionTime cannot be set before startTime');
});

// Skipped: "invalid attempt to modify completionTime" (RejectMutatingCompletionTime), "invalid removal of terminal condition
// Failed=True", "... Complete=True", "... FailureTarget=True" (RejectDisablingTerminalCondition): they compare with the old object.

test('TestStatusStrategy_ValidateUpdate "invalid addition of FailureTarget=True when Complete=True"', () => {
  assert.deepEqual(refusals(observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\n${conditions(condition('Complete'), condition('FailureTarget'))}`)),
    [`${S}/complete-and-failure-target @ status.conditions[1].type`]);
});

test('TestStatusStrategy_ValidateUpdate "invalid attempt setting of CompletionTime when there is no Complete condition"', () => {
  const findings = check(observed(`completionTime: "${NOW}"`), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/completion-time-not-complete @ status.completionTime`]);
  assert.equal(findings[0].serverMessage, 'status.completionTime: Invalid value: "2026-03-02 10:00:00 +0000 UTC": cannot set completionTime when there is no Complete=True condition');
});

// Skipped: "invalid CompletionTime when there is no Complete condition, but allowed" (allowed because unchanged).

test('TestStatusStrategy_ValidateUpdate "invalid attempt setting CompletedIndexes when non-indexed completion mode is used"', () => {
  assert.deepEqual(refusals(observed(`startTime: "${NOW}"\ncompletedIndexes: "0"`, 'completions: 5\ncompletionMode: NonIndexed')),
    [`${S}/completed-indexes-not-indexed @ status.completedIndexes`]);
});

// Skipped: "invalid because CompletedIndexes set when non-indexed completion mode is used; but allowed" (unchanged).

test('TestStatusStrategy_ValidateUpdate "invalid attempt setting FailedIndexes when not backoffLimitPerIndex"', () => {
  const findings = check(observed('failedIndexes: "0"', 'completions: 5\ncompletionMode: Indexed'), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/failed-indexes-without-backoff-limit-per-index @ status.failedIndexes`]);
  assert.equal(findings[0].serverMessage, 'status.failedIndexes: Invalid value: "0": cannot set non-null failedIndexes when backoffLimitPerIndex is null');
});

// Skipped: "invalid attempt to decrease the failed counter", "... the succeeded counter" (RejectDecreasing*Counter).

test('TestStatusStrategy_ValidateUpdate "invalid attempt to set bad format for CompletedIndexes"', () => {
  const findings = check(observed('completedIndexes: invalid format', 'completions: 5\ncompletionMode: Indexed'), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/completed-indexes-invalid @ status.completedIndexes`]);
  assert.equal(findings[0].serverMessage, 'status.completedIndexes: Invalid value: "invalid format": error parsing completedIndexes: cannot convert string to integer for index: "invalid format"');
});

test('TestStatusStrategy_ValidateUpdate "invalid attempt to set bad format for FailedIndexes"', () => {
  assert.deepEqual(refusals(observed('failedIndexes: invalid format', 'completions: 5\ncompletionMode: Indexed\nbackoffLimitPerIndex: 1')),
    [`${S}/failed-indexes-invalid @ status.failedIndexes`]);
});

// Skipped: "invalid format for CompletedIndexes, but allowed", "invalid format for FailedIndexes, but allowed",
// "more ready pods than active, but allowed", "failedIndexes overlap with completedIndexes, unrelated field change" (unchanged fields).

test('TestStatusStrategy_ValidateUpdate "invalid addition of both FailureTarget=True and Complete=True"', () => {
  assert.deepEqual(refusals(observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\n${conditions(condition('Complete'), condition('FailureTarget'))}`)),
    [`${S}/complete-and-failure-target @ status.conditions[1].type`]);
});

test('TestStatusStrategy_ValidateUpdate "invalid failedIndexes, which overlap with completedIndexes"', () => {
  // From nothing, the Job's failedIndexes without backoffLimitPerIndex is refused too (upstream the old object had them already).
  const findings = check(observed('failedIndexes: "0,2"\ncompletedIndexes: "2-4"', 'completions: 5\ncompletionMode: Indexed'), 37).filter((f) => f.code.startsWith('job/status/'));
  assert.deepEqual(summary(findings), [`${S}/failed-indexes-without-backoff-limit-per-index @ status.failedIndexes`, `${S}/failed-indexes-overlap @ status.failedIndexes`]);
  assert.equal(findings[1].serverMessage, 'status.failedIndexes: Invalid value: "0,2": failedIndexes and completedIndexes overlap at index: 2');
});

test('TestStatusStrategy_ValidateUpdate "invalid addition of SuccessCriteriaMet for NonIndexed Job" (1.30)', () => {
  const findings = check(observed(conditions(condition('SuccessCriteriaMet')), SUCCESS_POLICY), 30);
  assert.deepEqual(summary(findings), [`${S}/success-criteria-met-not-allowed @ status.conditions[0].type`]);
  assert.equal(findings[0].serverMessage, 'status.conditions: Invalid value: cannot set SuccessCriteriaMet to NonIndexed Job');
});

// Skipped: "valid update of Job if SuccessCriteriaMet already present for NonIndexed Jobs; JobSuccessPolicy enabled, while
// JobManagedBy and JobPodReplacementPolicy disabled" (allowed because the old object had SuccessCriteriaMet).

for (const [name, first, second] of [
  ['invalid addition of SuccessCriteriaMet for Job with Failed', 'Failed', 'SuccessCriteriaMet'],
  ['invalid addition of Failed for Job with SuccessCriteriaMet', 'SuccessCriteriaMet', 'Failed'],
  ['invalid addition of SuccessCriteriaMet for Job with FailureTarget', 'FailureTarget', 'SuccessCriteriaMet'],
  ['invalid addition of FailureTarget for Job with SuccessCriteriaMet', 'SuccessCriteriaMet', 'FailureTarget'],
] as const) {
  test(`TestStatusStrategy_ValidateUpdate "${name}" (1.30)`, () => {
    assert.deepEqual(refusals(observed(conditions(condition(first), condition(second)), `${INDEXED}\n${SUCCESS_POLICY}`), 30),
      [`${S}/success-criteria-met-conflict @ status.conditions[1].type`]);
  });
}

// Skipped: "invalid addition of SuccessCriteriaMet for Job with Complete" (ValidateJobStatusUpdate: the old object was Complete).

test('TestStatusStrategy_ValidateUpdate "valid addition of Complete for Job with SuccessCriteriaMet" (1.30)', () => {
  assert.deepEqual(refusals(observed(conditions(condition('SuccessCriteriaMet'), condition('Complete')), `${INDEXED}\n${SUCCESS_POLICY}`), 30), []);
});

test('TestStatusStrategy_ValidateUpdate "invalid addition of SuccessCriteriaMet for Job without SuccessPolicy" (1.30)', () => {
  const findings = check(observed(conditions(condition('SuccessCriteriaMet')), INDEXED), 30);
  assert.deepEqual(summary(findings), [`${S}/success-criteria-met-not-allowed @ status.conditions[0].type`]);
  assert.equal(findings[0].serverMessage, 'status.conditions: Invalid value: cannot set SuccessCriteriaMet=True for Job without SuccessPolicy');
});

test('TestStatusStrategy_ValidateUpdate "invalid addition of Complete for Job with SuccessPolicy unless SuccessCriteriaMet"', () => {
  for (const minor of [30, 37]) {
    assert.deepEqual(refusals(observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\n${conditions(condition('Complete'))}`, `${INDEXED}\n${SUCCESS_POLICY}`), minor),
      [`${S}/complete-without-success-criteria-met @ status.conditions[0].type`], `1.${minor}`);
  }
});

// Skipped: "invalid disabling of SuccessCriteriaMet for Job", "invalid removing of SuccessCriteriaMet for Job" (the old object had it).

test('TestStatusStrategy_ValidateUpdate "valid addition of SuccessCriteriaMet when JobManagedBy is enabled" (1.32+)', () => {
  assert.deepEqual(refusals(observed(conditions(condition('SuccessCriteriaMet'))), 37), []);
  assert.deepEqual(refusals(observed(conditions(condition('SuccessCriteriaMet'))), 32), []);
});

test('TestStatusStrategy_ValidateUpdate "valid addition of SuccessCriteriaMet when JobPodReplacementPolicy is enabled" (1.31)', () => {
  assert.deepEqual(refusals(observed(conditions(condition('SuccessCriteriaMet'))), 31), []);
});

// Our own cases: where the rules run, the release, and the built-in controller's view.

test('no status, or status: {} (kubectl create --dry-run=client -o yaml): no status finding', () => {
  assert.deepEqual(check(observed(''), 37), []);
  assert.deepEqual(check(observed('').replace(/$/, 'status: {}\n'), 37), []);
});

test('a status a controller named in managedBy writes is refused from 1.32, not in 1.31 (JobManagedBy alpha, options off)', () => {
  const yaml = observed(`startTime: "${NOW}"\ncompletionTime: "${NOW}"\n${conditions(condition('Failed', 'BackoffLimitExceeded'))}`, EXTERNAL);
  assert.deepEqual(refusals(yaml, 32), [`${S}/completion-time-not-complete @ status.completionTime`, `${S}/failed-without-failure-target @ status.conditions[0].type`]);
  assert.match(check(yaml, 32)[0].message, /The controller named in `spec.managedBy` \(`example.com\/batch-controller`\) writes this status: it must not write this\.$/);
  assert.deepEqual(refusals(yaml, 31), []);
});

test('a typical failed Job of 1.37 (FailureTarget then Failed, counters settled) has no status finding', () => {
  const yaml = observed(`startTime: "${NOW}"\nfailed: 7\nready: 0\nterminating: 0\nuncountedTerminatedPods: {}\n${conditions(condition('FailureTarget', 'BackoffLimitExceeded'), condition('Failed', 'BackoffLimitExceeded'))}`, 'backoffLimit: 6');
  assert.deepEqual(check(yaml, 37), []);
});

test('a typical complete Indexed Job of 1.37 (SuccessCriteriaMet then Complete) has no status finding', () => {
  const yaml = observed(`startTime: "${NOW}"\ncompletionTime: "${LATER}"\nsucceeded: 10\ncompletedIndexes: 0-9\nready: 0\nterminating: 0\n${conditions(condition('SuccessCriteriaMet', 'CompletionsReached'), condition('Complete', 'CompletionsReached'))}`, INDEXED);
  assert.deepEqual(check(yaml, 37), []);
});

test('a Job that completed under 1.29 (Complete alone) is named, not refused, in 1.37; nothing to say in 1.29', () => {
  const yaml = observed(`startTime: "${NOW}"\ncompletionTime: "${LATER}"\nsucceeded: 1\n${conditions(condition('Complete'))}`);
  const findings = check(yaml, 37);
  assert.deepEqual(summary(findings), ['job/status-inconsistent/terminal-without-interim @ status.conditions[0].type']);
  assert.equal(findings[0].severity, 'information');
  assert.match(findings[0].message, /completed under a release before 1\.31/);
  assert.deepEqual(check(yaml, 29), []);
});

test('BackoffLimitExceeded with fewer failures than backoffLimit is named (restartPolicy Never), not with OnFailure', () => {
  const yaml = observed(`startTime: "${NOW}"\nfailed: 2\n${conditions(condition('FailureTarget', 'BackoffLimitExceeded'), condition('Failed', 'BackoffLimitExceeded'))}`, 'backoffLimit: 4');
  const findings = check(yaml, 37);
  assert.deepEqual(summary(findings), ['job/status-inconsistent/backoff-limit-not-reached @ status.conditions[0].reason']);
  assert.match(findings[0].message, /^Reason `BackoffLimitExceeded` with 2 failed Pods counted, while `backoffLimit` \(4\) allows 4/);
  assert.deepEqual(check(yaml.replace('restartPolicy: Never', 'restartPolicy: OnFailure'), 37), []);
  assert.deepEqual(check(yaml.replace('failed: 2', 'failed: 5'), 37), []);
});

test('Complete with fewer succeeded Pods than completions and no success policy is named', () => {
  const yaml = observed(`startTime: "${NOW}"\ncompletionTime: "${LATER}"\nsucceeded: 3\n${conditions(condition('SuccessCriteriaMet', 'CompletionsReached'), condition('Complete', 'CompletionsReached'))}`, 'completions: 5\nparallelism: 2');
  const findings = check(yaml, 37);
  assert.deepEqual(summary(findings), ['job/status-inconsistent/complete-below-completions @ status.conditions[1].type']);
  assert.match(findings[0].message, /with 3 succeeded Pods of the 5 `completions` asks for/);
});

test('Failed with another reason than its FailureTarget is named at the reason', () => {
  const yaml = observed(`startTime: "${NOW}"\nfailed: 1\n${conditions(condition('FailureTarget', 'PodFailurePolicy'), condition('Failed', 'BackoffLimitExceeded'))}`, 'backoffLimit: 0');
  assert.deepEqual(summary(check(yaml, 37)), ['job/status-inconsistent/failed-reason-differs @ status.conditions[1].reason']);
});

test('before 1.32 an invariant the server does not check yet is information naming the 1.32 refusal', () => {
  const yaml = observed(`startTime: "${LATER}"\ncompletionTime: "${NOW}"\nsucceeded: 1\n${conditions(condition('Complete'))}`);
  const findings = check(yaml, 28);
  assert.deepEqual(summary(findings), ['job/status-inconsistent/invariant @ status.completionTime']);
  assert.match(findings[0].message, /never writes this; the API server of 1\.28 still accepts it in a status update \(from 1\.32, with JobManagedBy, it answers `status\.completionTime: Invalid value: "2026-03-02 10:00:00 \+0000 UTC": completionTime cannot be set before startTime`\)\.$/);
});

test('completedIndexes above completions just after a scale-down: information for the built-in controller, an error for another', () => {
  const spec = 'completions: 3\nparallelism: 3\ncompletionMode: Indexed';
  const yaml = (extra: string) => observed(`startTime: "${NOW}"\nactive: 1\ncompletedIndexes: 0-4`, `${spec}${extra}`);
  assert.deepEqual(summary(check(yaml(''), 37)), ['job/status-inconsistent/indexes-above-completions @ status.completedIndexes']);
  assert.deepEqual(refusals(yaml(`\n${EXTERNAL}`)), [`${S}/completed-indexes-invalid @ status.completedIndexes`]);
});

test('a finished Job still counting an active Pod: refused from 1.32, information before', () => {
  const yaml = observed(`startTime: "${NOW}"\nactive: 2\nfailed: 7\n${conditions(condition('Failed', 'BackoffLimitExceeded'))}`, 'backoffLimit: 6');
  assert.deepEqual(refusals(yaml, 32), [`${S}/finished-with-active @ status.active`]);
  assert.deepEqual(summary(check(yaml, 30)), ['job/status-inconsistent/finished-with-pods @ status.active']);
});

test('wrong types are left to the schema: no crash; a time that is not RFC 3339 is said, and no time rule reads it', () => {
  const yaml = observed(`startTime: yesterday\ncompletionTime: "not a time"\nactive: many\nconditions: oops\nuncountedTerminatedPods: [1]`);
  assert.doesNotThrow(() => check(yaml, 37));
  const findings = check(yaml, 37);
  assert.deepEqual(summary(findings), [`${S}/time-not-rfc3339 @ status.startTime`, `${S}/time-not-rfc3339 @ status.completionTime`, `${S}/completion-time-not-complete @ status.completionTime`]);
  assert.equal(findings[0].message, '`status.startTime` is `yesterday`, not an RFC 3339 time such as `2026-03-02T10:00:00Z`; the API server cannot decode a Job with it, and this status tells nothing reliable of when it happened.');
});

test('a condition time that is not RFC 3339 is said at the condition\'s field', () => {
  const yaml = observed(`startTime: "${NOW}"\nconditions:\n- type: Suspended\n  status: "False"\n  lastTransitionTime: "2026-03-02 10:00"`);
  assert.deepEqual(summary(check(yaml, 37)), [`${S}/time-not-rfc3339 @ status.conditions[0].lastTransitionTime`]);
});

test('before 1.32 the errors of every release are not repeated as information', () => {
  const yaml = observed(`active: -1\nuncountedTerminatedPods:\n  failed: ["", a, a]\nstartTime: soon`);
  assert.deepEqual(summary(check(yaml, 28)), [
    `${S}/time-not-rfc3339 @ status.startTime`,
    `${S}/negative-counter @ status.active`,
    `${S}/uncounted-pod-uid @ status.uncountedTerminatedPods.failed[0]`,
    `${S}/uncounted-pod-uid @ status.uncountedTerminatedPods.failed[2]`,
  ]);
});
