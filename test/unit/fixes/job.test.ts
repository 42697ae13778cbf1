// Quick fixes of the Job rules: each applied to a fixture, checked again, and compared byte for byte.
import { describe } from 'node:test';
import { cronJobTwinText, edit, runFixCases, type FixCase } from './harness';
import { VALID_JOB } from './fixtures';

const JOB = VALID_JOB;

const withPolicy = (policy: string, text = JOB) => edit(text, '  template:\n', `${policy}  template:\n`);
const POLICY = `  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        operator: In
        values: [42]
`;

const cases: FixCase[] = [
  {
    name: 'restartPolicy: OnFailure with a pod failure policy becomes Never, the comment beside it stays in its column',
    text: withPolicy(POLICY, edit(JOB, 'restartPolicy: Never\n', 'restartPolicy: OnFailure  # retry in place\n')),
    code: 'job/pod-failure-policy/restart-policy-must-be-never',
    expected: withPolicy(POLICY, edit(JOB, 'restartPolicy: Never\n', 'restartPolicy: Never      # retry in place\n')),
  },
  {
    name: 'a comment one space after the value stays one space after it',
    text: withPolicy(POLICY, edit(JOB, 'restartPolicy: Never\n', 'restartPolicy: OnFailure # retry in place\n')),
    code: 'job/pod-failure-policy/restart-policy-must-be-never',
    expected: withPolicy(POLICY, edit(JOB, 'restartPolicy: Never\n', 'restartPolicy: Never # retry in place\n')),
  },
  {
    name: 'a Job without restartPolicy gets `restartPolicy: Never` after its containers',
    text: edit(JOB, '      restartPolicy: Never\n', ''),
    code: 'job/restart-policy/never-or-on-failure-required',
    expected: `${edit(JOB, '      restartPolicy: Never\n', '')}      restartPolicy: Never\n`,
  },
  {
    name: '`restartPolicy: Always` can also become OnFailure',
    text: edit(JOB, 'restartPolicy: Never', 'restartPolicy: Always'),
    code: 'job/restart-policy/never-or-on-failure-required',
    title: 'Set `restartPolicy: OnFailure`',
    expected: edit(JOB, 'restartPolicy: Never', 'restartPolicy: OnFailure'),
  },
  {
    name: 'FailIndex in an Indexed Job gets `backoffLimitPerIndex: 1` after backoffLimit',
    text: withPolicy(POLICY.replace('FailJob', 'FailIndex'), edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimit: 6\n')),
    code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
    expected: withPolicy(POLICY.replace('FailJob', 'FailIndex'), edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimit: 6\n  backoffLimitPerIndex: 1\n')),
  },
  {
    name: 'FailIndex in a NonIndexed Job without completions: backoffLimitPerIndex, completions and Indexed, before the template',
    text: withPolicy(POLICY.replace('FailJob', 'FailIndex'), edit(JOB, '  completions: 3\n', '')),
    code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
    expected: withPolicy(POLICY.replace('FailJob', 'FailIndex'), edit(JOB, '  completions: 3\n', ''))
      .replace('  template:\n', '  backoffLimitPerIndex: 1\n  completions: 1\n  completionMode: Indexed\n  template:\n'),
  },
  {
    name: 'FailIndex can also become FailJob',
    text: withPolicy(POLICY.replace('FailJob', 'FailIndex')),
    code: 'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index',
    title: 'Change to `FailJob`',
    expected: withPolicy(POLICY),
  },
  {
    name: 'backoffLimitPerIndex on a NonIndexed Job: completionMode: Indexed after completions',
    text: edit(JOB, '  completions: 3\n', '  completions: 3\n  backoffLimitPerIndex: 2\n'),
    code: 'job/backoff-limit-per-index/backoff-limit-per-index-requires-indexed',
    expected: edit(JOB, '  completions: 3\n', '  completions: 3\n  completionMode: Indexed\n  backoffLimitPerIndex: 2\n'),
  },
  {
    name: 'maxFailedIndexes with completionMode: NonIndexed written: the value is replaced',
    text: edit(JOB, '  completions: 3\n', '  completionMode: NonIndexed\n  completions: 3\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 1\n'),
    code: 'job/backoff-limit-per-index/max-failed-indexes-requires-indexed',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 1\n'),
  },
  {
    name: 'successPolicy on a NonIndexed Job with parallelism and no completions: completions from parallelism',
    text: edit(JOB, '  completions: 3\n', '  parallelism: 4\n  successPolicy:\n    rules:\n    - succeededCount: 1\n'),
    code: 'job/success-policy/requires-indexed',
    expected: edit(JOB, '  completions: 3\n', '  parallelism: 4\n  completions: 4\n  completionMode: Indexed\n  successPolicy:\n    rules:\n    - succeededCount: 1\n'),
  },
  {
    name: 'maxFailedIndexes without backoffLimitPerIndex gets one',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  maxFailedIndexes: 1\n'),
    code: 'job/backoff-limit-per-index/max-failed-indexes-needs-backoff-limit-per-index',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 1\n'),
  },
  {
    name: 'maxFailedIndexes above completions is set to completions',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 5 # at most\n'),
    code: 'job/backoff-limit-per-index/max-failed-indexes-above-completions',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 3 # at most\n'),
  },
  {
    name: 'backoffLimitPerIndex with restartPolicy: OnFailure (a warning) becomes Never',
    text: edit(edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n'), 'restartPolicy: Never', 'restartPolicy: OnFailure'),
    code: 'job/backoff-limit-per-index/restart-policy-on-failure',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n'),
  },
  {
    name: 'podReplacementPolicy: TerminatingOrFailed with a pod failure policy becomes Failed',
    text: withPolicy(`  podReplacementPolicy: TerminatingOrFailed\n${POLICY}`),
    code: 'job/pod-replacement-policy/failed-required-with-pod-failure-policy',
    expected: withPolicy(`  podReplacementPolicy: Failed\n${POLICY}`),
  },
  {
    name: 'podReplacementPolicy can also be removed (whole line)',
    text: withPolicy(`  podReplacementPolicy: TerminatingOrFailed\n${POLICY}`),
    code: 'job/pod-replacement-policy/failed-required-with-pod-failure-policy',
    title: 'Remove `podReplacementPolicy` (it defaults to `Failed`)',
    expected: withPolicy(POLICY),
  },
  {
    name: 'unsorted exit codes in a flow list are sorted in place',
    text: withPolicy(POLICY.replace('[42]', '[42, 1, 7]')),
    code: 'job/pod-failure-policy/exit-codes-not-ordered',
    title: 'Sort the exit codes',
    expected: withPolicy(POLICY.replace('[42]', '[1, 7, 42]')),
  },
  {
    name: 'a repeated exit code is removed',
    text: withPolicy(POLICY.replace('[42]', '[1,42,42]')),
    code: 'job/pod-failure-policy/duplicate-exit-code',
    title: 'Remove the repeated exit code 42',
    expected: withPolicy(POLICY.replace('[42]', '[1,42]')),
  },
  {
    name: 'exit code 0 with In is removed from a block list (its line goes, its neighbour\'s comment stays)',
    text: withPolicy(POLICY.replace('        values: [42]\n', '        values:\n        - 0\n        - 42 # the answer\n')),
    code: 'job/pod-failure-policy/exit-code-zero-with-in',
    title: 'Remove exit code 0',
    expected: withPolicy(POLICY.replace('        values: [42]\n', '        values:\n        - 42 # the answer\n')),
  },
  {
    name: 'exit codes in a block list with a repeat and out of order: rewritten item by item, the extra line removed',
    text: withPolicy(POLICY.replace('        values: [42]\n', '        values:\n        - 5\n        - 3\n        - 5\n')),
    code: 'job/pod-failure-policy/exit-codes-not-ordered',
    title: 'Change the exit codes to `[3, 5]`',
    expected: withPolicy(POLICY.replace('        values: [42]\n', '        values:\n        - 3\n        - 5\n')),
  },
  {
    name: 'an empty operator gets In',
    text: withPolicy(POLICY.replace('operator: In', 'operator: ""')),
    code: 'job/pod-failure-policy/operator-required',
    title: 'Set `operator: In`',
    expected: withPolicy(POLICY.replace('operator: In', 'operator: "In"')),
  },
  {
    name: 'an empty action gets FailJob',
    text: withPolicy(POLICY.replace('action: FailJob', "action: ''")),
    code: 'job/pod-failure-policy/action-required',
    title: 'Set `action: FailJob`',
    expected: withPolicy(POLICY.replace('action: FailJob', "action: 'FailJob'")),
  },
  {
    name: 'a misspelt containerName becomes the container it is close to',
    text: withPolicy(POLICY.replace('operator: In', 'containerName: pii\n        operator: In')),
    code: 'job/pod-failure-policy/unknown-container-name',
    expected: withPolicy(POLICY.replace('operator: In', 'containerName: pi\n        operator: In')),
  },
  {
    name: 'succeededIndexes out of order is rewritten in canonical interval form, keeping its quotes',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 10\n  successPolicy:\n    rules:\n    - succeededIndexes: "7,0-2,4,5,3"\n'),
    code: 'job/success-policy/invalid-succeeded-indexes',
    title: 'Rewrite as `0-5,7`',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 10\n  successPolicy:\n    rules:\n    - succeededIndexes: "0-5,7"\n'),
  },
  {
    name: 'succeededIndexes with a stray comma, plain: two neighbours are written as `a,b`',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 10\n  successPolicy:\n    rules:\n    - succeededIndexes: 8,,9\n'),
    code: 'job/success-policy/invalid-succeeded-indexes',
    title: 'Rewrite as `8,9`',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 10\n  successPolicy:\n    rules:\n    - succeededIndexes: 8,9\n'),
  },
  {
    name: 'succeededCount above completions is lowered to completions',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  successPolicy:\n    rules:\n    - succeededCount: 9\n'),
    code: 'job/success-policy/succeeded-count-above-completions',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  successPolicy:\n    rules:\n    - succeededCount: 3\n'),
  },
  {
    name: 'an Indexed Job without completions or parallelism states `completions: 1`',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n'),
    code: 'job/completion-mode/indexed-completions-defaulted',
    expected: edit(JOB, '  completions: 3\n', '  completions: 1\n  completionMode: Indexed\n'),
    notInCronJob: 'a job template gets no Job defaults: there the finding is indexed-requires-completions (next case)',
  },
  {
    name: 'a CronJob\'s Indexed job template without completions or parallelism states `completions: 1` (no Job defaults there)',
    text: cronJobTwinText(edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n'))!,
    code: 'job/completion-mode/indexed-requires-completions',
    expected: cronJobTwinText(edit(JOB, '  completions: 3\n', '  completions: 1\n  completionMode: Indexed\n'))!,
    notInCronJob: 'it is the CronJob case',
  },
  {
    name: 'an Indexed Job with parallelism and no completions can take completions from parallelism',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  parallelism: 2\n'),
    code: 'job/completion-mode/indexed-requires-completions',
    title: 'Add `completions: 2`',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  parallelism: 2\n  completions: 2\n'),
  },
  {
    name: 'parallelism above the Indexed limit is lowered to it',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  parallelism: 200000\n'),
    code: 'job/completion-mode/indexed-parallelism-too-large',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 3\n  parallelism: 100000\n'),
  },
  {
    name: 'maxFailedIndexes above 100000 is lowered to it',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  maxFailedIndexes: 150000\n'),
    code: 'job/backoff-limit-per-index/max-failed-indexes-too-large',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  maxFailedIndexes: 100000\n'),
    remaining: ['job/backoff-limit-per-index/max-failed-indexes-needs-backoff-limit-per-index @ spec.backoffLimitPerIndex'],
  },
  {
    name: 'maxFailedIndexes above 10000 with more than 100000 completions is lowered to 10000',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 20000\n'),
    code: 'job/backoff-limit-per-index/max-failed-indexes-too-large-for-high-completions',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 10000\n'),
  },
  {
    name: 'parallelism above 10000 with more than 100000 completions is lowered to 10000',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  parallelism: 20000\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 10\n'),
    code: 'job/backoff-limit-per-index/parallelism-too-large-for-high-completions',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  parallelism: 10000\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 10\n'),
  },
  {
    name: 'maxFailedIndexes required above 100000 completions: added after backoffLimitPerIndex',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  backoffLimitPerIndex: 1\n'),
    code: 'job/backoff-limit-per-index/max-failed-indexes-required',
    title: 'Add `maxFailedIndexes: 10000`',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 200000\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 10000\n'),
  },
  {
    name: 'succeededCount above the number of listed indexes is lowered to it',
    text: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 10\n  successPolicy:\n    rules:\n    - succeededIndexes: "0-2"\n      succeededCount: 5\n'),
    code: 'job/success-policy/succeeded-count-above-indexes',
    expected: edit(JOB, '  completions: 3\n', '  completionMode: Indexed\n  completions: 10\n  successPolicy:\n    rules:\n    - succeededIndexes: "0-2"\n      succeededCount: 3\n'),
  },
  {
    name: 'RestartContainer on a plain init container (1.36) becomes NotRequired',
    text: edit(JOB, '      containers:\n', '      initContainers:\n      - name: warm\n        image: busybox:1.36\n        resizePolicy:\n        - resourceName: cpu\n          restartPolicy: RestartContainer\n      containers:\n'),
    code: 'pod/init-container-resize-restart-container',
    version: '1.36',
    expected: edit(JOB, '      containers:\n', '      initContainers:\n      - name: warm\n        image: busybox:1.36\n        resizePolicy:\n        - resourceName: cpu\n          restartPolicy: NotRequired\n      containers:\n'),
  },
];

describe('Job quick fixes', () => {
  runFixCases(cases);
});
