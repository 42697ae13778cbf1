// ValidateVolumeMounts and ValidateVolumeDevices as the API server runs them for each container and init
// container of a Job's pod template. For every code a case that triggers it and a nearby one that does not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runRules } from './harness';
import { C0, POD, runVolumeCases, VOLUME_FAMILIES, withContainer, type VolumeCase } from './podVolumeCases';

const M0 = `${C0}.volumeMounts[0]`;
const D0 = `${C0}.volumeDevices[0]`;
const CLAIM = { name: 'block', persistentVolumeClaim: { claimName: 'raw' } };
const mounts = (...entries: { [key: string]: string | boolean }[]) => withContainer({ volumeMounts: entries });

const names: VolumeCase[] = [
  { name: 'a mount with an empty volume name', yaml: mounts({ name: '', mountPath: '/data' }), expect: [`pod/volume-mount-name-required @ ${M0}.name`], words: ['volumeMounts[0].name: Required value'] },
  { name: 'a mount of a volume the pod does not have', yaml: mounts({ name: 'dta', mountPath: '/data' }), expect: [`pod/volume-mount-not-found @ ${M0}.name`], words: ['it has `data`', 'Not found: "dta"'] },
  { name: 'a mount of an existing volume', yaml: mounts({ name: 'data', mountPath: '/data' }), expect: [] },
  { name: 'an init container mounting a missing volume', yaml: withContainer({ volumeMounts: [{ name: 'data', mountPath: '/data' }] }, []).replace('"containers"', '"initContainers":[{"name":"init","image":"busybox","volumeMounts":[{"name":"cache","mountPath":"/c"}]}],"containers"'), expect: [`pod/volume-mount-not-found @ ${POD}.containers[0].volumeMounts[0].name`, `pod/volume-mount-not-found @ ${POD}.initContainers[0].volumeMounts[0].name`] },
  { name: 'an empty mountPath', yaml: mounts({ name: 'data', mountPath: '' }), expect: [`pod/volume-mount-path-required @ ${M0}.mountPath`] },
  { name: 'two mounts at one path', yaml: mounts({ name: 'data', mountPath: '/x' }, { name: 'data', mountPath: '/x' }), expect: [`pod/volume-mount-path-duplicate @ ${C0}.volumeMounts[1].mountPath`], words: ['must be unique'] },
  { name: 'one volume at two paths', yaml: mounts({ name: 'data', mountPath: '/x' }, { name: 'data', mountPath: '/y', subPath: 'y' }), expect: [] },
];

const subPaths: VolumeCase[] = [
  { name: 'an absolute subPath: printed without the mount index', yaml: mounts({ name: 'data', mountPath: '/d', subPath: '/conf' }), expect: [`pod/volume-mount-sub-path-absolute @ ${M0}.subPath`], words: ['containers[0].volumeMounts.subPath: Invalid value: "/conf": must be a relative path'] },
  { name: 'a relative subPath', yaml: mounts({ name: 'data', mountPath: '/d', subPath: 'conf/app' }), expect: [] },
  { name: 'a subPathExpr with a .. element', yaml: mounts({ name: 'data', mountPath: '/d', subPathExpr: '$(POD_NAME)/../x' }), expect: [`pod/volume-mount-sub-path-backsteps @ ${M0}.subPathExpr`], words: ["volumeMounts.subPathExpr: Invalid value: \"$(POD_NAME)/../x\": must not contain '..'"] },
  { name: 'a subPathExpr with dots in a name', yaml: mounts({ name: 'data', mountPath: '/d', subPathExpr: '$(POD_NAME)..log' }), expect: [] },
  { name: 'subPath and subPathExpr together', yaml: mounts({ name: 'data', mountPath: '/d', subPath: 'a', subPathExpr: 'b' }), expect: [`pod/volume-mount-sub-path-exclusive @ ${M0}.subPathExpr`], anchor: 'key', words: ['volumeMounts[0].subPathExpr: Invalid value: "b": subPathExpr and subPath are mutually exclusive'] },
  { name: 'an empty subPath next to subPathExpr', yaml: mounts({ name: 'data', mountPath: '/d', subPath: '', subPathExpr: 'b' }), expect: [] },
];

const propagation: VolumeCase[] = [
  { name: 'a propagation mode in the wrong case', yaml: mounts({ name: 'data', mountPath: '/d', mountPropagation: 'hostToContainer' }), expect: [`pod/volume-mount-propagation-unsupported @ ${M0}.mountPropagation`], words: ['volumeMounts.mountPropagation: Unsupported value: "hostToContainer": supported values: "Bidirectional", "HostToContainer", "None"'] },
  { name: 'HostToContainer', yaml: mounts({ name: 'data', mountPath: '/d', mountPropagation: 'HostToContainer' }), expect: [] },
  { name: 'Bidirectional in an unprivileged container', yaml: mounts({ name: 'data', mountPath: '/d', mountPropagation: 'Bidirectional' }), expect: [`pod/volume-mount-propagation-bidirectional-unprivileged @ ${M0}.mountPropagation`], words: ['Forbidden: Bidirectional mount propagation is available only to privileged containers'] },
  { name: 'Bidirectional in a privileged container', yaml: withContainer({ securityContext: { privileged: true }, volumeMounts: [{ name: 'data', mountPath: '/d', mountPropagation: 'Bidirectional' }] }), expect: [] },
];

const readOnly: VolumeCase[] = [
  { name: 'recursiveReadOnly without readOnly', yaml: mounts({ name: 'data', mountPath: '/d', recursiveReadOnly: 'Enabled' }), expect: [`pod/volume-mount-recursive-read-only-needs-read-only @ ${M0}.recursiveReadOnly`], words: ['volumeMounts.recursiveReadOnly: Forbidden: may only be specified when readOnly is true'] },
  { name: 'recursiveReadOnly with readOnly', yaml: mounts({ name: 'data', mountPath: '/d', readOnly: true, recursiveReadOnly: 'IfPossible' }), expect: [] },
  { name: 'recursiveReadOnly Disabled without readOnly', yaml: mounts({ name: 'data', mountPath: '/d', recursiveReadOnly: 'Disabled' }), expect: [] },
  { name: 'recursiveReadOnly in the wrong case', yaml: mounts({ name: 'data', mountPath: '/d', readOnly: true, recursiveReadOnly: 'enabled' }), expect: [`pod/volume-mount-recursive-read-only-unsupported @ ${M0}.recursiveReadOnly`], words: ['supported values: "Disabled", "Enabled", "IfPossible"'] },
  { name: 'recursiveReadOnly with HostToContainer propagation', yaml: mounts({ name: 'data', mountPath: '/d', readOnly: true, recursiveReadOnly: 'Enabled', mountPropagation: 'HostToContainer' }), expect: [`pod/volume-mount-recursive-read-only-propagation @ ${M0}.recursiveReadOnly`] },
  { name: 'recursiveReadOnly with propagation None', yaml: mounts({ name: 'data', mountPath: '/d', readOnly: true, recursiveReadOnly: 'Enabled', mountPropagation: 'None' }), expect: [] },
  { name: 'recursiveReadOnly in 1.30: dropped (RecursiveReadOnlyMounts off), nothing checked', yaml: mounts({ name: 'data', mountPath: '/d', recursiveReadOnly: 'enabled' }), minor: 30, expect: [] },
  { name: 'recursiveReadOnly in 1.31: checked', yaml: mounts({ name: 'data', mountPath: '/d', recursiveReadOnly: 'Enabled' }), minor: 31, expect: [`pod/volume-mount-recursive-read-only-needs-read-only @ ${M0}.recursiveReadOnly`] },
];

const devices = (entries: { [key: string]: string }[], volumeMounts: { [key: string]: string }[] = []) =>
  withContainer({ volumeDevices: entries, volumeMounts }, [{ name: 'data', emptyDir: {} }, CLAIM, { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Block', resources: { requests: { storage: '1Gi' } } } } } }]);

const blockDevices: VolumeCase[] = [
  { name: 'a device from a claim and one from an ephemeral volume', yaml: devices([{ name: 'block', devicePath: '/dev/xvda' }, { name: 'scratch', devicePath: '/dev/xvdb' }]), expect: [] },
  { name: 'a device with an empty name', yaml: devices([{ name: '', devicePath: '/dev/xvda' }]), expect: [`pod/volume-device-name-required @ ${D0}.name`] },
  { name: 'the same volume as two devices', yaml: devices([{ name: 'block', devicePath: '/dev/xvda' }, { name: 'block', devicePath: '/dev/xvdb' }]), expect: [`pod/volume-device-name-duplicate @ ${C0}.volumeDevices[1].name`] },
  { name: 'a device naming no volume', yaml: devices([{ name: 'blok', devicePath: '/dev/xvda' }]), expect: [`pod/volume-device-not-found @ ${D0}.name`], words: ['Not found: "blok"'] },
  { name: 'a device from an emptyDir', yaml: devices([{ name: 'data', devicePath: '/dev/xvda' }]), expect: [`pod/volume-device-not-block-source @ ${D0}.name`], words: ['can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'] },
  { name: 'a device with an empty path', yaml: devices([{ name: 'block', devicePath: '' }]), expect: [`pod/volume-device-path-required @ ${D0}.devicePath`] },
  { name: 'two devices at one path', yaml: devices([{ name: 'block', devicePath: '/dev/xvda' }, { name: 'scratch', devicePath: '/dev/xvda' }]), expect: [`pod/volume-device-path-duplicate @ ${C0}.volumeDevices[1].devicePath`] },
  { name: 'a device path with a .. element', yaml: devices([{ name: 'block', devicePath: '/dev/../xvda' }]), expect: [`pod/volume-device-path-backsteps @ ${D0}.devicePath`], words: ["can not contain backsteps ('..')"] },
  { name: 'a volume both mounted and a device', yaml: devices([{ name: 'block', devicePath: '/dev/xvda' }], [{ name: 'block', mountPath: '/mnt' }]), expect: [`pod/volume-mount-name-in-devices @ ${M0}.name`, `pod/volume-device-name-in-mounts @ ${D0}.name`] },
  { name: 'a mount path that is a device path', yaml: devices([{ name: 'block', devicePath: '/dev/xvda' }], [{ name: 'data', mountPath: '/dev/xvda' }]), expect: [`pod/volume-mount-path-in-devices @ ${M0}.mountPath`, `pod/volume-device-path-in-mounts @ ${D0}.devicePath`] },
  { name: 'a mount and a device at different paths, of different volumes', yaml: devices([{ name: 'block', devicePath: '/dev/xvda' }], [{ name: 'data', mountPath: '/data' }]), expect: [] },
];

runVolumeCases([
  ['volume mounts: names and paths', names],
  ['volume mounts: subPath and subPathExpr', subPaths],
  ['volume mounts: propagation', propagation],
  ['volume mounts: recursiveReadOnly', readOnly],
  ['volume devices', blockDevices],
]);

describe('volume mounts: robustness', () => {
  it('values of the wrong type are skipped silently', () => {
    const yaml = withContainer({ volumeMounts: [3, { name: 5, mountPath: [], subPath: 1, mountPropagation: 2, recursiveReadOnly: true }], volumeDevices: 'x' });
    assert.deepEqual(runRules(VOLUME_FAMILIES, yaml), []);
  });
});
