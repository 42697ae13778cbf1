// The Job's status: what the Job controller has observed. Nothing here is written by the Job's author:
// the API server empties status when a Job is created, and the controller fills it through the status
// subresource.
import { JOB_DOCS } from './links';
import type { FieldDoc } from './types';

const BY_CONTROLLER = 'set by the Job controller; ignored in manifests';
const IGNORED = 'Written by the Job controller. In a manifest it has no effect: the API server empties `status` on create.';

function statusField(doc: Omit<FieldDoc, 'mutability' | 'maturity'> & Partial<Pick<FieldDoc, 'maturity'>>): FieldDoc {
  const details = doc.details ? `${doc.details}\n\n${IGNORED}` : IGNORED;
  return { maturity: 'GA', ...doc, details, mutability: BY_CONTROLLER, docs: doc.docs ?? JOB_DOCS.apiStatus };
}

const CONDITION_STATUS = {
  True: 'The condition holds.',
  False: 'The condition does not hold now (for example `Suspended` after a resume).',
  Unknown: 'The controller cannot tell.',
};

const COUNTERS: FieldDoc[] = [
  statusField({
    path: 'status.startTime',
    summary: 'When the controller started working on the Job (RFC 3339, UTC)',
    details:
      'The active deadline is measured from here. A Job created suspended gets it only at its first resume, and every resume sets it again.',
  }),
  statusField({
    path: 'status.completionTime',
    summary: 'When the Job finished successfully; absent for failed Jobs',
    details: 'Never earlier than `startTime`, and never changed once set.',
  }),
  statusField({
    path: 'status.active',
    summary: 'Pods that are pending or running and not shutting down',
    details: 'Drops to 0 when the Job finishes.',
  }),
  statusField({
    path: 'status.ready',
    summary: 'Active Pods whose Ready condition is true',
  }),
  statusField({
    path: 'status.terminating',
    summary: 'Pods that are shutting down (deletion requested, still pending or running)',
    details: 'With `podReplacementPolicy: Failed` their replacements wait until this drops.',
    featureGate: 'JobPodReplacementPolicy',
  }),
  statusField({
    path: 'status.succeeded',
    summary: 'Pods that ended in phase Succeeded',
    details: 'Only grows, except when an elastic Indexed Job is scaled down and indexes above the new size are dropped.',
  }),
  statusField({
    path: 'status.failed',
    summary: 'Pods that ended in phase Failed; compared with backoffLimit',
    details: 'Only grows. Failures a pod failure policy ignores are not added.',
  }),
  statusField({
    path: 'status.completedIndexes',
    summary: 'Indexes of an Indexed Job that have succeeded, compressed like "1,3-5,7"',
    details: 'Ascending; a run of three or more consecutive indexes is written as `first-last`.',
    docs: JOB_DOCS.completionMode,
  }),
  statusField({
    path: 'status.failedIndexes',
    summary: 'Indexes given up on after their per-index retries, in the same "1,3-5,7" form',
    details: 'Only with `spec.backoffLimitPerIndex`. An index is never both completed and failed.',
    featureGate: 'JobBackoffLimitPerIndex',
    docs: JOB_DOCS.backoffLimitPerIndex,
  }),
  statusField({
    path: 'status.uncountedTerminatedPods',
    summary: 'Finished Pods the controller has seen but not yet added to the counters',
    details:
      'The bookkeeping step of tracking with finalizers: the controller records the Pod UID here, removes the Pod\'s ' +
      '`batch.kubernetes.io/job-tracking` finalizer, then moves the UID into `succeeded` or `failed`. Empty once the Job has finished.',
    docs: JOB_DOCS.trackingWithFinalizers,
  }),
  statusField({
    path: 'status.uncountedTerminatedPods.succeeded',
    summary: 'UIDs of succeeded Pods waiting to be counted',
    docs: JOB_DOCS.trackingWithFinalizers,
  }),
  statusField({
    path: 'status.uncountedTerminatedPods.failed',
    summary: 'UIDs of failed Pods waiting to be counted',
    docs: JOB_DOCS.trackingWithFinalizers,
  }),
];

const CONDITIONS: FieldDoc[] = [
  statusField({
    path: 'status.conditions',
    summary: 'The Job\'s state as conditions: Complete, Failed, Suspended, FailureTarget, SuccessCriteriaMet',
    details:
      'A Job has finished when `Complete` or `Failed` is True; it never has both. Before either, the controller first sets `FailureTarget` or ' +
      '`SuccessCriteriaMet` and waits for the remaining Pods to stop. Terminal conditions are never removed.\n\n' +
      'Wait for a Job in scripts with `kubectl wait --for=condition=Complete job/<name>` (and watch for `Failed` too).',
    docs: JOB_DOCS.terminalConditions,
  }),
  statusField({
    path: 'status.conditions[].type',
    summary: 'Which condition this is',
    values: {
      Complete: 'The Job succeeded; final.',
      Failed: 'The Job failed; final. `reason` says why.',
      Suspended: 'True while `spec.suspend` is true; False after a resume.',
      FailureTarget: 'The Job is failing: its Pods are being stopped, `Failed` follows.',
      SuccessCriteriaMet: 'The Job has succeeded (success policy or all completions): its Pods are being stopped, `Complete` follows.',
    },
    docs: JOB_DOCS.terminalConditions,
  }),
  statusField({
    path: 'status.conditions[].status',
    summary: 'Whether the condition holds: True, False or Unknown',
    values: CONDITION_STATUS,
  }),
  statusField({
    path: 'status.conditions[].reason',
    summary: 'A one-word CamelCase cause, for programs to test',
    values: {
      BackoffLimitExceeded: 'Failed: more Pod failures than `backoffLimit`.',
      DeadlineExceeded: 'Failed: `activeDeadlineSeconds` ran out.',
      PodFailurePolicy: 'Failed: a `FailJob` rule matched.',
      FailedIndexes: 'Failed: all indexes finished and at least one failed.',
      MaxFailedIndexesExceeded: 'Failed: more failed indexes than `maxFailedIndexes`.',
      SuccessPolicy: 'Succeeded early: a success policy rule was met.',
      CompletionsReached: 'Succeeded: the required completions were reached.',
      JobSuspended: 'Suspended became True.',
      JobResumed: 'Suspended became False.',
    },
  }),
  statusField({
    path: 'status.conditions[].message',
    summary: 'A sentence for people about the last change of this condition',
  }),
  statusField({
    path: 'status.conditions[].lastProbeTime',
    summary: 'When the controller last checked this condition',
  }),
  statusField({
    path: 'status.conditions[].lastTransitionTime',
    summary: 'When the condition last changed status',
  }),
];

/** Everything under status. */
export const JOB_STATUS_FIELDS: readonly FieldDoc[] = [...COUNTERS, ...CONDITIONS];

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * How a hover says what a status field holds for the Job at hand (features/statusHover.ts computes the values
 * and calls these). Each returns one or two sentences in our words.
 */
export const JOB_STATUS_WORDS = {
  active: (active: number, parallelism: number | undefined) =>
    `${plural(active, 'Pod')} pending or running now${parallelism !== undefined ? `, of the ${parallelism} \`parallelism\` allows at once` : ''}.`,
  activeFinished: (active: number, how: string) =>
    `The Job has ${how}, yet ${plural(active, 'Pod is', 'Pods are')} counted active: a stale count (the controller sets 0 when the Job finishes).`,
  ready: (ready: number, active: number) => `${plural(ready, 'Pod')} ready, of ${active} active.`,
  terminating: (terminating: number, waitsForReplacement: boolean) =>
    `${plural(terminating, 'Pod is', 'Pods are')} shutting down.${terminating > 0 && waitsForReplacement ? ' With `podReplacementPolicy: Failed`, their replacements wait until they have stopped.' : ''}`,
  succeededOf: (succeeded: number, completions: number) =>
    `${succeeded} of the ${completions} \`completions\` succeeded${succeeded >= completions ? ': enough for the Job to complete' : `; ${completions - succeeded} to go`}.`,
  succeededQueue: (succeeded: number) =>
    `${plural(succeeded, 'Pod')} succeeded. Without \`completions\` the Job completes once one Pod has succeeded and none is left running.`,
  failedOfLimit: (failed: number, limit: number) => failed > limit
    ? `${plural(failed, 'failure')}: more than the ${limit} \`backoffLimit\` allows, so the Job fails.`
    : `${failed} of the ${plural(limit, 'failure')} \`backoffLimit\` allows: ${limit - failed} more ${limit - failed === 1 ? 'is' : 'are'} tolerated, the ${ordinal(limit + 1)} fails the Job.`,
  failedOnFailure: 'With `restartPolicy: OnFailure` the container restarts of running Pods count against `backoffLimit` too.',
  failedPerIndex: (perIndex: number) => `Failures are counted per index: each index may fail ${plural(perIndex, 'time')} (\`backoffLimitPerIndex\`) before it is given up.`,
  startTime: (deadline: string | undefined, seconds: number | undefined) =>
    deadline ? `The \`activeDeadlineSeconds\` (${seconds}) run out at ${deadline}, if the Job is still running then.` : 'No `activeDeadlineSeconds`: the Job has no time limit.',
  startTimeSuspended: 'The Job is suspended now: its active deadline does not count, and a resume sets `startTime` again.',
  ranFor: (duration: string) => `It ran for ${duration} from \`startTime\` to \`completionTime\`.`,
  completionWithoutComplete: 'The Job has no `Complete=True` condition: a completion time belongs only to a Job that succeeded.',
  completedIndexes: (described: string, count: number, completions: number) =>
    `${capital(described)} completed: ${count} of ${completions}${count >= completions ? ' (every index)' : ''}.`,
  failedIndexes: (described: string, count: number, max: number | undefined) =>
    `${capital(described)} failed and will not be retried${max !== undefined ? `: ${count} of the ${max} \`maxFailedIndexes\` allows; the Job fails at ${max + 1}` : '; the Job fails once every index has finished'}.`,
  uncounted: (succeeded: number, failed: number) => succeeded + failed === 0
    ? 'Empty: every terminated Pod is counted.'
    : `${plural(succeeded + failed, 'terminated Pod')} (${succeeded} succeeded, ${failed} failed) wait to be added to the counters; their finalizers are being removed.`,
  conditionTrue: {
    Complete: (at: string) => `The Job succeeded${at}. Final.`,
    Failed: (at: string) => `The Job failed${at}. Final: no Pod is created again.`,
    FailureTarget: (at: string, done: boolean) => `The Job is failing${at.replace(' at ', ' since ')}: its remaining Pods are stopped. ${done ? '`Failed` has followed.' : '`Failed` follows once no Pod is left running or terminating.'}`,
    SuccessCriteriaMet: (at: string, done: boolean) => `The Job has succeeded${at}: remaining Pods are stopped. ${done ? '`Complete` has followed.' : '`Complete` follows once no Pod is left running or terminating.'}`,
    Suspended: (at: string) => `The Job is suspended${at.replace(' at ', ' since ')}: no Pod runs, and its active deadline is not counting.`,
  } as Record<string, (at: string, done: boolean) => string>,
  suspendedFalse: (at: string) => `The Job was resumed${at}; its \`startTime\` and active deadline started again then.`,
  reason: {
    BackoffLimitExceeded: (values: { failed?: number; limit?: number }) =>
      values.failed !== undefined && values.limit !== undefined && values.failed > values.limit
        ? `${plural(values.failed, 'failed Pod')}, more than the ${values.limit} \`backoffLimit\` allows.`
        : `more failures than \`backoffLimit: ${values.limit ?? '?'}\` allows, yet \`failed\` counts ${values.failed ?? 0} now (container restarts count too with \`restartPolicy: OnFailure\`).`,
    DeadlineExceeded: (values: { seconds?: number; start?: string }) =>
      `The Job ran longer than \`activeDeadlineSeconds: ${values.seconds ?? '?'}\`${values.start ? ` from its start at ${values.start}` : ''}; its Pods were stopped.`,
    PodFailurePolicy: (values: { rules?: number }) =>
      `A \`FailJob\` rule of \`spec.podFailurePolicy\` (${plural(values.rules ?? 0, 'rule')}) matched a failed Pod; the message names the Pod and the rule.`,
    FailedIndexes: (values: { failedIndexes?: string }) =>
      `Every index has finished and some failed${values.failedIndexes ? ` (\`${values.failedIndexes}\`)` : ''}: with \`backoffLimitPerIndex\` the Job then fails.`,
    MaxFailedIndexesExceeded: (values: { failedIndexes?: string; max?: number }) =>
      `More indexes failed${values.failedIndexes ? ` (\`${values.failedIndexes}\`)` : ''} than \`maxFailedIndexes: ${values.max ?? '?'}\` allows.`,
    SuccessPolicy: (values: { rules?: number }) => `A rule of \`spec.successPolicy\` (${plural(values.rules ?? 0, 'rule')}) was met: the Job succeeded without waiting for every index.`,
    CompletionsReached: (values: { succeeded?: number; completions?: number }) =>
      `\`succeeded\` (${values.succeeded ?? '?'}) reached \`completions\` (${values.completions ?? '?'}).`,
    JobSuspended: () => '`spec.suspend` was set to true.',
    JobResumed: () => '`spec.suspend` was set back to false.',
  } as Record<string, (values: { failed?: number; limit?: number; seconds?: number; start?: string; rules?: number; failedIndexes?: string; max?: number; succeeded?: number; completions?: number }) => string>,
};

/** How a hover says what a CronJob's status holds. */
export const CRONJOB_STATUS_WORDS = {
  active: (names: readonly string[], policy: string | undefined) =>
    `${names.length === 0 ? 'No Job of this CronJob is running.' : `${plural(names.length, 'Job')} of this CronJob ${names.length === 1 ? 'is' : 'are'} running: ${names.map((name) => `\`${name}\``).join(', ')}.`}${names.length > 0 && policy === 'Forbid' ? ' With `concurrencyPolicy: Forbid` no new run starts while one runs.' : ''}${names.length > 0 && policy === 'Replace' ? ' With `concurrencyPolicy: Replace` the next run replaces it.' : ''}`,
  lastScheduleTime: (at: string) => `The last run was scheduled for ${at} (the schedule time, not when its Job finished).`,
  lastSuccessfulTime: (at: string) => `The last Job of this CronJob that succeeded finished at ${at}.`,
};

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
