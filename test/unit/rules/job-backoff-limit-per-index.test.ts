// validateJobSpec's backoffLimitPerIndex and maxFailedIndexes rules, and the OnFailure warning.
import { jobManifest, runCases } from './job-cases';

const indexed = (lines: string, podSpec?: string) =>
  jobManifest({ spec: `completionMode: Indexed\n${lines}`, ...(podSpec ? { podSpec } : {}) });
const B = 'job/backoff-limit-per-index';

runCases([
  { name: 'a negative backoffLimitPerIndex is refused', yaml: indexed('completions: 3\nbackoffLimitPerIndex: -1'),
    expected: [[`${B}/negative-backoff-limit-per-index`, 'spec.backoffLimitPerIndex']], words: ['-1', 'each index'] },
  { name: 'backoffLimitPerIndex 0 is accepted', yaml: indexed('completions: 3\nbackoffLimitPerIndex: 0'), expected: [] },
  { name: 'a negative maxFailedIndexes is refused', yaml: indexed('completions: 3\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: -1'),
    expected: [[`${B}/negative-max-failed-indexes`, 'spec.maxFailedIndexes']] },
  { name: 'maxFailedIndexes without backoffLimitPerIndex is refused', yaml: indexed('completions: 3\nmaxFailedIndexes: 1'),
    expected: [[`${B}/max-failed-indexes-needs-backoff-limit-per-index`, 'spec.backoffLimitPerIndex']], words: ['required'] },
  { name: 'maxFailedIndexes equal to completions is accepted', yaml: indexed('completions: 3\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 3'), expected: [] },
  { name: 'maxFailedIndexes above completions is refused', yaml: indexed('completions: 3\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 4'),
    expected: [[`${B}/max-failed-indexes-above-completions`, 'spec.maxFailedIndexes']], words: ['only 3 indexes', '3 or less'] },
  { name: 'completions defaulted to 1 bounds maxFailedIndexes too', yaml: indexed('backoffLimitPerIndex: 1\nmaxFailedIndexes: 2'),
    expected: [
      [`${B}/max-failed-indexes-above-completions`, 'spec.maxFailedIndexes'],
      ['job/completion-mode/indexed-completions-defaulted', 'spec.completionMode', 'warning'],
    ],
    inCronJob: { expected: [['job/completion-mode/indexed-requires-completions', 'spec.jobTemplate.spec.completions']], why: 'a job template gets no Job defaults (SetObjectDefaults_CronJob calls no SetDefaults_Job), so Indexed needs completions written' } },
  { name: 'maxFailedIndexes 100000 is within the fixed limit', yaml: indexed('completions: 200000\nparallelism: 10\nmaxFailedIndexes: 100000'),
    expected: [[`${B}/max-failed-indexes-needs-backoff-limit-per-index`, 'spec.backoffLimitPerIndex']] },
  { name: 'maxFailedIndexes 100001 is above the fixed limit', yaml: indexed('completions: 200000\nparallelism: 10\nmaxFailedIndexes: 100001'),
    expected: [
      [`${B}/max-failed-indexes-needs-backoff-limit-per-index`, 'spec.backoffLimitPerIndex'],
      [`${B}/max-failed-indexes-too-large`, 'spec.maxFailedIndexes'],
    ], words: ['at most 100000'] },
  { name: 'above completions and the fixed limit at once, only the tighter bound is reported',
    yaml: indexed('completions: 100000\nparallelism: 10\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 100001'),
    expected: [[`${B}/max-failed-indexes-above-completions`, 'spec.maxFailedIndexes']] },
  { name: 'completions 100000 with backoffLimitPerIndex does not need maxFailedIndexes',
    yaml: indexed('completions: 100000\nparallelism: 10000\nbackoffLimitPerIndex: 1'), expected: [] },
  { name: 'completions 100001 with backoffLimitPerIndex needs maxFailedIndexes',
    yaml: indexed('completions: 100001\nparallelism: 10000\nbackoffLimitPerIndex: 1'),
    expected: [[`${B}/max-failed-indexes-required`, 'spec.maxFailedIndexes']], words: ['10000 or less'] },
  { name: 'with high completions, parallelism 10000 is accepted',
    yaml: indexed('completions: 200000\nparallelism: 10000\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 10'), expected: [] },
  { name: 'with high completions, parallelism 10001 is refused (an error, so no large-Job warning)',
    yaml: indexed('completions: 200000\nparallelism: 10001\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 10'),
    expected: [[`${B}/parallelism-too-large-for-high-completions`, 'spec.parallelism']], words: ['10001', 'at most 10000'] },
  { name: 'with high completions, maxFailedIndexes 10000 is accepted',
    yaml: indexed('completions: 200000\nparallelism: 10\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 10000'), expected: [] },
  { name: 'with high completions, maxFailedIndexes 10001 is refused, once',
    yaml: indexed('completions: 200000\nparallelism: 10\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 150000'),
    expected: [[`${B}/max-failed-indexes-too-large-for-high-completions`, 'spec.maxFailedIndexes']] },
  { name: 'backoffLimitPerIndex on a NonIndexed Job is refused', yaml: jobManifest({ spec: 'backoffLimitPerIndex: 1' }),
    expected: [[`${B}/backoff-limit-per-index-requires-indexed`, 'spec.backoffLimitPerIndex']], words: ['completionMode: Indexed'] },
  { name: 'maxFailedIndexes on a NonIndexed Job is refused as well',
    yaml: jobManifest({ spec: 'completionMode: NonIndexed\nbackoffLimitPerIndex: 1\nmaxFailedIndexes: 1' }),
    expected: [
      [`${B}/backoff-limit-per-index-requires-indexed`, 'spec.backoffLimitPerIndex'],
      [`${B}/max-failed-indexes-requires-indexed`, 'spec.maxFailedIndexes'],
    ] },
  { name: 'backoffLimitPerIndex with restartPolicy OnFailure is accepted with a warning',
    yaml: indexed('completions: 3\nbackoffLimitPerIndex: 1', `restartPolicy: OnFailure\ncontainers:\n- name: main\n  image: busybox:1.36`),
    expected: [[`${B}/restart-policy-on-failure`, 'spec.backoffLimitPerIndex', 'warning']], words: ['restartPolicy: Never', 'do not count'] },
  { name: 'backoffLimitPerIndex with restartPolicy Never is fine', yaml: indexed('completions: 3\nbackoffLimitPerIndex: 1'), expected: [] },
  { name: 'a 1.28 server drops the fields (gate off), so nothing is reported', minor: 28,
    yaml: jobManifest({ spec: 'backoffLimitPerIndex: -1\nmaxFailedIndexes: 5' }), expected: [] },
  { name: 'a 1.29 server checks them', minor: 29, yaml: jobManifest({ spec: 'backoffLimitPerIndex: -1' }),
    expected: [
      [`${B}/negative-backoff-limit-per-index`, 'spec.backoffLimitPerIndex'],
      [`${B}/backoff-limit-per-index-requires-indexed`, 'spec.backoffLimitPerIndex'],
    ] },
]);
