// Quick fixes for serviceAccountTokenInSecrets without tokenRequests: two ways out, neither obvious, so
// none is preferred: remove the field, or add a token request (a skeleton to complete).
import { placeholder } from '../../document/edits';
import { removeFix, setFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const SERVICE_ACCOUNT_TOKEN_IN_SECRETS_FIXES: Fixes = {
  'csidriver/service-account-token-in-secrets/without-token-requests': { does: 'Removes the field, or adds a `tokenRequests` entry (two actions)', offer: (context) => [
    removeFix(context, 'Remove `serviceAccountTokenInSecrets`', ['spec', 'serviceAccountTokenInSecrets']),
    setFix(context, 'Add a `tokenRequests` entry', ['spec', 'tokenRequests'], [{ audience: placeholder('example.com') }],
      { lazy: true, after: ['requiresRepublish', 'storageCapacity'], before: ['serviceAccountTokenInSecrets'] }),
  ] },
};
