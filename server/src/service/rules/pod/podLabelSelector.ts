// ValidateLabelSelector for the label selectors inside a pod spec (pod affinity terms, their namespace
// selectors, topology spread constraints): the syntax problems of job/labelSelector.ts as findings that
// quote the server. Requirement values are checked only where the release does (LabelSelectorValidationOptions
// .AllowInvalidLabelValueInSelector is false on create from 1.26; before, values were not checked at all).
import {
  labelValueServerMessages, qualifiedNameServerMessages,
} from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { parseLabelSelector, type SelectorProblem } from '../job/labelSelector';
import { listProblems, oneOf, serverError, serverSays } from '../meta/report';
import { report } from '../shared';
import { LABEL_SELECTOR_OPERATORS } from './podEnums';

export interface SelectorCodes {
  /** Keys, values and value counts. */
  invalid: RuleCode;
  /** An operator outside In, NotIn, Exists, DoesNotExist (it has a quick fix). */
  operator: RuleCode;
}

/** Whether ValidateLabelSelectorRequirement checks requirement values in this release (apimachinery 0.26). */
export function selectorValuesChecked(minor: number): boolean {
  return minor >= 26;
}

function problemFinding(problem: SelectorProblem, codes: SelectorCodes, what: string): Finding | undefined {
  const printed = formatFieldPath(problem.path);
  switch (problem.kind) {
    case 'matchLabelsKey':
      return report(codes.invalid, [...problem.path, problem.key],
        `\`${problem.key}\` in the ${what}'s \`matchLabels\` is not a valid label key: ${listProblems(problem.problems)}. Use a label key such as \`app\` or \`app.kubernetes.io/name\`. ${serverSays(qualifiedNameServerMessages(problem.key).map((detail) => serverError(printed, 'Invalid value', problem.key, detail)))}`, 'key');
    case 'matchLabelsValue':
      return report(codes.invalid, [...problem.path, problem.key],
        `The ${what}'s \`matchLabels\` value for \`${problem.key}\` is not a valid label value: ${listProblems(problem.problems)}. No pod can carry such a label, so fix the value. ${serverSays(labelValueServerMessages(problem.value).map((detail) => serverError(printed, 'Invalid value', problem.value, detail)))}`);
    case 'valuesRequired':
      return report(codes.invalid, problem.path,
        `\`${problem.operator}\` compares the label with a list, so \`values\` needs at least one value. Add values, or use \`Exists\` / \`DoesNotExist\` to test only for the key. ${serverSays([serverError(printed, 'Required value', undefined, "must be specified when `operator` is 'In' or 'NotIn'")])}`);
    case 'valuesForbidden':
      return report(codes.invalid, problem.path,
        `\`${problem.operator}\` tests only whether the key is there, so \`values\` must be left out. Remove \`values\`, or use \`In\` / \`NotIn\` to compare values. ${serverSays([serverError(printed, 'Forbidden', undefined, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")])}`, 'key');
    case 'invalidOperator':
      return report(codes.operator, problem.path,
        `${problem.operator === '' ? 'The operator is empty' : `\`${problem.operator}\` is not a label selector operator`}: use ${oneOf(LABEL_SELECTOR_OPERATORS)} (case-sensitive). ${serverSays([serverError(printed, 'Invalid value', problem.operator, 'not a valid selector operator')])}`);
    case 'invalidKey':
      return report(codes.invalid, problem.path,
        `\`${problem.key}\` is not a valid label key: ${listProblems(problem.problems)}. ${serverSays(qualifiedNameServerMessages(problem.key).map((detail) => serverError(printed, 'Invalid value', problem.key, detail)))}`);
    case 'invalidValue':
      return report(codes.invalid, problem.path,
        `\`${problem.value}\` is not a valid label value: ${listProblems(problem.problems)}. No pod can carry such a label, so fix the value. ${serverSays(labelValueServerMessages(problem.value).map((detail) => serverError(printed, 'Invalid value', problem.value, detail)))}`);
  }
}

/** The syntax findings of one label selector at `path`; `what` names its owner in messages ("pod affinity term"). */
export function labelSelectorFindings(selector: Json | undefined, path: FieldPath, codes: SelectorCodes, what: string, minor: number): Finding[] {
  if (selector === undefined) return [];
  const checkValues = selectorValuesChecked(minor);
  const findings: Finding[] = [];
  for (const problem of parseLabelSelector(selector, path).problems) {
    if (problem.kind === 'invalidValue' && !checkValues) continue;
    const finding = problemFinding(problem, codes, what);
    if (finding) findings.push(finding);
  }
  return findings;
}

/** The keys a selector names (matchLabels, then matchExpressions), for matchLabelKeys checks. */
export function selectorKeys(selector: Json | undefined): { matchLabels: string[]; expressions: string[] } | undefined {
  if (typeof selector !== 'object' || selector === null || Array.isArray(selector)) return undefined;
  const matchLabels = typeof selector.matchLabels === 'object' && selector.matchLabels !== null && !Array.isArray(selector.matchLabels)
    ? Object.keys(selector.matchLabels) : [];
  const expressions = Array.isArray(selector.matchExpressions)
    ? selector.matchExpressions.flatMap((expression) => (typeof expression === 'object' && expression !== null && !Array.isArray(expression) && typeof expression.key === 'string' ? [expression.key] : []))
    : [];
  return { matchLabels, expressions };
}
