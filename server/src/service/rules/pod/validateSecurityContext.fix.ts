// Quick fixes of the security context checks: the closest allowed value, and the two ways out of a
// privilege-escalation contradiction (neither is preferred: which one is right depends on the workload).
import { allowedValueFixes, closestValueEntry, removeFix, valueAt } from '../../fixes/common';
import type { FixContext, Fixes, QuickFix } from '../../fixes/types';

function withoutEscalationFixes(context: FixContext, field: 'privileged' | 'capability'): QuickFix[] {
  const fixes = [removeFix(context, 'Remove `allowPrivilegeEscalation: false`', [...context.path, 'allowPrivilegeEscalation'])];
  if (field === 'privileged') return [removeFix(context, 'Remove `privileged: true`', [...context.path, 'privileged']), ...fixes];
  const added = valueAt(context, [...context.path, 'capabilities', 'add']);
  const index = Array.isArray(added) ? added.indexOf('CAP_SYS_ADMIN') : -1;
  return index < 0 ? fixes : [removeFix(context, 'Remove the CAP_SYS_ADMIN capability', [...context.path, 'capabilities', 'add', index]), ...fixes];
}

export const SECURITY_CONTEXT_FIXES: Fixes = {
  'pod/security-context-fs-group-change-policy-unsupported': closestValueEntry('policy', ['OnRootMismatch', 'Always']),
  'pod/security-context-supplemental-groups-policy-unsupported': closestValueEntry('policy', ['Merge', 'Strict']),
  'pod/security-context-selinux-change-policy-unsupported': {
    does: 'Changes to the closest policy the release accepts (preferred), or to any other',
    offer: (context) => allowedValueFixes(context, context.minor <= 35 ? ['Recursive'] : ['Recursive', 'MountOption']),
  },
  'pod/security-context-proc-mount-unsupported': closestValueEntry('procMount', ['Default', 'Unmasked']),
  'pod/security-context-privileged-without-privilege-escalation': {
    does: 'Removes `privileged: true` or `allowPrivilegeEscalation: false`', offer: (context) => withoutEscalationFixes(context, 'privileged'),
  },
  'pod/security-context-sys-admin-without-privilege-escalation': {
    does: 'Removes CAP_SYS_ADMIN or `allowPrivilegeEscalation: false`', offer: (context) => withoutEscalationFixes(context, 'capability'),
  },
};
