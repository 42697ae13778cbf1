// validateVolumeSource as the API server runs it on a Job's pod template: one source per volume, and each
// source's own checks. For every code a case that triggers it and a nearby one that does not; release-
// dependent rules at the releases where they change.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MAX_MINOR } from '../../../server/src/service/types';
import { sharedPath, skipUnlessShared } from '../../support/shared';
import { runRules, summary } from './harness';
import { runVolumeCases, V0, VOLUME_FAMILIES, volumeJob, withVolume, type VolumeCase } from './podVolumeCases';

const count: VolumeCase[] = [
  { name: 'a volume without a source: a warning, the server makes it an emptyDir', yaml: withVolume({}), expect: [`pod/volume-source-implicit-empty-dir @ ${V0}`], severity: 'warning', anchor: 'entry' },
  { name: 'emptyDir: {} written out', yaml: withVolume({ emptyDir: {} }), expect: [] },
  { name: 'a misspelt source is the schema check\'s finding alone', yaml: withVolume({ emptyDirr: {} }), expect: [] },
  { name: 'an image volume alone in 1.33: dropped (ImageVolume off), then no source', yaml: withVolume({ image: { reference: 'busybox' } }), minor: 33, expect: [`pod/volume-source-missing @ ${V0}`], anchor: 'entry', words: ['ImageVolume', 'Required value: must specify a volume type'] },
  { name: 'an image volume in 1.35 (ImageVolume on) keeps its source', yaml: withVolume({ image: { reference: 'busybox' } }), minor: 35, expect: [] },
  { name: 'an image volume in 1.30 is an unknown field (the schema check speaks)', yaml: withVolume({ image: { reference: 'busybox' } }), minor: 30, expect: [] },
  { name: 'two sources: the later one is refused', yaml: withVolume({ emptyDir: {}, hostPath: { path: '/data' } }), expect: [`pod/volume-source-multiple @ ${V0}.hostPath`], anchor: 'key', words: ['volumes[0].hostPath: Forbidden: may not specify more than 1 volume type'] },
  { name: 'a second source that 1.33 drops is not counted', yaml: withVolume({ emptyDir: {}, image: { reference: 'busybox' } }), minor: 33, expect: [] },
  { name: 'the same two sources in 1.35 are', yaml: withVolume({ emptyDir: {}, image: { reference: 'busybox' } }), minor: 35, expect: [`pod/volume-source-multiple @ ${V0}.image`] },
  { name: 'only the first source is validated, as by the server', yaml: withVolume({ emptyDir: {}, secret: {} }), expect: [`pod/volume-source-multiple @ ${V0}.secret`] },
];

const required: VolumeCase[] = [
  { name: 'secret without secretName', yaml: withVolume({ secret: {} }), expect: [`pod/volume-field-required @ ${V0}.secret.secretName`], words: ['volumes[0].secret.secretName: Required value'] },
  { name: 'secret with secretName', yaml: withVolume({ secret: { secretName: 'creds' } }), expect: [] },
  { name: 'configMap with an empty name', yaml: withVolume({ configMap: { name: '' } }), expect: [`pod/volume-field-required @ ${V0}.configMap.name`] },
  { name: 'persistentVolumeClaim with an empty claimName', yaml: withVolume({ persistentVolumeClaim: { claimName: '' } }), expect: [`pod/volume-field-required @ ${V0}.persistentVolumeClaim.claimName`] },
  { name: 'a field the schema requires, left out: the schema check\'s finding alone', yaml: withVolume({ persistentVolumeClaim: {} }), expect: [] },
  { name: 'hostPath with an empty path', yaml: withVolume({ hostPath: { path: '' } }), expect: [`pod/volume-field-required @ ${V0}.hostPath.path`] },
  { name: 'gcePersistentDisk printed as persistentDisk', yaml: withVolume({ gcePersistentDisk: { pdName: '' } }), expect: [`pod/volume-field-required @ ${V0}.gcePersistentDisk.pdName`], words: ['volumes[0].persistentDisk.pdName: Required value'] },
  { name: 'rbd with no monitors', yaml: withVolume({ rbd: { monitors: [], image: 'disk' } }), expect: [`pod/volume-field-required @ ${V0}.rbd.monitors`] },
  { name: 'scaleIO without volumeName', yaml: withVolume({ scaleIO: { gateway: 'https://gw', system: 's', secretRef: { name: 'x' } } }), expect: [`pod/volume-field-required @ ${V0}.scaleIO.volumeName`] },
  { name: 'cinder secretRef without a name', yaml: withVolume({ cinder: { volumeID: 'v', secretRef: {} } }), expect: [`pod/volume-field-required @ ${V0}.cinder.secretRef.name`] },
  { name: 'iscsi CHAP without a secret', yaml: withVolume({ iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2001-04.com.example:storage', lun: 0, chapAuthSession: true } }), expect: [`pod/volume-field-required @ ${V0}.iscsi.secretRef`] },
  { name: 'iscsi CHAP with a secret', yaml: withVolume({ iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2001-04.com.example:storage', lun: 0, chapAuthSession: true, secretRef: { name: 'chap' } } }), expect: [] },
  { name: 'flocker without a dataset', yaml: withVolume({ flocker: {} }), expect: [`pod/volume-field-required @ ${V0}.flocker`], words: ['one of datasetName and datasetUUID is required'] },
  { name: 'fc without targets', yaml: withVolume({ fc: {} }), expect: [`pod/volume-field-required @ ${V0}.fc.targetWWNs`] },
  { name: 'fc targets without a lun', yaml: withVolume({ fc: { targetWWNs: ['500a0982991b8dc5'] } }), expect: [`pod/volume-field-required @ ${V0}.fc.targetWWNs`], words: ['fc.lun: Required value: lun is required if targetWWNs is specified'] },
  { name: 'fc wwids alone', yaml: withVolume({ fc: { wwids: ['3600508b400105e210000900000490000'] } }), expect: [] },
  { name: 'quobyte with an empty registry', yaml: withVolume({ quobyte: { registry: '', volume: 'v' } }), expect: [`pod/volume-field-required @ ${V0}.quobyte.registry`] },
  { name: 'csi with an empty driver', yaml: withVolume({ csi: { driver: '' } }), expect: [`pod/volume-field-required @ ${V0}.csi.driver`] },
  { name: 'csi secret reference without a name', yaml: withVolume({ csi: { driver: 'csi.example.com', nodePublishSecretRef: {} } }), expect: [`pod/volume-field-required @ ${V0}.csi.nodePublishSecretRef.name`] },
  { name: 'ephemeral without a claim template', yaml: withVolume({ ephemeral: {} }), expect: [`pod/volume-field-required @ ${V0}.ephemeral.volumeClaimTemplate`] },
  { name: 'downward API item without fieldRef or resourceFieldRef', yaml: withVolume({ downwardAPI: { items: [{ path: 'x' }] } }), expect: [`pod/volume-field-required @ ${V0}.downwardAPI.items[0]`], anchor: 'entry', words: ['volumes[0].downwardAPI: Required value: one of fieldRef and resourceFieldRef is required'] },
  { name: 'resourceFieldRef in a volume without containerName', yaml: withVolume({ downwardAPI: { items: [{ path: 'x', resourceFieldRef: { resource: 'limits.cpu' } }] } }), expect: [`pod/volume-field-required @ ${V0}.downwardAPI.items[0].resourceFieldRef.containerName`] },
  { name: 'resourceFieldRef with containerName', yaml: withVolume({ downwardAPI: { items: [{ path: 'x', resourceFieldRef: { containerName: 'main', resource: 'limits.cpu' } }] } }), expect: [] },
  { name: 'projected secret without a name', yaml: withVolume({ projected: { sources: [{ secret: {} }] } }), expect: [`pod/volume-field-required @ ${V0}.projected.sources[0].secret.name`] },
  { name: 'token projection with an empty path: printed at projected.path', yaml: withVolume({ projected: { sources: [{ serviceAccountToken: { path: '' } }] } }), expect: [`pod/volume-field-required @ ${V0}.projected.sources[0].serviceAccountToken.path`], words: ['volumes[0].projected.path: Required value'] },
];

const paths: VolumeCase[] = [
  { name: 'hostPath with a .. element', yaml: withVolume({ hostPath: { path: '/var/../etc' } }), expect: [`pod/volume-path-backsteps @ ${V0}.hostPath.path`], words: ["Invalid value: \"/var/../etc\": must not contain '..'"] },
  { name: 'hostPath with .. inside a name', yaml: withVolume({ hostPath: { path: '/var/..data' } }), expect: [] },
  { name: 'gitRepo directory absolute (1.32)', yaml: withVolume({ gitRepo: { repository: 'https://example.com/r.git', directory: '/src' } }), minor: 32, expect: [`pod/volume-path-absolute @ ${V0}.gitRepo.directory`], words: ['must be a relative path'] },
  { name: 'gitRepo directory relative (1.32)', yaml: withVolume({ gitRepo: { repository: 'https://example.com/r.git', directory: 'src' } }), minor: 32, expect: [] },
  { name: 'gitRepo from 1.33: accepted, but the kubelet no longer mounts it', yaml: withVolume({ gitRepo: { repository: 'https://example.com/r.git' } }), minor: 33, expect: [`pod/volume-git-repo-disabled @ ${V0}.gitRepo`], severity: 'warning', anchor: 'key', words: ['GitRepoVolumeDriver', 'init container'] },
  { name: 'secret item path starting with ..', yaml: withVolume({ secret: { secretName: 's', items: [{ key: 'k', path: '..data' }] } }), expect: [`pod/volume-path-dot-dot-prefix @ ${V0}.secret.items[0].path`], words: ["must not start with '..'"] },
  { name: 'secret item path ../x: a backstep, not also a .. prefix', yaml: withVolume({ secret: { secretName: 's', items: [{ key: 'k', path: '../x' }] } }), expect: [`pod/volume-path-backsteps @ ${V0}.secret.items[0].path`] },
  { name: 'secret item path with dots inside', yaml: withVolume({ secret: { secretName: 's', items: [{ key: 'k', path: 'conf/..d..' }] } }), expect: [] },
  { name: 'downward API item path absolute: printed without the item index', yaml: withVolume({ downwardAPI: { items: [{ path: '/labels', fieldRef: { fieldPath: 'metadata.labels' } }] } }), expect: [`pod/volume-path-absolute @ ${V0}.downwardAPI.items[0].path`], words: ['volumes[0].downwardAPI.path: Invalid value: "/labels"'] },
  { name: 'token path absolute', yaml: withVolume({ projected: { sources: [{ serviceAccountToken: { path: '/token' } }] } }), expect: [`pod/volume-path-absolute @ ${V0}.projected.sources[0].serviceAccountToken.path`] },
  { name: 'hostPath relative: a warning', yaml: withVolume({ hostPath: { path: 'data' } }), expect: [`pod/volume-host-path-relative @ ${V0}.hostPath.path`], severity: 'warning', words: ['`/data`'] },
  { name: 'hostPath of a Windows node', yaml: withVolume({ hostPath: { path: '\\\\.\\pipe\\docker_engine' } }), expect: [] },
  { name: 'nfs path relative', yaml: withVolume({ nfs: { server: 'nfs.example.com', path: 'exports' } }), expect: [`pod/volume-nfs-path-not-absolute @ ${V0}.nfs.path`], words: ['must be an absolute path'] },
  { name: 'nfs path absolute', yaml: withVolume({ nfs: { server: 'nfs.example.com', path: '/exports' } }), expect: [] },
];

const modes: VolumeCase[] = [
  { name: 'defaultMode 644 in decimal: the octal form was meant', yaml: withVolume({ configMap: { name: 'c', defaultMode: 644 } }), expect: [`pod/volume-file-mode-out-of-range @ ${V0}.configMap.defaultMode`], words: ['`0644`', 'Invalid value: 644: must be a number between 0 and 0777 (octal), both inclusive'] },
  { name: 'defaultMode 511 (0777)', yaml: withVolume({ configMap: { name: 'c', defaultMode: 511 } }), expect: [] },
  { name: 'defaultMode 512', yaml: withVolume({ secret: { secretName: 's', defaultMode: 512 } }), expect: [`pod/volume-file-mode-out-of-range @ ${V0}.secret.defaultMode`] },
  { name: 'item mode -1', yaml: withVolume({ secret: { secretName: 's', items: [{ key: 'k', path: 'p', mode: -1 }] } }), expect: [`pod/volume-file-mode-out-of-range @ ${V0}.secret.items[0].mode`] },
  { name: 'item mode 0', yaml: withVolume({ secret: { secretName: 's', items: [{ key: 'k', path: 'p', mode: 0 }] } }), expect: [] },
  { name: 'projected defaultMode 755', yaml: withVolume({ projected: { defaultMode: 755, sources: [] } }), expect: [`pod/volume-file-mode-out-of-range @ ${V0}.projected.defaultMode`] },
  { name: 'downward API item mode 600', yaml: withVolume({ downwardAPI: { items: [{ path: 'x', fieldRef: { fieldPath: 'metadata.name' }, mode: 600 }] } }), expect: [`pod/volume-file-mode-out-of-range @ ${V0}.downwardAPI.items[0].mode`], words: ['volumes[0].downwardAPI.mode'] },
];

const values: VolumeCase[] = [
  { name: 'hostPath type in the wrong case', yaml: withVolume({ hostPath: { path: '/data', type: 'directory' } }), expect: [`pod/volume-host-path-type-unsupported @ ${V0}.hostPath.type`], words: ['supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"'] },
  { name: 'hostPath type empty (no check)', yaml: withVolume({ hostPath: { path: '/data', type: '' } }), expect: [] },
  { name: 'hostPath type DirectoryOrCreate', yaml: withVolume({ hostPath: { path: '/data', type: 'DirectoryOrCreate' } }), expect: [] },
  { name: 'emptyDir sizeLimit negative', yaml: withVolume({ emptyDir: { sizeLimit: '-1Gi' } }), expect: [`pod/volume-empty-dir-size-limit-negative @ ${V0}.emptyDir.sizeLimit`], words: ['Forbidden: SizeLimit field must be a valid resource quantity'] },
  { name: 'emptyDir sizeLimit 0', yaml: withVolume({ emptyDir: { sizeLimit: '0' } }), expect: [] },
  { name: 'emptyDir sizeLimit malformed', yaml: withVolume({ emptyDir: { sizeLimit: '1 Gi' } }), expect: [`pod/volume-quantity-malformed @ ${V0}.emptyDir.sizeLimit`], words: ['quantities must match the regular expression'] },
  { name: 'emptyDir medium unknown to the kubelet: a warning', yaml: withVolume({ emptyDir: { medium: 'memory' } }), expect: [`pod/volume-empty-dir-medium-unknown @ ${V0}.emptyDir.medium`], severity: 'warning' },
  { name: 'emptyDir medium HugePages-2Mi', yaml: withVolume({ emptyDir: { medium: 'HugePages-2Mi' } }), expect: [] },
  { name: 'gcePersistentDisk partition 256', yaml: withVolume({ gcePersistentDisk: { pdName: 'd', partition: 256 } }), expect: [`pod/volume-partition-out-of-range @ ${V0}.gcePersistentDisk.partition`], words: ['persistentDisk.partition: Invalid value: 256: must be between 1 and 255, inclusive'] },
  { name: 'awsElasticBlockStore partition 255', yaml: withVolume({ awsElasticBlockStore: { volumeID: 'vol-1', partition: 255 } }), expect: [] },
  { name: 'iscsi lun 256', yaml: withVolume({ iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2001-04.com.example:storage', lun: 256 } }), expect: [`pod/volume-lun-out-of-range @ ${V0}.iscsi.lun`], words: ['must be between 0 and 255, inclusive'] },
  { name: 'fc lun -1', yaml: withVolume({ fc: { targetWWNs: ['500a0982991b8dc5'], lun: -1 } }), expect: [`pod/volume-lun-out-of-range @ ${V0}.fc.lun`] },
  { name: 'iscsi iqn in no known form', yaml: withVolume({ iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'storage.example.com', lun: 0 } }), expect: [`pod/volume-iscsi-name-format @ ${V0}.iscsi.iqn`], words: ['must be valid format starting with iqn, eui, or naa'] },
  { name: 'iscsi iqn malformed', yaml: withVolume({ iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2001-4.com.example:storage', lun: 0 } }), expect: [`pod/volume-iscsi-name-format @ ${V0}.iscsi.iqn`], words: ['iqn: Invalid value: "iqn.2001-4.com.example:storage": must be valid format`'] },
  { name: 'iscsi eui name and initiator name', yaml: withVolume({ iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'eui.02004567A425678D', lun: 0, initiatorName: 'iqn.1994-05.com.redhat:client' } }), expect: [] },
  { name: 'iscsi initiator name malformed: printed as initiatorname', yaml: withVolume({ iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'eui.02004567A425678D', lun: 0, initiatorName: 'naa.123' } }), expect: [`pod/volume-iscsi-name-format @ ${V0}.iscsi.initiatorName`], words: ['iscsi.initiatorname: Invalid value: "naa.123": must be valid format'] },
  { name: 'iscsi initiator name with a volume name and portal of 65 characters', yaml: volumeJob({ volumes: [{ name: 'd'.repeat(51), iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'eui.02004567A425678D', lun: 0, initiatorName: 'iqn.1994-05.com.redhat:client' } }] }), expect: [`pod/volume-iscsi-target-too-long @ ${V0}.name`] },
  { name: 'the same with 64 characters', yaml: volumeJob({ volumes: [{ name: 'd'.repeat(50), iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'eui.02004567A425678D', lun: 0, initiatorName: 'iqn.1994-05.com.redhat:client' } }] }), expect: [] },
  { name: 'the longer name without an initiator name', yaml: volumeJob({ volumes: [{ name: 'd'.repeat(51), iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'eui.02004567A425678D', lun: 0 } }] }), expect: [] },
  { name: 'fc with targets and wwids', yaml: withVolume({ fc: { targetWWNs: ['500a0982991b8dc5'], lun: 1, wwids: ['3600508b400105e210000900000490000'] } }), expect: [`pod/volume-fc-targets-conflict @ ${V0}.fc.wwids`], anchor: 'key', words: ['fc.targetWWNs: Invalid value: []string{"500a0982991b8dc5"}: targetWWNs and wwids can not be specified simultaneously'] },
  { name: 'flocker with both dataset fields', yaml: withVolume({ flocker: { datasetName: 'd', datasetUUID: 'u' } }), expect: [`pod/volume-flocker-dataset-invalid @ ${V0}.flocker.datasetUUID`] },
  { name: 'flocker dataset name with a slash', yaml: withVolume({ flocker: { datasetName: 'a/b' } }), expect: [`pod/volume-flocker-dataset-invalid @ ${V0}.flocker.datasetName`] },
  { name: 'quobyte registry without a port', yaml: withVolume({ quobyte: { registry: 'registry.example.com', volume: 'v' } }), expect: [`pod/volume-quobyte-registry-invalid @ ${V0}.quobyte.registry`] },
  { name: 'quobyte registries with ports, IPv6 in brackets', yaml: withVolume({ quobyte: { registry: 'a.example.com:7861,[::1]:7861', volume: 'v' } }), expect: [] },
  { name: 'quobyte tenant of 65 characters', yaml: withVolume({ quobyte: { registry: 'a:1', volume: 'v', tenant: 't'.repeat(65) } }), expect: [`pod/volume-quobyte-tenant-too-long @ ${V0}.quobyte.tenant`] },
  { name: 'quobyte tenant of 64 characters', yaml: withVolume({ quobyte: { registry: 'a:1', volume: 'v', tenant: 't'.repeat(64) } }), expect: [] },
  { name: 'flexVolume option in the kubernetes.io namespace', yaml: withVolume({ flexVolume: { driver: 'example/lvm', options: { 'kubernetes.io/size': '1' } } }), expect: [`pod/volume-flex-option-reserved @ ${V0}.flexVolume.options.kubernetes.io/size`], anchor: 'key', words: ['flexVolume.options[kubernetes.io/size]: Invalid value'] },
  { name: 'flexVolume option in a namespace of its own', yaml: withVolume({ flexVolume: { driver: 'example/lvm', options: { 'example.com/size': '1', size: '2' } } }), expect: [] },
  { name: 'azureDisk caching mode in the wrong case', yaml: withVolume({ azureDisk: { diskName: 'd', diskURI: 'https://a.blob.core.windows.net/c/d.vhd', cachingMode: 'none' } }), expect: [`pod/volume-azure-disk-caching-mode-unsupported @ ${V0}.azureDisk.cachingMode`] },
  { name: 'azureDisk kind unknown', yaml: withVolume({ azureDisk: { diskName: 'd', diskURI: 'https://a.blob.core.windows.net/c/d.vhd', kind: 'Blob' } }), expect: [`pod/volume-azure-disk-kind-unsupported @ ${V0}.azureDisk.kind`] },
  { name: 'azureDisk managed URI without kind: Managed (kind defaults to Shared)', yaml: withVolume({ azureDisk: { diskName: 'd', diskURI: '/subscriptions/s/resourcegroups/g/providers/microsoft.compute/disks/d' } }), expect: [`pod/volume-azure-disk-uri-invalid @ ${V0}.azureDisk.diskURI`], words: ['defaults to `Shared`'] },
  { name: 'azureDisk managed URI with kind: Managed', yaml: withVolume({ azureDisk: { diskName: 'd', diskURI: '/subscriptions/s/resourcegroups/g/providers/microsoft.compute/disks/d', kind: 'Managed' } }), expect: [] },
  { name: 'storageos volume name not a DNS label', yaml: withVolume({ storageos: { volumeName: 'Data_1' } }), expect: [`pod/volume-storageos-name-invalid @ ${V0}.storageos.volumeName`] },
  { name: 'storageos volume name and namespace', yaml: withVolume({ storageos: { volumeName: 'data-1', volumeNamespace: 'team-a' } }), expect: [] },
  { name: 'csi driver with an underscore', yaml: withVolume({ csi: { driver: 'csi_driver.example.com' } }), expect: [`pod/volume-csi-driver-invalid @ ${V0}.csi.driver`] },
  { name: 'csi driver in upper case (checked in lower case)', yaml: withVolume({ csi: { driver: 'CSI.Example.com' } }), expect: [] },
  { name: 'csi driver of 64 characters', yaml: withVolume({ csi: { driver: `${'a'.repeat(60)}.com` } }), expect: [`pod/volume-csi-driver-invalid @ ${V0}.csi.driver`], words: ['Too long: may not be more than 63 bytes'] },
  { name: 'csi secret name not a Secret name: printed at csi.name', yaml: withVolume({ csi: { driver: 'csi.example.com', nodePublishSecretRef: { name: 'Creds' } } }), expect: [`pod/volume-csi-secret-name-invalid @ ${V0}.csi.nodePublishSecretRef.name`], words: ['volumes[0].csi.name: Invalid value: "Creds"'] },
  { name: 'image pull policy in the wrong case (1.35)', yaml: withVolume({ image: { reference: 'busybox', pullPolicy: 'always' } }), minor: 35, expect: [`pod/volume-image-pull-policy-unsupported @ ${V0}.image.pullPolicy`] },
  { name: 'image pull policy in 1.34: the image source is dropped, nothing to check', yaml: withVolume({ image: { reference: 'busybox', pullPolicy: 'always' } }), minor: 34, expect: [`pod/volume-source-missing @ ${V0}`] },
  { name: 'image without reference in 1.36: accepted in a template', yaml: withVolume({ image: {} }), minor: 36, expect: [] },
  { name: 'image without reference in 1.37: refused in a template too', yaml: withVolume({ image: {} }), minor: 37, expect: [`pod/volume-image-reference-required @ ${V0}.image.reference`], words: ['volumes[0].image.reference: Required value'] },
  { name: 'image with reference in 1.37', yaml: withVolume({ image: { reference: 'quay.io/example/data:1.0' } }), minor: 37, expect: [] },
];

const downward: VolumeCase[] = [
  { name: 'fieldRef to a field only env can read', yaml: withVolume({ downwardAPI: { items: [{ path: 'node', fieldRef: { fieldPath: 'spec.nodeName' } }] } }), expect: [`pod/volume-downward-api-field-path-unsupported @ ${V0}.downwardAPI.items[0].fieldRef.fieldPath`], words: ['downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"'] },
  { name: 'fieldRef to an unknown field', yaml: withVolume({ downwardAPI: { items: [{ path: 'name', fieldRef: { fieldPath: 'metadata.nmae' } }] } }), expect: [`pod/volume-downward-api-field-path-unsupported @ ${V0}.downwardAPI.items[0].fieldRef.fieldPath`], words: ['error converting fieldPath: field label not supported: metadata.nmae'] },
  { name: 'fieldRef with a subscript on a field without keys', yaml: withVolume({ downwardAPI: { items: [{ path: 'name', fieldRef: { fieldPath: "metadata.name['x']" } }] } }), expect: [`pod/volume-downward-api-field-path-unsupported @ ${V0}.downwardAPI.items[0].fieldRef.fieldPath`], words: ['field label does not support subscript'] },
  { name: 'fieldRef to one label', yaml: withVolume({ downwardAPI: { items: [{ path: 'app', fieldRef: { fieldPath: "metadata.labels['app.kubernetes.io/name']" } }, { path: 'uid', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.uid' } }] } }), expect: [] },
  { name: 'fieldRef to a label with an invalid key', yaml: withVolume({ downwardAPI: { items: [{ path: 'app', fieldRef: { fieldPath: "metadata.labels['bad key']" } }] } }), expect: [`pod/volume-downward-api-subscript-invalid @ ${V0}.downwardAPI.items[0].fieldRef.fieldPath`], words: ['downwardAPI.fieldRef: Invalid value: "bad key"'] },
  { name: 'annotation keys are checked in lower case', yaml: withVolume({ downwardAPI: { items: [{ path: 'a', fieldRef: { fieldPath: "metadata.annotations['Example.COM/Key']" } }] } }), expect: [] },
  { name: 'fieldRef apiVersion v2', yaml: withVolume({ downwardAPI: { items: [{ path: 'name', fieldRef: { apiVersion: 'v2', fieldPath: 'metadata.name' } }] } }), expect: [`pod/volume-downward-api-version-unsupported @ ${V0}.downwardAPI.items[0].fieldRef.apiVersion`], words: ['unsupported pod version: v2'] },
  { name: 'resourceFieldRef to an unknown resource', yaml: withVolume({ downwardAPI: { items: [{ path: 'gpu', resourceFieldRef: { containerName: 'main', resource: 'limits.nvidia.com/gpu' } }] } }), expect: [`pod/volume-downward-api-resource-unsupported @ ${V0}.downwardAPI.items[0].resourceFieldRef.resource`] },
  { name: 'resourceFieldRef to hugepages', yaml: withVolume({ downwardAPI: { items: [{ path: 'hp', resourceFieldRef: { containerName: 'main', resource: 'limits.hugepages-2Mi', divisor: '1Mi' } }] } }), expect: [] },
  { name: 'cpu divisor 2', yaml: withVolume({ downwardAPI: { items: [{ path: 'cpu', resourceFieldRef: { containerName: 'main', resource: 'limits.cpu', divisor: 2 } }] } }), expect: [`pod/volume-downward-api-divisor-unsupported @ ${V0}.downwardAPI.items[0].resourceFieldRef.divisor`], words: ["downwardAPI.resourceFieldRef.divisor: Invalid value: \"limits.cpu\": only divisor's values 1m and 1 are supported with the cpu resource"] },
  { name: 'cpu divisor 1m, memory divisor 1Mi', yaml: withVolume({ downwardAPI: { items: [{ path: 'cpu', resourceFieldRef: { containerName: 'main', resource: 'limits.cpu', divisor: '1m' } }, { path: 'mem', resourceFieldRef: { containerName: 'main', resource: 'requests.memory', divisor: '1Mi' } }] } }), expect: [] },
  { name: 'memory divisor 3', yaml: withVolume({ downwardAPI: { items: [{ path: 'mem', resourceFieldRef: { containerName: 'main', resource: 'requests.memory', divisor: '3' } }] } }), expect: [`pod/volume-downward-api-divisor-unsupported @ ${V0}.downwardAPI.items[0].resourceFieldRef.divisor`] },
  { name: 'fieldRef and resourceFieldRef together', yaml: withVolume({ downwardAPI: { items: [{ path: 'x', fieldRef: { fieldPath: 'metadata.name' }, resourceFieldRef: { containerName: 'main', resource: 'limits.cpu' } }] } }), expect: [`pod/volume-downward-api-refs-conflict @ ${V0}.downwardAPI.items[0].resourceFieldRef`], anchor: 'key' },
];

const projected: VolumeCase[] = [
  { name: 'two projections in one source entry', yaml: withVolume({ projected: { sources: [{ secret: { name: 's' }, configMap: { name: 'c' } }] } }), expect: [`pod/volume-projection-multiple @ ${V0}.projected.sources[0].configMap`], anchor: 'key', words: ['projected.sources[0]: Forbidden: may not specify more than 1 volume type per source'] },
  { name: 'one projection per entry', yaml: withVolume({ projected: { sources: [{ secret: { name: 's' } }, { configMap: { name: 'c' } }, { downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }] } }, { serviceAccountToken: { path: 'token', audience: 'vault' } }] } }), expect: [] },
  { name: 'clusterTrustBundle next to a secret is dropped (gate off), not counted', yaml: withVolume({ projected: { sources: [{ secret: { name: 's' }, clusterTrustBundle: { signerName: 'example.com/x', path: 'ca.pem' } }] } }), expect: [] },
  { name: 'two projections write the same path', yaml: withVolume({ projected: { sources: [{ secret: { name: 's', items: [{ key: 'a', path: 'conf' }] } }, { configMap: { name: 'c', items: [{ key: 'b', path: 'conf' }] } }] } }), expect: [`pod/volume-projection-path-duplicate @ ${V0}.projected.sources[1].configMap.items[0].path`], words: ['volumes[0].projected: Invalid value: "c": conflicting duplicate paths'] },
  { name: 'distinct paths', yaml: withVolume({ projected: { sources: [{ secret: { name: 's', items: [{ key: 'a', path: 'conf' }] } }, { configMap: { name: 'c', items: [{ key: 'b', path: 'conf2' }] } }] } }), expect: [] },
  { name: 'token lifetime 599 seconds', yaml: withVolume({ projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 599 } }] } }), expect: [`pod/volume-token-expiration-out-of-range @ ${V0}.projected.sources[0].serviceAccountToken.expirationSeconds`], words: ['may not specify a duration less than 10 minutes'] },
  { name: 'token lifetime 600 seconds', yaml: withVolume({ projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 600 } }] } }), expect: [] },
  { name: 'token lifetime 2^32', yaml: withVolume({ projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 2 ** 32 } }] } }), expect: [] },
  { name: 'token lifetime 2^32 + 1', yaml: withVolume({ projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 2 ** 32 + 1 } }] } }), expect: [`pod/volume-token-expiration-out-of-range @ ${V0}.projected.sources[0].serviceAccountToken.expirationSeconds`], words: ['larger than 2^32 seconds'] },
];

const CLAIM = `${V0}.ephemeral.volumeClaimTemplate`;
const claim = (spec: { [key: string]: unknown }, metadata?: { [key: string]: unknown }) =>
  withVolume({ ephemeral: { volumeClaimTemplate: JSON.parse(JSON.stringify({ ...(metadata ? { metadata } : {}), spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec } })) } });

const ephemeral: VolumeCase[] = [
  { name: 'a valid claim template', yaml: claim({ storageClassName: 'fast-ssd' }, { labels: { app: 'demo' } }), expect: [] },
  { name: 'a name in the claim template metadata', yaml: claim({}, { name: 'scratch' }), expect: [`pod/volume-claim-template-metadata-forbidden @ ${CLAIM}.metadata.name`], anchor: 'key', words: ['volumeClaimTemplate.metadata.name: Forbidden: cannot be set'] },
  { name: 'uid is printed as the server names the Go field', yaml: claim({}, { uid: 'x' }), expect: [`pod/volume-claim-template-metadata-forbidden @ ${CLAIM}.metadata.uid`], words: ['metadata.uID: Forbidden'] },
  { name: 'an invalid label', yaml: claim({}, { labels: { 'bad key': 'x' } }), expect: [`pod/volume-claim-template-label-invalid @ ${CLAIM}.metadata.labels[bad key]`] },
  { name: 'an invalid annotation key', yaml: claim({}, { annotations: { 'a b': 'x' } }), expect: [`pod/volume-claim-template-annotation-invalid @ ${CLAIM}.metadata.annotations[a b]`] },
  { name: 'no access modes', yaml: claim({ accessModes: [] }), expect: [`pod/volume-claim-access-modes-required @ ${CLAIM}.spec.accessModes`], words: ['at least 1 access mode is required'] },
  { name: 'an access mode in the wrong case', yaml: claim({ accessModes: ['readwriteonce'] }), expect: [`pod/volume-claim-access-mode-unsupported @ ${CLAIM}.spec.accessModes[0]`], words: ['spec.accessModes: Unsupported value: "readwriteonce": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"'] },
  { name: 'ReadWriteOncePod in 1.26 (gate off)', yaml: claim({ accessModes: ['ReadWriteOncePod'] }), minor: 26, expect: [`pod/volume-claim-access-mode-unsupported @ ${CLAIM}.spec.accessModes[0]`], words: ['off by default before Kubernetes 1.27'] },
  { name: 'ReadWriteOncePod in 1.27', yaml: claim({ accessModes: ['ReadWriteOncePod'] }), minor: 27, expect: [] },
  { name: 'ReadWriteOncePod with another mode', yaml: claim({ accessModes: ['ReadWriteOncePod', 'ReadWriteOnce'] }), expect: [`pod/volume-claim-access-mode-read-write-once-pod-alone @ ${CLAIM}.spec.accessModes`] },
  { name: 'no storage request', yaml: claim({ resources: { limits: { storage: '1Gi' } } }), expect: [`pod/volume-claim-storage-required @ ${CLAIM}.spec.resources`], anchor: 'key', words: ['volumeClaimTemplate.spec.resources[storage]: Required value'] },
  { name: 'a storage request of 0', yaml: claim({ resources: { requests: { storage: 0 } } }), expect: [`pod/volume-claim-storage-not-positive @ ${CLAIM}.spec.resources.requests[storage]`], words: ['resources[storage]: Invalid value: "0": must be greater than zero'] },
  { name: 'a storage request malformed', yaml: claim({ resources: { requests: { storage: '1 Gi' } } }), expect: [`pod/volume-quantity-malformed @ ${CLAIM}.spec.resources.requests[storage]`] },
  { name: 'a storage class name with an underscore', yaml: claim({ storageClassName: 'fast_ssd' }), expect: [`pod/volume-claim-class-name-invalid @ ${CLAIM}.spec.storageClassName`] },
  { name: 'volumeAttributesClassName checked from 1.34', yaml: claim({ volumeAttributesClassName: 'Gold' }), minor: 34, expect: [`pod/volume-claim-class-name-invalid @ ${CLAIM}.spec.volumeAttributesClassName`] },
  { name: 'volumeAttributesClassName not checked in 1.33 (gate off)', yaml: claim({ volumeAttributesClassName: 'Gold' }), minor: 33, expect: [] },
  { name: 'volumeMode in the wrong case', yaml: claim({ volumeMode: 'block' }), expect: [`pod/volume-claim-volume-mode-unsupported @ ${CLAIM}.spec.volumeMode`] },
  { name: 'volumeMode Block', yaml: claim({ volumeMode: 'Block' }), expect: [] },
  { name: 'a snapshot data source without its API group', yaml: claim({ dataSource: { kind: 'VolumeSnapshot', name: 'snap' } }), expect: [`pod/volume-claim-data-source-invalid @ ${CLAIM}.spec.dataSource.kind`], words: ["must be 'PersistentVolumeClaim' when referencing the default apiGroup"] },
  { name: 'a snapshot data source with its API group', yaml: claim({ dataSource: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' } }), expect: [] },
  { name: 'an API group with a version, from 1.32', yaml: claim({ dataSourceRef: { apiGroup: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshot', name: 'snap' } }), minor: 32, expect: [`pod/volume-claim-data-source-invalid @ ${CLAIM}.spec.dataSourceRef.apiGroup`] },
  { name: 'dataSource and dataSourceRef that disagree', yaml: claim({ dataSource: { kind: 'PersistentVolumeClaim', name: 'a' }, dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'b' } }), expect: [`pod/volume-claim-data-source-invalid @ ${CLAIM}.spec.dataSource`], words: ['must match dataSourceRef'] },
  { name: 'dataSource and dataSourceRef that agree', yaml: claim({ dataSource: { kind: 'PersistentVolumeClaim', name: 'a' }, dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'a' } }), expect: [] },
  { name: 'a selector with a bad operator', yaml: claim({ selector: { matchExpressions: [{ key: 'tier', operator: 'in', values: ['a'] }] } }), expect: [`pod/volume-claim-selector-invalid @ ${CLAIM}.spec.selector.matchExpressions[0].operator`], words: ['not a valid selector operator'] },
  { name: 'a valid selector', yaml: claim({ selector: { matchLabels: { tier: 'gold' } } }), expect: [] },
];

runVolumeCases([
  ['volume sources: one per volume', count],
  ['volume sources: required fields', required],
  ['volume sources: paths inside and outside volumes', paths],
  ['volume sources: file modes', modes],
  ['volume sources: values the server checks', values],
  ['volume sources: downward API files', downward],
  ['volume sources: projected volumes', projected],
  ['volume sources: ephemeral volume claim templates', ephemeral],
]);

describe('volume sources: robustness', () => {
  it('values of the wrong type are skipped silently', () => {
    const yaml = volumeJob({ volumes: [{ name: 'a', secret: 'x' }, { name: 'b', projected: { sources: 'x' } }, { name: 'c', downwardAPI: { items: [7] } }, { name: 'd', hostPath: { path: 5, type: 1 } }, 3] });
    assert.deepEqual(runRules(VOLUME_FAMILIES, yaml), []);
  });

  it('every code is declared once, with its Kubernetes function and a link', () => {
    const codes = VOLUME_FAMILIES.flatMap((rule) => rule.codes);
    assert.equal(new Set(codes.map((code) => code.code)).size, codes.length);
    for (const code of codes) assert.ok(/^pod\/volume-/.test(code.code) && code.title && code.mirrors && code.href, code.code);
  });
});

const CORPUS = sharedPath('corpus', 'real');

describe('volume families on the real-world corpus', { skip: skipUnlessShared('volume families on the real-world corpus', 'corpus', 'real') }, () => {
  it(`finds no error in any Job the API server accepts, at every release 1.26 to 1.${MAX_MINOR}`, () => {
    const dirs = [join(CORPUS, 'job'), join(CORPUS, 'job', 'other-apigroup')];
    const files = dirs.flatMap((dir) => readdirSync(dir).filter((name) => /\.ya?ml$/.test(name)).map((name) => join(dir, name)));
    const errors: string[] = [];
    for (const file of files) {
      for (const text of readFileSync(file, 'utf8').split(/^---\s*$/m)) {
        if (!/kind:\s*Job\b/.test(text) || !/apiVersion:\s*batch\/v1\b/.test(text)) continue;
        for (let minor = 26; minor <= MAX_MINOR; minor++) {
          let findings;
          try {
            findings = runRules(VOLUME_FAMILIES, text, minor);
          } catch {
            continue; // documents the harness cannot read as one mapping (lists, templates) are covered by the corpus suite
          }
          errors.push(...summary(findings.filter((finding) => finding.severity === 'error')).map((line) => `1.${minor} ${file.split('/').pop()}: ${line}`));
        }
      }
    }
    assert.deepEqual(errors, []);
    assert.ok(files.length > 50);
  });
});

