// Feature gates that decide how the API server treats fields of Job and CSIDriver (and the pod-template
// fields our rules check), with each gate's stage and default per release 1.23..1.35.
// Sources: pkg/features/kube_features.go (versioned specs of 1.35) and the kubernetes.io feature-gate
// pages. Where the reference notes disagreed with these sources (MutableCSINodeAllocatableCount in 1.34:
// beta but OFF by default), the sources won.
import { MAX_MINOR, MIN_MINOR, type FieldPath, type Json, type KindName } from '../types';

/** alpha and beta-off gates are off by default; beta-on and ga gates are on. */
export type GateStage = 'alpha' | 'beta-off' | 'beta-on' | 'ga';

export type GateName =
  | 'SuspendJob' | 'IndexedJob' | 'TTLAfterFinished' | 'JobPodFailurePolicy' | 'JobBackoffLimitPerIndex'
  | 'JobSuccessPolicy' | 'JobPodReplacementPolicy' | 'JobManagedBy'
  | 'CSIStorageCapacity' | 'CSIInlineVolume' | 'CSIVolumeFSGroupPolicy' | 'SELinuxMountReadWriteOncePod'
  | 'MutableCSINodeAllocatableCount' | 'CSIServiceAccountTokenSecrets'
  | 'SidecarContainers' | 'ContainerRestartRules' | 'EnvFiles' | 'RelaxedEnvironmentVariableValidation' | 'ImageVolume'
  | 'GRPCContainerProbe' | 'ProbeTerminationGracePeriod' | 'PodLifecycleSleepAction' | 'ContainerStopSignals' | 'IdentifyPodOS'
  | 'UserNamespacesSupport' | 'SupplementalGroupsPolicy' | 'SELinuxChangePolicy';

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
  CSIStorageCapacity: [[19, 'alpha'], [21, 'beta-on'], [24, 'ga']],
  CSIInlineVolume: [[15, 'alpha'], [16, 'beta-on'], [25, 'ga']],
  CSIVolumeFSGroupPolicy: [[19, 'alpha'], [20, 'beta-on'], [23, 'ga']],
  SELinuxMountReadWriteOncePod: [[25, 'alpha'], [27, 'beta-off'], [28, 'beta-on']],
  MutableCSINodeAllocatableCount: [[33, 'alpha'], [34, 'beta-off'], [35, 'beta-on']],
  CSIServiceAccountTokenSecrets: [[35, 'beta-on']],
  SidecarContainers: [[28, 'alpha'], [29, 'beta-on'], [33, 'ga']],
  ContainerRestartRules: [[34, 'alpha'], [35, 'beta-on']],
  EnvFiles: [[34, 'alpha'], [35, 'beta-on']],
  RelaxedEnvironmentVariableValidation: [[30, 'alpha'], [32, 'beta-on'], [34, 'ga']],
  ImageVolume: [[31, 'alpha'], [33, 'beta-off'], [35, 'beta-on']],
  GRPCContainerProbe: [[23, 'alpha'], [24, 'beta-on'], [27, 'ga']],
  ProbeTerminationGracePeriod: [[21, 'alpha'], [22, 'beta-off'], [25, 'beta-on'], [28, 'ga']],
  PodLifecycleSleepAction: [[29, 'alpha'], [30, 'beta-on'], [34, 'ga']],
  ContainerStopSignals: [[33, 'alpha']],
  IdentifyPodOS: [[23, 'alpha'], [24, 'beta-on'], [25, 'ga']],
  // Named UserNamespacesStatelessPodsSupport (alpha) in 1.25-1.27.
  UserNamespacesSupport: [[28, 'alpha'], [30, 'beta-off'], [33, 'beta-on']],
  SupplementalGroupsPolicy: [[31, 'alpha'], [33, 'beta-on'], [35, 'ga']],
  SELinuxChangePolicy: [[32, 'alpha'], [33, 'beta-on']],
};

export const FEATURE_GATE_NAMES = Object.keys(HISTORY) as GateName[];

/** The gate's stage in Kubernetes 1.<minor>, or undefined when the release does not have the gate yet. */
export function gateStage(gate: GateName, minor: number): GateStage | undefined {
  let stage: GateStage | undefined;
  for (const [since, value] of HISTORY[gate]) if (minor >= since) stage = value;
  return stage;
}

/** Whether the gate is on with default settings in 1.<minor>. */
export function gateEnabledByDefault(gate: GateName, minor: number): boolean {
  const stage = gateStage(gate, minor);
  return stage === 'beta-on' || stage === 'ga';
}

/** The first release (1.23..1.35) where the gate is on by default, if any. */
export function firstMinorEnabledByDefault(gate: GateName): number | undefined {
  for (let minor = MIN_MINOR; minor <= MAX_MINOR; minor++) if (gateEnabledByDefault(gate, minor)) return minor;
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
}

const POD = ['spec', 'template', 'spec'] as const;
const CONTAINER_LISTS = ['containers', 'initContainers'] as const;

function containerFields(field: readonly string[], gate: GateName, effect: GateEffect, extra: Partial<GatedField> = {}): GatedField[] {
  return CONTAINER_LISTS.map((list) => ({ kind: 'Job' as const, pattern: [...POD, list, '*', ...field], gate, effect, ...extra }));
}

const ENV_SOURCES = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'];

/** `valueFrom` with `fileKeyRef` as its only source is left empty once fileKeyRef is dropped. */
function envLeftWithoutSource(valueFrom: Json): string | undefined {
  const alone = typeof valueFrom === 'object' && valueFrom !== null && !Array.isArray(valueFrom) && !ENV_SOURCES.some((source) => valueFrom[source] !== undefined);
  return alone ? 'the variable\'s `valueFrom` is then left without a source, which the server rejects ("must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`")' : undefined;
}

const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'];

/** A probe whose only handler is `grpc` has none left once grpc is dropped. */
function probeLeftWithoutHandler(probe: Json): string | undefined {
  const alone = typeof probe === 'object' && probe !== null && !Array.isArray(probe) && !['exec', 'httpGet', 'tcpSocket'].some((handler) => probe[handler] !== undefined);
  return alone ? 'the probe is then left without a handler, which the server rejects ("must specify a handler type")' : undefined;
}

export const GATED_FIELDS: readonly GatedField[] = [
  { kind: 'Job', pattern: ['spec', 'suspend'], gate: 'SuspendJob', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'completionMode'], gate: 'IndexedJob', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'ttlSecondsAfterFinished'], gate: 'TTLAfterFinished', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'podFailurePolicy'], gate: 'JobPodFailurePolicy', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'backoffLimitPerIndex'], gate: 'JobBackoffLimitPerIndex', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'maxFailedIndexes'], gate: 'JobBackoffLimitPerIndex', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'successPolicy'], gate: 'JobSuccessPolicy', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'podReplacementPolicy'], gate: 'JobPodReplacementPolicy', effect: 'dropped' },
  { kind: 'Job', pattern: ['spec', 'managedBy'], gate: 'JobManagedBy', effect: 'dropped' },
  // Sidecars: in 1.28 every init-container restartPolicy is dropped.
  { kind: 'Job', pattern: [...POD, 'initContainers', '*', 'restartPolicy'], gate: 'SidecarContainers', effect: 'dropped' },
  // Container restart rules: a regular container's restartPolicy, a non-Always init-container restartPolicy
  // and every restartPolicyRules list are dropped while the gate is off (dropContainerRestartRules).
  { kind: 'Job', pattern: [...POD, 'containers', '*', 'restartPolicy'], gate: 'ContainerRestartRules', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'initContainers', '*', 'restartPolicy'], gate: 'ContainerRestartRules', effect: 'dropped', applies: (value) => value !== 'Always' },
  ...containerFields(['restartPolicyRules'], 'ContainerRestartRules', 'dropped'),
  ...containerFields(['env', '*', 'valueFrom', 'fileKeyRef'], 'EnvFiles', 'dropped', { rejectedAfterDrop: envLeftWithoutSource }),
  ...containerFields(['env', '*', 'name'], 'RelaxedEnvironmentVariableValidation', 'validation'),
  // Probes and lifecycle hooks (validateProbe.ts, validateLifecycle.ts).
  ...PROBES.flatMap((probe) => containerFields([probe, 'grpc'], 'GRPCContainerProbe', 'dropped', { rejectedAfterDrop: probeLeftWithoutHandler })),
  ...['livenessProbe', 'startupProbe'].flatMap((probe) => containerFields([probe, 'terminationGracePeriodSeconds'], 'ProbeTerminationGracePeriod', 'dropped')),
  ...['postStart', 'preStop'].flatMap((hook) => containerFields(['lifecycle', hook, 'sleep'], 'PodLifecycleSleepAction', 'dropped')),
  ...containerFields(['lifecycle', 'stopSignal'], 'ContainerStopSignals', 'dropped'),
  // Pod-level security and OS settings (validateSecurityContext.ts, validateOS.ts).
  { kind: 'Job', pattern: [...POD, 'os'], gate: 'IdentifyPodOS', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'hostUsers'], gate: 'UserNamespacesSupport', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'securityContext', 'supplementalGroupsPolicy'], gate: 'SupplementalGroupsPolicy', effect: 'dropped' },
  { kind: 'Job', pattern: [...POD, 'securityContext', 'seLinuxChangePolicy'], gate: 'SELinuxChangePolicy', effect: 'dropped' },
  {
    kind: 'Job', pattern: [...POD, 'volumes', '*', 'image'], gate: 'ImageVolume', effect: 'dropped',
    rejectedAfterDrop: (volume) => (isOnlySource(volume, 'image') ? 'the volume is then left without a source, which the server rejects ("must specify a volume type")' : undefined),
  },
  { kind: 'CSIDriver', pattern: ['spec', 'storageCapacity'], gate: 'CSIStorageCapacity', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'volumeLifecycleModes'], gate: 'CSIInlineVolume', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'fsGroupPolicy'], gate: 'CSIVolumeFSGroupPolicy', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'seLinuxMount'], gate: 'SELinuxMountReadWriteOncePod', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'nodeAllocatableUpdatePeriodSeconds'], gate: 'MutableCSINodeAllocatableCount', effect: 'dropped' },
  { kind: 'CSIDriver', pattern: ['spec', 'serviceAccountTokenInSecrets'], gate: 'CSIServiceAccountTokenSecrets', effect: 'dropped' },
];

/** A volume whose only source field (besides its name) is `field`. */
function isOnlySource(volume: Json, field: string): boolean {
  if (typeof volume !== 'object' || volume === null || Array.isArray(volume)) return false;
  return Object.keys(volume).every((key) => key === 'name' || key === field);
}

/** Documentation page of a gate. */
export function gateHref(gate: GateName): string {
  return `https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#${gate}`;
}

/** Every place in `object` matching `pattern`, with the value found and its parent. */
export function matchPattern(object: Json, pattern: FieldPath): { path: (string | number)[]; value: Json; parent: Json }[] {
  const results: { path: (string | number)[]; value: Json; parent: Json }[] = [];
  const visit = (value: Json, parent: Json, depth: number, path: (string | number)[]): void => {
    if (depth === pattern.length) {
      results.push({ path, value, parent });
      return;
    }
    const segment = pattern[depth];
    if (segment === '*') {
      if (Array.isArray(value)) value.forEach((item, index) => visit(item, value, depth + 1, [...path, index]));
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof segment === 'string' && value[segment] !== undefined) {
      visit(value[segment], value, depth + 1, [...path, segment]);
    }
  };
  visit(object, null, 0, []);
  return results;
}
