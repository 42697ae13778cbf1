// Quick fix for a node allocatable update period below the minimum: the minimum, 10 seconds.
import { numberFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const NODE_ALLOCATABLE_FIXES: Fixes = {
  'csidriver/node-allocatable-update-period/too-short': { does: 'Sets `nodeAllocatableUpdatePeriodSeconds: 10`', offer: (context) => [
    numberFix(context, 'Set `nodeAllocatableUpdatePeriodSeconds: 10`', ['spec', 'nodeAllocatableUpdatePeriodSeconds'], 10),
  ] },
};
