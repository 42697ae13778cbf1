// `spec.scheduling` (Kubernetes 1.37, alpha, gate WorkloadWithJob): how the Job's Pods are scheduled as a
// group. The Job controller turns it into scheduling.k8s.io Workload and PodGroup objects before it creates
// any Pod; the scheduler then places the Pods together.
import { JOB_DOCS } from './links';
import type { FieldDoc } from './types';

/** Every entry of this file is alpha in 1.37 behind the same gate. */
const GATED = { maturity: 'alpha', featureGate: 'WorkloadWithJob' } as const;

const FROZEN = 'immutable';

export const JOB_SCHEDULING_FIELDS: FieldDoc[] = [
  {
    path: 'spec.scheduling',
    summary: 'Schedule the Job\'s Pods as one group: all-or-nothing, in one topology domain, sharing claims',
    details:
      'New in Kubernetes 1.37, alpha, behind the WorkloadWithJob gate (which exists from 1.36 and is off by default). With the gate on, the ' +
      'Job controller creates a Workload and a PodGroup (`scheduling.k8s.io`) for the Job before its first Pod, and the scheduler treats the ' +
      'Pods as one group. Leaving the field out then means the `basic` policy: Pods are placed one by one, as always.\n\n' +
      'With the gate off (the default), the API server drops the field on create and the Job runs as if you had not written it.\n\n' +
      'A Pod template that sets `schedulingGroup` brings its own PodGroup: the controller then manages no scheduling objects for the Job.',
    default: 'unset: the basic policy, one Pod at a time',
    ...GATED,
    mutability: 'immutable, including whether it is set; only `schedulingPolicy.gang.minCount` may change',
    interactions: [
      { text: 'The Pods reference the group\'s shared claims through identical entries in the Pod template\'s `resourceClaims`.', field: 'spec.scheduling.resourceClaims' },
      { text: 'Gang scheduling fits Jobs whose Pods must all run at once, such as distributed training with a fixed number of workers.', field: 'spec.parallelism' },
    ],
    example: 'spec:\n  parallelism: 8\n  completions: 8\n  scheduling:\n    schedulingPolicy:\n      gang:\n        minCount: 8\n    disruptionMode:\n      all: {}\n',
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.schedulingPolicy',
    summary: 'How the Pods are admitted: `basic` (one by one) or `gang` (all-or-nothing); exactly one of them',
    details: 'Setting both, or neither, is refused while the gate is on. The choice between basic and gang cannot change after creation.',
    ...GATED,
    mutability: 'the policy kind is fixed; gang.minCount may change',
    example: 'schedulingPolicy:\n  gang:\n    minCount: 4\n',
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.schedulingPolicy.basic',
    summary: 'Ordinary scheduling, Pod by Pod; written as an empty object: `basic: {}`',
    details: 'The same behaviour as a Job without `spec.scheduling`, but made explicit in the Workload the controller creates.',
    ...GATED,
    mutability: FROZEN,
    example: 'schedulingPolicy:\n  basic: {}\n',
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.schedulingPolicy.gang',
    summary: 'All-or-nothing: the group is admitted only when enough Pods fit at the same moment',
    details:
      'The scheduler holds the Pods back until at least `minCount` of them can be placed together, then binds them together. This avoids ' +
      'half-started jobs that hold GPUs or other scarce nodes while waiting forever for the rest.',
    ...GATED,
    mutability: 'minCount may change; gang cannot be swapped for basic',
    example: 'schedulingPolicy:\n  gang:\n    minCount: 16\n',
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.schedulingPolicy.gang.minCount',
    summary: 'The smallest number of Pods that must be placeable together before any of them starts',
    details: 'Leave it out and the Job controller picks a value that suits the Job, derived from its parallelism.',
    default: 'chosen by the Job controller (from the Job\'s parallelism)',
    limits: ['at least 1'],
    ...GATED,
    mutability: 'mutable',
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.schedulingConstraints',
    summary: 'Where the group may be placed, such as one topology domain for all its Pods',
    ...GATED,
    mutability: FROZEN,
    example: 'schedulingConstraints:\n  topology:\n  - key: topology.kubernetes.io/zone\n',
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.schedulingConstraints.topology',
    summary: 'Keep all Pods of the group inside one domain of a node label (one zone, one rack ...)',
    details: 'Each group lands in a single value of the label; two groups may land in different values.',
    limits: ['at most 1 entry'],
    ...GATED,
    mutability: FROZEN,
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.schedulingConstraints.topology[].key',
    summary: 'The node label whose values are the topology domains, e.g. `topology.kubernetes.io/zone`',
    limits: ['required', 'a valid label key (optional DNS prefix, name of at most 63 characters)'],
    ...GATED,
    mutability: FROZEN,
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.disruptionMode',
    summary: 'Whether the Pods may be disrupted one at a time (`single`) or only together (`all`); exactly one',
    details:
      'Preemption and other disruptions follow this choice. Pick `all` for groups that cannot survive losing one member, so that the whole ' +
      'group is stopped and rescheduled rather than left limping.',
    ...GATED,
    mutability: FROZEN,
    example: 'disruptionMode:\n  all: {}\n',
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.disruptionMode.single',
    summary: 'Each Pod may be disrupted on its own; written as `single: {}`',
    ...GATED,
    mutability: FROZEN,
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.disruptionMode.all',
    summary: 'Disrupting one Pod disrupts the whole group; written as `all: {}`',
    ...GATED,
    mutability: FROZEN,
    docs: JOB_DOCS.workloadApis,
  },
  {
    path: 'spec.scheduling.resourceClaims',
    summary: 'Dynamic resource claims reserved once for the whole group and shared by its Pods',
    details:
      'The claims belong to the PodGroup, not to single Pods, so more Pods can share one device allocation than a Pod-level claim allows. ' +
      'A Pod uses a group claim by listing an entry with the same name and the same claim (or template) in the Pod template\'s `resourceClaims`.',
    limits: ['at most 4 claims', 'names unique'],
    ...GATED,
    mutability: 'immutable: entries may not be added, removed or changed',
    example: 'resourceClaims:\n- name: interconnect\n  resourceClaimTemplateName: rdma-fabric\n',
    docs: JOB_DOCS.dra,
  },
  {
    path: 'spec.scheduling.resourceClaims[].name',
    summary: 'The claim\'s name inside the group; Pods refer to it by this name',
    limits: ['required', 'a DNS label', 'unique in the list'],
    ...GATED,
    mutability: FROZEN,
    docs: JOB_DOCS.dra,
  },
  {
    path: 'spec.scheduling.resourceClaims[].resourceClaimName',
    summary: 'An existing ResourceClaim in the Job\'s namespace to share; or set resourceClaimTemplateName instead',
    limits: ['a DNS subdomain', 'exactly one of resourceClaimName and resourceClaimTemplateName'],
    ...GATED,
    mutability: FROZEN,
    docs: JOB_DOCS.dra,
  },
  {
    path: 'spec.scheduling.resourceClaims[].resourceClaimTemplateName',
    summary: 'A ResourceClaimTemplate in the Job\'s namespace: one claim is made from it for the group',
    limits: ['a DNS subdomain', 'exactly one of resourceClaimName and resourceClaimTemplateName'],
    ...GATED,
    mutability: FROZEN,
    docs: JOB_DOCS.dra,
  },
];
