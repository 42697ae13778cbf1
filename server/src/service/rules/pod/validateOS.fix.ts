// Quick fixes of the OS checks: the closest operating system name (the finding is on `os`, as the server
// names it; the fix changes `os.name`), and removing a setting the chosen operating system does not have.
import { allowedValueFixes, removeFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const OS_FIXES: Fixes = {
  'pod/os-name-unsupported': {
    does: 'Changes the name to the closest of `linux` and `windows` (preferred), or to the other',
    offer: (context) => allowedValueFixes(context, ['linux', 'windows'], [...context.path, 'name']),
  },
  'pod/os-linux-windows-options': {
    does: 'Removes `windowsOptions`', offer: (context) => [removeFix(context, 'Remove `windowsOptions`', context.path, { preferred: true })],
  },
  'pod/os-windows-forbidden-field': {
    does: 'Removes the Linux-only setting',
    offer: (context) => [removeFix(context, `Remove \`${String(context.path[context.path.length - 1])}\``, context.path, { preferred: true })],
  },
};
