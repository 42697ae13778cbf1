// Quick fixes of the imagePullSecrets warnings: remove the nameless or repeated entry.
import { removeFix } from '../../fixes/common';
import type { FixContext, Fixes } from '../../fixes/types';

const removeEntry = (context: FixContext) => [removeFix(context, 'Remove this imagePullSecrets entry', context.path.slice(0, -1), { preferred: true })];

export const IMAGE_PULL_SECRET_FIXES: Fixes = {
  'pod/image-pull-secret-name-empty': { does: 'Removes the entry', offer: removeEntry },
  'pod/image-pull-secret-name-duplicate': { does: 'Removes the repeated entry', offer: removeEntry },
};
