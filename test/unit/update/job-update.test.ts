// ValidateJobUpdate through the engine: for each update rule, a change the server accepts and one it refuses,
// at the releases where the answer differs (pkg/apis/batch/validation, pkg/registry/batch/job/strategy.go).
import { describe, it } from 'node:test';
import { checkUpdateCase, swap, UPDATE_JOB as JOB, type UpdateCase } from './harness';


const INDEXED = swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  completionMode: Indexed\n  completions: 4\n  parallelism: 4\n');
const SUSPENDED = swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  suspend: true\n');
/** Adds lines to the Pod spec, after `restartPolicy`. */
const podSpec = (text: string, lines: string) => swap(text, '      restartPolicy: Never\n', `      restartPolicy: Never\n${lines}`);
const TEMPLATE_LINE = 'spec.template: Invalid value: core.PodTemplateSpec{…}: field is immutable';

const rows: UpdateCase[] = [
  // JOB-UPD-09: the mutable fields.
  {
    name: 'parallelism, activeDeadlineSeconds, ttlSecondsAfterFinished, backoffLimit, suspend and podReplacementPolicy may change',
    before: JOB,
    after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 2\n  parallelism: 3\n  activeDeadlineSeconds: 600\n  ttlSecondsAfterFinished: 60\n  suspend: true\n  podReplacementPolicy: Failed\n'),
    minor: 37, expect: [],
  },
  {
    name: 'kubectl apply keeps the stored completions when neither manifest writes it (parallelism added)',
    before: JOB, after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  parallelism: 3\n'), minor: 37, expect: [],
  },
  // JOB-UPD-02: selector.
  {
    name: 'a selector added to a Job that had the generated one is refused',
    before: JOB, after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  selector:\n    matchLabels:\n      batch.kubernetes.io/job-name: report\n'),
    minor: 23, expect: ['update/job/selector-immutable @ spec.selector'],
    server: 'spec.selector: Invalid value: v1.LabelSelector{…}: field is immutable', words: ['was not set at HEAD'],
  },
  {
    name: 'the same selector on both sides is no change',
    before: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  selector:\n    matchLabels:\n      batch.kubernetes.io/job-name: report\n'),
    after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 3\n  selector:\n    matchLabels:\n      batch.kubernetes.io/job-name: report\n'),
    minor: 37, expect: [],
  },
  // JOB-UPD-04: completionMode.
  {
    name: 'completionMode NonIndexed written out is the default: no change',
    before: JOB, after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  completionMode: NonIndexed\n'), minor: 37, expect: [],
  },
  {
    name: 'completionMode NonIndexed -> Indexed is refused',
    before: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  completionMode: NonIndexed\n  completions: 4\n'),
    after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  completionMode: Indexed\n  completions: 4\n'),
    minor: 37, expect: ['update/job/completion-mode-immutable @ spec.completionMode'],
    server: 'spec.completionMode: Invalid value: "Indexed": field is immutable', words: ['`spec.completionMode` was `NonIndexed` at HEAD and is `Indexed` now', 'kubectl delete job report'],
  },
  // JOB-UPD-05: podFailurePolicy, from 1.26 (JobPodFailurePolicy on); dropped while the gate is off.
  ...[25, 26].map((minor): UpdateCase => ({
    name: `a podFailurePolicy added at 1.${minor}`,
    before: JOB,
    after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: In\n        values: [42]\n'),
    minor, expect: minor >= 26 ? ['update/job/pod-failure-policy-immutable @ spec.podFailurePolicy'] : [],
    server: 'spec.podFailurePolicy: Invalid value: batch.PodFailurePolicy{…}: field is immutable',
  })),
  {
    name: 'a podFailurePolicy pattern with its default status written out is no change',
    before: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n'),
    after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  podFailurePolicy:\n    rules:\n    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n        status: "True"\n'),
    minor: 37, expect: [],
  },
  {
    name: 'a changed exit code of a podFailurePolicy is reported at the changed value',
    before: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: In\n        values: [42]\n'),
    after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: In\n        values: [43]\n'),
    minor: 37, expect: ['update/job/pod-failure-policy-immutable @ spec.podFailurePolicy.rules[0].onExitCodes.values[0]'],
    words: ['was `42` at HEAD and is `43` now'],
  },
  // JOB-UPD-06: backoffLimitPerIndex, from 1.29.
  ...[28, 29].map((minor): UpdateCase => ({
    name: `backoffLimitPerIndex 1 -> 2 at 1.${minor}`,
    before: swap(INDEXED, '  parallelism: 4\n', '  parallelism: 4\n  backoffLimitPerIndex: 1\n'),
    after: swap(INDEXED, '  parallelism: 4\n', '  parallelism: 4\n  backoffLimitPerIndex: 2\n'),
    minor, expect: minor >= 29 ? ['update/job/backoff-limit-per-index-immutable @ spec.backoffLimitPerIndex'] : [],
    server: 'spec.backoffLimitPerIndex: Invalid value: 2: field is immutable',
  })),
  {
    name: 'maxFailedIndexes may change (backoffLimitPerIndex unchanged)',
    before: swap(INDEXED, '  parallelism: 4\n', '  parallelism: 4\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 1\n'),
    after: swap(INDEXED, '  parallelism: 4\n', '  parallelism: 4\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 3\n'),
    minor: 37, expect: [],
  },
  // JOB-UPD-07: managedBy, from 1.32.
  ...[31, 32].map((minor): UpdateCase => ({
    name: `managedBy set at 1.${minor}`,
    before: JOB, after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  managedBy: kueue.x-k8s.io/multikueue\n'),
    minor, expect: minor >= 32 ? ['update/job/managed-by-immutable @ spec.managedBy'] : [],
    server: 'spec.managedBy: Invalid value: "kueue.x-k8s.io/multikueue": field is immutable',
  })),
  // JOB-UPD-08: successPolicy, from 1.31.
  ...[30, 31].map((minor): UpdateCase => ({
    name: `successPolicy added at 1.${minor}`,
    before: INDEXED, after: swap(INDEXED, '  parallelism: 4\n', '  parallelism: 4\n  successPolicy:\n    rules:\n    - succeededCount: 2\n'),
    minor, expect: minor >= 31 ? ['update/job/success-policy-immutable @ spec.successPolicy'] : [],
    server: 'spec.successPolicy: Invalid value: batch.SuccessPolicy{…}: field is immutable',
  })),
  // JOB-UPD-01: completions; elastic Indexed Jobs from 1.27.
  ...[26, 37].map((minor): UpdateCase => ({
    name: `completions of a NonIndexed Job 4 -> 5 at 1.${minor}`,
    before: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  completions: 4\n'), after: swap(JOB, '  backoffLimit: 4\n', '  backoffLimit: 4\n  completions: 5\n'),
    minor, expect: ['update/job/completions-immutable @ spec.completions'], server: 'spec.completions: Invalid value: 5: field is immutable',
  })),
  ...[26, 27].map((minor): UpdateCase => ({
    name: `an Indexed Job scaled with completions == parallelism at 1.${minor}`,
    before: INDEXED, after: swap(INDEXED, '  completions: 4\n  parallelism: 4\n', '  completions: 6\n  parallelism: 6\n'),
    minor, expect: minor >= 27 ? [] : ['update/job/completions-immutable @ spec.completions'],
  })),
  {
    name: 'an Indexed Job whose completions change alone',
    before: INDEXED, after: swap(INDEXED, '  completions: 4\n', '  completions: 6\n'),
    minor: 27, expect: ['update/job/completions-without-parallelism @ spec.completions'],
    server: 'spec.completions: Invalid value: 6: can only be modified in tandem with spec.parallelism', words: ['Set `parallelism` to the same new value (6)'],
  },
  // JOB-UPD-03: the Pod template.
  {
    name: 'a new image of a Job that runs',
    before: JOB, after: swap(JOB, 'report:1.0', 'report:1.1'), minor: 37,
    expect: ['update/job/template-immutable @ spec.template.spec.containers[0].image'], server: TEMPLATE_LINE,
    words: ['`spec.template.spec.containers[0].image` was `registry.example.com/report:1.0` at HEAD and is `registry.example.com/report:1.1` now', 'helm.sh/hook-delete-policy: before-hook-creation', 'generateName'],
  },
  {
    name: 'defaults written out (dnsPolicy, imagePullPolicy of a tagged image, grace period, port protocol) are no change',
    before: podSpec(JOB, ''),
    after: swap(podSpec(JOB, '      dnsPolicy: ClusterFirst\n      terminationGracePeriodSeconds: 30\n      schedulerName: default-scheduler\n'),
      '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n        imagePullPolicy: IfNotPresent\n        terminationMessagePolicy: File\n'),
    minor: 37, expect: [],
  },
  {
    name: 'the same CPU written as 1 and 1000m is no change; a memory request added is one',
    before: swap(JOB, '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n        resources:\n          requests:\n            cpu: 1\n'),
    after: swap(JOB, '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n        resources:\n          requests:\n            cpu: 1000m\n            memory: 1Gi\n'),
    minor: 37, expect: ['update/job/template-immutable @ spec.template.spec.containers[0].resources.requests[memory]'],
  },
  {
    name: 'a suspended Job that has not started may change its nodeSelector (1.23)',
    before: SUSPENDED, after: podSpec(SUSPENDED, '      nodeSelector:\n        pool: batch\n'), minor: 23, expect: [],
  },
  {
    name: 'a suspended Job may change its nodeSelector, tolerations, node affinity, scheduling gates, template labels and annotations (1.37)',
    before: SUSPENDED,
    after: swap(podSpec(SUSPENDED, '      nodeSelector:\n        pool: batch\n      tolerations:\n      - key: batch\n        operator: Exists\n      schedulingGates:\n      - name: example.com/quota\n      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchExpressions:\n              - key: zone\n                operator: In\n                values: [a]\n'),
      '  template:\n', '  template:\n    metadata:\n      labels:\n        team: data\n      annotations:\n        example.com/owner: data\n'),
    minor: 37, expect: [],
  },
  {
    name: 'a Job that runs may not change its nodeSelector, and is told what a suspended Job may',
    before: JOB, after: podSpec(JOB, '      nodeSelector:\n        pool: batch\n'), minor: 37,
    expect: ['update/job/template-immutable @ spec.template.spec.nodeSelector'], words: ['Only a Job that is suspended'],
  },
  {
    name: 'a suspended Job may not change its pod affinity',
    before: SUSPENDED, after: podSpec(SUSPENDED, '      affinity:\n        podAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n          - topologyKey: zone\n            labelSelector:\n              matchLabels:\n                app: db\n'),
    minor: 37, expect: ['update/job/template-immutable @ spec.template.spec.affinity.podAffinity'],
  },
  {
    name: 'a suspended Job may drop an affinity that held only a node affinity',
    before: podSpec(SUSPENDED, '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchExpressions:\n              - key: zone\n                operator: In\n                values: [a]\n'),
    after: SUSPENDED, minor: 37, expect: [],
  },
  {
    name: 'resuming a suspended Job and changing its nodeSelector in one apply is accepted (the stored Job is suspended)',
    before: SUSPENDED, after: podSpec(swap(SUSPENDED, 'suspend: true', 'suspend: false'), '      nodeSelector:\n        pool: batch\n'), minor: 37, expect: [],
  },
  {
    name: 'suspending a running Job and changing its nodeSelector in one apply is refused (the stored Job runs)',
    before: JOB, after: podSpec(SUSPENDED, '      nodeSelector:\n        pool: batch\n'), minor: 37, expect: ['update/job/template-immutable @ spec.template.spec.nodeSelector'],
  },
  // Resources of a suspended Job: MutablePodResourcesForSuspendedJobs, on from 1.36.
  ...[35, 36].map((minor): UpdateCase => ({
    name: `a suspended Job's container resources at 1.${minor}`,
    before: swap(SUSPENDED, '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n        resources:\n          limits:\n            nvidia.com/gpu: 4\n'),
    after: swap(SUSPENDED, '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n        resources:\n          limits:\n            nvidia.com/gpu: 2\n'),
    minor, expect: minor >= 36 ? [] : ['update/job/template-immutable @ spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]'],
  })),
  {
    name: 'a running Job\'s container resources at 1.37, with the note on suspended Jobs',
    before: swap(JOB, '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n        resources:\n          limits:\n            nvidia.com/gpu: 4\n'),
    after: swap(JOB, '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n        resources:\n          limits:\n            nvidia.com/gpu: 2\n'),
    minor: 37, expect: ['update/job/template-immutable @ spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]'], words: ['From Kubernetes 1.36, only a suspended Job'],
  },
  {
    name: 'a suspended Job may still not change its image',
    before: SUSPENDED, after: swap(SUSPENDED, 'report:1.0', 'report:2.0'), minor: 37, expect: ['update/job/template-immutable @ spec.template.spec.containers[0].image'],
  },
  {
    name: 'a container added to the template is one change, at the list',
    before: JOB, after: swap(JOB, '        image: registry.example.com/report:1.0\n', '        image: registry.example.com/report:1.0\n      - name: sidecar\n        image: busybox:1.36\n'),
    minor: 37, expect: ['update/job/template-immutable @ spec.template.spec.containers'],
  },
];

describe('ValidateJobUpdate, rule by rule and release by release', () => {
  for (const row of rows) it(row.name, () => checkUpdateCase(row));
});
