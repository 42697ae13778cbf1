// What the hover says of an observed Job's conditions and reasons (features/statusHover.ts), with this Job's numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusHoverMarkdown } from '../../server/src/service/features/statusHover';
import type { JsonObject } from '../../server/src/service/types';

function job(spec: JsonObject, status: JsonObject): JsonObject {
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'etl', uid: 'u-1' },
    spec: { ...spec, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }] } } },
    status,
  };
}

const at = '2026-03-02T10:00:00Z';
const cond = (type: string, reason: string, status = 'True') => ({ type, status, reason, lastTransitionTime: at });

test('DeadlineExceeded names activeDeadlineSeconds and the start', () => {
  const object = job({ activeDeadlineSeconds: 600 }, { startTime: '2026-03-02T09:50:00Z', conditions: [cond('FailureTarget', 'DeadlineExceeded'), cond('Failed', 'DeadlineExceeded')] });
  assert.equal(statusHoverMarkdown('Job', object, ['status', 'conditions', 1, 'reason'], 37),
    '**This Job:** Reason `DeadlineExceeded`: The Job ran longer than `activeDeadlineSeconds: 600` from its start at 2026-03-02T09:50:00Z; its Pods were stopped.');
  assert.equal(statusHoverMarkdown('Job', object, ['status', 'conditions', 0, 'type'], 37),
    '**This Job:** The Job is failing since 2026-03-02T10:00:00Z: its remaining Pods are stopped. `Failed` has followed. Reason `DeadlineExceeded`: The Job ran longer than `activeDeadlineSeconds: 600` from its start at 2026-03-02T09:50:00Z; its Pods were stopped.');
});

test('FailedIndexes and MaxFailedIndexesExceeded name the failed indexes and the limit', () => {
  const spec = { completionMode: 'Indexed', completions: 8, backoffLimitPerIndex: 1, maxFailedIndexes: 1 };
  const object = job(spec, { failedIndexes: '2,5', conditions: [cond('FailureTarget', 'MaxFailedIndexesExceeded')] });
  assert.equal(statusHoverMarkdown('Job', object, ['status', 'conditions', 0, 'reason'], 37),
    '**This Job:** Reason `MaxFailedIndexesExceeded`: More indexes failed (`2,5`) than `maxFailedIndexes: 1` allows.');
  const all = job({ ...spec, maxFailedIndexes: undefined as never }, { failedIndexes: '2', conditions: [cond('Failed', 'FailedIndexes')] });
  assert.equal(statusHoverMarkdown('Job', all, ['status', 'conditions', 0, 'reason'], 37),
    '**This Job:** Reason `FailedIndexes`: Every index has finished and some failed (`2`): with `backoffLimitPerIndex` the Job then fails.');
});

test('SuccessPolicy and CompletionsReached say how the Job succeeded; PodFailurePolicy_<rule> reads as PodFailurePolicy', () => {
  const policy = job({ completionMode: 'Indexed', completions: 5, successPolicy: { rules: [{ succeededIndexes: '0' }] } }, { conditions: [cond('SuccessCriteriaMet', 'SuccessPolicy')] });
  assert.equal(statusHoverMarkdown('Job', policy, ['status', 'conditions', 0, 'type'], 37),
    '**This Job:** The Job has succeeded at 2026-03-02T10:00:00Z: remaining Pods are stopped. `Complete` follows once no Pod is left running or terminating. Reason `SuccessPolicy`: A rule of `spec.successPolicy` (1 rule) was met: the Job succeeded without waiting for every index.');
  const reached = job({ completions: 3 }, { succeeded: 3, conditions: [cond('SuccessCriteriaMet', 'CompletionsReached'), cond('Complete', 'CompletionsReached')] });
  assert.equal(statusHoverMarkdown('Job', reached, ['status', 'conditions', 1, 'reason'], 37), '**This Job:** Reason `CompletionsReached`: `succeeded` (3) reached `completions` (3).');
  const named = job({ podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } }] } }, { conditions: [cond('FailureTarget', 'PodFailurePolicy_fatal')] });
  assert.match(statusHoverMarkdown('Job', named, ['status', 'conditions', 0, 'reason'], 37) ?? '', /^\*\*This Job:\*\* Reason `PodFailurePolicy_fatal`: A `FailJob` rule of `spec.podFailurePolicy` \(1 rule\) matched a failed Pod/);
});

test('Suspended True and False, and the JobResumed reason', () => {
  const suspended = job({ suspend: true }, { conditions: [cond('Suspended', 'JobSuspended')] });
  assert.equal(statusHoverMarkdown('Job', suspended, ['status', 'conditions', 0, 'type'], 37),
    '**This Job:** The Job is suspended since 2026-03-02T10:00:00Z: no Pod runs, and its active deadline is not counting. Reason `JobSuspended`: `spec.suspend` was set to true.');
  const stopped = job({ suspend: true, activeDeadlineSeconds: 60 }, { startTime: at, conditions: [cond('Suspended', 'JobSuspended')] });
  assert.equal(statusHoverMarkdown('Job', stopped, ['status', 'startTime'], 37),
    '**This Job:** The Job is suspended now: its active deadline does not count, and a resume sets `startTime` again.');
  const resumed = job({}, { startTime: at, conditions: [cond('Suspended', 'JobResumed', 'False')] });
  assert.equal(statusHoverMarkdown('Job', resumed, ['status', 'conditions', 0, 'type'], 37),
    '**This Job:** The Job was resumed at 2026-03-02T10:00:00Z; its `startTime` and active deadline started again then.');
  assert.equal(statusHoverMarkdown('Job', resumed, ['status', 'conditions', 0, 'reason'], 37), '**This Job:** Reason `JobResumed`: `spec.suspend` was set back to false.');
});

test('nothing of its own for a field outside status, an unknown reason, or a Job without status', () => {
  const object = job({}, { conditions: [cond('Failed', 'SomethingElse')] });
  assert.equal(statusHoverMarkdown('Job', object, ['status', 'conditions', 0, 'reason'], 37), undefined);
  assert.equal(statusHoverMarkdown('Job', object, ['spec', 'completions'], 37), undefined);
  assert.equal(statusHoverMarkdown('Job', { ...object, status: undefined as never }, ['status', 'active'], 37), undefined);
});
