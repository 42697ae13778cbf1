// validateTokenRequests: audiences must be distinct (the empty audience counts, so two empty ones collide),
// and expirationSeconds, when set, must lie between 10 minutes and 2^32 seconds.
import { isObject } from '../../kube/defaults';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { report } from '../shared';
import { HREF, serverError, serverSays } from '../meta/report';

const MIRRORS = 'validateTokenRequests';
const MIN_EXPIRATION_SECONDS = 600;
const MAX_EXPIRATION_SECONDS = 2 ** 32;

const CODES = {
  duplicateAudience: { code: 'csidriver/token-requests/duplicate-audience', severity: 'error', title: 'Each tokenRequests audience may appear once (the empty audience included)', mirrors: MIRRORS, reference: 'CSI-TOK-01', href: HREF.csiDriverSpec },
  expirationTooShort: { code: 'csidriver/token-requests/expiration-too-short', severity: 'error', title: 'tokenRequests[].expirationSeconds must be at least 600 (10 minutes)', mirrors: MIRRORS, reference: 'CSI-TOK-02', href: HREF.csiDriverSpec },
  expirationTooLong: { code: 'csidriver/token-requests/expiration-too-long', severity: 'error', title: 'tokenRequests[].expirationSeconds must be at most 2^32', mirrors: MIRRORS, reference: 'CSI-TOK-03', href: HREF.csiDriverSpec },
} satisfies Record<string, RuleCode>;

export const validateTokenRequests: Rule = {
  name: MIRRORS,
  kinds: ['CSIDriver'],
  codes: Object.values(CODES),
  check(context: RuleContext): Finding[] {
    const spec = context.object.spec;
    if (!isObject(spec) || !Array.isArray(spec.tokenRequests)) return [];
    const findings: Finding[] = [];
    const seen = new Map<string, number>();
    spec.tokenRequests.forEach((request, index) => {
      if (!isObject(request)) return;
      const printed = `spec.tokenRequests[${index}]`;
      // An absent audience is the schema check's finding ("required"); we only compare written ones.
      if (typeof request.audience === 'string') {
        const first = seen.get(request.audience);
        if (first !== undefined) {
          const shown = request.audience === '' ? 'the empty audience ("", meaning the API server\'s own audience)' : `audience \`${request.audience}\``;
          findings.push(report(CODES.duplicateAudience, ['spec', 'tokenRequests', index, 'audience'], `${shown[0].toUpperCase()}${shown.slice(1)} is already requested by tokenRequests[${first}]. The kubelet passes one token per audience, so the server refuses a second request for the same one (at most one request may leave the audience empty). Remove this entry or give it another audience. ${serverSays([serverError(`${printed}.audience`, 'Duplicate value', request.audience)])}`));
          return; // as the server: a duplicate entry's expiration is not checked
        }
        seen.set(request.audience, index);
      }
      const expiration = request.expirationSeconds;
      if (typeof expiration !== 'number' || !Number.isInteger(expiration)) return;
      if (expiration < MIN_EXPIRATION_SECONDS) {
        findings.push(report(CODES.expirationTooShort, ['spec', 'tokenRequests', index, 'expirationSeconds'], `expirationSeconds is ${expiration}, but a service account token must live at least 600 seconds (10 minutes); the server refuses shorter lifetimes. Use 600 or more, or omit the field to get the token request's default. ${serverSays([serverError(`${printed}.expirationSeconds`, 'Invalid value', expiration, 'may not specify a duration less than 10 minutes')])}`));
      }
      if (expiration > MAX_EXPIRATION_SECONDS) {
        findings.push(report(CODES.expirationTooLong, ['spec', 'tokenRequests', index, 'expirationSeconds'], `expirationSeconds is ${expiration}, more than the 4294967296 seconds (2^32) the server allows. Use a shorter lifetime; with \`requiresRepublish: true\` the driver gets fresh tokens anyway. ${serverSays([serverError(`${printed}.expirationSeconds`, 'Invalid value', expiration, 'may not specify a duration larger than 2^32 seconds')])}`));
      }
    });
    return findings;
  },
};
