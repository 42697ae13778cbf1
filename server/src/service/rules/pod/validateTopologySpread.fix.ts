// Quick fixes for the topology spread checks: value and selector operator typos become the closest allowed value, maxSkew
// becomes 1, and minDomains goes where no DoNotSchedule constraint can use it.
import { closestValueEntry, numberFix, removeFix, setFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { LABEL_SELECTOR_OPERATORS, NODE_INCLUSION_POLICIES, UNSATISFIABLE_ACTIONS } from './podEnums';

export const TOPOLOGY_SPREAD_FIXES: Fixes = {
  'pod/topology-spread-when-unsatisfiable-unsupported': closestValueEntry('value', UNSATISFIABLE_ACTIONS),
  'pod/topology-spread-node-policy-unsupported': closestValueEntry('policy', NODE_INCLUSION_POLICIES),
  'pod/topology-spread-selector-operator-invalid': closestValueEntry('operator', LABEL_SELECTOR_OPERATORS),
  'pod/topology-spread-max-skew-invalid': {
    does: 'Sets `maxSkew: 1` (the smallest allowed)',
    offer: (context) => [numberFix(context, 'Set `maxSkew: 1`', context.path, 1)],
  },
  'pod/topology-spread-min-domains-needs-do-not-schedule': {
    does: 'Removes `minDomains` (preferred), or sets `whenUnsatisfiable: DoNotSchedule`',
    offer: (context) => [
      removeFix(context, 'Remove `minDomains`', context.path, { preferred: true }),
      setFix(context, 'Set `whenUnsatisfiable: DoNotSchedule`', [...context.path.slice(0, -1), 'whenUnsatisfiable'], 'DoNotSchedule'),
    ],
  },
};
