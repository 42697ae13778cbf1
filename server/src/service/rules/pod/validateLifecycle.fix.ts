// Quick fixes of the lifecycle hook checks: the handler fixes shared with probes, and removing the
// lifecycle of an init container (or making it a sidecar from 1.29).
import type { Fixes } from '../../fixes/types';
import { handlerFixes, initContainerFixes } from './validateProbe.fix';

export const LIFECYCLE_FIXES: Fixes = {
  ...handlerFixes('pod/lifecycle'),
  'pod/lifecycle-on-init-container': {
    does: 'Removes the lifecycle, or makes the init container a sidecar (1.29+)',
    offer: initContainerFixes,
  },
};
