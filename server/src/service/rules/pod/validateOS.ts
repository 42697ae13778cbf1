// validateOS (spec.os.name: linux or windows), then, for a valid name, validateLinux (no windowsOptions)
// or validateWindows (none of the Linux-only security settings). spec.os is dropped on create in 1.23
// (IdentifyPodOS alpha, off) and checked from 1.24. Fields that are themselves dropped while their gate is
// off never reach validateWindows: hostUsers, supplementalGroupsPolicy and seLinuxChangePolicy count from
// 1.33, appArmorProfile from 1.30 (its first release). procMount is rewritten to Default, not dropped, while
// ProcMountType is off, so it is refused on Windows in every release.
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asArray, asObject, asString, report } from '../shared';
import { containersOf, describeContainer, jobTemplateRule, podSpecOf } from './podTemplate';

export const OS_CODES = {
  nameRequired: { code: 'pod/os-name-required', severity: 'error', title: 'spec.os.name may not be empty (1.24+)', mirrors: 'validateOS', href: HREF.podOS },
  nameUnsupported: { code: 'pod/os-name-unsupported', severity: 'error', title: 'spec.os.name must be linux or windows (1.24+)', mirrors: 'validateOS', href: HREF.podOS },
  linuxWindowsOptions: { code: 'pod/os-linux-windows-options', severity: 'error', title: 'A linux pod may not set windowsOptions (1.24+)', mirrors: 'validateLinux', href: HREF.podOS },
  windowsForbidden: { code: 'pod/os-windows-forbidden-field', severity: 'error', title: 'A windows pod may not set Linux-only security settings (1.24+)', mirrors: 'validateWindows', href: HREF.windowsSecurity },
} satisfies Record<string, RuleCode>;

const C = OS_CODES;
const OS_NAMES = ['linux', 'windows'];

/** A field refused on Windows: where it is in YAML, where the server says it is, and whether it is set. */
interface WindowsField {
  field: string;
  /** True when the server sees the field as set (pointer not nil, bool true, list not empty...). */
  set: (value: Json | undefined) => boolean;
  since?: number;
}

const present = (value: Json | undefined): boolean => value !== undefined;
const isTrue = (value: Json | undefined): boolean => value === true;
const nonEmpty = (value: Json | undefined): boolean => (asArray(value)?.length ?? 0) > 0;

/** Pod-level settings in validateWindows' order; `spec` ones sit on the pod spec in YAML (and in the message). */
const POD_FIELDS: readonly (WindowsField & { onSpec?: boolean })[] = [
  { field: 'appArmorProfile', set: present, since: 30 },
  { field: 'seLinuxOptions', set: present },
  { field: 'hostUsers', set: present, since: 33, onSpec: true },
  { field: 'hostPID', set: isTrue, onSpec: true },
  { field: 'hostIPC', set: isTrue, onSpec: true },
  { field: 'seccompProfile', set: present },
  { field: 'fsGroup', set: present },
  { field: 'fsGroupChangePolicy', set: present },
  { field: 'sysctls', set: nonEmpty },
  { field: 'shareProcessNamespace', set: present, onSpec: true },
  { field: 'runAsUser', set: present },
  { field: 'runAsGroup', set: present },
  { field: 'supplementalGroups', set: present },
  { field: 'supplementalGroupsPolicy', set: present, since: 33 },
  { field: 'seLinuxChangePolicy', set: present, since: 33 },
];

const CONTAINER_FIELDS: readonly WindowsField[] = [
  { field: 'appArmorProfile', set: present, since: 30 },
  { field: 'seLinuxOptions', set: present },
  { field: 'seccompProfile', set: present },
  { field: 'capabilities', set: present },
  { field: 'readOnlyRootFilesystem', set: present },
  { field: 'privileged', set: present },
  { field: 'allowPrivilegeEscalation', set: present },
  { field: 'procMount', set: present },
  { field: 'runAsUser', set: present },
  { field: 'runAsGroup', set: present },
];

function forbiddenOnWindows(path: FieldPath, field: string, who: string): Finding {
  return report(C.windowsForbidden, path,
    `\`${field}\` is a Linux setting, and this pod runs on Windows (\`os.name: windows\`), so ${who} may not set it. Remove it; Windows containers are configured through \`securityContext.windowsOptions\`. ${serverSays([serverError(formatFieldPath(path), 'Forbidden', undefined, 'cannot be set for a windows pod')])}`, 'key');
}

function windowsFindings(spec: JsonObject, base: FieldPath, minor: number): Finding[] {
  const findings: Finding[] = [];
  const context = asObject(spec.securityContext);
  for (const { field, set, since, onSpec } of POD_FIELDS) {
    if (since !== undefined && minor < since) continue;
    const value = onSpec ? spec[field] : context?.[field];
    if (!set(value)) continue;
    findings.push(forbiddenOnWindows(onSpec ? [...base, 'spec', field] : [...base, 'spec', 'securityContext', field], field, 'the pod'));
  }
  for (const ref of [...containersOf(spec, base, 'initContainers'), ...containersOf(spec, base, 'containers')]) {
    const containerContext = asObject(ref.container.securityContext);
    if (!containerContext) continue;
    for (const { field, set, since } of CONTAINER_FIELDS) {
      if ((since !== undefined && minor < since) || !set(containerContext[field])) continue;
      findings.push(forbiddenOnWindows([...ref.path, 'securityContext', field], field, `the ${describeContainer(ref)}`));
    }
  }
  return findings;
}

function linuxFindings(spec: JsonObject, base: FieldPath): Finding[] {
  const owners: [JsonObject | undefined, FieldPath, string][] = [[asObject(spec.securityContext), [...base, 'spec', 'securityContext'], 'the pod']];
  for (const ref of [...containersOf(spec, base, 'initContainers'), ...containersOf(spec, base, 'containers')]) {
    owners.push([asObject(ref.container.securityContext), [...ref.path, 'securityContext'], `the ${describeContainer(ref)}`]);
  }
  const findings: Finding[] = [];
  for (const [context, path, who] of owners) {
    if (context?.windowsOptions === undefined) continue;
    const at = [...path, 'windowsOptions'];
    findings.push(report(C.linuxWindowsOptions, at,
      `This pod runs on Linux (\`os.name: linux\`), so the Windows-only \`windowsOptions\` of ${who} are refused. Remove them, or set \`os.name: windows\` if the pod is meant for Windows nodes. ${serverSays([serverError(formatFieldPath(at), 'Forbidden', undefined, 'windows options cannot be set for a linux pod')])}`, 'key'));
  }
  return findings;
}

export function checkOS(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  const os = asObject(spec?.os);
  if (!spec || !os || minor < 24) return [];
  const name = asString(os.name);
  if (name === undefined) return []; // missing or not a string: the schema check's finding
  if (name === '') {
    const path = [...base, 'spec', 'os', 'name'];
    return [report(C.nameRequired, path,
      `\`os.name\` is empty: say which operating system the pod needs, \`linux\` or \`windows\` (or remove \`os\`). ${serverSays([serverError(formatFieldPath(path), 'Required value', undefined, minor <= 35 ? 'cannot be empty' : undefined)])}`)];
  }
  if (!OS_NAMES.includes(name)) {
    // The server names `os`, not `os.name`.
    const path = [...base, 'spec', 'os'];
    return [report(C.nameUnsupported, path,
      `\`${name}\` is not an operating system the pod can ask for: use \`linux\` or \`windows\` (lower case). ${serverSays([serverError(formatFieldPath(path), 'Unsupported value', name, supportedValuesDetail(OS_NAMES))])}`, 'key')];
  }
  return name === 'linux' ? linuxFindings(spec, base) : windowsFindings(spec, base, minor);
}

export const validateOS = jobTemplateRule('validateOS', Object.values(OS_CODES), checkOS);
