// Quick fixes of the sysctl checks: remove a repeated sysctl (preferred when it repeats the value too),
// write a name in lower case, remove a sysctl the host namespace forbids.
import { removeFix, setFix, valueAt } from '../../fixes/common';
import type { FixContext, Fixes, QuickFix } from '../../fixes/types';
import type { JsonObject } from '../../types';

const SYSCTL_NAME = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;

function duplicateFix(context: FixContext): QuickFix[] {
  const entry = context.path.slice(0, -1);
  const list = valueAt(context, entry.slice(0, -1));
  const index = entry[entry.length - 1];
  if (!Array.isArray(list) || typeof index !== 'number') return [];
  const current = list[index] as JsonObject | undefined;
  const first = list.find((item) => (item as JsonObject | null)?.name === current?.name) as JsonObject | undefined;
  const sameValue = first !== undefined && first !== current && first.value === current?.value;
  return [removeFix(context, 'Remove this repeated sysctl', entry, { preferred: sameValue })];
}

function lowerCaseFix(context: FixContext): QuickFix[] {
  const written = valueAt(context, context.path);
  if (typeof written !== 'string') return [];
  const lower = written.toLowerCase();
  return lower !== written && SYSCTL_NAME.test(lower) ? [setFix(context, `Change to \`${lower}\``, context.path, lower, { preferred: true })] : [];
}

export const SYSCTL_FIXES: Fixes = {
  'pod/sysctl-name-duplicate': { does: 'Removes the repeated sysctl', offer: duplicateFix },
  'pod/sysctl-name-invalid': { does: 'Writes the name in lower case when that makes it valid', offer: lowerCaseFix },
  'pod/sysctl-host-namespace': { does: 'Removes the sysctl', offer: (context) => [removeFix(context, 'Remove this sysctl', context.path.slice(0, -1))] },
};
