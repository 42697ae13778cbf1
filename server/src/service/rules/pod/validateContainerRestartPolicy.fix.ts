// Quick fixes of the container restart policy checks: the closest restart policy, rule action or exit code
// operator the release accepts (`Allways` -> `Always`).
import { allowedValueFixes, closestValueEntry } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { CONTAINER_RESTART_POLICIES, restartRuleActions, RESTART_RULE_OPERATORS } from './podEnums';

export const CONTAINER_RESTART_POLICY_FIXES: Fixes = {
  'pod/container-restart-policy-unsupported': closestValueEntry('restart policy', CONTAINER_RESTART_POLICIES),
  'pod/init-container-restart-policy-not-always': {
    does: 'Changes to `Always` (preferred for a misspelt `Always`)', offer: (context) => allowedValueFixes(context, ['Always']),
  },
  'pod/container-restart-policy-rule-action-unsupported': {
    does: 'Changes to the closest action the release accepts (preferred), or to any other',
    offer: (context) => allowedValueFixes(context, restartRuleActions(context.minor)),
  },
  'pod/container-restart-policy-rule-operator-unsupported': closestValueEntry('operator', RESTART_RULE_OPERATORS),
};
