// ValidateCronJobUpdate compares no field: an edited CronJob, job template included, is accepted as an update
// (only the Jobs created later get the new template), so the update checks say nothing; `kubeassist diff`
// says what each change does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainChanges } from '../../../server/src/service/update/explain';
import { Baseline } from '../../../server/src/service/update/baseline';
import { settingsAt, swap, updateFindings } from './harness';

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 2 * * *"
  jobTemplate:
    spec:
      completions: 2
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: report
            image: registry.example.com/report:1.0
`;

describe('CronJob updates', () => {
  for (const minor of [23, 37]) {
    it(`a changed job template, completions and schedule: no update finding at 1.${minor}`, () => {
      const edited = swap(swap(swap(CRONJOB, 'report:1.0', 'report:1.1'), 'completions: 2', 'completions: 3'), '0 2 * * *', '0 3 * * *');
      assert.deepEqual(updateFindings(CRONJOB, edited, minor), []);
    });
  }

  it('kubeassist diff: every change in place, with what it does to the next runs', () => {
    const edited = swap(swap(CRONJOB, 'report:1.0', 'report:1.1'), '0 2 * * *', '0 3 * * *');
    const [cronJob] = explainChanges(new Baseline(CRONJOB, { label: 'at HEAD' }), edited, settingsAt(37));
    assert.equal(cronJob.status, 'changed');
    assert.deepEqual(cronJob.changes.map((change) => [change.action, change.path, change.before, change.after]), [
      ['in place', 'spec.schedule', '`0 2 * * *`', '`0 3 * * *`'],
      ['in place', 'spec.jobTemplate.spec.template.spec.containers[0].image', '`registry.example.com/report:1.0`', '`registry.example.com/report:1.1`'],
    ]);
    assert.match(cronJob.changes[1].effect, /^Only the Jobs created from now on get the new template/);
  });

  it('defaults written out in the job template\'s Pod spec are no change', () => {
    const edited = swap(CRONJOB, '          restartPolicy: Never\n', '          restartPolicy: Never\n          dnsPolicy: ClusterFirst\n');
    assert.equal(explainChanges(new Baseline(CRONJOB, { label: 'at HEAD' }), edited, settingsAt(37))[0].status, 'unchanged');
  });
});
