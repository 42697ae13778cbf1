// Quick fix for a namespace on the cluster-scoped CSIDriver: remove the line that has no effect.
import { removeFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const CLEAR_NAMESPACE_FIXES: Fixes = {
  'csidriver/namespace/ignored': {
    does: 'Removes `namespace`',
    offer: (context) => [removeFix(context, 'Remove `namespace`', ['metadata', 'namespace'], { preferred: true })],
  },
};
