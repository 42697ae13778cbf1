// validateJobSpec, the backoffLimitPerIndex / maxFailedIndexes checks (KEP-3850). Both fields are dropped
// by servers before 1.29 (gate off), so the rule starts there.
import type { FieldPath, Finding, Rule, RuleCode, RuleContext } from '../../types';
import { DOCS, FIRST_MINOR, inJobSpecParts, isIndexed, jobSpecRule, podRestartPolicy, type JobParts } from './jobFields';
import { asInteger, report } from '../shared';

/** Limits in the API server: maxFailedIndexesForIndexedJob, completionsSoftLimit and the two limits above it. */
const MAX_FAILED_INDEXES = 100_000;
const COMPLETIONS_SOFT_LIMIT = 100_000;
const LIMIT_ABOVE_SOFT_LIMIT = 10_000;

const code = (name: string, severity: RuleCode['severity'], title: string, reference?: string): RuleCode => ({
  code: `job/backoff-limit-per-index/${name}`, severity, title,
  mirrors: reference ? 'validateJobSpec' : '-', ...(reference ? { reference } : {}), href: DOCS.backoffLimitPerIndex,
});

const CODES = {
  negativeBackoffLimitPerIndex: code('negative-backoff-limit-per-index', 'error', '`backoffLimitPerIndex` must not be negative', 'JOB-BLPI-01'),
  negativeMaxFailedIndexes: code('negative-max-failed-indexes', 'error', '`maxFailedIndexes` must not be negative', 'JOB-BLPI-02'),
  maxFailedIndexesNeedsBackoffLimitPerIndex: code('max-failed-indexes-needs-backoff-limit-per-index', 'error',
    '`maxFailedIndexes` needs `backoffLimitPerIndex`', 'JOB-BLPI-03'),
  maxFailedIndexesAboveCompletions: code('max-failed-indexes-above-completions', 'error',
    '`maxFailedIndexes` must not exceed `completions`', 'JOB-BLPI-04'),
  maxFailedIndexesTooLarge: code('max-failed-indexes-too-large', 'error', '`maxFailedIndexes` must be at most 100000', 'JOB-BLPI-05'),
  maxFailedIndexesRequired: code('max-failed-indexes-required', 'error',
    '`maxFailedIndexes` is required when `completions` is above 100000', 'JOB-BLPI-06'),
  parallelismTooLargeForHighCompletions: code('parallelism-too-large-for-high-completions', 'error',
    '`parallelism` must be at most 10000 when `completions` is above 100000', 'JOB-BLPI-07'),
  maxFailedIndexesTooLargeForHighCompletions: code('max-failed-indexes-too-large-for-high-completions', 'error',
    '`maxFailedIndexes` must be at most 10000 when `completions` is above 100000', 'JOB-BLPI-08'),
  backoffLimitPerIndexRequiresIndexed: code('backoff-limit-per-index-requires-indexed', 'error',
    '`backoffLimitPerIndex` requires `completionMode: Indexed`', 'JOB-BLPI-09'),
  maxFailedIndexesRequiresIndexed: code('max-failed-indexes-requires-indexed', 'error',
    '`maxFailedIndexes` requires `completionMode: Indexed`', 'JOB-BLPI-10'),
  onFailureRestartPolicy: code('restart-policy-on-failure', 'warning',
    '`backoffLimitPerIndex` with `restartPolicy: OnFailure` does not count container restarts (the API asks for Never)'),
} satisfies Record<string, RuleCode>;

const PER_INDEX = 'the per-index retry limit is a feature of Indexed Jobs';

/** `backoffLimitPerIndex` and `maxFailedIndexes` must not be negative: each read on its own. */
function negativeBackoffLimitPerIndex(parts: JobParts, context: RuleContext): Finding[] {
  if (context.minor < FIRST_MINOR.backoffLimitPerIndex) return [];
  const backoffLimitPerIndex = asInteger(parts.spec.backoffLimitPerIndex);
  if (backoffLimitPerIndex === undefined || backoffLimitPerIndex >= 0) return [];
  return [report(CODES.negativeBackoffLimitPerIndex, parts.at('backoffLimitPerIndex'),
    `\`backoffLimitPerIndex\` is ${backoffLimitPerIndex}, but it must not be negative: it is how many times each index `
    + 'may be retried. Use 0 to fail an index at its first failure, or a positive number.')];
}

function negativeMaxFailedIndexes(parts: JobParts, context: RuleContext): Finding[] {
  if (context.minor < FIRST_MINOR.backoffLimitPerIndex) return [];
  const maxFailedIndexes = asInteger(parts.spec.maxFailedIndexes);
  if (maxFailedIndexes === undefined || maxFailedIndexes >= 0) return [];
  return [report(CODES.negativeMaxFailedIndexes, parts.at('maxFailedIndexes'),
    `\`maxFailedIndexes\` is ${maxFailedIndexes}, but it must not be negative: it is how many indexes may fail before `
    + 'the whole Job fails. Use 0 to fail the Job at the first failed index, or remove it to let all indexes run.')];
}

/** `maxFailedIndexes` needs `backoffLimitPerIndex`: decided by the two fields alone (a templated count does not matter). */
function maxFailedIndexesNeedsPerIndexLimit(parts: JobParts, context: RuleContext): Finding[] {
  if (context.minor < FIRST_MINOR.backoffLimitPerIndex) return [];
  const { spec } = parts;
  if (spec.maxFailedIndexes === undefined || spec.backoffLimitPerIndex !== undefined) return [];
  return [report(CODES.maxFailedIndexesNeedsBackoffLimitPerIndex, parts.at('backoffLimitPerIndex'),
    '`maxFailedIndexes` is set, so `backoffLimitPerIndex` is required: indexes only fail on their own when each '
    + 'has a retry limit. Set `backoffLimitPerIndex`, or remove `maxFailedIndexes`.')];
}

/** What the two fields require of the completion mode, the counts and the restart policy. */
function crossFieldChecks(parts: JobParts, context: RuleContext): Finding[] {
  if (context.minor < FIRST_MINOR.backoffLimitPerIndex) return [];
  const { spec, defaultedSpec } = parts;
  const backoffLimitPerIndex = asInteger(spec.backoffLimitPerIndex);
  const maxFailedIndexes = asInteger(spec.maxFailedIndexes);
  const findings: Finding[] = [];
  if (isIndexed(parts)) {
    findings.push(...indexedChecks(parts, spec.backoffLimitPerIndex !== undefined, maxFailedIndexes,
      asInteger(defaultedSpec.completions), asInteger(defaultedSpec.parallelism)));
    if (backoffLimitPerIndex !== undefined && podRestartPolicy(parts) === 'OnFailure') {
      findings.push(report(CODES.onFailureRestartPolicy, parts.at('backoffLimitPerIndex'),
        'With `restartPolicy: OnFailure` a failing container is restarted inside its Pod, and those restarts do not '
        + 'count against `backoffLimitPerIndex`: only whole-Pod failures do, so a crashing index may retry without '
        + 'bound. The server accepts this, but the API asks for `restartPolicy: Never` with `backoffLimitPerIndex`.'));
    }
  } else if (defaultedSpec.completionMode === undefined || defaultedSpec.completionMode === 'NonIndexed') {
    if (spec.backoffLimitPerIndex !== undefined) {
      findings.push(report(CODES.backoffLimitPerIndexRequiresIndexed, parts.at('backoffLimitPerIndex'),
        `\`backoffLimitPerIndex\` requires \`completionMode: Indexed\`: ${PER_INDEX}. `
        + 'Set `completionMode: Indexed` (with `completions`), or use `backoffLimit` for the whole Job.'));
    }
    if (spec.maxFailedIndexes !== undefined) {
      findings.push(report(CODES.maxFailedIndexesRequiresIndexed, parts.at('maxFailedIndexes'),
        `\`maxFailedIndexes\` requires \`completionMode: Indexed\`: ${PER_INDEX}. `
        + 'Set `completionMode: Indexed`, or remove `maxFailedIndexes`.'));
    }
  }
  return findings;
}

export const validateBackoffLimitPerIndex: Rule = jobSpecRule({
  name: 'validateJobSpec (backoffLimitPerIndex)',
  codes: Object.values(CODES),
  ...inJobSpecParts(negativeBackoffLimitPerIndex, negativeMaxFailedIndexes, maxFailedIndexesNeedsPerIndexLimit, crossFieldChecks),
});

function indexedChecks(parts: JobParts, hasBackoffLimitPerIndex: boolean, maxFailedIndexes: number | undefined,
  completions: number | undefined, parallelism: number | undefined): Finding[] {
  const findings: Finding[] = [];
  const highCompletions = completions !== undefined && completions > COMPLETIONS_SOFT_LIMIT && hasBackoffLimitPerIndex;
  if (maxFailedIndexes !== undefined) {
    const limit = maxFailedIndexesLimit(parts.at('maxFailedIndexes'), maxFailedIndexes, completions, highCompletions);
    if (limit) findings.push(limit);
  } else if (highCompletions) {
    findings.push(report(CODES.maxFailedIndexesRequired, parts.at('maxFailedIndexes'),
      `With \`completions\` above ${COMPLETIONS_SOFT_LIMIT} and \`backoffLimitPerIndex\`, \`maxFailedIndexes\` is required: `
      + 'it bounds how many failed indexes the Job status must list. Set `maxFailedIndexes` to 10000 or less.'));
  }
  if (highCompletions && parallelism !== undefined && parallelism > LIMIT_ABOVE_SOFT_LIMIT) {
    findings.push(report(CODES.parallelismTooLargeForHighCompletions, parts.at('parallelism'),
      `\`parallelism\` is ${parallelism}, but with \`completions\` above ${COMPLETIONS_SOFT_LIMIT} and \`backoffLimitPerIndex\` `
      + `it may be at most ${LIMIT_ABOVE_SOFT_LIMIT}, so that the Job status can track failed indexes. Lower \`parallelism\`.`));
  }
  return findings;
}

/**
 * The server checks three upper bounds (completions, 100000, and 10000 for very large Jobs) and reports
 * each one exceeded; they are one mistake, so only the tightest exceeded bound is reported.
 */
function maxFailedIndexesLimit(path: FieldPath, maxFailedIndexes: number, completions: number | undefined, highCompletions: boolean) {
  if (highCompletions && maxFailedIndexes > LIMIT_ABOVE_SOFT_LIMIT) {
    return report(CODES.maxFailedIndexesTooLargeForHighCompletions, path,
      `\`maxFailedIndexes\` is ${maxFailedIndexes}, but with \`completions\` above ${COMPLETIONS_SOFT_LIMIT} and `
      + `\`backoffLimitPerIndex\` it may be at most ${LIMIT_ABOVE_SOFT_LIMIT}. Lower \`maxFailedIndexes\`.`);
  }
  // Above 100000 completions, the fixed bound is the tighter one.
  if (completions !== undefined && maxFailedIndexes > completions && completions <= MAX_FAILED_INDEXES) {
    return report(CODES.maxFailedIndexesAboveCompletions, path,
      `\`maxFailedIndexes\` is ${maxFailedIndexes}, but the Job has only ${completions} indexes (\`completions\`), so at `
      + `most ${completions} can fail. Set \`maxFailedIndexes\` to ${completions} or less.`);
  }
  if (maxFailedIndexes > MAX_FAILED_INDEXES) {
    return report(CODES.maxFailedIndexesTooLarge, path,
      `\`maxFailedIndexes\` is ${maxFailedIndexes}, but it may be at most ${MAX_FAILED_INDEXES}: the limit keeps the `
      + 'list of failed indexes in the Job status small. Lower `maxFailedIndexes`.');
  }
  return undefined;
}
