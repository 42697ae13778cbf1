// Quick fix for validateInitContainerResizePolicy: `NotRequired`, the policy a container that is never
// resized can have (and the default when the entry is left out).
import { quickFix } from '../../fixes/common';
import { rootOf, type Fixes } from '../../fixes/types';

export const INIT_CONTAINER_RESIZE_POLICY_FIXES: Fixes = {
  'pod/init-container-resize-restart-container': { does: 'Changes to `NotRequired`', offer: (context) => {
    const root = rootOf(context);
    const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
    if (!scalar) return [];
    return [quickFix('Change to `NotRequired`', () => context.editor.replaceString(scalar, 'NotRequired'), { preferred: true })];
  } },
};
