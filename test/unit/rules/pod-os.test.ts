// spec.os of the pod template (validateOS) and what it forbids (validateLinux, validateWindows), from 1.24
// (spec.os is dropped in 1.23), with the Windows-forbidden fields that count only once their gate is on.
import { describe } from 'node:test';
import { podTemplateRules } from '../../../server/src/service/rules/pod/index';
import type { Json } from '../../../server/src/service/types';
import { assertEveryCodeTriggered, C0, container, I0, job, POD, runCases, type Case } from './pod-cases';

const windows = (podSpec: { [key: string]: Json }) => job({ os: { name: 'windows' }, ...podSpec });
const PSC = `${POD}.securityContext`;

const names: Case[] = [
  { name: 'os.name in capitals', yaml: job({ os: { name: 'Linux' } }), expect: [`pod/os-name-unsupported @ ${POD}.os`], words: ['spec.template.spec.os: Unsupported value: "Linux": supported values: "linux", "windows"'] },
  { name: 'os.name in 1.23 is dropped', yaml: job({ os: { name: 'Linux' } }), minor: 23, expect: [] },
  { name: 'os.name in 1.24', yaml: job({ os: { name: 'Linux' } }), minor: 24, expect: [`pod/os-name-unsupported @ ${POD}.os`] },
  { name: 'an empty os.name', yaml: job({ os: { name: '' } }), expect: [`pod/os-name-required @ ${POD}.os.name`], words: ['spec.template.spec.os.name: Required value: cannot be empty'] },
  { name: 'os.name linux', yaml: job({ os: { name: 'linux' } }), expect: [] },
  { name: 'an unknown name is not also checked against the Linux rules', yaml: job({ os: { name: 'plan9' }, securityContext: { windowsOptions: { runAsUserName: 'u' } } }), expect: [`pod/os-name-unsupported @ ${POD}.os`] },
];

const linux: Case[] = [
  {
    name: 'windowsOptions on a linux pod', yaml: job({ os: { name: 'linux' }, securityContext: { windowsOptions: { runAsUserName: 'u' } }, containers: [container({ securityContext: { windowsOptions: {} } })] }),
    expect: [`pod/os-linux-windows-options @ ${PSC}.windowsOptions`, `pod/os-linux-windows-options @ ${C0}.securityContext.windowsOptions`], anchor: 'key',
    words: ['spec.template.spec.securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod'],
  },
  { name: 'windowsOptions without os.name', yaml: job({ securityContext: { windowsOptions: { runAsUserName: 'u' } } }), expect: [] },
  { name: 'windowsOptions on a windows pod', yaml: windows({ securityContext: { windowsOptions: { runAsUserName: 'u' } } }), expect: [] },
];

const windowsFields: Case[] = [
  {
    name: 'Linux settings of a windows pod, in the server\'s order', yaml: windows({ hostPID: true, shareProcessNamespace: false, securityContext: { runAsUser: 1000, supplementalGroups: [], sysctls: [], seLinuxOptions: { level: 's0' } } }),
    expect: [`pod/os-windows-forbidden-field @ ${PSC}.seLinuxOptions`, `pod/os-windows-forbidden-field @ ${POD}.hostPID`, `pod/os-windows-forbidden-field @ ${POD}.shareProcessNamespace`, `pod/os-windows-forbidden-field @ ${PSC}.runAsUser`, `pod/os-windows-forbidden-field @ ${PSC}.supplementalGroups`],
    anchor: 'key', words: ['spec.template.spec.securityContext.seLinuxOptions: Forbidden: cannot be set for a windows pod'],
  },
  { name: 'hostPID false and an empty sysctl list are not set', yaml: windows({ hostPID: false, hostIPC: false, securityContext: { sysctls: [] } }), expect: [] },
  {
    name: 'container settings of a windows pod, init containers first', yaml: windows({ initContainers: [container({ securityContext: { procMount: 'Default' } }, 'init')], containers: [container({ securityContext: { privileged: false, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true } })] }),
    minor: 24, expect: [`pod/os-windows-forbidden-field @ ${I0}.securityContext.procMount`, `pod/os-windows-forbidden-field @ ${C0}.securityContext.capabilities`, `pod/os-windows-forbidden-field @ ${C0}.securityContext.readOnlyRootFilesystem`, `pod/os-windows-forbidden-field @ ${C0}.securityContext.privileged`],
  },
  { name: 'appArmorProfile on a windows pod in 1.30', yaml: windows({ securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } }), minor: 30, expect: [`pod/os-windows-forbidden-field @ ${PSC}.appArmorProfile`] },
  { name: 'appArmorProfile in 1.29 is not a field yet', yaml: windows({ securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } }), minor: 29, expect: [] },
  { name: 'hostUsers on a windows pod in 1.33', yaml: windows({ hostUsers: true }), minor: 33, expect: [`pod/os-windows-forbidden-field @ ${POD}.hostUsers`], words: ['spec.template.spec.hostUsers: Forbidden'] },
  { name: 'hostUsers in 1.32 is dropped', yaml: windows({ hostUsers: true }), minor: 32, expect: [] },
  { name: 'supplementalGroupsPolicy and seLinuxChangePolicy in 1.33', yaml: windows({ securityContext: { supplementalGroupsPolicy: 'Merge', seLinuxChangePolicy: 'Recursive' } }), minor: 33, expect: [`pod/os-windows-forbidden-field @ ${PSC}.supplementalGroupsPolicy`, `pod/os-windows-forbidden-field @ ${PSC}.seLinuxChangePolicy`] },
  { name: 'the same in 1.32 (both dropped)', yaml: windows({ securityContext: { supplementalGroupsPolicy: 'Merge', seLinuxChangePolicy: 'Recursive' } }), minor: 32, expect: [] },
];

let seen = new Set<string>();
seen = runCases('pod template', podTemplateRules, [['os.name', names], ['linux pods', linux], ['windows pods', windowsFields]]);

describe('pod template: OS coverage', () => {
  assertEveryCodeTriggered('os', podTemplateRules, () => seen, ['pod/os-']);
});
