// A driver name that no CSIDriver of the workspace has while one has a close name: a typo, or a driver renamed
// on one side only. A StorageClass whose `provisioner` no driver serves leaves its claims Pending ("waiting for
// a volume to be created, either by external provisioner"); a PersistentVolume or inline volume whose driver
// is not registered is never attached or mounted (kubernetes-csi/csi-driver-nfs#682, minio/directpv#701). A
// CSIDriver object is optional for a driver, so a name without one is no mistake by itself: only a close
// name in the workspace says which driver was meant.
import type { RuleCode } from '../../types';
import { editDistance } from '../../schema/messages';
import { isWellKnownDriver } from '../knownDrivers';
import type { RelationContext, RelationFinding, RelationRule } from '../rule';
import type { DefinitionEntry } from '../workspaceIndex';

export const CSI_DRIVER_NAME: RuleCode = {
  code: 'relations/csi-driver-name',
  severity: 'warning',
  title: 'A StorageClass `provisioner`, PersistentVolume `spec.csi.driver`, VolumeSnapshotClass `driver` or inline `csi.driver` names no CSIDriver of the workspace while one with a close name exists ("did you mean"); a hint when that CSIDriver is in another chart, kustomization or folder',
  mirrors: 'CSI driver registration by name (kubelet plugin registration, external-provisioner and external-snapshotter `driver` matching)',
  href: 'https://kubernetes-csi.github.io/docs/csi-driver-object.html',
};

/** Kubernetes' in-tree provisioners and the no-provisioner of local volumes are no CSI drivers. */
function isInTree(name: string): boolean {
  return name.startsWith('kubernetes.io/');
}

/** The labels two names do not share at their end (`nfs` of `nfs.csi.k8s.io` against `nfs2.csi.k8s.io`). */
function cores(a: string, b: string): [string, string] {
  let end = 0;
  while (end < a.length && end < b.length && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  let start = 0;
  while (start < a.length - end && start < b.length - end && a[start] === b[start]) start++;
  return [a.slice(start, a.length - end), b.slice(start, b.length - end)];
}

/**
 * Close: at most two edits apart, or a renamed part that keeps a common start of four characters or more
 * and is at most four edits apart (`direct-csi-min-io` and `directpv-min-io`).
 */
export function closeDriverNames(a: string, b: string): boolean {
  if (a === b) return false;
  const distance = editDistance(a.toLowerCase(), b.toLowerCase());
  if (distance <= 2) return Math.min(a.length, b.length) > 4;
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  const [x, y] = cores(a, b);
  return prefix >= 4 && editDistance(x, y) <= 4 && distance <= 4;
}

function check(context: RelationContext): RelationFinding[] {
  const findings: RelationFinding[] = [];
  for (const reference of context.object.references) {
    if (reference.target !== 'CSIDriver' || !reference.name.literal) continue;
    const name = reference.name.text;
    if (!name || isInTree(name) || context.index.definitions('CSIDriver', name).length) continue;
    const close: DefinitionEntry[] = [];
    for (const driver of context.index.definitionsOfKind('CSIDriver')) {
      const other = driver.object.name?.literal ? driver.object.name.text : undefined;
      if (!other || !closeDriverNames(name, other)) continue;
      if (isWellKnownDriver(name) && isWellKnownDriver(other)) continue; // two real drivers (ebs and efs), not a typo
      close.push(driver);
    }
    if (!close.length) continue;
    const names = [...new Set(close.map((driver) => driver.object.name?.text ?? ''))];
    if (names.length > 2) continue;
    const here = close.some((driver) => context.index.sameScope(context.path, driver.path));
    const field = reference.via === 'provisioner' ? 'StorageClass `provisioner`' : reference.via === 'driver' ? 'VolumeSnapshotClass `driver`' : reference.via === 'csi.driver' && context.object.kind === 'PersistentVolume' ? 'PersistentVolume `spec.csi.driver`' : '`csi.driver`';
    const consequence = reference.via === 'provisioner'
      ? 'no driver provisions its claims, which stay Pending ("waiting for a volume to be created, either by external provisioner")'
      : reference.via === 'driver' ? 'no snapshotter takes its snapshots' : 'the kubelet finds no driver to mount it with, and the Pod stays in ContainerCreating';
    findings.push({
      code: CSI_DRIVER_NAME.code,
      severity: here ? 'warning' : 'hint',
      message:
        `The ${field} \`${name}\` names no CSIDriver of the workspace; did you mean ${names.map((other) => `\`${other}\``).join(' or ')}? ` +
        `A driver registers under one exact name: if \`${name}\` is not installed, ${consequence}.`,
      path: reference.path,
      span: reference.span,
      related: close.map((driver) => ({ path: driver.path, range: driver.range, message: `CSIDriver \`${driver.object.name?.text}\`.` })),
    });
  }
  return findings;
}

export const csiDriverName: RelationRule = {
  name: 'csiDriverName',
  codes: [CSI_DRIVER_NAME],
  scope: 'the workspace: CSIDrivers are cluster-wide (a warning in the same chart, kustomization or folder, a hint elsewhere)',
  reason:
    'It speaks only when no CSIDriver has the name and one has a close name (at most two edits, or a renamed part); two well-known drivers ' +
    'are never taken for each other (`ebs.csi.aws.com` and `efs.csi.aws.com`), and in-tree provisioners are left alone.',
  check,
};
