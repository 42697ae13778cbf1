// The kubernetes.io pages the catalogue points to, most specific anchor first. Anchors were checked
// against the kubernetes/website sources (headings with explicit ids, or Hugo's generated ids).

const JOB_PAGE = 'https://kubernetes.io/docs/concepts/workloads/controllers/job/';
const LABELS_PAGE = 'https://kubernetes.io/docs/reference/labels-annotations-taints/';

export const JOB_DOCS = {
  api: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/',
  apiSpec: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/#JobSpec',
  apiStatus: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/#JobStatus',
  writingSpec: `${JOB_PAGE}#writing-a-job-spec`,
  podTemplate: `${JOB_PAGE}#pod-template`,
  podSelector: `${JOB_PAGE}#pod-selector`,
  ownSelector: `${JOB_PAGE}#specifying-your-own-pod-selector`,
  parallelJobs: `${JOB_PAGE}#parallel-jobs`,
  parallelism: `${JOB_PAGE}#controlling-parallelism`,
  completionMode: `${JOB_PAGE}#completion-mode`,
  backoffLimit: `${JOB_PAGE}#pod-backoff-failure-policy`,
  backoffLimitPerIndex: `${JOB_PAGE}#backoff-limit-per-index`,
  podFailurePolicy: `${JOB_PAGE}#pod-failure-policy`,
  successPolicy: `${JOB_PAGE}#success-policy`,
  termination: `${JOB_PAGE}#job-termination-and-cleanup`,
  terminalConditions: `${JOB_PAGE}#terminal-job-conditions`,
  suspend: `${JOB_PAGE}#suspending-a-job`,
  mutableScheduling: `${JOB_PAGE}#mutable-scheduling-directives`,
  elasticIndexed: `${JOB_PAGE}#elastic-indexed-jobs`,
  podReplacementPolicy: `${JOB_PAGE}#pod-replacement-policy`,
  managedBy: `${JOB_PAGE}#delegation-of-managing-a-job-object-to-external-controller`,
  trackingWithFinalizers: `${JOB_PAGE}#job-tracking-with-finalizers`,
  ttlAfterFinished: 'https://kubernetes.io/docs/concepts/workloads/controllers/ttlafterfinished/',
  names: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/names/',
  labelSelectors: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
  podConditions: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-conditions',
  disruptionConditions: 'https://kubernetes.io/docs/concepts/workloads/pods/disruptions/#pod-disruption-conditions',
} as const;

const POD_API = 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/';
const VOLUMES_PAGE = 'https://kubernetes.io/docs/concepts/storage/volumes/';
const ASSIGN_PAGE = 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/';

/** Pages for the Pod template fields: the concept or task page a Job author needs, the API reference otherwise. */
export const POD_DOCS = {
  api: POD_API,
  apiContainer: `${POD_API}#Container`,
  pods: 'https://kubernetes.io/docs/concepts/workloads/pods/',
  restartPolicy: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy',
  podLifecycle: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/',
  initContainers: 'https://kubernetes.io/docs/concepts/workloads/pods/init-containers/',
  sidecars: 'https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/',
  ephemeralContainers: 'https://kubernetes.io/docs/concepts/workloads/pods/ephemeral-containers/',
  commandArgs: 'https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/',
  env: 'https://kubernetes.io/docs/tasks/inject-data-application/define-environment-variable-container/',
  configMapEnv: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/',
  downwardApi: 'https://kubernetes.io/docs/concepts/workloads/pods/downward-api/',
  resources: 'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/',
  images: 'https://kubernetes.io/docs/concepts/containers/images/',
  imagePullPolicy: 'https://kubernetes.io/docs/concepts/containers/images/#image-pull-policy',
  privateRegistry: 'https://kubernetes.io/docs/tasks/configure-pod-container/pull-image-private-registry/',
  probes: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/',
  lifecycleHooks: 'https://kubernetes.io/docs/concepts/containers/container-lifecycle-hooks/',
  terminationMessage: 'https://kubernetes.io/docs/tasks/debug/debug-application/determine-reason-pod-failure/',
  serviceAccounts: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/',
  serviceEnv: 'https://kubernetes.io/docs/concepts/services-networking/service/#environment-variables',
  assignPodNode: ASSIGN_PAGE,
  taints: 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/',
  topologySpread: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/',
  priority: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/',
  schedulingGates: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-scheduling-readiness/',
  dns: 'https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/',
  podToPod: 'https://kubernetes.io/docs/tasks/job/job-with-pod-to-pod-communication/',
  securityContext: 'https://kubernetes.io/docs/tasks/configure-pod-container/security-context/',
  seccomp: 'https://kubernetes.io/docs/tutorials/security/seccomp/',
  podSecurityStandards: 'https://kubernetes.io/docs/concepts/security/pod-security-standards/',
  volumes: VOLUMES_PAGE,
  emptyDir: `${VOLUMES_PAGE}#emptydir`,
  configMap: `${VOLUMES_PAGE}#configmap`,
  secret: `${VOLUMES_PAGE}#secret`,
  persistentVolumeClaim: `${VOLUMES_PAGE}#persistentvolumeclaim`,
  downwardApiVolume: `${VOLUMES_PAGE}#downwardapi`,
  hostPath: `${VOLUMES_PAGE}#hostpath`,
  csi: `${VOLUMES_PAGE}#csi`,
  imageVolume: 'https://kubernetes.io/docs/tasks/configure-pod-container/image-volumes/',
  ephemeralVolumes: 'https://kubernetes.io/docs/concepts/storage/ephemeral-volumes/',
  projected: 'https://kubernetes.io/docs/concepts/storage/projected-volumes/',
} as const;

export const CSI_DOCS = {
  api: 'https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/',
  spec: 'https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/#CSIDriverSpec',
  csiVolumes: 'https://kubernetes.io/docs/concepts/storage/volumes/#csi',
  storageCapacity: 'https://kubernetes.io/docs/concepts/storage/storage-capacity/',
  ephemeralVolumes: 'https://kubernetes.io/docs/concepts/storage/ephemeral-volumes/#csi-ephemeral-volumes',
  seLinux: 'https://kubernetes.io/docs/tasks/configure-pod-container/security-context/#efficient-selinux-volume-relabeling',
} as const;

export const LABEL_DOCS = {
  page: LABELS_PAGE,
  jobCompletionIndex: `${LABELS_PAGE}#batch-kubernetes-io-job-completion-index`,
  jobName: `${LABELS_PAGE}#batchkubernetesio-job-name`,
  controllerUid: `${LABELS_PAGE}#batchkubernetesio-controller-uid`,
  legacyJobName: `${LABELS_PAGE}#job-name`,
  legacyControllerUid: `${LABELS_PAGE}#controller-uid`,
  jobTracking: `${LABELS_PAGE}#batch-kubernetes-io-job-tracking`,
  cronJobScheduledTimestamp: `${LABELS_PAGE}#batch-kubernetes-io-cronjob-scheduled-timestamp`,
  defaultContainer: `${LABELS_PAGE}#kubectl-kubernetes-io-default-container`,
  safeToEvict: `${LABELS_PAGE}#cluster-autoscaler-kubernetes-io-safe-to-evict`,
  app: (name: string) => `${LABELS_PAGE}#app-kubernetes-io-${name}`,
} as const;
