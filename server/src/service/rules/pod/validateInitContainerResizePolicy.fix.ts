// Quick fix for validateInitContainerResizePolicy: `NotRequired`, the policy a container that is never
// resized can have (and the default when the entry is left out).
import type { Fixes } from '../../fixes/types';
import { notRequiredFix } from './validateResizePolicy.fix';

export const INIT_CONTAINER_RESIZE_POLICY_FIXES: Fixes = {
  'pod/init-container-resize-restart-container': { does: 'Changes to `NotRequired`', offer: notRequiredFix },
};
