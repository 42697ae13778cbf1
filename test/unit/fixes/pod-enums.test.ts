// Quick fixes of the Pod API's enum findings: a typo becomes the closest value the release accepts (the same
// letters in another case first), applied to a fixture, checked again, and compared byte for byte.
import { describe, it } from 'node:test';
import { checkCase, edit, type FixCase } from './harness';
import { VALID_JOB } from './fixtures';

/** VALID_JOB with `lines` added to the pod spec, after `restartPolicy`. */
const withPod = (lines: string) => edit(VALID_JOB, '      restartPolicy: Never\n', `      restartPolicy: Never\n${lines}`);
/** VALID_JOB with `lines` added to the container `pi`, after its image. */
const withContainer = (lines: string) => edit(VALID_JOB, '        image: perl:5.34\n', `        image: perl:5.34\n${lines}`);

const cases: FixCase[] = [
  {
    name: '`protocol: tcp` becomes `TCP`, the comment stays',
    text: withContainer('        ports:\n        - containerPort: 80\n          protocol: tcp  # web\n'),
    code: 'pod/port-protocol-unsupported',
    expected: withContainer('        ports:\n        - containerPort: 80\n          protocol: TCP  # web\n'),
  },
  {
    name: 'or any other protocol',
    text: withContainer('        ports:\n        - containerPort: 80\n          protocol: tcp\n'),
    code: 'pod/port-protocol-unsupported',
    title: 'Change to `UDP`',
    expected: withContainer('        ports:\n        - containerPort: 80\n          protocol: UDP\n'),
  },
  {
    name: 'a seccomp type typo (not only its case) becomes the closest type',
    text: withPod('      securityContext:\n        seccompProfile:\n          type: RuntimeDefualt\n'),
    code: 'pod/security-context-seccomp-type-unsupported',
    expected: withPod('      securityContext:\n        seccompProfile:\n          type: RuntimeDefault\n'),
  },
  {
    name: 'a procMount typo becomes the closest value (1.33)',
    text: withContainer('        securityContext:\n          procMount: Defualt\n'),
    code: 'pod/security-context-proc-mount-unsupported',
    version: '1.33',
    expected: withContainer('        securityContext:\n          procMount: Default\n'),
  },
  {
    name: 'an httpGet scheme typo becomes the closest scheme',
    text: withContainer('        livenessProbe:\n          httpGet:\n            path: /healthz\n            port: 8080\n            scheme: HTTTPS\n'),
    code: 'pod/probe-http-scheme-unsupported',
    expected: withContainer('        livenessProbe:\n          httpGet:\n            path: /healthz\n            port: 8080\n            scheme: HTTPS\n'),
  },
  {
    name: 'a misspelt operating system becomes the closest name, on `os.name` (the finding is on `os`)',
    text: withPod('      os:\n        name: linx\n'),
    code: 'pod/os-name-unsupported',
    expected: withPod('      os:\n        name: linux\n'),
  },
  {
    name: 'a container restart policy typo becomes the closest policy (1.35)',
    text: withContainer('        restartPolicy: OnFailur\n'),
    code: 'pod/container-restart-policy-unsupported',
    version: '1.35',
    expected: withContainer('        restartPolicy: OnFailure\n'),
  },
  {
    name: 'a restart rule action typo becomes the closest action of the release (1.36)',
    text: withContainer('        restartPolicy: Never\n        restartPolicyRules:\n        - action: RestartAllContainer\n          exitCodes:\n            operator: In\n            values: [42]\n'),
    code: 'pod/container-restart-policy-rule-action-unsupported',
    version: '1.36',
    expected: withContainer('        restartPolicy: Never\n        restartPolicyRules:\n        - action: RestartAllContainers\n          exitCodes:\n            operator: In\n            values: [42]\n'),
  },
  {
    name: 'an exit code operator in the wrong case becomes `NotIn` (1.35)',
    text: withContainer('        restartPolicy: Never\n        restartPolicyRules:\n        - action: Restart\n          exitCodes:\n            operator: notin\n            values: [42]\n'),
    code: 'pod/container-restart-policy-rule-operator-unsupported',
    version: '1.35',
    expected: withContainer('        restartPolicy: Never\n        restartPolicyRules:\n        - action: Restart\n          exitCodes:\n            operator: NotIn\n            values: [42]\n'),
  },
  {
    name: 'an init container restart policy typo becomes `Always` (1.30)',
    text: withPod('      initContainers:\n      - name: proxy\n        image: envoy\n        restartPolicy: Alwayz\n'),
    code: 'pod/init-container-restart-policy-not-always',
    version: '1.30',
    expected: withPod('      initContainers:\n      - name: proxy\n        image: envoy\n        restartPolicy: Always\n'),
  },
  {
    name: 'a resize resource typo becomes the closest resource (1.33)',
    text: withContainer('        resizePolicy:\n        - resourceName: memroy\n          restartPolicy: NotRequired\n'),
    code: 'pod/container-resize-policy-resource-unsupported',
    version: '1.33',
    expected: withContainer('        resizePolicy:\n        - resourceName: memory\n          restartPolicy: NotRequired\n'),
  },
  {
    name: 'RestartContainer in a Never pod becomes NotRequired',
    text: withContainer('        resizePolicy:\n        - resourceName: memory\n          restartPolicy: RestartContainer\n'),
    code: 'pod/container-resize-policy-restart-with-never',
    expected: withContainer('        resizePolicy:\n        - resourceName: memory\n          restartPolicy: NotRequired\n'),
  },
  {
    name: 'a repeated resize policy goes',
    text: withContainer('        resizePolicy:\n        - resourceName: cpu\n          restartPolicy: NotRequired\n        - resourceName: cpu\n          restartPolicy: NotRequired\n'),
    code: 'pod/container-resize-policy-duplicate',
    expected: withContainer('        resizePolicy:\n        - resourceName: cpu\n          restartPolicy: NotRequired\n'),
  },
  {
    name: 'a matchFields operator in the wrong case becomes `In`',
    text: withPod('      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchFields:\n              - key: metadata.name\n                operator: in\n                values: [node-1]\n'),
    code: 'pod/affinity-node-field-operator-invalid',
    expected: withPod('      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchFields:\n              - key: metadata.name\n                operator: In\n                values: [node-1]\n'),
  },
  {
    name: 'a topology spread selector operator typo becomes the closest operator',
    text: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n        labelSelector:\n          matchExpressions:\n          - key: app\n            operator: Exist\n'),
    code: 'pod/topology-spread-selector-operator-invalid',
    expected: withPod('      topologySpreadConstraints:\n      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n        labelSelector:\n          matchExpressions:\n          - key: app\n            operator: Exists\n'),
  },
  {
    name: 'a claim template selector operator typo becomes the closest operator',
    text: withPod('      volumes:\n      - name: scratch\n        ephemeral:\n          volumeClaimTemplate:\n            spec:\n              accessModes: [ReadWriteOnce]\n              selector:\n                matchExpressions:\n                - key: tier\n                  operator: Notin\n                  values: [slow]\n              resources:\n                requests:\n                  storage: 1Gi\n'),
    code: 'pod/volume-claim-selector-invalid',
    expected: withPod('      volumes:\n      - name: scratch\n        ephemeral:\n          volumeClaimTemplate:\n            spec:\n              accessModes: [ReadWriteOnce]\n              selector:\n                matchExpressions:\n                - key: tier\n                  operator: NotIn\n                  values: [slow]\n              resources:\n                requests:\n                  storage: 1Gi\n'),
  },
  {
    name: 'a Job selector operator typo becomes the closest operator',
    text: edit(VALID_JOB, '  completions: 3\n', '  completions: 3\n  manualSelector: true\n  selector:\n    matchExpressions:\n    - key: app\n      operator: exists\n')
      .replace('  template:\n', '  template:\n    metadata:\n      labels:\n        app: pi\n'),
    code: 'job/selector/invalid-operator',
    expected: edit(VALID_JOB, '  completions: 3\n', '  completions: 3\n  manualSelector: true\n  selector:\n    matchExpressions:\n    - key: app\n      operator: Exists\n')
      .replace('  template:\n', '  template:\n    metadata:\n      labels:\n        app: pi\n'),
  },
];

describe('quick fixes: the Pod API enums', () => {
  for (const testCase of cases) it(testCase.name, () => checkCase(testCase));
});
