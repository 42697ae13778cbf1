// Shared reading of a CronJob for its own rule families (the rules of its job template are the Job rules,
// run on `spec.jobTemplate.spec`: rules/job/jobFields.ts).
import type { JsonObject, RuleContext } from '../../types';
import { asObject } from '../shared';

const CRONJOB_PAGE = 'https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/';

export const CRONJOB_DOCS = {
  page: CRONJOB_PAGE,
  api: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/cron-job-v1/',
  scheduleSyntax: `${CRONJOB_PAGE}#schedule-syntax`,
  jobTemplate: `${CRONJOB_PAGE}#job-template`,
  startingDeadline: `${CRONJOB_PAGE}#starting-deadline`,
  concurrencyPolicy: `${CRONJOB_PAGE}#concurrency-policy`,
  suspend: `${CRONJOB_PAGE}#schedule-suspension`,
  historyLimits: `${CRONJOB_PAGE}#jobs-history-limits`,
  timeZones: `${CRONJOB_PAGE}#time-zones`,
  unsupportedTimeZone: `${CRONJOB_PAGE}#unsupported-timezone-specification`,
  jobCreation: `${CRONJOB_PAGE}#job-creation`,
  names: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-label-names',
} as const;

/** First Kubernetes minor release of each CronJob behaviour the rules depend on. */
export const CRONJOB_MINOR = {
  /** validateTimeZone runs (the CronJobTimeZone gate is on by default; in 1.24 the field is dropped). */
  timeZone: 25,
  /** Names that are not DNS labels get a create warning (PR 114412, with Job's). */
  nameWarning: 27,
  /** TZ/CRON_TZ in the schedule is refused on create (PR 116252); before, a create warning. */
  timeZonePrefixRefused: 29,
} as const;

/** The CronJob's `spec` as written ({} when absent or of the wrong type). */
export function cronSpec(context: RuleContext): JsonObject {
  return asObject(context.object.spec) ?? {};
}
