// Quick fixes of the resize policy checks: the closest supported resource or restart policy, `NotRequired`
// where the container is never restarted for a resize, and the removal of a repeated entry.
import { closestValueEntry, quickFix, removeFix } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';
import { RESIZE_RESOURCES, RESIZE_RESTART_POLICIES } from './podEnums';

/** `restartPolicy: NotRequired` in place of the value at the finding's path. */
export function notRequiredFix(context: FixContext): QuickFix[] {
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
  if (!scalar) return [];
  return [quickFix('Change to `NotRequired`', () => context.editor.replaceString(scalar, 'NotRequired'), { preferred: true })];
}

export const RESIZE_POLICY_FIXES: Fixes = {
  'pod/container-resize-policy-resource-unsupported': closestValueEntry('resource', RESIZE_RESOURCES),
  'pod/container-resize-policy-restart-unsupported': closestValueEntry('restart policy', RESIZE_RESTART_POLICIES),
  'pod/container-resize-policy-restart-with-never': { does: 'Changes to `NotRequired`', offer: notRequiredFix },
  'pod/container-resize-policy-duplicate': {
    does: 'Removes the repeated entry', offer: (context) => [removeFix(context, 'Remove the repeated resize policy', context.path, { preferred: true })],
  },
};
