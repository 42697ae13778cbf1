// The Job's two policies: which Pod failures count (podFailurePolicy) and when enough indexes have
// succeeded (successPolicy).
import { JOB_DOCS } from './links';
import type { FieldDoc } from './types';

const POD_FAILURE_POLICY: FieldDoc[] = [
  {
    path: 'spec.podFailurePolicy',
    summary: 'Rules that decide what a failed Pod means: retry, ignore, fail the index, or fail the Job',
    details:
      'Without it every failed Pod counts against `backoffLimit`. With it you can, for example, stop retrying at once when the program exits ' +
      'with a code that means "bad input", and not count Pods that were evicted or preempted (`DisruptionTarget` condition).\n\n' +
      'The Pods must use `restartPolicy: Never`, because the rules look at Pods that have reached phase Failed. ' +
      'The policy also makes `podReplacementPolicy` default to, and require, `Failed`.',
    default: 'unset: every failure counts against backoffLimit',
    maturity: 'GA',
    featureGate: 'JobPodFailurePolicy',
    mutability: 'immutable',
    interactions: [
      { text: 'The Pod template needs `restartPolicy: Never`; OnFailure is refused.', field: 'spec.template', rule: 'job/pod-failure-policy/restart-policy-must-be-never' },
      { text: '`podReplacementPolicy` must be (and defaults to) Failed.', field: 'spec.podReplacementPolicy', rule: 'job/pod-replacement-policy/failed-required-with-pod-failure-policy' },
      { text: 'Failures matched by Ignore do not count against backoffLimit, but they still lengthen the wait before the next Pod.', field: 'spec.backoffLimit' },
    ],
    example:
      'spec:\n  backoffLimit: 6\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        containerName: main\n        operator: In\n        values: [42]\n' +
      '    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox:1.36\n',
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules',
    summary: 'The rules, tried in order; the first one that matches a failed Pod decides',
    details:
      'Later rules are not looked at once one matches. A failure no rule matches is handled like `Count`.\n\n' +
      'The list is replaced as a whole when merged, and an empty list is allowed (default handling).',
    limits: ['at most 20 rules'],
    maturity: 'GA',
    interactions: [{ text: 'At most 20 rules.', rule: 'job/pod-failure-policy/too-many-rules' }],
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules[].action',
    summary: 'What happens when the rule matches: FailJob, FailIndex, Ignore or Count',
    values: {
      FailJob: 'Fail the whole Job now (reason `PodFailurePolicy`) and stop its running Pods. For errors a retry cannot fix.',
      FailIndex:
        'Give up on this Pod\'s index only, without retrying it; other indexes go on. Needs `spec.backoffLimitPerIndex`, and therefore an Indexed Job.',
      Ignore: 'Do not count this failure and start a replacement Pod. For disruptions such as eviction, preemption or a node drain.',
      Count: 'Count the failure as usual, against `backoffLimit` (and the per-index limit). Same as no rule matching.',
    },
    maturity: 'GA',
    interactions: [
      { text: 'Required.', rule: 'job/pod-failure-policy/action-required' },
      { text: 'FailIndex needs backoffLimitPerIndex.', field: 'spec.backoffLimitPerIndex', rule: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index' },
    ],
    example: 'podFailurePolicy:\n  rules:\n  - action: Ignore\n    onPodConditions:\n    - type: DisruptionTarget\n',
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules[].onExitCodes',
    summary: 'Match the failed Pod by the exit codes of its containers',
    details:
      'Every container and init container that ended with a non-zero code is checked (or only `containerName`). ' +
      'Containers that exited with 0 are never considered.',
    maturity: 'GA',
    interactions: [
      { text: 'A rule uses onExitCodes or onPodConditions, not both.', field: 'spec.podFailurePolicy.rules[].onPodConditions', rule: 'job/pod-failure-policy/both-requirements' },
      { text: 'A rule needs one of the two.', field: 'spec.podFailurePolicy.rules[].onPodConditions', rule: 'job/pod-failure-policy/no-requirement' },
    ],
    example: 'onExitCodes:\n  containerName: main\n  operator: In\n  values: [2, 42]\n',
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules[].onExitCodes.containerName',
    summary: 'Check only the exit code of this container; leave out to check them all',
    details: 'Useful when a sidecar or init container has exit codes of its own that mean something else.',
    maturity: 'GA',
    interactions: [{ text: 'Must name a container or init container of the Pod template.', field: 'spec.template', rule: 'job/pod-failure-policy/unknown-container-name' }],
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules[].onExitCodes.operator',
    summary: 'Whether the exit codes must be in the list (In) or outside it (NotIn)',
    details: 'A client that meets an operator it does not know treats the rule as not matching.',
    values: {
      In: 'Matches when at least one checked container exited with a code from `values`. `0` may not be listed.',
      NotIn: 'Matches when at least one checked container exited with a non-zero code that is not in `values`.',
    },
    maturity: 'GA',
    interactions: [
      { text: 'Required.', rule: 'job/pod-failure-policy/operator-required' },
      { text: 'With In, exit code 0 is not allowed in `values`.', field: 'spec.podFailurePolicy.rules[].onExitCodes.values', rule: 'job/pod-failure-policy/exit-code-zero-with-in' },
    ],
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules[].onExitCodes.values',
    summary: 'The exit codes to compare with, in increasing order, each once',
    limits: ['1 to 255 codes', 'sorted ascending, no duplicates', 'no 0 with operator In'],
    maturity: 'GA',
    interactions: [
      { text: 'At least one code.', rule: 'job/pod-failure-policy/no-exit-codes' },
      { text: 'At most 255 codes.', rule: 'job/pod-failure-policy/too-many-exit-codes' },
      { text: 'Listed in increasing order.', rule: 'job/pod-failure-policy/exit-codes-not-ordered' },
      { text: 'Each code once.', rule: 'job/pod-failure-policy/duplicate-exit-code' },
      { text: '0 is not allowed with In.', field: 'spec.podFailurePolicy.rules[].onExitCodes.operator', rule: 'job/pod-failure-policy/exit-code-zero-with-in' },
    ],
    example: 'values: [1, 2, 42]\n',
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules[].onPodConditions',
    summary: 'Match the failed Pod by its conditions; any one pattern matching is enough',
    details:
      'The usual use is `DisruptionTarget`, which Kubernetes sets on Pods it stops for reasons outside your program: eviction, preemption, ' +
      'node drain or node loss. Controllers of your own may add custom condition types.\n\n' +
      'An empty list counts as no requirement at all.',
    limits: ['at most 20 patterns'],
    maturity: 'GA',
    interactions: [
      { text: 'At most 20 patterns.', rule: 'job/pod-failure-policy/too-many-pod-conditions' },
      { text: 'A rule uses onPodConditions or onExitCodes, not both.', field: 'spec.podFailurePolicy.rules[].onExitCodes', rule: 'job/pod-failure-policy/both-requirements' },
    ],
    example: 'onPodConditions:\n- type: DisruptionTarget\n',
    docs: JOB_DOCS.podFailurePolicy,
  },
  {
    path: 'spec.podFailurePolicy.rules[].onPodConditions[].type',
    summary: 'The Pod condition type to look for, e.g. DisruptionTarget',
    values: {
      DisruptionTarget:
        'Set by Kubernetes when it stops the Pod for reasons outside the program: preemption, API-initiated eviction, taint-based deletion, ' +
        'clean-up of Pods on a lost node, or termination by the kubelet under node pressure.',
      ConfigIssue: 'Not built in: a custom type that your own controller (or a `kubectl patch`) adds to flag a configuration problem, as in the Kubernetes docs example.',
    },
    maturity: 'GA',
    interactions: [{ text: 'Must be a qualified name (optionally `example.com/Type`).', rule: 'job/pod-failure-policy/invalid-condition-type' }],
    docs: JOB_DOCS.disruptionConditions,
  },
  {
    path: 'spec.podFailurePolicy.rules[].onPodConditions[].status',
    summary: 'The status the condition must have to match; True unless you say otherwise',
    default: '"True"',
    values: {
      True: 'The condition holds.',
      False: 'The condition is known not to hold.',
      Unknown: 'The condition could not be determined.',
    },
    maturity: 'GA',
    docs: JOB_DOCS.podConditions,
  },
];

const SUCCESS_POLICY: FieldDoc[] = [
  {
    path: 'spec.successPolicy',
    summary: 'Declare an Indexed Job successful early, once chosen indexes or enough indexes succeed',
    details:
      'Made for leader/worker programs (only the leader, index 0, has to succeed) and for searches where a few good results are enough. ' +
      'When a rule is met the Job gets the `SuccessCriteriaMet` condition, its remaining Pods are stopped, and it ends `Complete`.\n\n' +
      'Without it an Indexed Job succeeds only when every index has succeeded.',
    default: 'unset: every index must succeed',
    maturity: 'GA',
    featureGate: 'JobSuccessPolicy',
    mutability: 'immutable',
    interactions: [
      { text: 'Only for `completionMode: Indexed`.', field: 'spec.completionMode', rule: 'job/success-policy/requires-indexed' },
      { text: 'Needs at least one rule.', field: 'spec.successPolicy.rules', rule: 'job/success-policy/rules-required' },
    ],
    example: 'spec:\n  completionMode: Indexed\n  completions: 5\n  successPolicy:\n    rules:\n    - succeededIndexes: "0"  # the leader\n',
    docs: JOB_DOCS.successPolicy,
  },
  {
    path: 'spec.successPolicy.rules',
    summary: 'Alternative ways to succeed, tried in order; the first one met ends the Job',
    limits: ['1 to 20 rules'],
    maturity: 'GA',
    interactions: [
      { text: 'At least one rule.', rule: 'job/success-policy/rules-required' },
      { text: 'At most 20 rules.', rule: 'job/success-policy/too-many-rules' },
      { text: 'Each rule needs succeededIndexes, succeededCount or both.', rule: 'job/success-policy/rule-needs-indexes-or-count' },
    ],
    docs: JOB_DOCS.successPolicy,
  },
  {
    path: 'spec.successPolicy.rules[].succeededIndexes',
    summary: 'Indexes that must all have succeeded, written like "0,2-4"',
    details:
      'A comma-separated list of single indexes and `first-last` ranges, increasing, without spaces, every index below `completions`. ' +
      'Together with `succeededCount`, only these indexes are counted.',
    limits: ['at most 65536 characters', 'each index below completions, increasing, ranges as `first-last` with first < last'],
    maturity: 'GA',
    interactions: [
      { text: 'Must be increasing indexes or ranges below completions.', field: 'spec.completions', rule: 'job/success-policy/invalid-succeeded-indexes' },
      { text: 'At most 65536 characters.', rule: 'job/success-policy/succeeded-indexes-too-long' },
      { text: 'An empty string can never be met.', rule: 'job/success-policy/empty-succeeded-indexes' },
      { text: 'A rule needs this or succeededCount.', field: 'spec.successPolicy.rules[].succeededCount', rule: 'job/success-policy/rule-needs-indexes-or-count' },
    ],
    example: 'rules:\n- succeededIndexes: "0,2-4"\n',
    docs: JOB_DOCS.successPolicy,
  },
  {
    path: 'spec.successPolicy.rules[].succeededCount',
    summary: 'How many indexes must have succeeded (only those in succeededIndexes, when given)',
    details:
      'With `succeededIndexes: "1-4"` and `succeededCount: 2`, any two of indexes 1 to 4 are enough; successes outside that range do not help.',
    limits: ['at least 1 in practice (0 is met at once)', 'at most completions', 'at most the number of indexes in succeededIndexes'],
    maturity: 'GA',
    interactions: [
      { text: 'Must not be negative.', rule: 'job/success-policy/negative-succeeded-count' },
      { text: '0 is accepted but met before anything succeeds.', rule: 'job/success-policy/zero-succeeded-count' },
      { text: 'May not exceed completions.', field: 'spec.completions', rule: 'job/success-policy/succeeded-count-above-completions' },
      { text: 'May not exceed the number of succeededIndexes.', field: 'spec.successPolicy.rules[].succeededIndexes', rule: 'job/success-policy/succeeded-count-above-indexes' },
    ],
    example: 'rules:\n- succeededIndexes: "1-4"\n  succeededCount: 2\n',
    docs: JOB_DOCS.successPolicy,
  },
];

/** podFailurePolicy and successPolicy. */
export const JOB_POLICY_FIELDS: readonly FieldDoc[] = [...POD_FAILURE_POLICY, ...SUCCESS_POLICY];
