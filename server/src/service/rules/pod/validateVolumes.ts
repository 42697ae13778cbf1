// ValidateVolumes (names: present, DNS labels, unique) and validateVolumeSource's count of sources:
// exactly one per volume. A volume written without any source is not an error: SetDefaults_Volume makes
// it an emptyDir when the request is decoded (a behaviour the API marks as deprecated), so we only warn.
// A source whose feature gate is off by default is dropped on create (PrepareForCreate) after that
// defaulting, so a volume whose only source is dropped is left with none, which the server refuses.
// The mounts of these volumes are checked in validateVolumeMounts.ts, each source in validateVolumeSources.ts.
import { isObject } from '../../kube/defaults';
import { dns1123LabelProblems, dns1123LabelServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, serverError, serverSays } from '../meta/report';
import { jobTemplateRule, podSpecOf } from './podTemplate';
import { volumeSourcesOf } from './volumeSources';

export const VOLUME_CODES = {
  nameRequired: 'pod/volume-name-required',
  nameInvalid: 'pod/volume-name-invalid',
  nameDuplicate: 'pod/volume-name-duplicate',
  sourceMissing: 'pod/volume-source-missing',
  sourceMultiple: 'pod/volume-source-multiple',
  sourceImplicitEmptyDir: 'pod/volume-source-implicit-empty-dir',
} as const;

export const volumeCodes: readonly RuleCode[] = [
  { code: VOLUME_CODES.nameRequired, severity: 'error', title: 'Volume names may not be empty', mirrors: 'ValidateVolumes', href: HREF.volumes },
  { code: VOLUME_CODES.nameInvalid, severity: 'error', title: 'Volume names must be DNS-1123 labels', mirrors: 'ValidateVolumes', href: HREF.volumes },
  { code: VOLUME_CODES.nameDuplicate, severity: 'error', title: 'Volume names must be unique in a pod', mirrors: 'ValidateVolumes', href: HREF.volumes },
  { code: VOLUME_CODES.sourceMissing, severity: 'error', title: 'A volume whose only source is dropped (its feature gate is off) is left without a source', mirrors: 'validateVolumeSource (after PrepareForCreate)', href: HREF.volumes },
  { code: VOLUME_CODES.sourceMultiple, severity: 'error', title: 'A volume may have only one source', mirrors: 'validateVolumeSource', href: HREF.volumes },
  { code: VOLUME_CODES.sourceImplicitEmptyDir, severity: 'warning', title: 'A volume without a source becomes an emptyDir (deprecated behaviour)', mirrors: 'SetDefaults_Volume', href: HREF.volumes },
];

/** The server spells two of these children differently in its error paths. */
const PRINTED_SOURCE: Record<string, string> = { cephfs: 'cephFS', downwardAPI: 'downwarAPI' };

function sourceFindings(volume: JsonObject, path: FieldPath, minor: number): Finding[] {
  const findings: Finding[] = [];
  const printed = formatFieldPath(path);
  const { kept, dropped, unknown } = volumeSourcesOf(volume, minor);
  // With an unknown key the schema check already speaks (a misspelt source is the likely cause).
  if (kept.length === 0 && unknown.length === 0 && dropped.length === 0) {
    findings.push({
      code: VOLUME_CODES.sourceImplicitEmptyDir, severity: 'warning', path, anchor: 'entry',
      message: 'This volume names no source, so the API server makes it an empty directory (`emptyDir: {}`) that lives as long as the Pod. The API marks this implicit default as deprecated, to be removed in a future release: write `emptyDir: {}` if that is what you want, or name the source (`configMap`, `secret`, `persistentVolumeClaim`, ...). A source written as `emptyDir:` with nothing after it is null and counts as absent.',
      href: HREF.volumes,
    });
  }
  if (kept.length === 0 && unknown.length === 0 && dropped.length > 0) {
    findings.push({
      code: VOLUME_CODES.sourceMissing, severity: 'error', path, anchor: 'entry',
      message: `In Kubernetes 1.${minor} the API server drops \`${dropped.join('`, `')}\` on create (its feature gate, ImageVolume, is off by default), and this volume is then left without a source. Use another source, or enable the gate on the API server. ${serverSays([serverError(printed, 'Required value', undefined, 'must specify a volume type')])}`,
      href: HREF.volumes,
    });
  }
  for (const extra of kept.slice(1)) {
    findings.push({
      code: VOLUME_CODES.sourceMultiple, severity: 'error', path: [...path, extra], anchor: 'key',
      message: `This volume already takes its data from \`${kept[0]}\`; a volume has exactly one source, so \`${extra}\` is refused. Make it a separate volume with its own name (or use a \`projected\` volume to combine configMaps, secrets and downward API data). ${serverSays([serverError(`${printed}.${PRINTED_SOURCE[extra] ?? extra}`, 'Forbidden', undefined, 'may not specify more than 1 volume type')])}`,
      href: HREF.volumes,
    });
  }
  return findings;
}

function nameFindings(volume: JsonObject, path: FieldPath, seen: Map<string, FieldPath>, clean: boolean): Finding[] {
  const findings: Finding[] = [];
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
  } else if (clean && !findings.length) {
    seen.set(name, namePath); // as the server: only a volume without errors is registered
  }
  return findings;
}

/** The volume checks of ValidatePodSpec for one pod template. */
export function checkVolumes(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec || !Array.isArray(spec.volumes)) return [];
  const findings: Finding[] = [];
  const seen = new Map<string, FieldPath>();
  spec.volumes.forEach((volume, index) => {
    if (!isObject(volume)) return;
    const path = [...base, 'spec', 'volumes', index];
    const sources = sourceFindings(volume, path, minor);
    findings.push(...sources);
    findings.push(...nameFindings(volume, path, seen, !sources.some((finding) => finding.severity === 'error')));
  });
  return findings;
}

export const validateVolumes = jobTemplateRule('ValidateVolumes', volumeCodes, checkVolumes);
