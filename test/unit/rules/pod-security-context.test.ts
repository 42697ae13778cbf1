// Security rules of the pod template: security contexts (ValidateSecurityContext,
// validatePodSpecSecurityContext, validateHostUsers), seccomp and AppArmor profiles and annotations,
// sysctls and Windows options, each with a trigger and a boundary case, per release where it changes.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { KUBECTL_PARSE_OPTIONS, toServerJson } from '../../../server/src/service/document/kubectlYaml';
import { applyDefaults, isObject } from '../../../server/src/service/kube/defaults';
import { podTemplateRules } from '../../../server/src/service/rules/pod/index';
import { runAsUserNameMessages } from '../../../server/src/service/rules/pod/validateWindowsOptions';
import { sysctlNamespace } from '../../../server/src/service/rules/pod/validateSysctls';
import { formatFieldPath, MAX_MINOR, type Json } from '../../../server/src/service/types';
import { sharedPath, skipUnlessShared } from '../../support/shared';
import { assertEveryCodeTriggered, C0, container, POD, job, runCases, withContainer, type Case } from './pod-cases';

type Fields = { [key: string]: Json };
const sc = (fields: Fields, podSpec: Fields = {}) => withContainer({ securityContext: fields }, podSpec);
const podSc = (fields: Fields, podSpec: Fields = {}) => job({ ...podSpec, securityContext: fields });
const SC = `${C0}.securityContext`;
const PSC = `${POD}.securityContext`;
/** A raw block volume for the volumeDevices cases, so the device names a volume of the pod. */
const RAW_VOLUME = [{ name: 'raw', persistentVolumeClaim: { claimName: 'raw' } }];

const contexts: Case[] = [
  { name: 'runAsUser -1', yaml: sc({ runAsUser: -1 }), expect: [`pod/security-context-id-out-of-range @ ${SC}.runAsUser`], words: ['securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive'] },
  { name: 'runAsUser 2147483647', yaml: sc({ runAsUser: 2147483647, runAsGroup: 0 }), expect: [] },
  { name: 'runAsGroup 2147483648', yaml: sc({ runAsGroup: 2147483648 }), expect: [`pod/security-context-id-out-of-range @ ${SC}.runAsGroup`] },
  { name: 'the pod\'s fsGroup and a supplemental group out of range', yaml: podSc({ fsGroup: -1, supplementalGroups: [1000, -2] }), expect: [`pod/security-context-id-out-of-range @ ${PSC}.fsGroup`, `pod/security-context-id-out-of-range @ ${PSC}.supplementalGroups[1]`] },
  { name: 'runAsNonRoot with runAsUser 0 is accepted by the API server (the kubelet refuses it)', yaml: sc({ runAsNonRoot: true, runAsUser: 0 }), expect: [] },
  { name: 'shareProcessNamespace with hostPID', yaml: job({ shareProcessNamespace: true, hostPID: true }), expect: [`pod/security-context-share-process-namespace-with-host-pid @ ${POD}.shareProcessNamespace`], words: ['spec.template.spec.securityContext.shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled'] },
  { name: 'shareProcessNamespace alone', yaml: job({ shareProcessNamespace: true, hostPID: false }), expect: [] },
  { name: 'fsGroupChangePolicy in lower case', yaml: podSc({ fsGroupChangePolicy: 'onRootMismatch' }), expect: [`pod/security-context-fs-group-change-policy-unsupported @ ${PSC}.fsGroupChangePolicy`], words: ['Unsupported value: "onRootMismatch": supported values: "Always", "OnRootMismatch"'] },
  { name: 'fsGroupChangePolicy OnRootMismatch', yaml: podSc({ fsGroupChangePolicy: 'OnRootMismatch' }), expect: [] },
  { name: 'supplementalGroupsPolicy in lower case, 1.33', yaml: podSc({ supplementalGroupsPolicy: 'merge' }), minor: 33, expect: [`pod/security-context-supplemental-groups-policy-unsupported @ ${PSC}.supplementalGroupsPolicy`], words: ['supported values: "Merge", "Strict"'] },
  { name: 'supplementalGroupsPolicy in 1.32 is dropped', yaml: podSc({ supplementalGroupsPolicy: 'merge' }), minor: 32, expect: [] },
  { name: 'supplementalGroupsPolicy Strict', yaml: podSc({ supplementalGroupsPolicy: 'Strict' }), expect: [] },
  { name: 'seLinuxChangePolicy MountOption in 1.35 (SELinuxMount off)', yaml: podSc({ seLinuxChangePolicy: 'MountOption' }), expect: [`pod/security-context-selinux-change-policy-unsupported @ ${PSC}.seLinuxChangePolicy`], words: ['SELinuxMount', 'Unsupported value: "MountOption": supported values: "Recursive"'] },
  { name: 'seLinuxChangePolicy Recursive', yaml: podSc({ seLinuxChangePolicy: 'Recursive' }), expect: [] },
  { name: 'seLinuxChangePolicy in 1.32 is dropped', yaml: podSc({ seLinuxChangePolicy: 'Bogus' }), minor: 32, expect: [] },
  { name: 'privileged without privilege escalation', yaml: sc({ privileged: true, allowPrivilegeEscalation: false }), expect: [`pod/security-context-privileged-without-privilege-escalation @ ${SC}`], anchor: 'key', words: ['securityContext: Invalid value: cannot set `allowPrivilegeEscalation` to false and `privileged` to true'] },
  { name: 'no privilege escalation, not privileged', yaml: sc({ privileged: false, allowPrivilegeEscalation: false }), expect: [] },
  { name: 'CAP_SYS_ADMIN without privilege escalation', yaml: sc({ allowPrivilegeEscalation: false, capabilities: { add: ['NET_ADMIN', 'CAP_SYS_ADMIN'] } }), expect: [`pod/security-context-sys-admin-without-privilege-escalation @ ${SC}`] },
  { name: 'SYS_ADMIN (without the CAP_ prefix) is not matched by the server', yaml: sc({ allowPrivilegeEscalation: false, capabilities: { add: ['SYS_ADMIN'] } }), expect: [] },
];

const namespaces: Case[] = [
  { name: 'procMount Unmasked in 1.33 with host users', yaml: sc({ procMount: 'Unmasked' }), minor: 33, expect: [`pod/security-context-proc-mount-unmasked-needs-user-namespace @ ${SC}.procMount`], words: ['Invalid value: "Unmasked": `hostUsers` must be false to use `Unmasked`'] },
  { name: 'procMount Unmasked in a user namespace', yaml: sc({ procMount: 'Unmasked' }, { hostUsers: false }), minor: 33, expect: [] },
  { name: 'procMount in 1.32 is rewritten to Default', yaml: sc({ procMount: 'unmasked' }), minor: 32, expect: [] },
  { name: 'procMount in lower case, 1.35', yaml: sc({ procMount: 'unmasked' }), expect: [`pod/security-context-proc-mount-unsupported @ ${SC}.procMount`], words: ['supported values: "Default", "Unmasked"'] },
  { name: 'hostUsers false with hostNetwork, 1.33', yaml: job({ hostUsers: false, hostNetwork: true }), minor: 33, expect: [`pod/security-context-host-namespace-with-user-namespace @ ${POD}.hostNetwork`], anchor: 'key', words: ['spec.template.spec.hostNetwork: Forbidden: when `pod.Spec.HostUsers` is false'] },
  { name: 'hostUsers false with hostPID (the server capitalises the path; 1.34 wording)', yaml: job({ hostUsers: false, hostPID: true, hostIPC: true }), expect: [`pod/security-context-host-namespace-with-user-namespace @ ${POD}.hostPID`, `pod/security-context-host-namespace-with-user-namespace @ ${POD}.hostIPC`], words: ['spec.template.spec.HostPID: Forbidden: when `hostUsers` is false'] },
  { name: 'volumeDevices in a user namespace, 1.35', yaml: job({ hostUsers: false, volumes: RAW_VOLUME, initContainers: [container({ volumeDevices: [{ name: 'raw', devicePath: '/dev/xvda' }] }, 'init')] }), expect: [`pod/security-context-volume-devices-with-user-namespace @ ${POD}.initContainers[0].volumeDevices`], anchor: 'key', words: ['initContainers[0].volumeDevices: Forbidden: when `hostUsers` is false'] },
  { name: 'volumeDevices in a user namespace, 1.34 (not held to it)', yaml: job({ hostUsers: false, volumes: RAW_VOLUME, containers: [container({ volumeDevices: [{ name: 'raw', devicePath: '/dev/xvda' }] })] }), minor: 34, expect: [] },
  { name: 'volumeDevices with host users', yaml: job({ volumes: RAW_VOLUME, containers: [container({ volumeDevices: [{ name: 'raw', devicePath: '/dev/xvda' }] })] }), expect: [] },
  { name: 'hostUsers false in 1.32 is dropped', yaml: job({ hostUsers: false, hostNetwork: true }), minor: 32, expect: [] },
  { name: 'hostUsers true with hostNetwork', yaml: job({ hostUsers: true, hostNetwork: true }), expect: [] },
];

const seccomp: Case[] = [
  { name: 'seccomp type in lower case', yaml: sc({ seccompProfile: { type: 'localhost', localhostProfile: 'a.json' } }), expect: [`pod/security-context-seccomp-type-unsupported @ ${SC}.seccompProfile.type`, `pod/security-context-seccomp-localhost-profile-forbidden @ ${SC}.seccompProfile.localhostProfile`], words: ['Unsupported value: "localhost": supported values: "Localhost", "RuntimeDefault", "Unconfined"'] },
  { name: 'an empty seccomp type', yaml: podSc({ seccompProfile: { type: '' } }), expect: [`pod/security-context-seccomp-type-required @ ${PSC}.seccompProfile.type`], words: ['Required value: type is required when seccompProfile is set'] },
  { name: 'RuntimeDefault', yaml: podSc({ seccompProfile: { type: 'RuntimeDefault' } }), expect: [] },
  { name: 'Localhost without a profile', yaml: sc({ seccompProfile: { type: 'Localhost' } }), expect: [`pod/security-context-seccomp-localhost-profile-required @ ${SC}.seccompProfile.localhostProfile`], anchor: 'key' },
  { name: 'Localhost with an absolute path', yaml: sc({ seccompProfile: { type: 'Localhost', localhostProfile: '/var/lib/x.json' } }), expect: [`pod/security-context-seccomp-localhost-profile-invalid @ ${SC}.seccompProfile.localhostProfile`], words: ['must be a relative path'] },
  { name: 'Localhost with ..', yaml: sc({ seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/../x.json' } }), expect: [`pod/security-context-seccomp-localhost-profile-invalid @ ${SC}.seccompProfile.localhostProfile`], words: ["must not contain '..'"] },
  { name: 'Localhost with a relative path', yaml: sc({ seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } }), expect: [] },
  { name: 'a localhostProfile with RuntimeDefault', yaml: podSc({ seccompProfile: { type: 'RuntimeDefault', localhostProfile: 'x.json' } }), expect: [`pod/security-context-seccomp-localhost-profile-forbidden @ ${PSC}.seccompProfile.localhostProfile`], anchor: 'key', words: ['can only be set when seccomp type is Localhost'] },
  { name: 'a bad pod seccomp annotation', yaml: job({}, { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'bogus' } }), expect: ['pod/security-context-seccomp-annotation-invalid @ spec.template.metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]'], words: ['spec.template.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: "bogus": must be a valid seccomp profile'] },
  { name: 'a container seccomp annotation with an absolute localhost path', yaml: job({}, { annotations: { 'container.seccomp.security.alpha.kubernetes.io/main': 'localhost//x.json' } }), expect: ['pod/security-context-seccomp-annotation-invalid @ spec.template.metadata.annotations[container.seccomp.security.alpha.kubernetes.io/main]'], words: ['must be a relative path'] },
  { name: 'valid seccomp annotations', yaml: job({}, { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'docker/default', 'container.seccomp.security.alpha.kubernetes.io/main': 'localhost/a.json' } }), expect: [] },
  { name: 'a pod annotation contradicting the field', yaml: job({ securityContext: { seccompProfile: { type: 'RuntimeDefault' } } }, { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' } }), expect: [`pod/security-context-seccomp-annotation-mismatch @ ${PSC}.seccompProfile.type`], words: ['securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match'] },
  { name: 'docker/default agrees with RuntimeDefault', yaml: job({ securityContext: { seccompProfile: { type: 'RuntimeDefault' } } }, { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'docker/default' } }), expect: [] },
  { name: 'a container annotation naming another profile file', yaml: job({ containers: [container({ securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'a.json' } } })] }, { annotations: { 'container.seccomp.security.alpha.kubernetes.io/main': 'localhost/b.json' } }), expect: [`pod/security-context-seccomp-annotation-mismatch @ ${SC}.seccompProfile.localhostProfile`], words: ['seccomp profile in annotation and field must match'] },
];

const appArmor: Case[] = [
  { name: 'an AppArmor type written like the annotation', yaml: sc({ appArmorProfile: { type: 'runtime/default' } }), expect: [`pod/security-context-apparmor-type-unsupported @ ${SC}.appArmorProfile.type`], words: ['supported values: "Localhost", "RuntimeDefault", "Unconfined"'] },
  { name: 'appArmorProfile before 1.30 is the schema check\'s business', yaml: sc({ appArmorProfile: { type: 'runtime/default' } }), minor: 29, expect: [] },
  { name: 'an empty AppArmor type', yaml: podSc({ appArmorProfile: { type: '' } }), expect: [`pod/security-context-apparmor-type-required @ ${PSC}.appArmorProfile.type`] },
  { name: 'Localhost without a profile', yaml: sc({ appArmorProfile: { type: 'Localhost' } }), expect: [`pod/security-context-apparmor-localhost-profile-required @ ${SC}.appArmorProfile.localhostProfile`], anchor: 'key' },
  { name: 'Localhost with an empty profile', yaml: sc({ appArmorProfile: { type: 'Localhost', localhostProfile: '' } }), expect: [`pod/security-context-apparmor-localhost-profile-required @ ${SC}.appArmorProfile.localhostProfile`] },
  { name: 'Localhost with a padded profile', yaml: sc({ appArmorProfile: { type: 'Localhost', localhostProfile: ' k8s-deny ' } }), expect: [`pod/security-context-apparmor-localhost-profile-whitespace @ ${SC}.appArmorProfile.localhostProfile`], words: ['must not be padded with whitespace'] },
  { name: 'Localhost with a 4096-byte profile', yaml: sc({ appArmorProfile: { type: 'Localhost', localhostProfile: 'p'.repeat(4096) } }), expect: [`pod/security-context-apparmor-localhost-profile-too-long @ ${SC}.appArmorProfile.localhostProfile`], words: ['Too long: may not be more than 4095 bytes'] },
  { name: 'Localhost with a 4095-byte profile', yaml: sc({ appArmorProfile: { type: 'Localhost', localhostProfile: 'p'.repeat(4095) } }), expect: [] },
  { name: 'a localhostProfile with Unconfined', yaml: sc({ appArmorProfile: { type: 'Unconfined', localhostProfile: 'x' } }), expect: [`pod/security-context-apparmor-localhost-profile-forbidden @ ${SC}.appArmorProfile.localhostProfile`], words: ['Invalid value: "x": can only be set when AppArmor type is Localhost'] },
  { name: 'an AppArmor annotation for a missing container', yaml: job({}, { annotations: { 'container.apparmor.security.beta.kubernetes.io/sidecar': 'runtime/default' } }), minor: 23, expect: ['pod/security-context-apparmor-annotation-container-not-found @ spec.template.metadata.annotations[container.apparmor.security.beta.kubernetes.io/sidecar]'], anchor: 'key', words: ['spec.template.annotations[container.apparmor.security.beta.kubernetes.io/sidecar]: Invalid value: "sidecar": container not found'] },
  { name: 'an AppArmor annotation with a bad profile', yaml: job({}, { annotations: { 'container.apparmor.security.beta.kubernetes.io/main': 'k8s-deny' } }), expect: ['pod/security-context-apparmor-annotation-invalid @ spec.template.metadata.annotations[container.apparmor.security.beta.kubernetes.io/main]'], words: ['Invalid value: "k8s-deny": invalid AppArmor profile name: "k8s-deny"'] },
  { name: 'a valid AppArmor annotation', yaml: job({}, { annotations: { 'container.apparmor.security.beta.kubernetes.io/main': 'localhost/k8s-deny' } }), expect: [] },
  { name: 'an annotation contradicting the pod\'s profile (reported on the container)', yaml: job({ securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } }, { annotations: { 'container.apparmor.security.beta.kubernetes.io/main': 'unconfined' } }), expect: [`pod/security-context-apparmor-annotation-mismatch @ ${SC}.appArmorProfile.type`], words: ['containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match'] },
  { name: 'the same contradiction in 1.29 (no field yet)', yaml: job({ securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } }, { annotations: { 'container.apparmor.security.beta.kubernetes.io/main': 'unconfined' } }), minor: 29, expect: [] },
  { name: 'the same contradiction on a Windows pod is not compared', yaml: job({ os: { name: 'windows' }, containers: [container({ securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } })] }, { annotations: { 'container.apparmor.security.beta.kubernetes.io/main': 'unconfined' } }), expect: [`pod/os-windows-forbidden-field @ ${SC}.appArmorProfile`] },
  { name: 'a localhost annotation naming another profile', yaml: sc({ appArmorProfile: { type: 'Localhost', localhostProfile: 'a' } }).replace('"metadata":{"name":"demo"},"spec":{"template":{', '"metadata":{"name":"demo"},"spec":{"template":{"metadata":{"annotations":{"container.apparmor.security.beta.kubernetes.io/main":"localhost/b"}},'), expect: [`pod/security-context-apparmor-annotation-mismatch @ ${SC}.appArmorProfile.localhostProfile`] },
];

const sysctl = (...entries: [string, string][]) => entries.map(([name, value]) => ({ name, value }));
const SYSCTLS = `${PSC}.sysctls`;

const sysctls: Case[] = [
  { name: 'well-formed sysctls, dotted and slashed', yaml: podSc({ sysctls: sysctl(['net.ipv4.ip_local_port_range', '1024 65535'], ['kernel.shm_rmid_forced', '1'], ['net/ipv4/conf/eth0.100/rp_filter', '1']) }), expect: [] },
  { name: 'an empty sysctl name', yaml: podSc({ sysctls: sysctl(['', '1']) }), expect: [`pod/sysctl-name-required @ ${SYSCTLS}[0].name`] },
  { name: 'a sysctl name in capitals', yaml: podSc({ sysctls: sysctl(['Net.Core.Somaxconn', '1']) }), expect: [`pod/sysctl-name-invalid @ ${SYSCTLS}[0].name`], words: ['Invalid value: "Net.Core.Somaxconn": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$'] },
  { name: 'a sysctl set twice', yaml: podSc({ sysctls: sysctl(['kernel.msgmax', '1'], ['kernel.msgmax', '2']) }), expect: [`pod/sysctl-name-duplicate @ ${SYSCTLS}[1].name`], words: ['Duplicate value: "kernel.msgmax"'] },
  { name: 'a network sysctl with hostNetwork, 1.29', yaml: podSc({ sysctls: sysctl(['net.ipv4.ip_unprivileged_port_start', '0']) }, { hostNetwork: true }), minor: 29, expect: [`pod/sysctl-host-namespace @ ${SYSCTLS}[0].name`], words: ["may not be specified when 'hostNetwork' is true"] },
  { name: 'the same in 1.28', yaml: podSc({ sysctls: sysctl(['net.ipv4.ip_unprivileged_port_start', '0']) }, { hostNetwork: true }), minor: 28, expect: [] },
  { name: 'a slashed network sysctl with hostNetwork', yaml: podSc({ sysctls: sysctl(['net/ipv4/conf/eth0.100/rp_filter', '1']) }, { hostNetwork: true }), expect: [`pod/sysctl-host-namespace @ ${SYSCTLS}[0].name`] },
  { name: 'an IPC sysctl with hostIPC', yaml: podSc({ sysctls: sysctl(['kernel.shmmax', '1']) }, { hostIPC: true }), expect: [`pod/sysctl-host-namespace @ ${SYSCTLS}[0].name`], words: ["'hostIPC' is true"] },
  { name: 'an IPC sysctl with hostNetwork', yaml: podSc({ sysctls: sysctl(['kernel.shm_rmid_forced', '1']) }, { hostNetwork: true }), expect: [] },
];

const windows: Case[] = [
  { name: 'a GMSA spec name with capitals', yaml: sc({ windowsOptions: { gmsaCredentialSpecName: 'Web_Spec' } }), expect: [`pod/security-context-windows-gmsa-credential-spec-name-invalid @ ${SC}.windowsOptions.gmsaCredentialSpecName`], words: ['a lowercase RFC 1123 subdomain'] },
  { name: 'a GMSA spec name', yaml: podSc({ windowsOptions: { gmsaCredentialSpecName: 'web-spec' } }), expect: [] },
  { name: 'an empty GMSA credential spec', yaml: podSc({ windowsOptions: { gmsaCredentialSpec: '' } }), expect: [`pod/security-context-windows-gmsa-credential-spec-invalid @ ${PSC}.windowsOptions.gmsaCredentialSpec`], words: ['gmsaCredentialSpec cannot be an empty string'] },
  { name: 'a GMSA credential spec over 64 KiB', yaml: podSc({ windowsOptions: { gmsaCredentialSpec: 'x'.repeat(65537) } }), expect: [`pod/security-context-windows-gmsa-credential-spec-invalid @ ${PSC}.windowsOptions.gmsaCredentialSpec`], words: ['size must be under 64 KiB'] },
  { name: 'a GMSA credential spec of exactly 64 KiB', yaml: podSc({ windowsOptions: { gmsaCredentialSpec: 'x'.repeat(65536) } }), expect: [] },
  { name: 'a user name with two backslashes', yaml: sc({ windowsOptions: { runAsUserName: 'a\\b\\c' } }), expect: [`pod/security-context-windows-run-as-user-name-invalid @ ${SC}.windowsOptions.runAsUserName`], words: ['runAsUserName cannot contain more than one backslash'] },
  { name: 'a domain user with a space', yaml: sc({ windowsOptions: { runAsUserName: 'NT AUTHORITY\\NETWORK SERVICE' } }), expect: [] },
  { name: 'an empty user name', yaml: sc({ windowsOptions: { runAsUserName: '' } }), expect: [`pod/security-context-windows-run-as-user-name-invalid @ ${SC}.windowsOptions.runAsUserName`] },
  { name: 'a container hostProcess contradicting the pod', yaml: job({ hostNetwork: true, securityContext: { windowsOptions: { hostProcess: true } }, containers: [container({ securityContext: { windowsOptions: { hostProcess: false } } })] }), expect: [`pod/security-context-windows-host-process-mismatch @ ${SC}.windowsOptions.hostProcess`], words: ['Invalid value: false: pod hostProcess value must be identical if both are specified, was true'] },
  { name: 'one HostProcess container of two, without hostNetwork', yaml: job({ containers: [container({ securityContext: { windowsOptions: { hostProcess: true } } }), container({}, 'helper')] }), expect: [`pod/security-context-windows-host-process-not-all-containers @ ${POD}`, `pod/security-context-windows-host-process-needs-host-network @ ${POD}.hostNetwork`], anchor: 'key', words: ['spec.template.spec: Invalid value: "": If pod contains any hostProcess containers then all containers must be HostProcess containers'] },
  { name: 'a HostProcess pod with hostNetwork', yaml: job({ hostNetwork: true, securityContext: { windowsOptions: { hostProcess: true } } }), expect: [] },
];

let seen = new Set<string>();
seen = runCases('pod template', podTemplateRules, [
  ['security contexts', contexts], ['user and host namespaces', namespaces], ['seccomp', seccomp], ['AppArmor', appArmor], ['sysctls', sysctls], ['Windows options', windows],
]);

describe('pod template: security coverage and helpers', () => {
  assertEveryCodeTriggered('security context, sysctls', podTemplateRules, () => seen, ['pod/security-context-', 'pod/sysctl-']);

  it('names the kernel namespace of a sysctl as the kubelet does', () => {
    assert.equal(sysctlNamespace('net.core.somaxconn'), 'Net');
    assert.equal(sysctlNamespace('net/ipv4/conf/eth0.100/rp_filter'), 'Net');
    assert.equal(sysctlNamespace('fs.mqueue.msg_max'), 'IPC');
    assert.equal(sysctlNamespace('kernel.sem'), 'IPC');
    assert.equal(sysctlNamespace('kernel.shm*'), 'IPC');
    assert.equal(sysctlNamespace('kernel.domainname'), undefined);
    assert.equal(sysctlNamespace('network.x'), undefined);
  });

  it('checks Windows user names in the server\'s order', () => {
    assert.deepEqual(runAsUserNameMessages('ContainerUser'), []);
    assert.deepEqual(runAsUserNameMessages('bad\u0007name'), ['runAsUserName cannot contain control characters']);
    assert.deepEqual(runAsUserNameMessages('.domain\\user'), ["runAsUserName's Domain doesn't match the NetBios nor the DNS format"]);
    assert.deepEqual(runAsUserNameMessages('domain\\'), ["runAsUserName's User cannot be empty"]);
    assert.deepEqual(runAsUserNameMessages('u'.repeat(105)), ["runAsUserName's User length must not be longer than 104 characters"]);
    assert.deepEqual(runAsUserNameMessages('. .'), ["runAsUserName's User cannot contain only periods or spaces"]);
    assert.deepEqual(runAsUserNameMessages('user@host'), ['runAsUserName\'s User cannot contain the following characters: "/\\:;|=,+*?<>@[]']);
  });
});

// The real-world Jobs the API server accepts get no error from any pod-template rule, in any release.
const CORPUS = sharedPath('corpus', 'real', 'job');

describe('pod template rules on the real-world Jobs', { skip: skipUnlessShared('pod-template rules on the real-world Jobs', 'corpus', 'real', 'job') }, () => {
  it(`report no error on any accepted Job at 1.26 to 1.${MAX_MINOR}`, () => {
    const errors: string[] = [];
    let jobs = 0;
    for (const file of readdirSync(CORPUS).filter((name) => /\.ya?ml$/.test(name))) {
      for (const document of parseAllDocuments(readFileSync(join(CORPUS, file), 'utf8'), KUBECTL_PARSE_OPTIONS)) {
        if (!('contents' in document) || document.errors.length > 0) continue;
        const json = toServerJson(document);
        if (!isObject(json)) continue;
        const objects = json.kind === 'List' && Array.isArray(json.items) ? json.items.filter(isObject) : [json];
        for (const object of objects.filter((item) => item.kind === 'Job' && item.apiVersion === 'batch/v1')) {
          jobs += 1;
          for (let minor = 26; minor <= MAX_MINOR; minor++) {
            const context = { kind: 'Job' as const, object, defaulted: applyDefaults('Job', object), minor };
            for (const rule of podTemplateRules) {
              for (const finding of rule.check(context)) if (finding.severity === 'error') errors.push(`1.${minor} ${file}: ${finding.code} @ ${formatFieldPath(finding.path)}`);
            }
          }
        }
      }
    }
    assert.ok(jobs >= 62, `expected the corpus's 62 accepted Jobs, found ${jobs}`);
    assert.deepEqual(errors, []);
  });
});
