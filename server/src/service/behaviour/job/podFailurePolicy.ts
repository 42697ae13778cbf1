// pkg/controller/job/pod_failure_policy.go: which rule of a Pod failure policy a failed Pod matches, and what it does.
import type { ContainerStatus, PodCondition, PodFailurePolicy, OnExitCodesRequirement, PodStatusView, PodView } from './model';

export type PodFailurePolicyAction = 'FailJob' | 'FailIndex' | 'Ignore' | 'Count';

export interface PodFailurePolicyMatch {
  /** The Job failure message when a FailJob rule matched. */
  jobFailureMessage?: string;
  /** Whether the failure counts towards backoffLimit (and backoffLimitPerIndex): false only for Ignore. */
  countFailed: boolean;
  action?: PodFailurePolicyAction;
  /** The matched rule's index. */
  rule?: number;
}

/**
 * matchPodFailurePolicy: rules in order, the first that matches and has an action this release knows wins. A rule
 * with an unknown action, or FailIndex while JobBackoffLimitPerIndex is off, matches nothing (Go's switch ends
 * without a return and the loop goes on). No rule matched: the failure counts.
 */
export function matchPodFailurePolicy(policy: PodFailurePolicy | undefined, pod: Pick<PodView, 'name' | 'namespace' | 'status'>, failIndexEnabled: boolean): PodFailurePolicyMatch {
  if (!policy) return { countFailed: true };
  // A finished Pod's status no longer changes: its verdict under a policy is computed once.
  if (pod.status.phase !== 'Failed') return matchRules(policy, pod, failIndexEnabled);
  const cache = MATCHES.get(pod.status);
  const key = failIndexEnabled ? 'withFailIndex' : 'withoutFailIndex';
  const cached = cache?.policy === policy ? cache[key] : undefined;
  if (cached) return cached;
  const match = matchRules(policy, pod, failIndexEnabled);
  MATCHES.set(pod.status, { ...(cache?.policy === policy ? cache : {}), policy, [key]: match });
  return match;
}

const MATCHES = new WeakMap<PodStatusView, { policy: PodFailurePolicy; withFailIndex?: PodFailurePolicyMatch; withoutFailIndex?: PodFailurePolicyMatch }>();

function matchRules(policy: PodFailurePolicy, pod: Pick<PodView, 'name' | 'namespace' | 'status'>, failIndexEnabled: boolean): PodFailurePolicyMatch {
  for (let index = 0; index < policy.rules.length; index++) {
    const rule = policy.rules[index];
    if (rule.onExitCodes) {
      const container = matchOnExitCodes(pod.status, rule.onExitCodes);
      if (!container) continue;
      const exitCode = container.state.terminated?.exitCode;
      const matched = actionOf(rule.action, index, failIndexEnabled, () => `Container ${container.name} for pod ${pod.namespace}/${pod.name} failed with exit code ${exitCode} matching FailJob rule at index ${index}`);
      if (matched) return matched;
    } else if (rule.onPodConditions) {
      const condition = matchOnPodConditions(pod.status, rule.onPodConditions);
      if (!condition) continue;
      const matched = actionOf(rule.action, index, failIndexEnabled, () => `Pod ${pod.namespace}/${pod.name} has condition ${condition.type} matching FailJob rule at index ${index}`);
      if (matched) return matched;
    }
  }
  return { countFailed: true };
}

function actionOf(action: string, rule: number, failIndexEnabled: boolean, failJobMessage: () => string): PodFailurePolicyMatch | undefined {
  switch (action) {
    case 'Ignore':
      return { countFailed: false, action: 'Ignore', rule };
    case 'FailIndex':
      return failIndexEnabled ? { countFailed: true, action: 'FailIndex', rule } : undefined;
    case 'Count':
      return { countFailed: true, action: 'Count', rule };
    case 'FailJob':
      return { jobFailureMessage: failJobMessage(), countFailed: true, action: 'FailJob', rule };
    default:
      return undefined;
  }
}

/** matchOnExitCodes: the app containers first, then the init containers. */
export function matchOnExitCodes(status: PodStatusView, requirement: OnExitCodesRequirement): ContainerStatus | undefined {
  return matchingContainer(status.containerStatuses, requirement) ?? matchingContainer(status.initContainerStatuses, requirement);
}

/** matchOnPodConditions: the Pod's conditions in order, each against every pattern (type and status must be equal). */
export function matchOnPodConditions(status: PodStatusView, patterns: readonly { type: string; status: string }[]): PodCondition | undefined {
  return status.conditions.find((condition) => patterns.some((pattern) => condition.type === pattern.type && condition.status === pattern.status));
}

/** getMatchingContainerFromList: a terminated container (of the named one, if any) with a non-zero exit code the operator matches. */
function matchingContainer(statuses: readonly ContainerStatus[], requirement: OnExitCodesRequirement): ContainerStatus | undefined {
  return statuses.find((status) => {
    const terminated = status.state.terminated;
    if (!terminated) return false;
    if (requirement.containerName !== undefined && requirement.containerName !== status.name) return false;
    return terminated.exitCode !== 0 && isOnExitCodesOperatorMatching(terminated.exitCode, requirement);
  });
}

/** isOnExitCodesOperatorMatching: In, NotIn; an operator this release does not know never matches. */
function isOnExitCodesOperatorMatching(exitCode: number, requirement: OnExitCodesRequirement): boolean {
  if (requirement.operator === 'In') return requirement.values.includes(exitCode);
  if (requirement.operator === 'NotIn') return !requirement.values.includes(exitCode);
  return false;
}
