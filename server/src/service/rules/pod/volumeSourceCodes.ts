// The codes of the volume-source family (validateVolumeSources.ts and the helpers it calls), with the
// Kubernetes function each mirrors, and the little reporter they share.
import { formatFieldPath, type Anchor, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { HREF, serverError, serverSays, type ServerErrorType } from '../meta/report';
import { report } from '../shared';

const VOLUME_HREF = {
  volumes: HREF.volumes,
  hostPath: 'https://kubernetes.io/docs/concepts/storage/volumes/#hostpath',
  emptyDir: 'https://kubernetes.io/docs/concepts/storage/volumes/#emptydir',
  projected: 'https://kubernetes.io/docs/concepts/storage/projected-volumes/',
  downwardApi: 'https://kubernetes.io/docs/concepts/workloads/pods/downward-api/',
  configMapItems: 'https://kubernetes.io/docs/concepts/configuration/configmap/#configmaps-and-pods',
  ephemeral: 'https://kubernetes.io/docs/concepts/storage/ephemeral-volumes/#generic-ephemeral-volumes',
  accessModes: 'https://kubernetes.io/docs/concepts/storage/persistent-volumes/#access-modes',
  csiEphemeral: 'https://kubernetes.io/docs/concepts/storage/ephemeral-volumes/#csi-ephemeral-volumes',
  image: 'https://kubernetes.io/docs/concepts/storage/volumes/#image',
  quantity: HREF.quantity,
} as const;

const code = (name: string, title: string, mirrors: string, href: string = VOLUME_HREF.volumes, severity: RuleCode['severity'] = 'error'): RuleCode =>
  ({ code: `pod/volume-${name}`, severity, title, mirrors, href });

export const SOURCE_CODES = {
  fieldRequired: code('field-required', 'A field a volume source needs may not be empty', 'validateVolumeSource (the validate...VolumeSource function of each source)'),
  pathAbsolute: code('path-absolute', 'Paths inside a volume must be relative', 'validateLocalDescendingPath'),
  pathBacksteps: code('path-backsteps', "Volume paths may not contain a '..' element", 'validatePathNoBacksteps'),
  pathDotDotPrefix: code('path-dot-dot-prefix', "File paths inside a volume may not start with '..'", 'ValidateLocalNonReservedPath'),
  fileModeOutOfRange: code('file-mode-out-of-range', 'File modes must be between 0 and 0777 (octal)', 'validateKeyToPath, validateDownwardAPIVolumeFile, validate{Secret,ConfigMap,DownwardAPI,Projected}VolumeSource (defaultMode)'),
  gitRepoDisabled: code('git-repo-disabled', 'gitRepo volumes are accepted but the kubelet no longer mounts them (disabled by default from 1.33)', '- (kubelet, GitRepoVolumeDriver gate)', 'https://kubernetes.io/docs/concepts/storage/volumes/#gitrepo', 'warning'),
  hostPathType: code('host-path-type-unsupported', 'hostPath.type must be one of the host path types', 'validateHostPathType', VOLUME_HREF.hostPath),
  hostPathRelative: code('host-path-relative', 'A relative hostPath path is accepted but not resolved against anything you control', '- (kubelet)', VOLUME_HREF.hostPath, 'warning'),
  sizeLimitNegative: code('empty-dir-size-limit-negative', 'emptyDir.sizeLimit may not be negative', 'validateVolumeSource', VOLUME_HREF.emptyDir),
  mediumUnknown: code('empty-dir-medium-unknown', 'emptyDir.medium is accepted by the API server but the kubelet knows only "", Memory and HugePages[-<size>]', '- (kubelet emptyDir plugin)', VOLUME_HREF.emptyDir, 'warning'),
  quantityMalformed: code('quantity-malformed', 'Quantities in volumes must be well formed', 'resource.ParseQuantity (request decoding)', VOLUME_HREF.quantity),
  nfsPathRelative: code('nfs-path-not-absolute', 'nfs.path must be an absolute path', 'validateNFSVolumeSource'),
  partitionRange: code('partition-out-of-range', 'Disk partitions must be between 0 and 255', 'validateGCEPersistentDiskVolumeSource, validateAWSElasticBlockStoreVolumeSource'),
  lunRange: code('lun-out-of-range', 'LUNs must be between 0 and 255', 'validateISCSIVolumeSource, validateFCVolumeSource'),
  iscsiNameFormat: code('iscsi-name-format', 'iSCSI qualified names must be iqn, eui or naa names', 'validateISCSIVolumeSource'),
  iscsiTargetTooLong: code('iscsi-target-too-long', 'With iscsi.initiatorName, "<volume name>:<targetPortal>" must be at most 64 characters', 'validateVolumeSource'),
  fcTargetsConflict: code('fc-targets-conflict', 'fc takes targetWWNs or wwids, not both', 'validateFCVolumeSource'),
  flockerDataset: code('flocker-dataset-invalid', 'flocker takes one of datasetName and datasetUUID, and the name has no "/"', 'validateFlockerVolumeSource'),
  quobyteRegistry: code('quobyte-registry-invalid', 'quobyte.registry must be host:port pairs separated by commas', 'validateQuobyteVolumeSource'),
  quobyteTenant: code('quobyte-tenant-too-long', 'quobyte.tenant may have at most 64 characters', 'validateQuobyteVolumeSource'),
  flexOptionReserved: code('flex-option-reserved', 'flexVolume option keys may not use the kubernetes.io or k8s.io namespaces', 'validateFlexVolumeSource'),
  azureCachingMode: code('azure-disk-caching-mode-unsupported', 'azureDisk.cachingMode must be None, ReadOnly or ReadWrite', 'validateAzureDisk'),
  azureKind: code('azure-disk-kind-unsupported', 'azureDisk.kind must be Shared, Dedicated or Managed', 'validateAzureDisk'),
  azureDiskUri: code('azure-disk-uri-invalid', 'azureDisk.diskURI must have the form its kind needs', 'validateAzureDisk'),
  storageosName: code('storageos-name-invalid', 'storageos volume names and namespaces must be DNS-1123 labels', 'validateStorageOSVolumeSource'),
  csiDriver: code('csi-driver-invalid', 'csi.driver must be a DNS subdomain of at most 63 characters', 'ValidateCSIDriverName', VOLUME_HREF.csiEphemeral),
  csiSecretName: code('csi-secret-name-invalid', 'csi.nodePublishSecretRef.name must be a Secret name', 'validateCSIVolumeSource', VOLUME_HREF.csiEphemeral),
  projectionMultiple: code('projection-multiple', 'Each projected source holds exactly one projection', 'validateProjectionSources', VOLUME_HREF.projected),
  projectionPathDuplicate: code('projection-path-duplicate', 'Two projections of one volume may not write the same path', 'validateProjectionSources', VOLUME_HREF.projected),
  tokenExpiration: code('token-expiration-out-of-range', 'serviceAccountToken.expirationSeconds must be from 600 (10 minutes) to 2^32', 'validateProjectionSources', VOLUME_HREF.projected),
  downwardFieldPath: code('downward-api-field-path-unsupported', 'A downward API volume file can only expose metadata.name, namespace, uid, labels and annotations', 'validateObjectFieldSelector (validVolumeDownwardAPIFieldPathExpressions)', VOLUME_HREF.downwardApi),
  downwardVersion: code('downward-api-version-unsupported', 'fieldRef.apiVersion must be v1', 'validateObjectFieldSelector (ConvertDownwardAPIFieldLabel)', VOLUME_HREF.downwardApi),
  downwardSubscript: code('downward-api-subscript-invalid', "The key in metadata.labels['...'] or metadata.annotations['...'] must be a label key", 'validateObjectFieldSelector', VOLUME_HREF.downwardApi),
  downwardResource: code('downward-api-resource-unsupported', 'resourceFieldRef.resource must be a limit or request of cpu, memory, ephemeral-storage or hugepages', 'validateContainerResourceFieldSelector', VOLUME_HREF.downwardApi),
  downwardDivisor: code('downward-api-divisor-unsupported', "resourceFieldRef.divisor must be 1 or 1m for cpu, a power of 1000 or 1024 for the others", 'validateContainerResourceDivisor', VOLUME_HREF.downwardApi),
  downwardRefsConflict: code('downward-api-refs-conflict', 'A downward API volume file takes fieldRef or resourceFieldRef, not both', 'validateDownwardAPIVolumeFile', VOLUME_HREF.downwardApi),
  claimMetadataForbidden: code('claim-template-metadata-forbidden', 'A volume claim template may only have labels and annotations in its metadata', 'ValidateTemplateObjectMeta', VOLUME_HREF.ephemeral),
  claimLabelInvalid: code('claim-template-label-invalid', 'Volume claim template labels must be valid labels', 'ValidateTemplateObjectMeta (ValidateLabels)', VOLUME_HREF.ephemeral),
  claimAnnotationInvalid: code('claim-template-annotation-invalid', 'Volume claim template annotations must be valid annotations', 'ValidateTemplateObjectMeta (ValidateAnnotations)', VOLUME_HREF.ephemeral),
  claimAccessModesRequired: code('claim-access-modes-required', 'A volume claim template needs at least one access mode', 'ValidatePersistentVolumeClaimSpec', VOLUME_HREF.accessModes),
  claimAccessModeUnsupported: code('claim-access-mode-unsupported', 'Access modes are ReadWriteOnce, ReadOnlyMany, ReadWriteMany and ReadWriteOncePod', 'ValidatePersistentVolumeClaimSpec (supportedAccessModes)', VOLUME_HREF.accessModes),
  claimAccessModeAlone: code('claim-access-mode-read-write-once-pod-alone', 'ReadWriteOncePod may not be combined with other access modes', 'ValidatePersistentVolumeClaimSpec', VOLUME_HREF.accessModes),
  claimStorageRequired: code('claim-storage-required', 'A volume claim template must request storage', 'ValidatePersistentVolumeClaimSpec', VOLUME_HREF.ephemeral),
  claimStorageNotPositive: code('claim-storage-not-positive', 'The storage request of a volume claim template must be greater than zero', 'ValidatePersistentVolumeClaimSpec (ValidatePositiveQuantityValue)', VOLUME_HREF.ephemeral),
  claimClassNameInvalid: code('claim-class-name-invalid', 'storageClassName and volumeAttributesClassName must be DNS subdomains', 'ValidatePersistentVolumeClaimSpec (ValidateClassName)', VOLUME_HREF.ephemeral),
  claimVolumeModeUnsupported: code('claim-volume-mode-unsupported', 'volumeMode must be Filesystem or Block', 'ValidatePersistentVolumeClaimSpec (supportedVolumeModes)', VOLUME_HREF.ephemeral),
  claimDataSourceInvalid: code('claim-data-source-invalid', 'dataSource and dataSourceRef need a name and kind, and agree when both are set', 'validateDataSource, validateDataSourceRef, ValidatePersistentVolumeClaimSpec', VOLUME_HREF.ephemeral),
  claimSelectorInvalid: code('claim-selector-invalid', 'The selector of a volume claim template must be a valid label selector', 'ValidatePersistentVolumeClaimSpec (ValidateLabelSelector)', VOLUME_HREF.ephemeral),
  imageReferenceRequired: code('image-reference-required', 'An image volume needs a reference (from Kubernetes 1.37 also in pod templates)', 'validateImageVolumeSource', VOLUME_HREF.image),
  imagePullPolicy: code('image-pull-policy-unsupported', 'image.pullPolicy must be Always, IfNotPresent or Never', 'validateImageVolumeSource (validatePullPolicy)', VOLUME_HREF.image),
} satisfies Record<string, RuleCode>;

/** A server error line with the path as the server prints it (a field path, or text for its quirks). */
export function said(path: FieldPath | string, type: ServerErrorType, value?: Json, detail?: string): string {
  return serverError(typeof path === 'string' ? path : formatFieldPath(path), type, value, detail);
}

export { oneOf, supportedValuesDetail } from '../meta/report';

/** Collects the findings of one check; each message ends with the server's own lines. */
export class VolumeReporter {
  readonly findings: Finding[] = [];
  constructor(readonly minor: number) {}

  add(code: RuleCode, path: FieldPath, message: string, server: readonly string[] = [], anchor?: Anchor): void {
    this.findings.push(report(code, path, server.length ? `${message} ${serverSays(server)}` : message, anchor));
  }
}
