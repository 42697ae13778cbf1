// The value sets that pod-spec validation checks itself (NotSupported or "not a valid ... operator"), in the
// order the server lists them. Sources: the core/v1 Go constants and the supported-value sets of
// pkg/apis/core/validation/validation.go (validateDNSPolicy, ValidateTolerations, validateTaintEffect,
// ValidateWhenUnsatisfiable, validateNodeInclusionPolicy, ValidatePreemptionPolicy,
// ValidateNodeSelectorRequirement, validateContainerPorts, validateResizePolicy, validateContainerRestartPolicy)
// and apimachinery's ValidateLabelSelectorRequirement. Shared by the rules and their quick fixes (a fix never
// imports its rule). scripts/podEnums.ts records every Pod enum for the generator, and
// test/unit/pod-enums.test.ts holds these lists and that table to the same values at every release.

/** DNSPolicy: validateDNSPolicy. */
export const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'] as const;

/** TolerationOperator accepted with default gates (Lt and Gt need TaintTolerationComparisonOperators, alpha from 1.35). */
export const TOLERATION_OPERATORS = ['Equal', 'Exists'] as const;

/** TaintEffect: validateTaintEffect (NoScheduleNoAdmit is defined but not accepted). */
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** UnsatisfiableConstraintAction: sets.List(supportedScheduleActions), sorted. */
export const UNSATISFIABLE_ACTIONS = ['DoNotSchedule', 'ScheduleAnyway'] as const;

/** NodeInclusionPolicy: sets.List(supportedPodTopologySpreadNodePolicies), sorted. */
export const NODE_INCLUSION_POLICIES = ['Honor', 'Ignore'] as const;

/** PreemptionPolicy: ValidatePreemptionPolicy. */
export const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'] as const;

/** NodeSelectorOperator: ValidateNodeSelectorRequirement. */
export const NODE_SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] as const;

/** LabelSelectorOperator: ValidateLabelSelectorRequirement. */
export const LABEL_SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

/** Protocol: supportedPortProtocols of validateContainerPorts, as sets.List sorts it (the order of the server's message). */
export const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;

/** ResourceName: supportedResizeResources of validateResizePolicy, sorted. */
export const RESIZE_RESOURCES = ['cpu', 'memory'] as const;

/** ResourceResizeRestartPolicy: supportedResizePolicies of validateResizePolicy, sorted. */
export const RESIZE_RESTART_POLICIES = ['NotRequired', 'RestartContainer'] as const;

/** ContainerRestartPolicy: supportedContainerRestartPolicies, sorted. */
export const CONTAINER_RESTART_POLICIES = ['Always', 'Never', 'OnFailure'] as const;

/** ContainerRestartRuleAction: without, then with RestartAllContainersOnContainerExits (on from 1.36). */
export function restartRuleActions(minor: number): readonly string[] {
  return minor <= 35 ? ['Restart'] : ['Restart', 'RestartAllContainers'];
}

/** ContainerRestartRuleOnExitCodesOperator: supportedContainerRestartPolicyOperators, sorted. */
export const RESTART_RULE_OPERATORS = ['In', 'NotIn'] as const;
