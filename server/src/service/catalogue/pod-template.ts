// The Pod template as a Job author meets it: the restart policy, the per-Pod deadline and grace period,
// the container lists, the identity the Pods run as and the template's labels. Every entry says what
// holds in a Job. Container fields live in pod-containers.ts, scheduling in pod-scheduling.ts, security in
// pod-security.ts, volumes in pod-volumes.ts; this file gathers them all into POD_TEMPLATE_FIELDS.
import { JOB_DOCS, LABEL_DOCS, POD_DOCS } from './links';
import { podPath, SCHEDULING_MUTABLE } from './pod-common';
import { CONTAINER_FIELDS } from './pod-containers';
import { SCHEDULING_FIELDS } from './pod-scheduling';
import { SECURITY_FIELDS } from './pod-security';
import { VOLUME_FIELDS } from './pod-volumes';
import { ON_OFF, type FieldDoc } from './types';

const TEMPLATE: FieldDoc[] = [
  {
    path: 'spec.template.metadata',
    summary: 'The labels and annotations every Pod of the Job gets',
    details:
      'Only `labels` and `annotations` matter here. The Job controller names the Pods itself (`<job-name>-<random>`, or ' +
      '`<job-name>-<index>-<random>` in an Indexed Job) and creates them in the Job\'s namespace.',
    example: 'metadata:\n  labels:\n    app.kubernetes.io/name: nightly-report\n  annotations:\n    kubectl.kubernetes.io/default-container: main\n',
    docs: JOB_DOCS.podTemplate,
  },
  {
    path: 'spec.template.metadata.labels',
    summary: 'Labels on every Pod, so that Services, selectors, affinity and monitoring can find the Job\'s Pods',
    details:
      'The API server adds `batch.kubernetes.io/job-name` and `batch.kubernetes.io/controller-uid` (and the older `job-name` and ' +
      '`controller-uid`) to these; leave them out or give exactly the generated values. Pods of an Indexed Job also carry their index ' +
      'as `batch.kubernetes.io/job-completion-index`.\n\n' +
      'When the Job has no labels of its own it copies these, so a bad label here is reported for the Job too.\n\n' +
      'To pick the Pods of one Job (in a topology spread constraint, an affinity term or a Service), select on ' +
      '`batch.kubernetes.io/job-name: <job name>`.',
    mutability: SCHEDULING_MUTABLE,
    interactions: [
      { text: 'Keys must be qualified names.', rule: 'pod/template-label-key-invalid' },
      { text: 'Values must be valid label values.', rule: 'pod/template-label-value-invalid' },
      { text: 'A `batch.kubernetes.io/job-name` label must equal the Job name.', rule: 'job/selector/batch-job-name-label' },
      { text: 'With `manualSelector: true` the selector must match these labels.', field: 'spec.selector', rule: 'job/selector/template-labels-mismatch' },
    ],
    example: 'metadata:\n  labels:\n    app.kubernetes.io/name: nightly-report\n    team: data\n',
    docs: LABEL_DOCS.jobName,
  },
  {
    path: 'spec.template.metadata.annotations',
    summary: 'Annotations on every Pod: hints for kubectl, autoscalers, service meshes and monitoring',
    details:
      'Two that help Jobs: `kubectl.kubernetes.io/default-container` picks the container `kubectl logs` shows, and ' +
      '`cluster-autoscaler.kubernetes.io/safe-to-evict: "false"` keeps the cluster autoscaler from removing a node in the middle of a long run.\n\n' +
      'Pitfall: a service mesh that injects a proxy which never exits keeps a Job\'s Pods running after the work is done. ' +
      'Turn injection off for the Job, or have the mesh add its proxy as a native sidecar.',
    mutability: SCHEDULING_MUTABLE,
    interactions: [
      { text: 'Keys must be qualified names.', rule: 'pod/template-annotation-key-invalid' },
      { text: 'All annotations together may hold at most 256 KiB.', rule: 'pod/template-annotations-too-long' },
    ],
    example: 'metadata:\n  annotations:\n    kubectl.kubernetes.io/default-container: main\n    cluster-autoscaler.kubernetes.io/safe-to-evict: "false"\n',
    docs: LABEL_DOCS.page,
  },
  {
    path: 'spec.template.spec',
    summary: 'The Pod the Job runs: containers, restart policy, volumes, scheduling and security',
    details:
      'A Job adds one requirement of its own: `restartPolicy` must be `Never` or `OnFailure`. The rest is checked as for any Pod when ' +
      'the Job is created, so one mistake deep in the template rejects the whole Job.\n\n' +
      'Some problems only show when the Job controller creates Pods. A missing ServiceAccount or PriorityClass, a quota, or a Pod Security ' +
      'level the template breaks: Pod creation is refused, and the Job shows `FailedCreate` events. A missing ConfigMap, Secret or claim, an ' +
      'image that cannot be pulled, or no node that fits: the Pod is created but stays `Pending`. Neither counts against `backoffLimit`; ' +
      'only a deadline ends such a Job.',
    interactions: [
      { text: '`restartPolicy` must be Never or OnFailure.', field: 'spec.template.spec.restartPolicy', rule: 'job/restart-policy/never-or-on-failure-required' },
      { text: 'At least one container is needed.', field: 'spec.template.spec.containers', rule: 'pod/containers-empty' },
      { text: 'Only the Job-level deadline stops a Job whose Pods cannot start.', field: 'spec.activeDeadlineSeconds' },
    ],
    example: 'spec:\n  restartPolicy: Never\n  containers:\n  - name: main\n    image: busybox:1.36\n    command: ["sh", "-c", "echo hello"]\n',
    docs: JOB_DOCS.podTemplate,
  },
];

const RUNNING: FieldDoc[] = [
  {
    path: podPath('restartPolicy'),
    summary: 'What happens when a container exits: in a Job only `Never` or `OnFailure`; `Always` is refused',
    details:
      '`Never`: a failing container fails its Pod, and the Job controller starts a new Pod after a growing delay (10 s, 20 s, 40 s... up to 10 minutes). ' +
      'Each failed Pod counts against `backoffLimit`, and a pod failure policy or per-index backoff can judge it. ' +
      'Failed Pods stay, logs included, until the Job is deleted.\n\n' +
      '`OnFailure`: the kubelet restarts the failing container inside the same Pod, on the same node, with its `emptyDir` volumes kept. ' +
      'The Pod does not fail, so a pod failure policy never sees the failure and per-index backoff does not count it. The restarts of running ' +
      'Pods are added up against `backoffLimit`; once it is reached the Job fails and its running Pods are deleted, logs and all.\n\n' +
      'Leaving the field out is no shortcut: Pods default to `Always`, which a Job refuses. Prefer `Never` unless a restart in place saves real work.',
    default: '`Always` (the Pod default), which a Job refuses: always write it',
    values: {
      Never: 'A failing container fails the Pod; the Job replaces the Pod and counts one failure. Needed with `podFailurePolicy`, advised with `backoffLimitPerIndex`.',
      OnFailure:
        'The kubelet restarts the failing container in the same Pod. Restarts of running Pods count against `backoffLimit`, but pod failure policies and per-index backoff never see them.',
    },
    rejected: {
      Always:
        'A Job\'s Pods must be able to finish, and a container that is restarted whenever it exits never lets its Pod complete. The API server refuses it, ' +
        'and refuses a template without `restartPolicy` too, since that defaults to `Always`.',
    },
    interactions: [
      { text: 'Must be Never or OnFailure; left out, it defaults to the refused Always.', rule: 'job/restart-policy/never-or-on-failure-required' },
      { text: 'A pod failure policy needs Never.', field: 'spec.podFailurePolicy', rule: 'job/pod-failure-policy/restart-policy-must-be-never' },
      { text: 'Per-index backoff with OnFailure does not count container restarts; use Never.', field: 'spec.backoffLimitPerIndex', rule: 'job/backoff-limit-per-index/restart-policy-on-failure' },
      { text: 'With OnFailure, restarts in running Pods count against the backoff limit.', field: 'spec.backoffLimit' },
      { text: 'An init container with its own `restartPolicy: Always` is a sidecar; that does not change this field.', field: 'spec.template.spec.initContainers[].restartPolicy' },
    ],
    example: 'restartPolicy: Never\ncontainers:\n- name: main\n  image: busybox:1.36\n',
    docs: POD_DOCS.restartPolicy,
  },
  {
    path: podPath('activeDeadlineSeconds'),
    summary: 'Time limit for each Pod on its own; the Job\'s `activeDeadlineSeconds` bounds the whole Job',
    details:
      'The clock starts when the kubelet takes the Pod, so image pulls and init containers count. When it runs out the kubelet stops the Pod, ' +
      'which fails with reason `DeadlineExceeded`.\n\n' +
      'In a Job that is one failed try: it counts against `backoffLimit`, and the replacement Pod gets a fresh clock. So this field bounds a ' +
      'single try (use it for work that can hang), while `spec.activeDeadlineSeconds` bounds all tries together and ends the Job.',
    limits: ['1 to 2147483647'],
    interactions: [
      { text: 'The Job-level deadline ends the whole Job, however many retries are left.', field: 'spec.activeDeadlineSeconds' },
      { text: 'A Pod stopped by its deadline counts as one failure.', field: 'spec.backoffLimit' },
    ],
    example: 'activeDeadlineSeconds: 600  # each try gets ten minutes\ncontainers:\n- name: main\n  image: busybox:1.36\n',
    docs: POD_DOCS.podLifecycle,
  },
  {
    path: podPath('terminationGracePeriodSeconds'),
    summary: 'Seconds a stopping Pod gets between SIGTERM and SIGKILL, to save its work',
    details:
      'When a Job\'s Pod is stopped from outside (the Job reaches its deadline or backoff limit, is suspended or deleted, or the Pod is ' +
      'preempted or evicted), its containers get SIGTERM, then SIGKILL when this time is up. A container that exits by itself is not affected.\n\n' +
      'Work that can checkpoint should catch SIGTERM and save its progress within this time. `preStop` hooks run inside the same budget.',
    default: '30',
    limits: ['0 or more; a negative value is accepted with a warning and treated as 1'],
    interactions: [
      { text: 'With `podReplacementPolicy: Failed` a replacement waits until the old Pod is gone, so a long grace period delays retries.', field: 'spec.podReplacementPolicy' },
      { text: 'Suspending the Job stops its Pods this way.', field: 'spec.suspend' },
    ],
    example: 'terminationGracePeriodSeconds: 120  # time to write a checkpoint\n',
    docs: POD_DOCS.podLifecycle,
  },
  {
    path: podPath('containers'),
    summary: 'The containers that do the work; the Pod succeeds once every one of them has exited with 0',
    details:
      'They start together, after the init containers, and run side by side. A Job\'s Pod succeeds only when each of them exits with code 0; ' +
      'one failing container fails the Pod (with `restartPolicy: Never`).\n\n' +
      'Pitfall: a helper that never exits (a proxy, a log shipper) keeps the Pod running, and the Job never completes. Declare such helpers as ' +
      'sidecars, init containers with `restartPolicy: Always`, which are stopped once the main containers are done.',
    limits: ['at least one'],
    interactions: [
      { text: 'At least one is needed.', rule: 'pod/containers-empty' },
      { text: 'Names must be unique across containers and init containers.', rule: 'pod/container-name-duplicate' },
      { text: 'Pod failure policy rules pick a container by name.', field: 'spec.podFailurePolicy.rules[].onExitCodes.containerName', rule: 'job/pod-failure-policy/unknown-container-name' },
    ],
    example: 'containers:\n- name: main\n  image: python:3.12\n  command: ["python", "/app/run.py"]\n',
    docs: POD_DOCS.pods,
  },
  {
    path: podPath('initContainers'),
    summary: 'Containers run one after another before the main ones; with `restartPolicy: Always`, sidecars',
    details:
      'A plain init container must exit with 0 before the next one starts: fetch input, wait for a dependency or prepare a volume before the work. ' +
      'When one fails, a Job with `restartPolicy: Never` fails the whole Pod (one failure against `backoffLimit`); with `OnFailure` it is retried in place.\n\n' +
      'An init container with `restartPolicy: Always` is a sidecar: started in order, it keeps running beside the main containers and is ' +
      'stopped when they have all finished, so the Pod can still succeed. That is the way to run a proxy, log shipper or credential refresher ' +
      'next to batch work (on by default from 1.29, GA in 1.33).\n\n' +
      'Plain init containers may not have probes or lifecycle hooks; sidecars may.',
    interactions: [
      { text: 'Names must be unique across containers and init containers.', rule: 'pod/container-name-duplicate' },
      { text: '`restartPolicy: Always` makes a sidecar.', field: 'spec.template.spec.initContainers[].restartPolicy', rule: 'pod/init-container-restart-policy-not-always' },
    ],
    example:
      'initContainers:\n- name: fetch-input\n  image: busybox:1.36\n  command: ["sh", "-c", "wget -O /data/input.csv https://example.com/input.csv"]\n' +
      '  volumeMounts:\n  - name: data\n    mountPath: /data\ncontainers:\n- name: main\n  image: python:3.12\n  command: ["python", "/app/run.py", "/data/input.csv"]\n' +
      '  volumeMounts:\n  - name: data\n    mountPath: /data\nvolumes:\n- name: data\n  emptyDir: {}\n',
    docs: POD_DOCS.initContainers,
  },
  {
    path: podPath('ephemeralContainers'),
    summary: 'Debugging containers that `kubectl debug` adds to a running Pod; a template may not have any',
    details: 'To debug a Job\'s Pod, run `kubectl debug` against the running Pod. To run a helper in every Pod, use a sidecar in `initContainers`.',
    interactions: [{ text: 'Refused in a Pod template.', rule: 'pod/ephemeral-containers-forbidden' }],
    docs: POD_DOCS.ephemeralContainers,
  },
];

const IDENTITY: FieldDoc[] = [
  {
    path: podPath('serviceAccountName'),
    summary: 'The ServiceAccount the Pods run as: their identity toward the Kubernetes API and, often, cloud services',
    details:
      'Left out, the Pods use the namespace\'s `default` ServiceAccount. Give a Job that calls the API (or a cloud API through workload ' +
      'identity) a ServiceAccount of its own, with only the permissions it needs.\n\n' +
      'The name is only looked up when the Job controller creates a Pod: if the ServiceAccount does not exist, every Pod creation is refused, ' +
      'the Job shows `FailedCreate` events and waits, and no failure is counted.',
    default: '`default`',
    limits: ['a DNS subdomain'],
    interactions: [
      { text: 'Set `automountServiceAccountToken: false` when the Job never calls the API.', field: 'spec.template.spec.automountServiceAccountToken' },
      { text: 'The ServiceAccount\'s image pull secrets apply to the Pods too.', field: 'spec.template.spec.imagePullSecrets' },
    ],
    example: 'serviceAccountName: report-writer\n',
    docs: POD_DOCS.serviceAccounts,
  },
  {
    path: podPath('serviceAccount'),
    summary: 'Old spelling of `serviceAccountName`; write `serviceAccountName` instead',
    details: 'Kept for old manifests. When only this one is set, the server uses it as `serviceAccountName` for the Job\'s Pods.',
    interactions: [{ text: 'Use this field instead.', field: 'spec.template.spec.serviceAccountName' }],
    docs: POD_DOCS.serviceAccounts,
  },
  {
    path: podPath('automountServiceAccountToken'),
    summary: 'Whether the Pods get an API token mounted; `false` for Jobs that never call the Kubernetes API',
    details:
      'By default a credential of the Pod\'s ServiceAccount is mounted in every container under `/var/run/secrets/kubernetes.io/serviceaccount`. ' +
      'Most batch work never talks to the API server, and leaving the token out removes a credential a compromised Job could use. ' +
      'This field wins over the same setting on the ServiceAccount.',
    default: 'unset: the ServiceAccount decides, and mounts the token unless it says otherwise',
    values: ON_OFF(
      'Mount the token, even when the ServiceAccount turns mounting off.',
      'Mount no token; a `projected` volume can still provide one with its own audience.',
    ),
    example: 'serviceAccountName: report-writer\nautomountServiceAccountToken: false\n',
    docs: POD_DOCS.serviceAccounts,
  },
  {
    path: podPath('imagePullSecrets'),
    summary: 'Registry credentials, Secrets in the Job\'s namespace, used to pull private images',
    details:
      'Each entry names a Secret of type `kubernetes.io/dockerconfigjson` in the same namespace. The credentials can also be attached to the ' +
      'ServiceAccount, so that every Pod running as it gets them.\n\n' +
      'A missing Secret or a wrong password does not fail the Job: the Pod waits in `ImagePullBackOff`, no failure is counted, and only a ' +
      'deadline ends the wait.',
    interactions: [
      { text: 'Credentials on the Pods\' ServiceAccount are used as well.', field: 'spec.template.spec.serviceAccountName' },
      { text: 'Only the Job-level deadline stops a Job whose image cannot be pulled.', field: 'spec.activeDeadlineSeconds' },
    ],
    example: 'imagePullSecrets:\n- name: registry-credentials\n',
    docs: POD_DOCS.privateRegistry,
  },
  {
    path: podPath('enableServiceLinks'),
    summary: 'Whether every Service of the namespace becomes environment variables in each container',
    details:
      'On by default, for compatibility with Docker links: each Service adds `<NAME>_SERVICE_HOST`, `<NAME>_SERVICE_PORT` and more. In a namespace ' +
      'with many Services this slows container start, can make the environment too large to start at all, and the names may clash with your own. ' +
      'A Job\'s Pods rarely need them: Service DNS names work everywhere.',
    default: 'true',
    values: ON_OFF('Add variables for every Service of the namespace.', 'Add none; reach Services by their DNS names.'),
    example: 'enableServiceLinks: false\n',
    docs: POD_DOCS.serviceEnv,
  },
];

/**
 * Every Pod template field the catalogue explains, keyed by its schema path under the Job. Fields not
 * listed keep the schema hover. The template is fixed once the Job exists, and the fields are GA unless an
 * entry says otherwise.
 */
export const POD_TEMPLATE_FIELDS: readonly FieldDoc[] = [
  ...TEMPLATE, ...RUNNING, ...IDENTITY, ...CONTAINER_FIELDS, ...SECURITY_FIELDS, ...SCHEDULING_FIELDS, ...VOLUME_FIELDS,
].map((doc) => ({ maturity: 'GA', mutability: 'fixed once the Job is created (the Pod template cannot change)', ...doc }));
