// validateJobSpec, managedBy: a domain-prefixed path (IsDomainPrefixedPath) of at most 63 characters.
// The field is dropped by servers before 1.32 (gate off), so the rule starts there.
import { byteLength, dns1123SubdomainProblems } from '../../kube/names';
import type { Finding, Rule, RuleCode } from '../../types';
import { DOCS, FIRST_MINOR, jobSpecRule, quote } from './jobFields';
import { asString, report } from '../shared';

const MAX_MANAGED_BY_LENGTH = 63;
/** RFC 3986 path characters: unreserved, percent-encoded octets, sub-delims, `:` and `/`. */
const HTTP_PATH = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;

const code = (name: string, title: string, reference: string): RuleCode => ({
  code: `job/managed-by/${name}`, severity: 'error', title, mirrors: 'validateJobSpec', reference, href: DOCS.managedBy,
});

const CODES = {
  empty: code('empty', '`managedBy` must not be empty', 'JOB-MB-01'),
  notDomainPrefixedPath: code('not-domain-prefixed-path', '`managedBy` must be a domain-prefixed path such as `example.com/controller`', 'JOB-MB-02'),
  invalidDomain: code('invalid-domain', 'The part of `managedBy` before the first `/` must be a DNS subdomain', 'JOB-MB-03'),
  invalidPath: code('invalid-path', 'The part of `managedBy` after the first `/` must use URL path characters', 'JOB-MB-04'),
  tooLong: code('too-long', '`managedBy` must be at most 63 characters', 'JOB-MB-05'),
} satisfies Record<string, RuleCode>;

const WAY_OUT = 'Remove the field to let the built-in Job controller manage the Job.';

export const validateManagedBy: Rule = jobSpecRule({
  name: 'validateJobSpec (managedBy)',
  codes: Object.values(CODES),
  check(parts, context) {
    if (context.minor < FIRST_MINOR.managedBy) return [];
    const managedBy = asString(parts.spec.managedBy);
    if (managedBy === undefined) return [];
    const path = parts.at('managedBy');
    if (managedBy === '') {
      return [report(CODES.empty, path,
        '`managedBy` is empty: it must name the controller that manages this Job, as a domain-prefixed path such as '
        + `\`kubernetes.io/job-controller\` (the built-in controller). ${WAY_OUT}`)];
    }
    const findings: Finding[] = [];
    const slash = managedBy.indexOf('/');
    const domain = slash < 0 ? '' : managedBy.slice(0, slash);
    const controllerPath = slash < 0 ? '' : managedBy.slice(slash + 1);
    if (domain === '' || controllerPath === '') {
      findings.push(report(CODES.notDomainPrefixedPath, path,
        `${quote(managedBy)} is not a domain-prefixed path: \`managedBy\` must be a domain, a \`/\`, and a non-empty `
        + `path, such as \`example.com/my-controller\`. ${WAY_OUT}`));
    } else {
      const domainProblems = dns1123SubdomainProblems(domain);
      if (domainProblems.length > 0) {
        findings.push(report(CODES.invalidDomain, path,
          `The domain part ${quote(domain)} of \`managedBy\` is not a valid DNS subdomain: ${domainProblems.join('; ')}. `
          + 'Use the lower-case domain of the controller, such as `example.com/my-controller`.'));
      }
      if (!HTTP_PATH.test(controllerPath)) {
        findings.push(report(CODES.invalidPath, path,
          `The path part ${quote(controllerPath)} of \`managedBy\` may only use letters, digits and the URL path `
          + "characters `/-._~%!$&'()*+,;=:` (no spaces). Remove the other characters."));
      }
    }
    const length = byteLength(managedBy);
    if (length > MAX_MANAGED_BY_LENGTH) {
      findings.push(report(CODES.tooLong, path,
        `\`managedBy\` is ${length} characters long, but at most ${MAX_MANAGED_BY_LENGTH} are allowed. Use a shorter controller name.`));
    }
    return findings;
  },
});
