// Every JobSet field the catalogue explains (jobset.x-k8s.io/v1alpha2 of JobSet v0.12.0), in our own words: the
// JobSet's own fields, and the Job fields of each replicatedJob's template, which are the Job's entries moved to
// `spec.replicatedJobs[].template.spec` (one text for every kind), with what JobSet changes said where it does
// (its webhook's defaults, the Pod subdomain its controller sets). A training runtime's JobSet template reads
// the same entries one level down (catalogue/trainingruntime.ts).
import { jobSpecLocation, atJobSpecSchemaPath, type JobSpecLocation } from '../kube/jobSpec';
import { JOB_FAILURE_REASONS } from '../kube/jobset';
import { JOB_FIELDS } from './job';
import { ON_OFF, type FieldDoc, type Interaction } from './types';

const DOCS = 'https://jobset.sigs.k8s.io/docs/';
const API = `${DOCS}reference/jobset.v1alpha2/`;
const TASKS = `${DOCS}tasks/`;

/** What every JobSet (or JobSet template) says about its own fields, from the JobSet spec's path (`spec`). */
export const JOBSET_SPEC_FIELDS: readonly FieldDoc[] = [
  {
    path: 'spec',
    summary: 'The Jobs of the set (replicatedJobs) and how they run together: networking, success, failure, order, coordination',
    details:
      'Only `replicatedJobs` is needed. The JobSet controller creates `replicas` Jobs from each entry\'s template, a headless Service so ' +
      'their Pods reach each other by name, and watches them: by default the set has succeeded when every Job has, and fails as soon as ' +
      'one Job fails.',
    docs: `${DOCS}overview/`,
  },
  {
    path: 'spec.replicatedJobs',
    summary: 'The groups of identical Jobs that make up the set: a name, a Job template and how many copies',
    details:
      'Each entry becomes `replicas` Jobs named `<jobset>-<entry name>-<index>`; their Pods are `<job name>-<pod index>-<5 random>`. ' +
      'Those names must be DNS-1035 labels of at most 63 characters, so long JobSet and entry names run out of room quickly.\n\n' +
      'The Job template is not checked when the JobSet is created: a mistake there shows only later, when the batch API server refuses each ' +
      'Job (a `JobCreationFailed` event on the JobSet). KubeAssist checks it as the Job it becomes.',
    limits: ['names unique', 'generated Job and Pod names within 63 characters'],
    mutability: 'immutable, except the Pod template\'s labels, annotations, node selector, tolerations and scheduling gates while the JobSet is suspended',
    interactions: [
      { text: 'Each name must be unique.', rule: 'jobset/replicated-job-duplicate' },
      { text: 'The Job names built from it must be DNS-1035 labels of at most 63 characters.', rule: 'jobset/job-name-invalid' },
    ],
    example:
      'spec:\n  replicatedJobs:\n  - name: workers\n    replicas: 2\n    template:\n      spec:\n        parallelism: 4\n        completions: 4\n' +
      '        template:\n          spec:\n            restartPolicy: Never\n            containers:\n            - name: main\n              image: busybox:1.36\n',
    docs: API,
  },
  {
    path: 'spec.replicatedJobs[].name',
    summary: 'The entry\'s name: the middle of each Job\'s name and of its Pods\' hostnames',
    details:
      'Job names are `<jobset>-<name>-<index>` and must be DNS-1035 labels, so use lower-case letters, digits and `-`. Success and ' +
      'failure policies, `dependsOn` and the coordinator refer to entries by this name; Pods carry it in the label ' +
      '`jobset.sigs.k8s.io/replicatedjob-name`.',
    limits: ['unique in the JobSet', 'lower-case letters, digits and `-`'],
    interactions: [
      { text: 'Unique among the entries.', rule: 'jobset/replicated-job-duplicate' },
      { text: 'The JobSet name, this name and the last index must fit 63 characters.', rule: 'jobset/job-name-invalid' },
      { text: 'With an Indexed template, so must the Pod names, which add the Pod index and 6 more characters.', rule: 'jobset/pod-name-too-long' },
    ],
    docs: API,
  },
  {
    path: 'spec.replicatedJobs[].replicas',
    summary: 'How many Jobs this entry creates from its template',
    details:
      'Each copy is a whole Job with its own Pods; the Jobs of an entry differ only by their index (label `jobset.sigs.k8s.io/job-index`). ' +
      'The total Pod count is `replicas × parallelism`.',
    default: '1',
    limits: ['replicas × parallelism at most 2147483647'],
    interactions: [{ text: 'Multiplied by the template\'s parallelism, it must fit an int32.', field: 'spec.replicatedJobs[].template.spec.parallelism', rule: 'jobset/replicas-times-parallelism' }],
    docs: API,
  },
  {
    path: 'spec.replicatedJobs[].groupName',
    summary: 'A group several entries share: their Jobs get a common group label and index',
    details:
      'The controller labels each Job and Pod with `jobset.sigs.k8s.io/group-name`, the group\'s Job count and the Job\'s index in the ' +
      'group, so that entries of one group (say, slices on different accelerators) can be told apart from the rest.',
    default: 'default',
    limits: ['a DNS-1035 label'],
    interactions: [{ text: 'Must be a DNS-1035 label.', rule: 'jobset/group-name-invalid' }],
    docs: API,
  },
  {
    path: 'spec.replicatedJobs[].template',
    summary: 'The Job template: the labels, annotations and spec of each Job this entry creates',
    details:
      'Everything a Job\'s spec takes, with two defaults of JobSet\'s own: `completionMode: Indexed` and a Pod `restartPolicy` of ' +
      '`OnFailure` when they are left out. The controller adds its labels and annotations, sets the Jobs\' names and `suspend`, and ' +
      'gives the Pods the JobSet\'s subdomain. Kueue keys on this metadata apply to each Job.',
    docs: API,
  },
  {
    path: 'spec.replicatedJobs[].template.metadata',
    summary: 'Labels and annotations of each Job this entry creates (the controller adds its own)',
    details: 'Kueue reads its Job annotations here (`kueue.x-k8s.io/job-min-parallelism` ...). A name or namespace written here is replaced by the controller\'s.',
    docs: API,
  },
  {
    path: 'spec.replicatedJobs[].template.spec',
    summary: 'The spec of each Job this entry creates: a Job\'s spec, checked as the batch API server checks the Job',
    details: 'JobSet\'s webhook makes it `completionMode: Indexed` and the Pods\' `restartPolicy` `OnFailure` when they are left out.',
    docs: API,
  },
  {
    path: 'spec.replicatedJobs[].dependsOn',
    summary: 'Earlier entries this one waits for before its Jobs are created',
    details:
      'The entry\'s Jobs are created once every Job of the named entry is Ready (running or finished) or Complete. Only entries listed ' +
      'before this one may be named, so the first entry cannot wait. Suspending the JobSet starts the sequence over when it resumes.',
    limits: ['not on the first entry', 'at most 5 entries', 'each name once'],
    mutability: 'immutable',
    interactions: [
      { text: 'Not allowed on the first entry.', rule: 'jobset/depends-on-first' },
      { text: 'Each name must be an entry listed above.', rule: 'jobset/depends-on-unknown' },
      { text: 'Cannot be combined with `startupPolicy: InOrder`.', field: 'spec.startupPolicy.startupPolicyOrder', rule: 'jobset/startup-policy-with-depends-on' },
      { text: 'At most 5 entries.', rule: 'jobset/depends-on-too-many' },
    ],
    example:
      'spec:\n  replicatedJobs:\n  - name: driver\n    template:\n      spec:\n        template:\n          spec:\n            restartPolicy: Never\n' +
      '            containers:\n            - name: main\n              image: busybox:1.36\n  - name: workers\n    dependsOn:\n    - name: driver\n      status: Ready\n' +
      '    template:\n      spec:\n        template:\n          spec:\n            restartPolicy: Never\n            containers:\n            - name: main\n              image: busybox:1.36\n',
    docs: `${TASKS}depends-on/`,
  },
  {
    path: 'spec.replicatedJobs[].dependsOn[].name',
    summary: 'The earlier entry to wait for',
    interactions: [{ text: 'Must be an entry listed above this one.', rule: 'jobset/depends-on-unknown' }],
    docs: `${TASKS}depends-on/`,
  },
  {
    path: 'spec.replicatedJobs[].dependsOn[].status',
    summary: 'What the awaited entry\'s Jobs must reach: Ready or Complete',
    values: {
      Ready: 'Every Job of that entry has its Pods ready, or has finished: use it for a server the others connect to.',
      Complete: 'Every Job of that entry has succeeded: use it for a step whose output the others need.',
    },
    docs: `${TASKS}depends-on/`,
  },
  {
    path: 'spec.network',
    summary: 'The DNS names of the Pods: a headless Service for the set and hostnames that include the Job index',
    details:
      'With DNS hostnames on (the default), the controller creates a headless Service named after `subdomain` and sets every Pod\'s ' +
      '`subdomain` to it, so a Pod is reachable at `<jobset>-<entry>-<job index>-<pod index>.<subdomain>`. A `subdomain` written in a Pod ' +
      'template is replaced.',
    mutability: 'immutable',
    docs: `${TASKS}networking/`,
  },
  {
    path: 'spec.network.enableDNSHostnames',
    summary: 'Whether Pods get stable DNS names through a headless Service',
    default: 'true',
    values: ON_OFF('Pods are reachable at `<pod hostname>.<subdomain>`; their template\'s `subdomain` is set by the controller.', 'No Service and no subdomain: the Pods keep what their template says.'),
    docs: `${TASKS}networking/`,
  },
  {
    path: 'spec.network.subdomain',
    summary: 'The headless Service\'s name, and the domain part of every Pod\'s DNS name',
    details: 'Several JobSets that name the same subdomain share one network, so their Pods can find each other.',
    default: 'the JobSet\'s name',
    limits: ['a DNS-1035 label: lower-case letters, digits and `-`, starting with a letter, at most 63 characters'],
    interactions: [
      { text: 'Must be a DNS-1035 label.', rule: 'jobset/subdomain-invalid' },
      { text: 'Replaces the `subdomain` of every Pod template.', field: 'spec.replicatedJobs[].template.spec.template.spec.subdomain' },
    ],
    docs: `${TASKS}networking/`,
  },
  {
    path: 'spec.network.publishNotReadyAddresses',
    summary: 'Whether Pods get DNS records before they are ready',
    default: 'true',
    values: ON_OFF('Records exist as soon as a Pod has an address: peers can connect during start-up.', 'Only ready Pods are published.'),
    docs: `${TASKS}networking/`,
  },
  {
    path: 'spec.successPolicy',
    summary: 'When the JobSet counts as succeeded: all, or any, of the Jobs of some entries',
    details:
      'Once the policy is met, the JobSet is Completed and its remaining Jobs are stopped. Without a policy every Job must succeed. A ' +
      'common use: succeed when the workers finish, while a parameter server would run forever.',
    default: 'operator All, every entry',
    mutability: 'immutable',
    example: 'spec:\n  successPolicy:\n    operator: All\n    targetReplicatedJobs:\n    - workers\n',
    docs: `${TASKS}success-policy/`,
  },
  {
    path: 'spec.successPolicy.operator',
    summary: 'All of the targeted Jobs must succeed, or any one of them',
    values: { All: 'Every Job of the targeted entries must succeed.', Any: 'The first successful Job of the targeted entries is enough.' },
    docs: `${TASKS}success-policy/`,
  },
  {
    path: 'spec.successPolicy.targetReplicatedJobs',
    summary: 'The entries whose Jobs count; empty means every entry',
    interactions: [{ text: 'Each name must be an entry of the JobSet.', rule: 'jobset/success-policy-unknown-target' }],
    docs: `${TASKS}success-policy/`,
  },
  {
    path: 'spec.failurePolicy',
    summary: 'What to do when a Job fails: fail the set, or restart all (or just the failed) Jobs, up to a limit',
    details:
      'Without a policy the first failed Job fails the JobSet. With one, the first matching rule decides; when no rule matches, the whole ' +
      'JobSet is restarted (every Job recreated) while fewer than `maxRestarts` restarts have happened, and fails after that.',
    mutability: 'immutable',
    example: 'spec:\n  failurePolicy:\n    maxRestarts: 3\n    rules:\n    - name: noRetryOnBadConfig\n      action: FailJobSet\n      onJobFailureReasons:\n      - PodFailurePolicy\n',
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.maxRestarts',
    summary: 'How many times the JobSet may be restarted before it fails',
    default: '0 (the first failure fails the JobSet)',
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.restartStrategy',
    summary: 'How a restart happens: recreate the Jobs at once, after the old ones are gone, or restart Pods in place',
    default: 'Recreate',
    values: {
      Recreate: 'Each Job is created again as soon as its previous run and Pods are deleted.',
      BlockingRecreate: 'New Jobs are created only once every Job and Pod of the previous run is gone.',
      InPlaceRestart: 'Healthy Pods restart in place, only failed ones are recreated (an alpha feature, off unless JobSet\'s InPlaceRestart gate is on).',
    },
    interactions: [{ text: '`InPlaceRestart` needs JobSet\'s InPlaceRestart feature gate.', rule: 'jobset/in-place-restart-gate' }],
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.rules',
    summary: 'Rules tried in order on each failed Job; the first that matches acts',
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.rules[].name',
    summary: 'A name for the rule, shown in the restart reason `FailurePolicy_<name>`',
    default: '`failurePolicyRule<index>`',
    limits: ['1 to 128 characters', 'starts with a letter; letters, digits, `_`, `,`, `:`', 'unique among the rules'],
    interactions: [
      { text: 'Must be well formed.', rule: 'jobset/failure-policy/rule-name-invalid' },
      { text: 'Unique among the rules.', rule: 'jobset/failure-policy/rule-name-duplicate' },
    ],
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.rules[].action',
    summary: 'What the rule does to the JobSet',
    values: {
      FailJobSet: 'The JobSet fails at once.',
      RestartJobSet: 'Every Job is recreated, counting towards `maxRestarts`.',
      RestartJobSetAndIgnoreMaxRestarts: 'Every Job is recreated, without counting towards `maxRestarts`.',
      RestartJob: 'Only the failed Job is recreated, counting towards `maxRestarts` (needs JobSet\'s RestartJob gate, alpha).',
      RestartJobAndIgnoreMaxRestarts: 'Only the failed Job is recreated, without counting (needs JobSet\'s RestartJob gate, alpha).',
    },
    interactions: [{ text: 'The RestartJob actions need JobSet\'s RestartJob feature gate.', rule: 'jobset/failure-policy/restart-job-gate' }],
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.rules[].onJobFailureReasons',
    summary: 'The reasons of a Job\'s failure this rule matches; empty matches any',
    values: {
      BackoffLimitExceeded: 'Too many Pods failed (`backoffLimit`).',
      DeadlineExceeded: 'The Job ran past `activeDeadlineSeconds`.',
      FailedIndexes: 'Some indexes failed (per-index backoff).',
      MaxFailedIndexesExceeded: 'More indexes failed than `maxFailedIndexes` allows.',
      PodFailurePolicy: 'A `FailJob` rule of the Job\'s pod failure policy matched.',
    },
    interactions: [{ text: `Only ${JOB_FAILURE_REASONS.length} reasons exist.`, rule: 'jobset/failure-policy/unknown-reason' }],
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.rules[].onJobFailureMessagePatterns',
    summary: 'Regular expressions (RE2) matched against the failed Job\'s message; empty matches any',
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.failurePolicy.rules[].targetReplicatedJobs',
    summary: 'The entries whose failed Jobs this rule looks at; empty means every entry',
    interactions: [{ text: 'Each name must be an entry of the JobSet.', rule: 'jobset/failure-policy/unknown-target' }],
    docs: `${TASKS}failure-policy/`,
  },
  {
    path: 'spec.startupPolicy',
    summary: 'Start the entries all at once, or one after another in list order (deprecated: use dependsOn)',
    mutability: 'immutable',
    docs: `${TASKS}depends-on/`,
  },
  {
    path: 'spec.startupPolicy.startupPolicyOrder',
    summary: 'AnyOrder (all at once) or InOrder (each entry once the one before is ready)',
    default: 'AnyOrder',
    values: { AnyOrder: 'Every entry\'s Jobs are created at once.', InOrder: 'An entry starts once every Job of the entry before it is ready.' },
    interactions: [{ text: '`InOrder` cannot be combined with `dependsOn`.', field: 'spec.replicatedJobs[].dependsOn', rule: 'jobset/startup-policy-with-depends-on' }],
    docs: `${TASKS}depends-on/`,
  },
  {
    path: 'spec.suspend',
    summary: 'Pause the whole set: every Job is suspended (no Pods) until this is false',
    details: 'The controller sets each Job\'s own `suspend` from this field. Kueue creates a queued JobSet suspended and resumes it when admitted.',
    default: 'false',
    values: ON_OFF('The Jobs exist but run no Pods.', 'The Jobs run.'),
    docs: API,
  },
  {
    path: 'spec.coordinator',
    summary: 'One Pod named as the coordinator: its address is put on every Job and Pod',
    details:
      'Every Job and Pod gets the label and annotation `jobset.sigs.k8s.io/coordinator` with `<pod hostname>.<subdomain>`, so that workers ' +
      'know where the leader listens. The entry must be Indexed with `completions` set.',
    interactions: [
      { text: 'The entry must exist.', rule: 'jobset/coordinator-unknown' },
      { text: 'Its Job must be Indexed with completions.', rule: 'jobset/coordinator-not-indexed' },
      { text: 'The address must fit a label value (63 characters).', rule: 'jobset/coordinator-label-invalid' },
    ],
    example:
      'spec:\n  coordinator:\n    replicatedJob: workers\n    jobIndex: 0\n    podIndex: 0\n  replicatedJobs:\n  - name: workers\n    template:\n      spec:\n' +
      '        completions: 2\n        parallelism: 2\n        template:\n          spec:\n            restartPolicy: Never\n            containers:\n' +
      '            - name: main\n              image: busybox:1.36\n',
    docs: `${TASKS}coordinator/`,
  },
  { path: 'spec.coordinator.replicatedJob', summary: 'The entry that holds the coordinator Pod', interactions: [{ text: 'Must name an entry.', rule: 'jobset/coordinator-unknown' }], docs: `${TASKS}coordinator/` },
  { path: 'spec.coordinator.jobIndex', summary: 'Which of the entry\'s Jobs (0 to replicas - 1)', default: '0', interactions: [{ text: 'Below the entry\'s replicas.', rule: 'jobset/coordinator-job-index' }], docs: `${TASKS}coordinator/` },
  { path: 'spec.coordinator.podIndex', summary: 'Which Pod of that Job, by completion index', default: '0', interactions: [{ text: 'Below the Job\'s completions.', rule: 'jobset/coordinator-pod-index' }], docs: `${TASKS}coordinator/` },
  {
    path: 'spec.managedBy',
    summary: 'The controller that runs this JobSet; leave it out for the JobSet controller',
    details: 'Any other value makes the JobSet controller ignore the JobSet, so that another one (MultiKueue: `kueue.x-k8s.io/multikueue`) runs it.',
    limits: ['a domain-prefixed path of at most 63 characters'],
    mutability: 'immutable',
    interactions: [{ text: 'Must be a domain-prefixed path.', rule: 'jobset/managed-by-invalid' }],
    docs: API,
  },
  {
    path: 'spec.ttlSecondsAfterFinished',
    summary: 'Delete the JobSet (and its Jobs) this many seconds after it completes or fails',
    details: 'Left out, the finished JobSet stays until someone deletes it; 0 deletes it right away.',
    limits: ['0 or more'],
    docs: API,
  },
  {
    path: 'spec.volumeClaimPolicies',
    summary: 'Persistent volume claims the controller creates once and shares between the Pods that mount them',
    details:
      'For each claim template the controller creates a PVC named `<template name>-<jobset>` and adds a volume of that name to every Job ' +
      'whose containers mount it: write only the `volumeMounts`, not the volume.',
    limits: ['at most 50 policies of at most 50 templates'],
    mutability: 'immutable',
    interactions: [
      { text: 'Some container must mount each template.', rule: 'jobset/volume-claim/not-mounted' },
      { text: 'A Pod template may not define a volume of the same name.', rule: 'jobset/volume-claim/volume-conflict' },
    ],
    docs: `${TASKS}volume-claim-policies/`,
  },
  {
    path: 'spec.volumeClaimPolicies[].templates',
    summary: 'The claims: a name and a PVC spec each (no namespace: the JobSet\'s is used)',
    interactions: [
      { text: 'Names must be unique DNS-1123 subdomains.', rule: 'jobset/volume-claim/name-invalid' },
      { text: 'No namespace.', rule: 'jobset/volume-claim/namespace-forbidden' },
    ],
    docs: `${TASKS}volume-claim-policies/`,
  },
  { path: 'spec.volumeClaimPolicies[].retentionPolicy', summary: 'What happens to the claims when the JobSet is deleted', docs: `${TASKS}volume-claim-policies/` },
  {
    path: 'spec.volumeClaimPolicies[].retentionPolicy.whenDeleted',
    summary: 'Delete the claims with the JobSet, or keep them',
    default: 'Delete',
    values: { Delete: 'The claims (and their data) go with the JobSet.', Retain: 'The claims stay, for the next JobSet of the same name to reuse.' },
    docs: `${TASKS}volume-claim-policies/`,
  },
];

const TOP_LEVEL: FieldDoc[] = [
  {
    path: 'apiVersion',
    summary: 'The API group and version of the object: `jobset.x-k8s.io/v1alpha2` for a JobSet',
    details: 'Served by the JobSet CustomResourceDefinition; KubeAssist follows JobSet v0.12.0.',
    values: { 'jobset.x-k8s.io/v1alpha2': 'The version JobSet serves.' },
    docs: API,
  },
  { path: 'kind', summary: 'The type of object: `JobSet`', values: { JobSet: 'A group of Jobs run as one workload.' }, docs: API },
  {
    path: 'metadata',
    summary: 'Name, namespace, labels and annotations of the JobSet',
    details:
      'The name starts every Job\'s name (`<name>-<entry>-<index>`) and Pod hostname, so keep it short and a DNS-1035 label (lower-case, ' +
      'starting with a letter). Kueue reads its queue and limits from these labels.',
    interactions: [{ text: 'The Job names built from it must fit 63 characters.', rule: 'jobset/job-name-invalid' }],
    docs: API,
  },
];

const IN_TEMPLATE = jobSpecLocation('JobSet') as JobSpecLocation;

/** What JobSet changes for a Job field of its templates (its webhook's defaults, its controller's settings). */
const IN_JOBSET: Readonly<Record<string, Partial<FieldDoc>>> = {
  'spec.completionMode': { default: 'Indexed (JobSet\'s webhook; a Job alone defaults to NonIndexed)' },
  'spec.suspend': {
    summary: 'Set by the JobSet controller from the JobSet\'s own `suspend`: suspend the JobSet instead',
    details: 'Whatever is written here, each Job is created with the JobSet\'s `spec.suspend`.',
  },
  'spec.template.spec.restartPolicy': { default: 'OnFailure (JobSet\'s webhook; a Job alone defaults to Always, which it refuses)' },
  'spec.template.spec.subdomain': {
    summary: 'Set by the JobSet controller: with DNS hostnames on, every Pod gets the JobSet\'s subdomain',
    details: 'Set `spec.network.subdomain` on the JobSet instead; a value written here is replaced.',
  },
};

/** A Job entry moved into every Job template at `location`, with what a JobSet changes. */
export function inReplicatedJob(doc: FieldDoc, location: Pick<JobSpecLocation, 'pattern'>, wrapExample: (example: string) => string): FieldDoc {
  const rebase = (path: string) => atJobSpecSchemaPath(location, path);
  const interactions = (doc.interactions ?? [])
    .filter((interaction) => !interaction.field || interaction.field === 'spec' || interaction.field.startsWith('spec.'))
    .map((interaction): Interaction => (interaction.field ? { ...interaction, field: rebase(interaction.field) } : interaction));
  const moved: FieldDoc = {
    ...doc, path: rebase(doc.path), interactions: interactions.length ? interactions : undefined,
    ...(doc.example ? { example: wrapExample(doc.example) } : {}),
  };
  return { ...moved, ...IN_JOBSET[doc.path] };
}

/** A Job example written from `spec:` moves into a replicatedJob's template; one rooted deeper (a Pod spec) stays. */
export function inReplicatedJobExample(example: string): string {
  if (!example.startsWith('spec:\n')) return example;
  const body = example.slice('spec:\n'.length).replace(/^(?=.)/gm, '      ');
  return `spec:\n  replicatedJobs:\n  - name: workers\n    template:\n      spec:\n${body}`;
}

const JOB_FIELDS_IN_TEMPLATE: FieldDoc[] = JOB_FIELDS.filter((doc) => doc.path.startsWith('spec.')).map((doc) => inReplicatedJob(doc, IN_TEMPLATE, inReplicatedJobExample));

export const JOBSET_FIELDS: readonly FieldDoc[] = [...TOP_LEVEL, ...JOBSET_SPEC_FIELDS, ...JOB_FIELDS_IN_TEMPLATE];
