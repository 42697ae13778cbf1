// Where a Job's Pods run: node selection, affinity, taints and tolerations, spreading, priority, and the
// names that let the Pods of an Indexed Job find each other. A Pod that cannot be placed stays Pending,
// which a Job never counts as a failure: only a deadline ends the wait, and the entries say so.
import { JOB_DOCS, POD_DOCS } from './links';
import { podPath, SCHEDULING_MUTABLE } from './pod-common';
import { ON_OFF, type FieldDoc } from './types';

const NODE_AFFINITY = 'affinity.nodeAffinity';
const REQUIRED_TERMS = `${NODE_AFFINITY}.requiredDuringSchedulingIgnoredDuringExecution`;
const PREFERRED_TERMS = `${NODE_AFFINITY}.preferredDuringSchedulingIgnoredDuringExecution`;

const NODE_SELECTOR_OPERATORS: Record<string, string> = {
  In: 'The node\'s label value is one of `values`.',
  NotIn: 'The node lacks the label, or its value is none of `values`: a way to keep off some nodes.',
  Exists: 'The node has the label, whatever its value; `values` must be empty.',
  DoesNotExist: 'The node does not have the label; `values` must be empty.',
  Gt: 'The label value, read as an integer, is greater than the single number in `values`.',
  Lt: 'The label value, read as an integer, is less than the single number in `values`.',
};

const NOT_PLACED = 'A Pod no node satisfies stays `Pending`; the Job counts no failure and waits, for ever without a deadline.';

const NODES: FieldDoc[] = [
  {
    path: podPath('nodeSelector'),
    summary: 'Node labels the Pods require: a Pod only runs on a node that carries every one of them',
    details:
      'The simplest way to send a Job to a node pool (`kubernetes.io/arch: arm64`, a pool label of your cloud). ' +
      `${NOT_PLACED} A cluster autoscaler may add a matching node.\n\n` +
      'Queueing controllers such as Kueue set it on Jobs they admit, which is allowed while the Job is suspended and has never started.',
    mutability: SCHEDULING_MUTABLE,
    interactions: [
      { text: 'Node affinity says the same with operators and preferences.', field: `spec.template.spec.${NODE_AFFINITY}` },
      { text: 'Only the Job-level deadline stops a Job whose Pods never fit.', field: 'spec.activeDeadlineSeconds' },
      { text: 'May change while the Job is suspended and has never started.', field: 'spec.suspend' },
    ],
    example: 'nodeSelector:\n  kubernetes.io/arch: arm64\n  node.kubernetes.io/instance-type: m5.2xlarge\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath('affinity'),
    summary: 'Rules for where Pods go: toward or away from some nodes, and near or apart from other Pods',
    details:
      '`nodeAffinity` is a richer `nodeSelector`, with operators and weighted preferences. `podAffinity` and `podAntiAffinity` place Pods ' +
      'relative to other Pods; they cost the scheduler much in big clusters, and for spreading a Job\'s Pods `topologySpreadConstraints` is ' +
      'usually simpler.',
    mutability: 'only `nodeAffinity` may change, while the Job is suspended and has never started; fixed otherwise',
    interactions: [{ text: 'Simpler for spreading Pods evenly.', field: 'spec.template.spec.topologySpreadConstraints' }],
    example:
      'affinity:\n  nodeAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n      nodeSelectorTerms:\n      - matchExpressions:\n' +
      '        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["c5.4xlarge", "c5.9xlarge"]\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath(NODE_AFFINITY),
    summary: 'Node labels the Pods need (required) or would like (preferred), with operators such as In and Exists',
    details:
      'The required form is a hard rule like `nodeSelector`: its terms are alternatives, and the expressions inside one term must all hold. ' +
      'The preferred form only ranks nodes. "IgnoredDuringExecution" means a running Pod stays when a node\'s labels change later.',
    mutability: SCHEDULING_MUTABLE,
    example:
      'affinity:\n  nodeAffinity:\n    preferredDuringSchedulingIgnoredDuringExecution:\n    - weight: 50\n      preference:\n        matchExpressions:\n' +
      '        - key: node.kubernetes.io/lifecycle\n          operator: In\n          values: ["spot"]\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath(REQUIRED_TERMS),
    summary: 'A hard node requirement: the Pods run only on a node that matches one of the terms',
    details: `At least one term is needed; a node matches a term when every expression of the term holds. ${NOT_PLACED}`,
    mutability: SCHEDULING_MUTABLE,
    example:
      'affinity:\n  nodeAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n      nodeSelectorTerms:\n      - matchExpressions:\n' +
      '        - key: kubernetes.io/arch\n          operator: In\n          values: ["amd64"]\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath(`${REQUIRED_TERMS}.nodeSelectorTerms[].matchExpressions[].operator`),
    summary: 'How the node label named by `key` is compared with `values`',
    values: NODE_SELECTOR_OPERATORS,
    example:
      'affinity:\n  nodeAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n      nodeSelectorTerms:\n      - matchExpressions:\n' +
      '        - key: example.com/gpu-memory-gb\n          operator: Gt\n          values: ["40"]\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath(PREFERRED_TERMS),
    summary: 'A soft node preference: matching nodes score higher (by `weight`, 1 to 100), the others stay allowed',
    details: 'Good for "use spot nodes when there are some": a Job\'s Pods still start when no preferred node has room.',
    mutability: SCHEDULING_MUTABLE,
    example:
      'affinity:\n  nodeAffinity:\n    preferredDuringSchedulingIgnoredDuringExecution:\n    - weight: 50\n      preference:\n        matchExpressions:\n' +
      '        - key: node.kubernetes.io/lifecycle\n          operator: In\n          values: ["spot"]\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath(`${PREFERRED_TERMS}[].preference.matchExpressions[].operator`),
    summary: 'How the node label named by `key` is compared with `values`',
    values: NODE_SELECTOR_OPERATORS,
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath('affinity.podAffinity'),
    summary: 'Put the Pods on the same node, or in the same zone, as Pods that match a label selector',
    details:
      'In a Job: next to a cache or a data service, or all workers of the Job in one zone for fast traffic between them ' +
      '(`topologyKey: topology.kubernetes.io/zone`). A required rule that no other Pod satisfies leaves the Pods `Pending`, unless a Pod ' +
      'matches its own rule, which lets the first of a group start.',
    example:
      'affinity:\n  podAffinity:\n    preferredDuringSchedulingIgnoredDuringExecution:\n    - weight: 100\n      podAffinityTerm:\n' +
      '        topologyKey: topology.kubernetes.io/zone\n        labelSelector:\n          matchLabels:\n            app.kubernetes.io/name: feature-store\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath('affinity.podAntiAffinity'),
    summary: 'Keep the Pods off nodes, or zones, that run Pods matching a label selector',
    details:
      'In a Job: one worker per node, with `topologyKey: kubernetes.io/hostname` and a selector on `batch.kubernetes.io/job-name: <job name>`. ' +
      'Required anti-affinity with more parallel Pods than nodes leaves the extra Pods `Pending`; use the preferred form or ' +
      '`topologySpreadConstraints` when that can happen.',
    interactions: [{ text: 'Often the simpler way to spread the Job\'s Pods.', field: 'spec.template.spec.topologySpreadConstraints' }],
    example:
      'affinity:\n  podAntiAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n    - topologyKey: kubernetes.io/hostname\n' +
      '      labelSelector:\n        matchLabels:\n          batch.kubernetes.io/job-name: nightly-report\n',
    docs: POD_DOCS.assignPodNode,
  },
  {
    path: podPath('nodeName'),
    summary: 'Send every Pod straight to one named node, skipping the scheduler: avoid it in a Job',
    details:
      'Every Pod of the Job, retries and parallel ones included, goes to that node, with no check of its free resources or taints. When the ' +
      'node cannot run the Pod, the Pod fails at once (for example `OutOfcpu`), and with `restartPolicy: Never` that is a counted failure. ' +
      'Use `nodeSelector` with `kubernetes.io/hostname` instead.',
    interactions: [{ text: 'Pins Pods through the scheduler instead.', field: 'spec.template.spec.nodeSelector' }],
    docs: POD_DOCS.assignPodNode,
  },
];

const TAINTS: FieldDoc[] = [
  {
    path: podPath('tolerations'),
    summary: 'Taints the Pods accept, so that they may run on tainted nodes (dedicated, spot, GPU)',
    details:
      'A taint keeps Pods off a node unless they tolerate it. A toleration only permits; it does not attract: pair it with `nodeSelector` or ' +
      'node affinity to actually land on those nodes.\n\n' +
      'The API server also gives every Pod 300-second tolerations for `node.kubernetes.io/not-ready` and `node.kubernetes.io/unreachable`: ' +
      'when a node is lost, its Job Pods are evicted after five minutes and replaced. With `restartPolicy: Never` that counts as a failure, ' +
      'unless a pod failure policy ignores the `DisruptionTarget` condition.',
    mutability: SCHEDULING_MUTABLE,
    interactions: [
      { text: 'An `Ignore` rule on `DisruptionTarget` keeps evictions from counting.', field: 'spec.podFailurePolicy' },
      { text: 'Tolerating a taint does not send Pods there; select the nodes too.', field: 'spec.template.spec.nodeSelector' },
    ],
    example: 'tolerations:\n- key: dedicated\n  operator: Equal\n  value: batch\n  effect: NoSchedule\n',
    docs: POD_DOCS.taints,
  },
  {
    path: podPath('tolerations[].key'),
    summary: 'The taint key tolerated; left empty with `operator: Exists`, every taint is tolerated',
    details:
      'A label-style key. Tolerating everything looks handy for "run anywhere", but also lets the Pods onto nodes being drained or kept for ' +
      'other teams.',
    example: 'tolerations:\n- key: nvidia.com/gpu\n  operator: Exists\n  effect: NoSchedule\n',
    docs: POD_DOCS.taints,
  },
  {
    path: podPath('tolerations[].operator'),
    summary: 'How the taint\'s value is matched: equal to `value`, or any value',
    default: 'Equal',
    values: {
      Equal: 'The taint\'s value must equal `value`.',
      Exists: 'Any value of the taint matches; `value` must stay empty. With an empty `key`, every taint matches.',
      Lt: 'Compares the taint\'s value with `value` as integers (less than). Alpha in 1.35 behind the TaintTolerationComparisonOperators gate; refused while it is off.',
      Gt: 'Compares the taint\'s value with `value` as integers (greater than). Alpha in 1.35 behind the TaintTolerationComparisonOperators gate; refused while it is off.',
    },
    example: 'tolerations:\n- key: nvidia.com/gpu\n  operator: Exists\n',
    docs: POD_DOCS.taints,
  },
  {
    path: podPath('tolerations[].value'),
    summary: 'The taint value matched with `operator: Equal`; empty with `Exists`',
    limits: ['a label value: at most 63 characters'],
    example: 'tolerations:\n- key: dedicated\n  value: batch\n  effect: NoSchedule\n',
    docs: POD_DOCS.taints,
  },
  {
    path: podPath('tolerations[].effect'),
    summary: 'Which taint effect is tolerated; left empty, all three',
    values: {
      NoSchedule: 'Taints that keep new Pods off the node.',
      PreferNoSchedule: 'Taints the scheduler tries to avoid, but may ignore when nothing else fits.',
      NoExecute:
        'Taints that also evict running Pods; `tolerationSeconds` bounds how long a Pod may stay. For a Job an eviction is a disruption: ' +
        'with `Never` it counts as a failure unless a pod failure policy ignores it.',
    },
    example: 'tolerations:\n- key: dedicated\n  value: batch\n  effect: NoSchedule\n',
    docs: POD_DOCS.taints,
  },
  {
    path: podPath('tolerations[].tolerationSeconds'),
    summary: 'How long a running Pod may stay on a node after a matching `NoExecute` taint appears',
    details:
      'Only with `effect: NoExecute`. Unset: for ever; `0` or less: evicted at once. The 300-second tolerations the API server adds for lost ' +
      'nodes can be replaced by your own: shorter to replace a Job\'s Pods sooner, longer for work that is expensive to start over.',
    example:
      'tolerations:\n- key: node.kubernetes.io/unreachable\n  operator: Exists\n  effect: NoExecute\n  tolerationSeconds: 60\n',
    docs: POD_DOCS.taints,
  },
];

const SPREAD_EXAMPLE =
  'topologySpreadConstraints:\n- maxSkew: 1\n  topologyKey: topology.kubernetes.io/zone\n  whenUnsatisfiable: ScheduleAnyway\n' +
  '  labelSelector:\n    matchLabels:\n      batch.kubernetes.io/job-name: nightly-report\n';

const SPREAD: FieldDoc[] = [
  {
    path: podPath('topologySpreadConstraints'),
    summary: 'Spread the Pods evenly over zones, nodes or other topology domains',
    details:
      'Each constraint counts the Pods that match its `labelSelector` in each domain of `topologyKey` and keeps the difference within ' +
      '`maxSkew`. For a Job, select its own Pods with `batch.kubernetes.io/job-name: <job name>` (or name `batch.kubernetes.io/controller-uid` ' +
      'in `matchLabelKeys`); otherwise the Pods of other Jobs count too.\n\n' +
      'With `whenUnsatisfiable: DoNotSchedule`, a Pod that would break the spread stays `Pending`, which the Job does not count as a failure.',
    example: SPREAD_EXAMPLE,
    docs: POD_DOCS.topologySpread,
  },
  {
    path: podPath('topologySpreadConstraints[].maxSkew'),
    summary: 'How many Pods the fullest domain may have beyond the emptiest one',
    limits: ['at least 1'],
    example: SPREAD_EXAMPLE,
    docs: POD_DOCS.topologySpread,
  },
  {
    path: podPath('topologySpreadConstraints[].topologyKey'),
    summary: 'The node label whose values make the domains: `kubernetes.io/hostname`, `topology.kubernetes.io/zone`, ...',
    details: 'Nodes without the label are left out of the count.',
    example: SPREAD_EXAMPLE,
    docs: POD_DOCS.topologySpread,
  },
  {
    path: podPath('topologySpreadConstraints[].whenUnsatisfiable'),
    summary: 'What to do with a Pod that would make the spread uneven: wait, or schedule it anyway',
    values: {
      DoNotSchedule: 'A hard rule: the Pod waits (`Pending`) until it fits. The Job counts no failure while it waits.',
      ScheduleAnyway: 'A soft rule: the scheduler prefers nodes that reduce the skew, but places the Pod in any case.',
    },
    example: SPREAD_EXAMPLE,
    docs: POD_DOCS.topologySpread,
  },
  {
    path: podPath('topologySpreadConstraints[].labelSelector'),
    summary: 'Which Pods are counted per domain: for a Job, usually its own, by `batch.kubernetes.io/job-name`',
    example: SPREAD_EXAMPLE,
    docs: POD_DOCS.topologySpread,
  },
];

const PRIORITY: FieldDoc[] = [
  {
    path: podPath('priorityClassName'),
    summary: 'The PriorityClass of the Pods: higher priority is scheduled first and may push lower priority out',
    details:
      'Names a cluster-wide PriorityClass; the server fills `priority` from it when each Pod is created. If the class does not exist, every Pod ' +
      'creation is refused: the Job is accepted, shows `FailedCreate` events and runs nothing.\n\n' +
      'A low class lets batch work use idle capacity and make way for services. Pitfall: a Job Pod pushed out by a higher priority counts as a ' +
      'failure (with `Never`) unless a pod failure policy ignores the `DisruptionTarget` condition.',
    limits: ['a DNS subdomain'],
    interactions: [
      { text: 'Filled in from the class; do not write it.', field: 'spec.template.spec.priority' },
      { text: 'Whether these Pods may push others out.', field: 'spec.template.spec.preemptionPolicy' },
      { text: 'An `Ignore` rule on `DisruptionTarget` keeps preemptions from counting.', field: 'spec.podFailurePolicy' },
    ],
    example: 'priorityClassName: batch-low\n',
    docs: POD_DOCS.priority,
  },
  {
    path: podPath('priority'),
    summary: 'The numeric priority, filled in from `priorityClassName`; do not write it yourself',
    details: 'The Priority admission plugin sets it from the class (or the cluster\'s default class). A value written here that differs is refused when the Pods are created.',
    interactions: [{ text: 'Write the class name instead.', field: 'spec.template.spec.priorityClassName' }],
    docs: POD_DOCS.priority,
  },
  {
    path: podPath('preemptionPolicy'),
    summary: 'Whether these Pods may push lower-priority Pods out to make room',
    default: 'PreemptLowerPriority',
    values: {
      PreemptLowerPriority: 'When the Pods do not fit, the scheduler may evict lower-priority Pods for them.',
      Never: 'The Pods go ahead of lower priorities in the queue but never evict anything: batch work that should not disturb others.',
    },
    example: 'priorityClassName: batch-high\npreemptionPolicy: Never\n',
    docs: POD_DOCS.priority,
  },
  {
    path: podPath('schedulingGates'),
    summary: 'Named gates that keep the Pods away from the scheduler until a controller removes them',
    details:
      'A gated Pod stays `SchedulingGated` (Pending) until whoever owns the gate removes it from that Pod. Queueing and quota controllers add ' +
      'gates; they are rarely written by hand in a Job. Gated Pods are not failures.',
    limits: ['names must be qualified names, each once'],
    mutability: SCHEDULING_MUTABLE,
    example: 'schedulingGates:\n- name: example.com/quota-check\n',
    docs: POD_DOCS.schedulingGates,
  },
];

const NAMES: FieldDoc[] = [
  {
    path: podPath('subdomain'),
    summary: 'With a headless Service of this name, each Pod gets a DNS name: `<hostname>.<subdomain>`',
    details:
      'The key to Pods talking to each other in an Indexed Job: each Pod\'s hostname is `<job-name>-<index>`, so with `subdomain: workers` and a ' +
      'headless Service `workers` (`clusterIP: None`) that selects the Job\'s Pods, index 3 is reachable as `<job-name>-3.workers`. Create the ' +
      'Service yourself, in the Job\'s namespace.',
    limits: ['a DNS label'],
    interactions: [{ text: 'In an Indexed Job each Pod\'s hostname is `<job-name>-<index>`.', field: 'spec.completionMode' }],
    example: 'subdomain: workers  # a headless Service named workers selects the Pods\n',
    docs: POD_DOCS.podToPod,
  },
  {
    path: podPath('hostname'),
    summary: 'The Pods\' hostname; in an Indexed Job the controller sets it to `<job-name>-<index>` instead',
    details:
      'In an Indexed Job any value here is replaced: each Pod gets `<job-name>-<index>`, so the Job name plus its last index must be a valid ' +
      'DNS label. In other Jobs, all Pods would share the hostname written here, which is seldom useful.',
    limits: ['a DNS label'],
    interactions: [
      { text: 'Indexed Jobs name each Pod\'s host after its index.', field: 'spec.completionMode', rule: 'job/name/indexed-hostname-invalid' },
      { text: 'Gives the hostname a DNS name through a headless Service.', field: 'spec.template.spec.subdomain' },
    ],
    docs: JOB_DOCS.completionMode,
  },
  {
    path: podPath('dnsPolicy'),
    summary: 'Which DNS settings the Pods start from: the cluster\'s, the node\'s, or only `dnsConfig`',
    default: 'ClusterFirst',
    values: {
      ClusterFirst: 'Cluster DNS first, so Services resolve; other names go upstream. The default, and right for almost every Job.',
      ClusterFirstWithHostNet: 'The same for Pods with `hostNetwork: true`, which would otherwise use the node\'s resolver.',
      Default: 'The node\'s resolver settings: cluster Service names do not resolve. Not the default, despite its name.',
      None: 'Only what `dnsConfig` says, which must then list at least one nameserver.',
    },
    interactions: [{ text: 'Added to (or, with `None`, replacing) these settings.', field: 'spec.template.spec.dnsConfig' }],
    example: 'dnsPolicy: ClusterFirst\n',
    docs: POD_DOCS.dns,
  },
  {
    path: podPath('dnsConfig'),
    summary: 'Extra nameservers, search domains and resolver options merged into the Pods\' DNS settings',
    details:
      'A Job that calls many outside hosts can lower `ndots`: with the default of 5, each outside name is first tried against every search ' +
      'domain of the cluster, multiplying lookups.',
    example: 'dnsConfig:\n  options:\n  - name: ndots\n    value: "2"\n',
    docs: POD_DOCS.dns,
  },
  {
    path: podPath('hostNetwork'),
    summary: 'Run the Pods in the node\'s network: the node\'s IP address and ports',
    details:
      'Rarely right for a Job: parallel Pods on one node fight over ports, and the `baseline` Pod Security level refuses it. Pair it with ' +
      '`dnsPolicy: ClusterFirstWithHostNet` to keep cluster DNS.',
    values: ON_OFF('Share the node\'s network namespace.', 'A network of the Pod\'s own (the normal case).'),
    docs: POD_DOCS.dns,
  },
];

export const SCHEDULING_FIELDS: readonly FieldDoc[] = [...NODES, ...TAINTS, ...SPREAD, ...PRIORITY, ...NAMES];
