// ValidateVolumeMounts and ValidateVolumeDevices, as validateContainerCommon calls them for every
// container and init container: mounts and devices name a volume of the pod, mount paths and device
// paths are unique and do not collide, subPath / subPathExpr stay inside the volume, mountPropagation
// and recursiveReadOnly take their values (validateMountPropagation, validateMountRecursiveReadOnly).
// Some of these errors the server prints at the list without the index (`volumeMounts.subPath`); we
// point at the mount itself and quote the server's line in the message.
// A mount or device is reported as not found only when no volume at all has its name: the server also
// leaves out volumes with other errors, but those errors are reported on their own.
import { isObject } from '../../kube/defaults';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF } from '../meta/report';
import { LOCAL_PATH_DETAIL, hasBacksteps, localDescendingPathProblems } from './localPaths';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';
import { said as say, supportedValuesDetail, VolumeReporter } from './volumeSourceCodes';
import { volumeSourcesOf } from './volumeSources';

const PROPAGATION_HREF = 'https://kubernetes.io/docs/concepts/storage/volumes/#mount-propagation';
const READ_ONLY_HREF = 'https://kubernetes.io/docs/concepts/storage/volumes/#read-only-mounts';
const SUB_PATH_HREF = 'https://kubernetes.io/docs/concepts/storage/volumes/#using-subpath';
const BLOCK_HREF = 'https://kubernetes.io/docs/concepts/storage/persistent-volumes/#raw-block-volume-support';

const mount = (name: string, title: string, mirrors: string, href: string = HREF.volumes): RuleCode =>
  ({ code: `pod/volume-mount-${name}`, severity: 'error', title, mirrors, href });
const device = (name: string, title: string, href: string = BLOCK_HREF): RuleCode =>
  ({ code: `pod/volume-device-${name}`, severity: 'error', title, mirrors: 'ValidateVolumeDevices', href });

const MOUNT_CODES = {
  nameRequired: mount('name-required', 'volumeMounts[].name may not be empty', 'ValidateVolumeMounts'),
  notFound: mount('not-found', 'volumeMounts must name a volume of the pod', 'ValidateVolumeMounts'),
  pathRequired: mount('path-required', 'volumeMounts[].mountPath may not be empty', 'ValidateVolumeMounts'),
  pathDuplicate: mount('path-duplicate', 'Mount paths must be unique within a container', 'ValidateVolumeMounts'),
  nameInDevices: mount('name-in-devices', 'A volume may not be both mounted and attached as a device in one container', 'ValidateVolumeMounts', BLOCK_HREF),
  pathInDevices: mount('path-in-devices', 'A mount path may not also be a device path of the container', 'ValidateVolumeMounts', BLOCK_HREF),
  subPathAbsolute: mount('sub-path-absolute', 'subPath and subPathExpr must be relative paths', 'ValidateVolumeMounts (validateLocalDescendingPath)', SUB_PATH_HREF),
  subPathBacksteps: mount('sub-path-backsteps', "subPath and subPathExpr may not contain a '..' element", 'ValidateVolumeMounts (validatePathNoBacksteps)', SUB_PATH_HREF),
  subPathExclusive: mount('sub-path-exclusive', 'A mount takes subPath or subPathExpr, not both', 'ValidateVolumeMounts', SUB_PATH_HREF),
  propagationUnsupported: mount('propagation-unsupported', 'mountPropagation must be None, HostToContainer or Bidirectional', 'validateMountPropagation', PROPAGATION_HREF),
  propagationUnprivileged: mount('propagation-bidirectional-unprivileged', 'Bidirectional mount propagation needs a privileged container', 'validateMountPropagation', PROPAGATION_HREF),
  readOnlyUnsupported: mount('recursive-read-only-unsupported', 'recursiveReadOnly must be Disabled, IfPossible or Enabled', 'validateMountRecursiveReadOnly', READ_ONLY_HREF),
  readOnlyNeedsReadOnly: mount('recursive-read-only-needs-read-only', 'recursiveReadOnly (IfPossible, Enabled) needs readOnly: true', 'validateMountRecursiveReadOnly', READ_ONLY_HREF),
  readOnlyPropagation: mount('recursive-read-only-propagation', 'recursiveReadOnly (IfPossible, Enabled) needs mountPropagation None or unset', 'validateMountRecursiveReadOnly', READ_ONLY_HREF),
  deviceNameRequired: device('name-required', 'volumeDevices[].name may not be empty'),
  deviceNameDuplicate: device('name-duplicate', 'A volume may be attached as a device only once per container'),
  deviceNotFound: device('not-found', 'volumeDevices must name a volume of the pod'),
  deviceNotBlockSource: device('not-block-source', 'volumeDevices must name a persistentVolumeClaim or ephemeral volume'),
  devicePathRequired: device('path-required', 'volumeDevices[].devicePath may not be empty'),
  devicePathDuplicate: device('path-duplicate', 'Device paths must be unique within a container'),
  devicePathBacksteps: device('path-backsteps', "Device paths may not contain a '..' element"),
  deviceNameInMounts: device('name-in-mounts', 'A volume may not be both attached as a device and mounted in one container'),
  devicePathInMounts: device('path-in-mounts', 'A device path may not also be a mount path of the container'),
} satisfies Record<string, RuleCode>;

const PROPAGATION_VALUES = ['Bidirectional', 'HostToContainer', 'None'];
const RECURSIVE_READ_ONLY_VALUES = ['Disabled', 'Enabled', 'IfPossible'];

interface PodVolume {
  name: string;
  /** A persistentVolumeClaim or ephemeral volume: the only ones a block device may come from. */
  claim: boolean;
  source?: string;
}

function podVolumes(spec: JsonObject, minor: number): Map<string, PodVolume> {
  const volumes = new Map<string, PodVolume>();
  if (!Array.isArray(spec.volumes)) return volumes;
  for (const volume of spec.volumes) {
    if (!isObject(volume) || typeof volume.name !== 'string' || volumes.has(volume.name)) continue;
    const source = volumeSourcesOf(volume, minor).kept[0];
    volumes.set(volume.name, { name: volume.name, claim: source === 'persistentVolumeClaim' || source === 'ephemeral', source });
  }
  return volumes;
}

/** GetVolumeMountMap / GetVolumeDeviceMap: name -> path, the last entry of a name winning, as in Go. */
function nameToPath(entries: Json | undefined, pathKey: string): Map<string, string> {
  const map = new Map<string, string>();
  if (!Array.isArray(entries)) return map;
  for (const entry of entries) {
    if (isObject(entry) && typeof entry.name === 'string' && typeof entry[pathKey] === 'string') map.set(entry.name, entry[pathKey] as string);
  }
  return map;
}

function knownNames(volumes: Map<string, PodVolume>): string {
  const names = [...volumes.keys()];
  return names.length ? `it has ${names.map((name) => `\`${name}\``).join(', ')}` : 'it has no volumes';
}

function mountFindings(out: VolumeReporter, ref: ContainerRef, volumes: Map<string, PodVolume>, devices: Map<string, string>): void {
  const mounts = ref.container.volumeMounts;
  if (!Array.isArray(mounts)) return;
  const listPath = [...ref.path, 'volumeMounts'];
  const listPrinted = formatFieldPath(listPath);
  const seenPaths = new Map<string, FieldPath>();
  const securityContext = ref.container.securityContext;
  const privileged = isObject(securityContext) && securityContext.privileged === true;
  mounts.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const path = [...listPath, index];
    const { name, mountPath, subPath, subPathExpr, mountPropagation, recursiveReadOnly, readOnly } = entry;
    if (name === '') {
      out.add(MOUNT_CODES.nameRequired, [...path, 'name'], `This mount of the ${describeContainer(ref)} has an empty volume name; name one of the pod's volumes.`, [say(formatFieldPath([...path, 'name']), 'Required value')]);
    } else if (typeof name === 'string' && !volumes.has(name)) {
      out.add(MOUNT_CODES.notFound, [...path, 'name'], `The ${describeContainer(ref)} mounts volume \`${name}\`, but the pod has no volume of that name (${knownNames(volumes)}). Add it under \`spec.template.spec.volumes\` or fix the name.`, [say(formatFieldPath([...path, 'name']), 'Not found', name)]);
    }
    if (mountPath === '') {
      out.add(MOUNT_CODES.pathRequired, [...path, 'mountPath'], 'This mount has an empty mountPath; say where in the container the volume appears, e.g. `/data`.', [say(formatFieldPath([...path, 'mountPath']), 'Required value')]);
    } else if (typeof mountPath === 'string') {
      const first = seenPaths.get(mountPath);
      if (first) {
        out.add(MOUNT_CODES.pathDuplicate, [...path, 'mountPath'], `\`${mountPath}\` is already a mount point of this container (\`${formatFieldPath(first)}\`); one path can hold only one mount. Mount this volume elsewhere, or use \`subPath\` mounts at distinct paths.`, [say(formatFieldPath([...path, 'mountPath']), 'Invalid value', mountPath, 'must be unique')]);
      } else {
        seenPaths.set(mountPath, [...path, 'mountPath']);
      }
    }
    if (typeof name === 'string' && name !== '' && devices.has(name)) {
      out.add(MOUNT_CODES.nameInDevices, [...path, 'name'], `Volume \`${name}\` is also attached to this container as a raw block device (\`volumeDevices\`); a volume is either mounted as a filesystem or attached as a device, not both. Keep one of the two.`, [say(formatFieldPath([...path, 'name']), 'Invalid value', name, 'must not already exist in volumeDevices')]);
    }
    if (typeof mountPath === 'string' && mountPath !== '' && [...devices.values()].includes(mountPath)) {
      out.add(MOUNT_CODES.pathInDevices, [...path, 'mountPath'], `\`${mountPath}\` is also the path of a raw block device of this container (\`volumeDevices\`); choose another mount path.`, [say(formatFieldPath([...path, 'mountPath']), 'Invalid value', mountPath, 'must not already exist as a path in volumeDevices')]);
    }
    subPathFindings(out, path, listPrinted, subPath, subPathExpr);
    if (typeof mountPropagation === 'string') {
      const printed = `${listPrinted}.mountPropagation`;
      if (!PROPAGATION_VALUES.includes(mountPropagation)) {
        out.add(MOUNT_CODES.propagationUnsupported, [...path, 'mountPropagation'], `\`${mountPropagation}\` is not a mount propagation mode: use \`None\` (the default), \`HostToContainer\` (mounts made on the node later show up in the container) or \`Bidirectional\` (also the other way; privileged containers only). Values are case-sensitive.`, [say(printed, 'Unsupported value', mountPropagation, supportedValuesDetail(PROPAGATION_VALUES))]);
      }
      if (mountPropagation === 'Bidirectional' && !privileged) {
        out.add(MOUNT_CODES.propagationUnprivileged, [...path, 'mountPropagation'], `Bidirectional propagation lets the ${describeContainer(ref)} create mounts on the node, so only a privileged container may use it. Use \`HostToContainer\` if the container only needs to see mounts made on the node, or set \`securityContext.privileged: true\` if it really mounts things for the node.`, [say(printed, 'Forbidden', undefined, 'Bidirectional mount propagation is available only to privileged containers')]);
      }
    }
    if (typeof recursiveReadOnly === 'string' && out.minor >= 31) {
      readOnlyFindings(out, path, `${listPrinted}.recursiveReadOnly`, recursiveReadOnly, readOnly === true, mountPropagation);
    }
  });
}

function subPathFindings(out: VolumeReporter, path: FieldPath, listPrinted: string, subPath: Json | undefined, subPathExpr: Json | undefined): void {
  const hasSubPath = typeof subPath === 'string' && subPath !== '';
  if (typeof subPathExpr === 'string' && subPathExpr !== '' && hasSubPath) {
    out.add(MOUNT_CODES.subPathExclusive, [...path, 'subPathExpr'], 'This mount has both `subPath` and `subPathExpr`; a mount takes one of them (`subPathExpr` is the same with `$(VAR)` expanded from the environment). Keep one.', [say(formatFieldPath([...path, 'subPathExpr']), 'Invalid value', subPathExpr, 'subPathExpr and subPath are mutually exclusive')], 'key');
  }
  for (const [field, value] of [['subPath', subPath], ['subPathExpr', subPathExpr]] as const) {
    if (typeof value !== 'string' || value === '') continue;
    for (const problem of localDescendingPathProblems(value)) {
      const absolute = problem === 'absolute';
      out.add(absolute ? MOUNT_CODES.subPathAbsolute : MOUNT_CODES.subPathBacksteps, [...path, field],
        absolute
          ? `\`${value}\` starts with \`/\`, but \`${field}\` names a place inside the volume and must be relative to it: drop the leading \`/\`.`
          : `\`${value}\` has a \`..\` element, which could climb out of the volume; the server refuses any \`${field}\` with one. Write the path without \`..\`.`,
        [say(`${listPrinted}.${field}`, 'Invalid value', value, LOCAL_PATH_DETAIL[problem])]);
    }
  }
}

function readOnlyFindings(out: VolumeReporter, path: FieldPath, printed: string, mode: string, readOnly: boolean, propagation: Json | undefined): void {
  const at = [...path, 'recursiveReadOnly'];
  if (mode === 'Disabled') return;
  if (!RECURSIVE_READ_ONLY_VALUES.includes(mode)) {
    out.add(MOUNT_CODES.readOnlyUnsupported, at, `\`${mode}\` is not a recursiveReadOnly mode: use \`Disabled\` (the default), \`IfPossible\` or \`Enabled\` (values are case-sensitive).`, [say(printed, 'Unsupported value', mode, supportedValuesDetail(RECURSIVE_READ_ONLY_VALUES))]);
    return;
  }
  if (!readOnly) {
    out.add(MOUNT_CODES.readOnlyNeedsReadOnly, at, `\`recursiveReadOnly: ${mode}\` makes the mounts below this one read-only too, which only makes sense for a read-only mount: add \`readOnly: true\`, or remove \`recursiveReadOnly\`.`, [say(printed, 'Forbidden', undefined, 'may only be specified when readOnly is true')]);
  }
  if (typeof propagation === 'string' && propagation !== 'None') {
    out.add(MOUNT_CODES.readOnlyPropagation, at, `\`recursiveReadOnly: ${mode}\` cannot be combined with \`mountPropagation: ${propagation}\`: mounts that propagate later could not be made read-only. Remove \`mountPropagation\` (or set it to \`None\`), or remove \`recursiveReadOnly\`.`, [say(printed, 'Forbidden', undefined, 'may only be specified when mountPropagation is None or not specified')]);
  }
}

function deviceFindings(out: VolumeReporter, ref: ContainerRef, volumes: Map<string, PodVolume>, mounts: Map<string, string>): void {
  const devices = ref.container.volumeDevices;
  if (!Array.isArray(devices)) return;
  const listPath = [...ref.path, 'volumeDevices'];
  const names = new Set<string>();
  const paths = new Set<string>();
  const mountPaths = [...mounts.values()];
  devices.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const path = [...listPath, index];
    const name = typeof entry.name === 'string' ? entry.name : undefined;
    const devicePath = typeof entry.devicePath === 'string' ? entry.devicePath : undefined;
    const namePrinted = formatFieldPath([...path, 'name']);
    const devicePathPrinted = formatFieldPath([...path, 'devicePath']);
    if (name === '') {
      out.add(MOUNT_CODES.deviceNameRequired, [...path, 'name'], `This device of the ${describeContainer(ref)} has an empty volume name; name a persistentVolumeClaim or ephemeral volume of the pod.`, [say(namePrinted, 'Required value')]);
    } else if (name !== undefined) {
      if (names.has(name)) {
        out.add(MOUNT_CODES.deviceNameDuplicate, [...path, 'name'], `Volume \`${name}\` is already attached to this container as a device; attach it once.`, [say(namePrinted, 'Invalid value', name, 'must be unique')]);
      }
      const volume = volumes.get(name);
      if (!volume) {
        out.add(MOUNT_CODES.deviceNotFound, [...path, 'name'], `The ${describeContainer(ref)} attaches volume \`${name}\` as a device, but the pod has no volume of that name (${knownNames(volumes)}). Add it under \`spec.template.spec.volumes\` or fix the name.`, [say(namePrinted, 'Not found', name)]);
      } else if (!volume.claim) {
        out.add(MOUNT_CODES.deviceNotBlockSource, [...path, 'name'], `Volume \`${name}\` is ${volume.source ? `${/^[aeiou]/i.test(volume.source) ? 'an' : 'a'} \`${volume.source}\` volume` : 'an emptyDir volume'}; a raw block device can only come from a \`persistentVolumeClaim\` or \`ephemeral\` volume whose claim has \`volumeMode: Block\`. Mount this volume with \`volumeMounts\` instead, or use a claim.`, [say(namePrinted, 'Invalid value', name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode')]);
      }
      if (mounts.has(name)) {
        out.add(MOUNT_CODES.deviceNameInMounts, [...path, 'name'], `Volume \`${name}\` is also mounted in this container (\`volumeMounts\`); a volume is either attached as a device or mounted as a filesystem, not both. Keep one of the two.`, [say(namePrinted, 'Invalid value', name, 'must not already exist in volumeMounts')]);
      }
      names.add(name);
    }
    if (devicePath === '') {
      out.add(MOUNT_CODES.devicePathRequired, [...path, 'devicePath'], 'This device has an empty devicePath; say where in the container the device appears, e.g. `/dev/xvda`.', [say(devicePathPrinted, 'Required value')]);
    } else if (devicePath !== undefined) {
      if (paths.has(devicePath)) {
        out.add(MOUNT_CODES.devicePathDuplicate, [...path, 'devicePath'], `\`${devicePath}\` is already the path of another device of this container; give each device its own path.`, [say(devicePathPrinted, 'Invalid value', devicePath, 'must be unique')]);
      }
      if (hasBacksteps(devicePath)) {
        out.add(MOUNT_CODES.devicePathBacksteps, [...path, 'devicePath'], `\`${devicePath}\` has a \`..\` element; write the device path without \`..\`.`, [say(devicePathPrinted, 'Invalid value', devicePath, "can not contain backsteps ('..')")]);
      } else {
        paths.add(devicePath);
      }
      if (mountPaths.includes(devicePath)) {
        out.add(MOUNT_CODES.devicePathInMounts, [...path, 'devicePath'], `\`${devicePath}\` is also a mount path of this container; choose another device path.`, [say(devicePathPrinted, 'Invalid value', devicePath, 'must not already exist as a path in volumeMounts')]);
      }
    }
  });
}

/** The mount and device checks of validateContainerCommon for every container and init container. */
export function checkVolumeMounts(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const volumes = podVolumes(spec, minor);
  const out = new VolumeReporter(minor);
  for (const ref of allContainersOf(spec, base)) {
    const mounts = nameToPath(ref.container.volumeMounts, 'mountPath');
    const devices = nameToPath(ref.container.volumeDevices, 'devicePath');
    mountFindings(out, ref, volumes, devices);
    deviceFindings(out, ref, volumes, mounts);
  }
  return out.findings;
}

export const validateVolumeMounts = jobTemplateRule('ValidateVolumeMounts', Object.values(MOUNT_CODES), checkVolumeMounts);
