// Quick fixes for the toleration checks: drop a value that Exists ignores, drop tolerationSeconds where no
// NoExecute taint can use it (or make the toleration NoExecute), and fix operator and effect typos.
import { closestValueEntry, removeFix, setFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { TAINT_EFFECTS, TOLERATION_OPERATORS } from './podEnums';

/** The toleration's path, from a finding on one of its fields. */
const entryOf = (path: readonly (string | number)[]) => path.slice(0, -1);

export const TOLERATION_FIXES: Fixes = {
  'pod/toleration-exists-with-value': {
    does: 'Removes the value (Exists matches any value)',
    offer: (context) => [removeFix(context, 'Remove `value`', [...entryOf(context.path), 'value'], { preferred: true })],
  },
  'pod/toleration-seconds-needs-no-execute': {
    does: 'Removes `tolerationSeconds` (preferred), or sets `effect: NoExecute`',
    offer: (context) => [
      removeFix(context, 'Remove `tolerationSeconds`', [...entryOf(context.path), 'tolerationSeconds'], { preferred: true }),
      setFix(context, 'Set `effect: NoExecute`', context.path, 'NoExecute', { after: ['value', 'operator', 'key'] }),
    ],
  },
  'pod/toleration-empty-key-needs-exists': {
    does: 'Sets `operator: Exists` (tolerate every taint)',
    offer: (context) => [setFix(context, 'Set `operator: Exists` (tolerate every taint)', context.path, 'Exists', { after: ['key'] })],
  },
  'pod/toleration-operator-unsupported': closestValueEntry('operator', TOLERATION_OPERATORS),
  'pod/toleration-effect-unsupported': closestValueEntry('effect', TAINT_EFFECTS),
};
