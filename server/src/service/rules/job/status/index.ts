// The status rules of a Job the API server returned (kube/observed.ts): they run only where `status` is present
// and not empty. validateJobStatus: what a status update of the chosen release refuses (errors);
// jobControllerStatus: what the built-in Job controller of that release would not have written (information).
// A CronJob's status has no such checks: cronJobStatusStrategy.ValidateUpdate (pkg/registry/batch/cronjob/strategy.go)
// returns no error in any release.
import type { Finding, Rule, RuleContext } from '../../../types';
import { INCONSISTENT_CODES, jobControllerStatus } from './jobControllerStatus';
import { jobStatusView } from './jobStatus';
import { STATUS_CODES, validateJobStatus } from './validateJobStatus';

export const validateJobStatusRule: Rule = {
  name: 'validateJobStatus',
  kinds: ['Job'],
  codes: Object.values(STATUS_CODES),
  check(context) {
    const view = jobStatusView(context);
    return view ? validateJobStatus(view) : [];
  },
};

export const jobControllerStatusRule: Rule = {
  name: 'jobControllerStatus',
  kinds: ['Job'],
  codes: Object.values(INCONSISTENT_CODES),
  check(context) {
    const view = jobStatusView(context);
    return view ? jobControllerStatus(view) : [];
  },
};

export const jobStatusRules: readonly Rule[] = [validateJobStatusRule, jobControllerStatusRule];

/**
 * Every status finding of one Job (errors and information), for a caller outside the engine's rule loop (a
 * diagnosis listing them as inconsistencies): the same findings `validate` reports, paths from the object's root.
 */
export function jobStatusFindings(context: RuleContext): Finding[] {
  return jobStatusRules.flatMap((rule) => rule.check(context));
}
