// Quick fixes for the pod-level field checks: a preemptionPolicy typo becomes the closest policy; a repeated
// scheduling gate goes.
import { closestValueFixes, removeFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { PREEMPTION_POLICIES } from './podEnums';

export const POD_SPEC_FIELD_FIXES: Fixes = {
  'pod/scheduling-preemption-policy-unsupported': {
    does: 'Changes to the closest policy (preferred), or to the other one',
    offer: (context) => closestValueFixes(context, PREEMPTION_POLICIES),
  },
  'pod/scheduling-gate-duplicate': {
    does: 'Removes the repeated gate',
    offer: (context) => [removeFix(context, 'Remove the repeated scheduling gate', context.path, { preferred: true })],
  },
};
