// Quick fixes of the pod scheduling and networking rules: each applied to a fixture, checked again, and
// compared byte for byte.
import { describe } from 'node:test';
import { edit, type FixCase, runFixCases } from './harness';
import { VALID_JOB } from './fixtures';
import { MAX_MINOR } from '../../../server/src/service/types';

/** VALID_JOB with `lines` added to the pod spec, after `restartPolicy`. */
const withPod = (lines: string) => edit(VALID_JOB, '      restartPolicy: Never\n', `      restartPolicy: Never\n${lines}`);

const cases: FixCase[] = [
  {
    name: '`operator: Exists` with a value: the value goes',
    text: withPod('      tolerations:\n      - key: dedicated\n        operator: Exists\n        value: batch  # team\n        effect: NoSchedule\n'),
    code: 'pod/toleration-exists-with-value',
    expected: withPod('      tolerations:\n      - key: dedicated\n        operator: Exists\n        effect: NoSchedule\n'),
  },
  {
    name: 'tolerationSeconds without NoExecute goes',
    text: withPod('      tolerations:\n      - key: dedicated\n        operator: Exists\n        effect: NoSchedule\n        tolerationSeconds: 60\n'),
    code: 'pod/toleration-seconds-needs-no-execute',
    expected: withPod('      tolerations:\n      - key: dedicated\n        operator: Exists\n        effect: NoSchedule\n'),
  },
  {
    name: 'or the toleration becomes NoExecute',
    text: withPod('      tolerations:\n      - key: dedicated\n        operator: Exists\n        effect: NoSchedule\n        tolerationSeconds: 60\n'),
    code: 'pod/toleration-seconds-needs-no-execute',
    title: 'Set `effect: NoExecute`',
    expected: withPod('      tolerations:\n      - key: dedicated\n        operator: Exists\n        effect: NoExecute\n        tolerationSeconds: 60\n'),
  },
  {
    name: 'a toleration operator typo becomes the closest operator',
    text: withPod('      tolerations:\n      - key: a\n        operator: Exist\n'),
    code: 'pod/toleration-operator-unsupported',
    expected: withPod('      tolerations:\n      - key: a\n        operator: Exists\n'),
  },
  {
    name: 'an effect typo becomes the closest effect',
    text: withPod('      tolerations:\n      - key: a\n        operator: Exists\n        effect: NoSchedul\n'),
    code: 'pod/toleration-effect-unsupported',
    expected: withPod('      tolerations:\n      - key: a\n        operator: Exists\n        effect: NoSchedule\n'),
  },
  {
    name: 'a dnsPolicy typo becomes the closest policy, the comment stays',
    text: withPod('      dnsPolicy: ClusterFirstt  # cluster DNS\n'),
    code: 'pod/dns-policy-unsupported',
    expected: withPod('      dnsPolicy: ClusterFirst   # cluster DNS\n'),
  },
  {
    name: 'a nameserver with leading zeros is written plainly (1.36)',
    text: withPod('      dnsConfig:\n        nameservers: ["010.000.000.010"]\n'),
    code: 'pod/dns-nameserver-invalid',
    version: '1.36',
    expected: withPod('      dnsConfig:\n        nameservers: ["10.0.0.10"]\n'),
  },
  {
    name: 'a host alias IPv4-mapped IPv6 address is written as IPv4, in its quotes (1.36)',
    text: withPod('      hostAliases:\n      - ip: "::ffff:10.0.0.1"\n        hostnames: [db.local]\n'),
    code: 'pod/host-alias-ip-invalid',
    version: '1.36',
    expected: withPod('      hostAliases:\n      - ip: "10.0.0.1"\n        hostnames: [db.local]\n'),
  },
  {
    name: 'whenUnsatisfiable typo becomes the closest value',
    text: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: topology.kubernetes.io/zone\n        whenUnsatisfiable: DoNotschedule\n'),
    code: 'pod/topology-spread-when-unsatisfiable-unsupported',
    expected: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: topology.kubernetes.io/zone\n        whenUnsatisfiable: DoNotSchedule\n'),
  },
  {
    name: 'maxSkew 0 becomes 1',
    text: withPod('      topologySpreadConstraints:\n      - maxSkew: 0\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n'),
    code: 'pod/topology-spread-max-skew-invalid',
    expected: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n'),
  },
  {
    name: 'minDomains with ScheduleAnyway goes',
    text: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        minDomains: 3\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n'),
    code: 'pod/topology-spread-min-domains-needs-do-not-schedule',
    expected: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n'),
  },
  {
    name: 'nodeTaintsPolicy in lower case becomes Honor',
    text: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n        nodeTaintsPolicy: honor\n'),
    code: 'pod/topology-spread-node-policy-unsupported',
    expected: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n        nodeTaintsPolicy: Honor\n'),
  },
  {
    name: 'a node selector operator typo becomes the closest operator',
    text: withPod('      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchExpressions:\n              - {key: kubernetes.io/arch, operator: NotIn, values: [arm64]}\n              - {key: gpu, operator: Exist}\n'),
    code: 'pod/affinity-node-operator-invalid',
    expected: withPod('      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchExpressions:\n              - {key: kubernetes.io/arch, operator: NotIn, values: [arm64]}\n              - {key: gpu, operator: Exists}\n'),
  },
  {
    name: 'a pod affinity selector operator typo becomes the closest operator',
    text: withPod('      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n          - topologyKey: kubernetes.io/hostname\n            labelSelector:\n              matchExpressions:\n              - key: app\n                operator: in\n                values: [pi]\n'),
    code: 'pod/affinity-selector-operator-invalid',
    expected: withPod('      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n          - topologyKey: kubernetes.io/hostname\n            labelSelector:\n              matchExpressions:\n              - key: app\n                operator: In\n                values: [pi]\n'),
  },
  {
    name: 'a weight above 100 can become 100',
    text: withPod('      affinity:\n        nodeAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 150\n            preference:\n              matchExpressions:\n              - {key: disktype, operator: In, values: [ssd]}\n'),
    code: 'pod/affinity-weight-out-of-range',
    title: 'Set `weight: 100`',
    expected: withPod('      affinity:\n        nodeAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 100\n            preference:\n              matchExpressions:\n              - {key: disktype, operator: In, values: [ssd]}\n'),
  },
  {
    name: 'a preemptionPolicy typo becomes the closest policy',
    text: withPod('      preemptionPolicy: never\n'),
    code: 'pod/scheduling-preemption-policy-unsupported',
    expected: withPod('      preemptionPolicy: Never\n'),
  },
  {
    name: 'a repeated scheduling gate goes',
    text: withPod('      schedulingGates:\n      - name: example.com/quota\n      - name: example.com/quota\n'),
    code: 'pod/scheduling-gate-duplicate',
    expected: withPod('      schedulingGates:\n      - name: example.com/quota\n'),
  },
];

describe('quick fixes: pod scheduling and networking rules', () => {
  runFixCases(cases, {
    skip: (testCase) => Number((testCase.version ?? '1.35').split('.')[1]) > MAX_MINOR && `Kubernetes ${testCase.version} is newer than the newest known release (1.${MAX_MINOR})`,
  });
});
