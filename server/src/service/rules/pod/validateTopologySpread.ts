// validateTopologySpreadConstraints: maxSkew, topologyKey, whenUnsatisfiable, one constraint per
// {topologyKey, whenUnsatisfiable} pair, minDomains, nodeAffinityPolicy / nodeTaintsPolicy, matchLabelKeys
// and the labelSelector. Release by release (default gates):
// - minDomains is dropped until MinDomainsInPodTopologySpread is on (1.27); nodeAffinityPolicy and
//   nodeTaintsPolicy until NodeInclusionPolicyInPodTopologySpread is on (1.26); matchLabelKeys until
//   MatchLabelKeysInPodTopologySpread is on (1.27). The version rule warns about those drops.
// - matchLabelKeys: until 1.33 a key may not also be in the labelSelector (validateMatchLabelKeysInTopologySpread);
//   from 1.34 (MatchLabelKeysInPodTopologySpreadSelectorMerge) the pod-affinity rule applies
//   (ValidateMatchLabelKeysAndMismatchLabelKeys), which a template whose keys are not merged rarely breaks.
// - the labelSelector is validated (ValidateLabelSelector) from 1.27; earlier releases did not look at it.
import { gateEnabledByDefault } from '../../kube/featureGates';
import { qualifiedNameProblems, qualifiedNameServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, oneOf, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asArray, asInteger, asObject, asString, report } from '../shared';
import { NODE_INCLUSION_POLICIES, UNSATISFIABLE_ACTIONS } from './podEnums';
import { labelSelectorFindings, selectorKeys, type SelectorCodes } from './podLabelSelector';
import { jobTemplateRule, podSpecOf } from './podTemplate';
import { labelKeysAndMismatchFindings, type LabelKeyCodes } from './validateAffinity';

const code = (name: string, title: string, mirrors: string): RuleCode =>
  ({ code: `pod/topology-spread-${name}`, severity: 'error', title, mirrors, href: HREF.topologySpread });

export const TOPOLOGY_SPREAD_CODES = {
  maxSkewInvalid: code('max-skew-invalid', 'maxSkew must be greater than zero', 'validateTopologySpreadConstraints (ValidateMaxSkew)'),
  topologyKeyRequired: code('topology-key-required', 'topologyKey may not be empty', 'validateTopologySpreadConstraints (ValidateTopologyKey)'),
  whenUnsatisfiableUnsupported: code('when-unsatisfiable-unsupported', 'whenUnsatisfiable must be DoNotSchedule or ScheduleAnyway', 'validateTopologySpreadConstraints (ValidateWhenUnsatisfiable)'),
  duplicate: code('duplicate', 'Two constraints may not share topologyKey and whenUnsatisfiable', 'validateTopologySpreadConstraints (ValidateSpreadConstraintNotRepeat)'),
  minDomainsInvalid: code('min-domains-invalid', 'minDomains must be greater than zero', 'validateTopologySpreadConstraints (validateMinDomains)'),
  minDomainsNeedsDoNotSchedule: code('min-domains-needs-do-not-schedule', 'minDomains only works with whenUnsatisfiable: DoNotSchedule', 'validateTopologySpreadConstraints (validateMinDomains)'),
  nodePolicyUnsupported: code('node-policy-unsupported', 'nodeAffinityPolicy and nodeTaintsPolicy must be Honor or Ignore', 'validateTopologySpreadConstraints (validateNodeInclusionPolicy)'),
  labelKeysWithoutSelector: code('label-keys-without-selector', 'matchLabelKeys needs a labelSelector', 'validateMatchLabelKeysInTopologySpread, ValidateMatchLabelKeysAndMismatchLabelKeys'),
  labelKeyInvalid: code('label-key-invalid', 'matchLabelKeys entries must be valid label keys', 'validateMatchLabelKeysInTopologySpread, ValidateMatchLabelKeysAndMismatchLabelKeys'),
  labelKeyInSelector: code('label-key-in-selector', 'A matchLabelKeys key may not also be in the labelSelector', 'validateMatchLabelKeysInTopologySpread, ValidateMatchLabelKeysAndMismatchLabelKeys'),
  selectorInvalid: code('selector-invalid', 'The labelSelector must be well formed (from 1.27)', 'validateTopologySpreadConstraints (ValidateLabelSelector)'),
  selectorOperatorInvalid: code('selector-operator-invalid', 'A labelSelector operator must be In, NotIn, Exists or DoesNotExist (from 1.27)', 'validateTopologySpreadConstraints (ValidateLabelSelectorRequirement)'),
} satisfies Record<string, RuleCode>;

const SELECTOR_CODES: SelectorCodes = { invalid: TOPOLOGY_SPREAD_CODES.selectorInvalid, operator: TOPOLOGY_SPREAD_CODES.selectorOperatorInvalid };
const LABEL_KEY_CODES: LabelKeyCodes = {
  withoutSelector: TOPOLOGY_SPREAD_CODES.labelKeysWithoutSelector, keyInvalid: TOPOLOGY_SPREAD_CODES.labelKeyInvalid, conflict: TOPOLOGY_SPREAD_CODES.labelKeyInSelector,
};

/** The first release that validates a spread constraint's labelSelector (PR 111802; 1.27 to be safe). */
const SELECTOR_CHECKED_FROM = 27;

/** validateMatchLabelKeysInTopologySpread (1.27-1.33): selector required, keys valid and not in the selector. */
function legacyMatchLabelKeysFindings(keys: string[], path: FieldPath, selector: Json | undefined): Finding[] {
  if (keys.length === 0) return [];
  const findings: Finding[] = [];
  const printed = formatFieldPath(path);
  const named = selectorKeys(selector);
  if (selector === undefined) {
    findings.push(report(TOPOLOGY_SPREAD_CODES.labelKeysWithoutSelector, path,
      `\`matchLabelKeys\` adds the new pod's own label values to \`labelSelector\`, so it needs a \`labelSelector\`. Add one (e.g. \`matchLabels: {app: my-app}\`) or remove \`matchLabelKeys\`. ${serverSays([serverError(printed, 'Forbidden', undefined, 'must not be specified when labelSelector is not set')])}`, 'key'));
  }
  const inSelector = new Set([...(named?.matchLabels ?? []), ...(named?.expressions ?? [])]);
  keys.forEach((key, index) => {
    const at = [...path, index];
    const problems = qualifiedNameProblems(key);
    if (problems.length) {
      findings.push(report(TOPOLOGY_SPREAD_CODES.labelKeyInvalid, at,
        `\`${key}\` is not a valid label key: ${listProblems(problems)}. ${serverSays(qualifiedNameServerMessages(key).map((detail) => serverError(formatFieldPath(at), 'Invalid value', key, detail)))}`));
    }
    if (inSelector.has(key)) {
      findings.push(report(TOPOLOGY_SPREAD_CODES.labelKeyInSelector, at,
        `\`${key}\` is already in the \`labelSelector\`; \`matchLabelKeys\` would add a second requirement on the same label. Remove it from one of the two. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', key, 'exists in both matchLabelKeys and labelSelector')])}`));
    }
  });
  return findings;
}

function matchLabelKeysFindings(constraint: JsonObject, path: FieldPath, minor: number): Finding[] {
  if (!gateEnabledByDefault('MatchLabelKeysInPodTopologySpread', minor)) return [];
  const raw = constraint.matchLabelKeys === undefined ? [] : asArray(constraint.matchLabelKeys);
  if (!raw || !raw.every((key) => typeof key === 'string')) return [];
  const keys = raw as string[];
  if (gateEnabledByDefault('MatchLabelKeysInPodTopologySpreadSelectorMerge', minor)) {
    return labelKeysAndMismatchFindings(path, keys, [], constraint.labelSelector, LABEL_KEY_CODES);
  }
  return legacyMatchLabelKeysFindings(keys, [...path, 'matchLabelKeys'], constraint.labelSelector);
}

function constraintFindings(constraint: JsonObject, path: FieldPath, rest: JsonObject[], minor: number): Finding[] {
  const findings: Finding[] = [];
  const maxSkew = asInteger(constraint.maxSkew);
  if (maxSkew !== undefined && maxSkew <= 0) {
    const at = [...path, 'maxSkew'];
    findings.push(report(TOPOLOGY_SPREAD_CODES.maxSkewInvalid, at,
      `maxSkew is ${maxSkew}; it is the largest allowed difference in matching pods between two topology domains, so it must be at least 1. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', maxSkew, 'must be greater than zero')])}`));
  }
  const topologyKey = asString(constraint.topologyKey);
  if (topologyKey === '') {
    const at = [...path, 'topologyKey'];
    findings.push(report(TOPOLOGY_SPREAD_CODES.topologyKeyRequired, at,
      `\`topologyKey\` is empty: it names the node label whose values are the domains to spread over, e.g. \`topology.kubernetes.io/zone\` or \`kubernetes.io/hostname\`. ${serverSays([serverError(formatFieldPath(at), 'Required value', undefined, 'can not be empty')])}`));
  }
  const action = asString(constraint.whenUnsatisfiable);
  if (action !== undefined && !(UNSATISFIABLE_ACTIONS as readonly string[]).includes(action)) {
    const at = [...path, 'whenUnsatisfiable'];
    findings.push(report(TOPOLOGY_SPREAD_CODES.whenUnsatisfiableUnsupported, at,
      `${action === '' ? '`whenUnsatisfiable` is empty' : `\`${action}\` is not a whenUnsatisfiable value`}: use ${oneOf(UNSATISFIABLE_ACTIONS)} (case-sensitive). ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', action, supportedValuesDetail(UNSATISFIABLE_ACTIONS))])}`));
  }
  if (topologyKey !== undefined && action !== undefined && rest.some((other) => other.topologyKey === topologyKey && other.whenUnsatisfiable === action)) {
    // The server names this (the first) constraint, at a path of its own making.
    const at = [...path, '{topologyKey, whenUnsatisfiable}'];
    findings.push(report(TOPOLOGY_SPREAD_CODES.duplicate, at,
      `A later constraint has the same \`topologyKey\` (\`${topologyKey}\`) and \`whenUnsatisfiable\` (\`${action}\`); each pair may appear once. Merge the two constraints, or change one of them. ${serverSays([serverError(formatFieldPath(at), 'Duplicate value', `{${topologyKey}, ${action}}`)])}`));
  }
  if (constraint.minDomains !== undefined && gateEnabledByDefault('MinDomainsInPodTopologySpread', minor)) {
    const minDomains = asInteger(constraint.minDomains);
    const at = [...path, 'minDomains'];
    if (minDomains !== undefined && minDomains <= 0) {
      findings.push(report(TOPOLOGY_SPREAD_CODES.minDomainsInvalid, at,
        `minDomains is ${minDomains}; it is the number of domains the scheduler counts on (fewer eligible domains count as zero pods), so it must be at least 1, or left out. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', minDomains, 'must be greater than zero')])}`));
    }
    if (minDomains !== undefined && action !== undefined && action !== 'DoNotSchedule') {
      findings.push(report(TOPOLOGY_SPREAD_CODES.minDomainsNeedsDoNotSchedule, at,
        `minDomains only applies when the constraint is a hard one (\`whenUnsatisfiable: DoNotSchedule\`), not with \`${action}\`. Remove \`minDomains\`, or use \`DoNotSchedule\`. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`)])}`));
    }
  }
  if (gateEnabledByDefault('NodeInclusionPolicyInPodTopologySpread', minor)) {
    for (const field of ['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const) {
      const policy = asString(constraint[field]);
      if (policy === undefined || (NODE_INCLUSION_POLICIES as readonly string[]).includes(policy)) continue;
      const at = [...path, field];
      findings.push(report(TOPOLOGY_SPREAD_CODES.nodePolicyUnsupported, at,
        `\`${policy}\` is not a node inclusion policy: use \`Honor\` (count only nodes that pass the pod's ${field === 'nodeAffinityPolicy' ? 'node affinity and nodeSelector' : 'tolerations'}) or \`Ignore\` (count every node). ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', policy, supportedValuesDetail(NODE_INCLUSION_POLICIES))])}`));
    }
  }
  findings.push(...matchLabelKeysFindings(constraint, path, minor));
  if (minor >= SELECTOR_CHECKED_FROM) {
    findings.push(...labelSelectorFindings(constraint.labelSelector, [...path, 'labelSelector'], SELECTOR_CODES, 'topology spread constraint', minor));
  }
  return findings;
}

/** validateTopologySpreadConstraints for the template at `base`. */
export function checkTopologySpread(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const constraints = asArray(podSpecOf(template)?.topologySpreadConstraints);
  if (!constraints) return [];
  const objects = constraints.map((constraint) => asObject(constraint));
  const findings: Finding[] = [];
  objects.forEach((constraint, index) => {
    if (!constraint) return;
    const rest = objects.slice(index + 1).filter((other): other is JsonObject => other !== undefined);
    findings.push(...constraintFindings(constraint, [...base, 'spec', 'topologySpreadConstraints', index], rest, minor));
  });
  return findings;
}

export const validateTopologySpread = jobTemplateRule('validateTopologySpreadConstraints', Object.values(TOPOLOGY_SPREAD_CODES), checkTopologySpread);
