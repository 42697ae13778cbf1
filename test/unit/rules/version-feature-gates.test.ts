// Feature-gate table (kube/featureGates.ts) and the version/feature-gate-off warning.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  firstMinorEnabledByDefault, gateEnabledByDefault, gateStage, GATED_FIELDS, FEATURE_GATE_NAMES, type GatedField,
} from '../../../server/src/service/kube/featureGates';
import { versionRules } from '../../../server/src/service/rules/version/index';
import { MAX_MINOR, MIN_MINOR } from '../../../server/src/service/types';
import { runRules, summary } from './harness';
import { sharedPath, skipUnlessShared } from '../../support/shared';

describe('feature-gate table', () => {
  const stages: [Parameters<typeof gateStage>[0], number, ReturnType<typeof gateStage>][] = [
    ['JobManagedBy', 29, undefined], ['JobManagedBy', 31, 'alpha'], ['JobManagedBy', 32, 'beta-on'], ['JobManagedBy', 35, 'ga'],
    ['MutableCSINodeAllocatableCount', 33, 'alpha'], ['MutableCSINodeAllocatableCount', 34, 'beta-off'], ['MutableCSINodeAllocatableCount', 35, 'beta-on'],
    ['SELinuxMountReadWriteOncePod', 27, 'beta-off'], ['SELinuxMountReadWriteOncePod', 28, 'beta-on'],
    ['SidecarContainers', 28, 'alpha'], ['SidecarContainers', 29, 'beta-on'], ['SidecarContainers', 33, 'ga'],
    ['ContainerRestartRules', 33, undefined], ['ContainerRestartRules', 34, 'alpha'], ['ContainerRestartRules', 35, 'beta-on'],
    ['RelaxedEnvironmentVariableValidation', 31, 'alpha'], ['RelaxedEnvironmentVariableValidation', 32, 'beta-on'], ['RelaxedEnvironmentVariableValidation', 34, 'ga'],
    ['CSIServiceAccountTokenSecrets', 34, undefined], ['CSIServiceAccountTokenSecrets', 35, 'beta-on'],
    ['ImageVolume', 34, 'beta-off'], ['ImageVolume', 35, 'beta-on'],
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
});

// Cross-check with the API server's own OpenAPI documents: wherever a gate exists, its field exists.
const OPENAPI = sharedPath('openapi');
type Schema = { [key: string]: unknown };

function resolve(document: Schema, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const ref = (current.$ref ?? (Array.isArray(current.allOf) ? (current.allOf[0] as Schema).$ref : undefined)) as string | undefined;
    if (!ref) return current;
    current = (document.components as { schemas: Record<string, Schema> }).schemas[ref.split('/').pop() ?? ''];
  }
  return current;
}

function fieldExists(field: GatedField, minor: number): boolean {
  const file = field.kind === 'Job' ? 'batch-v1.json' : 'storage.k8s.io-v1.json';
  const document = JSON.parse(readFileSync(`${OPENAPI}/1.${minor}/${file}`, 'utf8')) as Schema;
  const root = field.kind === 'Job' ? 'io.k8s.api.batch.v1.Job' : 'io.k8s.api.storage.v1.CSIDriver';
  let schema = resolve(document, (document.components as { schemas: Record<string, Schema> }).schemas[root]);
  for (const segment of field.pattern) {
    if (!schema) return false;
    schema = segment === '*' ? resolve(document, schema.items as Schema) : resolve(document, (schema.properties as Record<string, Schema> | undefined)?.[segment as string]);
  }
  return schema !== undefined;
}

describe('feature-gate table against the OpenAPI documents', { skip: skipUnlessShared('feature-gate table against the OpenAPI documents', 'openapi') }, () => {
  for (const field of GATED_FIELDS) {
    it(`${field.pattern.join('.')} exists wherever ${field.gate} exists`, () => {
      for (let minor = MIN_MINOR; minor <= MAX_MINOR; minor++) {
        if (gateStage(field.gate, minor) !== undefined) assert.ok(fieldExists(field, minor), `missing in 1.${minor}`);
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
  { name: 'a stop signal in 1.35 (alpha)', yaml: pod('      os: {name: linux}\n      containers: [{name: m, image: x, lifecycle: {stopSignal: SIGUSR1}}]'), minor: 35, expect: ['version/feature-gate-off @ spec.template.spec.containers[0].lifecycle.stopSignal'], words: ['ContainerStopSignals', 'no release up to 1.35'] },
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
  }
});
