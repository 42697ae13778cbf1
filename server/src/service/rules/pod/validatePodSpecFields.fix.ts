// Quick fixes for the pod-level field checks: a preemptionPolicy typo becomes the closest policy; a repeated
// scheduling gate goes.
import { closestValueEntry, removeFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { PREEMPTION_POLICIES } from './podEnums';

export const POD_SPEC_FIELD_FIXES: Fixes = {
  'pod/scheduling-preemption-policy-unsupported': closestValueEntry('policy', PREEMPTION_POLICIES),
  'pod/scheduling-gate-duplicate': {
    does: 'Removes the repeated gate',
    offer: (context) => [removeFix(context, 'Remove the repeated scheduling gate', context.path, { preferred: true })],
  },
};
