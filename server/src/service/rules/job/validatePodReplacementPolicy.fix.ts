// Quick fixes for validatePodReplacementPolicy: `Failed`, the only value a pod failure policy allows (or
// leave it out: it then defaults to `Failed`).
import { quickFix, removeFix } from '../../fixes/common';
import { rootOf, type Fixes } from '../../fixes/types';

export const POD_REPLACEMENT_POLICY_FIXES: Fixes = {
  'job/pod-replacement-policy/failed-required-with-pod-failure-policy': { does: 'Changes to `Failed`; or removes the field (it defaults to `Failed`)', offer: (context) => {
    const root = rootOf(context);
    const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
    if (!scalar) return [];
    return [
      quickFix('Change to `Failed`', () => context.editor.replaceString(scalar, 'Failed'), { preferred: true }),
      removeFix(context, 'Remove `podReplacementPolicy` (it defaults to `Failed`)', context.path),
    ];
  } },
};
