// Security settings of a Job's Pod and of its containers: who the processes run as, which kernel powers
// they keep, and what a Pod Security level asks for. In a Job, a Pod refused by Pod Security admission
// is never created, so the Job waits instead of failing: these entries say so where it bites.
import { POD_DOCS } from './links';
import { containerPath, exampleContainer, forEachContainerList, podPath, type ContainerList } from './pod-common';
import { ON_OFF, type FieldDoc } from './types';

const SECCOMP_TYPES: Record<string, string> = {
  RuntimeDefault: 'The container runtime\'s own profile: it blocks rarely needed, risky system calls and almost never breaks batch work.',
  Localhost: 'A profile file from the node\'s seccomp directory, named by `localhostProfile` (needed with this type, refused with the others).',
  Unconfined: 'No filter: every system call is allowed. The `baseline` and `restricted` Pod Security levels refuse it.',
};

const ID_LIMITS = ['0 to 2147483647'];

const POD_LEVEL: FieldDoc[] = [
  {
    path: podPath('securityContext'),
    summary: 'User, group and kernel security settings for all containers of the Pod',
    details:
      'What is set here applies to every container; a container\'s own `securityContext` wins where both set a field. `fsGroup` and ' +
      '`supplementalGroups` exist only at this level.\n\n' +
      'In a namespace that enforces a Pod Security level, the Job itself is accepted (at most with a warning), but each Pod that breaks the level ' +
      'is refused: the Job shows `FailedCreate` events and waits, counting no failure. The `restricted` level asks for `runAsNonRoot: true` and ' +
      'a `seccompProfile` of `RuntimeDefault` or `Localhost`, and in every container `allowPrivilegeEscalation: false` and `capabilities.drop: ["ALL"]`.',
    example: 'securityContext:\n  runAsNonRoot: true\n  runAsUser: 10001\n  seccompProfile:\n    type: RuntimeDefault\n',
    docs: POD_DOCS.securityContext,
  },
  {
    path: podPath('securityContext.runAsUser'),
    summary: 'The user ID the processes of every container run as, instead of the image\'s USER',
    details:
      'A number, not a name. Set it when the image runs as root, or names its user by name, which `runAsNonRoot` cannot check. Files on the ' +
      'volumes must be readable (and writable) by this ID; `fsGroup` helps there. `0` is root.',
    limits: ID_LIMITS,
    interactions: [
      { text: 'A container\'s own `runAsUser` wins.', field: 'spec.template.spec.containers[].securityContext.runAsUser' },
      { text: 'Gives volumes a group this user can write with.', field: 'spec.template.spec.securityContext.fsGroup' },
    ],
    example: 'securityContext:\n  runAsUser: 10001\n  runAsGroup: 10001\n',
    docs: POD_DOCS.securityContext,
  },
  {
    path: podPath('securityContext.runAsGroup'),
    summary: 'The primary group ID of the processes of every container',
    details: 'Left out, the group comes from the image, often the root group 0 even with a non-root `runAsUser`.',
    limits: ID_LIMITS,
    example: 'securityContext:\n  runAsUser: 10001\n  runAsGroup: 10001\n',
    docs: POD_DOCS.securityContext,
  },
  {
    path: podPath('securityContext.runAsNonRoot'),
    summary: 'Refuse to start any container that would run as root',
    details:
      'The kubelet checks when a container starts: if its user ID is 0, or the image names its user by name and no `runAsUser` is set, the ' +
      'container does not start (`CreateContainerConfigError`). In a Job that Pod then waits, counting no failure, until a deadline; set a ' +
      'numeric `runAsUser` to be sure. The `restricted` Pod Security level asks for `true`.',
    values: ON_OFF('Check at start that each container runs as a non-zero user ID.', 'No check, the same as leaving it out.'),
    interactions: [{ text: 'A numeric user ID makes the check pass for images that name their user.', field: 'spec.template.spec.securityContext.runAsUser' }],
    example: 'securityContext:\n  runAsNonRoot: true\n  runAsUser: 10001\n',
    docs: POD_DOCS.securityContext,
  },
  {
    path: podPath('securityContext.fsGroup'),
    summary: 'A group ID given to the Pod\'s volumes, so that a non-root user can write to them',
    details:
      'Volumes that support it (`emptyDir`, projected and most persistent volumes, not `hostPath`) are made group-owned by this ID and ' +
      'group-writable, new files inherit the group, and every container gets the group too.\n\n' +
      'On a large volume the ownership change at each Pod start can take minutes, and each retry of a Job pays it again: ' +
      '`fsGroupChangePolicy: OnRootMismatch` avoids that.',
    limits: ID_LIMITS,
    interactions: [{ text: 'Skips the ownership change when it is already right.', field: 'spec.template.spec.securityContext.fsGroupChangePolicy' }],
    example: 'securityContext:\n  runAsUser: 10001\n  fsGroup: 10001\n',
    docs: POD_DOCS.securityContext,
  },
  {
    path: podPath('securityContext.fsGroupChangePolicy'),
    summary: 'Whether volume ownership is fixed at every Pod start, or only when it is wrong',
    details: 'Only matters with `fsGroup`, and only for the volume types whose ownership Kubernetes manages.',
    default: 'Always',
    values: {
      OnRootMismatch: 'Change ownership only when the top directory of the volume does not match already: fast for large volumes reused by retries.',
      Always: 'Walk the whole volume and fix ownership at every mount; slow on large volumes.',
    },
    example: 'securityContext:\n  fsGroup: 10001\n  fsGroupChangePolicy: OnRootMismatch\n',
    docs: POD_DOCS.securityContext,
  },
  {
    path: podPath('securityContext.supplementalGroups'),
    summary: 'Extra group IDs for the processes of every container, besides their primary group',
    details:
      'Useful for shared storage such as NFS that grants access by group. The groups the image\'s `/etc/group` gives the user are added as well, ' +
      'unless `supplementalGroupsPolicy: Strict` says otherwise (beta from 1.33).',
    example: 'securityContext:\n  supplementalGroups: [5000]\n',
    docs: POD_DOCS.securityContext,
  },
  {
    path: podPath('securityContext.seccompProfile'),
    summary: 'The seccomp filter that limits which system calls the containers may make',
    details:
      'Without it, most clusters run containers `Unconfined`, with no filter. `RuntimeDefault` is a safe choice for batch work. The `restricted` ' +
      'Pod Security level asks for `RuntimeDefault` or `Localhost` here or in every container.',
    interactions: [{ text: 'A container\'s own profile wins.', field: 'spec.template.spec.containers[].securityContext.seccompProfile' }],
    example: 'securityContext:\n  seccompProfile:\n    type: RuntimeDefault\n',
    docs: POD_DOCS.seccomp,
  },
  {
    path: podPath('securityContext.seccompProfile.type'),
    summary: 'Which seccomp profile: the runtime\'s default, a file on the node, or none',
    details: 'Spelled exactly as listed: `runtimedefault` or `localhost` is refused.',
    values: SECCOMP_TYPES,
    example: 'securityContext:\n  seccompProfile:\n    type: RuntimeDefault\n',
    docs: POD_DOCS.seccomp,
  },
];

/** The `securityContext` fields a hardened batch container sets, for one container list. */
function containerLevel(list: ContainerList): FieldDoc[] {
  const at = (field: string) => containerPath(list, `securityContext${field ? `.${field}` : ''}`);
  const example = (lines: string, extra = '') => `${list}:\n- name: ${exampleContainer(list)}\n  image: busybox:1.36\n  securityContext:\n${lines}${extra}`;
  return [
    {
      path: at(''),
      summary: 'Security settings for this container; they win over the Pod\'s `securityContext`',
      details:
        'Holds what only exists per container (`allowPrivilegeEscalation`, `capabilities`, `privileged`, `readOnlyRootFilesystem`) and can ' +
        'override the Pod\'s `runAsUser`, `runAsNonRoot`, `seccompProfile` and the like for this container. The settings the `restricted` ' +
        'Pod Security level asks of every container are in the example; without them, in such a namespace, no Pod of the Job is created.',
      interactions: [{ text: 'Settings for all containers at once.', field: 'spec.template.spec.securityContext' }],
      example: example('    allowPrivilegeEscalation: false\n    readOnlyRootFilesystem: true\n    capabilities:\n      drop: ["ALL"]\n'),
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('runAsUser'),
      summary: 'The user ID this container runs as, instead of the Pod\'s `runAsUser` or the image\'s USER',
      limits: ID_LIMITS,
      interactions: [{ text: 'The setting for all containers.', field: 'spec.template.spec.securityContext.runAsUser' }],
      example: example('    runAsUser: 10001\n'),
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('runAsNonRoot'),
      summary: 'Refuse to start this container if it would run as root',
      details:
        'Checked by the kubelet at container start. A refused container keeps the Job\'s Pod waiting (`CreateContainerConfigError`) without ' +
        'counting a failure; give a numeric `runAsUser` when the image names its user by name.',
      values: ON_OFF('Check that the container runs as a non-zero user ID.', 'No check for this container, even when the Pod asks for one.'),
      example: example('    runAsNonRoot: true\n    runAsUser: 10001\n'),
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('readOnlyRootFilesystem'),
      summary: 'Make the container\'s own filesystem read-only; only mounted volumes stay writable',
      details:
        'Stops a compromised or buggy program from changing its image. Batch programs often write temporary files, caches or output: mount an ' +
        '`emptyDir` at those paths (`/tmp`, the cache directory), or the first write fails, and with it the try.',
      values: ON_OFF('Only volumes are writable.', 'The container may write anywhere in its own filesystem (lost when it ends).'),
      example: `${example('    readOnlyRootFilesystem: true\n', '  volumeMounts:\n  - name: tmp\n    mountPath: /tmp\n')}volumes:\n- name: tmp\n  emptyDir: {}\n`,
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('allowPrivilegeEscalation'),
      summary: 'Whether a process may gain more privileges than its parent, through setuid programs or file capabilities',
      details:
        '`false` sets the kernel\'s no_new_privs flag: `sudo`, `su` and other setuid programs stop working, which batch work rarely misses. The ' +
        '`restricted` Pod Security level asks for it. It has no effect on a `privileged` container or one that adds `SYS_ADMIN`; the API server ' +
        'refuses `false` together with `privileged: true`, or with `CAP_SYS_ADMIN` spelled that way in `capabilities.add`.',
      default: 'unset, which allows escalation',
      values: ON_OFF('Processes may gain privileges (setuid binaries work).', 'No process can gain privileges beyond those it started with.'),
      example: example('    allowPrivilegeEscalation: false\n'),
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('capabilities'),
      summary: 'Linux capabilities to add to, or drop from, the container runtime\'s default set',
      details:
        'Runtimes grant a small default set (such as `CHOWN`, `SETUID` and `NET_BIND_SERVICE`). Drop `ALL` and add back only what the program ' +
        'needs; the `restricted` Pod Security level allows adding nothing but `NET_BIND_SERVICE`. Write names without the `CAP_` prefix, as the ' +
        'Pod Security levels expect them. ' +
        'For a non-root user, added capabilities usually have no effect.',
      example: example('    capabilities:\n      drop: ["ALL"]\n'),
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('capabilities.drop'),
      summary: 'Capabilities removed from the default set; `ALL` removes every one',
      values: {
        ALL: 'Every capability; add back the few the program needs with `add`.',
        NET_RAW: 'Raw sockets, used by `ping`; a frequent target of attacks, dropped by hardened defaults.',
      },
      example: example('    capabilities:\n      drop: ["ALL"]\n'),
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('capabilities.add'),
      summary: 'Capabilities granted beyond the default set; keep it empty for batch work if you can',
      values: {
        NET_BIND_SERVICE: 'Listen on ports below 1024; the only one the `restricted` Pod Security level lets you add.',
        SYS_ADMIN: 'A large share of root\'s powers; refused by the `baseline` level, and it makes `allowPrivilegeEscalation: false` useless.',
      },
      example: example('    capabilities:\n      drop: ["ALL"]\n      add: ["NET_BIND_SERVICE"]\n'),
      docs: POD_DOCS.securityContext,
    },
    {
      path: at('privileged'),
      summary: 'Run with nearly all the powers of the node itself: every device and capability, no isolation',
      details: 'Almost never right for a Job: a privileged container can take over its node. The `baseline` and `restricted` Pod Security levels refuse it.',
      values: ON_OFF('Full access to the node.', 'The normal isolation of a container.'),
      docs: POD_DOCS.podSecurityStandards,
    },
    {
      path: at('seccompProfile'),
      summary: 'A seccomp filter for this container, instead of the Pod\'s',
      interactions: [{ text: 'The profile for all containers.', field: 'spec.template.spec.securityContext.seccompProfile' }],
      example: example('    seccompProfile:\n      type: RuntimeDefault\n'),
      docs: POD_DOCS.seccomp,
    },
    {
      path: at('seccompProfile.type'),
      summary: 'Which seccomp profile this container gets: the runtime\'s default, a file on the node, or none',
      values: SECCOMP_TYPES,
      example: example('    seccompProfile:\n      type: RuntimeDefault\n'),
      docs: POD_DOCS.seccomp,
    },
  ];
}

export const SECURITY_FIELDS: readonly FieldDoc[] = [...POD_LEVEL, ...forEachContainerList(containerLevel)];
