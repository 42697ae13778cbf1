// `fsGroup` on a Pod whose CSI volume the kubelet will not give that group. Mirrors the kubelet
// (pkg/volume/csi/csi_mounter.go, modelled in behaviour/csidriver fsGroupOutcome): csiMountMgr.getFSGroupPolicy reads the driver's CSIDriver
// (`fsGroupPolicy`, defaulted to ReadWriteOnceWithFSType by SetDefaults_CSIDriver), and supportsFSGroup applies
// the fsGroup for `File`, never for `None` or a read-only volume, and for ReadWriteOnceWithFSType only to a
// volume with an fsType whose access modes hold ReadWriteOnce (an inline volume counts as ReadWriteOnce).
// SetUpAt skips all of this for a driver with the VOLUME_MOUNT_GROUP node capability, which is handed the
// fsGroup to apply itself: the workspace cannot see capabilities, so the finding says "may"
// (seaweedfs/seaweedfs-csi-driver#312, openebs/zfs-localpv#282). A volume a StorageClass without an fstype
// provisions gets the `--default-fstype` of the driver's csi-provisioner when the workspace runs it beside the
// driver's CSIDriver (external-provisioner prepareProvision and Provision); otherwise its fsType is not settled.
// Identical copies of a claim, volume or class (the same object in two files) count once.
import type { FieldPath, RuleCode, Severity } from '../../types';
import type { ObjectFacts, PodFacts, Read, VolumeFacts } from '../facts';
import { fsGroupOutcome } from '../../behaviour/csidriver/index';
import { distinct, driverPolicies, namespaceKey, resolveReference } from '../resolve';
import type { RelatedEnd, RelationContext, RelationFinding, RelationRule } from '../rule';
import type { DefinitionEntry, WorkspaceIndex } from '../workspaceIndex';

export const FSGROUP_NOT_APPLIED: RuleCode = {
  code: 'relations/fsgroup-not-applied',
  severity: 'warning',
  title: 'A Pod sets `fsGroup`, but the CSIDriver of one of its volumes has an `fsGroupPolicy` under which the kubelet does not apply it to that volume (its access modes or fsType); a hint where the driver may do it itself or the fsType is not settled',
  mirrors: 'kubelet csiMountMgr.supportsFSGroup and getFSGroupPolicy (pkg/volume/csi/csi_mounter.go)',
  href: 'https://kubernetes-csi.github.io/docs/support-fsgroup.html',
};

/** What the kubelet knows of a volume when it mounts it. */
interface Mount {
  driver: string;
  /** undefined: not settled (the provisioner's default fsType). */
  fsType: string | undefined;
  fsTypeSettled: boolean;
  accessModes: string[];
  /** What the volume goes through to reach its driver, for the related locations. */
  via: RelatedEnd[];
  describe: string;
}

function certainString(read: Read<string> | undefined): string | undefined | null {
  if (!read || read.unknown) return null;
  return read.value;
}

/** The one definition all candidates agree on (identical copies count once), or undefined. */
function single(definitions: readonly DefinitionEntry[]): DefinitionEntry | undefined {
  const different = distinct(definitions);
  return different.length === 1 ? different[0] : undefined;
}

function storageClass(index: WorkspaceIndex, name: string | undefined | null, via: RelatedEnd[]): DefinitionEntry | undefined {
  if (!name) return undefined; // absent: the default class, unknown here; '': no class
  const found = single(index.definitions('StorageClass', name));
  if (found) via.push({ path: found.path, range: found.range, message: `StorageClass \`${name}\`.` });
  return found;
}

/** The mount of a claim: the volume it is bound to, else what its StorageClass provisions. */
function claimMount(context: RelationContext, claim: DefinitionEntry, via: RelatedEnd[]): Mount | undefined {
  const index = context.index;
  const spec = claim.object.spec;
  const claimName = claim.object.name?.text ?? '';
  via.push({ path: claim.path, range: claim.range, message: `PersistentVolumeClaim \`${claimName}\`.` });
  const volumeName = certainString(spec.volumeName);
  if (volumeName === null) return undefined;
  const claimNamespace = namespaceKey(claim.object.namespace);
  const volumes = volumeName
    ? index.definitions('PersistentVolume', volumeName)
    : index.definitionsOfKind('PersistentVolume').filter((volume) => volume.object.spec.claimRef?.name === claimName && claimNamespace !== undefined && (volume.object.spec.claimRef.namespace ?? '') === claimNamespace);
  const volume = single(volumes);
  if (distinct(volumes).length > 1) return undefined;
  if (volume) {
    const driver = certainString(volume.object.spec.csiDriver);
    const fsType = certainString(volume.object.spec.fsType);
    const accessModes = volume.object.spec.accessModes;
    if (!driver || fsType === null || !accessModes || accessModes.unknown) return undefined;
    via.push({ path: volume.path, range: volume.range, message: `PersistentVolume \`${volume.object.name?.text}\`: \`accessModes\` ${(accessModes.value ?? []).join(', ') || 'none'}, \`fsType\` ${fsType ? `\`${fsType}\`` : 'not set'}.` });
    return { driver, fsType: fsType ?? '', fsTypeSettled: true, accessModes: accessModes.value ?? [], via, describe: `bound to PersistentVolume \`${volume.object.name?.text}\`` };
  }
  if (volumeName) return undefined;
  const className = certainString(spec.storageClassName);
  const accessModes = spec.accessModes;
  if (className === null || !accessModes || accessModes.unknown) return undefined;
  return provisioned(index, className, accessModes.value ?? [], via, `PersistentVolumeClaim \`${claimName}\``);
}

function provisioned(index: WorkspaceIndex, className: string | undefined, accessModes: string[], via: RelatedEnd[], describe: string): Mount | undefined {
  const found = storageClass(index, className, via);
  if (!found) return undefined;
  const driver = certainString(found.object.spec.provisioner);
  const fsType = certainString(found.object.spec.fsType);
  if (!driver || fsType === null) return undefined;
  if (fsType === undefined) {
    const sidecar = provisionerDefault(index, driver);
    if (sidecar) {
      via.push({ path: sidecar.entry.path, range: sidecar.entry.range, message: `The csi-provisioner of \`${driver}\` is started with \`--default-fstype=${sidecar.fsType}\`.` });
      return { driver, fsType: sidecar.fsType, fsTypeSettled: true, accessModes, via, describe: `${describe}, provisioned by StorageClass \`${className}\` with the csi-provisioner's \`--default-fstype=${sidecar.fsType}\`` };
    }
  }
  return { driver, fsType, fsTypeSettled: fsType !== undefined, accessModes, via, describe: `${describe}, provisioned by StorageClass \`${className}\`` };
}

/** The kinds that may run the csi-provisioner sidecar (relations/podFacts.ts isProvisioner). */
const WORKLOADS = ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Pod'];

/**
 * The fsType a driver's csi-provisioner gives the volumes of a StorageClass without one: external-provisioner's
 * prepareProvision takes the class's `csi.storage.k8s.io/fstype` (or `fsType`), else its `--default-fstype`, and
 * Provision writes it into the PersistentVolume's `spec.csi.fsType`. The workspace shows it when a workload runs
 * the sidecar beside the driver's CSIDriver (the same chart, kustomization or folder, holding no other CSIDriver),
 * and every such workload agrees on a written value.
 */
function provisionerDefault(index: WorkspaceIndex, driver: string): { fsType: string; entry: DefinitionEntry } | undefined {
  const drivers = index.definitions('CSIDriver', driver);
  if (!drivers.length) return undefined;
  const allDrivers = index.definitionsOfKind('CSIDriver');
  const sidecars = WORKLOADS.flatMap((kind) => index.definitionsOfKind(kind)).filter((entry) => {
    if (!entry.object.spec.provisionerFsType) return false;
    const beside = allDrivers.filter((other) => index.sameScope(entry.path, other.path));
    return beside.length > 0 && beside.every((other) => other.object.name?.literal && other.object.name.text === driver);
  });
  if (!sidecars.length) return undefined;
  const values = new Set(sidecars.map((entry) => (entry.object.spec.provisionerFsType?.unknown ? undefined : entry.object.spec.provisionerFsType?.value)));
  const [fsType] = values;
  return values.size === 1 && fsType ? { fsType, entry: sidecars[0] } : undefined;
}

function mountOf(context: RelationContext, pod: PodFacts, volume: VolumeFacts): Mount | undefined {
  const via: RelatedEnd[] = [];
  if (volume.csi) {
    const driver = certainString(volume.csi.driver);
    const fsType = certainString(volume.csi.fsType);
    if (!driver || fsType === null || volume.csi.readOnly.unknown || volume.csi.readOnly.value) return undefined;
    return { driver, fsType: fsType ?? '', fsTypeSettled: true, accessModes: ['ReadWriteOnce'], via, describe: 'an inline `csi` volume (mounted as ReadWriteOnce)' };
  }
  if (volume.claim) {
    if (volume.claim.readOnly.unknown || volume.claim.readOnly.value) return undefined;
    const claimName = volume.claim.claimName.value;
    if (!claimName?.key) return undefined;
    const reference = context.object.references.find((candidate) => candidate.via === 'claimName' && candidate.pod === context.object.pods.indexOf(pod) && candidate.name.key === claimName.key);
    if (!reference) return undefined;
    const claim = single(resolveReference(context.index, context.path, context.object, reference));
    return claim ? claimMount(context, claim, via) : undefined;
  }
  if (volume.claimTemplate) {
    const className = certainString(volume.claimTemplate.storageClassName);
    const accessModes = volume.claimTemplate.accessModes;
    if (className === null || accessModes.unknown) return undefined;
    return provisioned(context.index, className, accessModes.value ?? [], via, `the claim template of volume \`${volume.name}\``);
  }
  return undefined;
}

function check(context: RelationContext): RelationFinding[] {
  const findings: RelationFinding[] = [];
  context.object.pods.forEach((pod) => {
    const fsGroup = pod.fsGroup.value;
    if (fsGroup === undefined) return;
    for (const volume of pod.volumes) {
      const mount = mountOf(context, pod, volume);
      if (!mount) continue;
      const drivers = context.index.definitions('CSIDriver', mount.driver);
      if (!drivers.length) continue;
      // Every policy the CSIDrivers of the name may have (a template's branches, when the release does not pick
      // one): reported only when each leads to the same failure.
      const possible = drivers.map((driver) => driverPolicies(driver, context.minor));
      if (possible.some((policies) => !policies)) continue;
      const policies = [...new Set(possible.flat() as string[])];
      const verdicts = policies.map((policy) => judge(policy, mount, fsGroup));
      if (!verdicts.length || verdicts.some((verdict) => !verdict)) continue;
      const verdict = verdicts.find((found) => found?.severity === 'hint') ?? (verdicts[0] as { severity: Severity; why: string });
      const policy = policies[verdicts.indexOf(verdict)];
      const written = drivers[0].object.spec.fsGroupPolicy?.value !== undefined;
      const branched = drivers.some((driver) => driver.object.spec.fsGroupPolicy?.unknown);
      const said = branched
        ? `\`fsGroupPolicy\` ${policies.map((item) => `\`${item}\``).join(' or ')}, by the branches of its template`
        : `\`fsGroupPolicy\` ${written ? `\`${policy}\`` : `not set (\`${policy}\` by default)`}`;
      const driverEnds = drivers.map((driver) => ({ path: driver.path, range: driver.range, message: `CSIDriver \`${mount.driver}\`: ${said}.` }));
      const where = volumeSpan(context.object, volume);
      if (!where) continue;
      findings.push({
        code: FSGROUP_NOT_APPLIED.code,
        severity: verdict.severity,
        message:
          `The Pod sets \`fsGroup: ${fsGroup}\`, but volume \`${volume.name}\` (${mount.describe}) may not get that group: ${verdict.why} ` +
          'A driver with the CSI VOLUME_MOUNT_GROUP capability applies the fsGroup itself, which the workspace cannot show. ' +
          'If the Pod writes to the volume as a non-root user, set the CSIDriver\'s `fsGroupPolicy: File` (when the driver supports it) or give the volume what the policy needs.',
        path: where.path,
        span: where.span,
        related: [...mount.via, ...driverEnds],
      });
    }
  });
  return findings;
}

/**
 * The kubelet's verdict (behaviour/csidriver fsGroupOutcome, csiMountMgr.supportsFSGroup) for a driver without
 * VOLUME_MOUNT_GROUP, and how sure it is: `None` is the driver's own word (a hint); a ReadWriteOncePod volume is
 * read differently across releases (kubernetes#127170) and a StorageClass without an fstype leaves it to the
 * provisioner's default (a hint, or silence).
 */
function judge(policy: string, mount: Mount, fsGroup: number): { severity: Severity; why: string } | undefined {
  const modes = mount.accessModes;
  if (policy === 'ReadWriteOnceWithFSType' && modes.includes('ReadWriteOncePod') && !modes.includes('ReadWriteOnce')) return undefined;
  if (policy === 'ReadWriteOnceWithFSType' && !mount.fsTypeSettled && modes.includes('ReadWriteOnce')) {
    return { severity: 'hint', why: 'its StorageClass sets no `csi.storage.k8s.io/fstype`, so the volume has an fsType only if the provisioner adds a default (csi-provisioner `--default-fstype`, none since v2.0), and under `fsGroupPolicy: ReadWriteOnceWithFSType` the kubelet applies fsGroup only to volumes with one.' };
  }
  const inline = mount.describe.startsWith('an inline');
  const outcome = fsGroupOutcome(policy, { lifecycle: inline ? 'Ephemeral' : 'Persistent', fsType: mount.fsType ?? '', accessModes: modes, fsGroup, volumeMountGroup: false });
  if (outcome.applied !== 'no') return undefined;
  return policy === 'None' ? { severity: 'hint', why: `${outcome.why}.` } : { severity: 'warning', why: `under the CSIDriver's \`fsGroupPolicy: ${policy}\`, ${outcome.why}.` };
}

/** What the finding underlines: the reference that names the volume's source, else the volume's entry. */
function volumeSpan(object: ObjectFacts, volume: VolumeFacts): { path: FieldPath; span: [number, number] } | undefined {
  const prefix = volume.path.join('\u0000');
  const reference = object.references.find((candidate) => candidate.path.slice(0, volume.path.length).join('\u0000') === prefix && (candidate.via === 'csi.driver' || candidate.via === 'claimName' || candidate.via === 'storageClassName'));
  return reference ? { path: reference.path, span: reference.span } : undefined;
}

export const fsGroupPolicy: RelationRule = {
  name: 'fsGroupPolicy',
  codes: [FSGROUP_NOT_APPLIED],
  scope: 'the workspace: the claim in the Pod\'s namespace, its PersistentVolume or StorageClass, and the CSIDriver of its driver',
  reason:
    'The kubelet decides from the CSIDriver\'s fsGroupPolicy, the volume\'s access modes and its fsType, all of which the finding reads from the ' +
    'workspace (written literally, one object of each name, identical copies counted once; a class without an fstype takes the ' +
    '`--default-fstype` of a csi-provisioner deployed beside the driver\'s CSIDriver); it cannot see whether the driver applies fsGroup itself, ' +
    'so it says "may", and it is a hint wherever the policy is None or the fsType depends on a provisioner the workspace does not show.',
  check,
};

