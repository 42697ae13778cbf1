// Quick fix for a repeated volume lifecycle mode: remove the repeat.
import { removeFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const VOLUME_LIFECYCLE_MODE_FIXES: Fixes = {
  'csidriver/volume-lifecycle-modes/duplicate': {
    does: 'Removes the repeated mode',
    offer: (context) => [removeFix(context, 'Remove the repeated mode', context.path, { preferred: true })],
  },
};
