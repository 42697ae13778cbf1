// Annotations and labels that tools around Kubernetes read on a Job: Helm's hooks, Argo CD's hooks and sync
// waves, Kueue's queue and priority. The API server keeps them as opaque strings; what each does to a Job is
// said here, in our own words, with the values the tool understands.
import type { WellKnownKey } from './types';

export const ECOSYSTEM_DOCS = {
  helmHooks: 'https://helm.sh/docs/topics/charts_hooks/',
  argoHooks: 'https://argo-cd.readthedocs.io/en/stable/user-guide/resource_hooks/',
  argoWaves: 'https://argo-cd.readthedocs.io/en/stable/user-guide/sync-waves/',
  kueueJobs: 'https://kueue.sigs.k8s.io/docs/tasks/run/jobs/',
  kueuePriority: 'https://kueue.sigs.k8s.io/docs/concepts/workload_priority_class/',
} as const;

/** The documentation sites of the tools whose keys are listed here (the catalogue test checks the links). */
export const ECOSYSTEM_SITES: Record<NonNullable<WellKnownKey['project']>, string> = {
  Helm: 'https://helm.sh/docs/',
  'Argo CD': 'https://argo-cd.readthedocs.io/',
  Kueue: 'https://kueue.sigs.k8s.io/docs/',
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
    type: 'label',
    where: "the Job's own metadata.labels (not the Pod template's)",
    holds:
      'The LocalQueue, in the Job\'s namespace, that Kueue queues the Job in. Kueue\'s webhook creates the Job suspended ' +
      '(`spec.suspend: true`) with a Workload for it, and lifts the suspension only when the Workload is admitted, possibly after ' +
      'adding the node selectors and tolerations of the resource flavor it was given to the Pod template. Until then the Job has no ' +
      'Pods: a script that waits for Pods, or expects `suspend: false` right after `kubectl apply`, must wait for admission instead.',
    ...readBy('Kueue', ECOSYSTEM_DOCS.kueueJobs),
  },
  {
    key: 'kueue.x-k8s.io/priority-class',
    type: 'label',
    where: "the Job's own metadata.labels, next to kueue.x-k8s.io/queue-name",
    holds:
      'The WorkloadPriorityClass of the Job\'s Workload: its value orders the Job in its queue and decides which admitted Workloads ' +
      'Kueue may preempt for it. It is not the Pods\' `priorityClassName`, which still rules scheduling and eviction on the nodes.',
    ...readBy('Kueue', ECOSYSTEM_DOCS.kueuePriority),
  },
];

export const ECOSYSTEM_KEYS: readonly WellKnownKey[] = [...HELM_KEYS, ...ARGO_KEYS, ...KUEUE_KEYS];
