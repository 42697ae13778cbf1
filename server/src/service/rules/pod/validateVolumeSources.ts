// validateVolumeSource, source by source: the server validates the first source a volume has (in its own
// order) with that source's validate...VolumeSource function; further sources are only refused
// (validateVolumes.ts). The files a source writes are checked in volumeFileSources.ts, the claim of an
// ephemeral volume in volumeClaimTemplate.ts. Values are read as the server sees them after its defaults
// (hostPath.type "", azureDisk kind Shared and cachingMode ReadWrite, token lifetime one hour, image
// pullPolicy from the tag). A few server paths differ from the manifest's: gcePersistentDisk is printed
// as `persistentDisk`, iscsi.initiatorName as `initiatorname`, csi's secret name at `csi.name`.
import { isObject } from '../../kube/defaults';
import { dns1123LabelProblems, dns1123LabelServerMessages, dns1123SubdomainProblems, dns1123SubdomainServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject } from '../../types';
import { jobTemplateRule, podSpecOf } from './podTemplate';
import { checkEphemeralVolume } from './volumeClaimTemplate';
import { checkLocalPath, checkQuantity, checkRequired, type RequiredField } from './volumeChecks';
import { checkConfigMapVolume, checkDownwardApiVolume, checkProjectedVolume, checkSecretVolume } from './volumeFileSources';
import { oneOf, said, SOURCE_CODES as C, supportedValuesDetail, VolumeReporter } from './volumeSourceCodes';
import { volumeSourcesOf } from './volumeSources';

const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];
const AZURE_CACHING_MODES = ['None', 'ReadOnly', 'ReadWrite'];
const AZURE_DISK_KINDS = ['Dedicated', 'Managed', 'Shared'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];

const required = (key: string, schema: boolean, holds: string, detail?: string): RequiredField => ({ key, schema, holds, detail });

/** The fields each source may not leave empty, and what the schema already requires. */
const REQUIRED: Record<string, RequiredField[]> = {
  hostPath: [required('path', true, 'the directory or file on the node to mount')],
  gitRepo: [required('repository', true, 'the URL of the repository to clone')],
  gcePersistentDisk: [required('pdName', true, 'the name of the GCE persistent disk')],
  awsElasticBlockStore: [required('volumeID', true, 'the ID of the EBS volume')],
  nfs: [required('server', true, 'the host name or IP address of the NFS server'), required('path', true, 'the path exported by the NFS server')],
  iscsi: [required('targetPortal', true, 'the iSCSI target portal (host:port)'), required('iqn', true, 'the iSCSI qualified name of the target')],
  glusterfs: [required('endpoints', true, 'the name of the Endpoints object of the Glusterfs cluster'), required('path', true, 'the Glusterfs volume path')],
  persistentVolumeClaim: [required('claimName', true, 'the name of a PersistentVolumeClaim in the Job\'s namespace')],
  rbd: [required('monitors', true, 'the list of Ceph monitors'), required('image', true, 'the name of the RADOS image')],
  cinder: [required('volumeID', true, 'the ID of the Cinder volume')],
  cephfs: [required('monitors', true, 'the list of Ceph monitors')],
  quobyte: [required('volume', true, 'the name of the Quobyte volume')],
  flexVolume: [required('driver', true, 'the name of the FlexVolume driver')],
  azureFile: [required('secretName', true, 'the name of the Secret with the storage account name and key'), required('shareName', true, 'the name of the Azure file share')],
  vsphereVolume: [required('volumePath', true, 'the path of the vSphere volume')],
  photonPersistentDisk: [required('pdID', true, 'the ID of the Photon persistent disk')],
  portworxVolume: [required('volumeID', true, 'the ID of the Portworx volume')],
  azureDisk: [required('diskName', true, 'the name of the data disk'), required('diskURI', true, 'the URI of the data disk')],
  storageos: [required('volumeName', false, 'the name of the StorageOS volume')],
  scaleIO: [required('gateway', true, 'the address of the ScaleIO API gateway'), required('system', true, 'the name of the ScaleIO storage system'), required('volumeName', false, 'the name of a volume already created in the ScaleIO system')],
};

type SourceCheck = (rep: VolumeReporter, source: JsonObject, path: FieldPath, volume: JsonObject) => void;

const CHECKS: Record<string, SourceCheck> = {
  emptyDir: checkEmptyDir,
  hostPath: checkHostPath,
  gitRepo: checkGitRepo,
  gcePersistentDisk: (rep, source, path) => checkPartition(rep, source, path, `${formatFieldPath(path.slice(0, -1))}.persistentDisk`),
  awsElasticBlockStore: (rep, source, path) => checkPartition(rep, source, path, formatFieldPath(path)),
  secret: checkSecretVolume,
  nfs: checkNfs,
  iscsi: checkIscsi,
  flocker: checkFlocker,
  cinder: (rep, source, path) => checkSecretRefName(rep, source, path, 'cinder volume'),
  quobyte: checkQuobyte,
  downwardAPI: checkDownwardApiVolume,
  fc: checkFc,
  flexVolume: checkFlexOptions,
  configMap: checkConfigMapVolume,
  azureDisk: checkAzureDisk,
  storageos: checkStorageos,
  projected: checkProjectedVolume,
  csi: checkCsi,
  ephemeral: checkEphemeralVolume,
  image: checkImage,
};

function checkEmptyDir(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const sizeLimit = checkQuantity(rep, source.sizeLimit, [...path, 'sizeLimit']);
  if (sizeLimit && sizeLimit.nanos < 0n) {
    rep.add(C.sizeLimitNegative, [...path, 'sizeLimit'], `\`${sizeLimit.text}\` is a negative size; an emptyDir limit is the most the directory may hold, e.g. \`1Gi\`. Leave it out for no limit.`, [said([...path, 'sizeLimit'], 'Forbidden', undefined, 'SizeLimit field must be a valid resource quantity')]);
  }
  const medium = source.medium;
  if (typeof medium === 'string' && medium !== '' && medium !== 'Memory' && medium !== 'HugePages' && !medium.startsWith('HugePages-')) {
    rep.add(C.mediumUnknown, [...path, 'medium'], `The API server accepts \`medium: ${medium}\`, but the kubelet does not know it and fails to set the volume up, so the Pods never start. Use \`""\` (the node's disk, the default), \`Memory\` (a tmpfs) or \`HugePages\` / \`HugePages-<size>\`.`);
  }
}

function checkHostPath(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const hostPath = source.path;
  if (typeof hostPath !== 'string' || hostPath === '') return; // an empty path is the Required finding, and the server stops there
  checkLocalPath(rep, hostPath, 'no-backsteps', [...path, 'path'], formatFieldPath([...path, 'path']), 'the directory you meant');
  // Windows nodes take drive letters and named pipes (`C:\...`, `\\.\pipe\...`): not relative.
  if (!hostPath.startsWith('/') && !/^[A-Za-z]:/.test(hostPath) && !hostPath.startsWith('\\')) {
    rep.add(C.hostPathRelative, [...path, 'path'], `\`${hostPath}\` is a relative path. The API server accepts it, but the node does not resolve it against anything you control (the kubelet and the container runtime each have their own working directory). Write the absolute path on the node, e.g. \`/${hostPath.replace(/^\.\/+/, '')}\`.`);
  }
  const type = source.type;
  if (typeof type === 'string' && !HOST_PATH_TYPES.includes(type)) {
    rep.add(C.hostPathType, [...path, 'type'], `\`${type}\` is not a hostPath type: use ${oneOf(HOST_PATH_TYPES.filter((value) => value))}, or leave it out (\`""\`: no check before mounting). Values are case-sensitive.`, [said([...path, 'type'], 'Unsupported value', type, supportedValuesDetail(HOST_PATH_TYPES))]);
  }
}

function checkGitRepo(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  checkLocalPath(rep, source.directory, 'descending', [...path, 'directory'], formatFieldPath([...path, 'directory']), 'the volume');
  if (rep.minor < 33) return;
  rep.add(C.gitRepoDisabled, path, `The API server accepts a gitRepo volume, but from Kubernetes 1.33 the kubelet's gitRepo plugin is off by default (the GitRepoVolumeDriver gate${rep.minor >= 36 ? ', locked off from 1.36' : ''}), so the Pods cannot start. Clone the repository in an init container (e.g. \`alpine/git\`) into an \`emptyDir\` volume that the other containers mount.`, [], 'key');
}

function checkPartition(rep: VolumeReporter, source: JsonObject, path: FieldPath, printed: string): void {
  const partition = source.partition;
  if (typeof partition !== 'number' || (partition >= 0 && partition <= 255)) return;
  rep.add(C.partitionRange, [...path, 'partition'], `${partition} is not a partition number: use 1 to 255 for a partition of the disk, or leave it out (0) to mount the whole disk.`, [said(`${printed}.partition`, 'Invalid value', partition, 'must be between 1 and 255, inclusive')]);
}

function checkNfs(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const nfsPath = source.path;
  if (typeof nfsPath !== 'string' || nfsPath === '' || nfsPath.startsWith('/')) return;
  rep.add(C.nfsPathRelative, [...path, 'path'], `\`${nfsPath}\` is the path the NFS server exports, which is absolute: write \`/${nfsPath}\`.`, [said([...path, 'path'], 'Invalid value', nfsPath, 'must be an absolute path')]);
}

const EUI = /^eui.[A-Za-z0-9]{16}$/;
const NAA = /^naa.[A-Za-z0-9]{32}$/;

const IQN_NAME_CHAR = /[A-Za-z0-9.-]/;
/** What `[^,;*&$|\s]` refuses in the part after the colon (Go's `\s`: tab, newline, form feed, carriage return, space). */
const IQN_FORBIDDEN = /[,;*&$|\t\n\f\r ]/;
const IQN_PREFIX = /^iqn\.\d{4}-\d{2}\./;

/**
 * Whether `name` contains a match of iscsiInitiatorIqnRegex (validation.go), unanchored at the start as Go's
 * MatchString is: `iqn\.\d{4}-\d{2}\.([[:alnum:]-.]+)(:[^,;*&$|\s]+)$`. Go's regexp takes linear time; a
 * backtracking regular expression took quadratic time on a long name of repeated `iqn.2001-04.` (2 s at
 * 160,000 characters), so this is one pass: every character of a match is allowed after the colon too, so a
 * match lies in the longest suffix without a refused character; in it, a colon with something after it
 * matches when the run of name characters before it holds the `iqn.YYYY-MM.` prefix and at least one more.
 */
function matchesIqn(name: string): boolean {
  let start = name.length;
  while (start > 0 && !IQN_FORBIDDEN.test(name[start - 1])) start--;
  // nextPrefix[i - start]: the first position at or after i where `iqn.YYYY-MM.` begins (name.length: none).
  const nextPrefix = new Int32Array(name.length - start + 1).fill(name.length);
  for (let i = name.length - 12; i >= start; i--) nextPrefix[i - start] = name.startsWith('iqn.', i) && IQN_PREFIX.test(name.slice(i, i + 12)) ? i : nextPrefix[i + 1 - start];
  let run = start;
  for (let at = start; at < name.length; at++) {
    if (name[at] === ':' && at < name.length - 1 && at - run >= 13 && nextPrefix[run - start] <= at - 13) return true;
    if (!IQN_NAME_CHAR.test(name[at])) run = at + 1;
  }
  return false;
}

/** The server's detail for an iSCSI name, or undefined when it is well formed. */
function iscsiNameDetail(name: string): string | undefined {
  if (!name.startsWith('iqn') && !name.startsWith('eui') && !name.startsWith('naa')) return 'must be valid format starting with iqn, eui, or naa';
  if ((name.startsWith('iqn') && !matchesIqn(name)) || (name.startsWith('eui') && !EUI.test(name)) || (name.startsWith('naa') && !NAA.test(name))) return 'must be valid format';
  return undefined;
}

const ISCSI_FORMS = 'an iSCSI name has one of three forms: `iqn.YYYY-MM.reversed.domain:name`, `eui.` with 16 hex digits, or `naa.` with 32 hex digits';

function checkIscsi(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const { iqn, lun, initiatorName, chapAuthDiscovery, chapAuthSession, secretRef } = source;
  if (typeof iqn === 'string' && iqn !== '') {
    const detail = iscsiNameDetail(iqn);
    if (detail) rep.add(C.iscsiNameFormat, [...path, 'iqn'], `\`${iqn}\` is not an iSCSI qualified name: ${ISCSI_FORMS}.`, [said([...path, 'iqn'], 'Invalid value', iqn, detail)]);
  }
  if (typeof lun === 'number' && (lun < 0 || lun > 255)) {
    rep.add(C.lunRange, [...path, 'lun'], `${lun} is not a LUN number: use 0 to 255.`, [said([...path, 'lun'], 'Invalid value', lun, 'must be between 0 and 255, inclusive')]);
  }
  if ((chapAuthDiscovery === true || chapAuthSession === true) && secretRef === undefined) {
    rep.add(C.fieldRequired, [...path, 'secretRef'], 'CHAP authentication needs the credentials: add `secretRef` with the name of the Secret that holds them, or turn `chapAuthDiscovery` / `chapAuthSession` off.', [said([...path, 'secretRef'], 'Required value')]);
  }
  if (typeof initiatorName === 'string') {
    const detail = iscsiNameDetail(initiatorName);
    if (detail) rep.add(C.iscsiNameFormat, [...path, 'initiatorName'], `\`${initiatorName}\` is not an iSCSI initiator name: ${ISCSI_FORMS}.`, [said(`${formatFieldPath(path)}.initiatorname`, 'Invalid value', initiatorName, detail)]);
  }
}

/** Outside the per-source checks: the server checks this whenever a volume has `iscsi` with an initiator name. */
function checkIscsiTarget(rep: VolumeReporter, volume: JsonObject, path: FieldPath): void {
  const iscsi = volume.iscsi;
  if (!isObject(iscsi) || iscsi.initiatorName === undefined || typeof volume.name !== 'string') return;
  const target = typeof iscsi.targetPortal === 'string' ? iscsi.targetPortal : '';
  const joined = `${volume.name}:${target}`;
  if (joined.length <= 64) return;
  rep.add(C.iscsiTargetTooLong, [...path, 'name'], `With \`initiatorName\` set, the kubelet names the iSCSI interface \`<volume name>:<targetPortal>\`, and that name (\`${joined}\`, ${joined.length} characters) may have at most 64. Shorten the volume name.`, [said([...path, 'name'], 'Invalid value', volume.name, 'Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.')]);
}

function checkFlocker(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const name = typeof source.datasetName === 'string' ? source.datasetName : '';
  const uuid = typeof source.datasetUUID === 'string' ? source.datasetUUID : '';
  if (name === '' && uuid === '') {
    rep.add(C.fieldRequired, path, 'This flocker volume names no dataset: set `datasetName` or `datasetUUID`.', [said(path, 'Required value', undefined, 'one of datasetName and datasetUUID is required')], 'key');
  }
  if (name !== '' && uuid !== '') {
    rep.add(C.flockerDataset, [...path, 'datasetUUID'], 'A flocker volume names its dataset once: keep `datasetName` or `datasetUUID`, not both.', [said(path, 'Invalid value', 'resource', 'datasetName and datasetUUID can not be specified simultaneously')], 'key');
  }
  if (name.includes('/')) {
    rep.add(C.flockerDataset, [...path, 'datasetName'], `\`${name}\` contains \`/\`, which a Flocker dataset name may not.`, [said([...path, 'datasetName'], 'Invalid value', name, "must not contain '/'")]);
  }
}

function checkSecretRefName(rep: VolumeReporter, source: JsonObject, path: FieldPath, what: string): void {
  const secretRef = source.secretRef;
  if (!isObject(secretRef) || (secretRef.name !== undefined && secretRef.name !== '')) return;
  rep.add(C.fieldRequired, [...path, 'secretRef', 'name'], `The \`secretRef\` of this ${what} has no name: name the Secret to use, or remove \`secretRef\`.`, [said([...path, 'secretRef', 'name'], 'Required value')], secretRef.name === '' ? undefined : 'key');
}

/** net.SplitHostPort, which the server uses to check each registry entry; true when it splits. */
function splitsHostPort(hostPort: string): boolean {
  const colon = hostPort.lastIndexOf(':');
  if (colon < 0) return false;
  let openEnd = 0;
  let closeFrom = 0;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    if (end < 0 || end + 1 === hostPort.length || end + 1 !== colon) return false;
    openEnd = 1;
    closeFrom = end + 1;
  } else if (hostPort.slice(0, colon).includes(':')) {
    return false;
  }
  return !hostPort.slice(openEnd).includes('[') && !hostPort.slice(closeFrom).includes(']');
}

function checkQuobyte(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const { registry, tenant } = source;
  const detail = 'must be a host:port pair or multiple pairs separated by commas';
  if (registry === '') {
    rep.add(C.fieldRequired, [...path, 'registry'], 'This quobyte volume has an empty `registry`: list the registry services as `host:port`, separated by commas.', [said([...path, 'registry'], 'Required value', undefined, detail)]);
  } else if (typeof tenant === 'string' && tenant.length >= 65) {
    rep.add(C.quobyteTenant, [...path, 'tenant'], `A Quobyte tenant is a UUID, at most 64 characters; this one has ${tenant.length}.`, [said([...path, 'tenant'], 'Required value', undefined, 'must be a UUID and may not exceed a length of 64 characters')]);
  } else if (typeof registry === 'string' && registry.split(',').some((pair) => !splitsHostPort(pair))) {
    rep.add(C.quobyteRegistry, [...path, 'registry'], `\`${registry}\` is not a list of \`host:port\` pairs separated by commas (IPv6 addresses in brackets, \`[::1]:7861\`).`, [said([...path, 'registry'], 'Invalid value', registry, detail)]);
  }
}

function goStrings(values: Json[]): string {
  return `[]string{${values.map((value) => JSON.stringify(value)).join(', ')}}`;
}

function checkFc(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const targets = Array.isArray(source.targetWWNs) ? source.targetWWNs : [];
  const wwids = Array.isArray(source.wwids) ? source.wwids : [];
  const targetsPrinted = formatFieldPath([...path, 'targetWWNs']);
  if (targets.length === 0 && wwids.length === 0) {
    rep.add(C.fieldRequired, [...path, 'targetWWNs'], 'This fc volume names no target: list the target World Wide Names in `targetWWNs` (with a `lun`), or the volume\'s `wwids`.', [said(targetsPrinted, 'Required value', undefined, 'must specify either targetWWNs or wwids, but not both')], source.targetWWNs === undefined ? undefined : 'value');
  }
  if (targets.length && wwids.length) {
    rep.add(C.fcTargetsConflict, [...path, 'wwids'], 'An fc volume is found either by `targetWWNs` and `lun` or by `wwids`, not both: keep one.', [`${targetsPrinted}: Invalid value: ${goStrings(targets)}: targetWWNs and wwids can not be specified simultaneously`], 'key');
  }
  if (targets.length === 0) return;
  const lun = source.lun;
  if (lun === undefined) {
    rep.add(C.fieldRequired, [...path, 'targetWWNs'], 'With `targetWWNs` an fc volume also needs `lun`, the logical unit number on the target (0 to 255).', [said([...path, 'lun'], 'Required value', undefined, 'lun is required if targetWWNs is specified')], 'key');
  } else if (typeof lun === 'number' && (lun < 0 || lun > 255)) {
    rep.add(C.lunRange, [...path, 'lun'], `${lun} is not a LUN number: use 0 to 255.`, [said([...path, 'lun'], 'Invalid value', lun, 'must be between 0 and 255, inclusive')]);
  }
}

function checkFlexOptions(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  if (!isObject(source.options)) return;
  for (const key of Object.keys(source.options)) {
    const slash = key.indexOf('/');
    const namespace = `.${(slash >= 0 ? key.slice(0, slash) : key).toLowerCase()}`;
    if (!namespace.endsWith('.kubernetes.io') && !namespace.endsWith('.k8s.io')) continue;
    rep.add(C.flexOptionReserved, [...path, 'options', key], `\`${key}\` is in a namespace Kubernetes keeps for itself (the kubelet passes its own \`kubernetes.io/...\` options to the driver). Use a prefix of your own, e.g. \`example.com/${slash >= 0 ? key.slice(slash + 1) : key}\`.`, [said(`${formatFieldPath([...path, 'options'])}[${key}]`, 'Invalid value', key, 'kubernetes.io and k8s.io namespaces are reserved')], 'key');
  }
}

function checkAzureDisk(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const cachingMode = typeof source.cachingMode === 'string' ? source.cachingMode : 'ReadWrite';
  const kind = typeof source.kind === 'string' ? source.kind : 'Shared';
  if (!AZURE_CACHING_MODES.includes(cachingMode)) {
    rep.add(C.azureCachingMode, [...path, 'cachingMode'], `\`${cachingMode}\` is not a disk caching mode: use ${oneOf(AZURE_CACHING_MODES)} (the default).`, [said([...path, 'cachingMode'], 'Unsupported value', cachingMode, supportedValuesDetail(AZURE_CACHING_MODES))]);
  }
  if (!AZURE_DISK_KINDS.includes(kind)) {
    rep.add(C.azureKind, [...path, 'kind'], `\`${kind}\` is not an Azure disk kind: use \`Managed\` (managed disks), \`Shared\` (the default, a blob in a shared storage account) or \`Dedicated\`.`, [said([...path, 'kind'], 'Unsupported value', kind, supportedValuesDetail(AZURE_DISK_KINDS))]);
  }
  const uri = source.diskURI;
  if (typeof uri !== 'string' || uri === '') return;
  const managed = kind === 'Managed';
  const form = managed ? '/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}' : 'https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd';
  if (managed ? uri.startsWith('/subscriptions/') : uri.startsWith('https://')) return;
  const defaulted = source.kind === undefined ? ' (`kind` defaults to `Shared`; write `kind: Managed` for a managed disk)' : '';
  rep.add(C.azureDiskUri, [...path, 'diskURI'], `For a disk of kind \`${kind}\`${defaulted} the URI must start with \`${managed ? '/subscriptions/' : 'https://'}\`, as in \`${form}\`.`, [said([...path, 'diskURI'], 'Unsupported value', uri, supportedValuesDetail([form]))]);
}

function checkStorageos(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  for (const field of ['volumeName', 'volumeNamespace']) {
    const value = source[field];
    if (typeof value !== 'string' || value === '' || !dns1123LabelProblems(value).length) continue;
    rep.add(C.storageosName, [...path, field], `\`${value}\` is not a valid StorageOS ${field === 'volumeName' ? 'volume name' : 'namespace'}: ${dns1123LabelProblems(value).join('; ')}. Use a DNS-1123 label (lower-case letters, digits and \`-\`).`, dns1123LabelServerMessages(value).map((detail) => said([...path, field], 'Invalid value', value, detail)));
  }
  checkSecretRefName(rep, source, path, 'storageos volume');
}

function checkCsi(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const driver = source.driver;
  const at = [...path, 'driver'];
  if (driver === '') {
    rep.add(C.fieldRequired, at, 'This csi volume has an empty `driver`: name the CSI driver that provides the volume (the name of its CSIDriver object, e.g. `secrets-store.csi.k8s.io`).', [said(at, 'Required value')]);
  } else if (typeof driver === 'string') {
    const lines: string[] = [];
    if (Buffer.byteLength(driver, 'utf8') > 63) lines.push(said(at, 'Too long', undefined, 'may not be more than 63 bytes'));
    lines.push(...dns1123SubdomainServerMessages(driver.toLowerCase()).map((detail) => said(at, 'Invalid value', driver, detail)));
    if (lines.length) {
      const problems = [...(Buffer.byteLength(driver, 'utf8') > 63 ? ['it is longer than 63 characters'] : []), ...dns1123SubdomainProblems(driver.toLowerCase()).filter((problem) => !problem.includes('longer'))];
      rep.add(C.csiDriver, at, `\`${driver}\` cannot be a CSI driver name: ${problems.join('; ')}. Driver names are DNS subdomains of at most 63 characters, as the driver reports them (e.g. \`ebs.csi.aws.com\`).`, lines);
    }
  }
  const secretRef = source.nodePublishSecretRef;
  if (!isObject(secretRef)) return;
  const name = secretRef.name;
  if (name === undefined || name === '') {
    rep.add(C.fieldRequired, [...path, 'nodePublishSecretRef', 'name'], 'This `nodePublishSecretRef` has no name: name the Secret the driver gets when it mounts the volume, or remove the reference.', [said([...path, 'nodePublishSecretRef', 'name'], 'Required value')], name === undefined ? 'key' : undefined);
  } else if (typeof name === 'string' && dns1123SubdomainProblems(name).length) {
    rep.add(C.csiSecretName, [...path, 'nodePublishSecretRef', 'name'], `\`${name}\` cannot be the name of a Secret: ${dns1123SubdomainProblems(name).join('; ')}.`, dns1123SubdomainServerMessages(name).map((detail) => said([...path, 'name'], 'Invalid value', name, detail)));
  }
}

function checkImage(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const reference = source.reference;
  if (rep.minor >= 37 && (reference === undefined || reference === '')) {
    rep.add(C.imageReferenceRequired, [...path, 'reference'], 'This image volume names no image: set `reference` to the image or artifact to mount, e.g. `quay.io/example/data:1.0`. From Kubernetes 1.37 the server refuses an empty reference in pod templates too (before, only the Pods created from the template were refused).', [said([...path, 'reference'], 'Required value')]);
  }
  const policy = source.pullPolicy;
  if (typeof policy === 'string' && policy !== '' && !PULL_POLICIES.includes(policy)) {
    rep.add(C.imagePullPolicy, [...path, 'pullPolicy'], `\`${policy}\` is not a pull policy: use \`Always\`, \`IfNotPresent\` or \`Never\`, or leave it out (\`Always\` for a \`:latest\` tag, else \`IfNotPresent\`). Values are case-sensitive.`, [said([...path, 'pullPolicy'], 'Unsupported value', policy, supportedValuesDetail(PULL_POLICIES))]);
  }
}

const WHAT: Record<string, string> = { persistentVolumeClaim: 'persistentVolumeClaim volume', glusterfs: 'glusterfs volume', awsElasticBlockStore: 'awsElasticBlockStore volume', gcePersistentDisk: 'gcePersistentDisk volume' };

function volumeFindings(rep: VolumeReporter, volume: JsonObject, path: FieldPath): void {
  const first = volumeSourcesOf(volume, rep.minor).kept[0];
  const source = first === undefined ? undefined : volume[first];
  if (first !== undefined && isObject(source)) {
    const sourcePath = [...path, first];
    const printed = first === 'gcePersistentDisk' ? [...path, 'persistentDisk'] : sourcePath;
    for (const field of REQUIRED[first] ?? []) checkRequired(rep, source, field, sourcePath, printed, WHAT[first] ?? `${first} volume`);
    CHECKS[first]?.(rep, source, sourcePath, volume);
  }
  checkIscsiTarget(rep, volume, path);
}

/** The per-source checks of validateVolumeSource for one pod template. */
export function checkVolumeSources(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec || !Array.isArray(spec.volumes)) return [];
  const rep = new VolumeReporter(minor);
  spec.volumes.forEach((volume, index) => {
    if (isObject(volume)) volumeFindings(rep, volume, [...base, 'spec', 'volumes', index]);
  });
  return rep.findings;
}

export const validateVolumeSources = jobTemplateRule('validateVolumeSource', Object.values(C), checkVolumeSources);
