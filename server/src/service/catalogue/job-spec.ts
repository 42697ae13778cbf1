// The Job's top-level fields and the plain fields of its spec: how many Pods, how long, how often to
// retry, who manages it. The failure and success policies live in job-policies.ts, status in job-status.ts.
import { JOB_DOCS } from './links';
import type { FieldDoc } from './types';

const TOP_LEVEL: FieldDoc[] = [
  {
    path: 'apiVersion',
    summary: 'The API group and version of the object: always `batch/v1` for a Job',
    details:
      'Jobs are served only as `batch/v1`. The old `extensions/v1beta1` form was retired long ago, and `batch/v1beta1` only ever served CronJobs.',
    values: { 'batch/v1': 'The only version that serves Jobs.' },
    mutability: 'immutable',
    interactions: [{ text: 'Another version of the `batch` group is refused by API discovery.', field: 'kind', rule: 'kind/api-version' }],
    docs: JOB_DOCS.api,
  },
  {
    path: 'kind',
    summary: 'The type of object: `Job`',
    values: { Job: 'A run-to-completion workload of the `batch/v1` group.' },
    mutability: 'immutable',
    docs: JOB_DOCS.api,
  },
  {
    path: 'metadata',
    summary: 'Name, namespace, labels and annotations of the Job',
    details:
      'The name must be a DNS subdomain (lowercase letters, digits, `-` and `.`, at most 253 characters), but the Job name also ' +
      'ends up in Pod names, Pod hostnames and the generated `job-name` labels, so keep it a DNS label: no dots, at most 63 characters.\n\n' +
      'For an Indexed Job the longest hostname is `<name>-<completions - 1>`, which must fit in 63 characters.\n\n' +
      'When the Job has no labels of its own, the API server copies the Pod template labels onto it.',
    limits: ['name: DNS subdomain, at most 253 characters; at most 63 in practice (generated label values)'],
    mutability: 'name and namespace are fixed; labels and annotations may change',
    interactions: [
      { text: 'A name or a generateName is needed.', rule: 'meta/name-required' },
      { text: 'A name with dots is accepted, with a warning: Pod hostnames cannot contain dots.', rule: 'job/name/not-dns-label' },
      { text: 'A name over 63 characters does not fit the generated `job-name` label values.', field: 'spec.template', rule: 'job/name/generated-label-value-too-long' },
      { text: 'An Indexed Job name plus `-<last index>` must be a valid hostname.', field: 'spec.completions', rule: 'job/name/indexed-hostname-invalid' },
    ],
    example: 'metadata:\n  name: nightly-report\n  namespace: batch\n  labels:\n    app.kubernetes.io/name: nightly-report\n',
    docs: JOB_DOCS.names,
  },
  {
    path: 'spec',
    summary: 'What the Job runs and the rules for finishing, retrying and cleaning up',
    details:
      'Only `template` is required. Everything else has a sensible default: one Pod, six retries, no deadline, never deleted automatically.',
    example: 'spec:\n  backoffLimit: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox:1.36\n        command: ["sh", "-c", "echo done"]\n',
    docs: JOB_DOCS.writingSpec,
  },
  {
    path: 'status',
    summary: 'What the Job controller has observed: Pod counts, times and conditions',
    details:
      'Written by the Job controller through the status subresource. A `status` in a manifest is ignored: the API server ' +
      'empties it when the Job is created.',
    mutability: 'set by the Job controller; ignored in manifests',
    docs: JOB_DOCS.apiStatus,
  },
];

const COUNTS: FieldDoc[] = [
  {
    path: 'spec.parallelism',
    summary: 'How many Pods of the Job may run at the same time',
    details:
      'An upper bound, not a promise: the controller never runs more Pods than there is work left, and quota or scheduling may run fewer.\n\n' +
      'Setting it to `0` holds the Job without deleting it: no new Pods start until you raise it again.\n\n' +
      'Without `completions` (the work-queue pattern) the Pods share one queue, and the Job is done once any Pod succeeds and the others have stopped.',
    default: '1',
    limits: ['at least 0', 'at most 100000 for Indexed Jobs', 'at most 10000 when completions is above 100000 and backoffLimitPerIndex is set'],
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'The Job controller starts or deletes Pods at once to match the new number; Pods that are running keep running unless there are now too many.',
    interactions: [
      { text: 'Must not be negative.', rule: 'job/numbers/negative-parallelism' },
      { text: 'An Indexed Job allows at most 100000.', field: 'spec.completionMode', rule: 'job/completion-mode/indexed-parallelism-too-large' },
      { text: 'With more than 100000 completions and per-index backoff, at most 10000.', field: 'spec.backoffLimitPerIndex', rule: 'job/backoff-limit-per-index/parallelism-too-large-for-high-completions' },
      { text: 'An Indexed Job with more than 100000 completions may lose track of indexes above 10000 parallel Pods.', field: 'spec.completions', rule: 'job/completion-mode/large-indexed-job' },
      { text: 'An Indexed Job changes `completions` only together with this field, to the same value.', field: 'spec.completions' },
    ],
    example: 'spec:\n  completions: 20\n  parallelism: 5\n',
    docs: JOB_DOCS.parallelism,
  },
  {
    path: 'spec.completions',
    summary: 'How many Pods must finish successfully for the Job to be complete',
    details:
      'Leave it out for a work queue: then any successful Pod ends the Job once the others stop. Set it for a fixed amount of work; ' +
      'with `completionMode: Indexed` each index from 0 to `completions - 1` must succeed once.\n\n' +
      '`0` is allowed and completes the Job straight away.',
    default: '1 when parallelism is also left out; otherwise unset (work queue)',
    limits: ['at least 0', 'Indexed with more than 100000: parallelism at most 10000 (required with backoffLimitPerIndex, advised otherwise)'],
    maturity: 'GA',
    mutability: 'immutable, except that an Indexed Job may change it together with parallelism to the same new value (elastic Indexed Jobs)',
    onUpdate: 'An Indexed Job changed together with `parallelism` gains or drops indexes at once: new indexes get Pods, Pods of removed indexes are deleted.',
    interactions: [
      { text: 'Must not be negative.', rule: 'job/numbers/negative-completions' },
      { text: 'An Indexed Job must set it.', field: 'spec.completionMode', rule: 'job/completion-mode/indexed-requires-completions' },
      { text: 'maxFailedIndexes may not be larger.', field: 'spec.maxFailedIndexes', rule: 'job/backoff-limit-per-index/max-failed-indexes-above-completions' },
      { text: 'A success rule may not ask for more succeeded indexes than this.', field: 'spec.successPolicy.rules[].succeededCount', rule: 'job/success-policy/succeeded-count-above-completions' },
      { text: 'Every index in succeededIndexes must be below this number.', field: 'spec.successPolicy.rules[].succeededIndexes', rule: 'job/success-policy/invalid-succeeded-indexes' },
    ],
    example: 'spec:\n  completions: 10\n  parallelism: 3\n',
    docs: JOB_DOCS.parallelJobs,
  },
  {
    path: 'spec.completionMode',
    summary: 'Whether Pods are interchangeable (NonIndexed) or each owns one index (Indexed)',
    details:
      'With `Indexed` every Pod knows which slice of the work is its own: the index is in the `batch.kubernetes.io/job-completion-index` ' +
      'annotation and label, in the `JOB_COMPLETION_INDEX` environment variable, and in the hostname `<job-name>-<index>`. ' +
      'With a headless Service and `subdomain` in the Pod template, Pods can reach each other by those hostnames.\n\n' +
      'Per-index retries, `maxFailedIndexes` and `successPolicy` exist only for Indexed Jobs.',
    default: 'NonIndexed',
    values: {
      NonIndexed: 'The Job is complete once `completions` Pods have succeeded; which Pod did what does not matter.',
      Indexed:
        'Each Pod gets an index from 0 to `completions - 1`; the Job is complete when every index has one successful Pod. Needs `completions`.',
    },
    maturity: 'GA',
    featureGate: 'IndexedJob',
    mutability: 'immutable',
    interactions: [
      { text: 'Indexed needs `completions`.', field: 'spec.completions', rule: 'job/completion-mode/indexed-requires-completions' },
      { text: 'Indexed allows at most 100000 parallel Pods.', field: 'spec.parallelism', rule: 'job/completion-mode/indexed-parallelism-too-large' },
      { text: 'backoffLimitPerIndex needs Indexed.', field: 'spec.backoffLimitPerIndex', rule: 'job/backoff-limit-per-index/backoff-limit-per-index-requires-indexed' },
      { text: 'maxFailedIndexes needs Indexed.', field: 'spec.maxFailedIndexes', rule: 'job/backoff-limit-per-index/max-failed-indexes-requires-indexed' },
      { text: 'successPolicy needs Indexed.', field: 'spec.successPolicy', rule: 'job/success-policy/requires-indexed' },
      { text: 'The Job name plus `-<last index>` must be a valid hostname.', field: 'metadata', rule: 'job/name/indexed-hostname-invalid' },
    ],
    example: 'spec:\n  completionMode: Indexed\n  completions: 4\n  parallelism: 4\n',
    docs: JOB_DOCS.completionMode,
  },
];

const TIME_AND_RETRIES: FieldDoc[] = [
  {
    path: 'spec.activeDeadlineSeconds',
    summary: 'Time limit in seconds for the whole Job, counted from its start',
    details:
      'When the time is up the controller stops every running Pod and marks the Job Failed with reason `DeadlineExceeded`, ' +
      'however many retries are left: the deadline wins over `backoffLimit`.\n\n' +
      'The clock runs from `status.startTime`. Suspending the Job stops it, and resuming starts it again from zero.',
    limits: ['at least 0; 0 fails the Job as soon as it starts'],
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: "Counts from the Job's start time, not from the change: a shorter deadline that has already passed ends the Job and its running Pods at once.",
    interactions: [
      { text: 'Must not be negative.', rule: 'job/numbers/negative-active-deadline-seconds' },
      { text: '`0` is accepted but fails the Job at once.', rule: 'job/numbers/zero-active-deadline-seconds' },
      { text: 'Suspending resets the clock.', field: 'spec.suspend' },
    ],
    example: 'spec:\n  activeDeadlineSeconds: 3600  # give up after one hour\n',
    docs: JOB_DOCS.termination,
  },
  {
    path: 'spec.backoffLimit',
    summary: 'How many Pod failures the Job tolerates before it is marked Failed',
    details:
      'Each failed Pod counts once; with `restartPolicy: OnFailure` container restarts inside running Pods count too. ' +
      'Before each replacement Pod the controller waits 10 s, 20 s, 40 s and so on, doubling with each failure since the last success, ' +
      'up to 10 minutes (`DefaultJobPodFailureBackOff` and `MaxJobPodFailureBackOff` of the Job controller; the Kubernetes documentation ' +
      'says six minutes, which is wrong). Add the time each failing Pod runs: with the default limit of 6, Pods that fail after 30 s fail the Job after about 14 minutes (630 s of waits and 7 × 30 s of running).\n\n' +
      '`0` means the first failure fails the Job. Failures a pod failure policy ignores do not count, though they still lengthen the wait ' +
      'before the next Pod; a `FailJob` rule fails the Job at once.\n\n' +
      'Pitfall: with `OnFailure` the Pod is deleted when the limit is reached, and its logs go with it. Prefer `Never` while debugging.',
    default: '6; 2147483647 (no practical limit) when backoffLimitPerIndex is set',
    limits: ['at least 0'],
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'Applies to the failures counted from now on, together with those already counted; running Pods are not touched.',
    interactions: [
      { text: 'Must not be negative.', rule: 'job/numbers/negative-backoff-limit' },
      { text: 'Setting backoffLimitPerIndex raises its default to 2147483647, so only the per-index limits apply unless you set it.', field: 'spec.backoffLimitPerIndex' },
      { text: 'Rules of a pod failure policy decide which failures count.', field: 'spec.podFailurePolicy' },
    ],
    example: 'spec:\n  backoffLimit: 3\n',
    docs: JOB_DOCS.backoffLimit,
  },
  {
    path: 'spec.ttlSecondsAfterFinished',
    summary: 'Seconds after the Job finishes before it is deleted automatically',
    details:
      'Once the Job is Complete or Failed, the TTL controller deletes it (and, through cascading deletion, its Pods) after this many seconds. ' +
      '`0` deletes it as soon as it finishes. Without the field a finished Job stays until someone deletes it.\n\n' +
      'Finalizers on the Job are respected, so deletion can take longer. Pitfall: once it is gone, so are the Pod logs; keep a few minutes if you want to read them.',
    default: 'unset: the Job is never deleted automatically',
    limits: ['at least 0'],
    maturity: 'GA',
    featureGate: 'TTLAfterFinished',
    mutability: 'mutable (it can be set or extended on a finished Job before it expires)',
    onUpdate: 'Applies when the Job finishes; a Job that finished already is deleted as soon as its new time to live has passed.',
    interactions: [{ text: 'Must not be negative.', rule: 'job/numbers/negative-ttl-seconds-after-finished' }],
    example: 'spec:\n  ttlSecondsAfterFinished: 600  # delete ten minutes after finishing\n',
    docs: JOB_DOCS.ttlAfterFinished,
  },
  {
    path: 'spec.suspend',
    summary: 'Pause the Job: no Pods are created while it is true',
    details:
      'Created suspended, the Job waits without starting any Pod, which is how queueing systems such as Kueue admit work later. ' +
      'Suspending a running Job deletes its active Pods (they do not count as failures), adds the `Suspended` condition and stops the deadline clock. ' +
      'Setting it back to false starts Pods again with a fresh `startTime`.\n\n' +
      'Pitfall: the Pods are stopped, not frozen. Work they had not saved is lost.\n\n' +
      'While a Job is suspended and has never started, its Pod template may still change node affinity, node selector, tolerations, scheduling gates, labels and annotations.',
    default: 'false',
    values: {
      true: 'No Pods run; active ones are deleted and the `Suspended` condition becomes True.',
      false: 'The Job runs (again); `startTime` is set afresh.',
    },
    maturity: 'GA',
    featureGate: 'SuspendJob',
    mutability: 'mutable',
    onUpdate: '`true` deletes the running Pods of the Job (they get their termination grace period); `false` lets the controller create Pods again.',
    interactions: [{ text: 'The active deadline clock stops while suspended and restarts from zero on resume.', field: 'spec.activeDeadlineSeconds' }],
    example: 'spec:\n  suspend: true\n',
    docs: JOB_DOCS.suspend,
  },
];

const OWNERSHIP: FieldDoc[] = [
  {
    path: 'spec.manualSelector',
    summary: 'Take over the Pod selector and labels instead of letting the server generate them',
    details:
      'Normally the API server picks a selector on the Job UID and adds matching labels to the Pod template, so no two Jobs can claim the same Pods. ' +
      'With `true` you write `selector` yourself and must keep it unique: a selector that overlaps another Job makes the two fight over Pods.\n\n' +
      'You mostly see it on Jobs migrated from old APIs, or when adopting the Pods of a deleted Job.',
    default: 'false',
    values: {
      true: 'You provide `selector` and the template labels it matches; nothing is generated.',
      false: 'The server generates the selector and the template labels.',
    },
    maturity: 'GA',
    mutability: 'not locked, but it only matters at create time, when the selector is generated or not',
    onUpdate: 'No effect on an existing Job: the selector was decided when it was created.',
    interactions: [
      { text: 'With true, `selector` is required.', field: 'spec.selector', rule: 'job/selector/required' },
      { text: 'Without it, a selector you write may only repeat the generated labels.', field: 'spec.selector', rule: 'job/selector/not-auto-generated' },
    ],
    example: 'spec:\n  manualSelector: true\n  selector:\n    matchLabels:\n      job-run: report-2024-06-01\n  template:\n    metadata:\n      labels:\n        job-run: report-2024-06-01\n',
    docs: JOB_DOCS.ownSelector,
  },
  {
    path: 'spec.selector',
    summary: 'Which Pods belong to the Job; normally generated, so leave it out',
    details:
      'Unless `manualSelector` is true, the API server creates it as `matchLabels: {batch.kubernetes.io/controller-uid: <Job UID>}` ' +
      'and adds that label (plus `batch.kubernetes.io/job-name` and the legacy unprefixed pair) to the Pod template.\n\n' +
      'Writing your own is only useful with `manualSelector: true`.',
    default: 'generated from the Job UID unless manualSelector is true',
    maturity: 'GA',
    mutability: 'immutable',
    interactions: [
      { text: 'Without manualSelector only the generated labels, with their generated values, are accepted.', field: 'spec.manualSelector', rule: 'job/selector/not-auto-generated' },
      { text: 'With manualSelector it is required.', field: 'spec.manualSelector', rule: 'job/selector/required' },
      { text: 'It must select the Pod template labels.', field: 'spec.template', rule: 'job/selector/template-labels-mismatch' },
    ],
    docs: JOB_DOCS.podSelector,
  },
  {
    path: 'spec.selector.matchLabels',
    summary: 'Labels a Pod must carry, all of them with exactly these values',
    details: 'Each entry is one equality test; together with `matchExpressions` every test must pass.',
    maturity: 'GA',
    interactions: [
      { text: 'Keys and values must be valid label keys and values.', rule: 'job/selector/invalid-match-labels' },
      { text: 'The Pod template must carry these labels.', field: 'spec.template', rule: 'job/selector/template-labels-mismatch' },
    ],
    example: 'spec:\n  manualSelector: true\n  selector:\n    matchLabels:\n      job-run: report-2024-06-01\n',
    docs: JOB_DOCS.labelSelectors,
  },
  {
    path: 'spec.selector.matchExpressions',
    summary: 'Set-based label tests (In, NotIn, Exists, DoesNotExist), all of which must hold',
    maturity: 'GA',
    interactions: [{ text: 'The Pod template labels must pass every test.', field: 'spec.template', rule: 'job/selector/template-labels-mismatch' }],
    example: 'spec:\n  manualSelector: true\n  selector:\n    matchExpressions:\n    - key: job-run\n      operator: In\n      values: [report-2024-06-01]\n',
    docs: JOB_DOCS.labelSelectors,
  },
  {
    path: 'spec.selector.matchExpressions[].key',
    summary: 'The label key this test looks at',
    maturity: 'GA',
    interactions: [{ text: 'Must be a valid label key (an optional DNS prefix, a slash, a name).', rule: 'job/selector/invalid-key' }],
    docs: JOB_DOCS.labelSelectors,
  },
  {
    path: 'spec.selector.matchExpressions[].operator',
    summary: 'How the label is tested: In, NotIn, Exists or DoesNotExist',
    values: {
      In: 'The label is present and its value is one of `values`.',
      NotIn: 'The label is absent, or its value is none of `values`.',
      Exists: 'The label is present, whatever its value; `values` must be empty.',
      DoesNotExist: 'The label is absent; `values` must be empty.',
    },
    maturity: 'GA',
    interactions: [{ text: 'Only these four operators are known.', rule: 'job/selector/invalid-operator' }],
    docs: JOB_DOCS.labelSelectors,
  },
  {
    path: 'spec.selector.matchExpressions[].values',
    summary: 'The label values for In and NotIn; must be empty for Exists and DoesNotExist',
    maturity: 'GA',
    interactions: [
      { text: 'In and NotIn need at least one value.', field: 'spec.selector.matchExpressions[].operator', rule: 'job/selector/values-required' },
      { text: 'Exists and DoesNotExist take none.', field: 'spec.selector.matchExpressions[].operator', rule: 'job/selector/values-forbidden' },
      { text: 'Each must be a valid label value.', rule: 'job/selector/invalid-value' },
    ],
    docs: JOB_DOCS.labelSelectors,
  },
  {
    path: 'spec.template',
    summary: 'The Pod the Job creates, again for each retry and each completion',
    details:
      'A full Pod template (`metadata` and `spec`) without `apiVersion` and `kind`. A Job needs `restartPolicy: Never` or `OnFailure`: ' +
      'the Pod default `Always` is refused.\n\n' +
      'The API server adds the labels `batch.kubernetes.io/controller-uid`, `batch.kubernetes.io/job-name`, `controller-uid` and `job-name`. ' +
      'Leave them out, or give them exactly the generated values.\n\n' +
      'The Pods may run more than once for the same piece of work (retries, node failures), so make the program safe to repeat.',
    maturity: 'GA',
    mutability:
      'immutable; while the Job is suspended and has never started, node affinity, nodeSelector, tolerations, schedulingGates, labels and annotations ' +
      'may change, and from Kubernetes 1.36 the containers\' resources of a suspended Job too',
    onUpdate: 'A change a suspended Job may make reaches the Pods created after the Job resumes; no running Pod is changed.',
    interactions: [
      { text: '`restartPolicy` must be Never or OnFailure.', rule: 'job/restart-policy/never-or-on-failure-required' },
      { text: 'With a pod failure policy `restartPolicy` must be Never.', field: 'spec.podFailurePolicy', rule: 'job/pod-failure-policy/restart-policy-must-be-never' },
      { text: 'Per-index backoff with OnFailure does not count container restarts; use Never.', field: 'spec.backoffLimitPerIndex', rule: 'job/backoff-limit-per-index/restart-policy-on-failure' },
      { text: 'A `batch.kubernetes.io/job-name` label must equal the Job name.', field: 'metadata', rule: 'job/selector/batch-job-name-label' },
      { text: 'A `batch.kubernetes.io/controller-uid` label must equal the Job UID, so never write one.', rule: 'job/selector/batch-controller-uid-label' },
      { text: 'The labels must match `selector`.', field: 'spec.selector', rule: 'job/selector/template-labels-mismatch' },
    ],
    example: 'spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: python:3.12\n        command: ["python", "-c", "print(42)"]\n',
    docs: JOB_DOCS.podTemplate,
  },
];

const CONTROL: FieldDoc[] = [
  {
    path: 'spec.managedBy',
    summary: 'Hand the Job to another controller; the built-in one then leaves it alone',
    details:
      'Leave it out (or write `kubernetes.io/job-controller`) for the normal Job controller. Any other value tells the built-in controller to skip ' +
      'the Job entirely, including its status: the named controller, for example MultiKueue running the Job on another cluster, does the work.\n\n' +
      'Pitfall: if no controller answers to the value, the Job never starts and its status never changes.',
    default: 'unset: the built-in Job controller manages the Job',
    values: { 'kubernetes.io/job-controller': 'The built-in Job controller; the same as leaving the field out.' },
    limits: ['a domain-prefixed path: `<DNS subdomain>/<path>`', 'at most 63 characters'],
    maturity: 'GA',
    featureGate: 'JobManagedBy',
    mutability: 'immutable',
    interactions: [
      { text: 'Must not be empty.', rule: 'job/managed-by/empty' },
      { text: 'Must look like `example.com/controller`.', rule: 'job/managed-by/not-domain-prefixed-path' },
      { text: 'The part before the first `/` must be a DNS subdomain.', rule: 'job/managed-by/invalid-domain' },
      { text: 'The part after it must use URL path characters.', rule: 'job/managed-by/invalid-path' },
      { text: 'At most 63 characters.', rule: 'job/managed-by/too-long' },
    ],
    example: 'spec:\n  managedBy: kueue.x-k8s.io/multikueue\n',
    docs: JOB_DOCS.managedBy,
  },
  {
    path: 'spec.podReplacementPolicy',
    summary: 'When a replacement Pod starts: as soon as the old one is terminating, or only once it has failed',
    details:
      'With `TerminatingOrFailed` a Pod that is shutting down and its replacement can run side by side for a while. ' +
      'Choose `Failed` when that overlap hurts: exclusive hardware such as GPUs, tight quota, or programs that must not run twice at once. ' +
      '`status.terminating` shows how many Pods are still shutting down.',
    default: 'TerminatingOrFailed; Failed when podFailurePolicy is set',
    values: {
      TerminatingOrFailed: 'Replace a Pod as soon as it has a deletion timestamp or has failed; old and new may overlap.',
      Failed: 'Replace a Pod only once it has fully stopped (phase Failed or Succeeded); no overlap. Required with a pod failure policy.',
    },
    maturity: 'GA',
    featureGate: 'JobPodReplacementPolicy',
    mutability: 'mutable',
    onUpdate: 'Decides how the next replacement Pods are created; Pods already replaced stay as they are.',
    interactions: [{ text: 'With a pod failure policy only `Failed` is allowed.', field: 'spec.podFailurePolicy', rule: 'job/pod-replacement-policy/failed-required-with-pod-failure-policy' }],
    example: 'spec:\n  podReplacementPolicy: Failed\n',
    docs: JOB_DOCS.podReplacementPolicy,
  },
  {
    path: 'spec.backoffLimitPerIndex',
    summary: 'Retries allowed for each index of an Indexed Job before that index is given up',
    details:
      'Instead of one failure budget for the whole Job, each index gets its own. An index that runs out is marked failed and listed in ' +
      '`status.failedIndexes`; the other indexes keep running. The count for an index is kept in the Pod annotation ' +
      '`batch.kubernetes.io/job-index-failure-count`.\n\n' +
      'When all indexes have finished and at least one failed, the Job ends Failed (reason `FailedIndexes`). Use `maxFailedIndexes` to stop earlier.\n\n' +
      'Use `restartPolicy: Never`: with `OnFailure` container restarts are not counted per index.',
    default: 'unset: one Job-wide budget (backoffLimit)',
    limits: ['at least 0', 'Indexed Jobs only'],
    maturity: 'GA',
    featureGate: 'JobBackoffLimitPerIndex',
    mutability: 'immutable',
    interactions: [
      { text: 'Must not be negative.', rule: 'job/backoff-limit-per-index/negative-backoff-limit-per-index' },
      { text: 'Needs `completionMode: Indexed`.', field: 'spec.completionMode', rule: 'job/backoff-limit-per-index/backoff-limit-per-index-requires-indexed' },
      { text: 'Pods should use `restartPolicy: Never`.', field: 'spec.template', rule: 'job/backoff-limit-per-index/restart-policy-on-failure' },
      { text: 'Raises the default backoffLimit to 2147483647.', field: 'spec.backoffLimit' },
      { text: 'maxFailedIndexes needs it.', field: 'spec.maxFailedIndexes', rule: 'job/backoff-limit-per-index/max-failed-indexes-needs-backoff-limit-per-index' },
      { text: 'The FailIndex action of a pod failure policy needs it.', field: 'spec.podFailurePolicy.rules[].action', rule: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index' },
    ],
    example:
      'spec:\n  completionMode: Indexed\n  completions: 10\n  backoffLimitPerIndex: 2\n  maxFailedIndexes: 3\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: shard\n        image: busybox:1.36\n',
    docs: JOB_DOCS.backoffLimitPerIndex,
  },
  {
    path: 'spec.maxFailedIndexes',
    summary: 'How many indexes may fail before the whole Job is stopped and marked Failed',
    details:
      'Counts indexes that ran out of their per-index retries (or hit a `FailIndex` rule). As soon as the count goes above this number ' +
      'the Job fails with reason `MaxFailedIndexesExceeded` and its remaining Pods are stopped.\n\n' +
      'Without it every index runs to the end, and the Job fails afterwards if any index failed.',
    default: 'unset: all indexes run',
    limits: ['at least 0', 'at most completions', 'at most 100000', 'required and at most 10000 when completions is above 100000'],
    maturity: 'GA',
    featureGate: 'JobBackoffLimitPerIndex',
    mutability: 'mutable',
    onUpdate: 'Compared with the failed indexes from now on; a lower limit that is already exceeded fails the Job.',
    interactions: [
      { text: 'Needs backoffLimitPerIndex.', field: 'spec.backoffLimitPerIndex', rule: 'job/backoff-limit-per-index/max-failed-indexes-needs-backoff-limit-per-index' },
      { text: 'Needs `completionMode: Indexed`.', field: 'spec.completionMode', rule: 'job/backoff-limit-per-index/max-failed-indexes-requires-indexed' },
      { text: 'May not exceed completions.', field: 'spec.completions', rule: 'job/backoff-limit-per-index/max-failed-indexes-above-completions' },
      { text: 'Must not be negative.', rule: 'job/backoff-limit-per-index/negative-max-failed-indexes' },
      { text: 'At most 100000.', rule: 'job/backoff-limit-per-index/max-failed-indexes-too-large' },
      { text: 'Required when completions is above 100000.', field: 'spec.completions', rule: 'job/backoff-limit-per-index/max-failed-indexes-required' },
      { text: 'At most 10000 when completions is above 100000.', field: 'spec.completions', rule: 'job/backoff-limit-per-index/max-failed-indexes-too-large-for-high-completions' },
    ],
    example: 'spec:\n  completionMode: Indexed\n  completions: 100\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 5\n',
    docs: JOB_DOCS.backoffLimitPerIndex,
  },
];

/** Top level, the numbers, retries and ownership of the Job spec. */
export const JOB_SPEC_FIELDS: readonly FieldDoc[] = [...TOP_LEVEL, ...COUNTS, ...TIME_AND_RETRIES, ...OWNERSHIP, ...CONTROL];
