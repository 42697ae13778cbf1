// Quick fixes for validateTokenRequests: remove a repeated audience's entry, bring an expiration within bounds.
import { numberFix, removeFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const TOKEN_REQUEST_FIXES: Fixes = {
  'csidriver/token-requests/duplicate-audience': {
    does: 'Removes the repeated entry',
    offer: (context) => [removeFix(context, 'Remove this duplicate token request', context.path.slice(0, -1), { preferred: true })],
  },
  'csidriver/token-requests/expiration-too-short': {
    does: 'Sets `expirationSeconds: 600`',
    offer: (context) => [numberFix(context, 'Set `expirationSeconds: 600`', context.path, 600)],
  },
  'csidriver/token-requests/expiration-too-long': {
    does: 'Sets `expirationSeconds: 4294967296` (2^32)',
    offer: (context) => [numberFix(context, 'Set `expirationSeconds: 4294967296` (2^32)', context.path, 2 ** 32)],
  },
};
