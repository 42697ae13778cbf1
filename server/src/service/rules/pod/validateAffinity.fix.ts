// Quick fixes for the affinity checks: an operator typo becomes the closest operator; a weight outside
// 1..100 is brought back into range.
import { closestValueEntry, numberFix, valueAt } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { LABEL_SELECTOR_OPERATORS, NODE_SELECTOR_OPERATORS } from './podEnums';

export const AFFINITY_FIXES: Fixes = {
  'pod/affinity-node-operator-invalid': closestValueEntry('operator', NODE_SELECTOR_OPERATORS),
  'pod/affinity-selector-operator-invalid': closestValueEntry('operator', LABEL_SELECTOR_OPERATORS),
  // ValidateNodeFieldSelectorRequirement: matchFields take In and NotIn only.
  'pod/affinity-node-field-operator-invalid': closestValueEntry('operator', ['In', 'NotIn']),
  'pod/affinity-weight-out-of-range': {
    does: 'Sets the weight to 1 (below the range) or 100 (above it)',
    offer: (context) => {
      const weight = valueAt(context, context.path);
      if (typeof weight !== 'number') return [];
      const bound = weight < 1 ? 1 : 100;
      return [numberFix(context, `Set \`weight: ${bound}\``, context.path, bound, {})];
    },
  },
};
