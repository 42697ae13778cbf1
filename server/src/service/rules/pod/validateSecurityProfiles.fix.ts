// Quick fixes of the seccomp and AppArmor profile checks: the closest type, a profile name without the
// spaces around it, and the two ways out of a localhostProfile next to a type that does not use it.
import { closestValueEntry, quickFix, removeFix, setFix, valueAt } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';

const TYPES = ['RuntimeDefault', 'Localhost', 'Unconfined'];

function localhostFixes(context: FixContext): QuickFix[] {
  const profile = context.path.slice(0, -1);
  return [
    removeFix(context, 'Remove `localhostProfile`', context.path),
    setFix(context, 'Set `type: Localhost`', [...profile, 'type'], 'Localhost'),
  ];
}

function trimFix(context: FixContext): QuickFix[] {
  const written = valueAt(context, context.path);
  const root = rootOf(context);
  if (typeof written !== 'string' || written.trim() === '') return [];
  return [quickFix('Remove the spaces around the profile name', () => {
    const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
    return scalar ? context.editor.replaceString(scalar, written.trim()) : undefined;
  }, { preferred: true })];
}

export const SECURITY_PROFILE_FIXES: Fixes = {
  'pod/security-context-seccomp-type-unsupported': closestValueEntry('profile type', TYPES),
  'pod/security-context-apparmor-type-unsupported': closestValueEntry('profile type', TYPES),
  'pod/security-context-seccomp-localhost-profile-forbidden': { does: 'Removes `localhostProfile`, or sets `type: Localhost`', offer: localhostFixes },
  'pod/security-context-apparmor-localhost-profile-forbidden': { does: 'Removes `localhostProfile`, or sets `type: Localhost`', offer: localhostFixes },
  'pod/security-context-apparmor-localhost-profile-whitespace': { does: 'Removes the spaces around the profile name', offer: trimFix },
};
