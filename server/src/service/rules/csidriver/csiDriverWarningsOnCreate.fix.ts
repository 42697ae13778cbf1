// Quick fixes for tokens that would go to the volume context: say where the driver reads them. Which one
// is right depends on the driver, so neither is preferred.
import { setFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const CSI_DRIVER_WARNING_FIXES: Fixes = {
  'csidriver/warnings-on-create/tokens-in-volume-context': {
    does: 'Adds `serviceAccountTokenInSecrets: true` or `false`',
    offer: (context) => [true, false].map((value) =>
      setFix(context, `Add \`serviceAccountTokenInSecrets: ${value}\``, ['spec', 'serviceAccountTokenInSecrets'], value, { after: ['tokenRequests'] })),
  },
};
