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
