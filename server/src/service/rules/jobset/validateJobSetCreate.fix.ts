// Quick fixes of what JobSet's webhook asks with the InPlaceRestart gate on: `backoffLimit: 2147483647` and
// `podReplacementPolicy: Failed` in the replicatedJob's Job template (completions and parallelism are the author's
// choice); with the gate off, `restartStrategy: Recreate` (lazy: the cluster may have the gate on).
import { MAX_INT32 } from '../../types';
import { setFix, valueAt } from '../../fixes/common';
import type { FixContext, Fixes } from '../../fixes/types';

function inPlaceRestartJobFixes(context: FixContext) {
  const last = context.path[context.path.length - 1];
  const spec = last === 'backoffLimit' || last === 'podReplacementPolicy' || last === 'completions' ? context.path.slice(0, -1) : context.path;
  const fixes = [];
  if ((last === 'backoffLimit' || last === 'spec') && valueAt(context, [...spec, 'backoffLimit']) !== MAX_INT32) {
    fixes.push(setFix(context, `Set \`backoffLimit: ${MAX_INT32}\``, [...spec, 'backoffLimit'], MAX_INT32, { preferred: last === 'backoffLimit' }));
  }
  if ((last === 'podReplacementPolicy' || last === 'spec') && valueAt(context, [...spec, 'podReplacementPolicy']) !== 'Failed') {
    fixes.push(setFix(context, 'Set `podReplacementPolicy: Failed`', [...spec, 'podReplacementPolicy'], 'Failed', { preferred: last === 'podReplacementPolicy' }));
  }
  return fixes;
}

export const JOBSET_CREATE_FIXES: Fixes = {
  'jobset/in-place-restart-job': { does: 'Sets `backoffLimit: 2147483647` or `podReplacementPolicy: Failed`', offer: inPlaceRestartJobFixes },
  'jobset/in-place-restart-gate': {
    does: 'Changes to `Recreate`',
    offer: (context) => [setFix(context, 'Change to `Recreate` (the default)', context.path, 'Recreate', { lazy: true })],
  },
};
