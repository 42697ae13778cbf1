// validateCronJobSpec's numbers: `startingDeadlineSeconds` and the two history limits must not be negative
// (ValidateNonnegativeField; 0 is allowed for all three). `concurrencyPolicy` is the schema's enum (an empty
// value is defaulted to `Allow` first).
import type { Finding, Rule, RuleCode } from '../../types';
import { serverError, serverSays } from '../meta/report';
import { asInteger, report } from '../shared';
import { CRONJOB_DOCS, cronSpec } from './cronJobFields';

const negative = (field: string, href: string): RuleCode => ({
  code: `cronjob/numbers/negative-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, severity: 'error',
  title: `\`${field}\` must not be negative`, mirrors: 'validateCronJobSpec', href,
});

const FIELDS: ReadonlyArray<readonly [string, RuleCode, string]> = [
  ['startingDeadlineSeconds', negative('startingDeadlineSeconds', CRONJOB_DOCS.startingDeadline),
    'it is how many seconds late a run may still start. Use a positive number of seconds (at least 10), or remove it to start late runs however late.'],
  ['successfulJobsHistoryLimit', negative('successfulJobsHistoryLimit', CRONJOB_DOCS.historyLimits),
    'it is how many finished successful Jobs to keep. Use 0 to keep none, or remove it for the default of 3.'],
  ['failedJobsHistoryLimit', negative('failedJobsHistoryLimit', CRONJOB_DOCS.historyLimits),
    'it is how many failed Jobs to keep. Use 0 to keep none, or remove it for the default of 1.'],
];

export const validateCronJobSpec: Rule = {
  name: 'validateCronJobSpec (numbers)',
  kinds: ['CronJob'],
  codes: FIELDS.map(([, code]) => code),
  check(context) {
    const spec = cronSpec(context);
    const findings: Finding[] = [];
    for (const [field, code, meaning] of FIELDS) {
      const value = asInteger(spec[field]);
      if (value === undefined || value >= 0) continue;
      findings.push(report(code, ['spec', field], `\`${field}\` is ${value}, but it must not be negative: ${meaning} `
        + serverSays([serverError(`spec.${field}`, 'Invalid value', value, 'must be greater than or equal to 0')])));
    }
    return findings;
  },
};
