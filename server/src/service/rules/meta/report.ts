// How our messages quote the API server: the line `kubectl apply` prints for the same mistake
// (field.Error.Error(): `<path>: <type>: <value>: <detail>`), so users can match the two.
import type { Json } from '../../types';

export type ServerErrorType =
  | 'Required value' | 'Invalid value' | 'Forbidden' | 'Duplicate value' | 'Unsupported value' | 'Not found' | 'Too long' | 'Too many';

/** A value as Go's %#v prints it in field errors: strings quoted, numbers and booleans bare. */
export function goValue(value: Json | undefined): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value ?? null);
}

/** The server's error line. `value` is omitted for Required, Forbidden and Too long, as the server does. */
export function serverError(path: string, type: ServerErrorType, value?: Json, detail?: string): string {
  const showsValue = type !== 'Required value' && type !== 'Forbidden' && type !== 'Too long';
  const parts = [path, type];
  if (showsValue && value !== undefined) parts.push(goValue(value));
  if (detail) parts.push(detail);
  return parts.join(': ');
}

/** One sentence quoting the server; several server errors for one value are joined. */
export function serverSays(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  const quoted = lines.map((line) => `\`${line}\``);
  return lines.length === 1 ? `The API server answers ${quoted[0]}.` : `The API server answers ${quoted.join(' and ')}.`;
}

/** The detail of a NotSupported error: `supported values: "A", "B"`, in the order the server lists them. */
export function supportedValuesDetail(values: readonly string[]): string {
  return `supported values: ${values.map((value) => JSON.stringify(value)).join(', ')}`;
}

/** Allowed values for a message: "`A`, `B` or `C`". */
export function oneOf(values: readonly string[]): string {
  const quoted = values.map((value) => (value === '' ? '`""`' : `\`${value}\``));
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}` : quoted.join('');
}

/** Joins plain-word problems: "it is too long; it contains a dot". */
export function listProblems(problems: readonly string[]): string {
  return problems.join('; ');
}

export const HREF = {
  names: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/names/',
  labels: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#syntax-and-character-set',
  annotations: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations/#syntax-and-character-set',
  namespaces: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/#not-all-objects-are-in-a-namespace',
  namespaceNames: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-label-names',
  csiDriver: 'https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/',
  csiDriverSpec: 'https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/#CSIDriverSpec',
  csiVolumes: 'https://kubernetes.io/docs/concepts/storage/volumes/#csi',
  containers: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Container',
  images: 'https://kubernetes.io/docs/concepts/containers/images/',
  ports: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#ports',
  env: 'https://kubernetes.io/docs/tasks/inject-data-application/define-environment-variable-container/',
  resources: 'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/',
  extendedResources: 'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/#extended-resources',
  quantity: 'https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/quantity/',
  hugepages: 'https://kubernetes.io/docs/tasks/manage-hugepages/scheduling-hugepages/',
  volumes: 'https://kubernetes.io/docs/concepts/storage/volumes/',
  sidecars: 'https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/',
  restartPolicy: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy',
  resizePolicy: 'https://kubernetes.io/docs/tasks/configure-pod-container/resize-container-resources/#container-resize-policies',
  podTemplates: 'https://kubernetes.io/docs/concepts/workloads/pods/#pod-templates',
  ephemeralContainers: 'https://kubernetes.io/docs/concepts/workloads/pods/ephemeral-containers/',
  nodeAffinity: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity',
  podAffinity: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity',
  nodeSelector: 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodeselector',
  tolerations: 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/',
  topologySpread: 'https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/',
  podDns: 'https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/#pod-s-dns-policy',
  podDnsConfig: 'https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/#pod-dns-config',
  podHostname: 'https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/#pod-hostname-and-subdomain-field',
  hostAliases: 'https://kubernetes.io/docs/tasks/network/customize-hosts-file-for-pods/',
  schedulingGates: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-scheduling-readiness/',
  readinessGates: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-readiness-gate',
  priority: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/',
  runtimeClass: 'https://kubernetes.io/docs/concepts/containers/runtime-class/',
  podOverhead: 'https://kubernetes.io/docs/concepts/scheduling-eviction/pod-overhead/',
  serviceAccounts: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/',
  activeDeadline: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#job-termination-and-cleanup',
  userNamespaces: 'https://kubernetes.io/docs/concepts/workloads/pods/user-namespaces/',
  resourceClaims: 'https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/',
  podLevelResources: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-pod-level-resources/',
  probes: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/',
  lifecycleHooks: 'https://kubernetes.io/docs/concepts/containers/container-lifecycle-hooks/',
  securityContext: 'https://kubernetes.io/docs/tasks/configure-pod-container/security-context/',
  seccomp: 'https://kubernetes.io/docs/tutorials/security/seccomp/',
  appArmor: 'https://kubernetes.io/docs/tutorials/security/apparmor/',
  sysctls: 'https://kubernetes.io/docs/tasks/administer-cluster/sysctl-cluster/',
  windowsSecurity: 'https://kubernetes.io/docs/concepts/windows/intro/',
  hostProcess: 'https://kubernetes.io/docs/tasks/configure-pod-container/create-hostprocess-pod/',
  gmsa: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-gmsa/',
  podOS: 'https://kubernetes.io/docs/concepts/workloads/pods/#pod-os',
  terminationMessage: 'https://kubernetes.io/docs/tasks/debug/debug-application/determine-reason-pod-failure/#customizing-the-termination-message',
  imagePullSecrets: 'https://kubernetes.io/docs/concepts/containers/images/#specifying-imagepullsecrets-on-a-pod',
} as const;
