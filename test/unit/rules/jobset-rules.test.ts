// JobSet's own rules (its webhook, its CRD), the Job templates inside a JobSet as the batch API server judges
// each Job the controller creates, a training runtime's rules, and Kueue's webhooks on its keys: a trigger and a
// non-trigger per code, and the upstream reports reproduced, each flagged at its node.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALL_RULES } from '../../../server/src/service/rules/index';
import { jobSetRules } from '../../../server/src/service/rules/jobset/index';
import { kueueRules } from '../../../server/src/service/rules/kueue/index';
import { trainingRuntimeRules } from '../../../server/src/service/rules/trainingruntime/index';
import { checkRuleCase, runRules, summary, type RuleCase } from './harness';

type Fields = { [key: string]: unknown };

const CONTAINER = { name: 'main', image: 'busybox:1.36' };
const POD = { spec: { restartPolicy: 'Never', containers: [CONTAINER] } };

/** A replicatedJob whose Job spec is a valid one merged with `spec`. */
function rjob(name: string, spec: Fields = {}, extra: Fields = {}): Fields {
  return { name, ...extra, template: { spec: { completions: 2, parallelism: 2, template: POD, ...spec } } };
}

function jobSet(spec: Fields, metadata: Fields = { name: 'train' }): string {
  return JSON.stringify({ apiVersion: 'jobset.x-k8s.io/v1alpha2', kind: 'JobSet', metadata, spec });
}

const R0 = 'spec.replicatedJobs[0]';
const J0 = `${R0}.template.spec`;

const ALL_ROWS: RuleCase[] = [];

function cases(title: string, rows: RuleCase[]): void {
  ALL_ROWS.push(...rows);
  describe(title, () => {
    for (const row of rows) it(`${row.name}${row.minor ? ` (1.${row.minor})` : ''}`, () => checkRuleCase(ALL_RULES, row));
  });
}

cases('upstream reports, each flagged at its node', [
  {
    name: 'kubernetes-sigs/jobset#1024: parallelism without completions in a JobSet, made Indexed by its webhook',
    yaml: jobSet({ replicatedJobs: [{ name: 'workers', replicas: 2, template: { spec: { parallelism: 4, template: POD } } }] }),
    expect: [`job/completion-mode/indexed-requires-completions @ ${J0}.completions`],
    words: ["JobSet's webhook makes every Job `Indexed`", 'spec.completions: Required value: when completion mode is Indexed', 'This JobSet is accepted', '`JobCreationFailed`'],
  },
  {
    name: 'kubernetes-sigs/jobset#1211: a volume mount with an empty mountPath',
    yaml: jobSet({ replicatedJobs: [rjob('workers', { template: { spec: { restartPolicy: 'Never', volumes: [{ name: 'data', emptyDir: {} }], containers: [{ ...CONTAINER, volumeMounts: [{ name: 'data', mountPath: '' }] }] } } })] }),
    expect: [`pod/volume-mount-path-required @ ${J0}.template.spec.containers[0].volumeMounts[0].mountPath`],
    words: ['spec.template.spec.containers[0].volumeMounts[0].mountPath: Required value', '`JobCreationFailed`'],
  },
  {
    name: 'kubernetes-sigs/jobset#302: the Job names a long JobSet name makes are too long',
    yaml: jobSet({ replicatedJobs: [rjob('workers', {}, { replicas: 10 })] }, { name: `llama-70b-pretraining-${'x'.repeat(34)}` }),
    expect: [`jobset/job-name-invalid @ ${R0}.name`],
    words: ['`<jobset>-<replicatedJob>-<index>`', 'job names generated for this JobSet will exceed 63 characters'],
  },
  {
    name: 'AI-Hypercomputer/xpk#750: the Pod names of an xpk workload are too long',
    yaml: jobSet({ replicatedJobs: [rjob('slice-job', { parallelism: 64, completions: 64, completionMode: 'Indexed' }, { replicas: 16 })] }, { name: 'maxtext-llama3-1-70b-bf16-ironwood-2025-01-15' }),
    expect: [`jobset/pod-name-too-long @ ${R0}.name`],
    words: ['pod names generated for this JobSet will exceed 63 characters', '`maxtext-llama3-1-70b-bf16-ironwood-2025-01-15-slice-job-15-63-abcde`'],
  },
]);

cases('JobSet: the Job template is judged as the Job the controller creates', [
  { name: 'a valid JobSet is clean', yaml: jobSet({ replicatedJobs: [rjob('workers'), rjob('driver', { completions: 1, parallelism: 1 })] }), expect: [] },
  {
    name: 'no completionMode and neither count: one Pod of index 0, no warning (JobSet makes it Indexed)',
    yaml: jobSet({ replicatedJobs: [{ name: 'workers', template: { spec: { template: POD } } }] }), expect: [],
  },
  { name: 'a Pod template without restartPolicy gets OnFailure from JobSet\'s webhook', yaml: jobSet({ replicatedJobs: [rjob('workers', { template: { spec: { containers: [CONTAINER] } } })] }), expect: [] },
  {
    name: 'a pod failure policy needs restartPolicy Never, and JobSet\'s OnFailure default is not',
    yaml: jobSet({ replicatedJobs: [rjob('workers', { podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [1] } }] }, template: { spec: { containers: [CONTAINER] } } })] }),
    expect: [`job/pod-failure-policy/restart-policy-must-be-never @ ${J0}.template.spec.restartPolicy`],
  },
  {
    name: 'a bad label of the Job template is refused with each Job; a label the controller sets is replaced, not refused',
    yaml: jobSet({ replicatedJobs: [{ ...rjob('workers'), template: { metadata: { labels: { team: '-bad', 'jobset.sigs.k8s.io/jobset-name': '!!' } }, spec: { completions: 2, parallelism: 2, template: POD } } }] }),
    expect: [`meta/label-value-invalid @ ${R0}.template.metadata.labels[team]`], words: ['metadata.labels', '`JobCreationFailed`'],
  },
  { name: 'the Pods\' subdomain is the controller\'s', yaml: jobSet({ replicatedJobs: [rjob('workers', { template: { spec: { ...POD.spec, subdomain: 'Not_A_Label' } } })] }), expect: [] },
  {
    name: 'with DNS hostnames off the written subdomain is the Pods\' own, and judged',
    yaml: jobSet({ network: { enableDNSHostnames: false }, replicatedJobs: [rjob('workers', { template: { spec: { ...POD.spec, subdomain: 'Not_A_Label' } } })] }),
    expect: [`pod/dns-subdomain-invalid @ ${J0}.template.spec.subdomain`],
  },
  {
    name: 'each replicatedJob is judged on its own, at its own index',
    yaml: jobSet({ replicatedJobs: [rjob('a'), rjob('b', { backoffLimit: -1 })] }),
    expect: ['job/numbers/negative-backoff-limit @ spec.replicatedJobs[1].template.spec.backoffLimit'],
  },
  {
    name: 'claim templates become volumes of the Jobs that mount them',
    yaml: jobSet({
      volumeClaimPolicies: [{ templates: [{ metadata: { name: 'cache' }, spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1Gi' } } } }] }],
      replicatedJobs: [rjob('workers', { template: { spec: { restartPolicy: 'Never', containers: [{ ...CONTAINER, volumeMounts: [{ name: 'cache', mountPath: '/cache' }] }] } } })],
    }),
    expect: [],
  },
]);

cases('JobSet: its webhook', [
  { name: 'dependsOn on the first replicatedJob', yaml: jobSet({ replicatedJobs: [rjob('a', {}, { dependsOn: [{ name: 'b', status: 'Ready' }] }), rjob('b')] }), expect: [`jobset/depends-on-first @ ${R0}.dependsOn`, `jobset/depends-on-unknown @ ${R0}.dependsOn[0].name`], anchor: 'key' },
  { name: 'dependsOn naming a later replicatedJob', yaml: jobSet({ replicatedJobs: [rjob('a'), rjob('b', {}, { dependsOn: [{ name: 'c', status: 'Ready' }] }), rjob('c')] }), expect: ['jobset/depends-on-unknown @ spec.replicatedJobs[1].dependsOn[0].name'] },
  { name: 'dependsOn naming an earlier replicatedJob', yaml: jobSet({ replicatedJobs: [rjob('a'), rjob('b', {}, { dependsOn: [{ name: 'a', status: 'Complete' }] })] }), expect: [] },
  { name: 'a subdomain that is no DNS-1035 label', yaml: jobSet({ network: { subdomain: '1workers' }, replicatedJobs: [rjob('a')] }), expect: ['jobset/subdomain-invalid @ spec.network.subdomain'] },
  { name: 'a managedBy that is no domain-prefixed path', yaml: jobSet({ managedBy: 'multikueue', replicatedJobs: [rjob('a')] }), expect: ['jobset/managed-by-invalid @ spec.managedBy'] },
  { name: 'MultiKueue\'s managedBy', yaml: jobSet({ managedBy: 'kueue.x-k8s.io/multikueue', replicatedJobs: [rjob('a')] }), expect: [] },
  { name: 'replicas × parallelism above int32', yaml: jobSet({ replicatedJobs: [rjob('a', { parallelism: 100000, completions: 100000 }, { replicas: 30000 })] }), expect: [`jobset/replicas-times-parallelism @ ${R0}.replicas`] },
  { name: 'a groupName that is no DNS-1035 label', yaml: jobSet({ replicatedJobs: [rjob('a', {}, { groupName: 'Slice_A' })] }), expect: [`jobset/group-name-invalid @ ${R0}.groupName`] },
  { name: 'a replicatedJob name with capitals makes Job names that are no DNS-1035 labels', yaml: jobSet({ replicatedJobs: [rjob('Workers')] }), expect: [`jobset/job-name-invalid @ ${R0}.name`] },
  { name: 'a JobSet name starting with a digit likewise', yaml: jobSet({ replicatedJobs: [rjob('workers')] }, { name: '1st-run' }), expect: [`jobset/job-name-invalid @ ${R0}.name`] },
  { name: 'success policy targets that do not exist', yaml: jobSet({ successPolicy: { operator: 'All', targetReplicatedJobs: ['workers', 'leader'] }, replicatedJobs: [rjob('workers')] }), expect: ['jobset/success-policy-unknown-target @ spec.successPolicy.targetReplicatedJobs[1]'] },
  { name: 'a coordinator in a replicatedJob that does not exist', yaml: jobSet({ coordinator: { replicatedJob: 'driver' }, replicatedJobs: [rjob('workers')] }), expect: ['jobset/coordinator-unknown @ spec.coordinator.replicatedJob'] },
  { name: 'a coordinator job index beyond the replicas', yaml: jobSet({ coordinator: { replicatedJob: 'workers', jobIndex: 2 }, replicatedJobs: [rjob('workers', {}, { replicas: 2 })] }), expect: ['jobset/coordinator-job-index @ spec.coordinator.jobIndex'] },
  { name: 'a coordinator in a NonIndexed Job', yaml: jobSet({ coordinator: { replicatedJob: 'workers' }, replicatedJobs: [rjob('workers', { completionMode: 'NonIndexed' })] }), expect: ['jobset/coordinator-not-indexed @ spec.coordinator.replicatedJob'] },
  { name: 'a coordinator pod index beyond completions', yaml: jobSet({ coordinator: { replicatedJob: 'workers', podIndex: 2 }, replicatedJobs: [rjob('workers')] }), expect: ['jobset/coordinator-pod-index @ spec.coordinator.podIndex'] },
  { name: 'a coordinator whose address does not fit a label value', yaml: jobSet({ coordinator: { replicatedJob: 'workers' }, network: { subdomain: `s${'x'.repeat(50)}` }, replicatedJobs: [rjob('workers')] }), expect: ['jobset/coordinator-label-invalid @ spec.coordinator'], anchor: 'key' },
  { name: 'a valid coordinator', yaml: jobSet({ coordinator: { replicatedJob: 'workers', jobIndex: 0, podIndex: 1 }, replicatedJobs: [rjob('workers')] }), expect: [] },
  { name: 'InPlaceRestart needs JobSet\'s gate', yaml: jobSet({ failurePolicy: { restartStrategy: 'InPlaceRestart' }, replicatedJobs: [rjob('workers')] }), expect: ['jobset/in-place-restart-gate @ spec.failurePolicy.restartStrategy'], words: ['feature gate InPlaceRestart', 'kubeassist.jobset.featureGates', 'InPlaceRestart restart strategy cannot be set when InPlaceRestart feature gate is disabled'] },
]);

cases('JobSet: its failure policy', [
  { name: 'RestartJob with the gate on: at most 1024 replicas', yaml: jobSet({ failurePolicy: { rules: [{ action: 'RestartJob' }] }, replicatedJobs: [rjob('a', {}, { replicas: 1025 })] }), jobSetFeatureGates: { RestartJob: true }, expect: ['jobset/failure-policy/restart-job-replicas @ spec.replicatedJobs[0].replicas'], words: ['replicated job with replicas > 1024'] },
  { name: 'InPlaceRestart with the gate on: the Job template must never fail on its own', yaml: jobSet({ failurePolicy: { restartStrategy: 'InPlaceRestart' }, replicatedJobs: [rjob('a', { podReplacementPolicy: 'Failed' })] }), jobSetFeatureGates: { InPlaceRestart: true }, expect: [`jobset/in-place-restart-job @ ${J0}`], anchor: 'key', words: ['must be set to 2147483647 (MaxInt32) when in-place restart is enabled'] },
  { name: 'RestartJob needs JobSet\'s gate', yaml: jobSet({ failurePolicy: { rules: [{ action: 'RestartJob' }] }, replicatedJobs: [rjob('a')] }), expect: ['jobset/failure-policy/restart-job-gate @ spec.failurePolicy.rules[0].action'], words: ['feature gate RestartJob', 'jobset.featureGates', 'not allowed when RestartJob feature gate is disabled'] },
  { name: 'a rule name with a dash', yaml: jobSet({ failurePolicy: { rules: [{ name: 'no-retry', action: 'FailJobSet' }] }, replicatedJobs: [rjob('a')] }), expect: ['jobset/failure-policy/rule-name-invalid @ spec.failurePolicy.rules[0].name'] },
  { name: 'a rule name too long', yaml: jobSet({ failurePolicy: { rules: [{ name: `r${'x'.repeat(128)}`, action: 'FailJobSet' }] }, replicatedJobs: [rjob('a')] }), expect: ['jobset/failure-policy/rule-name-length @ spec.failurePolicy.rules[0].name'] },
  { name: 'two rules of one name', yaml: jobSet({ failurePolicy: { rules: [{ name: 'a', action: 'FailJobSet' }, { name: 'a', action: 'RestartJobSet' }] }, replicatedJobs: [rjob('a')] }), expect: ['jobset/failure-policy/rule-name-duplicate @ spec.failurePolicy.rules[1].name'] },
  { name: 'rules without names get distinct default names', yaml: jobSet({ failurePolicy: { rules: [{ action: 'FailJobSet' }, { action: 'RestartJobSet' }] }, replicatedJobs: [rjob('a')] }), expect: [] },
  { name: 'a rule naming a replicatedJob that does not exist', yaml: jobSet({ failurePolicy: { rules: [{ action: 'FailJobSet', targetReplicatedJobs: ['b'] }] }, replicatedJobs: [rjob('a')] }), expect: ['jobset/failure-policy/unknown-target @ spec.failurePolicy.rules[0].targetReplicatedJobs[0]'] },
  { name: 'a failure reason a Job never has', yaml: jobSet({ failurePolicy: { rules: [{ action: 'FailJobSet', onJobFailureReasons: ['podFailurePolicy'] }] }, replicatedJobs: [rjob('a')] }), expect: ['jobset/failure-policy/unknown-reason @ spec.failurePolicy.rules[0].onJobFailureReasons[0]'], words: ['did you mean `PodFailurePolicy`?'] },
]);

const CLAIM = (name: string, extra: Fields = {}) => ({ metadata: { name, ...extra }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
const MOUNTING = (name: string) => rjob('workers', { template: { spec: { restartPolicy: 'Never', containers: [{ ...CONTAINER, volumeMounts: [{ name, mountPath: '/data' }] }] } } });

cases('JobSet: its claim policies and its CRD', [
  { name: 'a claim template no container mounts', yaml: jobSet({ volumeClaimPolicies: [{ templates: [CLAIM('cache')] }], replicatedJobs: [rjob('workers')] }), expect: ['jobset/volume-claim/not-mounted @ spec.volumeClaimPolicies[0].templates[0].metadata.name'] },
  { name: 'two claim templates of one name', yaml: jobSet({ volumeClaimPolicies: [{ templates: [CLAIM('cache'), CLAIM('cache')] }], replicatedJobs: [MOUNTING('cache')] }), expect: ['jobset/volume-claim/name-duplicate @ spec.volumeClaimPolicies[0].templates[1].metadata.name'] },
  {
    // The controller could make no volume of that name: the mount names nothing either (one mistake, two places to see it).
    name: 'a claim template name that is no DNS subdomain', yaml: jobSet({ volumeClaimPolicies: [{ templates: [CLAIM('Cache')] }], replicatedJobs: [MOUNTING('Cache')] }),
    expect: ['jobset/volume-claim/name-invalid @ spec.volumeClaimPolicies[0].templates[0].metadata.name', `pod/volume-mount-not-found @ ${J0}.template.spec.containers[0].volumeMounts[0].name`],
  },
  { name: 'a PVC name `<template>-<jobset>` above 63 characters', yaml: jobSet({ volumeClaimPolicies: [{ templates: [CLAIM(`c${'x'.repeat(60)}`)] }], replicatedJobs: [MOUNTING(`c${'x'.repeat(60)}`)] }), expect: ['jobset/volume-claim/name-too-long @ spec.volumeClaimPolicies[0].templates[0].metadata.name'] },
  {
    name: 'a Pod volume named like a claim template', yaml: jobSet({ volumeClaimPolicies: [{ templates: [CLAIM('cache')] }], replicatedJobs: [rjob('workers', { template: { spec: { restartPolicy: 'Never', volumes: [{ name: 'cache', emptyDir: {} }], containers: [{ ...CONTAINER, volumeMounts: [{ name: 'cache', mountPath: '/c' }] }] } } })] }),
    expect: [`jobset/volume-claim/volume-conflict @ ${J0}.template.spec.volumes[0].name`],
  },
  { name: 'a claim template with a namespace', yaml: jobSet({ volumeClaimPolicies: [{ templates: [CLAIM('cache', { namespace: 'other' })] }], replicatedJobs: [MOUNTING('cache')] }), expect: ['jobset/volume-claim/namespace-forbidden @ spec.volumeClaimPolicies[0].templates[0].metadata.namespace'], anchor: 'key' },
  { name: 'more than 50 claim templates in a policy', yaml: jobSet({ volumeClaimPolicies: [{ templates: Array.from({ length: 51 }, (_, i) => CLAIM(`c${i}`)) }], replicatedJobs: [rjob('workers', { template: { spec: { restartPolicy: 'Never', containers: [{ ...CONTAINER, volumeMounts: Array.from({ length: 51 }, (_, i) => ({ name: `c${i}`, mountPath: `/c${i}` })) }] } } })] }), expect: ['jobset/volume-claim/too-many @ spec.volumeClaimPolicies[0].templates'], anchor: 'key' },
  { name: 'two replicatedJobs of one name', yaml: jobSet({ replicatedJobs: [rjob('a'), rjob('a')] }), expect: ['jobset/replicated-job-duplicate @ spec.replicatedJobs[1].name'] },
  { name: 'a dependency named twice', yaml: jobSet({ replicatedJobs: [rjob('a'), rjob('b', {}, { dependsOn: [{ name: 'a', status: 'Ready' }, { name: 'a', status: 'Complete' }] })] }), expect: ['jobset/depends-on-duplicate @ spec.replicatedJobs[1].dependsOn[1].name'] },
  { name: 'more than 5 dependencies', yaml: jobSet({ replicatedJobs: [...'abcdef'.split('').map((name) => rjob(name)), rjob('g', {}, { dependsOn: 'abcdef'.split('').map((name) => ({ name, status: 'Ready' })) })] }), expect: ['jobset/depends-on-too-many @ spec.replicatedJobs[6].dependsOn'], anchor: 'key' },
  { name: 'InOrder startup with dependsOn', yaml: jobSet({ startupPolicy: { startupPolicyOrder: 'InOrder' }, replicatedJobs: [rjob('a'), rjob('b', {}, { dependsOn: [{ name: 'a', status: 'Ready' }] })] }), expect: ['jobset/startup-policy-with-depends-on @ spec.startupPolicy.startupPolicyOrder'] },
]);

function runtime(spec: Fields, kind = 'TrainingRuntime'): string {
  return JSON.stringify({ apiVersion: 'trainer.kubeflow.org/v1alpha1', kind, metadata: { name: 'torch' }, spec });
}
const STEP = (step: string, container: string, extra: Fields = {}) => ({
  name: 'node', ...extra,
  template: { metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': step } }, spec: { template: { spec: { containers: [{ name: container, image: 'pytorch' }] } } } },
});
const TR = 'spec.template.spec.replicatedJobs[0]';

cases('training runtimes', [
  { name: 'the Trainer\'s torch runtime is clean', yaml: runtime({ mlPolicy: { numNodes: 2, torch: {} }, template: { spec: { replicatedJobs: [STEP('trainer', 'node')] } } }, 'ClusterTrainingRuntime'), expect: [] },
  { name: 'a trainer step without its `node` container', yaml: runtime({ template: { spec: { replicatedJobs: [STEP('trainer', 'main')] } } }), expect: [`trainingruntime/step-container @ ${TR}.template.spec.template.spec.containers`], anchor: 'key' },
  { name: 'a step with two replicas', yaml: runtime({ template: { spec: { replicatedJobs: [STEP('dataset-initializer', 'dataset-initializer', { replicas: 2 })] } } }), expect: [`trainingruntime/step-replicas @ ${TR}.replicas`] },
  { name: 'two ML policies', yaml: runtime({ mlPolicy: { torch: {}, mpi: {} }, template: { spec: { replicatedJobs: [STEP('trainer', 'node')] } } }), expect: ['trainingruntime/one-ml-policy @ spec.mlPolicy.mpi'], anchor: 'key' },
  { name: 'flux with no process per node', yaml: runtime({ mlPolicy: { flux: { numProcPerNode: 0 } }, template: { spec: { replicatedJobs: [STEP('trainer', 'node')] } } }), expect: ['trainingruntime/flux-num-proc-per-node @ spec.mlPolicy.flux.numProcPerNode'] },
  { name: 'torch environment aimed at the node container', yaml: runtime({ mlPolicy: { torch: { envInjection: { targets: [{ jobName: 'node', containerNames: ['node'] }] } } }, template: { spec: { replicatedJobs: [STEP('trainer', 'node')] } } }), expect: ['trainingruntime/env-injection-node @ spec.mlPolicy.torch.envInjection.targets[0].containerNames'] },
  { name: 'parallelism without completions: the Trainer sets both, nothing to judge', yaml: runtime({ template: { spec: { replicatedJobs: [{ name: 'node', template: { spec: { parallelism: 4, template: { spec: { containers: [{ name: 'node', image: 'x' }] } } } } }] } } }), expect: [] },
  { name: 'a container without image: the TrainJob gives it one', yaml: runtime({ template: { spec: { replicatedJobs: [{ name: 'node', template: { spec: { template: { spec: { containers: [{ name: 'node' }] } } } } }] } } }), expect: [] },
  { name: 'a JobSet webhook refusal in the template says when it shows', yaml: runtime({ template: { spec: { replicatedJobs: [{ ...STEP('trainer', 'node'), dependsOn: [{ name: 'x', status: 'Ready' }] }] } } }), expect: [`jobset/depends-on-first @ ${TR}.dependsOn`, `jobset/depends-on-unknown @ ${TR}.dependsOn[0].name`], anchor: 'key', words: ['the JobSet the Trainer builds from it for each TrainJob'] },
]);

function job(metadata: Fields, spec: Fields = {}): string {
  return JSON.stringify({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'demo', ...metadata }, spec: { template: POD, ...spec } });
}

cases('Kueue\'s webhooks', [
  { name: 'a queue name that is no DNS subdomain, on a Job', yaml: job({ labels: { 'kueue.x-k8s.io/queue-name': 'Team_A' } }), expect: ['kueue/queue-name-invalid @ metadata.labels[kueue.x-k8s.io/queue-name]'], words: ["Kueue's webhook refuses the Job"] },
  { name: 'a valid queue name', yaml: job({ labels: { 'kueue.x-k8s.io/queue-name': 'team-a' } }), expect: [] },
  { name: 'a queue name that is no label value is the metadata rules\' finding', yaml: job({ labels: { 'kueue.x-k8s.io/queue-name': '-x' } }), expect: ['meta/label-value-invalid @ metadata.labels[kueue.x-k8s.io/queue-name]'] },
  { name: 'a prebuilt workload name that is no DNS subdomain', yaml: job({ labels: { 'kueue.x-k8s.io/prebuilt-workload-name': 'My_Workload' } }), expect: ['kueue/prebuilt-workload-name-invalid @ metadata.labels[kueue.x-k8s.io/prebuilt-workload-name]'] },
  { name: 'max-exec-time-seconds 0', yaml: job({ labels: { 'kueue.x-k8s.io/max-exec-time-seconds': '0' } }), expect: ['kueue/max-exec-time-invalid @ metadata.labels[kueue.x-k8s.io/max-exec-time-seconds]'], words: ['should be greater than 0'] },
  { name: 'max-exec-time-seconds that is no number', yaml: job({ labels: { 'kueue.x-k8s.io/max-exec-time-seconds': '1h' } }), expect: ['kueue/max-exec-time-invalid @ metadata.labels[kueue.x-k8s.io/max-exec-time-seconds]'], words: ['strconv.Atoi: parsing "1h": invalid syntax'] },
  { name: 'max-exec-time-seconds 3600', yaml: job({ labels: { 'kueue.x-k8s.io/max-exec-time-seconds': '3600' } }), expect: [] },
  { name: 'job-min-parallelism equal to parallelism', yaml: job({ annotations: { 'kueue.x-k8s.io/job-min-parallelism': '4' } }, { parallelism: 4, completions: 8 }), expect: ['kueue/job-min-parallelism-invalid @ metadata.annotations[kueue.x-k8s.io/job-min-parallelism]'], words: ['should be between 0 and 3'] },
  { name: 'job-min-parallelism bounded by completions below parallelism', yaml: job({ annotations: { 'kueue.x-k8s.io/job-min-parallelism': '3' } }, { parallelism: 4, completions: 3 }), expect: ['kueue/job-min-parallelism-invalid @ metadata.annotations[kueue.x-k8s.io/job-min-parallelism]'] },
  { name: 'job-min-parallelism within the Pod count', yaml: job({ annotations: { 'kueue.x-k8s.io/job-min-parallelism': '2' } }, { parallelism: 4, completions: 8 }), expect: [] },
  { name: 'job-min-parallelism that is no number', yaml: job({ annotations: { 'kueue.x-k8s.io/job-min-parallelism': 'half' } }, { parallelism: 4 }), expect: ['kueue/job-min-parallelism-invalid @ metadata.annotations[kueue.x-k8s.io/job-min-parallelism]'] },
  { name: 'job-completions-equal-parallelism on a NonIndexed Job', yaml: job({ annotations: { 'kueue.x-k8s.io/job-completions-equal-parallelism': 'true' } }, { parallelism: 2, completions: 2 }), expect: ['kueue/job-completions-equal-parallelism-invalid @ metadata.annotations[kueue.x-k8s.io/job-completions-equal-parallelism]'] },
  { name: 'job-completions-equal-parallelism with different counts', yaml: job({ annotations: { 'kueue.x-k8s.io/job-completions-equal-parallelism': 'true' } }, { parallelism: 2, completions: 4, completionMode: 'Indexed' }), expect: ['kueue/job-completions-equal-parallelism-invalid @ spec.completions'] },
  { name: 'job-completions-equal-parallelism that is no Go boolean', yaml: job({ annotations: { 'kueue.x-k8s.io/job-completions-equal-parallelism': 'yes' } }, { parallelism: 2, completions: 2, completionMode: 'Indexed' }), expect: ['kueue/job-completions-equal-parallelism-invalid @ metadata.annotations[kueue.x-k8s.io/job-completions-equal-parallelism]'] },
  { name: 'job-completions-equal-parallelism as it should be', yaml: job({ annotations: { 'kueue.x-k8s.io/job-completions-equal-parallelism': 'True' } }, { parallelism: 2, completions: 2, completionMode: 'Indexed' }), expect: [] },
  {
    name: 'on a CronJob\'s job template: accepted, each Job refused',
    yaml: JSON.stringify({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly' }, spec: { schedule: '0 3 * * *', jobTemplate: { metadata: { labels: { 'kueue.x-k8s.io/queue-name': 'Team_A' }, annotations: { 'kueue.x-k8s.io/job-min-parallelism': '1' } }, spec: { template: POD } } } }),
    expect: ['kueue/queue-name-invalid @ spec.jobTemplate.metadata.labels[kueue.x-k8s.io/queue-name]', 'kueue/job-min-parallelism-invalid @ spec.jobTemplate.metadata.annotations[kueue.x-k8s.io/job-min-parallelism]'],
    words: ['The CronJob is accepted', 'FailedCreate'],
  },
  { name: 'on a JobSet', yaml: jobSet({ replicatedJobs: [rjob('a')] }, { name: 'train', labels: { 'kueue.x-k8s.io/queue-name': 'Team_A' } }), expect: ['kueue/queue-name-invalid @ metadata.labels[kueue.x-k8s.io/queue-name]'], words: ["Kueue's webhook refuses the JobSet"] },
  {
    name: 'on a JobSet\'s Job template: the JobSet is accepted, each Job refused',
    yaml: jobSet({ replicatedJobs: [{ name: 'a', template: { metadata: { annotations: { 'kueue.x-k8s.io/job-min-parallelism': '2' } }, spec: { completions: 2, parallelism: 2, template: POD } } }] }),
    expect: [`kueue/job-min-parallelism-invalid @ ${R0}.template.metadata.annotations[kueue.x-k8s.io/job-min-parallelism]`], words: ["Kueue's webhook refuses each Job", '`JobCreationFailed`'],
  },
  {
    name: 'on a runtime\'s JobSet template: the JobSet the Trainer builds is refused',
    yaml: runtime({ template: { metadata: { labels: { 'kueue.x-k8s.io/max-exec-time-seconds': '-5x' } }, spec: { replicatedJobs: [STEP('trainer', 'node')] } } }),
    expect: [], // not a label value: the CRD's ObjectMeta check would refuse the JobSet first (not a rule here: the runtime's own metadata is valid)
  },
]);

describe('the JobSet, runtime and Kueue rules', () => {
  it('have a case that reports each of their codes', () => {
    const reported = new Set(ALL_ROWS.flatMap((row) => row.expect.map((line) => line.split(' @ ')[0])));
    const declared = [...jobSetRules, ...trainingRuntimeRules, ...kueueRules].flatMap((rule) => rule.codes.map((code) => code.code));
    assert.deepEqual(declared.filter((code) => !reported.has(code) && !code.startsWith('meta/')), []);
  });

  it('find nothing in a JobSet without replicatedJobs', () => {
    assert.deepEqual(summary(runRules(ALL_RULES, jobSet({ replicatedJobs: [] }))), []);
  });
});
