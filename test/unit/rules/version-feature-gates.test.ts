// Feature-gate table (kube/featureGates.ts) and the version/feature-gate-off warning.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fieldInRelease, firstMinorEnabledByDefault, gateEnabledByDefault, gateStage, GATED_FIELDS, FEATURE_GATE_NAMES,
} from '../../../server/src/service/kube/featureGates';
import { versionRules } from '../../../server/src/service/rules/version/index';
import { MAX_MINOR, MIN_MINOR, NEWEST_RELEASED_MINOR } from '../../../server/src/service/types';
import { checkCronJobTwin, checkWrappedTwin, cronJobTwinOf, runRules, summary } from './harness';
import { fieldsInRelease, patternPath } from '../../support/releaseFields';

describe('feature-gate table', () => {
  const stages: [Parameters<typeof gateStage>[0], number, ReturnType<typeof gateStage>][] = [
    ['JobManagedBy', 29, undefined], ['JobManagedBy', 31, 'alpha'], ['JobManagedBy', 32, 'beta-on'], ['JobManagedBy', 35, 'ga'],
    ['MutableCSINodeAllocatableCount', 33, 'alpha'], ['MutableCSINodeAllocatableCount', 34, 'beta-off'], ['MutableCSINodeAllocatableCount', 35, 'beta-on'],
    ['SELinuxMountReadWriteOncePod', 27, 'beta-off'], ['SELinuxMountReadWriteOncePod', 28, 'beta-on'],
    ['SidecarContainers', 28, 'alpha'], ['SidecarContainers', 29, 'beta-on'], ['SidecarContainers', 33, 'ga'],
    ['ContainerRestartRules', 33, undefined], ['ContainerRestartRules', 34, 'alpha'], ['ContainerRestartRules', 35, 'beta-on'],
    ['RelaxedEnvironmentVariableValidation', 31, 'alpha'], ['RelaxedEnvironmentVariableValidation', 32, 'beta-on'], ['RelaxedEnvironmentVariableValidation', 34, 'ga'],
    ['CSIServiceAccountTokenSecrets', 34, undefined], ['CSIServiceAccountTokenSecrets', 35, 'beta-on'],
    ['ImageVolume', 34, 'beta-off'], ['ImageVolume', 35, 'beta-on'], ['ImageVolume', 36, 'ga'],
    ['SELinuxMountReadWriteOncePod', 36, 'ga'], ['MutableCSINodeAllocatableCount', 36, 'ga'], ['CSIServiceAccountTokenSecrets', 36, 'ga'],
    ['ContainerRestartRules', 37, 'beta-on'], ['EnvFiles', 37, 'beta-on'],
    ['RestartAllContainersOnContainerExits', 35, 'alpha'], ['RestartAllContainersOnContainerExits', 36, 'beta-on'],
    ['HostnameOverride', 34, 'alpha'], ['HostnameOverride', 35, 'beta-on'], ['HostnameOverride', 37, 'ga'],
    ['GenericWorkload', 34, undefined], ['GenericWorkload', 35, 'alpha'], ['GenericWorkload', 36, 'alpha'], ['GenericWorkload', 37, 'beta-off'],
    ['WorkloadWithJob', 35, undefined], ['WorkloadWithJob', 36, 'alpha'], ['WorkloadWithJob', 37, 'alpha'],
    ['VolumeLimitScaling', 35, 'alpha'], ['VolumeLimitScaling', 36, 'alpha'], ['VolumeLimitScaling', 37, 'beta-on'],
    ['EvictionRequestAPI', 36, undefined], ['EvictionRequestAPI', 37, 'alpha'],
    ['H2CContainerProbe', 37, 'alpha'], ['GRPCContainerProbeTLS', 37, 'alpha'], ['VolumeBindMountOptions', 37, 'alpha'],
    ['EmptyDirVolumeMode', 37, 'alpha'], ['AtomicWriteVolumeUserFields', 36, undefined], ['AtomicWriteVolumeUserFields', 37, 'alpha'],
    ['GRPCContainerProbe', 23, 'alpha'], ['GRPCContainerProbe', 24, 'beta-on'], ['ProbeTerminationGracePeriod', 24, 'beta-off'], ['ProbeTerminationGracePeriod', 25, 'beta-on'],
    ['PodLifecycleSleepAction', 29, 'alpha'], ['PodLifecycleSleepAction', 30, 'beta-on'], ['ContainerStopSignals', 35, 'alpha'],
    ['UserNamespacesSupport', 32, 'beta-off'], ['UserNamespacesSupport', 33, 'beta-on'], ['SELinuxChangePolicy', 32, 'alpha'], ['SELinuxChangePolicy', 33, 'beta-on'],
  ];
  for (const [gate, minor, stage] of stages) {
    it(`${gate} in 1.${minor} is ${stage ?? 'absent'}`, () => assert.equal(gateStage(gate, minor), stage));
  }

  it('knows the first release with the gate on by default', () => {
    assert.equal(firstMinorEnabledByDefault('JobPodReplacementPolicy'), 29);
    assert.equal(firstMinorEnabledByDefault('EnvFiles'), 35);
    assert.equal(gateEnabledByDefault('JobSuccessPolicy', 30), false);
  });

  it('every gated field names a known gate', () => {
    for (const field of GATED_FIELDS) assert.ok(FEATURE_GATE_NAMES.includes(field.gate), field.gate);
  });

  it('bounds an entry by the releases of its field exactly: absent just before firstMinor and just after lastMinor', () => {
    const bounded = GATED_FIELDS.filter((field) => field.firstMinor !== undefined || field.lastMinor !== undefined);
    assert.deepEqual(bounded.map((field) => `${patternPath(field.pattern)} ${field.firstMinor ?? ''}-${field.lastMinor ?? ''}`), [
      'spec.scheduling 37-',
      'spec.template.spec.workloadRef -35',
      'spec.template.spec.schedulingGroup 36-',
      'spec.preventPodSchedulingIfMissing 36-',
      'spec.jobTemplate.spec.scheduling 37-',
      'spec.jobTemplate.spec.template.spec.workloadRef -35',
      'spec.jobTemplate.spec.template.spec.schedulingGroup 36-',
      // The same Job fields in each Job template of a JobSet and of a training runtime's JobSet template.
      ...['spec.replicatedJobs[].template', 'spec.template.spec.replicatedJobs[].template', 'spec.template.spec.replicatedJobs[].template'].flatMap((template) => [
        `${template}.spec.scheduling 37-`, `${template}.spec.template.spec.workloadRef -35`, `${template}.spec.template.spec.schedulingGroup 36-`,
      ]),
    ]);
    for (const field of bounded) {
      const path = patternPath(field.pattern);
      if (field.firstMinor !== undefined) assert.ok(!fieldsInRelease(field.kind, field.firstMinor - 1).has(path), `${path} exists before ${field.firstMinor}`);
      if (field.lastMinor !== undefined) assert.ok(!fieldsInRelease(field.kind, field.lastMinor + 1).has(path), `${path} exists after ${field.lastMinor}`);
    }
  });
});

// Cross-check with the generated field table (OpenAPI documents up to 1.35, scripts/releases/ after):
// wherever a gate exists, its field exists, within the releases the entry names (firstMinor, lastMinor).
describe('feature-gate table against the fields of each release', () => {
  for (const field of GATED_FIELDS) {
    it(`${field.pattern.join('.')} exists wherever ${field.gate} exists`, () => {
      for (let minor = MIN_MINOR; minor <= MAX_MINOR; minor++) {
        if (gateStage(field.gate, minor) !== undefined && fieldInRelease(field, minor)) assert.ok(fieldsInRelease(field.kind, minor).has(patternPath(field.pattern)), `missing in 1.${minor}`);
      }
    });
  }
});

const job = (spec: string): string => `apiVersion: batch/v1\nkind: Job\nmetadata: {name: a}\nspec:\n${spec}\n`;
const pod = (podSpec: string): string => job(`  template:\n    spec:\n      restartPolicy: Never\n${podSpec}`);
const driver = (spec: string): string => `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata: {name: d.csi.io}\nspec:\n${spec}\n`;

const cases: { name: string; yaml: string; minor: number; expect: string[]; words?: string[] }[] = [
  { name: 'managedBy in 1.31 (alpha)', yaml: job('  managedBy: example.com/ctl'), minor: 31, expect: ['version/feature-gate-off @ spec.managedBy'], words: ['JobManagedBy', 'alpha (off by default) in Kubernetes 1.31', 'on by default from Kubernetes 1.32', 'drops'] },
  { name: 'managedBy in 1.32 (beta, on)', yaml: job('  managedBy: example.com/ctl'), minor: 32, expect: [] },
  { name: 'podFailurePolicy in 1.25', yaml: job('  podFailurePolicy: {rules: []}'), minor: 25, expect: ['version/feature-gate-off @ spec.podFailurePolicy'] },
  { name: 'successPolicy in 1.31', yaml: job('  successPolicy: {rules: []}'), minor: 31, expect: [] },
  { name: 'nodeAllocatableUpdatePeriodSeconds in 1.34 (beta but off)', yaml: driver('  nodeAllocatableUpdatePeriodSeconds: 60'), minor: 34, expect: ['version/feature-gate-off @ spec.nodeAllocatableUpdatePeriodSeconds'], words: ['beta but off by default', 'from Kubernetes 1.35'] },
  { name: 'nodeAllocatableUpdatePeriodSeconds in 1.35', yaml: driver('  nodeAllocatableUpdatePeriodSeconds: 60'), minor: 35, expect: [] },
  { name: 'seLinuxMount in 1.27', yaml: driver('  seLinuxMount: true'), minor: 27, expect: ['version/feature-gate-off @ spec.seLinuxMount'] },
  { name: 'seLinuxMount in 1.28', yaml: driver('  seLinuxMount: true'), minor: 28, expect: [] },
  { name: 'sidecar in 1.28', yaml: pod('      initContainers: [{name: s, image: x, restartPolicy: Always}]\n      containers: [{name: m, image: x}]'), minor: 28, expect: ['version/feature-gate-off @ spec.template.spec.initContainers[0].restartPolicy'], words: ['SidecarContainers'] },
  { name: 'sidecar in 1.34', yaml: pod('      initContainers: [{name: s, image: x, restartPolicy: Always}]\n      containers: [{name: m, image: x}]'), minor: 34, expect: [] },
  { name: 'init container Never in 1.34', yaml: pod('      initContainers: [{name: s, image: x, restartPolicy: Never}]\n      containers: [{name: m, image: x}]'), minor: 34, expect: ['version/feature-gate-off @ spec.template.spec.initContainers[0].restartPolicy'], words: ['ContainerRestartRules'] },
  { name: 'container restartPolicy in 1.34', yaml: pod('      containers: [{name: m, image: x, restartPolicy: Never}]'), minor: 34, expect: ['version/feature-gate-off @ spec.template.spec.containers[0].restartPolicy'] },
  { name: 'fileKeyRef alone in 1.34: dropped, then refused', yaml: pod('      containers: [{name: m, image: x, env: [{name: A, valueFrom: {fileKeyRef: {path: a, volumeName: v, key: A}}}]}]'), minor: 34, expect: ['version/feature-gate-off @ spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef'], words: ['EnvFiles', 'which the server rejects'] },
  { name: 'image volume in 1.33: dropped, then refused', yaml: pod('      volumes: [{name: v, image: {reference: x}}]\n      containers: [{name: m, image: x}]'), minor: 33, expect: ['version/feature-gate-off @ spec.template.spec.volumes[0].image'], words: ['must specify a volume type'] },
  { name: 'image volume in 1.35', yaml: pod('      volumes: [{name: v, image: {reference: x}}]\n      containers: [{name: m, image: x}]'), minor: 35, expect: [] },
  { name: 'a grpc-only probe in 1.23: dropped, then refused', yaml: pod('      containers: [{name: m, image: x, livenessProbe: {grpc: {port: 9000}}}]'), minor: 23, expect: ['version/feature-gate-off @ spec.template.spec.containers[0].livenessProbe.grpc'], words: ['GRPCContainerProbe', 'must specify a handler type'] },
  { name: 'a grpc probe in 1.24', yaml: pod('      containers: [{name: m, image: x, livenessProbe: {grpc: {port: 9000}}}]'), minor: 24, expect: [] },
  { name: 'probe terminationGracePeriodSeconds in 1.24 (beta but off)', yaml: pod('      containers: [{name: m, image: x, startupProbe: {exec: {command: [a]}, terminationGracePeriodSeconds: 5}}]'), minor: 24, expect: ['version/feature-gate-off @ spec.template.spec.containers[0].startupProbe.terminationGracePeriodSeconds'], words: ['ProbeTerminationGracePeriod', 'from Kubernetes 1.25'] },
  { name: 'probe terminationGracePeriodSeconds in 1.25', yaml: pod('      containers: [{name: m, image: x, startupProbe: {exec: {command: [a]}, terminationGracePeriodSeconds: 5}}]'), minor: 25, expect: [] },
  { name: 'a sleep hook in 1.29', yaml: pod('      containers: [{name: m, image: x, lifecycle: {preStop: {sleep: {seconds: 5}}}}]'), minor: 29, expect: ['version/feature-gate-off @ spec.template.spec.containers[0].lifecycle.preStop.sleep'], words: ['PodLifecycleSleepAction'] },
  { name: 'a sleep hook in 1.30', yaml: pod('      containers: [{name: m, image: x, lifecycle: {preStop: {sleep: {seconds: 5}}}}]'), minor: 30, expect: [] },
  { name: 'a stop signal in 1.35 (alpha)', yaml: pod('      os: {name: linux}\n      containers: [{name: m, image: x, lifecycle: {stopSignal: SIGUSR1}}]'), minor: 35, expect: ['version/feature-gate-off @ spec.template.spec.containers[0].lifecycle.stopSignal'], words: ['ContainerStopSignals', `no release up to 1.${NEWEST_RELEASED_MINOR}`] },
  { name: 'spec.os in 1.23', yaml: pod('      os: {name: linux}\n      containers: [{name: m, image: x}]'), minor: 23, expect: ['version/feature-gate-off @ spec.template.spec.os'], words: ['IdentifyPodOS'] },
  { name: 'spec.os in 1.24', yaml: pod('      os: {name: linux}\n      containers: [{name: m, image: x}]'), minor: 24, expect: [] },
  { name: 'hostUsers in 1.32 (beta but off)', yaml: pod('      hostUsers: false\n      containers: [{name: m, image: x}]'), minor: 32, expect: ['version/feature-gate-off @ spec.template.spec.hostUsers'], words: ['UserNamespacesSupport', 'from Kubernetes 1.33'] },
  { name: 'hostUsers in 1.33', yaml: pod('      hostUsers: false\n      containers: [{name: m, image: x}]'), minor: 33, expect: [] },
  { name: 'supplementalGroupsPolicy and seLinuxChangePolicy in 1.32', yaml: pod('      securityContext: {supplementalGroupsPolicy: Strict, seLinuxChangePolicy: Recursive}\n      containers: [{name: m, image: x}]'), minor: 32, expect: ['version/feature-gate-off @ spec.template.spec.securityContext.supplementalGroupsPolicy', 'version/feature-gate-off @ spec.template.spec.securityContext.seLinuxChangePolicy'] },
  { name: 'supplementalGroupsPolicy and seLinuxChangePolicy in 1.33', yaml: pod('      securityContext: {supplementalGroupsPolicy: Strict, seLinuxChangePolicy: Recursive}\n      containers: [{name: m, image: x}]'), minor: 33, expect: [] },
];

describe('version/feature-gate-off', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const findings = runRules(versionRules, testCase.yaml, testCase.minor);
      assert.deepEqual(summary(findings), testCase.expect);
      for (const finding of findings) {
        assert.equal(finding.severity, 'warning');
        assert.equal(finding.anchor, 'key');
        for (const word of testCase.words ?? []) assert.ok(finding.message.includes(word), `message lacks "${word}": ${finding.message}`);
      }
    });
    if (cronJobTwinOf(testCase.yaml)) {
      it(`${testCase.name} (in a CronJob)`, () => assert.ok(checkCronJobTwin(versionRules, { ...testCase, severity: 'warning', anchor: 'key' })));
      for (const kind of ['JobSet', 'TrainingRuntime'] as const) {
        it(`${testCase.name} (in a ${kind})`, () => assert.ok(checkWrappedTwin(versionRules, { ...testCase, severity: 'warning', anchor: 'key' }, kind)));
      }
    }
  }
});
