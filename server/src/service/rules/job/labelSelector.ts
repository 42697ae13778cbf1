// metav1 LabelSelector, read as the API server reads it: ValidateLabelSelector's syntax problems, and
// LabelSelectorAsSelector's matching (matchLabels and matchExpressions are ANDed; an empty selector
// matches everything; a missing one matches nothing).
import { labelValueProblems, qualifiedNameProblems } from '../../kube/names';
import type { FieldPath, Json } from '../../types';
import { asArray, asLabels, asObject, asString } from '../shared';

export interface Requirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Equals';
  values: string[];
}

export type SelectorProblem =
  | { kind: 'matchLabelsKey'; path: FieldPath; key: string; problems: readonly string[] }
  | { kind: 'matchLabelsValue'; path: FieldPath; key: string; value: string; problems: readonly string[] }
  | { kind: 'valuesRequired'; path: FieldPath; operator: string }
  | { kind: 'valuesForbidden'; path: FieldPath; operator: string }
  | { kind: 'invalidOperator'; path: FieldPath; operator: string }
  | { kind: 'invalidKey'; path: FieldPath; key: string; problems: readonly string[] }
  | { kind: 'invalidValue'; path: FieldPath; value: string; problems: readonly string[] };

export interface ParsedSelector {
  requirements: Requirement[];
  problems: SelectorProblem[];
  /** A value of the wrong type somewhere: the schema check reports it, and the selector is not judged. */
  wrongType: boolean;
}

const SET_OPERATORS = new Set(['In', 'NotIn']);
const EXISTENCE_OPERATORS = new Set(['Exists', 'DoesNotExist']);

export function parseLabelSelector(value: Json | undefined, path: FieldPath): ParsedSelector {
  const result: ParsedSelector = { requirements: [], problems: [], wrongType: false };
  const selector = asObject(value);
  if (!selector) return { ...result, wrongType: true };
  if (selector.matchLabels !== undefined) {
    const matchLabels = asLabels(selector.matchLabels);
    if (!matchLabels) return { ...result, wrongType: true };
    const labelsPath = [...path, 'matchLabels'];
    for (const [key, labelValue] of Object.entries(matchLabels)) {
      const keyProblems = qualifiedNameProblems(key);
      if (keyProblems.length) result.problems.push({ kind: 'matchLabelsKey', path: labelsPath, key, problems: keyProblems });
      const valueProblems = labelValueProblems(labelValue);
      if (valueProblems.length) result.problems.push({ kind: 'matchLabelsValue', path: labelsPath, key, value: labelValue, problems: valueProblems });
      result.requirements.push({ key, operator: 'Equals', values: [labelValue] });
    }
  }
  if (selector.matchExpressions !== undefined) {
    const expressions = asArray(selector.matchExpressions);
    if (!expressions) return { ...result, wrongType: true };
    expressions.forEach((expression, index) => {
      const parsed = parseRequirement(expression, [...path, 'matchExpressions', index], result.problems);
      if (parsed) result.requirements.push(parsed);
      else result.wrongType = true;
    });
  }
  return result;
}

/** ValidateLabelSelectorRequirement; an absent key or operator is the schema check's "required" finding. */
function parseRequirement(value: Json, path: FieldPath, problems: SelectorProblem[]): Requirement | undefined {
  const expression = asObject(value);
  const key = asString(expression?.key);
  const operator = asString(expression?.operator);
  const values = expression?.values === undefined ? [] : asArray(expression.values);
  if (!expression || key === undefined || operator === undefined || !values) return undefined;
  if (!values.every((item) => typeof item === 'string')) return undefined;
  const strings = values as string[];
  if (SET_OPERATORS.has(operator)) {
    if (strings.length === 0) problems.push({ kind: 'valuesRequired', path: [...path, 'values'], operator });
  } else if (EXISTENCE_OPERATORS.has(operator)) {
    if (strings.length > 0) problems.push({ kind: 'valuesForbidden', path: [...path, 'values'], operator });
  } else {
    problems.push({ kind: 'invalidOperator', path: [...path, 'operator'], operator });
  }
  const keyProblems = qualifiedNameProblems(key);
  if (keyProblems.length) problems.push({ kind: 'invalidKey', path: [...path, 'key'], key, problems: keyProblems });
  strings.forEach((item, index) => {
    const valueProblems = labelValueProblems(item);
    if (valueProblems.length) problems.push({ kind: 'invalidValue', path: [...path, 'values', index], value: item, problems: valueProblems });
  });
  return { key, operator: operator as Requirement['operator'], values: strings };
}

/** The requirements that `labels` does not satisfy (none: the selector matches). */
export function unmetRequirements(requirements: readonly Requirement[], labels: Readonly<Record<string, string>>): Requirement[] {
  return requirements.filter((requirement) => !satisfies(requirement, labels));
}

function satisfies(requirement: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, requirement.key);
  const value = has ? labels[requirement.key] : undefined;
  switch (requirement.operator) {
    case 'Equals': return value === requirement.values[0];
    case 'In': return value !== undefined && requirement.values.includes(value);
    case 'NotIn': return value === undefined || !requirement.values.includes(value);
    case 'Exists': return has;
    case 'DoesNotExist': return !has;
  }
}

/** A requirement as a user would write it in `kubectl get -l`. */
export function describeRequirement(requirement: Requirement): string {
  switch (requirement.operator) {
    case 'Equals': return `\`${requirement.key}: ${requirement.values[0]}\``;
    case 'Exists': return `\`${requirement.key}\` exists`;
    case 'DoesNotExist': return `\`${requirement.key}\` does not exist`;
    default: return `\`${requirement.key} ${requirement.operator} (${requirement.values.join(', ')})\``;
  }
}
