// validateJobStatus (pkg/apis/batch/validation/validation.go), reached from jobStatusStrategy.ValidateUpdate
// through ValidateJobUpdateStatus and ValidateJobStatusUpdate: what the API server refuses in a status update,
// with the options getStatusValidationOptions turns on for a status checked from nothing
// (getStatusValidationOptions.ts says which cannot be judged without the old object).
//
// An observed Job's status was accepted once. The errors here say that a status update writing it now would be
// refused by the chosen release: what a controller named in `spec.managedBy` could not write. Four checks
// guard states that the built-in controller of releases before 1.31 did write (a Failed condition without
// FailureTarget, Complete without SuccessCriteriaMet, ready or terminating Pods counted on a finished Job, more
// ready than active Pods: kubernetes#123775, #125185) and an index above `completions` just after an elastic
// Job is scaled down (the strategy's own comment): a Job the built-in controller manages may carry them from
// before an upgrade, and the API server keeps them, so for it they are information (jobControllerStatus.ts).
import type { Finding, RuleCode } from '../../../types';
import { asString, report } from '../../shared';
import { DOCS } from '../jobFields';
import { serverError } from '../../meta/report';
import { statusValidationOptions, type StatusValidationOptions } from './getStatusValidationOptions';
import { completionsOf, counter, finishedCondition, goTime, isIndexedJob, statusTime, trueCondition, uncounted, type ConditionEntry, type JobStatusView } from './jobStatus';
import { firstOverlap, readIndexes } from './indexesText';

const STATUS_DOCS = 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/#JobStatus';

const code = (name: string, title: string, href: string = STATUS_DOCS): RuleCode => ({
  code: `job/status/${name}`, severity: 'error', title, mirrors: 'validateJobStatus', href,
});

export const STATUS_CODES = {
  negativeCounter: code('negative-counter', 'A status counter (`active`, `succeeded`, `failed`, `ready`, `terminating`) below 0'),
  uncountedUid: code('uncounted-pod-uid', 'An empty or repeated Pod UID in `status.uncountedTerminatedPods`', DOCS.termination),
  completeAndFailed: code('complete-and-failed', 'A Job both `Complete` and `Failed` (refused from 1.32, JobManagedBy)', DOCS.termination),
  completeAndFailureTarget: code('complete-and-failure-target', 'A Job both `Complete` and `FailureTarget` (refused from 1.32, JobManagedBy)', DOCS.termination),
  completionTimeNotComplete: code('completion-time-not-complete', '`completionTime` on a Job that is not `Complete` (refused from 1.32, JobManagedBy)'),
  completeWithoutCompletionTime: code('complete-without-completion-time', 'A `Complete` Job without `completionTime` (refused from 1.32, JobManagedBy)'),
  completionBeforeStart: code('completion-before-start', '`completionTime` earlier than `startTime` (refused from 1.32, JobManagedBy)'),
  finishedWithoutStartTime: code('finished-without-start-time', 'A finished Job without `startTime` (refused from 1.32, JobManagedBy)'),
  finishedWithActive: code('finished-with-active', 'A finished Job that counts active Pods (refused from 1.32, JobManagedBy)', DOCS.termination),
  finishedWithUncounted: code('finished-with-uncounted', 'A finished Job with Pods left in `uncountedTerminatedPods` (refused from 1.32, JobManagedBy)', DOCS.termination),
  finishedWithTerminating: code('finished-with-terminating', 'A finished Job that counts terminating Pods, written by a controller named in `managedBy` (refused from 1.32)', DOCS.termination),
  moreReadyThanActive: code('more-ready-than-active', '`ready` above `active`, written by a controller named in `managedBy` (refused from 1.32)'),
  failedWithoutFailureTarget: code('failed-without-failure-target', '`Failed` without `FailureTarget`, written by a controller named in `managedBy` (refused from 1.32)', DOCS.termination),
  completeWithoutSuccessCriteriaMet: code('complete-without-success-criteria-met', '`Complete` without `SuccessCriteriaMet`: with a success policy (from 1.30), or written by a controller named in `managedBy` (from 1.32)', DOCS.successPolicy),
  completedIndexesInvalid: code('completed-indexes-invalid', '`completedIndexes` that is not an ascending list of indexes below `completions` (refused from 1.32, JobManagedBy)', DOCS.completionMode),
  failedIndexesInvalid: code('failed-indexes-invalid', '`failedIndexes` that is not an ascending list of indexes below `completions` (refused from 1.32, JobManagedBy)', DOCS.backoffLimitPerIndex),
  completedIndexesNotIndexed: code('completed-indexes-not-indexed', '`completedIndexes` on a Job that is not Indexed (refused from 1.32, JobManagedBy)', DOCS.completionMode),
  failedIndexesWithoutPerIndexLimit: code('failed-indexes-without-backoff-limit-per-index', '`failedIndexes` on a Job without `backoffLimitPerIndex` (refused from 1.32, JobManagedBy)', DOCS.backoffLimitPerIndex),
  failedIndexesOverlap: code('failed-indexes-overlap', 'An index both in `failedIndexes` and `completedIndexes` (refused from 1.32, JobManagedBy)', DOCS.backoffLimitPerIndex),
  successCriteriaMetConflict: code('success-criteria-met-conflict', '`SuccessCriteriaMet` together with `Failed` or `FailureTarget` (from 1.30)', DOCS.successPolicy),
  timeNotRfc3339: { code: 'job/status/time-not-rfc3339', severity: 'error', title: 'A status time (`startTime`, `completionTime`, a condition\'s `lastProbeTime` / `lastTransitionTime`) that is not an RFC 3339 time: the object cannot be decoded', mirrors: 'metav1.Time.UnmarshalJSON', href: STATUS_DOCS },
  successCriteriaMetNotAllowed: code('success-criteria-met-not-allowed', '`SuccessCriteriaMet` on a Job without a success policy or not Indexed (1.30 only: later releases write it for every Job)', DOCS.successPolicy),
} satisfies Record<string, RuleCode>;

/** The way out every refusal shares: who writes this status. */
function writer(view: JobStatusView): string {
  return view.external
    ? `The controller named in \`spec.managedBy\` (\`${view.external}\`) writes this status: it must not write this.`
    : 'The built-in Job controller never writes this: the status was written by hand or by another client of the status subresource.';
}

/** "<what>: the API server of 1.NN refuses this status (a status update would be rejected: `<line>`). <way out>" */
function refused(view: JobStatusView, what: string, serverLine: string): string {
  return `${what}: the API server of Kubernetes 1.${view.minor} refuses this status (a status update would be rejected: \`${serverLine}\`). ${writer(view)}`;
}

/** One refusal, before it becomes a finding: what is wrong and the server's line. */
export interface StatusProblem {
  rule: RuleCode;
  path: (string | number)[];
  what: string;
  serverLine: string;
}

function finding(_view: JobStatusView, rule: RuleCode, path: (string | number)[], what: string, serverLine: string): StatusProblem {
  return { rule, path, what, serverLine };
}

const conditionAt = (condition: ConditionEntry) => ['conditions', condition.index, 'type'];

/** The refusals of validateJobStatus under the given options (by default the release's, from nothing). */
export function statusProblems(view: JobStatusView, options: StatusValidationOptions = statusValidationOptions(view.minor)): StatusProblem[] {
  return [...times(view), ...counters(view, options), ...uncountedPods(view), ...conditions(view, options), ...finished(view, options), ...indexes(view, options), ...successCriteriaMet(view, options)];
}

export function validateJobStatus(view: JobStatusView): Finding[] {
  return statusProblems(view).map((problem) => (problem.serverLine
    ? { ...report(problem.rule, view.at(...problem.path), refused(view, problem.what, problem.serverLine)), serverMessage: problem.serverLine }
    : report(problem.rule, view.at(...problem.path), `${problem.what}.`)));
}

function counters(view: JobStatusView, options: StatusValidationOptions): StatusProblem[] {
  const fields = ['active', 'succeeded', 'failed', 'ready', ...(options.terminatingChecked ? ['terminating'] as const : [])] as const;
  const problems = fields.flatMap((field) => {
    const value = counter(view, field);
    if (value === undefined || value >= 0) return [];
    const line = serverError(`status.${field}`, 'Invalid value', value, 'must be greater than or equal to 0');
    return [finding(view, STATUS_CODES.negativeCounter, [field], `\`status.${field}\` is ${value}; a count of Pods is never negative`, line)];
  });
  const ready = counter(view, 'ready');
  const active = counter(view, 'active');
  // Guards what the built-in controller before 1.32 wrote for a moment (kubernetes#125185): an error only for an external controller.
  if (options.rejectMoreReadyThanActivePods && view.external && ready !== undefined && active !== undefined && ready > active) {
    problems.push(finding(view, STATUS_CODES.moreReadyThanActive, ['ready'], `\`ready\` (${ready}) is above \`active\` (${active}); ready Pods are counted among the active ones`,
      serverError('status.ready', 'Invalid value', ready, 'cannot set more ready pods than active')));
  }
  return problems;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** metav1.Time.UnmarshalJSON: time.Parse(time.RFC3339, ...); a time that does not parse fails the whole object's decoding. */
function times(view: JobStatusView): StatusProblem[] {
  const paths: (string | number)[][] = [['startTime'], ['completionTime']];
  for (const condition of view.conditions) paths.push(['conditions', condition.index, 'lastProbeTime'], ['conditions', condition.index, 'lastTransitionTime']);
  return paths.flatMap((path) => {
    let value: unknown = view.status;
    for (const segment of path) value = Array.isArray(value) ? value[segment as number] : (value as Record<string, unknown> | undefined)?.[segment];
    if (typeof value !== 'string' || RFC3339.test(value) && !Number.isNaN(Date.parse(value))) return [];
    const printed = `status.${path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : segment)).join('.').replace(/\.\[/g, '[')}`;
    return [{ rule: STATUS_CODES.timeNotRfc3339, path, what: `\`${printed}\` is \`${value}\`, not an RFC 3339 time such as \`2026-03-02T10:00:00Z\`; the API server cannot decode a Job with it, and this status tells nothing reliable of when it happened`, serverLine: '' }];
  });
}

function uncountedPods(view: JobStatusView): StatusProblem[] {
  const seen = new Set<string>();
  const findings: StatusProblem[] = [];
  for (const list of ['succeeded', 'failed'] as const) {
    uncounted(view, list).forEach((uid, index) => {
      if (uid === undefined) return;
      const path = `status.uncountedTerminatedPods.${list}[${index}]`;
      if (uid === '') {
        findings.push(finding(view, STATUS_CODES.uncountedUid, ['uncountedTerminatedPods', list, index], `An empty Pod UID in \`uncountedTerminatedPods.${list}\``,
          serverError(path, 'Invalid value', '', 'must not be empty')));
      } else if (seen.has(uid)) {
        findings.push(finding(view, STATUS_CODES.uncountedUid, ['uncountedTerminatedPods', list, index], `Pod UID \`${uid}\` is listed twice in \`uncountedTerminatedPods\` (each terminated Pod is counted once, as succeeded or as failed)`,
          serverError(path, 'Duplicate value', uid)));
      } else {
        seen.add(uid);
      }
    });
  }
  return findings;
}

function conditions(view: JobStatusView, options: StatusValidationOptions): StatusProblem[] {
  const findings: StatusProblem[] = [];
  const complete = trueCondition(view, 'Complete');
  const failed = trueCondition(view, 'Failed');
  const failureTarget = trueCondition(view, 'FailureTarget');
  const successCriteriaMet = trueCondition(view, 'SuccessCriteriaMet');
  if (options.rejectCompleteJobWithFailedCondition && complete && failed) {
    findings.push(finding(view, STATUS_CODES.completeAndFailed, conditionAt(later(complete, failed)), 'The Job is both `Complete` and `Failed`; a Job ends one way',
      serverError('status.conditions', 'Invalid value', undefined, 'cannot set Complete=True and Failed=true conditions')));
  }
  if (options.rejectCompleteJobWithFailureTargetCondition && complete && failureTarget) {
    findings.push(finding(view, STATUS_CODES.completeAndFailureTarget, conditionAt(later(complete, failureTarget)), 'The Job is `Complete` while `FailureTarget` says it is failing',
      serverError('status.conditions', 'Invalid value', undefined, 'cannot set Complete=True and FailureTarget=true conditions')));
  }
  const completionText = asString(view.status.completionTime);
  if (options.rejectNotCompleteJobWithCompletionTime && completionText !== undefined && !complete) {
    const time = statusTime(view, 'completionTime');
    findings.push(finding(view, STATUS_CODES.completionTimeNotComplete, ['completionTime'], `\`completionTime\` is set but the Job has no \`Complete=True\` condition (only a successful Job has a completion time${failed ? '; this one failed' : ''})`,
      `status.completionTime: Invalid value: ${time === undefined ? JSON.stringify(completionText) : `"${goTime(time)}"`}: cannot set completionTime when there is no Complete=True condition`));
  }
  if (options.rejectCompleteJobWithoutCompletionTime && complete && completionText === undefined) {
    findings.push(finding(view, STATUS_CODES.completeWithoutCompletionTime, conditionAt(complete), 'The Job is `Complete` but has no `status.completionTime`',
      serverError('status.completionTime', 'Required value', undefined, 'completionTime is required for Complete jobs')));
  }
  const start = statusTime(view, 'startTime');
  const completion = statusTime(view, 'completionTime');
  if (options.rejectCompletionTimeBeforeStartTime && start !== undefined && completion !== undefined && completion < start) {
    findings.push(finding(view, STATUS_CODES.completionBeforeStart, ['completionTime'], `\`completionTime\` (${completionText}) is earlier than \`startTime\` (${asString(view.status.startTime)})`,
      `status.completionTime: Invalid value: "${goTime(completion)}": completionTime cannot be set before startTime`));
  }
  // The two checks below guard what the built-in controller before 1.31 wrote: errors only for an external controller.
  if (options.rejectFailedJobWithoutFailureTarget && view.external && failed && !failureTarget) {
    findings.push(finding(view, STATUS_CODES.failedWithoutFailureTarget, conditionAt(failed), 'The Job is `Failed` without a `FailureTarget=True` condition (the interim condition that is set first, while the Pods stop)',
      serverError('status.conditions', 'Invalid value', undefined, 'cannot set Failed=True condition without the FailureTarget=true condition')));
  }
  // A Job with a success policy gets the same refusal from the unconditional check (successCriteriaMet below).
  if (options.rejectCompleteJobWithoutSuccessCriteriaMet && view.external && complete && !successCriteriaMet && view.spec.successPolicy === undefined) {
    findings.push(finding(view, STATUS_CODES.completeWithoutSuccessCriteriaMet, conditionAt(complete), 'The Job is `Complete` without a `SuccessCriteriaMet=True` condition (the interim condition that is set first, while the Pods stop)',
      serverError('status.conditions', 'Invalid value', undefined, 'cannot set Complete=True condition without the SuccessCriteriaMet=true condition')));
  }
  return findings;
}

function later(a: ConditionEntry, b: ConditionEntry): ConditionEntry {
  return a.index > b.index ? a : b;
}

function finished(view: JobStatusView, options: StatusValidationOptions): StatusProblem[] {
  const findings: StatusProblem[] = [];
  const done = finishedCondition(view);
  if (!done) return findings;
  const how = done.type === 'Complete' ? 'complete' : 'failed';
  const active = counter(view, 'active') ?? 0;
  if (options.rejectFinishedJobWithActivePods && active > 0) {
    findings.push(finding(view, STATUS_CODES.finishedWithActive, ['active'], `The Job has ${how} but \`active\` still counts ${active} Pod${active === 1 ? '' : 's'} (a finished Job has none)`,
      serverError('status.active', 'Invalid value', active, 'active>0 is invalid for finished job')));
  }
  if (options.rejectFinishedJobWithoutStartTime && view.status.startTime === undefined) {
    findings.push(finding(view, STATUS_CODES.finishedWithoutStartTime, conditionAt(done), `The Job has ${how} but has no \`status.startTime\``,
      serverError('status.startTime', 'Required value', undefined, 'startTime is required for finished job')));
  }
  const left = uncounted(view, 'succeeded').length + uncounted(view, 'failed').length;
  if (options.rejectFinishedJobWithUncountedTerminatedPods && left > 0) {
    findings.push(finding(view, STATUS_CODES.finishedWithUncounted, ['uncountedTerminatedPods'], `The Job has ${how} but ${left} Pod${left === 1 ? ' is' : 's are'} still in \`uncountedTerminatedPods\` (the controller counts every Pod before it adds the terminal condition)`,
      `status.uncountedTerminatedPods: Invalid value: ${goUncounted(view)}: uncountedTerminatedPods needs to be empty for finished job`));
  }
  const terminating = counter(view, 'terminating') ?? 0;
  if (options.rejectFinishedJobWithTerminatingPods && view.external && terminating > 0) {
    findings.push(finding(view, STATUS_CODES.finishedWithTerminating, ['terminating'], `The Job has ${how} but \`terminating\` still counts ${terminating} Pod${terminating === 1 ? '' : 's'} (the terminal condition comes once every Pod has stopped)`,
      serverError('status.terminating', 'Invalid value', terminating, 'terminating>0 is invalid for finished job')));
  }
  return findings;
}

/** The UncountedTerminatedPods struct as Go's %#v prints it. */
function goUncounted(view: JobStatusView): string {
  const list = (name: 'succeeded' | 'failed') => {
    const uids = uncounted(view, name);
    return uids.length ? `[]types.UID{${uids.map((uid) => JSON.stringify(uid ?? '')).join(', ')}}` : '[]types.UID(nil)';
  };
  return `&batch.UncountedTerminatedPods{Succeeded:${list('succeeded')}, Failed:${list('failed')}}`;
}

function indexes(view: JobStatusView, options: StatusValidationOptions): StatusProblem[] {
  const findings: StatusProblem[] = [];
  const completions = completionsOf(view);
  const completed = asString(view.status.completedIndexes);
  const failedText = asString(view.status.failedIndexes);
  const perIndex = view.spec.backoffLimitPerIndex !== undefined;
  const ofCompletions = completions === undefined ? '' : ` (completions: ${completions})`;
  if (options.rejectInvalidCompletedIndexes && completions !== undefined && completed !== undefined) {
    const reading = readIndexes(completed, completions);
    if (!reading.ok && (reading.kind !== 'range' || view.external)) {
      findings.push(finding(view, STATUS_CODES.completedIndexesInvalid, ['completedIndexes'], `\`completedIndexes\` \`${completed}\` is not a list of ascending indexes below \`completions\`${ofCompletions}: ${reading.serverText}`,
        serverError('status.completedIndexes', 'Invalid value', completed, `error parsing completedIndexes: ${reading.serverText}`)));
    }
  }
  if (options.rejectInvalidFailedIndexes && completions !== undefined && perIndex && failedText !== undefined) {
    const reading = readIndexes(failedText, completions);
    if (!reading.ok && (reading.kind !== 'range' || view.external)) {
      findings.push(finding(view, STATUS_CODES.failedIndexesInvalid, ['failedIndexes'], `\`failedIndexes\` \`${failedText}\` is not a list of ascending indexes below \`completions\`${ofCompletions}: ${reading.serverText}`,
        serverError('status.failedIndexes', 'Invalid value', failedText, `error parsing failedIndexes: ${reading.serverText}`)));
    }
  }
  if (options.rejectCompletedIndexesForNonIndexedJob && completed && !isIndexedJob(view)) {
    findings.push(finding(view, STATUS_CODES.completedIndexesNotIndexed, ['completedIndexes'], `\`completedIndexes\` is set but the Job is not Indexed (\`completionMode: ${asString(view.defaultedSpec.completionMode) ?? 'NonIndexed'}\`): its Pods have no index`,
      serverError('status.completedIndexes', 'Invalid value', completed, 'cannot set non-empty completedIndexes when non-indexed completion mode')));
  }
  if (options.rejectFailedIndexesForNoBackoffLimitPerIndex && !perIndex && failedText !== undefined) {
    findings.push(finding(view, STATUS_CODES.failedIndexesWithoutPerIndexLimit, ['failedIndexes'], '`failedIndexes` is set but the Job has no `spec.backoffLimitPerIndex`: only a per-index limit marks an index failed',
      serverError('status.failedIndexes', 'Invalid value', failedText, 'cannot set non-null failedIndexes when backoffLimitPerIndex is null')));
  }
  if (options.rejectFailedIndexesOverlappingCompleted && completions !== undefined && failedText !== undefined) {
    const overlap = firstOverlap(completed ?? '', failedText, completions);
    if (overlap !== undefined) {
      findings.push(finding(view, STATUS_CODES.failedIndexesOverlap, ['failedIndexes'], `Index ${overlap} is both in \`failedIndexes\` and \`completedIndexes\`; an index either succeeds or fails`,
        serverError('status.failedIndexes', 'Invalid value', failedText, `failedIndexes and completedIndexes overlap at index: ${overlap}`)));
    }
  }
  return findings;
}

function successCriteriaMet(view: JobStatusView, options: StatusValidationOptions): StatusProblem[] {
  if (!options.successCriteriaMetChecks) return [];
  const findings: StatusProblem[] = [];
  const met = trueCondition(view, 'SuccessCriteriaMet');
  const complete = trueCondition(view, 'Complete');
  const line = (detail: string) => serverError('status.conditions', 'Invalid value', undefined, detail);
  if (met) {
    if (!options.allowForSuccessCriteriaMetInExtendedScope && !isIndexedJob(view)) {
      findings.push(finding(view, STATUS_CODES.successCriteriaMetNotAllowed, conditionAt(met), 'Only an Indexed Job meets a success policy: this Job is not Indexed',
        line('cannot set SuccessCriteriaMet to NonIndexed Job')));
    }
    const failed = trueCondition(view, 'Failed');
    if (failed) {
      findings.push(finding(view, STATUS_CODES.successCriteriaMetConflict, conditionAt(later(met, failed)), 'The Job has both met its success criteria and `Failed`',
        line('cannot set SuccessCriteriaMet=True and Failed=true conditions')));
    }
    const failureTarget = trueCondition(view, 'FailureTarget');
    if (failureTarget) {
      findings.push(finding(view, STATUS_CODES.successCriteriaMetConflict, conditionAt(later(met, failureTarget)), 'The Job has both met its success criteria and `FailureTarget` (it is failing)',
        line('cannot set SuccessCriteriaMet=True and FailureTarget=true conditions')));
    }
    if (!options.allowForSuccessCriteriaMetInExtendedScope && view.spec.successPolicy === undefined) {
      findings.push(finding(view, STATUS_CODES.successCriteriaMetNotAllowed, conditionAt(met), `\`SuccessCriteriaMet\` needs a \`spec.successPolicy\` in Kubernetes 1.${view.minor} (from 1.31 the controller sets it for every Job that succeeds)`,
        line('cannot set SuccessCriteriaMet=True for Job without SuccessPolicy')));
    }
  }
  if (view.spec.successPolicy !== undefined && !met && complete) {
    findings.push(finding(view, STATUS_CODES.completeWithoutSuccessCriteriaMet, conditionAt(complete), 'The Job has a success policy and is `Complete` without `SuccessCriteriaMet=True` (a Job with a success policy completes through it)',
      line('cannot set Complete=True for Job with SuccessPolicy unless SuccessCriteriaMet=True')));
  }
  return findings;
}
