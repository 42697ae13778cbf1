// What the built-in Job controller (pkg/controller/job/job_controller.go) of the chosen release would not have
// written, said as information: the status was observed, so it is never denied, only named. Each check cites the
// controller function whose behaviour it compares with; none runs for a Job managed by another controller
// (`spec.managedBy`), whose status the built-in controller never writes.
import { gateEnabledByDefault } from '../../../kube/featureGates';
import type { Finding, RuleCode } from '../../../types';
import { asInteger, asObject, asString, report } from '../../shared';
import { DOCS } from '../jobFields';
import { statusValidationOptions, type StatusValidationOptions } from './getStatusValidationOptions';
import { completionsOf, counter, finishedCondition, trueCondition, uncounted, type JobStatusView } from './jobStatus';
import { readIndexes } from './indexesText';
import { statusProblems, STATUS_CODES } from './validateJobStatus';

const code = (name: string, title: string, mirrors: string, href: string = DOCS.termination): RuleCode => ({
  code: `job/status-inconsistent/${name}`, severity: 'information', title, mirrors, href,
});

export const INCONSISTENT_CODES = {
  finishedWithPods: code('finished-with-pods', 'A finished Job that still counts active, ready or terminating Pods, which the built-in controller does not write', 'syncJob (active, ready and terminating of a finished Job)'),
  terminalWithoutInterim: code('terminal-without-interim', '`Failed` without `FailureTarget`, or `Complete` without `SuccessCriteriaMet`: the built-in controller writes the interim condition first from 1.31', 'newFailureCondition / newSuccessCondition (delayTerminalCondition)'),
  moreReadyThanActive: code('more-ready-than-active', '`ready` above `active`: the built-in controller counts ready Pods among the active ones', 'syncJob (countReadyPods)'),
  indexesAboveCompletions: code('indexes-above-completions', 'Completed or failed indexes at or above `completions`: an elastic Indexed Job scaled down, not yet synced', 'getNewFinishedPods / syncJob (indexes above completions dropped)', DOCS.completionMode),
  backoffLimitNotReached: code('backoff-limit-not-reached', '`BackoffLimitExceeded` while the failures counted do not exceed `backoffLimit`', 'syncJob (exceedsBackoffLimit)', DOCS.backoffLimit),
  completeBelowCompletions: code('complete-below-completions', '`Complete` with fewer succeeded Pods than `completions` and no success policy', 'syncJob (complete)'),
  failedReasonDiffers: code('failed-reason-differs', '`Failed` with another reason than its `FailureTarget`, which the controller copies', 'newFailedConditionForFailureTarget'),
  invariant: code('invariant', 'A status the built-in controller never writes, that the chosen release does not yet refuse in a status update (it does from 1.32, JobManagedBy)', 'validateJobStatus (options off before 1.32)'),
} satisfies Record<string, RuleCode>;

const NOT_BUILT_IN = 'The built-in Job controller of Kubernetes';
const BUILT_IN_LOWER = 'the built-in Job controller of Kubernetes';

/** delayTerminalCondition (1.31, kubernetes#125510): JobManagedBy || JobPodReplacementPolicy. */
function delaysTerminalCondition(minor: number): boolean {
  return minor >= 31 && (gateEnabledByDefault('JobManagedBy', minor) || gateEnabledByDefault('JobPodReplacementPolicy', minor));
}

export function jobControllerStatus(view: JobStatusView): Finding[] {
  if (view.external) return [];
  const options = statusValidationOptions(view.minor);
  return [
    ...finishedWithPods(view, options), ...terminalWithoutInterim(view), ...readyAboveActive(view, options), ...indexesAboveCompletions(view, options),
    ...backoffLimitNotReached(view), ...completeBelowCompletions(view), ...failedReasonDiffers(view), ...invariants(view, options),
  ];
}

function info(view: JobStatusView, rule: RuleCode, path: (string | number)[], message: string): Finding {
  return report(rule, view.at(...path), message);
}

function finishedWithPods(view: JobStatusView, options: StatusValidationOptions): Finding[] {
  const done = finishedCondition(view);
  if (!done) return [];
  const how = done.type === 'Complete' ? 'completed' : 'failed';
  const findings: Finding[] = [];
  const active = counter(view, 'active') ?? 0;
  // From 1.32 the API server refuses it (validateJobStatus reports the error).
  if (active > 0 && !options.rejectFinishedJobWithActivePods) {
    findings.push(info(view, INCONSISTENT_CODES.finishedWithPods, ['active'], `The Job has ${how}, yet \`active\` is ${active}. ${NOT_BUILT_IN} 1.${view.minor} sets \`active\` to 0 when the Job finishes (its remaining Pods are deleted): this count is stale, or the status was written by another client. Check the Pods with \`kubectl get pods -l batch.kubernetes.io/job-name=${jobName(view)}\`.`));
  }
  // Before 1.31 the controller could finish a Job while Pods still stopped (kubernetes#123775): only from 1.31 is it a sign.
  if (delaysTerminalCondition(view.minor)) {
    for (const field of ['ready', 'terminating'] as const) {
      const value = counter(view, field) ?? 0;
      if (value <= 0) continue;
      findings.push(info(view, INCONSISTENT_CODES.finishedWithPods, [field], `The Job has ${how}, yet \`${field}\` is ${value}. ${NOT_BUILT_IN} 1.${view.minor} adds the terminal condition only once no Pod is terminating, and counts no ready Pod then: this status was written by a controller before 1.31 (kubernetes#123775), and kept across an upgrade, or by another client.`));
    }
  }
  return findings;
}

function terminalWithoutInterim(view: JobStatusView): Finding[] {
  if (!delaysTerminalCondition(view.minor)) return [];
  const findings: Finding[] = [];
  const failed = trueCondition(view, 'Failed');
  if (failed && !trueCondition(view, 'FailureTarget')) {
    findings.push(info(view, INCONSISTENT_CODES.terminalWithoutInterim, ['conditions', failed.index, 'type'], `\`Failed\` without \`FailureTarget\`: ${BUILT_IN_LOWER} 1.${view.minor} first adds \`FailureTarget\` (same reason), waits for the Pods to stop, then adds \`Failed\`. This Job failed under a release before 1.31, or its status was written by another client. ${view.minor >= 32 ? 'A status update adding this `Failed` now would be refused.' : ''}`.trimEnd()));
  }
  const complete = trueCondition(view, 'Complete');
  // A Job with a success policy gets the error of validateJobStatus instead.
  if (complete && !trueCondition(view, 'SuccessCriteriaMet') && view.spec.successPolicy === undefined) {
    findings.push(info(view, INCONSISTENT_CODES.terminalWithoutInterim, ['conditions', complete.index, 'type'], `\`Complete\` without \`SuccessCriteriaMet\`: ${BUILT_IN_LOWER} 1.${view.minor} first adds \`SuccessCriteriaMet\` (reason \`CompletionsReached\`), waits for the Pods to stop, then adds \`Complete\`. This Job completed under a release before 1.31, or its status was written by another client. ${view.minor >= 32 ? 'A status update adding this `Complete` now would be refused.' : ''}`.trimEnd()));
  }
  return findings;
}

function readyAboveActive(view: JobStatusView, options: StatusValidationOptions): Finding[] {
  const ready = counter(view, 'ready');
  const active = counter(view, 'active') ?? 0;
  // Before 1.32 the controller itself could write it for a moment (kubernetes#125185); a finished Job is said above.
  if (!options.rejectMoreReadyThanActivePods || ready === undefined || ready <= active || finishedCondition(view)) return [];
  return [info(view, INCONSISTENT_CODES.moreReadyThanActive, ['ready'], `\`ready\` (${ready}) is above \`active\` (${active}): ready Pods are counted among the active ones. The API server of Kubernetes 1.${view.minor} refuses a status update that writes this, so the status dates from an older release (kubernetes#125185) or the controller's update was refused (kubernetes#139428).`)];
}

function indexesAboveCompletions(view: JobStatusView, options: StatusValidationOptions): Finding[] {
  const completions = completionsOf(view);
  if (completions === undefined) return [];
  const findings: Finding[] = [];
  for (const field of ['completedIndexes', 'failedIndexes'] as const) {
    const enabled = field === 'completedIndexes' ? options.rejectInvalidCompletedIndexes : options.rejectInvalidFailedIndexes && view.spec.backoffLimitPerIndex !== undefined;
    const text = asString(view.status[field]);
    if (!enabled || text === undefined) continue;
    const reading = readIndexes(text, completions);
    if (reading.ok || reading.kind !== 'range') continue;
    findings.push(info(view, INCONSISTENT_CODES.indexesAboveCompletions, [field], `\`${field}\` \`${text}\` names an index at or above \`completions\` (${completions}): ${reading.serverText}. That happens just after an elastic Indexed Job is scaled down; the controller drops those indexes at its next sync. A status update writing it would be refused by the API server of Kubernetes 1.${view.minor}.`));
  }
  return findings;
}

function backoffLimitNotReached(view: JobStatusView): Finding[] {
  const condition = view.conditions.find((entry) => (entry.type === 'Failed' || entry.type === 'FailureTarget') && entry.status === 'True' && entry.reason === 'BackoffLimitExceeded');
  const limit = asInteger(view.defaultedSpec.backoffLimit);
  const template = asObject(asObject(view.defaultedSpec.template)?.spec);
  // With restartPolicy OnFailure the controller counts container restarts too (pastBackoffLimitOnFailure).
  if (!condition || limit === undefined || asString(template?.restartPolicy) !== 'Never') return [];
  const failed = (counter(view, 'failed') ?? 0) + uncounted(view, 'failed').length;
  if (failed > limit) return [];
  return [info(view, INCONSISTENT_CODES.backoffLimitNotReached, ['conditions', condition.index, 'reason'], `Reason \`BackoffLimitExceeded\` with ${failed} failed Pod${failed === 1 ? '' : 's'} counted, while \`backoffLimit\` (${limit}) allows ${limit}: the controller marks the Job failed only when the failures exceed the limit. The \`failed\` counter may have been reset by another client, or Pods were lost before being counted.`)];
}

function completeBelowCompletions(view: JobStatusView): Finding[] {
  const complete = trueCondition(view, 'Complete');
  if (!complete || view.spec.successPolicy !== undefined || view.spec.backoffLimitPerIndex !== undefined) return [];
  const succeeded = counter(view, 'succeeded') ?? 0;
  const completions = completionsOf(view);
  if (completions === undefined) {
    if (succeeded > 0) return [];
    return [info(view, INCONSISTENT_CODES.completeBelowCompletions, ['conditions', complete.index, 'type'], `The Job is \`Complete\` with no succeeded Pod: a Job without \`completions\` completes when one of its Pods succeeds and none is left running.`)];
  }
  if (succeeded >= completions) return [];
  const each = view.defaultedSpec.completionMode === 'Indexed' ? ' (one per index)' : '';
  return [info(view, INCONSISTENT_CODES.completeBelowCompletions, ['conditions', complete.index, 'type'], `The Job is \`Complete\` with ${succeeded} succeeded Pod${succeeded === 1 ? '' : 's'} of the ${completions} \`completions\` asks for, and no success policy: the controller completes a Job only once ${completions} Pod${completions === 1 ? ' has' : 's have'} succeeded${each}.`)];
}

function failedReasonDiffers(view: JobStatusView): Finding[] {
  const failed = trueCondition(view, 'Failed');
  const target = trueCondition(view, 'FailureTarget');
  if (!failed || !target || failed.reason === target.reason || failed.reason === undefined || target.reason === undefined) return [];
  return [info(view, INCONSISTENT_CODES.failedReasonDiffers, ['conditions', failed.index, 'reason'], `\`Failed\` has reason \`${failed.reason}\`, its \`FailureTarget\` \`${target.reason}\`: the controller makes \`Failed\` from \`FailureTarget\`, with the same reason and message. The reason that decided the failure is \`${target.reason}\`.`)];
}

/** The invariants the release does not check yet in a status update (JobManagedBy off before 1.32). */
function invariants(view: JobStatusView, options: StatusValidationOptions): Finding[] {
  if (options.rejectCompleteJobWithFailedCondition) return [];
  const later = statusValidationOptions(32);
  const full: StatusValidationOptions = { ...later, allowForSuccessCriteriaMetInExtendedScope: options.allowForSuccessCriteriaMetInExtendedScope, successCriteriaMetChecks: false, terminatingChecked: false };
    // What the built-in controller of older releases wrote is said above, or is no sign at all before 1.31.
  const legacy = new Set<string>([STATUS_CODES.finishedWithActive.code, STATUS_CODES.finishedWithTerminating.code, STATUS_CODES.moreReadyThanActive.code, STATUS_CODES.failedWithoutFailureTarget.code, STATUS_CODES.completeWithoutSuccessCriteriaMet.code]);
  // Only the checks JobManagedBy turns on: the others (counters, UIDs, times, SuccessCriteriaMet) are errors in every release.
  const gated = new Set<string>([
    STATUS_CODES.completeAndFailed, STATUS_CODES.completeAndFailureTarget, STATUS_CODES.completionTimeNotComplete, STATUS_CODES.completeWithoutCompletionTime,
    STATUS_CODES.completionBeforeStart, STATUS_CODES.finishedWithoutStartTime, STATUS_CODES.finishedWithUncounted, STATUS_CODES.completedIndexesInvalid,
    STATUS_CODES.failedIndexesInvalid, STATUS_CODES.completedIndexesNotIndexed, STATUS_CODES.failedIndexesWithoutPerIndexLimit, STATUS_CODES.failedIndexesOverlap,
  ].map((rule) => rule.code));
  return statusProblems(view, full)
    .filter((problem) => gated.has(problem.rule.code) && !legacy.has(problem.rule.code))
    .filter((problem) => !(problem.rule === STATUS_CODES.completedIndexesInvalid || problem.rule === STATUS_CODES.failedIndexesInvalid) || !/too large index/.test(problem.serverLine))
    .map((problem) => info(view, INCONSISTENT_CODES.invariant, problem.path, `${problem.what}. ${NOT_BUILT_IN} 1.${view.minor} never writes this; the API server of 1.${view.minor} still accepts it in a status update (from 1.32, with JobManagedBy, it answers \`${problem.serverLine}\`).`));
}

function jobName(view: JobStatusView): string {
  return view.name ?? 'NAME';
}
