// A manifest written for envsubst: `${NAME}` stands for a value filled in before `kubectl apply`, so that value is
// not judged (as a Helm template's output is not); literal mistakes around it still are, and a shell's `${NAME}` in
// a command, its arguments or an environment value is plain text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, FileModel, validate } from '../../server/src/service/index';

function codes(text: string): string[] {
  return validate(new FileModel(), text, DEFAULT_SETTINGS).map((d) => `${d.code} @ ${(d.data as { path?: string }).path}`);
}

const JOBSET = (name: string, extra = '') => `apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: ${name}
spec:
  replicatedJobs:
  - name: slice-job
    template:
      spec:
        parallelism: 4
        completions: 4
${extra}        template:
          spec:
            restartPolicy: Never
            containers:
            - name: jax
              image: \${WORKLOAD_IMAGE}
              command: ["bash", "-c", "python3 train.py --run=\${WORKLOAD_NAME}"]
`;

describe('${NAME} placeholders', () => {
  it('leave the values they stand in unjudged: a name, an image', () => {
    assert.deepEqual(codes(JOBSET('${WORKLOAD_NAME}')), []);
  });

  it('still let a literal mistake beside them be caught, at its node', () => {
    assert.deepEqual(codes(JOBSET('${WORKLOAD_NAME}', '        backoffLimit: -1\n')), ['job/numbers/negative-backoff-limit @ spec.replicatedJobs[0].template.spec.backoffLimit']);
  });

  it('are the shell\'s in a command: what is literal is judged, a bad JobSet name among it', () => {
    assert.deepEqual(codes(JOBSET('Train')), ['meta/name-invalid @ metadata.name']);
  });
});
