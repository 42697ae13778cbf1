// Quick fixes inside a JobSet and a training runtime: a Job template's fix edits the template where it is, the
// same fix a Job gets; applied to a fixture, checked again, compared byte for byte.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkCase, edit, type FixCase } from './harness';

const JOBSET = `apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: train
spec:
  replicatedJobs:
  - name: workers
    replicas: 2
    template:
      spec:
        completions: 2
        parallelism: 2
        podFailurePolicy:
          rules:
          - action: FailJob
            onExitCodes:
              operator: In
              values: [42]
        template:
          spec:
            restartPolicy: OnFailure
            containers:
            - name: main
              image: busybox:1.36
`;

const RUNTIME = `apiVersion: trainer.kubeflow.org/v1alpha1
kind: ClusterTrainingRuntime
metadata:
  name: torch
spec:
  template:
    spec:
      replicatedJobs:
      - name: node
        template:
          spec:
            backoffLimit: 3
            podFailurePolicy:
              rules:
              - action: FailIndex
                onExitCodes:
                  operator: In
                  values: [42]
            template:
              spec:
                restartPolicy: Never
                containers:
                - name: node
                  image: pytorch
`;

const cases: FixCase[] = [
  {
    name: 'in a JobSet, restartPolicy OnFailure with a pod failure policy becomes Never in that template',
    text: JOBSET,
    code: 'job/pod-failure-policy/restart-policy-must-be-never',
    expected: edit(JOBSET, 'restartPolicy: OnFailure', 'restartPolicy: Never'),
  },
  {
    name: 'in a JobSet, a template left to JobSet\'s OnFailure default gets `restartPolicy: Never` after its containers',
    text: edit(JOBSET, '            restartPolicy: OnFailure\n', ''),
    code: 'job/pod-failure-policy/restart-policy-must-be-never',
    expected: `${edit(JOBSET, '            restartPolicy: OnFailure\n', '')}            restartPolicy: Never\n`,
  },
  {
    name: 'in a training runtime, FailIndex gets `backoffLimitPerIndex: 1` in the template\'s Job spec',
    text: RUNTIME,
    code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
    expected: edit(RUNTIME, '            backoffLimit: 3\n', '            backoffLimit: 3\n            backoffLimitPerIndex: 1\n'),
  },
];

describe('quick fixes in a JobSet and a training runtime', () => {
  for (const c of cases) it(c.name, () => checkCase(c));
  it('are offered for the Job template they are in, not the first one', () => {
    const two = JOBSET.replace('  - name: workers', '  - name: driver\n    template:\n      spec:\n        template:\n          spec:\n            restartPolicy: Never\n            containers:\n            - name: main\n              image: busybox:1.36\n  - name: workers');
    checkCase({ name: 'second', text: two, code: 'job/pod-failure-policy/restart-policy-must-be-never', expected: edit(two, 'restartPolicy: OnFailure', 'restartPolicy: Never') });
    assert.ok(true);
  });
});
