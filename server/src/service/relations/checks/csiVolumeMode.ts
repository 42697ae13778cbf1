// An inline `csi` volume whose driver does not serve ephemeral volumes. Mirrors the kubelet
// (pkg/volume/csi/csi_mounter.go supportsVolumeLifecycleMode, modelled in behaviour/csidriver supportsLifecycle): an inline volume is mounted in the Ephemeral
// mode, which the driver's CSIDriver must list in `volumeLifecycleModes` (absent or empty means Persistent
// only, SetDefaults_CSIDriver); otherwise the mount fails with `volume mode "Ephemeral" not supported by
// driver` and the Pod stays in ContainerCreating (kubernetes-csi/csi-driver-nfs#716, piraeusdatastore/linstor-csi#156).
import type { RuleCode } from '../../types';
import { KNOWN_DRIVERS } from '../knownDrivers';
import { supportsLifecycle } from '../../behaviour/csidriver/index';
import { driverSettings, listed } from '../resolve';
import type { RelationContext, RelationFinding, RelationRule } from '../rule';

export const CSI_INLINE_VOLUME_MODE: RuleCode = {
  code: 'relations/csi-inline-volume-mode',
  severity: 'warning',
  title: 'An inline `csi` volume whose driver does not list `Ephemeral` in its CSIDriver\'s `volumeLifecycleModes` (a hint when the CSIDriver is in another chart, kustomization or folder, or only assumed for a well-known driver)',
  mirrors: 'kubelet csiMountMgr.supportsVolumeLifecycleMode (pkg/volume/csi/csi_mounter.go)',
  href: 'https://kubernetes.io/docs/concepts/storage/ephemeral-volumes/#csi-ephemeral-volumes',
};

function check(context: RelationContext): RelationFinding[] {
  const findings: RelationFinding[] = [];
  for (const pod of context.object.pods) {
    for (const volume of pod.volumes) {
      const driver = volume.csi?.driver.value;
      if (!driver) continue;
      const reference = context.object.references.find((candidate) => candidate.via === 'csi.driver' && candidate.path.join('.') === [...volume.path, 'csi', 'driver'].join('.'));
      if (!reference) continue;
      const definitions = context.index.definitions('CSIDriver', driver);
      const fix = 'Use a PersistentVolumeClaim (or a generic `ephemeral` volume with a StorageClass of this driver) instead, or add `Ephemeral` to the CSIDriver if the driver supports it.';
      if (definitions.length) {
        const drivers = definitions.map((definition) => driverSettings(definition, context.minor, 'volumeLifecycleModes'));
        if (drivers.some((settings) => !settings || supportsLifecycle(settings, 'Ephemeral'))) continue;
        const lists = drivers.map((settings) => settings?.volumeLifecycleModes ?? []);
        const here = definitions.some((definition) => context.index.sameScope(context.path, definition.path));
        findings.push({
          code: CSI_INLINE_VOLUME_MODE.code,
          severity: here ? 'warning' : 'hint',
          message:
            `Volume \`${volume.name}\` is an inline \`csi\` volume, which the kubelet mounts in the Ephemeral mode, but the CSIDriver \`${driver}\` lists ` +
            `\`volumeLifecycleModes\` ${listed(lists[0].map((mode) => `\`${mode}\``))} only: the mount fails ("volume mode \\"Ephemeral\\" not supported by driver ${driver}") ` +
            `and the Pod stays in ContainerCreating. ${fix}`,
          path: reference.path,
          span: reference.span,
          related: definitions.map((definition) => ({ path: definition.path, range: definition.range, message: `CSIDriver \`${driver}\`: no \`Ephemeral\` in \`volumeLifecycleModes\`.` })),
        });
        continue;
      }
      const known = KNOWN_DRIVERS[driver];
      if (!known || known.modes.includes('Ephemeral')) continue;
      findings.push({
        code: CSI_INLINE_VOLUME_MODE.code,
        severity: 'hint',
        message:
          `Volume \`${volume.name}\` is an inline \`csi\` volume, mounted in the Ephemeral mode; \`${driver}\` is assumed to serve ${listed(known.modes.map((mode) => `\`${mode}\``))} volumes only ` +
          `(its published CSIDriver, ${known.source}; no CSIDriver in the workspace says otherwise). If so, the Pod stays in ContainerCreating. ${fix}`,
        path: reference.path,
        span: reference.span,
        related: [],
      });
    }
  }
  return findings;
}

export const csiVolumeMode: RelationRule = {
  name: 'csiVolumeMode',
  codes: [CSI_INLINE_VOLUME_MODE],
  scope: 'the workspace: a CSIDriver names one driver of the cluster (a warning in the same chart, kustomization or folder, a hint elsewhere)',
  reason:
    'The kubelet mounts every inline csi volume in the Ephemeral mode and refuses a driver whose CSIDriver does not list it. Only a CSIDriver ' +
    'whose modes are written literally counts, and only when every CSIDriver of that name in the workspace lacks Ephemeral; the well-known ' +
    'drivers\' modes are an assumption, so they only ever give a hint.',
  check,
};
