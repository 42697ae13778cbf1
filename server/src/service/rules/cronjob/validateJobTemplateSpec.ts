// ValidateJobTemplateSpec's own checks on a CronJob's job template (its JobSpec gets every validateJobSpec
// rule through rules/job): each Job the CronJob controller creates gets a generated selector, so the template
// may not have one, and `manualSelector` may not be true.
import type { Finding, Rule, RuleCode } from '../../types';
import { serverError, serverSays } from '../meta/report';
import { asObject, report } from '../shared';
import { CRONJOB_DOCS, cronSpec } from './cronJobFields';

const CODES = {
  selector: {
    code: 'cronjob/job-template/selector-forbidden', severity: 'error',
    title: "A CronJob's job template may not have a `selector`: each Job gets a generated one",
    mirrors: 'ValidateJobTemplateSpec', href: CRONJOB_DOCS.jobTemplate,
  },
  manualSelector: {
    code: 'cronjob/job-template/manual-selector-not-supported', severity: 'error',
    title: "A CronJob's job template may not set `manualSelector: true`",
    mirrors: 'ValidateJobTemplateSpec', href: CRONJOB_DOCS.jobTemplate,
  },
} satisfies Record<string, RuleCode>;

export const validateJobTemplateSpec: Rule = {
  name: 'ValidateJobTemplateSpec',
  kinds: ['CronJob'],
  codes: Object.values(CODES),
  check(context) {
    const jobSpec = asObject(asObject(cronSpec(context).jobTemplate)?.spec);
    if (!jobSpec) return [];
    const findings: Finding[] = [];
    const base = ['spec', 'jobTemplate', 'spec'];
    if (jobSpec.selector !== undefined) {
      findings.push(report(CODES.selector, [...base, 'selector'],
        "A CronJob's job template may not have a `selector`: the server generates one for each Job the CronJob creates, "
        + 'from that Job\'s own UID, so no selector written here could match it. Remove `selector` (and the labels you wrote '
        + 'only for it, if you like). The API server answers at `spec.jobTemplate.spec.selector` that the selector "will be auto-generated".', 'key'));
    }
    if (jobSpec.manualSelector === true) {
      findings.push(report(CODES.manualSelector, [...base, 'manualSelector'],
        "`manualSelector: true` is refused in a CronJob's job template: its Jobs always get a generated selector. Remove "
        + '`manualSelector` (or set it to `false`). '
        + serverSays([serverError('spec.jobTemplate.spec.manualSelector', 'Unsupported value', true, 'supported values: "nil", "false"')])));
    }
    return findings;
  },
};
