// Quick fixes for the Indexed completion mode checks: state `completions`, lower `parallelism` to its bound.
import { jobSpec, numberFix, setFix, JOB_SPEC_SCALAR, jobSpecPath } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { MAX_INDEXED_PARALLELISM } from './validateCompletionMode';

export const COMPLETION_MODE_FIXES: Fixes = {
  'job/completion-mode/indexed-requires-completions': {
    does: 'Adds `completions` equal to `parallelism`; without `parallelism` (a CronJob\'s job template), `completions: 1`',
    // One index per parallel Pod is a guess, so it is not preferred. Without parallelism (only possible in a
    // CronJob's job template, which gets no Job defaults) 1 is what a Job would have been given.
    offer: (context) => {
      const parallelism = jobSpec(context).parallelism;
      if (parallelism === undefined) {
        return [setFix(context, 'Add `completions: 1`', jobSpecPath(context, 'completions'), 1, { preferred: true, before: ['completionMode', 'template'] })];
      }
      if (typeof parallelism !== 'number' || !Number.isInteger(parallelism) || parallelism < 1 || parallelism > MAX_INDEXED_PARALLELISM) return [];
      return [setFix(context, `Add \`completions: ${parallelism}\``, jobSpecPath(context, 'completions'), parallelism, { after: ['parallelism'], ...JOB_SPEC_SCALAR })];
    },
  },
  'job/completion-mode/indexed-completions-defaulted': {
    does: 'Adds `completions: 1` (what the server defaults to)',
    offer: (context) => [setFix(context, 'Add `completions: 1`', jobSpecPath(context, 'completions'), 1, { preferred: true, after: ['parallelism'], before: ['completionMode', 'template'] })],
  },
  'job/completion-mode/indexed-parallelism-too-large': {
    does: 'Sets `parallelism: 100000`',
    offer: (context) => [numberFix(context, `Set \`parallelism: ${MAX_INDEXED_PARALLELISM}\``, jobSpecPath(context, 'parallelism'), MAX_INDEXED_PARALLELISM)],
  },
};
