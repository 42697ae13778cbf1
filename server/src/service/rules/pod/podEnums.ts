// The value sets that pod-spec validation checks itself (NotSupported or "not a valid ... operator"), in the
// order the server lists them. Sources: the core/v1 Go constants and the supported-value sets of
// pkg/apis/core/validation/validation.go (validateDNSPolicy, ValidateTolerations, validateTaintEffect,
// ValidateWhenUnsatisfiable, validateNodeInclusionPolicy, ValidatePreemptionPolicy,
// ValidateNodeSelectorRequirement) and apimachinery's ValidateLabelSelectorRequirement. Shared by the rules
// and their quick fixes (a fix never imports its rule).

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
