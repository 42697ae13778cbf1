// validateAffinity and what it calls: validateNodeAffinity (ValidateNodeSelector, ValidateNodeSelectorTerm,
// ValidateNodeSelectorRequirement, ValidateNodeFieldSelectorRequirement, ValidatePreferredSchedulingTerms)
// and validatePodAffinity / validatePodAntiAffinity (validatePodAffinityTerm, ValidatePodAffinityTermSelector,
// validateMatchLabelKeysAndMismatchLabelKeys), as a Job's pod template gets them on create.
// Release by release:
// - requirement values of *required* node affinity must be label values from 1.33 (PR 128212, milestone
//   1.33; AllowInvalidLabelValueInRequiredNodeAffinity is false on create); preferred terms never;
// - pod affinity selector values are checked from 1.26 (podLabelSelector.ts);
// - matchLabelKeys / mismatchLabelKeys exist from 1.29 but are dropped until MatchLabelKeysInPodAffinity
//   is on (1.31); the version rule warns about the drop.
import { gateEnabledByDefault } from '../../kube/featureGates';
import {
  dns1123LabelProblems, dns1123LabelServerMessages, dns1123SubdomainProblems, dns1123SubdomainServerMessages,
  labelValueProblems, labelValueServerMessages, qualifiedNameProblems, qualifiedNameServerMessages,
} from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, oneOf, serverError, serverSays } from '../meta/report';
import { asArray, asInteger, asObject, asString, objectEntries, report } from '../shared';
import { NODE_SELECTOR_OPERATORS } from './podEnums';
import { labelSelectorFindings, selectorKeys, type SelectorCodes } from './podLabelSelector';
import { jobTemplateRule, podSpecOf } from './podTemplate';

const code = (name: string, title: string, mirrors: string, href: string = HREF.nodeAffinity): RuleCode =>
  ({ code: `pod/affinity-${name}`, severity: 'error', title, mirrors, href });

export const AFFINITY_CODES = {
  nodeSelectorTermsEmpty: code('node-selector-terms-empty', 'Required node affinity needs at least one node selector term', 'ValidateNodeSelector'),
  nodeOperatorInvalid: code('node-operator-invalid', 'A node selector operator must be In, NotIn, Exists, DoesNotExist, Gt or Lt', 'ValidateNodeSelectorRequirement'),
  nodeValuesRequired: code('node-values-required', 'In and NotIn need at least one value', 'ValidateNodeSelectorRequirement'),
  nodeValuesForbidden: code('node-values-forbidden', 'Exists and DoesNotExist take no values', 'ValidateNodeSelectorRequirement'),
  nodeValuesSingle: code('node-values-single', 'Gt and Lt take exactly one value', 'ValidateNodeSelectorRequirement'),
  nodeKeyInvalid: code('node-key-invalid', 'A node selector key must be a valid label key', 'ValidateNodeSelectorRequirement (ValidateLabelName)'),
  nodeValueInvalid: code('node-value-invalid', 'Values of required node affinity must be valid label values (from 1.33)', 'ValidateNodeSelectorRequirement (IsValidLabelValue)'),
  fieldKeyInvalid: code('node-field-key-invalid', 'matchFields can only select on metadata.name', 'ValidateNodeFieldSelectorRequirement'),
  fieldOperatorInvalid: code('node-field-operator-invalid', 'A matchFields operator must be In or NotIn', 'ValidateNodeFieldSelectorRequirement'),
  fieldValuesSingle: code('node-field-values-single', 'A matchFields requirement takes exactly one value', 'ValidateNodeFieldSelectorRequirement'),
  fieldValueInvalid: code('node-field-value-invalid', 'A matchFields value must be a node name (DNS subdomain)', 'ValidateNodeFieldSelectorRequirement (ValidateNodeName)'),
  weightOutOfRange: code('weight-out-of-range', 'Preferred affinity weights must be between 1 and 100', 'ValidatePreferredSchedulingTerms, validateWeightedPodAffinityTerms'),
  topologyKeyRequired: code('topology-key-required', 'A pod affinity term needs a topologyKey', 'validatePodAffinityTerm', HREF.podAffinity),
  topologyKeyInvalid: code('topology-key-invalid', 'A pod affinity topologyKey must be a valid label key', 'validatePodAffinityTerm (ValidateLabelName)', HREF.podAffinity),
  namespaceInvalid: code('namespace-invalid', 'Pod affinity namespaces must be namespace names (DNS labels)', 'validatePodAffinityTerm (ValidateNamespaceName)', HREF.podAffinity),
  selectorInvalid: code('selector-invalid', 'Pod affinity label and namespace selectors must be well formed', 'ValidatePodAffinityTermSelector (ValidateLabelSelector)', HREF.podAffinity),
  selectorOperatorInvalid: code('selector-operator-invalid', 'A pod affinity selector operator must be In, NotIn, Exists or DoesNotExist', 'ValidatePodAffinityTermSelector (ValidateLabelSelectorRequirement)', HREF.podAffinity),
  labelKeysWithoutSelector: code('label-keys-without-selector', 'matchLabelKeys and mismatchLabelKeys need a labelSelector', 'validateMatchLabelKeysAndMismatchLabelKeys (validateLabelKeys)', HREF.podAffinity),
  labelKeyInvalid: code('label-key-invalid', 'matchLabelKeys and mismatchLabelKeys entries must be valid label keys', 'validateMatchLabelKeysAndMismatchLabelKeys (validateLabelKeys)', HREF.podAffinity),
  labelKeyConflict: code('label-key-conflict', 'A key may not be in both matchLabelKeys and mismatchLabelKeys, nor repeat a selector key', 'validateMatchLabelKeysAndMismatchLabelKeys', HREF.podAffinity),
} satisfies Record<string, RuleCode>;

const SELECTOR_CODES: SelectorCodes = { invalid: AFFINITY_CODES.selectorInvalid, operator: AFFINITY_CODES.selectorOperatorInvalid };

/** Required node affinity values are label values from 1.33; preferred ones are never checked. */
export function requiredNodeValuesChecked(minor: number): boolean {
  return minor >= 33;
}

function stringsOf(value: Json | undefined): string[] | undefined {
  const list = value === undefined ? [] : asArray(value);
  return list && list.every((item) => typeof item === 'string') ? (list as string[]) : undefined;
}

function keyFinding(key: string, path: FieldPath, what: string): Finding | undefined {
  const problems = qualifiedNameProblems(key);
  if (!problems.length) return undefined;
  return report(AFFINITY_CODES.nodeKeyInvalid, path,
    `${key === '' ? 'The key is empty' : `\`${key}\` is not a valid ${what} key: ${listProblems(problems)}`}. Node labels have label-key syntax, e.g. \`kubernetes.io/hostname\` or \`topology.kubernetes.io/zone\`. ${serverSays(qualifiedNameServerMessages(key).map((detail) => serverError(formatFieldPath(path), 'Invalid value', key, detail)))}`);
}

/** ValidateNodeSelectorRequirement. */
function nodeRequirementFindings(requirement: JsonObject, path: FieldPath, checkValues: boolean): Finding[] {
  const findings: Finding[] = [];
  const operator = asString(requirement.operator);
  const values = stringsOf(requirement.values);
  const valuesPath = [...path, 'values'];
  const printedValues = formatFieldPath(valuesPath);
  if (operator !== undefined && values) {
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0) {
        findings.push(report(AFFINITY_CODES.nodeValuesRequired, valuesPath,
          `\`${operator}\` matches nodes whose label has one of the listed values, so \`values\` needs at least one value. Add the values, or use \`Exists\` to match any node that has the label. ${serverSays([serverError(printedValues, 'Required value', undefined, "must be specified when `operator` is 'In' or 'NotIn'")])}`));
      }
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length > 0) {
        findings.push(report(AFFINITY_CODES.nodeValuesForbidden, valuesPath,
          `\`${operator}\` only tests whether the node has the label, so \`values\` must be left out. Remove \`values\`, or use \`In\` / \`NotIn\` to compare values. ${serverSays([serverError(printedValues, 'Forbidden', undefined, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")])}`, 'key'));
      }
    } else if (operator === 'Gt' || operator === 'Lt') {
      if (values.length !== 1) {
        findings.push(report(AFFINITY_CODES.nodeValuesSingle, valuesPath,
          `\`${operator}\` compares the node's label with one number, so \`values\` must hold exactly one value (it holds ${values.length}). ${serverSays([serverError(printedValues, 'Required value', undefined, "must be specified single value when `operator` is 'Lt' or 'Gt'")])}`));
      }
    }
  }
  if (operator !== undefined && !(NODE_SELECTOR_OPERATORS as readonly string[]).includes(operator)) {
    const at = [...path, 'operator'];
    findings.push(report(AFFINITY_CODES.nodeOperatorInvalid, at,
      `${operator === '' ? 'The operator is empty' : `\`${operator}\` is not a node selector operator`}: use ${oneOf(NODE_SELECTOR_OPERATORS)} (case-sensitive). ${serverSays([serverError(formatFieldPath(at), 'Invalid value', operator, 'not a valid selector operator')])}`));
  }
  const key = asString(requirement.key);
  if (key !== undefined) {
    const finding = keyFinding(key, [...path, 'key'], 'node label');
    if (finding) findings.push(finding);
  }
  if (checkValues && values) {
    values.forEach((value, index) => {
      const problems = labelValueProblems(value);
      if (!problems.length) return;
      const at = [...valuesPath, index];
      findings.push(report(AFFINITY_CODES.nodeValueInvalid, at,
        `\`${value}\` is not a valid label value: ${listProblems(problems)}. No node can carry such a label, so this required term could never match; the server refuses it (from Kubernetes 1.33). ${serverSays(labelValueServerMessages(value).map((detail) => serverError(formatFieldPath(at), 'Invalid value', value, detail)))}`));
    });
  }
  return findings;
}

/** ValidateNodeFieldSelectorRequirement: only `metadata.name`, In or NotIn, one node name. */
function nodeFieldRequirementFindings(requirement: JsonObject, path: FieldPath): Finding[] {
  const findings: Finding[] = [];
  const operator = asString(requirement.operator);
  const values = stringsOf(requirement.values);
  if (operator === 'In' || operator === 'NotIn') {
    if (values && values.length !== 1) {
      const at = [...path, 'values'];
      findings.push(report(AFFINITY_CODES.fieldValuesSingle, at,
        `A \`matchFields\` requirement names exactly one node, so \`values\` must hold one node name (it holds ${values.length}). To allow several nodes, add one node selector term per node. ${serverSays([serverError(formatFieldPath(at), 'Required value', undefined, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector")])}`));
    }
  } else if (operator !== undefined) {
    const at = [...path, 'operator'];
    findings.push(report(AFFINITY_CODES.fieldOperatorInvalid, at,
      `\`${operator}\` is not allowed in \`matchFields\`: use \`In\` or \`NotIn\`. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', operator, 'not a valid selector operator')])}`));
  }
  const key = asString(requirement.key);
  if (key !== undefined && key !== 'metadata.name') {
    const at = [...path, 'key'];
    findings.push(report(AFFINITY_CODES.fieldKeyInvalid, at,
      `\`matchFields\` can only select on \`metadata.name\` (the node's name), not \`${key}\`. Use \`key: metadata.name\`, or move the requirement to \`matchExpressions\` to select on a node label. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', key, 'not a valid field selector key')])}`));
  } else if (key === 'metadata.name' && values) {
    values.forEach((value, index) => {
      const problems = dns1123SubdomainProblems(value);
      if (!problems.length) return;
      const at = [...path, 'values', index];
      findings.push(report(AFFINITY_CODES.fieldValueInvalid, at,
        `\`${value}\` is not a valid node name: ${listProblems(problems)}. ${serverSays(dns1123SubdomainServerMessages(value).map((detail) => serverError(formatFieldPath(at), 'Invalid value', value, detail)))}`));
    });
  }
  return findings;
}

/** ValidateNodeSelectorTerm. */
function nodeSelectorTermFindings(term: JsonObject, path: FieldPath, checkValues: boolean): Finding[] {
  const findings: Finding[] = [];
  for (const [requirement, index] of objectEntries(term.matchExpressions)) {
    findings.push(...nodeRequirementFindings(requirement, [...path, 'matchExpressions', index], checkValues));
  }
  for (const [requirement, index] of objectEntries(term.matchFields)) {
    findings.push(...nodeFieldRequirementFindings(requirement, [...path, 'matchFields', index]));
  }
  return findings;
}

function weightFinding(entry: JsonObject, path: FieldPath): Finding | undefined {
  const weight = asInteger(entry.weight);
  if (weight === undefined || (weight >= 1 && weight <= 100)) return undefined;
  const at = [...path, 'weight'];
  return report(AFFINITY_CODES.weightOutOfRange, at,
    `The weight of a preferred term is ${weight}; it must be between 1 and 100 (the scheduler adds the weights of the terms a node matches, so higher means more important). ${serverSays([serverError(formatFieldPath(at), 'Invalid value', weight, 'must be in the range 1-100')])}`);
}

function nodeAffinityFindings(nodeAffinity: JsonObject, path: FieldPath, minor: number): Finding[] {
  const findings: Finding[] = [];
  const required = asObject(nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution);
  if (required) {
    const termsPath = [...path, 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms'];
    const terms = asArray(required.nodeSelectorTerms);
    if (terms && terms.length === 0) {
      findings.push(report(AFFINITY_CODES.nodeSelectorTermsEmpty, termsPath,
        `\`nodeSelectorTerms\` is empty: required node affinity needs at least one term saying which nodes the pod may run on (the terms are ORed). Add a term with \`matchExpressions\`, or remove \`requiredDuringSchedulingIgnoredDuringExecution\`. ${serverSays([serverError(formatFieldPath(termsPath), 'Required value', undefined, 'must have at least one node selector term')])}`, 'key'));
    }
    for (const [term, index] of objectEntries(terms)) {
      findings.push(...nodeSelectorTermFindings(term, [...termsPath, index], requiredNodeValuesChecked(minor)));
    }
  }
  for (const [entry, index] of objectEntries(nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution)) {
    const entryPath = [...path, 'preferredDuringSchedulingIgnoredDuringExecution', index];
    const weight = weightFinding(entry, entryPath);
    if (weight) findings.push(weight);
    const preference = asObject(entry.preference);
    if (preference) findings.push(...nodeSelectorTermFindings(preference, [...entryPath, 'preference'], false));
  }
  return findings;
}

/** The codes of the matchLabelKeys checks, shared with topology spread constraints (same function from 1.34). */
export interface LabelKeyCodes {
  withoutSelector: RuleCode;
  keyInvalid: RuleCode;
  conflict: RuleCode;
}

const LABEL_KEY_CODES: LabelKeyCodes = {
  withoutSelector: AFFINITY_CODES.labelKeysWithoutSelector, keyInvalid: AFFINITY_CODES.labelKeyInvalid, conflict: AFFINITY_CODES.labelKeyConflict,
};

/** validateLabelKeys: a selector is needed, and each key must be a label key. */
function labelKeysFindings(keys: string[], path: FieldPath, field: string, hasSelector: boolean, codes: LabelKeyCodes): Finding[] {
  if (keys.length === 0) return [];
  if (!hasSelector) {
    return [report(codes.withoutSelector, path,
      `\`${field}\` refines \`labelSelector\` with the new pod's own label values, so it needs a \`labelSelector\` to refine. Add a \`labelSelector\` (e.g. \`matchLabels: {app: my-app}\`) or remove \`${field}\`. ${serverSays([serverError(formatFieldPath(path), 'Forbidden', undefined, 'must not be specified when labelSelector is not set')])}`, 'key')];
  }
  const findings: Finding[] = [];
  keys.forEach((key, index) => {
    const problems = qualifiedNameProblems(key);
    if (!problems.length) return;
    const at = [...path, index];
    findings.push(report(codes.keyInvalid, at,
      `\`${key}\` is not a valid label key: ${listProblems(problems)}. ${serverSays(qualifiedNameServerMessages(key).map((detail) => serverError(formatFieldPath(at), 'Invalid value', key, detail)))}`));
  });
  return findings;
}

/** validateMatchLabelKeysAndMismatchLabelKeys, on the template as written (a template's keys are not merged into its selector). */
export function labelKeysAndMismatchFindings(termPath: FieldPath, matchLabelKeys: string[], mismatchLabelKeys: string[], selector: Json | undefined, codes: LabelKeyCodes = LABEL_KEY_CODES): Finding[] {
  const hasSelector = selector !== undefined;
  const findings = [
    ...labelKeysFindings(matchLabelKeys, [...termPath, 'matchLabelKeys'], 'matchLabelKeys', hasSelector, codes),
    ...labelKeysFindings(mismatchLabelKeys, [...termPath, 'mismatchLabelKeys'], 'mismatchLabelKeys', hasSelector, codes),
  ];
  const keys = selectorKeys(selector);
  if (keys) {
    // The server reports a key of matchLabelKeys that the selector already names twice (in matchLabels or an
    // earlier expression, and again in an expression), at the term's path with the key's index appended.
    const positions = new Map<string, number>();
    matchLabelKeys.forEach((key, index) => positions.set(key, index));
    const seen = new Set(keys.matchLabels);
    for (const key of keys.expressions) {
      const index = positions.get(key);
      if (index !== undefined && seen.has(key)) {
        findings.push(report(codes.conflict, [...termPath, 'matchLabelKeys', index],
          `\`${key}\` is in \`matchLabelKeys\` and the \`labelSelector\` already names it more than once; the key from \`matchLabelKeys\` would add yet another requirement on the same label. Remove \`${key}\` from \`matchLabelKeys\` or from the selector. ${serverSays([serverError(`${formatFieldPath(termPath)}[${index}]`, 'Invalid value', key, 'exists in both matchLabelKeys and labelSelector')])}`));
      }
      seen.add(key);
    }
  }
  const mismatch = new Set(mismatchLabelKeys);
  matchLabelKeys.forEach((key, index) => {
    if (!mismatch.has(key)) return;
    const at = [...termPath, 'matchLabelKeys', index];
    findings.push(report(codes.conflict, at,
      `\`${key}\` is in both \`matchLabelKeys\` (pods with the same value) and \`mismatchLabelKeys\` (pods with a different value): no pod can be both. Keep it in one of them. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', key, 'exists in both matchLabelKeys and mismatchLabelKeys')])}`));
  });
  return findings;
}

/** validatePodAffinityTerm. */
function podAffinityTermFindings(term: JsonObject, path: FieldPath, minor: number): Finding[] {
  const findings: Finding[] = [
    ...labelSelectorFindings(term.labelSelector, [...path, 'labelSelector'], SELECTOR_CODES, 'pod affinity term', minor),
    ...labelSelectorFindings(term.namespaceSelector, [...path, 'namespaceSelector'], SELECTOR_CODES, 'pod affinity term', minor),
  ];
  stringsOf(term.namespaces)?.forEach((namespace, index) => {
    const problems = dns1123LabelProblems(namespace);
    if (!problems.length) return;
    findings.push(report(AFFINITY_CODES.namespaceInvalid, [...path, 'namespaces', index],
      `\`${namespace}\` is not a namespace name: ${listProblems(problems)}. Namespace names are DNS labels (lower-case letters, digits and \`-\`, at most 63). ${serverSays(dns1123LabelServerMessages(namespace).map((detail) => serverError(`${formatFieldPath(path)}.namespace`, 'Invalid value', namespace, detail)))}`));
  });
  if (gateEnabledByDefault('MatchLabelKeysInPodAffinity', minor)) {
    findings.push(...labelKeysAndMismatchFindings(path, stringsOf(term.matchLabelKeys) ?? [], stringsOf(term.mismatchLabelKeys) ?? [], term.labelSelector));
  }
  const topologyKey = asString(term.topologyKey);
  if (topologyKey !== undefined) {
    const at = [...path, 'topologyKey'];
    const printed = formatFieldPath(at);
    const invalid = qualifiedNameServerMessages(topologyKey).map((detail) => serverError(printed, 'Invalid value', topologyKey, detail));
    if (topologyKey === '') {
      findings.push(report(AFFINITY_CODES.topologyKeyRequired, at,
        `\`topologyKey\` is empty: it names the node label that defines "the same place" (e.g. \`kubernetes.io/hostname\` for the same node, \`topology.kubernetes.io/zone\` for the same zone). Set one. ${serverSays([serverError(printed, 'Required value', undefined, 'can not be empty'), ...invalid])}`));
    } else if (invalid.length) {
      findings.push(report(AFFINITY_CODES.topologyKeyInvalid, at,
        `\`${topologyKey}\` is not a valid label key: ${listProblems(qualifiedNameProblems(topologyKey))}. \`topologyKey\` names a node label, such as \`kubernetes.io/hostname\` or \`topology.kubernetes.io/zone\`. ${serverSays(invalid)}`));
    }
  }
  return findings;
}

function podAffinityFindings(podAffinity: JsonObject, path: FieldPath, minor: number): Finding[] {
  const findings: Finding[] = [];
  for (const [term, index] of objectEntries(podAffinity.requiredDuringSchedulingIgnoredDuringExecution)) {
    findings.push(...podAffinityTermFindings(term, [...path, 'requiredDuringSchedulingIgnoredDuringExecution', index], minor));
  }
  for (const [entry, index] of objectEntries(podAffinity.preferredDuringSchedulingIgnoredDuringExecution)) {
    const entryPath = [...path, 'preferredDuringSchedulingIgnoredDuringExecution', index];
    const weight = weightFinding(entry, entryPath);
    if (weight) findings.push(weight);
    const term = asObject(entry.podAffinityTerm);
    if (term) findings.push(...podAffinityTermFindings(term, [...entryPath, 'podAffinityTerm'], minor));
  }
  return findings;
}

/** The affinity checks of ValidatePodSpec for the template at `base`. */
export function checkAffinity(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const affinity = asObject(podSpecOf(template)?.affinity);
  if (!affinity) return [];
  const path = [...base, 'spec', 'affinity'];
  const findings: Finding[] = [];
  const nodeAffinity = asObject(affinity.nodeAffinity);
  if (nodeAffinity) findings.push(...nodeAffinityFindings(nodeAffinity, [...path, 'nodeAffinity'], minor));
  for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
    const podAffinity = asObject(affinity[kind]);
    if (podAffinity) findings.push(...podAffinityFindings(podAffinity, [...path, kind], minor));
  }
  return findings;
}

export const validateAffinity = jobTemplateRule('validateAffinity', Object.values(AFFINITY_CODES), checkAffinity);
