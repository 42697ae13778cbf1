// What the consumers of a CSIDriver object do with it: the attach/detach controller, the kubelet's CSI volume
// plugin (pkg/volume/csi: csi_attacher.go, csi_mounter.go, csi_plugin.go) and the scheduler. Pure and
// release-aware: `driver` is the CSIDriver as stored (after SetDefaults_CSIDriver), `minor` the release.
//
// Read: csiPlugin.skipAttach, getPublishContext, supportsVolumeLifecycleMode, getVolumeLifecycleMode,
// CanDeviceMount (csi_plugin.go); csiMountMgr.SetUpAt, podServiceAccountTokenAttrs, supportsFSGroup,
// getFSGroupPolicy (csi_mounter.go); csiAttacher.MountDevice (VOLUME_MOUNT_GROUP, csi_attacher.go). Not read in
// code (the stored copies predate it): where the kubelet of 1.35+ puts tokens with serviceAccountTokenInSecrets,
// taken from the CSIDriver API documentation of the field.
import { gateEnabledByDefault } from '../../kube/featureGates';
import type { Json, JsonObject } from '../../types';

export const POD_INFO_KEYS = [
  'csi.storage.k8s.io/pod.name', 'csi.storage.k8s.io/pod.namespace', 'csi.storage.k8s.io/pod.uid', 'csi.storage.k8s.io/serviceAccount.name',
] as const;
export const EPHEMERAL_KEY = 'csi.storage.k8s.io/ephemeral';
export const TOKENS_KEY = 'csi.storage.k8s.io/serviceAccount.tokens';

export type FSGroupPolicy = 'ReadWriteOnceWithFSType' | 'File' | 'None';

export interface TokenRequest {
  /** '' is the API server's own audience (the kubelet asks with no audience). */
  audience: string;
  expirationSeconds?: number;
}

/** The driver's settings as its consumers read them, in the release. */
export interface CsiDriverSettings {
  name: string;
  attachRequired: boolean;
  podInfoOnMount: boolean;
  fsGroupPolicy: FSGroupPolicy | string;
  volumeLifecycleModes: string[];
  tokenRequests: TokenRequest[];
  requiresRepublish: boolean;
  /** Only where the release has the field and its gate on (SELinuxMountReadWriteOncePod). */
  seLinuxMount?: boolean;
  storageCapacity: boolean;
  /** Only where the release has the field and its gate on (MutableCSINodeAllocatableCount). */
  nodeAllocatableUpdatePeriodSeconds?: number;
  /** Only where the release has the field and its gate on (CSIServiceAccountTokenSecrets, 1.35+). */
  serviceAccountTokenInSecrets?: boolean;
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The settings of a stored CSIDriver (`driver` after SetDefaults_CSIDriver); gated fields the create drops are left out. */
export function csiDriverSettings(driver: JsonObject, minor: number): CsiDriverSettings {
  const spec = isObject(driver.spec) ? driver.spec : {};
  const metadata = isObject(driver.metadata) ? driver.metadata : {};
  const bool = (key: string, fallback: boolean) => (typeof spec[key] === 'boolean' ? spec[key] as boolean : fallback);
  const tokenRequests = Array.isArray(spec.tokenRequests)
    ? spec.tokenRequests.filter(isObject).map((request) => ({
      audience: typeof request.audience === 'string' ? request.audience : '',
      ...(typeof request.expirationSeconds === 'number' ? { expirationSeconds: request.expirationSeconds } : {}),
    }))
    : [];
  const settings: CsiDriverSettings = {
    name: typeof metadata.name === 'string' ? metadata.name : '',
    attachRequired: bool('attachRequired', true),
    podInfoOnMount: bool('podInfoOnMount', false),
    fsGroupPolicy: typeof spec.fsGroupPolicy === 'string' ? spec.fsGroupPolicy : 'ReadWriteOnceWithFSType',
    volumeLifecycleModes: Array.isArray(spec.volumeLifecycleModes) && spec.volumeLifecycleModes.length
      ? spec.volumeLifecycleModes.filter((mode): mode is string => typeof mode === 'string')
      : ['Persistent'],
    tokenRequests,
    requiresRepublish: bool('requiresRepublish', false),
    storageCapacity: bool('storageCapacity', false),
  };
  if (gateEnabledByDefault('SELinuxMountReadWriteOncePod', minor)) settings.seLinuxMount = bool('seLinuxMount', false);
  if (gateEnabledByDefault('MutableCSINodeAllocatableCount', minor) && typeof spec.nodeAllocatableUpdatePeriodSeconds === 'number') {
    settings.nodeAllocatableUpdatePeriodSeconds = spec.nodeAllocatableUpdatePeriodSeconds;
  }
  if (gateEnabledByDefault('CSIServiceAccountTokenSecrets', minor)) settings.serviceAccountTokenInSecrets = bool('serviceAccountTokenInSecrets', false);
  return settings;
}

/** How a volume of the driver is mounted in a Pod, for supportsFSGroup and the volume context. */
export interface VolumeUse {
  /** An inline `csi:` volume of the Pod (Ephemeral) or a PersistentVolume (Persistent). */
  lifecycle: 'Persistent' | 'Ephemeral';
  /** The PV's `csi.fsType` or the inline volume's `fsType`; '' when none. */
  fsType: string;
  /** The PV's access modes (an inline volume has none: SetUpAt mounts it ReadWriteOnce). */
  accessModes?: string[];
  readOnly?: boolean;
  /** The Pod's securityContext.fsGroup. */
  fsGroup?: number;
  /** Whether the driver's node service reports the VOLUME_MOUNT_GROUP capability. */
  volumeMountGroup?: boolean;
}

export type FsGroupOutcome =
  | { applied: 'by-driver'; why: string }
  | { applied: 'by-kubelet'; why: string }
  | { applied: 'no'; why: string };

/**
 * Who applies the Pod's fsGroup to a volume: csiMountMgr.SetUpAt. A driver with VOLUME_MOUNT_GROUP gets the
 * fsGroup in NodeStageVolume/NodePublishVolume and the kubelet does nothing; otherwise supportsFSGroup decides
 * whether the kubelet changes ownership (recursively, per fsGroupChangePolicy) after the mount.
 */
export function fsGroupOutcome(policy: FSGroupPolicy | string, use: VolumeUse): FsGroupOutcome {
  if (use.fsGroup === undefined) return { applied: 'no', why: 'the Pod sets no fsGroup' };
  if (use.volumeMountGroup) return { applied: 'by-driver', why: 'the driver has the VOLUME_MOUNT_GROUP capability: the kubelet passes the fsGroup in NodeStageVolume / NodePublishVolume and changes nothing itself' };
  // supportsFSGroup
  if (policy === 'None') return { applied: 'no', why: '`fsGroupPolicy: None`: the volume is mounted as it is' };
  if (use.readOnly) return { applied: 'no', why: 'the volume is mounted read-only' };
  if (policy === 'File') return { applied: 'by-kubelet', why: '`fsGroupPolicy: File`: always, whatever the fsType and access modes' };
  if (use.fsType === '') return { applied: 'no', why: 'no fsType is set (ReadWriteOnceWithFSType needs one), and nothing says so but a kubelet log line at level 4' };
  if (use.lifecycle === 'Ephemeral') return { applied: 'by-kubelet', why: 'an inline volume is mounted ReadWriteOnce and has an fsType' };
  if (!use.accessModes?.length) return { applied: 'no', why: 'the PersistentVolume has no access modes' };
  if (!use.accessModes.includes('ReadWriteOnce')) return { applied: 'no', why: `the access modes (${use.accessModes.join(', ')}) do not include ReadWriteOnce, and nothing says so but a kubelet log line at level 4` };
  return { applied: 'by-kubelet', why: 'an fsType is set and the access modes include ReadWriteOnce' };
}

/** The keys the kubelet adds to NodePublishVolume's volume context (csiMountMgr.SetUpAt, getPodInfoAttrs, podServiceAccountTokenAttrs). */
export function volumeContextKeys(settings: CsiDriverSettings): { volumeContext: string[]; secrets: string[] } {
  const volumeContext: string[] = [];
  const secrets: string[] = [];
  if (settings.podInfoOnMount) volumeContext.push(...POD_INFO_KEYS, EPHEMERAL_KEY);
  if (settings.tokenRequests.length) (settings.serviceAccountTokenInSecrets ? secrets : volumeContext).push(TOKENS_KEY);
  return { volumeContext, secrets };
}

/** Whether a volume of the lifecycle can be used at all (csiPlugin.supportsVolumeLifecycleMode); the kubelet refuses the mount otherwise. */
export function supportsLifecycle(settings: CsiDriverSettings, lifecycle: 'Persistent' | 'Ephemeral'): boolean {
  return settings.volumeLifecycleModes.includes(lifecycle);
}

/** One thing a consumer of the CSIDriver does, for explain. */
export interface CsiConsumerStep {
  /** Who acts. */
  actor: 'attach/detach controller' | 'kubelet' | 'scheduler' | 'external-attacher';
  /** The fields of the spec it reads. */
  fields: string[];
  /** What it does, in plain words. */
  does: string;
  /** The Kubernetes function that decides it. */
  decidedBy: string;
}

/** What each consumer does with the driver, in the order a volume meets them (schedule, attach, mount, run). */
export function csiConsumerSteps(settings: CsiDriverSettings, minor: number): CsiConsumerStep[] {
  const steps: CsiConsumerStep[] = [];
  const modes = settings.volumeLifecycleModes;
  const kinds = modes.map((mode) => (mode === 'Persistent' ? 'PersistentVolumes (through claims)' : mode === 'Ephemeral' ? 'inline `csi:` volumes of a Pod (their lifecycle is the Pod\'s)' : `\`${mode}\` volumes`));
  const refusals: string[] = [];
  if (!modes.includes('Ephemeral')) refusals.push('a Pod with an inline `csi:` volume of it does not start (volume mode "Ephemeral" not supported by driver)');
  if (!modes.includes('Persistent')) refusals.push('a PersistentVolume of it cannot be mounted (volume mode "Persistent" not supported by driver)');
  steps.push({
    actor: 'kubelet', fields: ['volumeLifecycleModes'], decidedBy: 'csiPlugin.supportsVolumeLifecycleMode',
    does: `mounts ${kinds.join(' and ')} of this driver${refusals.length ? `; ${refusals.join('; ')}` : ''}`,
  });
  steps.push({
    actor: 'scheduler', fields: ['storageCapacity'], decidedBy: 'VolumeBinding plugin (CSIStorageCapacity)',
    does: settings.storageCapacity
      ? 'places a Pod whose claim waits for its first consumer only on nodes where the driver\'s CSIStorageCapacity objects report room for the volume (the driver\'s deployment must publish them)'
      : 'ignores storage capacity: a Pod may land on a node where the driver then cannot provision the volume',
  });
  steps.push(settings.attachRequired
    ? {
      actor: 'attach/detach controller', fields: ['attachRequired'], decidedBy: 'csiPlugin.skipAttach, csiAttacher.Attach',
      does: 'creates a VolumeAttachment for each persistent volume on a node and waits until the driver\'s external-attacher marks it attached (ControllerPublishVolume); the kubelet then reads the publish context from it. Inline volumes are never attached.',
    }
    : {
      actor: 'attach/detach controller', fields: ['attachRequired'], decidedBy: 'csiPlugin.skipAttach, getPublishContext',
      does: 'skips the attach step: no VolumeAttachment, no ControllerPublishVolume; the kubelet mounts at once with an empty publish context',
    });
  steps.push({
    actor: 'kubelet', fields: ['podInfoOnMount'], decidedBy: 'csiMountMgr.SetUpAt (podInfoEnabled, getPodInfoAttrs)',
    does: settings.podInfoOnMount
      ? `adds the Pod's identity to NodePublishVolume's volume context: ${POD_INFO_KEYS.map((key) => `\`${key}\``).join(', ')}, and \`${EPHEMERAL_KEY}\` ("true" for an inline volume, else "false")`
      : 'passes no Pod information (the volume context holds only the volume\'s own attributes)',
  });
  if (settings.tokenRequests.length) {
    const audiences = settings.tokenRequests.map((request) => (request.audience === '' ? 'the API server\'s own audience' : `\`${request.audience}\``)).join(', ');
    const where = settings.serviceAccountTokenInSecrets
      ? `in NodePublishVolume's \`secrets\` under \`${TOKENS_KEY}\` (not in the volume context, which drivers and sidecars often log)`
      : `in NodePublishVolume's volume context under \`${TOKENS_KEY}\`${minor >= 35 ? ' (where drivers and sidecars often log it; `serviceAccountTokenInSecrets: true` moves it to `secrets`)' : ''}`;
    steps.push({
      actor: 'kubelet', fields: ['tokenRequests', ...(settings.serviceAccountTokenInSecrets !== undefined ? ['serviceAccountTokenInSecrets'] : [])],
      decidedBy: 'csiMountMgr.podServiceAccountTokenAttrs',
      does: `requests a token of the Pod's service account for ${audiences}, bound to the Pod, and passes them as a JSON map of audience to \`{token, expirationTimestamp}\` ${where}`,
    });
  } else {
    steps.push({ actor: 'kubelet', fields: ['tokenRequests'], decidedBy: 'csiMountMgr.podServiceAccountTokenAttrs', does: 'passes no service account token' });
  }
  steps.push({
    actor: 'kubelet', fields: ['requiresRepublish'], decidedBy: 'csiPlugin.RequiresRemount',
    does: settings.requiresRepublish
      ? 'calls NodePublishVolume again periodically while the Pod runs (to refresh tokens or contents); running containers do not see a new mount, only new contents'
      : `calls NodePublishVolume once per Pod${settings.tokenRequests.length ? ': the tokens are not refreshed, so they expire while the Pod runs unless the driver renews them itself' : ''}`,
  });
  steps.push({
    actor: 'kubelet', fields: ['fsGroupPolicy'], decidedBy: 'csiMountMgr.supportsFSGroup, getFSGroupPolicy',
    does: fsGroupWords(settings.fsGroupPolicy),
  });
  if (settings.seLinuxMount !== undefined) {
    steps.push({
      actor: 'kubelet', fields: ['seLinuxMount'], decidedBy: 'csiPlugin.SupportsSELinuxContextMount, util.AddSELinuxMountOption',
      does: settings.seLinuxMount
        ? 'mounts a volume of a Pod with an SELinux label with `-o context=<label>` (ReadWriteOncePod volumes; all volumes where the SELinuxMount feature is on), so no recursive relabelling is needed'
        : 'passes no SELinux mount option: the container runtime relabels the volume\'s files recursively for a Pod with an SELinux label',
    });
  }
  if (settings.nodeAllocatableUpdatePeriodSeconds !== undefined) {
    steps.push({
      actor: 'kubelet', fields: ['nodeAllocatableUpdatePeriodSeconds'], decidedBy: 'CSINode allocatable updates (MutableCSINodeAllocatableCount)',
      does: `updates the node's CSINode \`allocatable.count\` for this driver every ${settings.nodeAllocatableUpdatePeriodSeconds} s, and after an attach fails for lack of room`,
    });
  }
  return steps;
}

function fsGroupWords(policy: string): string {
  if (policy === 'File') return 'applies the Pod\'s fsGroup to every writable volume after mounting it (whatever its fsType and access modes), unless the driver has VOLUME_MOUNT_GROUP and applies it itself';
  if (policy === 'None') return 'never applies the Pod\'s fsGroup: files keep the owner and mode the driver gives them';
  return 'applies the Pod\'s fsGroup only to a writable volume that has an fsType and ReadWriteOnce among its access modes (inline volumes count as ReadWriteOnce); otherwise the fsGroup is silently not applied (a kubelet log line at level 4 is all), unless the driver has VOLUME_MOUNT_GROUP and applies it itself';
}
