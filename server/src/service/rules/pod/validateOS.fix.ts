// Quick fixes of the OS checks: the operating system's name in lower case, and removing a setting the
// chosen operating system does not have.
import { removeFix, setFix, valueAt } from '../../fixes/common';
import type { FixContext, Fixes, QuickFix } from '../../fixes/types';

function nameCaseFix(context: FixContext): QuickFix[] {
  const path = [...context.path, 'name'];
  const written = valueAt(context, path);
  if (typeof written !== 'string') return [];
  const lower = written.trim().toLowerCase();
  return lower === 'linux' || lower === 'windows' ? [setFix(context, `Change to \`${lower}\``, path, lower, { preferred: true })] : [];
}

export const OS_FIXES: Fixes = {
  'pod/os-name-unsupported': { does: 'Writes `linux` or `windows` in lower case', offer: nameCaseFix },
  'pod/os-linux-windows-options': {
    does: 'Removes `windowsOptions`', offer: (context) => [removeFix(context, 'Remove `windowsOptions`', context.path, { preferred: true })],
  },
  'pod/os-windows-forbidden-field': {
    does: 'Removes the Linux-only setting',
    offer: (context) => [removeFix(context, `Remove \`${String(context.path[context.path.length - 1])}\``, context.path, { preferred: true })],
  },
};
