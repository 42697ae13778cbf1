// Quick fixes for the DNS checks: a dnsPolicy typo becomes the closest policy; an IPv4 address that a strict
// server (1.36+) refuses only for its spelling (`010.0.0.1`, `::ffff:10.0.0.1`) is written plainly.
import { closestValueEntry, quickFix, valueAt } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';
import { canonicalIPv4 } from '../../kube/ip';
import { DNS_POLICIES } from './podEnums';

function plainIPFix(context: FixContext): QuickFix[] {
  const written = valueAt(context, context.path);
  const plain = typeof written === 'string' ? canonicalIPv4(written) : undefined;
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
  if (!plain || !scalar) return [];
  return [quickFix(`Change to \`${plain}\``, () => context.editor.replaceString(scalar, plain), { preferred: true })];
}

export const DNS_FIXES: Fixes = {
  'pod/dns-policy-unsupported': closestValueEntry('policy', DNS_POLICIES),
  'pod/dns-nameserver-invalid': {
    does: 'Writes an IPv4 address with leading zeros or in IPv6 form plainly (`010.0.0.1` -> `10.0.0.1`)',
    offer: plainIPFix,
  },
  'pod/host-alias-ip-invalid': {
    does: 'Writes an IPv4 address with leading zeros or in IPv6 form plainly (`010.0.0.1` -> `10.0.0.1`)',
    offer: plainIPFix,
  },
};
