// validatePodFailurePolicyRuleOnPodConditions: the Pod-condition patterns of a pod failure policy rule.
// An empty `status` cannot reach validation (the server defaults it to "True"), and a status outside
// True/False/Unknown is the schema check's enum finding.
import { qualifiedNameProblems } from '../../kube/names';
import type { FieldPath, Finding, Json, RuleCode } from '../../types';
import { DOCS, quote } from './jobFields';
import { asObject, asString, report } from '../shared';

const MAX_PATTERNS = 20;

const code = (name: string, title: string, reference: string): RuleCode => ({
  code: `job/pod-failure-policy/${name}`, severity: 'error', title,
  mirrors: 'validatePodFailurePolicyRuleOnPodConditions', reference, href: DOCS.podFailurePolicy,
});

const CODES = {
  tooManyPodConditions: code('too-many-pod-conditions', '`onPodConditions` allows at most 20 patterns', 'JOB-PFP-14'),
  invalidConditionType: code('invalid-condition-type', 'A Pod condition `type` must be a qualified name', 'JOB-PFP-15'),
} satisfies Record<string, RuleCode>;

export const ON_POD_CONDITIONS_CODES: readonly RuleCode[] = Object.values(CODES);

export function validateOnPodConditions(patterns: readonly Json[], path: FieldPath): Finding[] {
  const findings: Finding[] = [];
  if (patterns.length > MAX_PATTERNS) {
    findings.push(report(CODES.tooManyPodConditions, path,
      `\`onPodConditions\` has ${patterns.length} patterns, but at most ${MAX_PATTERNS} are allowed. Split them over `
      + 'several rules with the same action.'));
  }
  patterns.forEach((pattern, index) => {
    const type = asString(asObject(pattern)?.type);
    if (type === undefined) return;
    // The server reports one error per problem (two for an empty type); one finding says it all.
    const problems = qualifiedNameProblems(type);
    if (problems.length === 0) return;
    findings.push(report(CODES.invalidConditionType, [...path, index, 'type'],
      `${type === '' ? 'The condition type is empty' : `${quote(type)} is not a valid Pod condition type`}: `
      + `${problems.join('; ')}. Use a condition type such as \`DisruptionTarget\` or \`ConfigIssue\`, optionally `
      + 'with a DNS-subdomain prefix (`example.com/MyCondition`).'));
  });
  return findings;
}
