// validatePodFailurePolicy and validatePodFailurePolicyRule, with the restart-policy condition that
// validateJobSpec ties to a pod failure policy. Absent required fields and enum values are the schema
// check's findings; this rule reports empty values, limits, cross-field rules, order and duplicates.
// Servers before 1.26 drop the field (gate off in 1.25, no field earlier).
import type { FieldPath, Finding, Json, Rule, RuleCode, RuleContext } from '../../types';
import { DOCS, FIRST_MINOR, inJobSpecParts, jobSpecRule, podRestartPolicy, templateContainerNames, type JobParts } from './jobFields';
import { asArray, asObject, asString, report } from '../shared';
import { ON_EXIT_CODES_CODES, validateOnExitCodes } from './podFailurePolicyOnExitCodes';
import { ON_POD_CONDITIONS_CODES, validateOnPodConditions } from './podFailurePolicyOnPodConditions';

const MAX_RULES = 20;

const code = (name: string, title: string, reference: string, mirrors = 'validatePodFailurePolicyRule'): RuleCode => ({
  code: `job/pod-failure-policy/${name}`, severity: 'error', title, mirrors, reference, href: DOCS.podFailurePolicy,
});

const CODES = {
  tooManyRules: code('too-many-rules', '`podFailurePolicy` allows at most 20 rules', 'JOB-PFP-01', 'validatePodFailurePolicy'),
  actionRequired: code('action-required', 'A pod failure policy rule needs an `action`', 'JOB-PFP-02'),
  failIndexNeedsBackoffLimitPerIndex: code('fail-index-needs-backoff-limit-per-index',
    '`FailIndex` needs `spec.backoffLimitPerIndex`', 'JOB-PFP-04'),
  bothRequirements: code('both-requirements', 'A rule may use `onExitCodes` or `onPodConditions`, not both', 'JOB-PFP-05'),
  noRequirement: code('no-requirement', 'A rule needs `onExitCodes` or `onPodConditions`', 'JOB-PFP-05'),
  restartPolicyMustBeNever: code('restart-policy-must-be-never',
    'With `podFailurePolicy`, the Pod template needs `restartPolicy: Never`', 'JOB-PFP-18', 'validateJobSpec'),
} satisfies Record<string, RuleCode>;

/** The policy's own rules: their count, each rule's action and requirements, exit codes and pod conditions. */
function policyRules(parts: JobParts, context: RuleContext): Finding[] {
  if (context.minor < FIRST_MINOR.podFailurePolicy) return [];
  const podFailurePolicy = asObject(parts.spec.podFailurePolicy);
  if (!podFailurePolicy) return [];
  const findings: Finding[] = [];
  const rulesPath = parts.at('podFailurePolicy', 'rules');
  const rules = asArray(podFailurePolicy.rules) ?? [];
  if (rules.length > MAX_RULES) {
    findings.push(report(CODES.tooManyRules, rulesPath,
      `\`podFailurePolicy\` has ${rules.length} rules, but at most ${MAX_RULES} are allowed. Merge rules that share `
      + 'an action (one `onExitCodes` rule can list many exit codes), or remove some.'));
  }
  let containerNames: ReadonlySet<string> | undefined;
  const ruleContext: RuleCheckContext = {
    parts,
    // Read only when a rule needs them: a Helm template's templated names, or a patch's absent fields, then
    // leave the other rules checked.
    containerNames: () => (containerNames ??= templateContainerNames(parts)),
    hasBackoffLimitPerIndex: () => parts.spec.backoffLimitPerIndex !== undefined,
    failIndexKnown: context.minor >= FIRST_MINOR.backoffLimitPerIndex,
  };
  rules.forEach((rule, index) => findings.push(...validateRule(rule, [...rulesPath, index], ruleContext)));
  return findings;
}

/** validateJobSpec: a pod failure policy needs Pods that fail, so not `restartPolicy: OnFailure`. */
function restartPolicyWithPolicy(parts: JobParts, context: RuleContext): Finding[] {
  if (context.minor < FIRST_MINOR.podFailurePolicy) return [];
  if (!asObject(parts.spec.podFailurePolicy) || podRestartPolicy(parts) !== 'OnFailure') return [];
  return [report(CODES.restartPolicyMustBeNever, parts.at('template', 'spec', 'restartPolicy'),
    'With a `podFailurePolicy`, `restartPolicy` must be `Never`: with `OnFailure` a failed container is restarted '
    + 'inside its Pod, so the Pod never fails and the policy has no failure to act on. Set `restartPolicy: Never`, '
    + 'or remove `podFailurePolicy`.')];
}

export const validatePodFailurePolicy: Rule = jobSpecRule({
  name: 'validatePodFailurePolicy',
  codes: [...Object.values(CODES), ...ON_EXIT_CODES_CODES, ...ON_POD_CONDITIONS_CODES],
  ...inJobSpecParts(policyRules, restartPolicyWithPolicy),
});

interface RuleCheckContext {
  parts: JobParts;
  containerNames: () => ReadonlySet<string>;
  hasBackoffLimitPerIndex: () => boolean;
  /** Before 1.29 a FailIndex rule is dropped (1.28) or not an action at all (the schema check's finding). */
  failIndexKnown: boolean;
}

function validateRule(value: Json, rulePath: FieldPath, context: RuleCheckContext): Finding[] {
  const rule = asObject(value);
  if (!rule) return [];
  const findings: Finding[] = [];
  const action = asString(rule.action);
  if (action === '') {
    findings.push(report(CODES.actionRequired, [...rulePath, 'action'],
      '`action` is empty: each rule must say what happens when it matches a failed Pod: `FailJob`, `FailIndex`, '
      + '`Ignore` or `Count`.'));
  } else if (action === 'FailIndex' && context.failIndexKnown && !context.hasBackoffLimitPerIndex()) {
    findings.push(report(CODES.failIndexNeedsBackoffLimitPerIndex, [...rulePath, 'action'],
      `\`FailIndex\` needs \`${context.parts.printed('backoffLimitPerIndex')}\`: without a per-index retry limit there is no index to fail. `
      + 'Set `backoffLimitPerIndex` (with `completionMode: Indexed`), or use `FailJob`.'));
  }
  const onExitCodes = asObject(rule.onExitCodes);
  if (onExitCodes) findings.push(...validateOnExitCodes(onExitCodes, [...rulePath, 'onExitCodes'], context.containerNames));
  const onPodConditions = asArray(rule.onPodConditions);
  if (onPodConditions && onPodConditions.length > 0) {
    findings.push(...validateOnPodConditions(onPodConditions, [...rulePath, 'onPodConditions']));
  }
  // A value of the wrong type is neither present nor absent here: the schema check reports it.
  const wrongType = (rule.onExitCodes !== undefined && !onExitCodes) || (rule.onPodConditions !== undefined && !onPodConditions);
  if (wrongType) return findings;
  const hasPodConditions = onPodConditions !== undefined && onPodConditions.length > 0;
  if (onExitCodes && hasPodConditions) {
    findings.push(report(CODES.bothRequirements, rulePath,
      'This rule has both `onExitCodes` and `onPodConditions`, but a rule may use only one of them. Split it into two '
      + 'rules with the same action.', 'entry'));
  } else if (!onExitCodes && !hasPodConditions) {
    findings.push(report(CODES.noRequirement, rulePath,
      'This rule has neither `onExitCodes` nor `onPodConditions` (an empty list counts as none), so it could never '
      + 'match. Add one of them, or remove the rule.', 'entry'));
  }
  return findings;
}
