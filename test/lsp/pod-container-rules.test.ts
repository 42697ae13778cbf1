// The pod template's container-level and security rules through the real server: one case per family
// (probes, lifecycle, security context, seccomp/AppArmor, sysctls, Windows options, OS, imagePullSecrets),
// with exact codes, ranges and messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { positionOf, TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: nightly-report
spec:
  template:
    metadata:
      annotations:
        container.apparmor.security.beta.kubernetes.io/reporter: runtime-default
    spec:
      restartPolicy: Never
      imagePullSecrets:
      - name: ""
      securityContext:
        runAsUser: -1
        sysctls:
        - name: kernel.shm_rmid_forced
          value: "1"
        - name: kernel.shm_rmid_forced
          value: "0"
        windowsOptions:
          runAsUserName: a\\b\\c
      containers:
      - name: reporter
        image: registry.example.com/reporter:2.1
        livenessProbe:
          exec:
            command: [cat, /app/healthy]
          successThreshold: 2
        lifecycle:
          preStop:
            sleep:
              seconds: 45
        securityContext:
          seccompProfile:
            type: localhost
`;

const WINDOWS_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: windows-report
spec:
  template:
    spec:
      restartPolicy: Never
      os:
        name: Windows
      containers:
      - name: reporter
        image: mcr.microsoft.com/windows/nanoserver:ltsc2022
---
apiVersion: batch/v1
kind: Job
metadata:
  name: windows-report-2
spec:
  template:
    spec:
      restartPolicy: Never
      os:
        name: windows
      containers:
      - name: reporter
        image: mcr.microsoft.com/windows/nanoserver:ltsc2022
        securityContext:
          runAsUser: 1000
`;

const summary = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.code} @ ${(d.data as { path: string }).path} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`);

const message = (diagnostics: Diagnostic[], code: string) => diagnostics.find((d) => d.code === code)?.message;

describe('pod-template container and security rules over LSP', () => {
  let server: TestServer;
  let counter = 0;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());
  const open = (text: string) => server.open(`file:///pod-rules-${++counter}.yaml`, text);

  it('reports each family at the node the API server names', async () => {
    const diagnostics = await open(JOB);
    assert.deepEqual(summary(diagnostics), [
      'pod/security-context-apparmor-annotation-invalid @ spec.template.metadata.annotations[container.apparmor.security.beta.kubernetes.io/reporter] 9:66-9:81',
      'pod/image-pull-secret-name-empty @ spec.template.spec.imagePullSecrets[0].name 13:15-13:17',
      'pod/security-context-id-out-of-range @ spec.template.spec.securityContext.runAsUser 15:20-15:22',
      'pod/sysctl-name-duplicate @ spec.template.spec.securityContext.sysctls[1].name 19:17-19:39',
      'pod/security-context-windows-run-as-user-name-invalid @ spec.template.spec.securityContext.windowsOptions.runAsUserName 22:26-22:31',
      'pod/probe-success-threshold-not-one @ spec.template.spec.containers[0].livenessProbe.successThreshold 29:29-29:30',
      'pod/lifecycle-sleep-seconds-out-of-range @ spec.template.spec.containers[0].lifecycle.preStop.sleep 32:13-32:18',
      'pod/security-context-seccomp-type-unsupported @ spec.template.spec.containers[0].securityContext.seccompProfile.type 36:19-36:28',
    ]);
    assert.deepEqual(diagnostics.map((d) => d.severity), [1, 2, 1, 1, 1, 1, 1, 1]);
    assert.ok(diagnostics.every((d) => d.source === 'kubeassist'));
    assert.deepEqual(diagnostics[5].range, { start: positionOf(JOB, 'successThreshold: 2', 18), end: positionOf(JOB, 'successThreshold: 2', 19) });

    assert.equal(message(diagnostics, 'pod/probe-success-threshold-not-one'),
      'A liveness probe must have `successThreshold: 1` (one success is enough to count the container as alive); only readiness probes may ask for more. Set it to 1 or leave it out. The API server answers `spec.template.spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1`.');
    assert.equal(message(diagnostics, 'pod/lifecycle-sleep-seconds-out-of-range'),
      "The preStop hook of the container `reporter` sleeps 45 seconds; it must sleep 0 to 30 seconds, since the pod's terminationGracePeriodSeconds (30) bounds how long stopping may take. Shorten the sleep, or raise the pod's terminationGracePeriodSeconds. The API server answers `spec.template.spec.containers[0].lifecycle.preStop.sleep: Invalid value: 45: must be non-negative and less than terminationGracePeriodSeconds (30)`.");
    assert.equal(message(diagnostics, 'pod/security-context-id-out-of-range'),
      "The pod's runAsUser is -1, which is not a valid Linux user ID: use 0 to 2147483647. The API server answers `spec.template.spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive`.");
    assert.equal(message(diagnostics, 'pod/security-context-seccomp-type-unsupported'),
      '`localhost` is not a seccomp profile type: use `RuntimeDefault`, `Localhost` or `Unconfined` (values are case-sensitive). The API server answers `spec.template.spec.containers[0].securityContext.seccompProfile.type: Unsupported value: "localhost": supported values: "Localhost", "RuntimeDefault", "Unconfined"`.');
    assert.equal(message(diagnostics, 'pod/security-context-apparmor-annotation-invalid'),
      '`runtime-default` is not an AppArmor profile: use `runtime/default`, `unconfined` or `localhost/<profile name>`. The API server answers `spec.template.annotations[container.apparmor.security.beta.kubernetes.io/reporter]: Invalid value: "runtime-default": invalid AppArmor profile name: "runtime-default"`.');
    assert.equal(message(diagnostics, 'pod/sysctl-name-duplicate'),
      '`kernel.shm_rmid_forced` is already set by `spec.template.spec.securityContext.sysctls[0].name`; each sysctl may appear once. Remove one of them. The API server answers `spec.template.spec.securityContext.sysctls[1].name: Duplicate value: "kernel.shm_rmid_forced"`.');
    assert.equal(message(diagnostics, 'pod/security-context-windows-run-as-user-name-invalid'),
      '`a\\b\\c` is not a Windows user name the server accepts for the pod: write `USER` or `DOMAIN\\USER` (one backslash, a user of at most 104 characters without `"/\\:;|=,+*?<>@[]`). The API server answers `spec.template.spec.securityContext.windowsOptions.runAsUserName: Invalid value: "a\\\\b\\\\c": runAsUserName cannot contain more than one backslash`.');
    assert.equal(message(diagnostics, 'pod/image-pull-secret-name-empty'),
      'This imagePullSecrets entry names no Secret, so it gives the kubelet no credentials. Name the Secret of type kubernetes.io/dockerconfigjson to use, or remove the entry. The API server warns: `spec.template.spec.imagePullSecrets[0].name: invalid empty name ""`.');
  });

  it('reports spec.os on its key and the Linux-only settings of a Windows pod', async () => {
    const diagnostics = await open(WINDOWS_JOB);
    assert.deepEqual(summary(diagnostics), [
      'pod/os-name-unsupported @ spec.template.spec.os 9:7-9:9',
      'pod/os-windows-forbidden-field @ spec.template.spec.containers[0].securityContext.runAsUser 29:11-29:20',
    ]);
    assert.equal(message(diagnostics, 'pod/os-name-unsupported'),
      '`Windows` is not an operating system the pod can ask for: use `linux` or `windows` (lower case). The API server answers `spec.template.spec.os: Unsupported value: "Windows": supported values: "linux", "windows"`.');
    assert.equal(message(diagnostics, 'pod/os-windows-forbidden-field'),
      '`runAsUser` is a Linux setting, and this pod runs on Windows (`os.name: windows`), so the container `reporter` may not set it. Remove it; Windows containers are configured through `securityContext.windowsOptions`. The API server answers `spec.template.spec.containers[0].securityContext.runAsUser: Forbidden: cannot be set for a windows pod`.');
  });

  it('follows the chosen release: the sleep action is dropped in 1.29', async () => {
    const old = await TestServer.start({ settings: { kubernetesVersion: '1.29' } });
    try {
      const uri = 'file:///pod-rules-129.yaml';
      let diagnostics = await old.open(uri, JOB);
      // The settings pulled at start-up may arrive after the first check: wait for the re-published result.
      for (let i = 0; i < 5 && diagnostics.some((d) => String(d.code).startsWith('pod/lifecycle-')); i++) {
        diagnostics = await old.nextDiagnostics(uri, 2000).catch(() => diagnostics);
      }
      assert.ok(!diagnostics.some((d) => String(d.code).startsWith('pod/lifecycle-')), summary(diagnostics).join(' | '));
      assert.ok(diagnostics.some((d) => d.code === 'pod/probe-success-threshold-not-one'));
    } finally {
      await old.stop();
    }
  });
});
