// rest.BeforeCreate clears metadata.namespace on cluster-scoped kinds before validation, silently: a
// namespace on a CSIDriver is never an error, but it does nothing and misleads readers.
import { isObject } from '../../kube/defaults';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { report } from '../shared';
import { HREF } from '../meta/report';

const CODES = {
  ignored: { code: 'csidriver/namespace/ignored', severity: 'warning', title: 'metadata.namespace has no effect on the cluster-scoped CSIDriver', mirrors: 'rest.BeforeCreate (namespace cleared for cluster-scoped kinds)', reference: 'CSI-META-03', href: HREF.namespaces },
} satisfies Record<string, RuleCode>;

export const clearNamespace: Rule = {
  name: 'clearNamespace',
  kinds: ['CSIDriver'],
  codes: Object.values(CODES),
  check(context: RuleContext): Finding[] {
    const metadata = context.object.metadata;
    if (!isObject(metadata) || typeof metadata.namespace !== 'string' || metadata.namespace === '') return [];
    return [report(CODES.ignored, ['metadata', 'namespace'], `CSIDriver is cluster-scoped: it belongs to no namespace, and the server silently drops \`namespace: ${metadata.namespace}\` before storing the object. The line has no effect; remove it.`, 'entry')];
  },
};
