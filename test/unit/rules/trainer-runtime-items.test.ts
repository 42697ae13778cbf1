// A training runtime's own items: the Trainer adds to each container's `env`, `envFrom`, `ports`, `volumeMounts`,
// and to the Pod's `volumes` and `initContainers`, but every item the runtime writes is sent to the API server as
// written (partial/trainerOwned.ts: those lists grow). So each written item gets every rule; only what needs the
// whole list (a name looked up in it) waits for the Trainer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Unknowns } from '../../../server/src/service/partial/unknowns';
import { checkPartially, trackedView } from '../../../server/src/service/partial/trackedObject';
import { NEEDS_WHOLE_LIST } from '../../../server/src/service/partial/trainerOwned';
import { allRuleCodes } from '../../../server/src/service/codes';
import { ALL_RULES } from '../../../server/src/service/rules/index';
import type { Json, RuleContext } from '../../../server/src/service/types';
import { runRules, summary } from './harness';

type Fields = { [key: string]: Json };

/** A TrainingRuntime (or ClusterTrainingRuntime) whose one replicatedJob has this Job spec and Pod spec. */
function runtime(podSpec: Fields, jobSpec: Fields = {}, kind = 'TrainingRuntime', jobSetSpec: Fields = {}): string {
  return JSON.stringify({
    apiVersion: 'trainer.kubeflow.org/v1alpha1', kind, metadata: { name: 'rt' },
    spec: { template: { spec: { ...jobSetSpec, replicatedJobs: [{ name: 'node', template: { metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } }, spec: { ...jobSpec, template: { spec: { containers: [{ name: 'node', image: 'pytorch/pytorch' }], ...podSpec } } } } }] } } },
  });
}

const POD = 'spec.template.spec.replicatedJobs[0].template.spec.template.spec';
const C0 = `${POD}.containers[0]`;

const node = (fields: Fields): Fields => ({ name: 'node', image: 'pytorch/pytorch', ...fields });

describe('a training runtime: every item it writes is judged', () => {
  const cases: { name: string; podSpec: Fields; expect: string[] }[] = [
    { name: 'an init container named out of the rules', podSpec: { initContainers: [{ name: 'Init_1', image: 'busybox' }] }, expect: [`pod/container-name-invalid @ ${POD}.initContainers[0].name`] },
    { name: 'a readiness probe on an init container', podSpec: { initContainers: [{ name: 'init', image: 'busybox', readinessProbe: { exec: { command: ['true'] } } }] }, expect: [`pod/probe-on-init-container @ ${POD}.initContainers[0].readinessProbe`] },
    { name: 'an init container named like a container', podSpec: { initContainers: [{ name: 'node', image: 'busybox' }] }, expect: [`pod/container-name-duplicate @ ${POD}.initContainers[0].name`] },
    { name: 'a volume name', podSpec: { volumes: [{ name: 'Data', emptyDir: {} }] }, expect: [`pod/volume-name-invalid @ ${POD}.volumes[0].name`] },
    { name: 'two volumes of one name', podSpec: { volumes: [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }] }, expect: [`pod/volume-name-duplicate @ ${POD}.volumes[1].name`] },
    { name: 'a volume with two sources', podSpec: { volumes: [{ name: 'data', emptyDir: {}, hostPath: { path: '/data' } }] }, expect: [`pod/volume-source-multiple @ ${POD}.volumes[0].hostPath`] },
    { name: 'an env name', podSpec: { containers: [node({ env: [{ name: 'A=B', value: '1' }] })] }, expect: [`pod/env-name-invalid @ ${C0}.env[0].name`] },
    { name: 'an env valueFrom without a source', podSpec: { containers: [node({ env: [{ name: 'A', valueFrom: {} }] })] }, expect: [`pod/env-value-from-no-source @ ${C0}.env[0].valueFrom`] },
    { name: 'an env fieldRef path', podSpec: { containers: [node({ env: [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'metadata.labels' } } }] })] }, expect: [`pod/env-field-ref-field-path-unsupported @ ${C0}.env[0].valueFrom.fieldRef.fieldPath`] },
    { name: 'an envFrom entry without a source', podSpec: { containers: [node({ envFrom: [{ prefix: 'X_' }] })] }, expect: [`pod/env-from-source-count @ ${C0}.envFrom[0]`] },
    { name: 'a port protocol', podSpec: { containers: [node({ ports: [{ containerPort: 29500, protocol: 'tcp' }] })] }, expect: [`pod/port-protocol-unsupported @ ${C0}.ports[0].protocol`] },
    { name: 'a port number', podSpec: { containers: [node({ ports: [{ containerPort: 70000 }] })] }, expect: [`pod/container-port-out-of-range @ ${C0}.ports[0].containerPort`] },
    { name: 'two ports of one name', podSpec: { containers: [node({ ports: [{ name: 'c10d', containerPort: 29500 }, { name: 'c10d', containerPort: 29501 }] })] }, expect: [`pod/port-name-duplicate @ ${C0}.ports[1].name`] },
    { name: 'a volume mount with subPath and subPathExpr', podSpec: { volumes: [{ name: 'data', emptyDir: {} }], containers: [node({ volumeMounts: [{ name: 'data', mountPath: '/data', subPath: 'a', subPathExpr: 'b' }] })] }, expect: [`pod/volume-mount-sub-path-exclusive @ ${C0}.volumeMounts[0].subPathExpr`] },
    { name: 'two mounts at one path', podSpec: { volumes: [{ name: 'a', emptyDir: {} }, { name: 'b', emptyDir: {} }], containers: [node({ volumeMounts: [{ name: 'a', mountPath: '/data' }, { name: 'b', mountPath: '/data' }] })] }, expect: [`pod/volume-mount-path-duplicate @ ${C0}.volumeMounts[1].mountPath`] },
  ];
  for (const testCase of cases) {
    for (const kind of ['TrainingRuntime', 'ClusterTrainingRuntime']) {
      it(`${testCase.name} (${kind})`, () => {
        const found = summary(runRules(ALL_RULES, runtime(testCase.podSpec, {}, kind))).filter((line) => !line.startsWith('meta/'));
        assert.deepEqual(found, testCase.expect);
        // The same as the runtime's JobSet would get if the Trainer added nothing.
        assert.deepEqual(summary(runRules(ALL_RULES, runtime(testCase.podSpec, {}, kind), 35, { trainerOwned: false })).filter((line) => !line.startsWith('meta/')), testCase.expect);
      });
    }
  }

  it('one runtime with many bad items: each caught, each at its node, saying where the refusal shows', () => {
    const findings = runRules(ALL_RULES, runtime({
      initContainers: [{ name: 'Init_Bad', image: 'busybox', readinessProbe: { exec: { command: ['ls'] } } }],
      volumes: [{ name: 'Bad_Vol', emptyDir: {} }],
      containers: [node({ env: [{ name: '1BAD', value: 'x' }, { name: 'A', valueFrom: {} }], ports: [{ containerPort: 80, protocol: 'tcp' }, { containerPort: 0 }] })],
    }), 31);
    assert.deepEqual(summary(findings), [
      `pod/container-name-invalid @ ${POD}.initContainers[0].name`,
      `pod/probe-on-init-container @ ${POD}.initContainers[0].readinessProbe`,
      `pod/volume-name-invalid @ ${POD}.volumes[0].name`,
      `pod/env-name-invalid @ ${C0}.env[0].name`,
      `pod/env-value-from-no-source @ ${C0}.env[1].valueFrom`,
      `pod/port-protocol-unsupported @ ${C0}.ports[0].protocol`,
      `pod/container-port-required @ ${C0}.ports[1].containerPort`,
    ].sort((a, b) => summary(findings).indexOf(a) - summary(findings).indexOf(b)));
    for (const finding of findings) assert.match(finding.message, /every TrainJob that uses it gets a JobSet whose Jobs from replicatedJob `node` the batch API server refuses/);
  });
});

describe('a training runtime: what needs the whole list waits for the Trainer', () => {
  it('a mount of a volume the runtime does not write (the Trainer may add it)', () => {
    assert.deepEqual(summary(runRules(ALL_RULES, runtime({ containers: [node({ volumeMounts: [{ name: 'initializer', mountPath: '/workspace' }] })] }))), []);
    // The same written as a JobSet is refused: there the list is whole.
    assert.deepEqual(summary(runRules(ALL_RULES, runtime({ containers: [node({ volumeMounts: [{ name: 'initializer', mountPath: '/workspace' }] })] }), 35, { trainerOwned: false })),
      [`pod/volume-mount-not-found @ ${C0}.volumeMounts[0].name`]);
  });

  it('a pod failure policy naming a container the runtime does not write (the Trainer may add an init container)', () => {
    const yaml = runtime({}, { podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { containerName: 'initializer', operator: 'In', values: [42] } }] } });
    assert.deepEqual(summary(runRules(ALL_RULES, yaml)).filter((line) => line.includes('unknown-container-name')), []);
    assert.deepEqual(summary(runRules(ALL_RULES, yaml, 35, { trainerOwned: false })).filter((line) => line.includes('unknown-container-name')),
      ['job/pod-failure-policy/unknown-container-name @ spec.template.spec.replicatedJobs[0].template.spec.podFailurePolicy.rules[0].onExitCodes.containerName']);
  });

  it('a JobSet claim template no written container mounts (a mount the Trainer adds may use it)', () => {
    const yaml = runtime({}, {}, 'TrainingRuntime', { volumeClaimPolicies: [{ templates: [{ metadata: { name: 'ckpt' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] }] });
    assert.deepEqual(summary(runRules(ALL_RULES, yaml)).filter((line) => line.includes('not-mounted')), []);
    assert.deepEqual(summary(runRules(ALL_RULES, yaml, 35, { trainerOwned: false })).filter((line) => line.includes('not-mounted')), ['jobset/volume-claim/not-mounted @ spec.template.spec.volumeClaimPolicies[0].templates[0].metadata.name']);
  });

  it('every code that waits for the whole list is a code the engine has', () => {
    const codes = new Set(allRuleCodes().map((code) => code.code));
    for (const code of NEEDS_WHOLE_LIST) assert.ok(codes.has(code), code);
  });
});

describe('a growing list (partial/unknowns.ts)', () => {
  const unknowns = new Unknowns();
  unknowns.markGrowing(['items']);
  const object = { items: [{ name: 'a' }, { name: 'b' }] } as unknown as Json;

  it('its written items and their count are read; past them, nothing is known', () => {
    const context = { object: trackedView(object, unknowns) } as unknown as RuleContext;
    const names = checkPartially((c) => (c.object.items as Fields[]).map((item) => ({ code: String(item.name), severity: 'error', message: '', path: [] })), context);
    assert.deepEqual(names.map((finding) => finding.code), ['a', 'b']);
    assert.deepEqual(checkPartially((c) => ((c.object.items as Fields[])[2] === undefined ? [{ code: 'absent', severity: 'error', message: '', path: [] }] : []), context), []);
  });

  it('an item is certain, an index past the written ones is not', () => {
    assert.equal(unknowns.isCertain(object, ['items', 1, 'name']), true);
    assert.equal(unknowns.isCertain(object, ['items', 2]), false);
    assert.equal(unknowns.isCertainSubtree(object, ['items']), false);
  });
});
