// Well-known CSI drivers and the volume lifecycle modes their published CSIDriver objects list, for a Pod
// whose driver has no CSIDriver in the workspace. These are assumptions about what the cluster runs (an
// install can differ), so what the relation checks say from this table says "assumed" and is a hint.
// Source: each driver's own deployment manifest (the CSIDriver it ships), as in ../shared/corpus/real/csidriver
// and the reports of the issue (csi-driver-nfs#716, linstor-csi#156).

export interface KnownDriver {
  modes: readonly ('Persistent' | 'Ephemeral')[];
  /** Where the modes were read. */
  source: string;
}

const PERSISTENT = ['Persistent'] as const;
const BOTH = ['Persistent', 'Ephemeral'] as const;
const EPHEMERAL = ['Ephemeral'] as const;

export const KNOWN_DRIVERS: Readonly<Record<string, KnownDriver>> = {
  'ebs.csi.aws.com': { modes: PERSISTENT, source: 'kubernetes-sigs/aws-ebs-csi-driver deploy/kubernetes/base/csidriver.yaml' },
  'efs.csi.aws.com': { modes: PERSISTENT, source: 'kubernetes-sigs/aws-efs-csi-driver deploy/kubernetes/base/csidriver.yaml' },
  'fsx.csi.aws.com': { modes: PERSISTENT, source: 'kubernetes-sigs/aws-fsx-csi-driver deploy/kubernetes/base/csidriver.yaml' },
  'pd.csi.storage.gke.io': { modes: PERSISTENT, source: 'kubernetes-sigs/gcp-compute-persistent-disk-csi-driver deploy/kubernetes/base/controller/v1/csidriver.yaml' },
  'gcsfuse.csi.storage.gke.io': { modes: BOTH, source: 'GoogleCloudPlatform/gcs-fuse-csi-driver deploy/base/setup/csi_driver.yaml' },
  'disk.csi.azure.com': { modes: PERSISTENT, source: 'kubernetes-sigs/azuredisk-csi-driver deploy/csi-azuredisk-driver.yaml' },
  'file.csi.azure.com': { modes: BOTH, source: 'kubernetes-sigs/azurefile-csi-driver deploy/csi-azurefile-driver.yaml' },
  'blob.csi.azure.com': { modes: BOTH, source: 'kubernetes-sigs/blob-csi-driver deploy/csi-blob-driver.yaml' },
  'nfs.csi.k8s.io': { modes: PERSISTENT, source: 'kubernetes-csi/csi-driver-nfs deploy/csi-nfs-driverinfo.yaml' },
  'smb.csi.k8s.io': { modes: BOTH, source: 'kubernetes-csi/csi-driver-smb deploy/csi-smb-driver.yaml' },
  'iscsi.csi.k8s.io': { modes: BOTH, source: 'kubernetes-csi/csi-driver-iscsi deploy/csi-iscsi-driverinfo.yaml' },
  'hostpath.csi.k8s.io': { modes: BOTH, source: 'kubernetes-csi/csi-driver-host-path deploy/kubernetes-*/hostpath/csi-hostpath-driverinfo.yaml' },
  'secrets-store.csi.k8s.io': { modes: EPHEMERAL, source: 'kubernetes-sigs/secrets-store-csi-driver deploy/csidriver.yaml' },
  'csi.spiffe.io': { modes: EPHEMERAL, source: 'spiffe/spiffe-csi example/config/spiffe-csi-driver.yaml' },
  'cephfs.csi.ceph.com': { modes: PERSISTENT, source: 'ceph/ceph-csi deploy/cephfs/kubernetes/csidriver.yaml' },
  'rbd.csi.ceph.com': { modes: PERSISTENT, source: 'ceph/ceph-csi deploy/rbd/kubernetes/csidriver.yaml' },
  'nfs.csi.ceph.com': { modes: PERSISTENT, source: 'ceph/ceph-csi deploy/nfs/kubernetes/csidriver.yaml' },
  'cinder.csi.openstack.org': { modes: BOTH, source: 'kubernetes/cloud-provider-openstack manifests/cinder-csi-plugin/csi-cinder-driver.yaml' },
  'pmem-csi.intel.com': { modes: BOTH, source: 'intel/pmem-csi deploy/kustomize/*/driverinfo-beta.yaml' },
  'linstor.csi.linbit.com': { modes: PERSISTENT, source: 'piraeusdatastore/linstor-csi (linstor-csi#156: "only supports [Persistent]")' },
};

/** Whether a name is a driver many clusters run (two such names are two drivers, not a typo of one another). */
export function isWellKnownDriver(name: string): boolean {
  return name in KNOWN_DRIVERS;
}
