// A container's own restartPolicy, release by release:
// - 1.28: init containers may set it (SidecarContainers alpha, off: dropped); regular containers are refused.
// - 1.29-1.33: init containers only `Always` (sidecars); regular containers refused ("may not be set for
//   non-init containers").
// - 1.34: ContainerRestartRules alpha, off: a regular container's restartPolicy and a non-Always init
//   one are dropped silently (the feature-gate rule warns).
// - 1.35: ContainerRestartRules beta, on: Always, OnFailure or Never on every container.
import { formatFieldPath, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { HREF, serverError, serverSays } from '../meta/report';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

export const RESTART_POLICY_CODES = {
  initNotAlways: 'pod/init-container-restart-policy-not-always',
  regularForbidden: 'pod/container-restart-policy-forbidden',
  unsupported: 'pod/container-restart-policy-unsupported',
} as const;

export const restartPolicyCodes: readonly RuleCode[] = [
  { code: RESTART_POLICY_CODES.initNotAlways, severity: 'error', title: 'An init container\'s restartPolicy may only be Always (1.29-1.33)', mirrors: 'validateInitContainerRestartPolicy', href: HREF.sidecars },
  { code: RESTART_POLICY_CODES.regularForbidden, severity: 'error', title: 'Regular containers may not set restartPolicy (1.28-1.33)', mirrors: 'validateContainers', href: HREF.restartPolicy },
  { code: RESTART_POLICY_CODES.unsupported, severity: 'error', title: 'A container restartPolicy must be Always, OnFailure or Never (1.35)', mirrors: 'validateContainerRestartPolicy', href: HREF.restartPolicy },
];

const CONTAINER_POLICIES = ['Always', 'OnFailure', 'Never'];

function policyFinding(ref: ContainerRef, policy: string, minor: number): Finding | undefined {
  const path = [...ref.path, 'restartPolicy'];
  const printed = formatFieldPath(path);
  if (minor >= 35) {
    if (CONTAINER_POLICIES.includes(policy)) return undefined;
    return {
      code: RESTART_POLICY_CODES.unsupported, severity: 'error', path,
      message: `\`${policy}\` is not a container restart policy: use \`Always\`, \`OnFailure\` or \`Never\` (values are case-sensitive). ${serverSays([serverError(printed, 'Unsupported value', policy, 'supported values: "Always", "OnFailure", "Never"')])}`,
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

export function checkContainerRestartPolicy(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const findings: Finding[] = [];
  for (const ref of allContainersOf(spec, base)) {
    const policy = ref.container.restartPolicy;
    if (typeof policy !== 'string') continue;
    const finding = policyFinding(ref, policy, minor);
    if (finding) findings.push(finding);
  }
  return findings;
}

export const validateContainerRestartPolicy = jobTemplateRule('validateContainerRestartPolicy', restartPolicyCodes, checkContainerRestartPolicy);
