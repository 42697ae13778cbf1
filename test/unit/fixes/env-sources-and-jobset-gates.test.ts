// Quick fixes of the env sources and of what JobSet's webhook asks with InPlaceRestart on: applied to a fixture,
// checked again (nothing new), compared byte for byte.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS } from '../../../server/src/service/index';
import { applyFix, checkCase, edit, type FixCase } from './harness';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: demo
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
        env:
        - name: POD
          valueFrom:
            fieldRef:
              apiVersion: v2
              fieldPath: metadata.name
        - name: CPU
          valueFrom:
            resourceFieldRef:
              resource: limits.cpu
              divisor: "2"
`;

const cases: FixCase[] = [
  { name: 'a fieldRef apiVersion becomes v1', text: JOB, code: 'pod/env-field-ref-api-version-unsupported', expected: edit(JOB, 'apiVersion: v2', 'apiVersion: v1'), remaining: ['pod/env-resource-field-ref-divisor-unsupported @ spec.template.spec.containers[0].env[1].valueFrom.resourceFieldRef.divisor'] },
  { name: 'a cpu divisor of 2 is removed', text: JOB, code: 'pod/env-resource-field-ref-divisor-unsupported', title: 'Remove `divisor` (the plain number)', expected: edit(JOB, '              divisor: "2"\n', ''), remaining: ['pod/env-field-ref-api-version-unsupported @ spec.template.spec.containers[0].env[0].valueFrom.fieldRef.apiVersion'] },
];

describe('quick fixes of the env sources', () => {
  for (const c of cases) it(c.name, () => checkCase(c));
});

const JOBSET = `apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: train
spec:
  failurePolicy:
    restartStrategy: InPlaceRestart
  replicatedJobs:
  - name: workers
    template:
      spec:
        completions: 2
        parallelism: 2
        backoffLimit: 6
        podReplacementPolicy: TerminatingOrFailed
        template:
          spec:
            containers:
            - name: main
              image: busybox:1.36
`;

describe('quick fixes of JobSet\'s InPlaceRestart', () => {
  const on = { ...DEFAULT_SETTINGS, kubernetesVersion: '1.35', jobSetFeatureGates: { InPlaceRestart: true } };
  it('with the gate on, backoffLimit becomes 2147483647, then podReplacementPolicy Failed: nothing is left', () => {
    const first = applyFix(JOBSET, 'jobset/in-place-restart-job', undefined, on);
    assert.equal(first.text, edit(JOBSET, 'backoffLimit: 6', 'backoffLimit: 2147483647'));
    const second = applyFix(first.text, 'jobset/in-place-restart-job', undefined, on);
    assert.equal(second.text, edit(first.text, 'podReplacementPolicy: TerminatingOrFailed', 'podReplacementPolicy: Failed'));
    assert.deepEqual(second.after, []);
  });
  it('with the gate off, restartStrategy can become Recreate', () => {
    const applied = applyFix(JOBSET, 'jobset/in-place-restart-gate', 'Change to `Recreate` (the default)', { ...DEFAULT_SETTINGS, kubernetesVersion: '1.35' });
    assert.equal(applied.text, edit(JOBSET, 'restartStrategy: InPlaceRestart', 'restartStrategy: Recreate'));
    assert.deepEqual(applied.after, []);
  });
});
