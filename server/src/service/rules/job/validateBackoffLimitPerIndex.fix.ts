// Quick fixes for the backoffLimitPerIndex checks: add the per-index limit that maxFailedIndexes needs,
// make the Job Indexed, lower a number to its bound, and `restartPolicy: Never`.
import { backoffLimitPerIndexFix, indexedFix, numberFix, restartPolicyNeverFix, setFix, valueAt, JOB_SPEC_SCALAR, jobSpecPath } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

const code = (name: string) => `job/backoff-limit-per-index/${name}`;
const INDEXED = 'Sets `completionMode: Indexed` (and `completions` when missing)';

export const BACKOFF_LIMIT_PER_INDEX_FIXES: Fixes = {
  [code('max-failed-indexes-needs-backoff-limit-per-index')]: {
    does: 'Adds `backoffLimitPerIndex: 1` (and `completionMode: Indexed` when needed)',
    offer: (context) => [backoffLimitPerIndexFix(context)],
  },
  [code('max-failed-indexes-above-completions')]: {
    does: 'Sets `maxFailedIndexes` to `completions`',
    offer: (context) => {
      const completions = valueAt(context, jobSpecPath(context, 'completions'), true);
      return typeof completions === 'number'
        ? [numberFix(context, `Set \`maxFailedIndexes: ${completions}\` (the number of indexes)`, jobSpecPath(context, 'maxFailedIndexes'), completions)]
        : [];
    },
  },
  [code('max-failed-indexes-too-large')]: {
    does: 'Sets `maxFailedIndexes: 100000`',
    offer: (context) => [numberFix(context, 'Set `maxFailedIndexes: 100000`', jobSpecPath(context, 'maxFailedIndexes'), 100_000)],
  },
  [code('max-failed-indexes-too-large-for-high-completions')]: {
    does: 'Sets `maxFailedIndexes: 10000`',
    offer: (context) => [numberFix(context, 'Set `maxFailedIndexes: 10000`', jobSpecPath(context, 'maxFailedIndexes'), 10_000)],
  },
  [code('parallelism-too-large-for-high-completions')]: {
    does: 'Sets `parallelism: 10000`',
    offer: (context) => [numberFix(context, 'Set `parallelism: 10000`', jobSpecPath(context, 'parallelism'), 10_000)],
  },
  [code('max-failed-indexes-required')]: {
    does: 'Adds `maxFailedIndexes: 10000`',
    offer: (context) => [setFix(context, 'Add `maxFailedIndexes: 10000`', jobSpecPath(context, 'maxFailedIndexes'), 10_000, { after: ['backoffLimitPerIndex'], ...JOB_SPEC_SCALAR })],
  },
  [code('backoff-limit-per-index-requires-indexed')]: { does: INDEXED, offer: (context) => [indexedFix(context)] },
  [code('max-failed-indexes-requires-indexed')]: { does: INDEXED, offer: (context) => [indexedFix(context)] },
  [code('restart-policy-on-failure')]: { does: 'Sets `restartPolicy: Never`', offer: (context) => [restartPolicyNeverFix(context)] },
};
