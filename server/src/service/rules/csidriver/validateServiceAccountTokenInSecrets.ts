// serviceAccountTokenInSecrets (1.35, gate CSIServiceAccountTokenSecrets): setting it, to true or false,
// without tokenRequests is refused, because there would be no token to deliver. Before 1.35 the field
// does not exist; with the gate off it is dropped (the feature-gate rule covers both).
import { isObject } from '../../kube/defaults';
import { gateEnabledByDefault } from '../../kube/featureGates';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { report } from '../shared';
import { HREF, serverError, serverSays } from '../meta/report';

const MIRRORS = 'validateCSIDriverSpec (serviceAccountTokenInSecrets)';

const CODES = {
  withoutTokenRequests: { code: 'csidriver/service-account-token-in-secrets/without-token-requests', severity: 'error', title: 'serviceAccountTokenInSecrets needs tokenRequests', mirrors: MIRRORS, reference: 'CSI-SAT-01', href: HREF.csiDriverSpec },
} satisfies Record<string, RuleCode>;

export const validateServiceAccountTokenInSecrets: Rule = {
  name: 'validateServiceAccountTokenInSecrets',
  kinds: ['CSIDriver'],
  codes: Object.values(CODES),
  check(context: RuleContext): Finding[] {
    if (!gateEnabledByDefault('CSIServiceAccountTokenSecrets', context.minor)) return [];
    const spec = context.object.spec;
    if (!isObject(spec) || typeof spec.serviceAccountTokenInSecrets !== 'boolean') return [];
    const tokenRequests = spec.tokenRequests;
    if (tokenRequests !== undefined && !Array.isArray(tokenRequests)) return [];
    if (tokenRequests && tokenRequests.length > 0) return [];
    const value = spec.serviceAccountTokenInSecrets;
    return [report(CODES.withoutTokenRequests, ['spec', 'serviceAccountTokenInSecrets'], `serviceAccountTokenInSecrets is set (to ${value}) but \`tokenRequests\` is ${tokenRequests ? 'empty' : 'not set'}: it says where the kubelet puts service account tokens, and without token requests there are none, so the server refuses the field. Add \`tokenRequests\` (one entry per audience the driver needs) or remove this line. ${serverSays([serverError('spec.serviceAccountTokenInSecrets', 'Invalid value', value, 'serviceAccountTokenInSecrets is set but no tokenRequests are specified')])}`, 'entry')];
  },
};
