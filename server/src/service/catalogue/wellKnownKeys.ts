// Label, annotation, finalizer, environment and volume-context keys that a Job or CSI driver author
// meets: what each holds, who writes it, and which check looks at a value you write yourself. The keys
// Helm, Argo CD and Kueue read on a Job are in ./ecosystemKeys.ts.
import { ECOSYSTEM_KEYS } from './ecosystemKeys';
import { CSI_DOCS, JOB_DOCS, LABEL_DOCS } from './links';
import type { WellKnownKey } from './types';

const GENERATED =
  'The API server adds it to the Pod template at create time unless `spec.manualSelector` is true; leave it out, ' +
  'or give it exactly the generated value, anything else is refused.';

const JOB_KEYS: WellKnownKey[] = [
  {
    key: 'batch.kubernetes.io/job-completion-index',
    type: 'label and annotation',
    where: 'Pods of Indexed Jobs',
    holds:
      'The Pod\'s completion index as a decimal string ("0", "1", ...). A container can read it through the downward API ' +
      '(`fieldPath: metadata.annotations[\'batch.kubernetes.io/job-completion-index\']`) or, more simply, from the `JOB_COMPLETION_INDEX` environment variable.',
    setBy: 'the Job controller',
    docs: LABEL_DOCS.jobCompletionIndex,
  },
  {
    key: 'JOB_COMPLETION_INDEX',
    type: 'env var',
    where: 'every container of the Pods of Indexed Jobs',
    holds: 'The same completion index as the `batch.kubernetes.io/job-completion-index` annotation, ready to use in a command.',
    setBy: 'the Job controller, in the Pods it creates',
    docs: JOB_DOCS.completionMode,
  },
  {
    key: 'batch.kubernetes.io/job-index-failure-count',
    type: 'annotation',
    where: 'Pods of Indexed Jobs with spec.backoffLimitPerIndex',
    holds: 'How many earlier Pods of the same index have failed; compared with `backoffLimitPerIndex` to decide whether to retry the index.',
    setBy: 'the Job controller',
    docs: JOB_DOCS.backoffLimitPerIndex,
  },
  {
    key: 'batch.kubernetes.io/job-index-ignored-failure-count',
    type: 'annotation',
    where: 'Pods of Indexed Jobs with spec.backoffLimitPerIndex',
    holds: 'How many failures of the same index a pod failure policy `Ignore` rule has let pass without counting them.',
    setBy: 'the Job controller',
    docs: JOB_DOCS.backoffLimitPerIndex,
  },
  {
    key: 'batch.kubernetes.io/controller-uid',
    type: 'label',
    where: 'the Job\'s generated selector, its Pod template labels and its Pods',
    holds: `The UID of the Job that owns the Pod: the key of the generated selector. ${GENERATED} You cannot know the UID in advance, so never write it.`,
    setBy: 'the API server at create',
    rule: 'job/selector/batch-controller-uid-label',
    docs: LABEL_DOCS.controllerUid,
  },
  {
    key: 'controller-uid',
    type: 'label',
    where: 'Pod template labels and Pods of Jobs (legacy form)',
    holds: `The Job UID, unprefixed; kept for old tooling next to \`batch.kubernetes.io/controller-uid\`. ${GENERATED}`,
    setBy: 'the API server at create',
    rule: 'job/selector/controller-uid-label',
    docs: LABEL_DOCS.legacyControllerUid,
  },
  {
    key: 'batch.kubernetes.io/job-name',
    type: 'label',
    where: 'Pod template labels and Pods of Jobs',
    holds:
      `The name of the Job that owns the Pod; \`kubectl get pods -l batch.kubernetes.io/job-name=<job>\` lists them. ${GENERATED} ` +
      'The value must be a valid label value, so the Job name should stay within 63 characters.',
    setBy: 'the API server at create',
    rule: 'job/selector/batch-job-name-label',
    docs: LABEL_DOCS.jobName,
  },
  {
    key: 'job-name',
    type: 'label',
    where: 'Pod template labels and Pods of Jobs (legacy form)',
    holds: `The Job name, unprefixed; kept for old tooling next to \`batch.kubernetes.io/job-name\`. ${GENERATED}`,
    setBy: 'the API server at create',
    rule: 'job/selector/job-name-label',
    docs: LABEL_DOCS.legacyJobName,
  },
  {
    key: 'batch.kubernetes.io/job-tracking',
    type: 'finalizer',
    where: 'the Pods a Job controller creates (metadata.finalizers)',
    holds:
      'Keeps a finished Pod from disappearing before the Job controller has counted it in the Job status; the controller removes it afterwards. ' +
      'Pods that stay Terminating with this finalizer usually mean the controller is not running. (Jobs also carried it as an annotation while finalizer tracking was being introduced.)',
    setBy: 'the Job controller',
    docs: JOB_DOCS.trackingWithFinalizers,
  },
  {
    key: 'batch.kubernetes.io/cronjob-scheduled-timestamp',
    type: 'annotation',
    where: 'Jobs created by a CronJob, and their Pods',
    holds: 'The time the run was scheduled for (RFC 3339, in the CronJob\'s time zone when it sets one), which can differ from when it really started.',
    setBy: 'the CronJob controller',
    docs: LABEL_DOCS.cronJobScheduledTimestamp,
  },
  {
    key: 'kubernetes.io/job-controller',
    type: 'spec.managedBy value',
    where: 'spec.managedBy of a Job',
    holds: 'The reserved name of the built-in Job controller. Writing it is the same as leaving `managedBy` out.',
    setBy: 'you (optional)',
    docs: JOB_DOCS.managedBy,
  },
];

function volumeContext(key: string, holds: string, where = 'the volume context of NodePublishVolume, when the CSIDriver has podInfoOnMount: true'): WellKnownKey {
  return { key, type: 'volume context', where, holds, setBy: 'the kubelet', docs: CSI_DOCS.spec };
}

const CSI_KEYS: WellKnownKey[] = [
  volumeContext('csi.storage.k8s.io/pod.name', 'The name of the Pod the volume is mounted for.'),
  volumeContext('csi.storage.k8s.io/pod.namespace', 'The namespace of that Pod.'),
  volumeContext('csi.storage.k8s.io/pod.uid', 'The UID of that Pod, as a string.'),
  volumeContext('csi.storage.k8s.io/serviceAccount.name', 'The name of the Pod\'s service account.'),
  volumeContext(
    'csi.storage.k8s.io/ephemeral',
    '"true" for a CSI inline (Ephemeral) volume, "false" for a persistent one; drivers serving both lifecycle modes use it to tell them apart.',
  ),
  {
    ...volumeContext(
      'csi.storage.k8s.io/serviceAccount.tokens',
      'The tokens asked for in `tokenRequests`, as JSON: a map from audience to `{"token": ..., "expirationTimestamp": ...}`.',
      'NodePublishVolume: the volume context, or the secrets when the CSIDriver has serviceAccountTokenInSecrets: true; only with tokenRequests',
    ),
    type: 'volume context (or NodePublish secret)',
  },
];

function appLabel(part: string, holds: string): WellKnownKey {
  return {
    key: `app.kubernetes.io/${part}`,
    type: 'label',
    where: 'any object; on a Job usually both in metadata.labels and in the Pod template labels',
    holds: `${holds} One of the recommended labels that tools and dashboards group by; Kubernetes itself does not act on it.`,
    setBy: 'you, or your deployment tool',
    docs: LABEL_DOCS.app(part),
  };
}

const COMMON_KEYS: WellKnownKey[] = [
  appLabel('name', 'The application\'s name, e.g. `report-generator`.'),
  appLabel('instance', 'Which installation of the application this is, e.g. `report-generator-eu`.'),
  appLabel('version', 'The application\'s version, e.g. `2.4.1` or a commit hash.'),
  appLabel('component', 'The part it plays in the application, e.g. `migration` or `batch`.'),
  appLabel('part-of', 'The larger application it belongs to, e.g. `billing`.'),
  appLabel('managed-by', 'The tool that manages it, e.g. `Helm` or `kustomize`.'),
  {
    key: 'kubectl.kubernetes.io/default-container',
    type: 'annotation',
    where: 'Pods; on a Job put it in the Pod template annotations',
    holds: 'The container that `kubectl logs` and `kubectl exec` use when you give no `-c`; handy when the Job has sidecars.',
    setBy: 'you',
    docs: LABEL_DOCS.defaultContainer,
  },
  {
    key: 'cluster-autoscaler.kubernetes.io/safe-to-evict',
    type: 'annotation',
    where: 'Pods; on a Job put it in the Pod template annotations',
    holds:
      '"false" stops the cluster autoscaler from removing the node under this Pod, so a long batch run is not killed by a scale-down; ' +
      '"true" lets it evict the Pod even when other rules would keep it.',
    setBy: 'you',
    docs: LABEL_DOCS.safeToEvict,
  },
];

export const WELL_KNOWN_KEYS: readonly WellKnownKey[] = [...JOB_KEYS, ...CSI_KEYS, ...COMMON_KEYS, ...ECOSYSTEM_KEYS];
