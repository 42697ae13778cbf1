// ValidateTolerations (and validateTaintEffect) for a pod template. The same in every release 1.23..1.37
// with default gates: the operators Lt and Gt exist from 1.35 but need TaintTolerationComparisonOperators
// (alpha, off), so they are refused like any other unknown operator. The server names the `operator` field
// for a bad value and the `effect` field for tolerationSeconds without NoExecute; so do we.
import { labelValueProblems, labelValueServerMessages, qualifiedNameProblems, qualifiedNameServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, oneOf, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asString, objectEntries, report } from '../shared';
import { TAINT_EFFECTS, TOLERATION_OPERATORS } from './podEnums';
import { jobTemplateRule, podSpecOf } from './podTemplate';

const code = (name: string, title: string, mirrors = 'ValidateTolerations'): RuleCode =>
  ({ code: `pod/toleration-${name}`, severity: 'error', title, mirrors, href: HREF.tolerations });

export const TOLERATION_CODES = {
  keyInvalid: code('key-invalid', 'A toleration key must be a valid label key'),
  emptyKeyNeedsExists: code('empty-key-needs-exists', 'A toleration without a key must use operator Exists'),
  secondsNeedsNoExecute: code('seconds-needs-no-execute', 'tolerationSeconds only applies to the NoExecute effect'),
  valueInvalid: code('value-invalid', 'A toleration value must be a valid label value'),
  existsWithValue: code('exists-with-value', 'A toleration with operator Exists may not have a value'),
  operatorUnsupported: code('operator-unsupported', 'A toleration operator must be Equal or Exists'),
  effectUnsupported: code('effect-unsupported', 'A toleration effect must be NoSchedule, PreferNoSchedule or NoExecute', 'ValidateTolerations (validateTaintEffect)'),
} satisfies Record<string, RuleCode>;

const STRING_FIELDS = ['key', 'operator', 'value', 'effect'];

function tolerationFindings(toleration: JsonObject, path: FieldPath): Finding[] {
  // A field of the wrong type is the schema check's finding; the rest cannot be judged without it.
  if (STRING_FIELDS.some((field) => toleration[field] !== undefined && typeof toleration[field] !== 'string')) return [];
  const findings: Finding[] = [];
  const key = asString(toleration.key) ?? '';
  const operator = asString(toleration.operator) ?? '';
  const value = asString(toleration.value) ?? '';
  const effect = asString(toleration.effect) ?? '';
  const operatorPath = [...path, 'operator'];
  const printedOperator = formatFieldPath(operatorPath);
  if (key !== '') {
    const problems = qualifiedNameProblems(key);
    if (problems.length) {
      const at = [...path, 'key'];
      findings.push(report(TOLERATION_CODES.keyInvalid, at,
        `\`${key}\` is not a valid taint key: ${listProblems(problems)}. Taint keys have label-key syntax, e.g. \`node.kubernetes.io/not-ready\` or \`dedicated\`. ${serverSays(qualifiedNameServerMessages(key).map((detail) => serverError(formatFieldPath(at), 'Invalid value', key, detail)))}`));
    }
  } else if (operator !== 'Exists') {
    findings.push(report(TOLERATION_CODES.emptyKeyNeedsExists, operatorPath,
      `This toleration has no key, which means "every taint"; that only makes sense with \`operator: Exists\` (${operator === '' ? 'the operator defaults to `Equal`' : `not \`${operator}\``}). Add the taint's \`key\`, or set \`operator: Exists\` to tolerate every taint. ${serverSays([serverError(printedOperator, 'Invalid value', operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"')])}`));
  }
  if (typeof toleration.tolerationSeconds === 'number' && effect !== 'NoExecute') {
    const at = [...path, 'effect'];
    findings.push(report(TOLERATION_CODES.secondsNeedsNoExecute, at,
      `\`tolerationSeconds\` says how long the pod stays on a node after a NoExecute taint appears, so it needs \`effect: NoExecute\` (${effect === '' ? 'the effect is not set' : `the effect is \`${effect}\``}). Remove \`tolerationSeconds\`, or set \`effect: NoExecute\`. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', effect, "effect must be 'NoExecute' when `tolerationSeconds` is set")])}`));
  }
  if (operator === 'Equal' || operator === '') {
    const problems = labelValueProblems(value);
    if (problems.length) {
      findings.push(report(TOLERATION_CODES.valueInvalid, operatorPath,
        `The toleration value \`${value}\` is not a valid label value: ${listProblems(problems)}. Taint values have label-value syntax; fix the value (the server names the \`operator\` field for it). ${serverSays([serverError(printedOperator, 'Invalid value', value, labelValueServerMessages(value).join(';'))])}`));
    }
  } else if (operator === 'Exists') {
    if (value !== '') {
      findings.push(report(TOLERATION_CODES.existsWithValue, operatorPath,
        `\`operator: Exists\` tolerates the taint whatever its value, so \`value: ${value}\` must go. Remove \`value\`, or use \`operator: Equal\` to tolerate only that value. ${serverSays([serverError(printedOperator, 'Invalid value', value, "value must be empty when `operator` is 'Exists'")])}`));
    }
  } else {
    findings.push(report(TOLERATION_CODES.operatorUnsupported, operatorPath,
      `\`${operator}\` is not a toleration operator: use ${oneOf(TOLERATION_OPERATORS)} (case-sensitive; \`Lt\` and \`Gt\` need the TaintTolerationComparisonOperators feature gate, off by default). ${serverSays([serverError(printedOperator, 'Unsupported value', operator, supportedValuesDetail(TOLERATION_OPERATORS))])}`));
  }
  if (effect !== '' && !(TAINT_EFFECTS as readonly string[]).includes(effect)) {
    const at = [...path, 'effect'];
    findings.push(report(TOLERATION_CODES.effectUnsupported, at,
      `\`${effect}\` is not a taint effect: use ${oneOf(TAINT_EFFECTS)} (case-sensitive), or leave \`effect\` out to tolerate every effect. ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', effect, supportedValuesDetail(TAINT_EFFECTS))])}`));
  }
  return findings;
}

/** ValidateTolerations for the template at `base`. */
export function checkTolerations(template: Json | undefined, base: FieldPath): Finding[] {
  return objectEntries(podSpecOf(template)?.tolerations)
    .flatMap(([toleration, index]) => tolerationFindings(toleration, [...base, 'spec', 'tolerations', index]));
}

export const validateTolerations = jobTemplateRule('ValidateTolerations', Object.values(TOLERATION_CODES), (template, base) => checkTolerations(template, base));
