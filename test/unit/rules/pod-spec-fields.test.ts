// The pod-level fields of a Job's pod template, release by release: nodeSelector, scheduling and readiness
// gates, priority, names, activeDeadlineSeconds, overhead, hostUsers, resource claims and pod-level resources.
// Also: the real-world Jobs get no error from the scheduling and networking families at any release.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gateStage } from '../../../server/src/service/kube/featureGates';
import { validateAffinity } from '../../../server/src/service/rules/pod/validateAffinity';
import { validateDNS } from '../../../server/src/service/rules/pod/validateDNS';
import { formatNanos, validatePodResources } from '../../../server/src/service/rules/pod/validatePodResources';
import { validatePodSpecFields } from '../../../server/src/service/rules/pod/validatePodSpecFields';
import { validateResourceClaims } from '../../../server/src/service/rules/pod/validateResourceClaims';
import { validateTolerations } from '../../../server/src/service/rules/pod/validateTolerations';
import { validateTopologySpread } from '../../../server/src/service/rules/pod/validateTopologySpread';
import { versionRules } from '../../../server/src/service/rules/version/index';
import { MAX_MINOR, type Json } from '../../../server/src/service/types';
import { objectsIn } from './corpusObjects';
import { runRules } from './harness';
import { assertEveryCodeTriggered, POD, podJob, runPodCases, type PodCase } from './podCases';
import { sharedPath, skipUnlessShared } from '../../support/shared';

const C0 = `${POD}.containers[0]`;
type Obj = { [key: string]: Json };
const container = (fields: Obj, name = 'main'): Obj => ({ name, image: 'busybox', ...fields });

const scheduling: PodCase[] = [
  { name: 'nodeSelector with a bad key', spec: { nodeSelector: { 'disk type': 'ssd' } }, expect: [`pod/scheduling-node-selector-key-invalid @ ${POD}.nodeSelector[disk type]`], anchor: 'key', words: ['spec.template.spec.nodeSelector: Invalid value: "disk type"'] },
  { name: 'nodeSelector with a bad value', spec: { nodeSelector: { disktype: 'fast ssd' } }, expect: [`pod/scheduling-node-selector-value-invalid @ ${POD}.nodeSelector[disktype]`] },
  { name: 'a usual nodeSelector', spec: { nodeSelector: { 'kubernetes.io/os': 'linux', 'cloud.google.com/gke-accelerator': 'nvidia-tesla-t4' } }, expect: [] },
  { name: 'a scheduling gate that is not a qualified name', spec: { schedulingGates: [{ name: 'example.com/quota check' }] }, expect: [`pod/scheduling-gate-name-invalid @ ${POD}.schedulingGates[0]`], anchor: 'entry' },
  { name: 'a repeated scheduling gate', spec: { schedulingGates: [{ name: 'example.com/a' }, { name: 'example.com/a' }] }, expect: [`pod/scheduling-gate-duplicate @ ${POD}.schedulingGates[1]`], words: ['Duplicate value: "example.com/a"'] },
  { name: 'the same in 1.26, where schedulingGates are dropped', minor: 26, spec: { schedulingGates: [{ name: 'example.com/a' }, { name: 'example.com/a' }] }, expect: [] },
  { name: 'two different gates', minor: 27, spec: { schedulingGates: [{ name: 'example.com/a' }, { name: 'b' }] }, expect: [] },
  { name: 'priorityClassName in upper case', spec: { priorityClassName: 'High' }, expect: [`pod/scheduling-priority-class-name-invalid @ ${POD}.priorityClassName`] },
  { name: 'a priorityClassName whatever class exists', spec: { priorityClassName: 'system-node-critical', priority: 5 }, expect: [] },
  { name: 'preemptionPolicy typo', spec: { preemptionPolicy: 'never' }, expect: [`pod/scheduling-preemption-policy-unsupported @ ${POD}.preemptionPolicy`], words: ['supported values: "PreemptLowerPriority", "Never"'] },
  { name: 'preemptionPolicy ""', spec: { preemptionPolicy: '' }, expect: [`pod/scheduling-preemption-policy-unsupported @ ${POD}.preemptionPolicy`], words: ['preemptionPolicy: Required value'] },
  { name: 'preemptionPolicy Never', spec: { preemptionPolicy: 'Never' }, expect: [] },
  { name: 'nodeName with an underscore', spec: { nodeName: 'node_1' }, expect: [`pod/scheduling-node-name-invalid @ ${POD}.nodeName`] },
];

const fields: PodCase[] = [
  { name: 'a readiness gate condition type with a space', spec: { readinessGates: [{ conditionType: 'example.com/load balancer' }] }, expect: [`pod/spec-readiness-gate-condition-type-invalid @ ${POD}.readinessGates[0].conditionType`] },
  { name: 'a readiness gate of another controller', spec: { readinessGates: [{ conditionType: 'target-health.elbv2.k8s.aws/my-tg' }] }, expect: [] },
  { name: 'pod activeDeadlineSeconds 0', spec: { activeDeadlineSeconds: 0 }, expect: [`pod/spec-active-deadline-seconds-out-of-range @ ${POD}.activeDeadlineSeconds`], words: ['must be between 1 and 2147483647, inclusive'] },
  { name: 'pod activeDeadlineSeconds 1', spec: { activeDeadlineSeconds: 1 }, expect: [] },
  { name: 'pod activeDeadlineSeconds above int32', spec: { activeDeadlineSeconds: 2147483648 }, expect: [`pod/spec-active-deadline-seconds-out-of-range @ ${POD}.activeDeadlineSeconds`] },
  { name: 'serviceAccountName with an underscore', spec: { serviceAccountName: 'job_runner' }, expect: [`pod/spec-service-account-name-invalid @ ${POD}.serviceAccountName`] },
  { name: 'the deprecated serviceAccount, validated as serviceAccountName', spec: { serviceAccount: 'Runner' }, expect: [`pod/spec-service-account-name-invalid @ ${POD}.serviceAccount`], words: ['spec.template.spec.serviceAccountName: Invalid value: "Runner"'] },
  { name: 'serviceAccountName wins over serviceAccount', spec: { serviceAccountName: 'runner', serviceAccount: 'Runner' }, expect: [] },
  { name: 'runtimeClassName ""', spec: { runtimeClassName: '' }, expect: [`pod/spec-runtime-class-name-invalid @ ${POD}.runtimeClassName`] },
  { name: 'a runtimeClassName', spec: { runtimeClassName: 'gvisor' }, expect: [] },
  { name: 'overhead with an unknown resource', spec: { runtimeClassName: 'kata', overhead: { cpus: '100m' } }, expect: [`pod/spec-overhead-name-invalid @ ${POD}.overhead[cpus]`], anchor: 'key' },
  { name: 'overhead with a negative quantity', spec: { runtimeClassName: 'kata', overhead: { memory: '-1Mi' } }, expect: [`pod/spec-overhead-quantity-invalid @ ${POD}.overhead[memory]`] },
  { name: 'overhead without runtimeClassName: pods are refused', spec: { overhead: { cpu: '100m' } }, expect: [`pod/spec-overhead-without-runtime-class @ ${POD}.overhead`], severity: 'warning', words: ['Pod Overhead set without corresponding RuntimeClass defined Overhead'] },
  { name: 'overhead with runtimeClassName', spec: { runtimeClassName: 'kata', overhead: { cpu: '100m', memory: '120Mi' } }, expect: [] },
];

const claims: PodCase[] = [
  { name: 'a claim from a template, used by a container', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'single-gpu' }], containers: [container({ resources: { claims: [{ name: 'gpu' }] } })] }, expect: [] },
  { name: 'a claim name in upper case', spec: { resourceClaims: [{ name: 'GPU', resourceClaimTemplateName: 'single-gpu' }] }, expect: [`pod/spec-resource-claim-name-invalid @ ${POD}.resourceClaims[0].name`] },
  { name: 'an empty claim name', spec: { resourceClaims: [{ name: '', resourceClaimTemplateName: 'single-gpu' }] }, expect: [`pod/spec-resource-claim-name-required @ ${POD}.resourceClaims[0].name`] },
  { name: 'a repeated claim name', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }, { name: 'gpu', resourceClaimTemplateName: 'b' }] }, expect: [`pod/spec-resource-claim-name-duplicate @ ${POD}.resourceClaims[1].name`] },
  { name: 'a claim without a source', spec: { resourceClaims: [{ name: 'gpu' }] }, expect: [`pod/spec-resource-claim-source-missing @ ${POD}.resourceClaims[0]`], anchor: 'entry', words: ['must specify one of: `resourceClaimName`, `resourceClaimTemplateName`'] },
  { name: 'the removed `source` shape is the schema check\'s', spec: { resourceClaims: [{ name: 'gpu', source: { resourceClaimTemplateName: 'a' } }] }, expect: [] },
  { name: 'a claim with both sources', spec: { resourceClaims: [{ name: 'gpu', resourceClaimName: 'a', resourceClaimTemplateName: 'b' }] }, expect: [`pod/spec-resource-claim-source-multiple @ ${POD}.resourceClaims[0].resourceClaimTemplateName`], anchor: 'key' },
  { name: 'a claim template name with an underscore', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'single_gpu' }] }, expect: [`pod/spec-resource-claim-reference-invalid @ ${POD}.resourceClaims[0].resourceClaimTemplateName`] },
  { name: 'a container claim of an unknown name', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }], containers: [container({ resources: { claims: [{ name: 'gpus' }] } })] }, expect: [`pod/spec-container-claim-not-found @ ${C0}.resources.claims[0].name`], words: ['Not found: "gpus": must be one of the names in pod.spec.resourceClaims: gpu'] },
  { name: 'a container claim when the pod has none', spec: { containers: [container({ resources: { claims: [{ name: 'gpu' }] } })] }, expect: [`pod/spec-container-claim-not-found @ ${C0}.resources.claims[0].name`], words: ['pod.spec.resourceClaims which is empty'] },
  { name: 'the same in 1.33, where claims are dropped', minor: 33, spec: { containers: [container({ resources: { claims: [{ name: 'gpu' }] } })] }, expect: [] },
  { name: 'a container claim without a name', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }], containers: [container({ resources: { claims: [{ name: '' }] } })] }, expect: [`pod/spec-container-claim-name-required @ ${C0}.resources.claims[0]`] },
  { name: 'a claim used twice by one container', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }], containers: [container({ resources: { claims: [{ name: 'gpu' }, { name: 'gpu' }] } })] }, expect: [`pod/spec-container-claim-duplicate @ ${C0}.resources.claims[1]`] },
  { name: 'two requests of one claim', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }], containers: [container({ resources: { claims: [{ name: 'gpu', request: 'a' }, { name: 'gpu', request: 'b' }] } })] }, expect: [] },
  { name: 'a request, then the whole claim', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }], containers: [container({ resources: { claims: [{ name: 'gpu', request: 'a' }, { name: 'gpu' }] } })] }, expect: [`pod/spec-container-claim-duplicate @ ${C0}.resources.claims[1]`] },
  { name: 'a request name that is not a DNS label', spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }], containers: [container({ resources: { claims: [{ name: 'gpu', request: 'Big_GPU' }] } })] }, expect: [`pod/spec-container-claim-request-invalid @ ${C0}.resources.claims[0].request`] },
];

const podResources: PodCase[] = [
  { name: 'pod-level resources covering the containers', spec: { resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '2', memory: '2Gi' } }, containers: [container({ resources: { requests: { cpu: '500m', memory: '512Mi' }, limits: { cpu: '2' } } }), container({ resources: { requests: { cpu: '500m', memory: '512Mi' } } }, 'side')] }, expect: [] },
  { name: 'claims at pod level', spec: { resources: { claims: [{ name: 'gpu' }] } }, expect: [`pod/spec-resources-claims-forbidden @ ${POD}.resources.claims`], anchor: 'key', words: ['Forbidden: claims cannot be set for Resources at pod-level'] },
  { name: 'an extended resource at pod level', spec: { resources: { limits: { 'nvidia.com/gpu': 1 } } }, expect: [`pod/spec-resources-name-unsupported @ ${POD}.resources.limits[nvidia.com/gpu]`] },
  { name: 'the same in 1.33, where pod-level resources are dropped', minor: 33, spec: { resources: { limits: { 'nvidia.com/gpu': 1 } } }, expect: [] },
  { name: 'a pod request above its limit', spec: { resources: { requests: { memory: '2Gi' }, limits: { memory: '1Gi' } } }, expect: [`pod/spec-resources-request-above-limit @ ${POD}.resources.requests[memory]`], words: ['spec.template.spec.resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi'] },
  { name: 'a pod request below the containers\' together', spec: { resources: { requests: { cpu: '1' } }, containers: [container({ resources: { requests: { cpu: '600m' } } }), container({ resources: { requests: { cpu: '600m' } } }, 'side')] }, expect: [`pod/spec-resources-below-container-requests @ ${POD}.resources.requests[cpu]`], words: ['must be greater than or equal to aggregate container requests of 1200m'] },
  { name: 'init containers count one at a time', spec: { resources: { requests: { cpu: '1' } }, initContainers: [container({ resources: { requests: { cpu: '1' } } }, 'init-a'), container({ resources: { requests: { cpu: '1' } } }, 'init-b')], containers: [container({ resources: { requests: { cpu: '1' } } })] }, expect: [] },
  { name: 'a sidecar runs beside the containers', spec: { resources: { requests: { cpu: '1' } }, initContainers: [container({ restartPolicy: 'Always', resources: { requests: { cpu: '500m' } } }, 'proxy')], containers: [container({ resources: { requests: { cpu: '600m' } } })] }, expect: [`pod/spec-resources-below-container-requests @ ${POD}.resources.requests[cpu]`], words: ['of 1100m'] },
  { name: 'a container limit above the pod limit', spec: { resources: { limits: { memory: '1Gi' } }, containers: [container({ resources: { limits: { memory: '2Gi' } } })] }, expect: [`pod/spec-resources-container-limit-above-pod @ ${C0}.resources.limits[memory]`], words: ['spec.template.spec.resources.containers[0][memory].limits: Invalid value: "2Gi": must be less than or equal to pod limits of 1Gi'] },
];

const groups: [string, PodCase[]][] = [['scheduling', scheduling], ['fields', fields], ['resource claims', claims], ['pod-level resources', podResources]];
const rules = [validatePodSpecFields, validateResourceClaims, validatePodResources];
runPodCases('pod spec fields', rules, groups);

describe('pod spec fields: codes and helpers', () => {
  assertEveryCodeTriggered(rules, groups);

  it('writes summed quantities as Quantity.String() does', () => {
    assert.equal(formatNanos(1_200_000_000n, false), '1200m');
    assert.equal(formatNanos(2_000_000_000_000n, false), '2k');
    assert.equal(formatNanos(1536n * 1024n * 1024n * 1_000_000_000n, true), '1536Mi');
    assert.equal(formatNanos(3n * 1024n ** 3n * 1_000_000_000n, true), '3Gi');
    assert.equal(formatNanos(500n * 1_000_000_000n, true), '500');
  });
});

describe('feature gates of the scheduling and networking checks', () => {
  const stages: [Parameters<typeof gateStage>[0], number, ReturnType<typeof gateStage>][] = [
    ['StrictIPCIDRValidation', 32, undefined], ['StrictIPCIDRValidation', 35, 'alpha'], ['StrictIPCIDRValidation', 36, 'beta-on'],
    ['ExpandedDNSConfig', 25, 'alpha'], ['ExpandedDNSConfig', 26, 'beta-on'], ['RelaxedDNSSearchValidation', 32, 'alpha'], ['RelaxedDNSSearchValidation', 33, 'beta-on'],
    ['HostnameOverride', 34, 'alpha'], ['HostnameOverride', 35, 'beta-on'], ['HostnameOverride', 37, 'ga'],
    ['MatchLabelKeysInPodAffinity', 30, 'alpha'], ['MatchLabelKeysInPodAffinity', 31, 'beta-on'],
    ['MatchLabelKeysInPodTopologySpread', 26, 'alpha'], ['MatchLabelKeysInPodTopologySpread', 27, 'beta-on'],
    ['MatchLabelKeysInPodTopologySpreadSelectorMerge', 33, undefined], ['MatchLabelKeysInPodTopologySpreadSelectorMerge', 34, 'beta-on'],
    ['MinDomainsInPodTopologySpread', 26, 'beta-off'], ['MinDomainsInPodTopologySpread', 27, 'beta-on'],
    ['NodeInclusionPolicyInPodTopologySpread', 25, 'alpha'], ['PodSchedulingReadiness', 26, 'alpha'], ['TaintTolerationComparisonOperators', 37, 'alpha'],
    ['UserNamespacesSupport', 32, 'beta-off'], ['UserNamespacesSupport', 33, 'beta-on'], ['UserNamespacesSupport', 36, 'ga'],
    ['DynamicResourceAllocation', 33, 'beta-off'], ['DynamicResourceAllocation', 34, 'ga'], ['PodLevelResources', 33, 'alpha'], ['PodLevelResources', 34, 'beta-on'],
  ];
  for (const [gate, minor, stage] of stages) {
    it(`${gate} in 1.${minor} is ${stage ?? 'absent'}`, () => assert.equal(gateStage(gate, minor), stage));
  }

  it('a pod field that a create drops while its gate is off gets the version warning instead', () => {
    const yaml = podJob({ schedulingGates: [{ name: 'example.com/a' }], hostnameOverride: 'db-0', hostUsers: false, resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'a' }] });
    const warned = (minor: number) => runRules(versionRules, yaml, minor).map((finding) => `${finding.severity} ${finding.code} @ ${finding.path}`);
    assert.deepEqual(warned(26), [`warning version/feature-gate-off @ ${POD}.hostUsers`, `warning version/feature-gate-off @ ${POD}.schedulingGates`, `warning version/feature-gate-off @ ${POD}.resourceClaims`]);
    assert.deepEqual(warned(34), [`warning version/feature-gate-off @ ${POD}.hostnameOverride`]);
    assert.deepEqual(warned(35), []);
  });
});

// Every batch/v1 Job of the real-world corpus, at every release from 1.26: no error from these families.
const FAMILIES = [validateAffinity, validateTolerations, validateTopologySpread, validateDNS, validatePodSpecFields, validateResourceClaims, validatePodResources];
const CORPUS = sharedPath('corpus', 'real', 'job');

describe('real-world corpus: no errors from the scheduling and networking families', { skip: skipUnlessShared('pod scheduling rules on the real-world Jobs', 'corpus', 'real', 'job') }, () => {
  it(`every accepted Job, 1.26 to 1.${MAX_MINOR}`, () => {
    const errors: string[] = [];
    let checked = 0;
    for (const file of readdirSync(CORPUS).filter((name) => /\.ya?ml$/.test(name))) {
      for (const job of objectsIn(readFileSync(`${CORPUS}/${file}`, 'utf8'), 'Job')) {
        checked++;
        for (let minor = 26; minor <= MAX_MINOR; minor++) {
          for (const finding of runRules(FAMILIES, JSON.stringify(job), minor)) {
            if (finding.severity === 'error') errors.push(`1.${minor} ${file}: ${finding.code} @ ${finding.path}`);
          }
        }
      }
    }
    assert.ok(checked >= 62, `only ${checked} Jobs found`);
    assert.deepEqual(errors, []);
  });
});
