// A container's own restartPolicy, release by release:
// - 1.28: init containers may set it (SidecarContainers alpha, off: dropped); regular containers are refused.
// - 1.29-1.33: init containers only `Always` (sidecars); regular containers refused ("may not be set for
//   non-init containers").
// - 1.34: ContainerRestartRules alpha, off: a regular container's restartPolicy and a non-Always init
//   one are dropped silently (the feature-gate rule warns).
// - 1.35: ContainerRestartRules beta, on: Always, OnFailure or Never on every container, and
//   restartPolicyRules on regular containers and non-sidecar init containers: each rule with action Restart
//   and exitCodes (operator In or NotIn, at most 255 values), at most 20 rules, and a container restartPolicy
//   beside them. 1.35 reports the two size limits as "Too long ... bytes"; 1.36 as "Too many ... items", and
//   adds the action RestartAllContainers (RestartAllContainersOnContainerExits beta, on). Sidecars may not
//   have rules without that gate (1.35); from 1.36 their rules are checked like the others.
import { formatFieldPath, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { HREF, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asArray, asObject, asString, report } from '../shared';
import { CONTAINER_RESTART_POLICIES, restartRuleActions, RESTART_RULE_OPERATORS } from './podEnums';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

export const RESTART_POLICY_CODES = {
  initNotAlways: 'pod/init-container-restart-policy-not-always',
  regularForbidden: 'pod/container-restart-policy-forbidden',
  unsupported: 'pod/container-restart-policy-unsupported',
  rulesWithoutPolicy: 'pod/container-restart-policy-rules-without-policy',
  rulesTooMany: 'pod/container-restart-policy-rules-too-many',
  ruleAction: 'pod/container-restart-policy-rule-action-unsupported',
  ruleExitCodesRequired: 'pod/container-restart-policy-rule-exit-codes-required',
  ruleOperator: 'pod/container-restart-policy-rule-operator-unsupported',
  ruleValuesTooMany: 'pod/container-restart-policy-rule-values-too-many',
  sidecarRules: 'pod/container-restart-policy-rules-on-sidecar',
} as const;

export const restartPolicyCodes: readonly RuleCode[] = [
  { code: RESTART_POLICY_CODES.initNotAlways, severity: 'error', title: 'An init container\'s restartPolicy may only be Always (1.29-1.33)', mirrors: 'validateInitContainerRestartPolicy', href: HREF.sidecars },
  { code: RESTART_POLICY_CODES.regularForbidden, severity: 'error', title: 'Regular containers may not set restartPolicy (1.28-1.33)', mirrors: 'validateContainers', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.unsupported, severity: 'error', title: 'A container restartPolicy must be Always, OnFailure or Never (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.rulesWithoutPolicy, severity: 'error', title: 'restartPolicyRules need a container restartPolicy (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.rulesTooMany, severity: 'error', title: 'A container may have at most 20 restartPolicyRules (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.ruleAction, severity: 'error', title: 'A restart rule action must be Restart (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.ruleExitCodesRequired, severity: 'error', title: 'A restart rule needs exitCodes (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.ruleOperator, severity: 'error', title: 'A restart rule exitCodes operator must be In or NotIn (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.ruleValuesTooMany, severity: 'error', title: 'A restart rule may list at most 255 exit codes (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.sidecarRules, severity: 'error', title: 'A sidecar may not have restartPolicyRules (1.35)', mirrors: 'validateInitContainerRestartPolicy', href: HREF.sidecars },
];

const CODE_BY_NAME = new Map(restartPolicyCodes.map((code) => [code.code, code]));
const MAX_RULES = 20;
const MAX_EXIT_CODES = 255;


function policyFinding(ref: ContainerRef, policy: string, minor: number): Finding | undefined {
  const path = [...ref.path, 'restartPolicy'];
  const printed = formatFieldPath(path);
  if (minor >= 35) {
    if ((CONTAINER_RESTART_POLICIES as readonly string[]).includes(policy)) return undefined;
    return {
      code: RESTART_POLICY_CODES.unsupported, severity: 'error', path,
      message: `\`${policy}\` is not a container restart policy: use \`Always\`, \`OnFailure\` or \`Never\` (values are case-sensitive). ${serverSays([serverError(printed, 'Unsupported value', policy, supportedValuesDetail(CONTAINER_RESTART_POLICIES))])}`,
      href: HREF.restartPolicy,
    };
  }
  if (minor === 34 || minor < 28) return undefined; // 1.34: dropped (feature-gate rule); before 1.28: no such field
  if (ref.list === 'initContainers') {
    if (minor === 28 || policy === 'Always') return undefined; // 1.28: dropped while SidecarContainers is off
    return {
      code: RESTART_POLICY_CODES.initNotAlways, severity: 'error', path,
      message: `In Kubernetes 1.${minor} an init container's restartPolicy can only be \`Always\`, which turns it into a sidecar that keeps running next to the main containers. Use \`Always\`, or remove the field to get a normal init container that runs once. Other values arrive with the ContainerRestartRules gate (on by default from 1.35). ${serverSays([serverError(printed, 'Unsupported value', policy, 'supported values: "Always"')])}`,
      href: HREF.sidecars,
    };
  }
  return {
    code: RESTART_POLICY_CODES.regularForbidden, severity: 'error', path, anchor: 'key',
    message: `The ${describeContainer(ref)} sets its own restartPolicy, which Kubernetes 1.${minor} allows only on init containers (as \`Always\`, for sidecars). Remove it; restarts are governed by the pod's \`restartPolicy\` (for a Job: OnFailure or Never). Per-container restart policies arrive with the ContainerRestartRules gate (on by default from 1.35). ${serverSays([serverError(printed, 'Forbidden', undefined, 'may not be set for non-init containers')])}`,
    href: HREF.restartPolicy,
  };
}

/** A list longer than the limit: "Too long ... bytes" in 1.35 (a wording bug fixed in 1.36), "Too many ... items" after. */
function sizeServerError(path: FieldPath, count: number, limit: number, minor: number): string {
  return minor <= 35
    ? serverError(formatFieldPath(path), 'Too long', undefined, `may not be more than ${limit} bytes`)
    : serverError(formatFieldPath(path), 'Too many', count, `must have at most ${limit} items`);
}

function ruleFindings(ref: ContainerRef, minor: number): Finding[] {
  const rules = asArray(ref.container.restartPolicyRules);
  // From 1.35 (ContainerRestartRules on).
  if (!rules || minor < 35) return [];
  const code = (name: string): RuleCode => CODE_BY_NAME.get(name) as RuleCode;
  const findings: Finding[] = [];
  const rulesPath = [...ref.path, 'restartPolicyRules'];
  if (ref.list === 'initContainers' && ref.container.restartPolicy === 'Always' && minor <= 35) {
    // A sidecar's rules need RestartAllContainersOnContainerExits (alpha in 1.35, on from 1.36).
    if (rules.length === 0) return [];
    return [report(code(RESTART_POLICY_CODES.sidecarRules), rulesPath,
      `The ${describeContainer(ref)} is a sidecar (\`restartPolicy: Always\`), and in Kubernetes 1.${minor} sidecars may not have restartPolicyRules: they restart whatever the exit code. Remove the rules (sidecar rules arrive with the RestartAllContainers action in 1.36). ${serverSays([serverError(formatFieldPath(rulesPath), 'Forbidden', undefined, 'restartPolicyRules are not allowed for init containers with restart policy Always')])}`, 'key')];
  }
  if (ref.container.restartPolicy === undefined && rules.length > 0) {
    const at = [...ref.path, 'restartPolicy'];
    findings.push(report(code(RESTART_POLICY_CODES.rulesWithoutPolicy), at,
      `The ${describeContainer(ref)} has restartPolicyRules but no restartPolicy of its own: the rules refine a container restart policy, so set one (\`Never\` to restart only on the exit codes the rules name, \`OnFailure\` or \`Always\`). ${serverSays([serverError(formatFieldPath(at), 'Required value', undefined, 'must specify restartPolicy when restart rules are used')])}`));
  }
  if (rules.length > MAX_RULES) {
    findings.push(report(code(RESTART_POLICY_CODES.rulesTooMany), rulesPath,
      `The ${describeContainer(ref)} has ${rules.length} restart rules; at most ${MAX_RULES} are allowed. Merge rules that share an action (one rule may list up to ${MAX_EXIT_CODES} exit codes). ${serverSays([sizeServerError(rulesPath, rules.length, MAX_RULES, minor)])}`, 'key'));
  }
  const actions = restartRuleActions(minor);
  rules.forEach((rule, index) => {
    const object = asObject(rule);
    if (!object) return;
    const path = [...rulesPath, index];
    const action = asString(object.action);
    if (action !== undefined && !actions.includes(action)) {
      const at = [...path, 'action'];
      findings.push(report(code(RESTART_POLICY_CODES.ruleAction), at,
        `\`${action}\` is not a restart rule action in Kubernetes 1.${minor}: use ${actions.map((item) => `\`${item}\``).join(' or ')} (values are case-sensitive). ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', action, supportedValuesDetail(actions))])}`));
    }
    const exitCodes = asObject(object.exitCodes);
    if (object.exitCodes === undefined) {
      const at = [...path, 'exitCodes'];
      findings.push(report(code(RESTART_POLICY_CODES.ruleExitCodesRequired), at,
        `Restart rule #${index + 1} of the ${describeContainer(ref)} says what to do but not when: add \`exitCodes\` with an \`operator\` (\`In\` or \`NotIn\`) and the \`values\` to match. ${serverSays([serverError(formatFieldPath(at), 'Required value', undefined, 'must be specified')])}`, 'entry'));
    }
    if (!exitCodes) return;
    const operator = asString(exitCodes.operator);
    if (operator !== undefined && !(RESTART_RULE_OPERATORS as readonly string[]).includes(operator)) {
      const at = [...path, 'exitCodes', 'operator'];
      findings.push(report(code(RESTART_POLICY_CODES.ruleOperator), at,
        `\`${operator}\` is not an exit code operator: use \`In\` (the rule applies to these exit codes) or \`NotIn\` (to all others). ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', operator, supportedValuesDetail(RESTART_RULE_OPERATORS))])}`));
    }
    const values = asArray(exitCodes.values);
    if (values && values.length > MAX_EXIT_CODES) {
      const at = [...path, 'exitCodes', 'values'];
      findings.push(report(code(RESTART_POLICY_CODES.ruleValuesTooMany), at,
        `Restart rule #${index + 1} lists ${values.length} exit codes; at most ${MAX_EXIT_CODES} are allowed. Use \`NotIn\` with the few codes to leave out, or split the list over several rules. ${serverSays([sizeServerError(at, values.length, MAX_EXIT_CODES, minor)])}`, 'key'));
    }
  });
  return findings;
}

export function checkContainerRestartPolicy(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const findings: Finding[] = [];
  for (const ref of allContainersOf(spec, base)) {
    const policy = ref.container.restartPolicy;
    if (typeof policy === 'string') {
      const finding = policyFinding(ref, policy, minor);
      if (finding) findings.push(finding);
    }
    findings.push(...ruleFindings(ref, minor));
  }
  return findings;
}

export const validateContainerRestartPolicy = jobTemplateRule('validateContainerRestartPolicy', restartPolicyCodes, checkContainerRestartPolicy);
