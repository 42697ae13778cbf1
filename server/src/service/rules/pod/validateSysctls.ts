// validateSysctls (names: present, well-formed, unique) and, from 1.29, ValidateHostSysctl: a pod sharing
// the node's network (or IPC) namespace may not set the sysctls of that namespace, since they would change
// the node's. Values are not checked by the API server (the kubelet and the runtime judge them).
// Names may use `/` as well as `.` as separators; the regular expression quoted is the one of 1.29+ (older
// releases word it differently but accept the same dotted names).
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { byteLength } from '../../kube/names';
import { HREF, serverError, serverSays } from '../meta/report';
import { asArray, asObject, asString, report } from '../shared';
import { jobTemplateRule, podSpecOf } from './podTemplate';

export const SYSCTL_CODES = {
  nameRequired: { code: 'pod/sysctl-name-required', severity: 'error', title: 'A sysctl needs a name', mirrors: 'validateSysctls', href: HREF.sysctls },
  nameInvalid: { code: 'pod/sysctl-name-invalid', severity: 'error', title: 'Sysctl names are lower-case dot- or slash-separated words of at most 253 characters', mirrors: 'validateSysctls (IsValidSysctlName)', href: HREF.sysctls },
  nameDuplicate: { code: 'pod/sysctl-name-duplicate', severity: 'error', title: 'A sysctl may be set only once', mirrors: 'validateSysctls', href: HREF.sysctls },
  hostNamespace: { code: 'pod/sysctl-host-namespace', severity: 'error', title: 'Network sysctls need their own network namespace (no hostNetwork), IPC sysctls their own IPC namespace (no hostIPC) (1.29+)', mirrors: 'ValidateHostSysctl', href: HREF.sysctls },
} satisfies Record<string, RuleCode>;

const C = SYSCTL_CODES;
const SEGMENT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
/** The regular expression as Go prints it in the message (`^(...[\./])*...$`). */
const SYSCTL_NAME_FORMAT = `^(${SEGMENT}[\\./])*${SEGMENT}$`;
const SYSCTL_NAME = new RegExp(SYSCTL_NAME_FORMAT);
const SYSCTL_MAX_LENGTH = 253;
const NAME_DETAIL = `must have at most ${SYSCTL_MAX_LENGTH} characters and match regex ${SYSCTL_NAME_FORMAT}`;

/** IsValidSysctlName. */
export function isValidSysctlName(name: string): boolean {
  return byteLength(name) <= SYSCTL_MAX_LENGTH && SYSCTL_NAME.test(name);
}

/** NormalizeName: a name written with `/` as the first separator is read with `.` and `/` swapped. */
function normalizeSysctlName(name: string): string {
  const first = name.search(/[./]/);
  if (first === -1 || name[first] === '.') return name;
  return name.replace(/[./]/g, (separator) => (separator === '.' ? '/' : '.'));
}

const IPC_NAMES = new Set([
  'kernel.sem', 'kernel.shmall', 'kernel.shmmax', 'kernel.shmmni', 'kernel.shm_rmid_forced', 'kernel.shm',
  'kernel.msgmax', 'kernel.msgmnb', 'kernel.msgmni', 'kernel.msg',
]);

/** The kernel namespace of a sysctl (component-helpers GetNamespace): Net, IPC, or none we know. */
export function sysctlNamespace(name: string): 'Net' | 'IPC' | undefined {
  let normalized = normalizeSysctlName(name);
  const star = normalized.indexOf('*');
  if (star !== -1) normalized = normalized.slice(0, star);
  if (IPC_NAMES.has(normalized)) return 'IPC';
  if (normalized.startsWith('net.')) return 'Net';
  if (normalized.startsWith('fs.mqueue.')) return 'IPC';
  return undefined;
}

function hostFinding(name: string, spec: JsonObject, path: FieldPath): Finding | undefined {
  const namespace = sysctlNamespace(name);
  const field = namespace === 'Net' && spec.hostNetwork === true ? 'hostNetwork' : namespace === 'IPC' && spec.hostIPC === true ? 'hostIPC' : undefined;
  if (!field) return undefined;
  const kind = field === 'hostNetwork' ? 'network' : 'IPC';
  return report(C.hostNamespace, path,
    `\`${name}\` is a sysctl of the ${kind} namespace, and with \`${field}: true\` the pod shares the node's: setting it would change the node. Remove the sysctl or \`${field}: true\`. ${serverSays([serverError(formatFieldPath(path), 'Invalid value', name, `may not be specified when '${field}' is true`)])}`);
}

export function checkSysctls(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  const sysctls = asArray(asObject(spec?.securityContext)?.sysctls);
  if (!spec || !sysctls) return [];
  const findings: Finding[] = [];
  const seen = new Map<string, FieldPath>();
  sysctls.forEach((sysctl, index) => {
    const name = asString(asObject(sysctl)?.name);
    if (name === undefined) return;
    const path = [...base, 'spec', 'securityContext', 'sysctls', index, 'name'];
    const printed = formatFieldPath(path);
    if (name === '') {
      findings.push(report(C.nameRequired, path,
        `Sysctl #${index + 1} has an empty name: give the kernel parameter to set, e.g. \`net.ipv4.ip_local_port_range\`. ${serverSays([serverError(printed, 'Required value')])}`));
    } else if (!isValidSysctlName(name)) {
      findings.push(report(C.nameInvalid, path,
        `\`${name}\` is not a sysctl name: use lower-case letters, digits, \`-\` and \`_\` in parts separated by \`.\` (or \`/\`), at most ${SYSCTL_MAX_LENGTH} characters, e.g. \`kernel.shm_rmid_forced\`. ${serverSays([serverError(printed, 'Invalid value', name, NAME_DETAIL)])}`));
    } else if (seen.has(name)) {
      findings.push(report(C.nameDuplicate, path,
        `\`${name}\` is already set by \`${formatFieldPath(seen.get(name) ?? [])}\`; each sysctl may appear once. Remove one of them. ${serverSays([serverError(printed, 'Duplicate value', name)])}`));
    }
    if (!seen.has(name)) seen.set(name, path);
    if (minor >= 29) {
      const finding = hostFinding(name, spec, path);
      if (finding) findings.push(finding);
    }
  });
  return findings;
}

export const validateSysctls = jobTemplateRule('validateSysctls', Object.values(SYSCTL_CODES), checkSysctls);
