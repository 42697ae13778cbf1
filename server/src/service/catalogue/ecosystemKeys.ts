// Annotations and labels that tools around Kubernetes read on a Job: Helm's hooks, Argo CD's hooks and sync
// waves, Kueue's queue, priority and limits, JobSet's placement keys and the labels its controller sets, the
// Trainer's step label. The API server keeps them as opaque strings; what each does is said here, in our own
// words, with the values the tool understands.
import type { WellKnownKey } from './types';

export const ECOSYSTEM_DOCS = {
  helmHooks: 'https://helm.sh/docs/topics/charts_hooks/',
  argoHooks: 'https://argo-cd.readthedocs.io/en/stable/user-guide/resource_hooks/',
  argoWaves: 'https://argo-cd.readthedocs.io/en/stable/user-guide/sync-waves/',
  kueueJobs: 'https://kueue.sigs.k8s.io/docs/tasks/run/jobs/',
  kueuePriority: 'https://kueue.sigs.k8s.io/docs/concepts/workload_priority_class/',
  kueueJobSets: 'https://kueue.sigs.k8s.io/docs/tasks/run/jobsets/',
  kueueMaxExecTime: 'https://kueue.sigs.k8s.io/docs/concepts/workload/#maximum-execution-time',
  kueuePrebuilt: 'https://kueue.sigs.k8s.io/docs/concepts/workload/',
  jobSetPlacement: 'https://jobset.sigs.k8s.io/docs/tasks/exclusive-placement/',
  jobSetLabels: 'https://jobset.sigs.k8s.io/docs/reference/jobset.v1alpha2/',
  trainerRuntime: 'https://www.kubeflow.org/docs/components/trainer/operator-guides/runtime/',
} as const;

/** The documentation sites of the tools whose keys are listed here (the catalogue test checks the links). */
export const ECOSYSTEM_SITES: Record<NonNullable<WellKnownKey['project']>, string> = {
  Helm: 'https://helm.sh/docs/',
  'Argo CD': 'https://argo-cd.readthedocs.io/',
  Kueue: 'https://kueue.sigs.k8s.io/docs/',
  JobSet: 'https://jobset.sigs.k8s.io/docs/',
  'Kubeflow Trainer': 'https://www.kubeflow.org/docs/components/trainer/',
};

const ON_THE_JOB = "the Job's own metadata.annotations (not the Pod template's)";

/** Who reads a key and where its documentation is: the same for every key of a tool. */
function readBy(project: NonNullable<WellKnownKey['project']>, docs: string): Pick<WellKnownKey, 'setBy' | 'docs' | 'project' | 'objectOnly'> {
  return { setBy: `you (${project} reads it)`, docs, project, objectOnly: true };
}

const HELM_KEYS: WellKnownKey[] = [
  {
    key: 'helm.sh/hook',
    type: 'annotation',
    where: `${ON_THE_JOB}, in a chart template`,
    holds:
      'Turns the Job into a Helm hook: instead of being installed with the rest of the release, it is created at the lifecycle ' +
      'points listed (several may be given, separated by commas). Helm waits for a hook Job to complete, and a failed Job fails ' +
      'the install, upgrade or delete that ran it. A hook is not part of the release: `helm uninstall` leaves it behind unless ' +
      '`helm.sh/hook-delete-policy` removes it.',
    ...readBy('Helm', ECOSYSTEM_DOCS.helmHooks),
    list: true,
    values: {
      'pre-install': 'Runs once the templates are rendered, before any object of a new release is created.',
      'post-install': 'Runs after every object of a new release has been created.',
      'pre-upgrade': 'Runs on an upgrade once the templates are rendered, before any object is changed.',
      'post-upgrade': 'Runs on an upgrade after every object has been changed.',
      'pre-delete': 'Runs on `helm uninstall` before any object of the release is deleted.',
      'post-delete': 'Runs on `helm uninstall` after the release\'s objects are gone.',
      'pre-rollback': 'Runs on a rollback once the templates are rendered, before any object is rolled back.',
      'post-rollback': 'Runs on a rollback after every object has been rolled back.',
      test: 'Runs only when `helm test` is called: the Job completing is the test passing.',
    },
  },
  {
    key: 'helm.sh/hook-weight',
    type: 'annotation',
    where: `${ON_THE_JOB}, next to helm.sh/hook`,
    holds:
      'Orders the hooks of one lifecycle point: Helm creates them from the lowest weight to the highest (negative numbers first, ' +
      '0 when unset) and waits for each hook Job to complete before the next. Write a whole number in quotes (`"-5"`): an ' +
      'annotation value is a string.',
    ...readBy('Helm', ECOSYSTEM_DOCS.helmHooks),
  },
  {
    key: 'helm.sh/hook-delete-policy',
    type: 'annotation',
    where: `${ON_THE_JOB}, next to helm.sh/hook`,
    holds:
      'When Helm deletes the hook Job (several policies may be combined with commas). Without it Helm uses `before-hook-creation`. ' +
      'A finished hook Job otherwise stays, and the next run cannot create a Job of the same name; `ttlSecondsAfterFinished` is ' +
      'another way to clean up.',
    ...readBy('Helm', ECOSYSTEM_DOCS.helmHooks),
    list: true,
    values: {
      'before-hook-creation': 'The Job left by the previous run is deleted just before the hook is created again (the default).',
      'hook-succeeded': 'The Job is deleted once it has completed; a failed one stays for you to read its logs.',
      'hook-failed': 'The Job is deleted when it failed; a completed one stays.',
    },
  },
];

const ARGO_KEYS: WellKnownKey[] = [
  {
    key: 'argocd.argoproj.io/hook',
    type: 'annotation',
    where: ON_THE_JOB,
    holds:
      'Turns the Job into an Argo CD sync hook: it is applied in the phase named (several may be given, separated by commas) ' +
      'instead of with the application\'s other objects. A sync waits for a hook Job to complete, and a failed one fails the sync. ' +
      'Hooks are created again on every sync: give the Job `metadata.generateName`, or a delete policy, so the names do not clash.',
    ...readBy('Argo CD', ECOSYSTEM_DOCS.argoHooks),
    list: true,
    values: {
      PreSync: 'Runs before the application\'s manifests are applied, e.g. a database migration.',
      Sync: 'Runs together with the manifests, once every PreSync hook has succeeded.',
      PostSync: 'Runs after a successful sync, once every object is healthy, e.g. smoke tests.',
      SyncFail: 'Runs when a sync has failed, e.g. to clean up or to notify.',
      Skip: 'The sync does not apply the object at all.',
      PreDelete: 'Runs before the application\'s objects are deleted, when the whole application is deleted (recent Argo CD releases).',
      PostDelete: 'Runs after the application\'s objects are deleted, when the whole application is deleted (Argo CD 2.10 and later).',
    },
  },
  {
    key: 'argocd.argoproj.io/hook-delete-policy',
    type: 'annotation',
    where: `${ON_THE_JOB}, next to argocd.argoproj.io/hook`,
    holds: 'When Argo CD deletes the hook Job; several policies may be combined with commas.',
    ...readBy('Argo CD', ECOSYSTEM_DOCS.argoHooks),
    list: true,
    values: {
      HookSucceeded: 'The Job is deleted once it has completed.',
      HookFailed: 'The Job is deleted when it failed.',
      BeforeHookCreation: 'The Job left by the previous sync is deleted before the hook is created again.',
    },
  },
  {
    key: 'argocd.argoproj.io/sync-wave',
    type: 'annotation',
    where: ON_THE_JOB,
    holds:
      'The wave of the Job within its sync phase: Argo CD applies lower waves first (negative numbers allowed, 0 when unset) and ' +
      'moves to the next wave only when the objects of this one are healthy, which for a Job means completed. Write a whole ' +
      'number in quotes (`"-1"`).',
    ...readBy('Argo CD', ECOSYSTEM_DOCS.argoWaves),
  },
];

const KUEUE_KEYS: WellKnownKey[] = [
  {
    key: 'kueue.x-k8s.io/queue-name',
    readOn: ['Job', 'JobSet'],
    type: 'label',
    where: "the workload's own metadata.labels: a Job's, a JobSet's (not the Pod template's)",
    holds:
      'The LocalQueue, in the Job\'s namespace, that Kueue queues the Job in. Kueue\'s webhook creates the Job suspended ' +
      '(`spec.suspend: true`) with a Workload for it, and lifts the suspension only when the Workload is admitted, possibly after ' +
      'adding the node selectors and tolerations of the resource flavor it was given to the Pod template. Until then the Job has no ' +
      'Pods: a script that waits for Pods, or expects `suspend: false` right after `kubectl apply`, must wait for admission instead. ' +
      'A JobSet is queued the same way, as one Workload for all its Jobs. The value names a LocalQueue: a DNS-1123 subdomain.',
    ...readBy('Kueue', ECOSYSTEM_DOCS.kueueJobs),
    rule: 'kueue/queue-name-invalid',
  },
  {
    key: 'kueue.x-k8s.io/priority-class',
    readOn: ['Job', 'JobSet'],
    type: 'label',
    where: "the Job's own metadata.labels, next to kueue.x-k8s.io/queue-name",
    holds:
      'The WorkloadPriorityClass of the Job\'s Workload: its value orders the Job in its queue and decides which admitted Workloads ' +
      'Kueue may preempt for it. It is not the Pods\' `priorityClassName`, which still rules scheduling and eviction on the nodes.',
    ...readBy('Kueue', ECOSYSTEM_DOCS.kueuePriority),
  },
  {
    key: 'kueue.x-k8s.io/max-exec-time-seconds',
    readOn: ['Job', 'JobSet'],
    type: 'label',
    where: "the workload's own metadata.labels: a Job's, a JobSet's",
    holds:
      'The most seconds the workload may run once admitted: Kueue counts the time it holds its quota (over all admissions) and, past ' +
      'the limit, evicts and deactivates it. A whole number above 0, written as a string (`"3600"`); Kueue\'s webhook refuses anything else.',
    ...readBy('Kueue', ECOSYSTEM_DOCS.kueueMaxExecTime),
    rule: 'kueue/max-exec-time-invalid',
  },
  {
    key: 'kueue.x-k8s.io/prebuilt-workload-name',
    readOn: ['Job', 'JobSet'],
    type: 'label',
    where: "the workload's own metadata.labels",
    holds: 'Ties the Job to a Workload object you created yourself, instead of the one Kueue would create. Its value names that Workload (a DNS-1123 subdomain).',
    ...readBy('Kueue', ECOSYSTEM_DOCS.kueuePrebuilt),
    rule: 'kueue/prebuilt-workload-name-invalid',
  },
  {
    key: 'kueue.x-k8s.io/job-min-parallelism',
    readOn: ['Job'],
    type: 'annotation',
    where: "the Job's own metadata.annotations (in a JobSet: each replicatedJob's template)",
    holds:
      'Turns on partial admission: when the whole `parallelism` does not fit, Kueue may admit the Job with fewer Pods, down to this ' +
      'many, and lowers `parallelism` accordingly. A whole number from 1 to the Job\'s Pod count minus one.',
    ...readBy('Kueue', `${ECOSYSTEM_DOCS.kueueJobs}#partial-admission`),
    rule: 'kueue/job-min-parallelism-invalid',
  },
  {
    key: 'kueue.x-k8s.io/job-completions-equal-parallelism',
    readOn: ['Job'],
    type: 'annotation',
    where: "the Job's own metadata.annotations",
    holds:
      'With `"true"`, when Kueue changes an Indexed Job\'s `parallelism` (partial admission, elastic Jobs) it sets `completions` to match. ' +
      'The Job must be Indexed and start with `completions` equal to `parallelism`.',
    ...readBy('Kueue', ECOSYSTEM_DOCS.kueueJobs),
    rule: 'kueue/job-completions-equal-parallelism-invalid',
    values: { true: 'completions follows parallelism.', false: 'completions stays as written (as without the annotation).' },
  },
];

/** A key the JobSet controller writes on each Job and Pod: explained on hover, never offered. */
function setByJobSet(key: string, holds: string): WellKnownKey {
  return {
    key, type: 'label and annotation', where: 'each Job and Pod of a JobSet', holds, setBy: 'the JobSet controller',
    docs: ECOSYSTEM_DOCS.jobSetLabels, project: 'JobSet',
  };
}

const JOBSET_KEYS: WellKnownKey[] = [
  {
    key: 'alpha.jobset.sigs.k8s.io/exclusive-topology',
    readOn: ['JobSet', 'replicatedJob'],
    type: 'annotation',
    where: "a JobSet's metadata (every replicatedJob), or one replicatedJob's template metadata",
    holds:
      'Places each Job of the JobSet alone in one topology domain: the value is a node label key (`cloud.google.com/gke-nodepool`, a ' +
      'rack or block label), and the controller adds affinities so that no two Jobs share a domain, and no other JobSet\'s Jobs either.',
    setBy: 'you (JobSet reads it)', docs: ECOSYSTEM_DOCS.jobSetPlacement, project: 'JobSet', objectOnly: true,
  },
  {
    key: 'alpha.jobset.sigs.k8s.io/node-selector',
    readOn: ['JobSet', 'replicatedJob'],
    type: 'annotation',
    where: 'next to alpha.jobset.sigs.k8s.io/exclusive-topology',
    holds:
      'Exclusive placement by node selector instead of affinities (faster to schedule): the controller selects nodes labelled with the ' +
      'Job\'s namespaced name and tolerates a taint; you label and taint the nodes of each domain beforehand. Any value turns it on.',
    setBy: 'you (JobSet reads it)', docs: ECOSYSTEM_DOCS.jobSetPlacement, project: 'JobSet', objectOnly: true,
  },
  setByJobSet('jobset.sigs.k8s.io/jobset-name', 'The JobSet\'s name.'),
  setByJobSet('jobset.sigs.k8s.io/replicatedjob-name', 'The name of the replicatedJob the Job comes from.'),
  setByJobSet('jobset.sigs.k8s.io/job-index', 'The Job\'s index within its replicatedJob, 0 to replicas - 1.'),
  setByJobSet('jobset.sigs.k8s.io/job-global-index', 'The Job\'s index among all Jobs of the JobSet.'),
  setByJobSet('jobset.sigs.k8s.io/replicatedjob-replicas', 'The replicatedJob\'s number of Jobs.'),
  setByJobSet('jobset.sigs.k8s.io/global-replicas', 'The number of Jobs of the whole JobSet.'),
  setByJobSet('jobset.sigs.k8s.io/restart-attempt', 'How many times the JobSet has been restarted: Jobs of an older attempt are deleted.'),
  setByJobSet('jobset.sigs.k8s.io/coordinator', 'The coordinator Pod\'s address, `<pod hostname>.<subdomain>`, when `spec.coordinator` is set.'),
  setByJobSet('jobset.sigs.k8s.io/group-name', 'The replicatedJob\'s `groupName`.'),
];

const TRAINER_KEYS: WellKnownKey[] = [
  {
    key: 'trainer.kubeflow.org/trainjob-ancestor-step',
    readOn: ['replicatedJob'],
    type: 'label',
    where: "a training runtime's replicatedJob template metadata",
    holds:
      'Marks a replicatedJob as a step of every TrainJob: the Trainer fills that step\'s container from the TrainJob (image, command, ' +
      'environment, resources) and runs it as a single Job.',
    setBy: 'you (Kubeflow Trainer reads it)', docs: ECOSYSTEM_DOCS.trainerRuntime, project: 'Kubeflow Trainer', rule: 'trainingruntime/step-container', objectOnly: true,
    values: {
      trainer: 'The training itself; its container must be named `node`.',
      'dataset-initializer': 'Downloads the dataset first; container `dataset-initializer`.',
      'model-initializer': 'Downloads the model first; container `model-initializer`.',
    },
  },
];

export const ECOSYSTEM_KEYS: readonly WellKnownKey[] = [...HELM_KEYS, ...ARGO_KEYS, ...KUEUE_KEYS, ...JOBSET_KEYS, ...TRAINER_KEYS];
