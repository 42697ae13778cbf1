// Feature gates that decide how the API server treats fields of Job, CronJob and CSIDriver (and the pod-template
// fields our rules check), with each gate's stage and default per release MIN_MINOR..MAX_MINOR.
// Sources: pkg/features/kube_features.go (versioned specs of 1.35; for 1.36 and 1.37 the specs of a 1.37
// development tree and the scheduler's gate list), the kubernetes.io feature-gate table of 1.37 and the
// CHANGELOG-1.36 notes; scripts/releases/*.json names them per field. Where the reference notes disagreed
// with these sources (MutableCSINodeAllocatableCount in 1.34: beta but OFF by default), the sources won.
import { isPrerelease, jsonAt, MAX_MINOR, MIN_MINOR, type FieldPath, type Json, type KindName, type PathSegment } from '../types';
import { atJobSpec, jobSpecLocation, WRAPPING_KINDS } from './jobSpec';

/** alpha and beta-off gates are off by default; beta-on and ga gates are on. */
export type GateStage = 'alpha' | 'beta-off' | 'beta-on' | 'ga';

export type GateName =
  | 'SuspendJob' | 'IndexedJob' | 'TTLAfterFinished' | 'JobPodFailurePolicy' | 'JobBackoffLimitPerIndex'
  | 'JobSuccessPolicy' | 'JobPodReplacementPolicy' | 'JobManagedBy'
  | 'CSIStorageCapacity' | 'CSIInlineVolume' | 'CSIVolumeFSGroupPolicy' | 'SELinuxMountReadWriteOncePod'
  | 'MutableCSINodeAllocatableCount' | 'CSIServiceAccountTokenSecrets'
  | 'CronJobTimeZone'
  | 'SidecarContainers' | 'ContainerRestartRules' | 'EnvFiles' | 'RelaxedEnvironmentVariableValidation' | 'ImageVolume'
  | 'RestartAllContainersOnContainerExits' | 'HostnameOverride' | 'GenericWorkload' | 'WorkloadWithJob' | 'VolumeLimitScaling'
  | 'EvictionRequestAPI' | 'H2CContainerProbe' | 'GRPCContainerProbeTLS' | 'VolumeBindMountOptions' | 'EmptyDirVolumeMode'
  | 'AtomicWriteVolumeUserFields'
  | 'GRPCContainerProbe' | 'ProbeTerminationGracePeriod' | 'PodLifecycleSleepAction' | 'ContainerStopSignals' | 'IdentifyPodOS'
  | 'SupplementalGroupsPolicy' | 'SELinuxChangePolicy' | 'InPlacePodVerticalScaling'
  | JobUpdateGateName
  | PodSchedulingGateName;

/** Gates that only change what an update of a Job may change (service/update/). */
type JobUpdateGateName =
  | 'ElasticIndexedJob' | 'JobMutableNodeSchedulingDirectives' | 'MutablePodResourcesForSuspendedJobs' | 'MutableSchedulingDirectivesForSuspendedJobs';

/** Gates of the pod-level scheduling and networking checks (affinity, tolerations, topology spread, DNS, pod fields). */
type PodSchedulingGateName =
  | 'StrictIPCIDRValidation' | 'ExpandedDNSConfig' | 'RelaxedDNSSearchValidation'
  | 'MatchLabelKeysInPodAffinity' | 'MatchLabelKeysInPodTopologySpread' | 'MatchLabelKeysInPodTopologySpreadSelectorMerge'
  | 'NodeInclusionPolicyInPodTopologySpread' | 'MinDomainsInPodTopologySpread' | 'PodSchedulingReadiness'
  | 'TaintTolerationComparisonOperators' | 'UserNamespacesSupport' | 'UserNamespacesHostNetworkSupport'
  | 'DynamicResourceAllocation' | 'PodLevelResources';

/** [first minor, stage]: the stage holds from that release until the next entry. Before the first, the gate does not exist. */
type StageHistory = readonly (readonly [number, GateStage])[];

const HISTORY: Record<GateName, StageHistory> = {
  SuspendJob: [[21, 'alpha'], [22, 'beta-on'], [24, 'ga']],
  IndexedJob: [[21, 'alpha'], [22, 'beta-on'], [24, 'ga']],
  TTLAfterFinished: [[12, 'alpha'], [21, 'beta-on'], [23, 'ga']],
  JobPodFailurePolicy: [[25, 'alpha'], [26, 'beta-on'], [31, 'ga']],
  JobBackoffLimitPerIndex: [[28, 'alpha'], [29, 'beta-on'], [33, 'ga']],
  JobSuccessPolicy: [[30, 'alpha'], [31, 'beta-on'], [33, 'ga']],
  JobPodReplacementPolicy: [[28, 'alpha'], [29, 'beta-on'], [34, 'ga']],
  JobManagedBy: [[30, 'alpha'], [32, 'beta-on'], [35, 'ga']],
  // KEP-3140: alpha in 1.24 (timeZone dropped on create), beta on in 1.25, GA in 1.27.
  CronJobTimeZone: [[24, 'alpha'], [25, 'beta-on'], [27, 'ga']],
  CSIStorageCapacity: [[19, 'alpha'], [21, 'beta-on'], [24, 'ga']],
  CSIInlineVolume: [[15, 'alpha'], [16, 'beta-on'], [25, 'ga']],
  CSIVolumeFSGroupPolicy: [[19, 'alpha'], [20, 'beta-on'], [23, 'ga']],
  SELinuxMountReadWriteOncePod: [[25, 'alpha'], [27, 'beta-off'], [28, 'beta-on'], [36, 'ga']],
  MutableCSINodeAllocatableCount: [[33, 'alpha'], [34, 'beta-off'], [35, 'beta-on'], [36, 'ga']],
  CSIServiceAccountTokenSecrets: [[35, 'beta-on'], [36, 'ga']],
  SidecarContainers: [[28, 'alpha'], [29, 'beta-on'], [33, 'ga']],
  ContainerRestartRules: [[34, 'alpha'], [35, 'beta-on']],
  // GA and locked in 1.38 (CHANGELOG-1.38, v1.38.0-alpha.1, #139115).
  EnvFiles: [[34, 'alpha'], [35, 'beta-on'], [38, 'ga']],
  RelaxedEnvironmentVariableValidation: [[30, 'alpha'], [32, 'beta-on'], [34, 'ga']],
  ImageVolume: [[31, 'alpha'], [33, 'beta-off'], [35, 'beta-on'], [36, 'ga']],
  RestartAllContainersOnContainerExits: [[35, 'alpha'], [36, 'beta-on']],
  HostnameOverride: [[34, 'alpha'], [35, 'beta-on'], [37, 'ga']],
  GenericWorkload: [[35, 'alpha'], [37, 'beta-off']],
  WorkloadWithJob: [[36, 'alpha']],
  VolumeLimitScaling: [[35, 'alpha'], [37, 'beta-on']],
  EvictionRequestAPI: [[37, 'alpha']],
  H2CContainerProbe: [[37, 'alpha']],
  GRPCContainerProbeTLS: [[37, 'alpha']],
  VolumeBindMountOptions: [[37, 'alpha']],
  EmptyDirVolumeMode: [[37, 'alpha']],
  AtomicWriteVolumeUserFields: [[37, 'alpha']],
  // Pod scheduling and networking. StrictIPCIDRValidation is on from 1.36 (kube-apiserver 1.36 flags:
  // "BETA - default=true"); HostnameOverride GA and UserNamespacesSupport GA from the 1.36/1.37 notes.
  // GA in 1.38: the strict rules always apply (CHANGELOG-1.38, v1.38.0-alpha.1, KEP-4858, #141979).
  StrictIPCIDRValidation: [[33, 'alpha'], [36, 'beta-on'], [38, 'ga']],
  ExpandedDNSConfig: [[22, 'alpha'], [26, 'beta-on'], [28, 'ga']],
  RelaxedDNSSearchValidation: [[32, 'alpha'], [33, 'beta-on'], [34, 'ga']],
  // Removed in 1.38 (#141744), its behaviour kept: GA here.
  MatchLabelKeysInPodAffinity: [[29, 'alpha'], [31, 'beta-on'], [33, 'ga']],
  MatchLabelKeysInPodTopologySpread: [[25, 'alpha'], [27, 'beta-on']],
  MatchLabelKeysInPodTopologySpreadSelectorMerge: [[34, 'beta-on']],
  NodeInclusionPolicyInPodTopologySpread: [[25, 'alpha'], [26, 'beta-on'], [33, 'ga']],
  MinDomainsInPodTopologySpread: [[24, 'alpha'], [25, 'beta-off'], [27, 'beta-on'], [30, 'ga']],
  // Removed in 1.38 (#141741, "the feature is permanently enabled"): GA here.
  PodSchedulingReadiness: [[26, 'alpha'], [27, 'beta-on'], [30, 'ga']],
  TaintTolerationComparisonOperators: [[35, 'alpha']],
  // Named UserNamespacesStatelessPodsSupport (alpha) in 1.25-1.27; the same field (hostUsers).
  UserNamespacesSupport: [[25, 'alpha'], [30, 'beta-off'], [33, 'beta-on'], [36, 'ga']],
  UserNamespacesHostNetworkSupport: [[35, 'alpha']],
  // Removed in 1.38 (#141946, "unconditionally enabled"): GA here.
  DynamicResourceAllocation: [[26, 'alpha'], [32, 'beta-off'], [34, 'ga']],
  PodLevelResources: [[32, 'alpha'], [34, 'beta-on']],
  GRPCContainerProbe: [[23, 'alpha'], [24, 'beta-on'], [27, 'ga']],
  ProbeTerminationGracePeriod: [[21, 'alpha'], [22, 'beta-off'], [25, 'beta-on'], [28, 'ga']],
  PodLifecycleSleepAction: [[29, 'alpha'], [30, 'beta-on'], [34, 'ga']],
  ContainerStopSignals: [[33, 'alpha']],
  IdentifyPodOS: [[23, 'alpha'], [24, 'beta-on'], [25, 'ga']],
  SupplementalGroupsPolicy: [[31, 'alpha'], [33, 'beta-on'], [35, 'ga']],
  SELinuxChangePolicy: [[32, 'alpha'], [33, 'beta-on']],
  // KEP-1287 (kep.yaml milestones: alpha 1.27, beta 1.33, stable 1.35).
  InPlacePodVerticalScaling: [[27, 'alpha'], [33, 'beta-on'], [35, 'ga']],
  // Update-only (service/update/): the kubernetes.io feature-gate pages of each gate, and the 1.36 notes
  // (#135965: both suspended-Job gates on by default). JobMutableNodeSchedulingDirectives was removed after
  // 1.28, its behaviour kept: it stays GA here.
  ElasticIndexedJob: [[27, 'beta-on'], [31, 'ga']],
  JobMutableNodeSchedulingDirectives: [[22, 'alpha'], [23, 'beta-on'], [27, 'ga']],
  MutablePodResourcesForSuspendedJobs: [[35, 'alpha'], [36, 'beta-on']],
  MutableSchedulingDirectivesForSuspendedJobs: [[35, 'alpha'], [36, 'beta-on']],
};

export const FEATURE_GATE_NAMES = Object.keys(HISTORY) as GateName[];

/** The gate's stage in Kubernetes 1.<minor>, or undefined when the release does not have the gate yet. */
export function gateStage(gate: GateName, minor: number): GateStage | undefined {
  let stage: GateStage | undefined;
  for (const [since, value] of HISTORY[gate]) if (minor >= since) stage = value;
  return stage;
}

/**
 * Gates whose stage in a pre-release (types.ts PRERELEASE_MINORS) its development sources state: for 1.38 the
 * v1.38.0-alpha.1/alpha.2 notes (CHANGELOG-1.38.md, commit 0411cc70). Any other gate keeps its stage of the
 * release before in HISTORY, unconfirmed: a gate off there may be promoted in the pre-release, so nothing is
 * said as if it were still off (gateOffUnconfirmed). A GA or on-by-default gate stays on either way.
 */
const CONFIRMED_IN_PRERELEASE: Partial<Record<number, readonly GateName[]>> = {
  38: ['EnvFiles', 'StrictIPCIDRValidation', 'PodSchedulingReadiness', 'DynamicResourceAllocation', 'MatchLabelKeysInPodAffinity'],
};

/**
 * True when 1.<minor> is a pre-release, the gate is off by default there as far as HISTORY carries it forward, and
 * no source of the pre-release confirms that stage: the off-gate warning and the create-time drop are not given
 * (docs/releases.md lists these gates as left unchecked).
 */
export function gateOffUnconfirmed(gate: GateName, minor: number): boolean {
  if (!isPrerelease(minor) || gateEnabledByDefault(gate, minor) || gateStage(gate, minor) === undefined) return false;
  return !(CONFIRMED_IN_PRERELEASE[minor] ?? []).includes(gate);
}

/** Whether the gate is on with default settings in 1.<minor>. */
export function gateEnabledByDefault(gate: GateName, minor: number): boolean {
  const stage = gateStage(gate, minor);
  return stage === 'beta-on' || stage === 'ga';
}

/** The first release (MIN_MINOR..MAX_MINOR) where the gate is on by default, if any (a pre-release only when its sources confirm it). */
export function firstMinorEnabledByDefault(gate: GateName): number | undefined {
  for (let minor = MIN_MINOR; minor <= MAX_MINOR; minor++) {
    if (gateEnabledByDefault(gate, minor) && (!isPrerelease(minor) || (CONFIRMED_IN_PRERELEASE[minor] ?? []).includes(gate) || gateEnabledByDefault(gate, minor - 1))) return minor;
  }
  return undefined;
}

export function describeStage(stage: GateStage): string {
  return { alpha: 'alpha (off by default)', 'beta-off': 'beta but off by default', 'beta-on': 'beta (on by default)', ga: 'GA (always on)' }[stage];
}

/**
 * What a create does with a gated field while its gate is off:
 * - 'dropped': PrepareForCreate clears it silently; the object is stored without it. When what is left
 *   then fails validation, `rejectedAfterDrop` says why.
 * - 'validation': the gate changes how a value is checked, not whether the field is kept.
 */
export type GateEffect = 'dropped' | 'validation';

export interface GatedField {
  kind: KindName;
  /** Field path pattern; '*' stands for any list index. */
  pattern: FieldPath;
  gate: GateName;
  effect: GateEffect;
  /** When only some values are gated (e.g. init-container restartPolicy other than Always). */
  applies?: (value: Json) => boolean;
  /** What the server rejects once the field is gone (undefined: nothing, the object is accepted without it). */
  rejectedAfterDrop?: (parent: Json) => string | undefined;
  /** The first release that has the field, when its gate is older (the field-availability check speaks before). */
  firstMinor?: number;
  /** The last release that has the field, when it was removed while its gate lives on. */
  lastMinor?: number;
  /** One more sentence for the warning (what replaces the field, ...). */
  note?: string;
  /**
   * A Job field of a CronJob's job template: the CronJob's own create keeps it, and the Job strategy drops it
   * from each Job the CronJob controller creates (the Pod template fields are dropped at the CronJob's create).
   */
  droppedFromEachJob?: boolean;
}

/** Whether the entry's field exists in 1.<minor> (as far as the entry's own release bounds say). */
export function fieldInRelease(field: GatedField, minor: number): boolean {
  return minor >= (field.firstMinor ?? 0) && minor <= (field.lastMinor ?? Infinity);
}

const POD = ['spec', 'template', 'spec'] as const;
const CONTAINER_LISTS = ['containers', 'initContainers'] as const;
const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;
const LIFECYCLE_HANDLERS = ['postStart', 'preStop'] as const;

function containerFields(field: readonly PathSegment[], gate: GateName, effect: GateEffect, extra: Partial<GatedField> = {}): GatedField[] {
  return CONTAINER_LISTS.map((list) => ({ kind: 'Job' as const, pattern: [...POD, list, '*', ...field], gate, effect, ...extra }));
}

function podFields(fields: readonly (readonly PathSegment[])[], gate: GateName, extra: Partial<GatedField> = {}): GatedField[] {
  return fields.map((field) => ({ kind: 'Job' as const, pattern: [...POD, ...field], gate, effect: 'dropped' as const, ...extra }));
}

/** The container fields of 1.37, each with its gate: probe protocol, gRPC probe mode, bind mount options. */
const CONTAINER_FIELDS_1_37: readonly (readonly [readonly PathSegment[], GateName])[] = [
  ...PROBES.flatMap((probe) => [
    [[probe, 'httpGet', 'protocol'], 'H2CContainerProbe'] as const,
    [[probe, 'grpc', 'mode'], 'GRPCContainerProbeTLS'] as const,
  ]),
  ...LIFECYCLE_HANDLERS.map((handler) => [['lifecycle', handler, 'httpGet', 'protocol'], 'H2CContainerProbe'] as const),
  [['volumeMounts', '*', 'bindMountOptions'], 'VolumeBindMountOptions'],
];

/** The `user` / `defaultUser` fields of 1.37 (AtomicWriteVolumeUserFields), by volume source. */
const VOLUME_USER_FIELDS: readonly (readonly PathSegment[])[] = [
  ...(['secret', 'configMap', 'downwardAPI'] as const).flatMap((source) => [
    ['volumes', '*', source, 'defaultUser'],
    ['volumes', '*', source, 'items', '*', 'user'],
  ]),
  ['volumes', '*', 'projected', 'defaultUser'],
  ...(['secret', 'configMap', 'downwardAPI'] as const).map((source) => ['volumes', '*', 'projected', 'sources', '*', source, 'items', '*', 'user']),
  ...(['serviceAccountToken', 'clusterTrustBundle', 'podCertificate'] as const).map((source) => ['volumes', '*', 'projected', 'sources', '*', source, 'user']),
];

const ENV_SOURCES = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'];

/** `valueFrom` with `fileKeyRef` as its only source is left empty once fileKeyRef is dropped. */
function envLeftWithoutSource(valueFrom: Json): string | undefined {
  const alone = typeof valueFrom === 'object' && valueFrom !== null && !Array.isArray(valueFrom) && !ENV_SOURCES.some((source) => valueFrom[source] !== undefined);
  return alone ? 'the variable\'s `valueFrom` is then left without a source, which the server rejects ("must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`")' : undefined;
}


/** A probe whose only handler is `grpc` has none left once grpc is dropped. */
function probeLeftWithoutHandler(probe: Json): string | undefined {
  const alone = typeof probe === 'object' && probe !== null && !Array.isArray(probe) && !['exec', 'httpGet', 'tcpSocket'].some((handler) => probe[handler] !== undefined);
  return alone ? 'the probe is then left without a handler, which the server rejects ("must specify a handler type")' : undefined;
}

/** The gated fields of a Job and a CSIDriver, as their paths are written in those objects. */
const OWN_GATED_FIELDS: readonly GatedField[] = [
  { kind: 'Job', pattern: ['spec', 'suspend'], gate: 'SuspendJob', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'completionMode'], gate: 'IndexedJob', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'ttlSecondsAfterFinished'], gate: 'TTLAfterFinished', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'podFailurePolicy'], gate: 'JobPodFailurePolicy', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'backoffLimitPerIndex'], gate: 'JobBackoffLimitPerIndex', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'maxFailedIndexes'], gate: 'JobBackoffLimitPerIndex', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'successPolicy'], gate: 'JobSuccessPolicy', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'podReplacementPolicy'], gate: 'JobPodReplacementPolicy', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'managedBy'], gate: 'JobManagedBy', effect: 'dropped' },
  // Job controller DropDisabledFields (1.37): spec.scheduling is cleared on create while the gate is off.
  { kind: 'Job', pattern: ['spec', 'scheduling'], gate: 'WorkloadWithJob', effect: 'dropped', firstMinor: 37 },
  // Sidecars: in 1.28 every init-container restartPolicy is dropped.
  { kind: 'Job', pattern: [...POD, 'initContainers', '*', 'restartPolicy'], gate: 'SidecarContainers', effect: 'dropped' },
  // Container restart rules: a regular container's restartPolicy, a non-Always init-container restartPolicy
  // and every restartPolicyRules list are dropped while the gate is off (dropContainerRestartRules).
  { kind: 'Job', pattern: [...POD, 'containers', '*', 'restartPolicy'], gate: 'ContainerRestartRules', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'initContainers', '*', 'restartPolicy'], gate: 'ContainerRestartRules', effect: 'dropped', applies: (value) => value !== 'Always' },
  ...containerFields(['restartPolicyRules'], 'ContainerRestartRules', 'dropped'),
  // The RestartAllContainers action is a supported value only while the gate is on (validateContainerRestartPolicy).
  ...containerFields(['restartPolicyRules', '*', 'action'], 'RestartAllContainersOnContainerExits', 'validation', { applies: (value) => value === 'RestartAllContainers' }),
  ...containerFields(['env', '*', 'valueFrom', 'fileKeyRef'], 'EnvFiles', 'dropped', { rejectedAfterDrop: envLeftWithoutSource }),
  ...containerFields(['env', '*', 'name'], 'RelaxedEnvironmentVariableValidation', 'validation'),
  // Probes and lifecycle hooks (validateProbe.ts, validateLifecycle.ts).
  ...PROBES.flatMap((probe) => containerFields([probe, 'grpc'], 'GRPCContainerProbe', 'dropped', { rejectedAfterDrop: probeLeftWithoutHandler })),
  ...['livenessProbe', 'startupProbe'].flatMap((probe) => containerFields([probe, 'terminationGracePeriodSeconds'], 'ProbeTerminationGracePeriod', 'dropped')),
  ...['postStart', 'preStop'].flatMap((hook) => containerFields(['lifecycle', hook, 'sleep'], 'PodLifecycleSleepAction', 'dropped')),
  ...containerFields(['lifecycle', 'stopSignal'], 'ContainerStopSignals', 'dropped'),
  // dropDisabledFields clears every container's resizePolicy while InPlacePodVerticalScaling is off.
  ...containerFields(['resizePolicy'], 'InPlacePodVerticalScaling', 'dropped'),
  // Pod-level security and OS settings (validateSecurityContext.ts, validateOS.ts).
  { kind: 'Job', pattern: [...POD, 'os'], gate: 'IdentifyPodOS', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'hostUsers'], gate: 'UserNamespacesSupport', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'securityContext', 'supplementalGroupsPolicy'], gate: 'SupplementalGroupsPolicy', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'securityContext', 'seLinuxChangePolicy'], gate: 'SELinuxChangePolicy', effect: 'dropped' },
  {
    kind: 'Job', pattern: [...POD, 'volumes', '*', 'image'], gate: 'ImageVolume', effect: 'dropped',
    rejectedAfterDrop: (volume) => (isOnlySource(volume, 'image') ? 'the volume is then left without a source, which the server rejects ("must specify a volume type")' : undefined),
  },
  ...podFields([['hostnameOverride']], 'HostnameOverride'),
  // dropDisabledWorkloadRef (1.35); the field is gone from 1.36 on, when schedulingGroup takes its place.
  ...podFields([['workloadRef']], 'GenericWorkload', { lastMinor: 35, note: 'Kubernetes 1.36 removes the field; `schedulingGroup.podGroupName` takes its place.' }),
  ...podFields([['schedulingGroup']], 'GenericWorkload', { firstMinor: 36 }),
  ...podFields([['evictionResponders']], 'EvictionRequestAPI'),
  ...CONTAINER_FIELDS_1_37.flatMap(([field, gate]) => containerFields(field, gate, 'dropped')),
  ...podFields([['volumes', '*', 'emptyDir', 'mode']], 'EmptyDirVolumeMode'),
  ...podFields(VOLUME_USER_FIELDS, 'AtomicWriteVolumeUserFields'),
  ...podSchedulingFields(),
  { kind: 'CSIDriver', pattern: ['spec', 'storageCapacity'], gate: 'CSIStorageCapacity', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'volumeLifecycleModes'], gate: 'CSIInlineVolume', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'fsGroupPolicy'], gate: 'CSIVolumeFSGroupPolicy', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'seLinuxMount'], gate: 'SELinuxMountReadWriteOncePod', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'nodeAllocatableUpdatePeriodSeconds'], gate: 'MutableCSINodeAllocatableCount', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'serviceAccountTokenInSecrets'], gate: 'CSIServiceAccountTokenSecrets', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'preventPodSchedulingIfMissing'], gate: 'VolumeLimitScaling', effect: 'dropped', firstMinor: 36 },
];

/**
 * Every gated field: a Job's and a CSIDriver's, and for a CronJob the Job's entries moved into its job template
 * (kube/jobSpec.ts), and its own `timeZone` (dropped on create while CronJobTimeZone is off, 1.24).
 */
export const GATED_FIELDS: readonly GatedField[] = [
  ...OWN_GATED_FIELDS,
  ...OWN_GATED_FIELDS.filter((field) => field.kind === 'Job').map(inCronJobTemplate),
  { kind: 'CronJob', pattern: ['spec', 'timeZone'], gate: 'CronJobTimeZone', effect: 'dropped' },
  ...WRAPPING_KINDS.flatMap((kind) => OWN_GATED_FIELDS.filter((field) => field.kind === 'Job').map((field) => inWrappedTemplate(kind, field))),
];

/**
 * A Job's gated field in each Job template of a JobSet (or a runtime's JobSet template): the JobSet's CRD keeps
 * it, and the batch API server drops it from each Job the JobSet controller creates while the gate is off.
 */
function inWrappedTemplate(kind: KindName, field: GatedField): GatedField {
  const location = jobSpecLocation(kind);
  if (!location) throw new Error(`${kind} keeps JobSpecs`);
  return { ...field, kind, pattern: atJobSpec({ path: location.pattern }, field.pattern), droppedFromEachJob: true };
}

function inCronJobTemplate(field: GatedField): GatedField {
  const location = jobSpecLocation('CronJob');
  if (!location) throw new Error('CronJob keeps a JobSpec');
  const podTemplateField = field.pattern[1] === 'template';
  return { ...field, kind: 'CronJob', pattern: atJobSpec(location, field.pattern), ...(podTemplateField ? {} : { droppedFromEachJob: true }) };
}

/** Pod fields of the scheduling and networking checks that a create drops while their gate is off. */
function podSchedulingFields(): GatedField[] {
  const job = (pattern: readonly (string | number)[], gate: GateName, extra: Partial<GatedField> = {}): GatedField =>
    ({ kind: 'Job', pattern: [...POD, ...pattern], gate, effect: 'dropped', ...extra });
  const affinityTerms = ['podAffinity', 'podAntiAffinity'].flatMap((kind) => [
    [kind, 'requiredDuringSchedulingIgnoredDuringExecution', '*'],
    [kind, 'preferredDuringSchedulingIgnoredDuringExecution', '*', 'podAffinityTerm'],
  ]);
  return [
    ...affinityTerms.flatMap((term) => ['matchLabelKeys', 'mismatchLabelKeys'].map((field) => job(['affinity', ...term, field], 'MatchLabelKeysInPodAffinity'))),
    job(['topologySpreadConstraints', '*', 'matchLabelKeys'], 'MatchLabelKeysInPodTopologySpread'),
    job(['topologySpreadConstraints', '*', 'nodeAffinityPolicy'], 'NodeInclusionPolicyInPodTopologySpread'),
    job(['topologySpreadConstraints', '*', 'nodeTaintsPolicy'], 'NodeInclusionPolicyInPodTopologySpread'),
    job(['topologySpreadConstraints', '*', 'minDomains'], 'MinDomainsInPodTopologySpread'),
    job(['schedulingGates'], 'PodSchedulingReadiness'),
    job(['resourceClaims'], 'DynamicResourceAllocation'),
    ...containerFields(['resources', 'claims'], 'DynamicResourceAllocation', 'dropped'),
    job(['resources'], 'PodLevelResources'),
  ];
}

/** A volume whose only source field (besides its name) is `field`. */
function isOnlySource(volume: Json, field: string): boolean {
  if (typeof volume !== 'object' || volume === null || Array.isArray(volume)) return false;
  return Object.keys(volume).every((key) => key === 'name' || key === field);
}

/** Documentation page of a gate. */
export function gateHref(gate: GateName): string {
  return `https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#${gate}`;
}

/** Whether `pattern` names `path` itself ('*' for list indexes) or, with `prefix`, one of its parents. */
function patternMatches(pattern: FieldPath, path: FieldPath, prefix: boolean): boolean {
  if (prefix ? pattern.length > path.length : pattern.length !== path.length) return false;
  return pattern.every((segment, i) => (segment === '*' ? typeof path[i] === 'number' : segment === path[i]));
}

/** The gate entries of the field at `path` in 1.<minor> whose condition holds for the value written there. */
export function gatedFieldsAt(kind: KindName, object: Json | undefined, path: FieldPath, minor: number): GatedField[] {
  return GATED_FIELDS.filter((field) =>
    field.kind === kind && fieldInRelease(field, minor) && patternMatches(field.pattern, path, false) && (!field.applies || field.applies(jsonAt(object, path) ?? null)));
}

/**
 * Whether `path` is, or lies inside, a field that a create under the default gates of 1.<minor> drops
 * before validating: what is written inside it is never checked for required fields or allowed values.
 */
export function droppedOnCreate(kind: KindName, object: Json, path: FieldPath, minor: number): boolean {
  return GATED_FIELDS.some((field) => {
    if (field.kind !== kind || field.effect !== 'dropped' || !fieldInRelease(field, minor)) return false;
    if (gateEnabledByDefault(field.gate, minor) || gateStage(field.gate, minor) === undefined) return false;
    return patternMatches(field.pattern, path, true) && (!field.applies || field.applies(jsonAt(object, path.slice(0, field.pattern.length)) ?? null));
  });
}

/** A place in an object that a pattern matches (`*` for any list index). */
export interface PatternMatch {
  path: (string | number)[];
  value: Json;
  parent: Json;
}

/** Patterns sharing their leading segments, for matchPatterns: `ends` are the patterns ending here. */
export interface PatternTrie {
  ends: number[];
  children: Map<PathSegment, PatternTrie>;
}

export function patternTrie(patterns: readonly FieldPath[]): PatternTrie {
  const root: PatternTrie = { ends: [], children: new Map() };
  patterns.forEach((pattern, index) => {
    let node = root;
    for (const segment of pattern) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { ends: [], children: new Map() }));
      node = child;
    }
    node.ends.push(index);
  });
  return root;
}

/**
 * Every place in `object` matching each pattern of a trie, with the value found and its parent: one list per
 * pattern, in one walk that goes only where some pattern leads (not down the same leading fields once per
 * pattern). `*` matches each item of a list, in index order.
 */
export function matchPatterns(object: Json, trie: PatternTrie): PatternMatch[][] {
  const results: PatternMatch[][] = [];
  const visit = (value: Json, parent: Json, node: PatternTrie, path: (string | number)[]): void => {
    for (const index of node.ends) (results[index] ??= []).push({ path, value, parent });
    for (const [segment, child] of node.children) {
      if (segment === '*') {
        if (Array.isArray(value)) value.forEach((item, index) => visit(item, value, child, [...path, index]));
      } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof segment === 'string' && value[segment] !== undefined) {
        visit(value[segment], value, child, [...path, segment]);
      }
    }
  };
  visit(object, null, trie, []);
  return results;
}
