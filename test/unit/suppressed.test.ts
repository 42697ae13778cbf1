// Findings silenced by `# kubeassist-disable-next-line`: the editor never gets them; the engine hands them out
// on request, marked with the comment that silences them (the CLI's SARIF lists them as suppressed).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, FileModel, validate, validateText } from '../../server/src/service/index';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  # kubeassist-disable-next-line schema/enum
  completionMode: indexed
  # kubeassist-disable-next-line
  backoffLimit: "6"
  parallelism: -1
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
`;

const brief = (diagnostics: ReturnType<typeof validateText>) =>
  diagnostics.map((d) => ({ code: d.code, line: d.range.start.line, suppressedBy: (d.data as { suppressedBy?: string }).suppressedBy }));

describe('suppressed findings', () => {
  it('are left out of what the editor gets', () => {
    assert.deepEqual(brief(validateText(JOB, DEFAULT_SETTINGS)), [{ code: 'job/numbers/negative-parallelism', line: 9, suppressedBy: undefined }]);
  });

  it('are handed out on request, with the comment that silences them, in text order', () => {
    assert.deepEqual(brief(validate(new FileModel(), JOB, DEFAULT_SETTINGS, { suppressed: true })), [
      { code: 'schema/enum', line: 6, suppressedBy: '# kubeassist-disable-next-line schema/enum' },
      { code: 'schema/type', line: 8, suppressedBy: '# kubeassist-disable-next-line' },
      { code: 'job/numbers/negative-parallelism', line: 9, suppressedBy: undefined },
    ]);
  });

  it('asking for them does not change what the same model gives the editor afterwards (cached results are shared)', () => {
    const model = new FileModel();
    assert.equal(validate(model, JOB, DEFAULT_SETTINGS, { suppressed: true }).length, 3);
    assert.deepEqual(brief(validate(model, JOB, DEFAULT_SETTINGS)), [{ code: 'job/numbers/negative-parallelism', line: 9, suppressedBy: undefined }]);
  });

  it('a suppressed finding offers no quick fix (it is never shown)', () => {
    const suppressed = validate(new FileModel(), JOB, DEFAULT_SETTINGS, { suppressed: true }).filter((d) => (d.data as { suppressedBy?: string }).suppressedBy);
    for (const diagnostic of suppressed) assert.equal((diagnostic.data as { fixes?: unknown[] }).fixes, undefined, String(diagnostic.code));
  });
});
