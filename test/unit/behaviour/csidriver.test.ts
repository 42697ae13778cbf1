// What the kubelet and the attach/detach controller do with a CSIDriver (behaviour/csidriver), against the CSI
// volume plugin's own tests in kubernetes/kubernetes pkg/volume/csi/csi_mounter_test.go
// (Test_csiMountMgr_supportsFSGroup, TestMounterSetUpWithFSGroup, TestPodServiceAccountTokenAttrs) and
// csi_plugin.go's skipAttach. Each case names the upstream test and case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csiConsumerSteps, csiDriverSettings, fsGroupOutcome, supportsLifecycle, volumeContextKeys, type VolumeUse } from '../../../server/src/service/behaviour/csidriver/index';
import { applyDefaults } from '../../../server/src/service/kube/defaults';
import type { JsonObject } from '../../../server/src/service/types';

const stored = (spec: JsonObject, minor = 37) => csiDriverSettings(applyDefaults('CSIDriver', { metadata: { name: 'csi.example.com' }, spec }), minor);

describe('who applies fsGroup (csi_mounter_test.go Test_csiMountMgr_supportsFSGroup)', () => {
  const persistent = (accessModes: string[] | undefined, fsType = 'ext4'): VolumeUse => ({ lifecycle: 'Persistent', fsType, accessModes, fsGroup: 0 });
  const cases: [string, string, VolumeUse, boolean][] = [
    ['empty all', 'ReadWriteOnceWithFSType', { lifecycle: 'Persistent', fsType: '' }, false],
    ['driverPolicy is FileFSGroupPolicy', 'File', { lifecycle: 'Persistent', fsType: '', fsGroup: 0 }, true],
    ['driverPolicy is ReadWriteOnceWithFSTypeFSGroupPolicy', 'ReadWriteOnceWithFSType', { lifecycle: 'Persistent', fsType: '', fsGroup: 0 }, false],
    ['driverPolicy is ReadWriteOnceWithFSTypeFSGroupPolicy with empty PersistentVolume', 'ReadWriteOnceWithFSType', persistent(undefined), false],
    ['driverPolicy is ReadWriteOnceWithFSTypeFSGroupPolicy with empty AccessModes', 'ReadWriteOnceWithFSType', persistent([]), false],
    ['driverPolicy is ReadWriteOnceWithFSTypeFSGroupPolicy with ReadWriteOnce AccessModes', 'ReadWriteOnceWithFSType', persistent(['ReadWriteOnce']), true],
    ['driverPolicy is ReadWriteOnceWithFSTypeFSGroupPolicy with CSI inline volume', 'ReadWriteOnceWithFSType', { lifecycle: 'Ephemeral', fsType: 'ext4', fsGroup: 0 }, true],
  ];
  for (const [name, policy, use, applied] of cases) {
    it(name, () => assert.equal(fsGroupOutcome(policy, use).applied === 'by-kubelet', applied));
  }
});

describe('fsGroup through SetUpAt (csi_mounter_test.go TestMounterSetUpWithFSGroup)', () => {
  const use = (over: Partial<VolumeUse>): VolumeUse => ({ lifecycle: 'Persistent', fsType: 'ext4', accessModes: ['ReadWriteOnce'], fsGroup: 3000, ...over });
  const cases: [string, string, VolumeUse, 'by-driver' | 'by-kubelet' | 'no'][] = [
    ['default fstype, with no fsgroup (should not apply fsgroup)', 'ReadWriteOnceWithFSType', use({ fsType: '', fsGroup: undefined }), 'no'],
    ['default fstype  with fsgroup (should not apply fsgroup)', 'ReadWriteOnceWithFSType', use({ fsType: '' }), 'no'],
    ['fstype, fsgroup, RWM, ROM provided (should not apply fsgroup)', 'ReadWriteOnceWithFSType', use({ accessModes: ['ReadWriteMany', 'ReadOnlyMany'] }), 'no'],
    ['fstype, fsgroup, RWO, but readOnly (should not apply fsgroup)', 'ReadWriteOnceWithFSType', use({ readOnly: true }), 'no'],
    ['fstype, fsgroup, RWO provided (should apply fsgroup)', 'ReadWriteOnceWithFSType', use({}), 'by-kubelet'],
    ['fstype, fsgroup, RWX provided, FSGroupPolicy ReadWriteOnceWithFSType (should not apply fsgroup)', 'ReadWriteOnceWithFSType', use({ accessModes: ['ReadWriteMany'] }), 'no'],
    ['fstype, fsgroup, RWO provided, FSGroupPolicy None (should not apply fsgroup)', 'None', use({}), 'no'],
    // The case's name says "should apply", but it asserts only the NodePublishVolume argument: supportsFSGroup
    // returns false for a read-only mount before it reads the policy.
    ['fstype, fsgroup, RWO provided, readOnly, FSGroupPolicy File (not applied: read-only comes first)', 'File', use({ readOnly: true }), 'no'],
    ['fsgroup provided, driver supports volume mount group; expect fsgroup to be passed to NodePublishVolume', 'ReadWriteOnceWithFSType', use({ volumeMountGroup: true }), 'by-driver'],
    ['fsgroup not provided, driver supports volume mount group; expect fsgroup not to be passed to NodePublishVolume', 'ReadWriteOnceWithFSType', use({ volumeMountGroup: true, fsGroup: undefined }), 'no'],
    ['fsgroup provided, driver does not support volume mount group; expect fsgroup not to be passed to NodePublishVolume', 'ReadWriteOnceWithFSType', use({ volumeMountGroup: false }), 'by-kubelet'],
  ];
  for (const [name, policy, volume, applied] of cases) {
    it(name, () => assert.equal(fsGroupOutcome(policy, volume).applied, applied));
  }

  it('the silent cases say why', () => {
    assert.match(fsGroupOutcome('ReadWriteOnceWithFSType', use({ fsType: '' })).why, /no fsType is set/);
    assert.match(fsGroupOutcome('ReadWriteOnceWithFSType', use({ accessModes: ['ReadWriteMany'] })).why, /do not include ReadWriteOnce/);
  });
});

describe('volume context and secrets (csi_mounter_test.go TestPodServiceAccountTokenAttrs, csiMountMgr.SetUpAt)', () => {
  it('csi driver has no ServiceAccountToken: no token key', () => assert.deepEqual(volumeContextKeys(stored({})), { volumeContext: [], secrets: [] }));
  it('one token with empty string as audience: the tokens key in the volume context', () => {
    assert.deepEqual(volumeContextKeys(stored({ tokenRequests: [{ audience: '' }] })), { volumeContext: ['csi.storage.k8s.io/serviceAccount.tokens'], secrets: [] });
  });
  it('podInfoOnMount: the Pod\'s name, namespace, UID, service account and whether the volume is ephemeral', () => {
    assert.deepEqual(volumeContextKeys(stored({ podInfoOnMount: true })).volumeContext, [
      'csi.storage.k8s.io/pod.name', 'csi.storage.k8s.io/pod.namespace', 'csi.storage.k8s.io/pod.uid', 'csi.storage.k8s.io/serviceAccount.name', 'csi.storage.k8s.io/ephemeral',
    ]);
  });
  it('serviceAccountTokenInSecrets moves the tokens to the secrets from 1.35 (CSIServiceAccountTokenSecrets); before, the field does not exist', () => {
    const spec = { tokenRequests: [{ audience: 'vault' }], serviceAccountTokenInSecrets: true };
    assert.deepEqual(volumeContextKeys(stored(spec, 35)), { volumeContext: [], secrets: ['csi.storage.k8s.io/serviceAccount.tokens'] });
    assert.deepEqual(volumeContextKeys(stored(spec, 34)), { volumeContext: ['csi.storage.k8s.io/serviceAccount.tokens'], secrets: [] });
  });
});

describe('attach and lifecycle (csi_plugin.go skipAttach, supportsVolumeLifecycleMode)', () => {
  it('attachRequired defaults to true: the attach/detach controller creates a VolumeAttachment and waits', () => {
    const [, , attach] = csiConsumerSteps(stored({}), 37);
    assert.equal(attach.actor, 'attach/detach controller');
    assert.match(attach.does, /creates a VolumeAttachment/);
  });
  it('attachRequired: false skips the attach step', () => {
    const attach = csiConsumerSteps(stored({ attachRequired: false }), 37).find((step) => step.fields.includes('attachRequired'));
    assert.match(attach?.does ?? '', /^skips the attach step/);
  });
  it('volumeLifecycleModes default to Persistent: an inline volume is refused', () => {
    const settings = stored({});
    assert.equal(supportsLifecycle(settings, 'Persistent'), true);
    assert.equal(supportsLifecycle(settings, 'Ephemeral'), false);
    assert.match(csiConsumerSteps(settings, 37)[0].does, /inline `csi:` volume of it does not start/);
  });
  it('seLinuxMount is the kubelet\'s business only where SELinuxMountReadWriteOncePod is on (1.28+)', () => {
    assert.equal(stored({ seLinuxMount: true }, 27).seLinuxMount, undefined);
    assert.equal(stored({ seLinuxMount: true }, 28).seLinuxMount, true);
  });
  it('nodeAllocatableUpdatePeriodSeconds is used from 1.35 (MutableCSINodeAllocatableCount on by default)', () => {
    assert.equal(stored({ nodeAllocatableUpdatePeriodSeconds: 60 }, 34).nodeAllocatableUpdatePeriodSeconds, undefined);
    const step = csiConsumerSteps(stored({ nodeAllocatableUpdatePeriodSeconds: 60 }, 35), 35).find((s) => s.fields.includes('nodeAllocatableUpdatePeriodSeconds'));
    assert.match(step?.does ?? '', /every 60 s/);
  });
});
