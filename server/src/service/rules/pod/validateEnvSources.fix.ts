// Quick fixes of the env sources: a fieldRef's apiVersion becomes `v1` (the only Pod API version the downward API
// reads); a divisor the resource does not take is removed (the variable then holds the plain number).
import { removeFix, setFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const ENV_SOURCE_FIXES: Fixes = {
  'pod/env-field-ref-api-version-unsupported': {
    does: 'Sets `apiVersion: v1`',
    offer: (context) => [setFix(context, 'Change to `v1`', context.path, 'v1', { preferred: true })],
  },
  'pod/env-resource-field-ref-divisor-unsupported': {
    does: 'Removes the divisor',
    offer: (context) => [removeFix(context, 'Remove `divisor` (the plain number)', context.path)],
  },
};
