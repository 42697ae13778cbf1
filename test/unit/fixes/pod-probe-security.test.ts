// Quick fixes of the pod template's probe, lifecycle, security context, sysctl and OS rules: each applied
// to a fixture, checked again (no new finding), and compared byte for byte.
import { describe } from 'node:test';
import { edit, type FixCase, runFixCases } from './harness';
import { VALID_JOB } from './fixtures';

/** The valid Job with lines added after the container's image. */
const inContainer = (lines: string) => edit(VALID_JOB, '        image: perl:5.34\n', `        image: perl:5.34\n${lines}`);
/** The valid Job with lines added at pod-spec level (after restartPolicy). */
const inPod = (lines: string) => edit(VALID_JOB, '      restartPolicy: Never\n', `      restartPolicy: Never\n${lines}`);

const TWO_HANDLERS = inContainer('        livenessProbe:\n          exec:\n            command: [cat, /app/ok]\n          httpGet:\n            port: 8080\n');
const INIT_PROBE = inPod('      initContainers:\n      - name: init\n        image: busybox\n        livenessProbe:\n          exec:\n            command: ["true"]\n');

const cases: FixCase[] = [
  {
    name: 'a second probe handler is removed',
    text: TWO_HANDLERS, code: 'pod/probe-handler-multiple', title: 'Remove the `httpGet` handler',
    expected: inContainer('        livenessProbe:\n          exec:\n            command: [cat, /app/ok]\n'),
  },
  {
    name: 'or only the second handler is kept',
    text: TWO_HANDLERS, code: 'pod/probe-handler-multiple', title: 'Keep only the `httpGet` handler',
    expected: inContainer('        livenessProbe:\n          httpGet:\n            port: 8080\n'),
  },
  {
    name: 'successThreshold of a liveness probe becomes 1',
    text: inContainer('        livenessProbe:\n          exec:\n            command: ["true"]\n          successThreshold: 3  # three in a row\n'),
    code: 'pod/probe-success-threshold-not-one',
    expected: inContainer('        livenessProbe:\n          exec:\n            command: ["true"]\n          successThreshold: 1  # three in a row\n'),
  },
  {
    name: 'a readiness probe loses its terminationGracePeriodSeconds',
    text: inContainer('        readinessProbe:\n          tcpSocket:\n            port: 80\n          terminationGracePeriodSeconds: 10\n'),
    code: 'pod/probe-termination-grace-period-on-readiness',
    expected: inContainer('        readinessProbe:\n          tcpSocket:\n            port: 80\n'),
  },
  {
    name: 'an httpGet scheme in lower case is upper-cased',
    text: inContainer('        readinessProbe:\n          httpGet:\n            port: 8443\n            scheme: https\n'),
    code: 'pod/probe-http-scheme-unsupported',
    expected: inContainer('        readinessProbe:\n          httpGet:\n            port: 8443\n            scheme: HTTPS\n'),
  },
  {
    name: 'a quoted port number is written as a number',
    text: inContainer('        startupProbe:\n          tcpSocket:\n            port: "5432"\n'),
    code: 'pod/probe-port-invalid',
    expected: inContainer('        startupProbe:\n          tcpSocket:\n            port: 5432\n'),
  },
  {
    name: 'a probe on an init container is removed',
    text: INIT_PROBE, code: 'pod/probe-on-init-container', title: 'Remove `livenessProbe`',
    expected: inPod('      initContainers:\n      - name: init\n        image: busybox\n'),
  },
  {
    name: 'or the init container becomes a sidecar',
    text: INIT_PROBE, code: 'pod/probe-on-init-container', title: 'Make it a sidecar (`restartPolicy: Always`)',
    expected: inPod('      initContainers:\n      - name: init\n        image: busybox\n        restartPolicy: Always\n        livenessProbe:\n          exec:\n            command: ["true"]\n'),
  },
  {
    name: 'a hook with two handlers keeps the first',
    text: inContainer('        lifecycle:\n          preStop:\n            exec:\n              command: [sh, -c, sleep 5]\n            tcpSocket:\n              port: 80\n'),
    code: 'pod/lifecycle-handler-multiple', title: 'Remove the `tcpSocket` handler',
    expected: inContainer('        lifecycle:\n          preStop:\n            exec:\n              command: [sh, -c, sleep 5]\n'),
  },
  {
    name: 'lifecycle hooks of an init container are removed',
    text: inPod('      initContainers:\n      - name: init\n        image: busybox\n        lifecycle:\n          postStart:\n            exec:\n              command: ["true"]\n'),
    code: 'pod/lifecycle-on-init-container', title: 'Remove `lifecycle`',
    expected: inPod('      initContainers:\n      - name: init\n        image: busybox\n'),
  },
  {
    name: 'a seccomp type in lower case',
    text: inPod('      securityContext:\n        seccompProfile:\n          type: runtimedefault\n'),
    code: 'pod/security-context-seccomp-type-unsupported',
    expected: inPod('      securityContext:\n        seccompProfile:\n          type: RuntimeDefault\n'),
  },
  {
    name: 'a localhostProfile beside RuntimeDefault is removed',
    text: inPod('      securityContext:\n        seccompProfile:\n          type: RuntimeDefault\n          localhostProfile: audit.json\n'),
    code: 'pod/security-context-seccomp-localhost-profile-forbidden', title: 'Remove `localhostProfile`',
    expected: inPod('      securityContext:\n        seccompProfile:\n          type: RuntimeDefault\n'),
  },
  {
    name: 'or the type becomes Localhost',
    text: inPod('      securityContext:\n        seccompProfile:\n          type: RuntimeDefault\n          localhostProfile: audit.json\n'),
    code: 'pod/security-context-seccomp-localhost-profile-forbidden', title: 'Set `type: Localhost`',
    expected: inPod('      securityContext:\n        seccompProfile:\n          type: Localhost\n          localhostProfile: audit.json\n'),
  },
  {
    name: 'an AppArmor profile name loses its spaces',
    text: inContainer('        securityContext:\n          appArmorProfile:\n            type: Localhost\n            localhostProfile: " k8s-deny-write "\n'),
    code: 'pod/security-context-apparmor-localhost-profile-whitespace',
    expected: inContainer('        securityContext:\n          appArmorProfile:\n            type: Localhost\n            localhostProfile: "k8s-deny-write"\n'),
  },
  {
    name: 'privileged is removed where privilege escalation is denied',
    text: inContainer('        securityContext:\n          privileged: true\n          allowPrivilegeEscalation: false\n'),
    code: 'pod/security-context-privileged-without-privilege-escalation', title: 'Remove `privileged: true`',
    expected: inContainer('        securityContext:\n          allowPrivilegeEscalation: false\n'),
  },
  {
    name: 'CAP_SYS_ADMIN is removed where privilege escalation is denied',
    text: inContainer('        securityContext:\n          allowPrivilegeEscalation: false\n          capabilities:\n            add: [NET_ADMIN, CAP_SYS_ADMIN]\n'),
    code: 'pod/security-context-sys-admin-without-privilege-escalation', title: 'Remove the CAP_SYS_ADMIN capability',
    expected: inContainer('        securityContext:\n          allowPrivilegeEscalation: false\n          capabilities:\n            add: [NET_ADMIN]\n'),
  },
  {
    name: 'fsGroupChangePolicy in lower case',
    text: inPod('      securityContext:\n        fsGroup: 2000\n        fsGroupChangePolicy: onrootmismatch\n'),
    code: 'pod/security-context-fs-group-change-policy-unsupported',
    expected: inPod('      securityContext:\n        fsGroup: 2000\n        fsGroupChangePolicy: OnRootMismatch\n'),
  },
  {
    name: 'procMount in lower case',
    text: inContainer('        securityContext:\n          procMount: default\n'),
    code: 'pod/security-context-proc-mount-unsupported',
    expected: inContainer('        securityContext:\n          procMount: Default\n'),
  },
  {
    name: 'a sysctl repeated with the same value is removed',
    text: inPod('      securityContext:\n        sysctls:\n        - name: kernel.shm_rmid_forced\n          value: "1"\n        - name: kernel.shm_rmid_forced\n          value: "1"\n'),
    code: 'pod/sysctl-name-duplicate',
    expected: inPod('      securityContext:\n        sysctls:\n        - name: kernel.shm_rmid_forced\n          value: "1"\n'),
  },
  {
    name: 'a sysctl name in capitals is lower-cased',
    text: inPod('      securityContext:\n        sysctls:\n        - name: Net.Core.Somaxconn\n          value: "1024"\n'),
    code: 'pod/sysctl-name-invalid',
    expected: inPod('      securityContext:\n        sysctls:\n        - name: net.core.somaxconn\n          value: "1024"\n'),
  },
  {
    name: 'os.name in capitals',
    text: inPod('      os:\n        name: Windows\n'),
    code: 'pod/os-name-unsupported',
    expected: inPod('      os:\n        name: windows\n'),
  },
  {
    name: 'a Linux-only setting of a windows pod is removed',
    text: inPod('      os:\n        name: windows\n      securityContext:\n        runAsUser: 1000\n        windowsOptions:\n          runAsUserName: ContainerUser\n'),
    code: 'pod/os-windows-forbidden-field',
    expected: inPod('      os:\n        name: windows\n      securityContext:\n        windowsOptions:\n          runAsUserName: ContainerUser\n'),
  },
  {
    name: 'windowsOptions of a linux pod are removed',
    text: inPod('      os:\n        name: linux\n      securityContext:\n        runAsNonRoot: true\n        windowsOptions:\n          runAsUserName: ContainerUser\n'),
    code: 'pod/os-linux-windows-options',
    expected: inPod('      os:\n        name: linux\n      securityContext:\n        runAsNonRoot: true\n'),
  },
  {
    name: 'terminationMessagePolicy in lower case',
    text: inContainer('        terminationMessagePolicy: fallbackToLogsOnError\n'),
    code: 'pod/container-termination-message-policy-unsupported',
    expected: inContainer('        terminationMessagePolicy: FallbackToLogsOnError\n'),
  },
  {
    name: 'a nameless image pull secret is removed',
    text: inPod('      imagePullSecrets:\n      - name: registry\n      - name: ""\n'),
    code: 'pod/image-pull-secret-name-empty',
    expected: inPod('      imagePullSecrets:\n      - name: registry\n'),
  },
];

describe('pod template quick fixes: probes, lifecycle, security, OS', () => {
  runFixCases(cases);
});
