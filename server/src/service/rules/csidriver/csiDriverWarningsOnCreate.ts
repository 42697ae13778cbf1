// csiDriverStrategy.WarningsOnCreate (1.35): a driver that requests service account tokens but leaves
// serviceAccountTokenInSecrets unset gets its tokens in the volume context, which drivers and tools tend
// to log; the server accepts it and returns a warning recommending the secrets field.
import { isObject } from '../../kube/defaults';
import { gateEnabledByDefault } from '../../kube/featureGates';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { report } from '../shared';
import { HREF } from '../meta/report';

const CODES = {
  tokensInVolumeContext: { code: 'csidriver/warnings-on-create/tokens-in-volume-context', severity: 'warning', title: 'tokenRequests without serviceAccountTokenInSecrets: tokens go to the volume context', mirrors: 'csiDriverStrategy.WarningsOnCreate', reference: 'CSI-WARN-01', href: HREF.csiDriverSpec },
} satisfies Record<string, RuleCode>;

export const csiDriverWarningsOnCreate: Rule = {
  name: 'csiDriverWarningsOnCreate',
  kinds: ['CSIDriver'],
  codes: Object.values(CODES),
  check(context: RuleContext): Finding[] {
    if (!gateEnabledByDefault('CSIServiceAccountTokenSecrets', context.minor)) return [];
    const spec = context.object.spec;
    if (!isObject(spec) || !Array.isArray(spec.tokenRequests) || spec.tokenRequests.length === 0) return [];
    if (spec.serviceAccountTokenInSecrets !== undefined) return [];
    return [report(CODES.tokensInVolumeContext, ['spec', 'tokenRequests'], 'This driver requests service account tokens but does not set `serviceAccountTokenInSecrets`, so the kubelet passes the tokens in the NodePublishVolume volume context, which drivers and debugging tools often log in plain text. The server accepts it and returns a warning. If the driver reads tokens from the NodePublishVolume secrets (key `csi.storage.k8s.io/serviceAccount.tokens`), set `serviceAccountTokenInSecrets: true`; set it to `false` to keep the current behaviour and silence the warning.', 'key')];
  },
};
