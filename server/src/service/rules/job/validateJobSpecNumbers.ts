// validateJobSpec, first lines: the plain counters and durations may not be negative.
import type { Finding, Rule, RuleCode } from '../../types';
import { DOCS, inJobSpecParts, jobSpecRule, type JobParts } from './jobFields';
import { asInteger, report } from '../shared';

const CODES = {
  negativeParallelism: {
    code: 'job/numbers/negative-parallelism', severity: 'error', title: '`parallelism` must not be negative',
    mirrors: 'validateJobSpec', reference: 'JOB-NUM-01', href: DOCS.parallelism,
  },
  negativeCompletions: {
    code: 'job/numbers/negative-completions', severity: 'error', title: '`completions` must not be negative',
    mirrors: 'validateJobSpec', reference: 'JOB-NUM-02', href: DOCS.parallelism,
  },
  negativeActiveDeadlineSeconds: {
    code: 'job/numbers/negative-active-deadline-seconds', severity: 'error', title: '`activeDeadlineSeconds` must not be negative',
    mirrors: 'validateJobSpec', reference: 'JOB-NUM-03', href: DOCS.termination,
  },
  negativeBackoffLimit: {
    code: 'job/numbers/negative-backoff-limit', severity: 'error', title: '`backoffLimit` must not be negative',
    mirrors: 'validateJobSpec', reference: 'JOB-NUM-04', href: DOCS.backoffLimit,
  },
  negativeTtlSecondsAfterFinished: {
    code: 'job/numbers/negative-ttl-seconds-after-finished', severity: 'error', title: '`ttlSecondsAfterFinished` must not be negative',
    mirrors: 'validateJobSpec', reference: 'JOB-NUM-05', href: DOCS.ttlAfterFinished,
  },
  zeroActiveDeadlineSeconds: {
    code: 'job/numbers/zero-active-deadline-seconds', severity: 'warning',
    title: '`activeDeadlineSeconds: 0` fails the Job as soon as it starts (the API asks for a positive number)',
    mirrors: '-', href: DOCS.termination,
  },
} satisfies Record<string, RuleCode>;

/** Field, code, and what the field means and how to fix a negative value, in the user's words. */
const NON_NEGATIVE_FIELDS: ReadonlyArray<readonly [string, RuleCode, string]> = [
  ['parallelism', CODES.negativeParallelism,
    'it is how many Pods may run at the same time. Use a positive number, or 0 to pause the Job.'],
  ['completions', CODES.negativeCompletions,
    'it is how many Pods must succeed for the Job to complete. Use a positive number, or remove it for a work-queue Job.'],
  ['activeDeadlineSeconds', CODES.negativeActiveDeadlineSeconds,
    'it is how many seconds the Job may stay active. Use a positive number of seconds, or remove it for no deadline.'],
  ['backoffLimit', CODES.negativeBackoffLimit,
    'it is how many failed retries the Job allows before it fails. Use 0 to fail at the first failure, or remove it for the default of 6.'],
  ['ttlSecondsAfterFinished', CODES.negativeTtlSecondsAfterFinished,
    'it is how many seconds a finished Job is kept before it is deleted. Use 0 to delete it as soon as it finishes, or remove it to keep it.'],
];

/** One field's check: on a partial object each field is judged on its own. */
function nonNegative([field, code, meaning]: (typeof NON_NEGATIVE_FIELDS)[number]) {
  return (parts: JobParts): Finding[] => {
    const value = asInteger(parts.spec[field]);
    return value !== undefined && value < 0
      ? [report(code, parts.at(field), `\`${field}\` is ${value}, but it must not be negative: ${meaning}`)]
      : [];
  };
}

function zeroActiveDeadline(parts: JobParts): Finding[] {
  if (asInteger(parts.spec.activeDeadlineSeconds) !== 0) return [];
  return [report(CODES.zeroActiveDeadlineSeconds, parts.at('activeDeadlineSeconds'),
    '`activeDeadlineSeconds: 0` gives the Job no time at all: as soon as it starts, the Job fails with reason '
    + '`DeadlineExceeded` and its running Pods are terminated. The server accepts 0, but the API asks for a positive '
    + 'number. Set the number of seconds the Job may run, or remove the field for no deadline.')];
}

export const validateJobSpecNumbers: Rule = jobSpecRule({
  name: 'validateJobSpec (numbers)',
  codes: Object.values(CODES),
  ...inJobSpecParts(...NON_NEGATIVE_FIELDS.map(nonNegative), zeroActiveDeadline),
});
