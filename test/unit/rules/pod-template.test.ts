// Pod-template core checks on a Job's spec.template: containers, ports, env, resources, volumes,
// container restart policies, template labels and annotations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { podTemplateRules } from '../../../server/src/service/rules/pod/index';
import type { Json } from '../../../server/src/service/types';
import { checkCronJobTwin, checkRuleCase, checkWrappedTwin, runRules, type RuleCase } from './harness';

const POD = 'spec.template.spec';
const C0 = `${POD}.containers[0]`;

/** A Job around a pod spec (merged into a valid one), written as JSON, which is YAML too. */
function job(podSpec: { [key: string]: Json }, template: { [key: string]: Json } = {}, jobMetadata: { [key: string]: Json } = { name: 'demo', labels: { app: 'demo' } }): string {
  return JSON.stringify({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: jobMetadata,
    spec: { template: { ...template, spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }], ...podSpec } } },
  });
}

function container(fields: { [key: string]: Json }): { [key: string]: Json } {
  return { name: 'main', image: 'busybox', ...fields };
}

type Case = RuleCase;

const containers: Case[] = [
  { name: 'containers: [] (JOB-POD-01)', yaml: job({ containers: [] }), expect: [`pod/containers-empty @ ${POD}.containers`], severity: 'error', words: ['at least one container', 'Required value'] },
  { name: 'empty container name (JOB-POD-02)', yaml: job({ containers: [{ name: '', image: 'x' }] }), expect: [`pod/container-name-required @ ${C0}.name`], severity: 'error' },
  { name: 'container name not a DNS label (JOB-POD-03)', yaml: job({ containers: [{ name: 'Main_1', image: 'x' }] }), expect: [`pod/container-name-invalid @ ${C0}.name`], words: ['DNS-1123 label'] },
  { name: 'container name of 63 characters', yaml: job({ containers: [{ name: 'm'.repeat(63), image: 'x' }] }), expect: [] },
  { name: 'container name of 64 characters', yaml: job({ containers: [{ name: 'm'.repeat(64), image: 'x' }] }), expect: [`pod/container-name-invalid @ ${C0}.name`] },
  { name: 'duplicate among containers, reported on the later one (JOB-POD-04)', yaml: job({ containers: [container({}), container({})] }), expect: [`pod/container-name-duplicate @ ${POD}.containers[1].name`], words: ['already used by `spec.template.spec.containers[0].name`'] },
  { name: 'an init container reusing a container name', yaml: job({ initContainers: [container({})] }), expect: [`pod/container-name-duplicate @ ${POD}.initContainers[0].name`] },
  { name: 'distinct names', yaml: job({ initContainers: [container({ name: 'init' })] }), expect: [] },
  { name: 'image omitted (JOB-POD-05)', yaml: job({ containers: [{ name: 'main' }] }), expect: [`pod/container-image-required @ ${C0}.image`], severity: 'error', words: ['has no image'] },
  { name: 'image empty in an init container', yaml: job({ initContainers: [{ name: 'init', image: '' }] }), expect: [`pod/container-image-required @ ${POD}.initContainers[0].image`] },
  { name: 'image with a trailing space: the pods fail', yaml: job({ containers: [container({ image: 'busybox ' })] }), expect: [`pod/container-image-whitespace @ ${C0}.image`], severity: 'warning' },
];

const ports: Case[] = [
  { name: 'port name of 15 characters', yaml: job({ containers: [container({ ports: [{ name: 'a'.repeat(15), containerPort: 80 }] })] }), expect: [] },
  { name: 'port name of 16 characters', yaml: job({ containers: [container({ ports: [{ name: 'a'.repeat(16), containerPort: 80 }] })] }), expect: [`pod/port-name-invalid @ ${C0}.ports[0].name`], words: ['IANA_SVC_NAME', 'must be no more than 15 characters'] },
  { name: 'port name without a letter', yaml: job({ containers: [container({ ports: [{ name: '8080', containerPort: 80 }] })] }), expect: [`pod/port-name-invalid @ ${C0}.ports[0].name`] },
  { name: 'duplicate port name in one container', yaml: job({ containers: [container({ ports: [{ name: 'http', containerPort: 80 }, { name: 'http', containerPort: 81 }] })] }), expect: [`pod/port-name-duplicate @ ${C0}.ports[1].name`] },
  { name: 'same port name in two containers is fine', yaml: job({ containers: [container({ ports: [{ name: 'http', containerPort: 80 }] }), container({ name: 'side', ports: [{ name: 'http', containerPort: 81 }] })] }), expect: [] },
  { name: 'containerPort 0', yaml: job({ containers: [container({ ports: [{ containerPort: 0 }] })] }), expect: [`pod/container-port-required @ ${C0}.ports[0].containerPort`] },
  { name: 'containerPort 65535', yaml: job({ containers: [container({ ports: [{ containerPort: 65535 }] })] }), expect: [] },
  { name: 'containerPort 65536', yaml: job({ containers: [container({ ports: [{ containerPort: 65536 }] })] }), expect: [`pod/container-port-out-of-range @ ${C0}.ports[0].containerPort`], words: ['1 to 65535'] },
  { name: 'hostPort 70000', yaml: job({ containers: [container({ ports: [{ containerPort: 80, hostPort: 70000 }] })] }), expect: [`pod/host-port-out-of-range @ ${C0}.ports[0].hostPort`] },
  { name: 'two containers on one host port', yaml: job({ containers: [container({ ports: [{ containerPort: 80, hostPort: 8080 }] }), container({ name: 'b', ports: [{ containerPort: 81, hostPort: 8080 }] })] }), expect: [`pod/host-port-conflict @ ${POD}.containers[1].ports[0].hostPort`], words: ['8080/TCP'] },
  {
    name: 'protocol in lower case', yaml: job({ containers: [container({ ports: [{ containerPort: 80, protocol: 'tcp' }] })] }), expect: [`pod/port-protocol-unsupported @ ${C0}.ports[0].protocol`],
    words: ['`TCP`', '`UDP`', '`SCTP`', 'Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"'],
  },
  { name: 'protocol SCTP', yaml: job({ containers: [container({ ports: [{ containerPort: 80, protocol: 'SCTP' }] })] }), expect: [] },
  { name: 'an empty protocol is defaulted to TCP', yaml: job({ containers: [container({ ports: [{ containerPort: 80, protocol: '' }] })] }), expect: [] },
  { name: 'same host port, other protocol', yaml: job({ containers: [container({ ports: [{ containerPort: 80, hostPort: 8080 }] }), container({ name: 'b', ports: [{ containerPort: 81, hostPort: 8080, protocol: 'UDP' }] })] }), expect: [] },
  { name: 'init containers run one at a time', yaml: job({ initContainers: [container({ name: 'a', ports: [{ containerPort: 80, hostPort: 8080 }] }), container({ name: 'b', ports: [{ containerPort: 80, hostPort: 8080 }] })] }), expect: [] },
  { name: 'hostNetwork defaults hostPort to containerPort', yaml: job({ hostNetwork: true, containers: [container({ ports: [{ containerPort: 80 }] }), container({ name: 'b', ports: [{ containerPort: 80 }] })] }), expect: [`pod/host-port-conflict @ ${POD}.containers[1].ports[0].hostPort`] },
  { name: 'hostNetwork with a different hostPort', yaml: job({ hostNetwork: true, containers: [container({ ports: [{ containerPort: 80, hostPort: 81 }] })] }), expect: [`pod/host-port-host-network-mismatch @ ${C0}.ports[0].hostPort`] },
];

const env: Case[] = [
  { name: 'empty env name', yaml: job({ containers: [container({ env: [{ name: '', value: 'x' }] })] }), expect: [`pod/env-name-required @ ${C0}.env[0].name`] },
  { name: 'env name with = (refused even by the relaxed rule)', yaml: job({ containers: [container({ env: [{ name: 'A=B', value: 'x' }] })] }), expect: [`pod/env-name-invalid @ ${C0}.env[0].name`], words: ['printable ASCII'] },
  { name: 'env name with a space: fine from 1.32', yaml: job({ containers: [container({ env: [{ name: 'MY VAR', value: 'x' }] })] }), minor: 32, expect: [] },
  { name: 'env name with a space: refused in 1.31', yaml: job({ containers: [container({ env: [{ name: 'MY VAR', value: 'x' }] })] }), minor: 31, expect: [`pod/env-name-invalid @ ${C0}.env[0].name`], words: ['From Kubernetes 1.32'] },
  { name: 'env name starting with a digit in 1.30', yaml: job({ containers: [container({ env: [{ name: '1X', value: 'x' }] })] }), minor: 30, expect: [`pod/env-name-invalid @ ${C0}.env[0].name`] },
  { name: 'valueFrom without a source', yaml: job({ containers: [container({ env: [{ name: 'A', valueFrom: {} }] })] }), expect: [`pod/env-value-from-no-source @ ${C0}.env[0].valueFrom`], severity: 'error', anchor: 'key' },
  { name: 'valueFrom and value', yaml: job({ containers: [container({ env: [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] })] }), expect: [`pod/env-value-and-value-from @ ${C0}.env[0].valueFrom`] },
  { name: 'valueFrom with an empty value is fine', yaml: job({ containers: [container({ env: [{ name: 'A', value: '', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] })] }), expect: [] },
  { name: 'valueFrom with two sources', yaml: job({ containers: [container({ env: [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: { name: 's', key: 'k' } } }] })] }), expect: [`pod/env-value-from-multiple-sources @ ${C0}.env[0].valueFrom`] },
  { name: 'fileKeyRef counts as a source in 1.35', yaml: job({ containers: [container({ env: [{ name: 'A', valueFrom: { fileKeyRef: { path: 'a.env', volumeName: 'v', key: 'A' } } }] })] }), expect: [] },
  { name: 'fileKeyRef alone in 1.34 (dropped, then no source)', yaml: job({ containers: [container({ env: [{ name: 'A', valueFrom: { fileKeyRef: { path: 'a.env', volumeName: 'v', key: 'A' } } }] })] }), minor: 34, expect: [`pod/env-value-from-no-source @ ${C0}.env[0].valueFrom`], words: ['EnvFiles'] },
  { name: 'a misspelt source is the schema check\'s finding alone', yaml: job({ containers: [container({ env: [{ name: 'A', valueFrom: { secretRef: { name: 's' } } }] })] }), expect: [] },
  { name: 'fileKeyRef before 1.34 is an unknown field (schema check)', yaml: job({ containers: [container({ env: [{ name: 'A', valueFrom: { fileKeyRef: { path: 'a', volumeName: 'v', key: 'A' } } }] })] }), minor: 33, expect: [] },
  { name: 'envFrom prefix with =', yaml: job({ containers: [container({ envFrom: [{ prefix: 'A=', configMapRef: { name: 'c' } }] })] }), expect: [`pod/env-from-prefix-invalid @ ${C0}.envFrom[0].prefix`] },
];

const resources: Case[] = [
  { name: 'requests equal to limits', yaml: job({ containers: [container({ resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: 0.5, memory: '1024Mi' } } })] }), expect: [] },
  { name: 'request above limit', yaml: job({ containers: [container({ resources: { requests: { cpu: '501m' }, limits: { cpu: '500m' } } })] }), expect: [`pod/request-above-limit @ ${C0}.resources.requests[cpu]`], severity: 'error', words: ['must be less than or equal to cpu limit of 500m', 'resources.requests: Invalid value'] },
  { name: 'malformed quantity', yaml: job({ containers: [container({ resources: { limits: { memory: '1 Gi' } } })] }), expect: [`pod/resource-quantity-malformed @ ${C0}.resources.limits[memory]`], words: ['quantities must match'] },
  { name: 'unknown suffix (K is not kilo, k is)', yaml: job({ containers: [container({ resources: { limits: { memory: '1K' } } })] }), expect: [`pod/resource-quantity-malformed @ ${C0}.resources.limits[memory]`], words: ["unable to parse quantity's suffix"] },
  { name: 'negative quantity', yaml: job({ containers: [container({ resources: { requests: { cpu: '-1' } } })] }), expect: [`pod/resource-quantity-negative @ ${C0}.resources.requests[cpu]`] },
  { name: 'unknown resource name', yaml: job({ containers: [container({ resources: { requests: { cpus: '1' } } })] }), expect: [`pod/resource-name-invalid @ ${C0}.resources.requests[cpus]`], anchor: 'key', words: ['must be a standard resource for containers'] },
  { name: 'extended resource: request equal to limit', yaml: job({ containers: [container({ resources: { requests: { 'nvidia.com/gpu': 1 }, limits: { 'nvidia.com/gpu': 1 } } })] }), expect: [] },
  { name: 'extended resource: request below limit', yaml: job({ containers: [container({ resources: { requests: { 'nvidia.com/gpu': 1 }, limits: { 'nvidia.com/gpu': 2 } } })] }), expect: [`pod/request-not-equal-limit @ ${C0}.resources.requests[nvidia.com/gpu]`], words: ['must be equal to nvidia.com/gpu limit of 2'] },
  { name: 'extended resource: request without limit', yaml: job({ containers: [container({ resources: { requests: { 'nvidia.com/gpu': 1 } } })] }), expect: [`pod/limit-required @ ${C0}.resources.requests[nvidia.com/gpu]`], words: ['Limit must be set for non overcommitable resources'] },
  { name: 'extended resource: limit only is fine', yaml: job({ containers: [container({ resources: { limits: { 'example.com/dongle': 2 } } })] }), expect: [] },
  { name: 'extended resource: half a device', yaml: job({ containers: [container({ resources: { limits: { 'example.com/dongle': '500m' } } })] }), expect: [`pod/resource-quantity-not-integer @ ${C0}.resources.limits[example.com/dongle]`] },
  { name: 'hugepages with memory, whole pages', yaml: job({ containers: [container({ resources: { limits: { 'hugepages-2Mi': '100Mi', memory: '100Mi' }, requests: { memory: '100Mi' } } })] }), expect: [] },
  { name: 'hugepages not a page multiple', yaml: job({ containers: [container({ resources: { limits: { 'hugepages-2Mi': '3Mi', memory: '1Gi' } } })] }), expect: [`pod/hugepages-not-page-multiple @ ${C0}.resources.limits[hugepages-2Mi]`] },
  { name: 'hugepages alone', yaml: job({ containers: [container({ resources: { limits: { 'hugepages-1Gi': '2Gi' } } })] }), expect: [`pod/hugepages-without-cpu-or-memory @ ${C0}.resources`], anchor: 'key' },
];

const volumes: Case[] = [
  { name: 'volume without a source: the server makes it an emptyDir (SetDefaults_Volume), a deprecated default', yaml: job({ volumes: [{ name: 'data' }] }), expect: [`pod/volume-source-implicit-empty-dir @ ${POD}.volumes[0]`], severity: 'warning', anchor: 'entry', words: ['`emptyDir: {}`', 'deprecated'] },
  { name: 'volume with two sources (the second is reported)', yaml: job({ volumes: [{ name: 'data', emptyDir: {}, configMap: { name: 'c' } }] }), expect: [`pod/volume-source-multiple @ ${POD}.volumes[0].configMap`], anchor: 'key' },
  { name: 'volume name not a DNS label', yaml: job({ volumes: [{ name: 'Data', emptyDir: {} }] }), expect: [`pod/volume-name-invalid @ ${POD}.volumes[0].name`] },
  { name: 'empty volume name', yaml: job({ volumes: [{ name: '', emptyDir: {} }] }), expect: [`pod/volume-name-required @ ${POD}.volumes[0].name`] },
  { name: 'duplicate volume names', yaml: job({ volumes: [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }] }), expect: [`pod/volume-name-duplicate @ ${POD}.volumes[1].name`] },
  { name: 'mount of a missing volume', yaml: job({ volumes: [{ name: 'data', emptyDir: {} }], containers: [container({ volumeMounts: [{ name: 'dta', mountPath: '/data' }] })] }), expect: [`pod/volume-mount-not-found @ ${C0}.volumeMounts[0].name`], words: ['it has `data`', 'Not found: "dta"'] },
  { name: 'mount of an existing volume', yaml: job({ volumes: [{ name: 'data', emptyDir: {} }], containers: [container({ volumeMounts: [{ name: 'data', mountPath: '/data' }] })] }), expect: [] },
  { name: 'two mounts at one path in a container', yaml: job({ volumes: [{ name: 'a', emptyDir: {} }, { name: 'b', emptyDir: {} }], containers: [container({ volumeMounts: [{ name: 'a', mountPath: '/x' }, { name: 'b', mountPath: '/x' }] })] }), expect: [`pod/volume-mount-path-duplicate @ ${C0}.volumeMounts[1].mountPath`] },
  { name: 'same path in two containers is fine', yaml: job({ volumes: [{ name: 'a', emptyDir: {} }], containers: [container({ volumeMounts: [{ name: 'a', mountPath: '/x' }] }), container({ name: 'b', volumeMounts: [{ name: 'a', mountPath: '/x' }] })] }), expect: [] },
  { name: 'empty mountPath', yaml: job({ volumes: [{ name: 'a', emptyDir: {} }], containers: [container({ volumeMounts: [{ name: 'a', mountPath: '' }] })] }), expect: [`pod/volume-mount-path-required @ ${C0}.volumeMounts[0].mountPath`] },
  { name: 'empty mount name', yaml: job({ containers: [container({ volumeMounts: [{ name: '', mountPath: '/x' }] })] }), expect: [`pod/volume-mount-name-required @ ${C0}.volumeMounts[0].name`] },
];

const restartPolicies: Case[] = [
  { name: 'sidecar (Always) on an init container in 1.29', yaml: job({ initContainers: [container({ name: 'side', restartPolicy: 'Always' })] }), minor: 29, expect: [] },
  { name: 'init container Never in 1.33', yaml: job({ initContainers: [container({ name: 'init', restartPolicy: 'Never' })] }), minor: 33, expect: [`pod/init-container-restart-policy-not-always @ ${POD}.initContainers[0].restartPolicy`], words: ['supported values: "Always"'] },
  { name: 'init container Never in 1.35 (ContainerRestartRules on)', yaml: job({ initContainers: [container({ name: 'init', restartPolicy: 'Never' })] }), minor: 35, expect: [] },
  { name: 'init container Never in 1.34 (dropped, the version rule speaks)', yaml: job({ initContainers: [container({ name: 'init', restartPolicy: 'Never' })] }), minor: 34, expect: [] },
  { name: 'regular container restartPolicy in 1.33', yaml: job({ containers: [container({ restartPolicy: 'Always' })] }), minor: 33, expect: [`pod/container-restart-policy-forbidden @ ${C0}.restartPolicy`], anchor: 'key', words: ['may not be set for non-init containers'] },
  { name: 'regular container restartPolicy in 1.35', yaml: job({ containers: [container({ restartPolicy: 'OnFailure' })] }), minor: 35, expect: [] },
  { name: 'unknown container restartPolicy in 1.35', yaml: job({ containers: [container({ restartPolicy: 'Sometimes' })] }), minor: 35, expect: [`pod/container-restart-policy-unsupported @ ${C0}.restartPolicy`] },
];

const RESTART_ON_CPU = [{ resourceName: 'cpu', restartPolicy: 'RestartContainer' }];
const INIT = `${POD}.initContainers[0]`;

const resizePolicies: Case[] = [
  {
    name: 'RestartContainer on a plain init container in 1.36', yaml: job({ restartPolicy: 'OnFailure', initContainers: [container({ name: 'init', resizePolicy: RESTART_ON_CPU })] }), minor: 36,
    expect: [`pod/init-container-resize-restart-container @ ${INIT}.resizePolicy[0].restartPolicy`],
    words: ['init container `init` asks to be restarted when it is resized for `cpu`', `${INIT}.resizePolicy[0].restartPolicy: Invalid value: "RestartContainer": must not be set to 'RestartContainer' for non-sidecar initContainers`],
  },
  {
    name: 'RestartContainer on an init container with restartPolicy Never in 1.37, second entry', minor: 37,
    yaml: job({ restartPolicy: 'OnFailure', initContainers: [container({ name: 'init', restartPolicy: 'Never', resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'memory', restartPolicy: 'RestartContainer' }] })] }),
    expect: [`pod/init-container-resize-restart-container @ ${INIT}.resizePolicy[1].restartPolicy`],
  },
  { name: 'the same init container in 1.35', yaml: job({ restartPolicy: 'OnFailure', initContainers: [container({ name: 'init', resizePolicy: RESTART_ON_CPU })] }), minor: 35, expect: [] },
  { name: 'RestartContainer on a sidecar in 1.36', yaml: job({ restartPolicy: 'OnFailure', initContainers: [container({ name: 'side', restartPolicy: 'Always', resizePolicy: RESTART_ON_CPU })] }), minor: 36, expect: [] },
  { name: 'NotRequired on a plain init container in 1.36', yaml: job({ restartPolicy: 'OnFailure', initContainers: [container({ name: 'init', resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] })] }), minor: 36, expect: [] },
  { name: 'RestartContainer on a regular container in 1.36', yaml: job({ restartPolicy: 'OnFailure', containers: [container({ resizePolicy: RESTART_ON_CPU })] }), minor: 36, expect: [] },
];

const template: Case[] = [
  { name: 'bad template label key (JOB-POD-07)', yaml: job({}, { metadata: { labels: { 'bad key': 'x' } } }), expect: ['pod/template-label-key-invalid @ spec.template.metadata.labels[bad key]'], anchor: 'key', words: ['spec.template.labels: Invalid value'] },
  { name: 'bad template label value, Job without labels: the server repeats it', yaml: job({}, { metadata: { labels: { app: '-x' } } }, { name: 'demo' }), expect: ['pod/template-label-value-invalid @ spec.template.metadata.labels[app]'], words: ['`metadata.labels` too'],
    inJobSet: { expect: ['pod/template-label-value-invalid @ spec.replicatedJobs[0].template.spec.template.metadata.labels[app]'], why: "a JobSet's Jobs always have labels of their own (the controller's): nothing is inherited", words: ['not a valid label value'] },
    inTrainingRuntime: { expect: ['pod/template-label-value-invalid @ spec.template.spec.replicatedJobs[0].template.spec.template.metadata.labels[app]'], why: "a JobSet's Jobs always have labels of their own (the controller's): nothing is inherited", words: ['not a valid label value'] },
    inCronJob: {
      expect: ['pod/template-label-value-invalid @ spec.jobTemplate.spec.template.metadata.labels[app]'], words: ['spec.jobTemplate.spec.template.labels'],
      why: 'a CronJob does not take its job template\'s Pod labels (no SetDefaults_Job), so the server reports them once',
    } },
  { name: 'bad template annotation key', yaml: job({}, { metadata: { annotations: { 'a b': 'x' } } }), expect: ['pod/template-annotation-key-invalid @ spec.template.metadata.annotations[a b]'] },
  { name: 'template annotations over 256 KiB', yaml: job({}, { metadata: { annotations: { k: 'x'.repeat(256 * 1024) } } }), expect: ['pod/template-annotations-too-long @ spec.template.metadata.annotations'] },
  { name: 'ephemeral containers in a template', yaml: job({ ephemeralContainers: [{ name: 'debug', image: 'busybox' }] }), expect: [`pod/ephemeral-containers-forbidden @ ${POD}.ephemeralContainers`], anchor: 'key' },
];

const groups: [string, Case[]][] = [
  ['containers', containers], ['ports', ports], ['env', env], ['resources', resources], ['volumes', volumes],
  ['container restart policies', restartPolicies], ['init container resize policies', resizePolicies], ['template metadata', template],
];

for (const [group, cases] of groups) {
  describe(`pod template: ${group}`, () => {
    for (const testCase of cases) {
      it(testCase.name, () => checkRuleCase(podTemplateRules, testCase));
      it(`${testCase.name} (in a CronJob)`, () => assert.ok(checkCronJobTwin(podTemplateRules, testCase), 'every Job case has a CronJob twin'));
      for (const kind of ['JobSet', 'TrainingRuntime'] as const) {
        it(`${testCase.name} (in a ${kind})`, () => assert.ok(checkWrappedTwin(podTemplateRules, testCase, kind), `every Job case has a ${kind} twin`));
      }
    }
  });
}

describe('pod template: robustness', () => {
  it('values of the wrong type are skipped silently', () => {
    const yaml = job({ containers: [{ name: 5, image: [], ports: 'x', env: {}, resources: [], volumeMounts: 7, restartPolicy: 3 }], volumes: 'none', initContainers: [1, 'a'] });
    assert.deepEqual(runRules(podTemplateRules, yaml), []);
    const resize = job({ initContainers: [container({ name: 'init', resizePolicy: 'x' }), container({ name: 'i2', resizePolicy: [1, null, ['RestartContainer'], { restartPolicy: 5 }] })] });
    assert.deepEqual(runRules(podTemplateRules, resize, 37), []);
  });

  it('a Job without a template is left to the other checks', () => {
    assert.deepEqual(runRules(podTemplateRules, 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: a}\nspec: {}\n'), []);
  });

  it('codes are unique and carry metadata', () => {
    const codes = podTemplateRules.flatMap((rule) => rule.codes);
    assert.equal(new Set(codes.map((code) => code.code)).size, codes.length);
    for (const code of codes) assert.ok(code.code.startsWith('pod/') && code.title && code.mirrors && code.href, code.code);
  });
});
