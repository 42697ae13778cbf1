// ValidateSecurityContext (each container), validatePodSpecSecurityContext (the pod) and validateHostUsers.
// Seccomp and AppArmor profiles are in validateSecurityProfiles.ts, sysctls in validateSysctls.ts, Windows
// options in validateWindowsOptions.ts. Not checked here:
// - `privileged: true` is refused when the API server runs without --allow-privileged (a cluster setting
//   we cannot see), so nothing is said about it;
// - runAsNonRoot with runAsUser 0 is accepted by the API server (the kubelet refuses to start the
//   container), so it is no validation error.
// Release by release (gates at their defaults):
// - procMount is rewritten to Default on create while ProcMountType is off (up to 1.32); from 1.33 it must
//   be Default or Unmasked, and Unmasked needs `hostUsers: false`.
// - hostUsers is dropped on create until 1.32 (UserNamespacesSupport off); from 1.33 `hostUsers: false`
//   refuses hostNetwork, hostPID and hostIPC, and from 1.35 volumeDevices (added in 1.34 or 1.35: we
//   check from the release we are sure of).
// - supplementalGroupsPolicy is dropped in 1.31-1.32, checked from 1.33 (Merge or Strict).
// - seLinuxChangePolicy is dropped in 1.32; in 1.33-1.35 only Recursive is accepted (SELinuxMount is off),
//   later releases are only held to the full set (Recursive, MountOption).
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asArray, asInteger, asObject, asString, report } from '../shared';
import { allContainersOf, containersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

export const SECURITY_CONTEXT_CODES = {
  idOutOfRange: { code: 'pod/security-context-id-out-of-range', severity: 'error', title: 'User and group IDs must be between 0 and 2147483647', mirrors: 'ValidateSecurityContext, validatePodSpecSecurityContext (IsValidUserID, IsValidGroupID)', href: HREF.securityContext },
  shareProcessNamespace: { code: 'pod/security-context-share-process-namespace-with-host-pid', severity: 'error', title: 'shareProcessNamespace and hostPID may not both be true', mirrors: 'validatePodSpecSecurityContext', href: HREF.securityContext },
  fsGroupChangePolicy: { code: 'pod/security-context-fs-group-change-policy-unsupported', severity: 'error', title: 'fsGroupChangePolicy must be OnRootMismatch or Always', mirrors: 'validateFSGroupChangePolicy', href: HREF.securityContext },
  supplementalGroupsPolicy: { code: 'pod/security-context-supplemental-groups-policy-unsupported', severity: 'error', title: 'supplementalGroupsPolicy must be Merge or Strict (1.33+)', mirrors: 'validateSupplementalGroupsPolicy', href: HREF.securityContext },
  seLinuxChangePolicy: { code: 'pod/security-context-selinux-change-policy-unsupported', severity: 'error', title: 'seLinuxChangePolicy must be Recursive (MountOption needs the SELinuxMount gate) (1.33+)', mirrors: 'validateSELinuxChangePolicy', href: HREF.securityContext },
  privilegedWithoutEscalation: { code: 'pod/security-context-privileged-without-privilege-escalation', severity: 'error', title: 'A privileged container may not set allowPrivilegeEscalation: false', mirrors: 'ValidateSecurityContext', href: HREF.securityContext },
  sysAdminWithoutEscalation: { code: 'pod/security-context-sys-admin-without-privilege-escalation', severity: 'error', title: 'Adding CAP_SYS_ADMIN contradicts allowPrivilegeEscalation: false', mirrors: 'ValidateSecurityContext', href: HREF.securityContext },
  procMount: { code: 'pod/security-context-proc-mount-unsupported', severity: 'error', title: 'procMount must be Default or Unmasked (1.33+)', mirrors: 'ValidateProcMountType', href: HREF.securityContext },
  procMountUnmasked: { code: 'pod/security-context-proc-mount-unmasked-needs-user-namespace', severity: 'error', title: 'procMount: Unmasked needs hostUsers: false (1.33+)', mirrors: 'ValidateSecurityContext', href: HREF.userNamespaces },
  hostNamespaces: { code: 'pod/security-context-host-namespace-with-user-namespace', severity: 'error', title: 'With hostUsers: false, hostNetwork, hostPID and hostIPC must be false (1.33+)', mirrors: 'validateHostUsers', href: HREF.userNamespaces },
  volumeDevices: { code: 'pod/security-context-volume-devices-with-user-namespace', severity: 'error', title: 'With hostUsers: false, containers may not use volumeDevices (1.35+)', mirrors: 'validateHostUsers', href: HREF.userNamespaces },
} satisfies Record<string, RuleCode>;

const C = SECURITY_CONTEXT_CODES;
const MAX_ID = 2147483647;
const ID_RANGE = `must be between 0 and ${MAX_ID}, inclusive`;
const FS_GROUP_CHANGE_POLICIES = ['Always', 'OnRootMismatch'];
const SUPPLEMENTAL_GROUPS_POLICIES = ['Merge', 'Strict'];
const PROC_MOUNTS = ['Default', 'Unmasked'];

/** hostUsers as the server sees it: kept from 1.33 (UserNamespacesSupport on), true when unset. */
export function usesHostUsers(spec: JsonObject, minor: number): boolean {
  return !(minor >= 33 && spec.hostUsers === false);
}

function idFinding(value: Json | undefined, path: FieldPath, what: string, kind: 'user' | 'group'): Finding | undefined {
  const id = asInteger(value);
  if (id === undefined || (id >= 0 && id <= MAX_ID)) return undefined;
  return report(C.idOutOfRange, path,
    `${what} is ${id}, which is not a valid Linux ${kind} ID: use 0 to ${MAX_ID}. ${serverSays([serverError(formatFieldPath(path), 'Invalid value', id, ID_RANGE)])}`);
}

function unsupportedFinding(code: RuleCode, value: string, path: FieldPath, allowed: readonly string[], explanation: string): Finding {
  const choices = allowed.map((item) => `\`${item}\``).join(' or ');
  return report(code, path,
    `\`${value}\` is not accepted here: use ${choices} (values are case-sensitive). ${explanation} ${serverSays([serverError(formatFieldPath(path), 'Unsupported value', value, supportedValuesDetail(allowed))])}`);
}

function containerFindings(ref: ContainerRef, hostUsers: boolean, minor: number): Finding[] {
  const context = asObject(ref.container.securityContext);
  if (!context) return [];
  const path = [...ref.path, 'securityContext'];
  const findings: Finding[] = [];
  for (const field of ['runAsUser', 'runAsGroup'] as const) {
    const finding = idFinding(context[field], [...path, field], `The ${field} of the ${describeContainer(ref)}`, field === 'runAsUser' ? 'user' : 'group');
    if (finding) findings.push(finding);
  }
  const procMount = asString(context.procMount);
  if (procMount !== undefined && minor >= 33) {
    const at = [...path, 'procMount'];
    if (!PROC_MOUNTS.includes(procMount)) {
      findings.push(unsupportedFinding(C.procMount, procMount, at, PROC_MOUNTS, '`Default` masks the sensitive parts of /proc; `Unmasked` leaves /proc as it is.'));
    } else if (procMount === 'Unmasked' && hostUsers) {
      findings.push(report(C.procMountUnmasked, at,
        `An unmasked /proc is allowed only in a user namespace: set \`hostUsers: false\` on the pod, or use \`procMount: Default\`. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', procMount, '`hostUsers` must be false to use `Unmasked`')])}`));
    }
  }
  if (context.allowPrivilegeEscalation === false) {
    const printed = formatFieldPath(path);
    if (context.privileged === true) {
      findings.push(report(C.privilegedWithoutEscalation, path,
        `The ${describeContainer(ref)} is privileged, which always allows privilege escalation, yet sets \`allowPrivilegeEscalation: false\`. Drop one of the two: remove \`privileged: true\` (preferred when the container does not need full host access) or \`allowPrivilegeEscalation: false\`. ${serverSays([serverError(printed, 'Invalid value', undefined, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true')])}`, 'key'));
    }
    const added = asArray(asObject(context.capabilities)?.add) ?? [];
    for (const capability of added) {
      if (capability !== 'CAP_SYS_ADMIN') continue;
      findings.push(report(C.sysAdminWithoutEscalation, path,
        `The ${describeContainer(ref)} adds CAP_SYS_ADMIN, which grants what \`allowPrivilegeEscalation: false\` denies. Remove the capability, or allow privilege escalation. ${serverSays([serverError(printed, 'Invalid value', undefined, 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN')])}`, 'key'));
    }
  }
  return findings;
}

function podFindings(spec: JsonObject, base: FieldPath, minor: number): Finding[] {
  // Never nil for the server: defaulting sets `securityContext: {}`, and hostPID and shareProcessNamespace live in it.
  const context = asObject(spec.securityContext) ?? {};
  const path = [...base, 'spec', 'securityContext'];
  const findings: Finding[] = [];
  for (const field of ['fsGroup', 'runAsUser', 'runAsGroup'] as const) {
    const finding = idFinding(context[field], [...path, field], `The pod's ${field}`, field === 'runAsUser' ? 'user' : 'group');
    if (finding) findings.push(finding);
  }
  (asArray(context.supplementalGroups) ?? []).forEach((group, index) => {
    const finding = idFinding(group, [...path, 'supplementalGroups', index], `Supplemental group #${index + 1}`, 'group');
    if (finding) findings.push(finding);
  });
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    const at = [...base, 'spec', 'shareProcessNamespace'];
    findings.push(report(C.shareProcessNamespace, at,
      `\`shareProcessNamespace\` gives the pod's containers one process namespace of their own, while \`hostPID\` puts them in the node's: they cannot both be true. Keep the one you need. ${serverSays([serverError(`${formatFieldPath(path)}.shareProcessNamespace`, 'Invalid value', true, 'ShareProcessNamespace and HostPID cannot both be enabled')])}`));
  }
  const fsGroupChangePolicy = asString(context.fsGroupChangePolicy);
  if (fsGroupChangePolicy !== undefined && !FS_GROUP_CHANGE_POLICIES.includes(fsGroupChangePolicy)) {
    findings.push(unsupportedFinding(C.fsGroupChangePolicy, fsGroupChangePolicy, [...path, 'fsGroupChangePolicy'], FS_GROUP_CHANGE_POLICIES,
      '`OnRootMismatch` changes volume ownership only when the volume root does not match fsGroup; `Always` changes it on every mount.'));
  }
  const supplementalGroupsPolicy = asString(context.supplementalGroupsPolicy);
  if (supplementalGroupsPolicy !== undefined && minor >= 33 && !SUPPLEMENTAL_GROUPS_POLICIES.includes(supplementalGroupsPolicy)) {
    findings.push(unsupportedFinding(C.supplementalGroupsPolicy, supplementalGroupsPolicy, [...path, 'supplementalGroupsPolicy'], SUPPLEMENTAL_GROUPS_POLICIES,
      '`Merge` adds the groups of the image\'s user; `Strict` uses only fsGroup, supplementalGroups and runAsGroup.'));
  }
  findings.push(...seLinuxChangePolicyFindings(asString(context.seLinuxChangePolicy), [...path, 'seLinuxChangePolicy'], minor));
  return findings;
}

function seLinuxChangePolicyFindings(policy: string | undefined, path: FieldPath, minor: number): Finding[] {
  if (policy === undefined || minor < 33) return [];
  const onlyRecursive = minor <= 35;
  const allowed = onlyRecursive ? ['Recursive'] : ['MountOption', 'Recursive'];
  if (allowed.includes(policy)) return [];
  const note = onlyRecursive && policy === 'MountOption'
    ? `\`MountOption\` needs the SELinuxMount feature gate, which is off by default in Kubernetes 1.${minor}; without it only \`Recursive\` is accepted.`
    : '`Recursive` relabels every file of each volume.';
  return [unsupportedFinding(C.seLinuxChangePolicy, policy, path, allowed, note)];
}

function hostUsersFindings(spec: JsonObject, base: FieldPath, minor: number): Finding[] {
  if (usesHostUsers(spec, minor)) return [];
  const findings: Finding[] = [];
  // 1.34 (kubernetes#132868) shortened the wording and, from 1.35 here to be safe, refuses volumeDevices.
  const detail = minor >= 34 ? 'when `hostUsers` is false' : 'when `pod.Spec.HostUsers` is false';
  // The server spells two of the three paths with capitals. hostNetwork becomes possible with the
  // UserNamespacesHostNetworkSupport gate (alpha in 1.35); later releases are not held to it.
  const fields = minor <= 35 ? [['hostNetwork', 'hostNetwork'], ['hostPID', 'HostPID'], ['hostIPC', 'HostIPC']] as const : [['hostPID', 'HostPID'], ['hostIPC', 'HostIPC']] as const;
  for (const [field, printedField] of fields) {
    if (spec[field] !== true) continue;
    const at = [...base, 'spec', field];
    findings.push(report(C.hostNamespaces, at,
      `With \`hostUsers: false\` the pod runs in a user namespace of its own, which cannot be combined with the node's namespaces: remove \`${field}: true\` or \`hostUsers: false\`. ${serverSays([serverError(`${formatFieldPath([...base, 'spec'])}.${printedField}`, 'Forbidden', undefined, detail)])}`, 'key'));
  }
  if (minor >= 35) {
    for (const ref of [...containersOf(spec, base, 'initContainers'), ...containersOf(spec, base, 'containers')]) {
      if ((asArray(ref.container.volumeDevices)?.length ?? 0) === 0) continue;
      const at = [...ref.path, 'volumeDevices'];
      findings.push(report(C.volumeDevices, at,
        `Raw block devices (\`volumeDevices\`) cannot be mapped into a user namespace, so the ${describeContainer(ref)} may not use them with \`hostUsers: false\`. Use a filesystem volume (\`volumeMounts\`), or remove \`hostUsers: false\`. ${serverSays([serverError(formatFieldPath(at), 'Forbidden', undefined, detail)])}`, 'key'));
    }
  }
  return findings;
}

export function checkSecurityContext(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const hostUsers = usesHostUsers(spec, minor);
  return [
    ...allContainersOf(spec, base).flatMap((ref) => containerFindings(ref, hostUsers, minor)),
    ...podFindings(spec, base, minor),
    ...hostUsersFindings(spec, base, minor),
  ];
}

export const validateSecurityContext =
  jobTemplateRule('ValidateSecurityContext', Object.values(SECURITY_CONTEXT_CODES), checkSecurityContext);
