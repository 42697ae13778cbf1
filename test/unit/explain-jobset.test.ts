// JobSets and training runtimes are checked, not explained: explain, its inlay hints, the code lenses and simulate
// have no model of the JobSet or Trainer controllers, and must not describe such an object as another kind.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FileModel } from '../../server/src/service/document/fileModel';
import { codeLenses } from '../../server/src/service/features/codeLens';
import { defaultsSet } from '../../server/src/service/features/explain/defaults';
import { explainFile } from '../../server/src/service/features/explain/index';
import { simulate } from '../../server/src/service/features/simulate';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';

const JOBSET = `apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: pytorch
spec:
  replicatedJobs:
  - name: workers
    template:
      spec:
        parallelism: 2
        completions: 2
        template:
          spec:
            containers:
            - name: main
              image: python:3.12
`;

describe('explain and simulate leave JobSets and runtimes alone', () => {
  it('no explanation, lens, default hint or simulation for a JobSet (not a CSIDriver\'s or a CronJob\'s by mistake)', () => {
    assert.deepEqual(explainFile(new FileModel(), JOBSET, DEFAULT_SETTINGS, { nowSeconds: 0 }), []);
    assert.deepEqual(codeLenses(new FileModel(), JOBSET, 'file:///a.yaml', DEFAULT_SETTINGS), []);
    assert.deepEqual(defaultsSet('JobSet', { spec: {} }, 37), []);
    assert.deepEqual(defaultsSet('TrainingRuntime', { spec: {} }, 37), []);
    const answer = simulate(new FileModel(), JOBSET, DEFAULT_SETTINGS, {}, undefined, 0);
    assert.deepEqual(answer.problems.map((problem) => problem.message), ['the file has no Job or CronJob to simulate']);
  });
});
