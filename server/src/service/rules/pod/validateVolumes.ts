// ValidateVolumes (names: present, DNS labels, unique; exactly one source per volume) and
// ValidateVolumeMounts (the volume exists, mount paths unique within a container).
import { isObject } from '../../kube/defaults';
import { dns1123LabelProblems, dns1123LabelServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, serverError, serverSays } from '../meta/report';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

export const VOLUME_CODES = {
  nameRequired: 'pod/volume-name-required',
  nameInvalid: 'pod/volume-name-invalid',
  nameDuplicate: 'pod/volume-name-duplicate',
  sourceMissing: 'pod/volume-source-missing',
  sourceMultiple: 'pod/volume-source-multiple',
  mountNameRequired: 'pod/volume-mount-name-required',
  mountNotFound: 'pod/volume-mount-not-found',
  mountPathRequired: 'pod/volume-mount-path-required',
  mountPathDuplicate: 'pod/volume-mount-path-duplicate',
} as const;

export const volumeCodes: readonly RuleCode[] = [
  { code: VOLUME_CODES.nameRequired, severity: 'error', title: 'Volume names may not be empty', mirrors: 'ValidateVolumes', href: HREF.volumes },
  { code: VOLUME_CODES.nameInvalid, severity: 'error', title: 'Volume names must be DNS-1123 labels', mirrors: 'ValidateVolumes', href: HREF.volumes },
  { code: VOLUME_CODES.nameDuplicate, severity: 'error', title: 'Volume names must be unique in a pod', mirrors: 'ValidateVolumes', href: HREF.volumes },
  { code: VOLUME_CODES.sourceMissing, severity: 'error', title: 'A volume needs a source (emptyDir, configMap, secret, ...)', mirrors: 'validateVolumeSource', href: HREF.volumes },
  { code: VOLUME_CODES.sourceMultiple, severity: 'error', title: 'A volume may have only one source', mirrors: 'validateVolumeSource', href: HREF.volumes },
  { code: VOLUME_CODES.mountNameRequired, severity: 'error', title: 'volumeMounts[].name may not be empty', mirrors: 'ValidateVolumeMounts', href: HREF.volumes },
  { code: VOLUME_CODES.mountNotFound, severity: 'error', title: 'volumeMounts must name a volume of the pod', mirrors: 'ValidateVolumeMounts', href: HREF.volumes },
  { code: VOLUME_CODES.mountPathRequired, severity: 'error', title: 'volumeMounts[].mountPath may not be empty', mirrors: 'ValidateVolumeMounts', href: HREF.volumes },
  { code: VOLUME_CODES.mountPathDuplicate, severity: 'error', title: 'Mount paths must be unique within a container', mirrors: 'ValidateVolumeMounts', href: HREF.volumes },
];

/** The volume sources, in the order validateVolumeSource tries them (the second found is the one reported). */
const SOURCES = [
  'emptyDir', 'hostPath', 'gitRepo', 'gcePersistentDisk', 'awsElasticBlockStore', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'flocker', 'persistentVolumeClaim', 'rbd', 'cinder', 'cephfs', 'quobyte', 'downwardAPI', 'fc', 'flexVolume',
  'configMap', 'azureFile', 'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'storageos',
  'projected', 'scaleIO', 'csi', 'ephemeral', 'image',
];

/** The server spells two of these children differently in its error paths. */
const PRINTED_SOURCE: Record<string, string> = { cephfs: 'cephFS', downwardAPI: 'downwarAPI' };

function volumeFindings(volume: JsonObject, path: FieldPath, seen: Map<string, FieldPath>): Finding[] {
  const findings: Finding[] = [];
  const printed = formatFieldPath(path);
  const present = SOURCES.filter((source) => volume[source] !== undefined);
  const unknown = Object.keys(volume).filter((key) => key !== 'name' && !SOURCES.includes(key));
  // With an unknown key the schema check already speaks (a misspelt source is the likely cause).
  if (present.length === 0 && unknown.length === 0) {
    findings.push({
      code: VOLUME_CODES.sourceMissing, severity: 'error', path, anchor: 'entry',
      message: `This volume has no source: say what it holds with one of \`emptyDir: {}\`, \`configMap\`, \`secret\`, \`persistentVolumeClaim\`, \`projected\`, \`csi\`, \`ephemeral\`, ... (a source written as \`emptyDir:\` with nothing after it is null and counts as absent). ${serverSays([serverError(printed, 'Required value', undefined, 'must specify a volume type')])}`,
      href: HREF.volumes,
    });
  }
  for (const extra of present.slice(1)) {
    findings.push({
      code: VOLUME_CODES.sourceMultiple, severity: 'error', path: [...path, extra], anchor: 'key',
      message: `This volume already takes its data from \`${present[0]}\`; a volume has exactly one source, so \`${extra}\` is refused. Make it a separate volume with its own name (or use a \`projected\` volume to combine configMaps, secrets and downward API data). ${serverSays([serverError(`${printed}.${PRINTED_SOURCE[extra] ?? extra}`, 'Forbidden', undefined, 'may not specify more than 1 volume type')])}`,
      href: HREF.volumes,
    });
  }
  const name = volume.name;
  if (typeof name !== 'string') return findings;
  const namePath = [...path, 'name'];
  if (name === '') {
    findings.push({
      code: VOLUME_CODES.nameRequired, severity: 'error', path: namePath,
      message: `This volume has an empty name; give it a DNS-1123 label that volumeMounts can refer to. ${serverSays([serverError(formatFieldPath(namePath), 'Required value')])}`,
      href: HREF.volumes,
    });
    return findings;
  }
  const problems = dns1123LabelProblems(name);
  if (problems.length) {
    findings.push({
      code: VOLUME_CODES.nameInvalid, severity: 'error', path: namePath,
      message: `\`${name}\` is not a valid volume name: ${listProblems(problems)}. Volume names must be DNS-1123 labels: at most 63 lower-case letters, digits and \`-\`, starting and ending with a letter or digit. ${serverSays(dns1123LabelServerMessages(name).map((detail) => serverError(formatFieldPath(namePath), 'Invalid value', name, detail)))}`,
      href: HREF.volumes,
    });
  }
  const first = seen.get(name);
  if (first) {
    findings.push({
      code: VOLUME_CODES.nameDuplicate, severity: 'error', path: namePath,
      message: `The volume name \`${name}\` is already used by \`${formatFieldPath(first)}\`. Volume names must be unique in a pod, because volumeMounts refer to volumes by name. Rename one of them. ${serverSays([serverError(formatFieldPath(namePath), 'Duplicate value', name)])}`,
      href: HREF.volumes,
    });
  } else if (!findings.length) {
    seen.set(name, namePath); // as the server: only a volume without errors is registered
  }
  return findings;
}

function mountFindings(ref: ContainerRef, volumeNames: ReadonlySet<string>): Finding[] {
  const mounts = ref.container.volumeMounts;
  if (!Array.isArray(mounts)) return [];
  const findings: Finding[] = [];
  const paths = new Map<string, FieldPath>();
  mounts.forEach((mount, index) => {
    if (!isObject(mount)) return;
    const path = [...ref.path, 'volumeMounts', index];
    const { name, mountPath } = mount;
    if (name === '') {
      findings.push({
        code: VOLUME_CODES.mountNameRequired, severity: 'error', path: [...path, 'name'],
        message: `This mount of the ${describeContainer(ref)} has an empty volume name; name one of the pod's volumes. ${serverSays([serverError(formatFieldPath([...path, 'name']), 'Required value')])}`,
        href: HREF.volumes,
      });
    } else if (typeof name === 'string' && !volumeNames.has(name)) {
      const known = [...volumeNames];
      findings.push({
        code: VOLUME_CODES.mountNotFound, severity: 'error', path: [...path, 'name'],
        message: `The ${describeContainer(ref)} mounts volume \`${name}\`, but the pod has no volume of that name (${known.length ? `it has ${known.map((volume) => `\`${volume}\``).join(', ')}` : 'it has no volumes'}). Add it under \`spec.template.spec.volumes\` or fix the name. ${serverSays([serverError(formatFieldPath([...path, 'name']), 'Not found', name)])}`,
        href: HREF.volumes,
      });
    }
    if (mountPath === '') {
      findings.push({
        code: VOLUME_CODES.mountPathRequired, severity: 'error', path: [...path, 'mountPath'],
        message: `This mount has an empty mountPath; say where in the container the volume appears, e.g. \`/data\`. ${serverSays([serverError(formatFieldPath([...path, 'mountPath']), 'Required value')])}`,
        href: HREF.volumes,
      });
    } else if (typeof mountPath === 'string') {
      const first = paths.get(mountPath);
      if (first) {
        findings.push({
          code: VOLUME_CODES.mountPathDuplicate, severity: 'error', path: [...path, 'mountPath'],
          message: `\`${mountPath}\` is already a mount point of this container (\`${formatFieldPath(first)}\`); one path can hold only one mount. Mount this volume elsewhere, or use \`subPath\` mounts at distinct paths. ${serverSays([serverError(formatFieldPath([...path, 'mountPath']), 'Invalid value', mountPath, 'must be unique')])}`,
          href: HREF.volumes,
        });
      } else {
        paths.set(mountPath, [...path, 'mountPath']);
      }
    }
  });
  return findings;
}

export function checkVolumes(template: Json | undefined, base: FieldPath): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const findings: Finding[] = [];
  const seen = new Map<string, FieldPath>();
  const volumeNames = new Set<string>();
  const volumes = Array.isArray(spec.volumes) ? spec.volumes : [];
  volumes.forEach((volume, index) => {
    if (!isObject(volume)) return;
    if (typeof volume.name === 'string') volumeNames.add(volume.name);
    findings.push(...volumeFindings(volume, [...base, 'spec', 'volumes', index], seen));
  });
  // A mount is reported as not found only when no volume at all has its name: the server also drops
  // volumes with other errors from the lookup, but those errors are reported on their own.
  for (const ref of allContainersOf(spec, base)) findings.push(...mountFindings(ref, volumeNames));
  return findings;
}

export const validateVolumes = jobTemplateRule('ValidateVolumes', volumeCodes, (template, base) => checkVolumes(template, base));
