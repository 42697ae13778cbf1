// The pod scheduling and networking rules through the built server: one finding per family, at the exact
// range the server's field names, with the exact message.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rangeOf, TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: nightly-report
spec:
  template:
    spec:
      restartPolicy: Never
      dnsPolicy: ClusterFirstt
      tolerations:
      - key: dedicated
        operator: Exists
        value: batch
      affinity:
        nodeAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 0
            preference:
              matchExpressions:
              - {key: disktype, operator: In, values: [ssd]}
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: ScheduleAnyway
        minDomains: 2
      schedulingGates:
      - name: example.com/quota
      - name: example.com/quota
      resourceClaims:
      - name: gpu
        resourceClaimTemplateName: single-gpu
      resources:
        requests: {cpu: 500m}
      containers:
      - name: report
        image: registry.example.com/report:2.1
        resources:
          requests: {cpu: "1"}
          claims:
          - name: gpus
`;

describe('pod scheduling and networking rules over LSP', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  it('reports one finding per family at the exact value, with its message', async () => {
    const diagnostics = await server.open('file:///pod-scheduling.yaml', JOB);
    assert.deepEqual(diagnostics.map((d) => `${d.code} @ ${(d.data as { path: string }).path} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`), [
      'pod/dns-policy-unsupported @ spec.template.spec.dnsPolicy 9:18-9:31',
      'pod/toleration-exists-with-value @ spec.template.spec.tolerations[0].operator 12:19-12:25',
      'pod/affinity-weight-out-of-range @ spec.template.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight 17:21-17:22',
      'pod/topology-spread-min-domains-needs-do-not-schedule @ spec.template.spec.topologySpreadConstraints[0].minDomains 25:21-25:22',
      'pod/scheduling-gate-duplicate @ spec.template.spec.schedulingGates[1] 28:9-29:1',
      'pod/spec-resources-below-container-requests @ spec.template.spec.resources.requests[cpu] 33:25-33:29',
      'pod/spec-container-claim-not-found @ spec.template.spec.containers[0].resources.claims[0].name 40:19-40:23',
    ]);
    assert.ok(diagnostics.every((d) => d.severity === 1 && d.source === 'kubeassist'));
    const message = (code: string) => diagnostics.find((d) => d.code === code)?.message;
    assert.deepEqual(diagnostics[0].range, rangeOf(JOB, 'ClusterFirstt'));
    assert.equal(message('pod/dns-policy-unsupported'),
      '`ClusterFirstt` is not a DNS policy: use `ClusterFirstWithHostNet`, `ClusterFirst`, `Default` or `None` (case-sensitive; leaving it out means `ClusterFirst`). '
      + 'The API server answers `spec.template.spec.dnsPolicy: Unsupported value: "ClusterFirstt": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"`.');
    assert.equal(message('pod/toleration-exists-with-value'),
      '`operator: Exists` tolerates the taint whatever its value, so `value: batch` must go. Remove `value`, or use `operator: Equal` to tolerate only that value. '
      + "The API server answers `spec.template.spec.tolerations[0].operator: Invalid value: \"batch\": value must be empty when `operator` is 'Exists'`.");
    assert.equal(message('pod/affinity-weight-out-of-range'),
      'The weight of a preferred term is 0; it must be between 1 and 100 (the scheduler adds the weights of the terms a node matches, so higher means more important). '
      + 'The API server answers `spec.template.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100`.');
    assert.equal(message('pod/topology-spread-min-domains-needs-do-not-schedule'),
      'minDomains only applies when the constraint is a hard one (`whenUnsatisfiable: DoNotSchedule`), not with `ScheduleAnyway`. Remove `minDomains`, or use `DoNotSchedule`. '
      + 'The API server answers `spec.template.spec.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway`.');
    assert.equal(message('pod/scheduling-gate-duplicate'),
      'The scheduling gate `example.com/quota` is listed twice; each gate is removed once by whoever lifts it. Remove the repeat. '
      + 'The API server answers `spec.template.spec.schedulingGates[1]: Duplicate value: "example.com/quota"`.');
    assert.equal(message('pod/spec-resources-below-container-requests'),
      "The pod requests 500m of cpu, but its containers together request 1 (init containers counted one at a time, sidecars alongside). The pod-level request must cover them: raise it, or lower the containers' requests. "
      + 'The API server answers `spec.template.spec.resources.requests[cpu]: Invalid value: "500m": must be greater than or equal to aggregate container requests of 1`.');
    assert.equal(message('pod/spec-container-claim-not-found'),
      'The container `report` uses the claim `gpus`, but the pod has no resource claim of that name (it has `gpu`). Add it under `resourceClaims` or fix the name. '
      + 'The API server answers `spec.template.spec.containers[0].resources.claims[0]: Not found: "gpus": must be one of the names in pod.spec.resourceClaims: gpu`.');
  });

  it('says nothing once the mistakes are fixed', async () => {
    const fixed = JOB.replace('ClusterFirstt', 'ClusterFirst').replace('        value: batch\n', '').replace('weight: 0', 'weight: 10')
      .replace('ScheduleAnyway', 'DoNotSchedule').replace('      - name: example.com/quota\n      - name: example.com/quota\n', '      - name: example.com/quota\n')
      .replace('cpu: 500m', 'cpu: "1"').replace('name: gpus', 'name: gpu');
    assert.deepEqual(await server.open('file:///pod-scheduling-fixed.yaml', fixed), []);
  });
});
