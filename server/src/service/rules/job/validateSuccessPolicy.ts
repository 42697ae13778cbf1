// validateJobSpec's success policy block, validateSuccessPolicy and validateSuccessPolicyRule. A missing
// `rules` field is the schema check's finding; an empty list is reported here. Servers before 1.31 drop
// the field (gate off in 1.30, no field earlier).
import { byteLength } from '../../kube/names';
import type { FieldPath, Finding, Json, Rule, RuleCode } from '../../types';
import { DOCS, FIRST_MINOR, isIndexed, jobSpecRule, quote } from './jobFields';
import { asArray, asInteger, asObject, asString, report } from '../shared';
import { parseIndexes } from './indexesFormat';

const MAX_RULES = 20;
const MAX_SUCCEEDED_INDEXES_LENGTH = 64 * 1024;

const code = (name: string, severity: RuleCode['severity'], title: string, reference?: string, mirrors = 'validateSuccessPolicyRule'): RuleCode => ({
  code: `job/success-policy/${name}`, severity, title,
  mirrors: reference ? mirrors : '-', ...(reference ? { reference } : {}), href: DOCS.successPolicy,
});

const CODES = {
  requiresIndexed: code('requires-indexed', 'error', '`successPolicy` requires `completionMode: Indexed`', 'JOB-SP-01', 'validateJobSpec'),
  rulesRequired: code('rules-required', 'error', '`successPolicy.rules` needs at least one rule', 'JOB-SP-02', 'validateSuccessPolicy'),
  tooManyRules: code('too-many-rules', 'error', '`successPolicy` allows at most 20 rules', 'JOB-SP-03', 'validateSuccessPolicy'),
  ruleNeedsIndexesOrCount: code('rule-needs-indexes-or-count', 'error',
    'A success policy rule needs `succeededIndexes` or `succeededCount`', 'JOB-SP-04'),
  succeededIndexesTooLong: code('succeeded-indexes-too-long', 'error', '`succeededIndexes` allows at most 65536 characters', 'JOB-SP-05'),
  invalidSucceededIndexes: code('invalid-succeeded-indexes', 'error',
    '`succeededIndexes` must be increasing indexes or ranges below `completions`', 'JOB-SP-06'),
  negativeSucceededCount: code('negative-succeeded-count', 'error', '`succeededCount` must not be negative', 'JOB-SP-07'),
  succeededCountAboveCompletions: code('succeeded-count-above-completions', 'error',
    '`succeededCount` must not exceed `completions`', 'JOB-SP-08'),
  succeededCountAboveIndexes: code('succeeded-count-above-indexes', 'error',
    '`succeededCount` must not exceed the number of `succeededIndexes`', 'JOB-SP-09'),
  zeroSucceededCount: code('zero-succeeded-count', 'warning',
    '`succeededCount: 0` is met before any index succeeds (the API asks for a positive number)'),
  emptySucceededIndexes: code('empty-succeeded-indexes', 'warning',
    'An empty `succeededIndexes` is never met (the API asks for at least one index)'),
} satisfies Record<string, RuleCode>;

export const validateSuccessPolicy: Rule = jobSpecRule({
  name: 'validateSuccessPolicy',
  codes: Object.values(CODES),
  check(parts, context) {
    if (context.minor < FIRST_MINOR.successPolicy) return [];
    const successPolicy = asObject(parts.spec.successPolicy);
    if (!successPolicy) return [];
    const path = parts.at('successPolicy');
    if (!isIndexed(parts)) {
      return [report(CODES.requiresIndexed, path,
        '`successPolicy` requires `completionMode: Indexed`: its rules name indexes, and only Indexed Jobs have them. '
        + 'Set `completionMode: Indexed` (with `completions`), or remove `successPolicy`.')];
    }
    const rules = asArray(successPolicy.rules);
    if (!rules) return [];
    const findings: Finding[] = [];
    if (rules.length === 0) {
      findings.push(report(CODES.rulesRequired, [...path, 'rules'],
        '`rules` is empty: a success policy needs at least one rule. Add a rule with `succeededIndexes` and/or '
        + '`succeededCount`, or remove `successPolicy` to require every index to succeed.'));
    } else if (rules.length > MAX_RULES) {
      findings.push(report(CODES.tooManyRules, [...path, 'rules'],
        `\`successPolicy\` has ${rules.length} rules, but at most ${MAX_RULES} are allowed. Remove some rules.`));
    }
    // With `completions` unset the server already reports it as required (and cannot check the rules).
    const completions = asInteger(parts.defaultedSpec.completions);
    rules.forEach((rule, index) => findings.push(...validateRule(rule, [...path, 'rules', index], completions)));
    return findings;
  },
});

function validateRule(value: Json, rulePath: FieldPath, completions: number | undefined): Finding[] {
  const rule = asObject(value);
  if (!rule) return [];
  const findings: Finding[] = [];
  if (rule.succeededIndexes === undefined && rule.succeededCount === undefined) {
    findings.push(report(CODES.ruleNeedsIndexesOrCount, rulePath,
      'This rule has neither `succeededIndexes` nor `succeededCount`, so it says nothing about success. Add one or '
      + 'both, or remove the rule.', 'entry'));
  }
  const succeededIndexes = asString(rule.succeededIndexes);
  const indexesPath = [...rulePath, 'succeededIndexes'];
  let indexCount: number | undefined;
  if (succeededIndexes !== undefined) {
    const length = byteLength(succeededIndexes);
    if (length > MAX_SUCCEEDED_INDEXES_LENGTH) {
      findings.push(report(CODES.succeededIndexesTooLong, indexesPath,
        `\`succeededIndexes\` is ${length} characters long, but at most ${MAX_SUCCEEDED_INDEXES_LENGTH} are allowed. `
        + 'Write runs of consecutive indexes as ranges (`0-999`).'));
    }
    if (completions !== undefined) {
      const parsed = parseIndexes(succeededIndexes, completions);
      if ('error' in parsed) {
        findings.push(report(CODES.invalidSucceededIndexes, indexesPath,
          `${quote(succeededIndexes)} is not a valid list of indexes: ${parsed.error}. Write indexes and ranges `
          + 'separated by commas, in increasing order, each below `completions`, such as `0,2-4,7`.'));
      } else {
        indexCount = parsed.total;
      }
    }
  }
  const succeededCount = asInteger(rule.succeededCount);
  const countPath = [...rulePath, 'succeededCount'];
  const countFinding = succeededCount === undefined ? undefined : checkCount(succeededCount, countPath, completions, indexCount);
  if (countFinding) findings.push(countFinding);
  if (succeededIndexes === '' && !countFinding) {
    findings.push(report(CODES.emptySucceededIndexes, indexesPath,
      'An empty `succeededIndexes` lists no index, and the Job controller skips such a rule, so it is never met. '
      + 'The server accepts it, but the API asks for at least one index. List the indexes that must succeed.'));
  } else if (succeededCount === 0 && succeededIndexes !== '') {
    findings.push(report(CODES.zeroSucceededCount, countPath,
      '`succeededCount: 0` is met before any index has succeeded: the Job is declared successful as soon as the '
      + 'controller checks the policy, and its remaining Pods are terminated. The server accepts 0, but the API asks '
      + 'for a positive number. Set the number of indexes that must succeed.'));
  }
  return findings;
}

/**
 * The server may report both upper bounds (completions, and the number of listed indexes, which is never
 * larger); they are one mistake, so only the tighter one is reported.
 */
function checkCount(count: number, path: FieldPath, completions: number | undefined, indexCount: number | undefined): Finding | undefined {
  if (count < 0) {
    return report(CODES.negativeSucceededCount, path,
      `\`succeededCount\` is ${count}, but it must not be negative: it is how many indexes must succeed. Use a positive number.`);
  }
  if (indexCount !== undefined && count > indexCount) {
    return report(CODES.succeededCountAboveIndexes, path,
      `\`succeededCount\` is ${count}, but \`succeededIndexes\` lists only ${indexCount} indexes, and only those are `
      + `counted, so the rule could never be met. Set \`succeededCount\` to ${indexCount} or less, or list more indexes.`);
  }
  if (completions !== undefined && count > completions) {
    return report(CODES.succeededCountAboveCompletions, path,
      `\`succeededCount\` is ${count}, but the Job has only ${completions} indexes (\`completions\`), so the rule could `
      + `never be met. Set \`succeededCount\` to ${completions} or less.`);
  }
  return undefined;
}
