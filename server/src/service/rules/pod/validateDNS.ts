// The pod's DNS and host-name fields, as ValidatePodSpec checks them: validateDNSPolicy,
// validatePodDNSConfig (nameservers, searches, options), ValidateHostAliases, the hostname and subdomain
// DNS labels, and hostnameOverride. Release by release (default gates):
// - searches: at most 6 paths / 256 characters until 1.25, 32 / 2048 from 1.26 (ExpandedDNSConfig);
//   from 1.33 (RelaxedDNSSearchValidation) a search may be `.` or contain `_`;
// - IP addresses (hostAliases[].ip, nameservers): anything netutils.ParseIPSloppy reads until 1.35; from
//   1.36 (StrictIPCIDRValidation, IsValidIPForLegacyField) no leading zeros and no IPv4-mapped IPv6;
// - hostnameOverride: dropped in 1.34 (HostnameOverride alpha), checked from 1.35.
import { gateEnabledByDefault } from '../../kube/featureGates';
import { legacyIPProblems } from '../../kube/ip';
import {
  byteLength, dns1123LabelProblems, dns1123LabelServerMessages, dns1123SubdomainProblems, dns1123SubdomainServerMessages,
  dns1123SubdomainWithUnderscoreProblems, dns1123SubdomainWithUnderscoreServerMessages,
} from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, oneOf, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asArray, asObject, asString, objectEntries, report } from '../shared';
import { DNS_POLICIES } from './podEnums';
import { jobTemplateRule, podSpecOf, type PodTemplatePlace } from './podTemplate';

const code = (name: string, title: string, mirrors: string, href: string): RuleCode =>
  ({ code: `pod/${name}`, severity: 'error', title, mirrors, href });

export const DNS_CODES = {
  policyUnsupported: code('dns-policy-unsupported', 'dnsPolicy must be ClusterFirstWithHostNet, ClusterFirst, Default or None', 'validateDNSPolicy', HREF.podDns),
  configRequired: code('dns-config-required', 'dnsPolicy None needs a dnsConfig', 'validatePodDNSConfig', HREF.podDnsConfig),
  nameserversRequired: code('dns-nameservers-required', 'dnsPolicy None needs at least one nameserver', 'validatePodDNSConfig', HREF.podDnsConfig),
  nameserversTooMany: code('dns-nameservers-too-many', 'At most 3 nameservers', 'validatePodDNSConfig', HREF.podDnsConfig),
  nameserverInvalid: code('dns-nameserver-invalid', 'Nameservers must be IP addresses (strictly written from 1.36)', 'validatePodDNSConfig (IsValidIPForLegacyField)', HREF.podDnsConfig),
  searchesTooMany: code('dns-searches-too-many', 'At most 32 search domains (6 before 1.26)', 'validatePodDNSConfig', HREF.podDnsConfig),
  searchesTooLong: code('dns-searches-too-long', 'The search list may have at most 2048 characters (256 before 1.26)', 'validatePodDNSConfig', HREF.podDnsConfig),
  searchInvalid: code('dns-search-invalid', 'Search domains must be DNS subdomains (`_` and `.` allowed from 1.33)', 'validatePodDNSConfig (ValidateDNS1123Subdomain / ValidateDNS1123SubdomainWithUnderScore)', HREF.podDnsConfig),
  optionNameRequired: code('dns-option-name-required', 'DNS options need a name', 'validatePodDNSConfig', HREF.podDnsConfig),
  hostnameInvalid: code('dns-hostname-invalid', 'hostname must be a DNS label', 'ValidatePodSpec (ValidateDNS1123Label)', HREF.podHostname),
  subdomainInvalid: code('dns-subdomain-invalid', 'subdomain must be a DNS label', 'ValidatePodSpec (ValidateDNS1123Label)', HREF.podHostname),
  hostnameOverrideInvalid: code('dns-hostname-override-invalid', 'hostnameOverride must be a DNS subdomain (from 1.35)', 'ValidatePodSpec (hostnameOverride)', HREF.podHostname),
  hostnameOverrideForbidden: code('dns-hostname-override-forbidden', 'hostnameOverride cannot be combined with setHostnameAsFQDN or hostNetwork (from 1.35)', 'ValidatePodSpec (hostnameOverride)', HREF.podHostname),
  hostAliasIpInvalid: code('host-alias-ip-invalid', 'hostAliases[].ip must be an IP address (strictly written from 1.36)', 'ValidateHostAliases (IsValidIPForLegacyField)', HREF.hostAliases),
  hostAliasHostnameInvalid: code('host-alias-hostname-invalid', 'hostAliases[].hostnames must be DNS subdomains', 'ValidateHostAliases (ValidateDNS1123Subdomain)', HREF.hostAliases),
} satisfies Record<string, RuleCode>;

const MAX_NAMESERVERS = 3;

/** MaxDNSSearchPaths / MaxDNSSearchListChars of the release (ExpandedDNSConfig, on from 1.26). */
export function searchLimits(minor: number): { paths: number; chars: number } {
  return gateEnabledByDefault('ExpandedDNSConfig', minor) ? { paths: 32, chars: 2048 } : { paths: 6, chars: 256 };
}

function ipFindings(value: string, at: FieldPath, finding: RuleCode, what: string, minor: number): Finding[] {
  const problems = legacyIPProblems(value, minor);
  if (!problems.length) return [];
  const strictOnly = problems.every((problem) => problem.detail.startsWith('must not'));
  const advice = strictOnly
    ? `From Kubernetes 1.36 the server refuses such spellings (StrictIPCIDRValidation); write the address in its plain form.`
    : 'Write an IPv4 address such as `10.0.0.10` or an IPv6 address such as `fd00::10`.';
  return [report(finding, at,
    `\`${value}\` is not accepted as ${what}: ${listProblems(problems.map((problem) => problem.problem))}. ${advice} ${serverSays(problems.map((problem) => serverError(formatFieldPath(at), 'Invalid value', value, problem.detail)))}`)];
}

function searchFindings(search: string, at: FieldPath, minor: number): Finding[] {
  const relaxed = gateEnabledByDefault('RelaxedDNSSearchValidation', minor);
  if (relaxed && search === '.') return [];
  const domain = search.endsWith('.') ? search.slice(0, -1) : search;
  const problems = relaxed ? dns1123SubdomainWithUnderscoreProblems(domain) : dns1123SubdomainProblems(domain);
  if (!problems.length) return [];
  const messages = relaxed ? dns1123SubdomainWithUnderscoreServerMessages(domain) : dns1123SubdomainServerMessages(domain);
  const later = !relaxed && dns1123SubdomainWithUnderscoreProblems(domain).length === 0 ? ' From Kubernetes 1.33 the server also accepts `_` and a lone `.`.' : '';
  return [report(DNS_CODES.searchInvalid, at,
    `\`${search}\` is not a valid search domain: ${listProblems(problems)}. Search domains are DNS names such as \`svc.cluster.local\` (one trailing \`.\` is allowed).${later} ${serverSays(messages.map((detail) => serverError(formatFieldPath(at), 'Invalid value', domain, detail)))}`)];
}

/** validatePodDNSConfig. */
function dnsConfigFindings(spec: JsonObject, path: FieldPath, minor: number): Finding[] {
  const policy = asString(spec.dnsPolicy) || 'ClusterFirst';
  const configPath = [...path, 'dnsConfig'];
  const config = spec.dnsConfig;
  if (config !== undefined && !asObject(config)) return [];
  const dnsConfig = asObject(config);
  const nameservers = dnsConfig?.nameservers === undefined ? [] : asArray(dnsConfig.nameservers);
  if (policy === 'None') {
    if (!dnsConfig) {
      return [report(DNS_CODES.configRequired, configPath,
        `With \`dnsPolicy: None\` the pod gets no DNS settings from the cluster, so \`dnsConfig\` must give them (at least one nameserver). Add \`dnsConfig: {nameservers: [...]}\`, or use \`dnsPolicy: ClusterFirst\`. ${serverSays([serverError(formatFieldPath(configPath), 'Required value', undefined, 'must provide `dnsConfig` when `dnsPolicy` is None')])}`)];
    }
    if (nameservers && nameservers.length === 0) {
      const at = [...configPath, 'nameservers'];
      return [report(DNS_CODES.nameserversRequired, at,
        `With \`dnsPolicy: None\` the pod's resolv.conf holds only what \`dnsConfig\` says, so it needs at least one nameserver. Add \`nameservers: [<IP>]\`, or use \`dnsPolicy: ClusterFirst\`. ${serverSays([serverError(formatFieldPath(at), 'Required value', undefined, 'must provide at least one DNS nameserver when `dnsPolicy` is None')])}`)];
    }
  }
  if (!dnsConfig) return [];
  const findings: Finding[] = [];
  if (nameservers) {
    const at = [...configPath, 'nameservers'];
    if (nameservers.length > MAX_NAMESERVERS) {
      findings.push(report(DNS_CODES.nameserversTooMany, at,
        `${nameservers.length} nameservers are listed; resolv.conf allows at most ${MAX_NAMESERVERS}. Keep the ${MAX_NAMESERVERS} you need. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', nameservers, `must not have more than ${MAX_NAMESERVERS} nameservers`)])}`, 'key'));
    }
    nameservers.forEach((nameserver, index) => {
      if (typeof nameserver === 'string') findings.push(...ipFindings(nameserver, [...at, index], DNS_CODES.nameserverInvalid, 'a nameserver address', minor));
    });
  }
  const searches = dnsConfig.searches === undefined ? undefined : asArray(dnsConfig.searches);
  if (searches && searches.every((search) => typeof search === 'string')) {
    const list = searches as string[];
    const at = [...configPath, 'searches'];
    const limits = searchLimits(minor);
    const later = limits.paths < 32 ? ' From Kubernetes 1.26 the limits are 32 domains and 2048 characters.' : '';
    if (list.length > limits.paths) {
      findings.push(report(DNS_CODES.searchesTooMany, at,
        `${list.length} search domains are listed; Kubernetes 1.${minor} allows at most ${limits.paths}.${later} Remove some. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', list, `must not have more than ${limits.paths} search paths`)])}`, 'key'));
    }
    const length = byteLength(list.join(' '));
    if (length > limits.chars) {
      findings.push(report(DNS_CODES.searchesTooLong, at,
        `The search list is ${length} characters long (spaces between domains included); Kubernetes 1.${minor} allows at most ${limits.chars}.${later} Shorten it. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', list, `must not have more than ${limits.chars} characters (including spaces) in the search list`)])}`, 'key'));
    }
    list.forEach((search, index) => findings.push(...searchFindings(search, [...at, index], minor)));
  }
  for (const [option, index] of objectEntries(dnsConfig.options)) {
    if (option.name !== undefined && option.name !== '') continue;
    const at = [...configPath, 'options', index];
    findings.push(report(DNS_CODES.optionNameRequired, at,
      `This resolver option has no name; give it one, e.g. \`name: ndots\` with \`value: "2"\`. ${serverSays([serverError(formatFieldPath(at), 'Required value', undefined, 'must not be empty')])}`, 'entry'));
  }
  return findings;
}

function labelFieldFinding(spec: JsonObject, path: FieldPath, field: 'hostname' | 'subdomain'): Finding | undefined {
  const value = asString(spec[field]);
  if (!value) return undefined;
  const problems = dns1123LabelProblems(value);
  if (!problems.length) return undefined;
  const at = [...path, field];
  const explain = field === 'hostname'
    ? 'The hostname is the pod\'s name inside its own network namespace and in DNS'
    : 'The subdomain names the headless Service that gives the pods DNS records (for an Indexed Job, `<job>-<index>.<subdomain>`)';
  return report(field === 'hostname' ? DNS_CODES.hostnameInvalid : DNS_CODES.subdomainInvalid, at,
    `\`${value}\` is not a valid ${field}: ${listProblems(problems)}. ${explain}; it must be a DNS label (at most 63 lower-case letters, digits and \`-\`). ${serverSays(dns1123LabelServerMessages(value).map((detail) => serverError(formatFieldPath(at), 'Invalid value', value, detail)))}`);
}

function hostnameOverrideFindings(spec: JsonObject, path: FieldPath, minor: number): Finding[] {
  const value = asString(spec.hostnameOverride);
  if (value === undefined || !gateEnabledByDefault('HostnameOverride', minor)) return [];
  const at = [...path, 'hostnameOverride'];
  const printed = formatFieldPath(at);
  const findings: Finding[] = [];
  if (spec.setHostnameAsFQDN === true) {
    findings.push(report(DNS_CODES.hostnameOverrideForbidden, at,
      `\`hostnameOverride\` sets the pod's hostname outright, while \`setHostnameAsFQDN: true\` asks for the cluster FQDN: use one or the other. ${serverSays([serverError(printed, 'Forbidden', undefined, 'may not be specified when setHostnameAsFQDN is true')])}`, 'key'));
  }
  if (spec.hostNetwork === true) {
    findings.push(report(DNS_CODES.hostnameOverrideForbidden, at,
      `With \`hostNetwork: true\` the pod shares the node's hostname, so \`hostnameOverride\` cannot be used. Remove one of the two. ${serverSays([serverError(printed, 'Forbidden')])}`, 'key'));
  }
  // An empty override is left alone: whether the server checks it at all is not known here.
  const problems = value === '' ? [] : dns1123SubdomainProblems(value);
  if (problems.length) {
    findings.push(report(DNS_CODES.hostnameOverrideInvalid, at,
      `\`${value}\` is not a valid hostnameOverride: ${listProblems(problems)}. It must be a DNS subdomain, such as \`db-0.example.internal\`. ${serverSays(dns1123SubdomainServerMessages(value).map((detail) => serverError(printed, 'Invalid value', value, detail)))}`));
  }
  return findings;
}

/** ValidateHostAliases. */
function hostAliasFindings(spec: JsonObject, path: FieldPath, minor: number): Finding[] {
  const findings: Finding[] = [];
  for (const [alias, index] of objectEntries(spec.hostAliases)) {
    const aliasPath = [...path, 'hostAliases', index];
    const ip = asString(alias.ip);
    if (ip !== undefined) findings.push(...ipFindings(ip, [...aliasPath, 'ip'], DNS_CODES.hostAliasIpInvalid, 'a host alias IP', minor));
    asArray(alias.hostnames)?.forEach((hostname, position) => {
      if (typeof hostname !== 'string') return;
      const problems = dns1123SubdomainProblems(hostname);
      if (!problems.length) return;
      const at = [...aliasPath, 'hostnames', position];
      findings.push(report(DNS_CODES.hostAliasHostnameInvalid, at,
        `\`${hostname}\` is not a valid host name for /etc/hosts: ${listProblems(problems)}. Use a DNS name such as \`db.internal\`. ${serverSays(dns1123SubdomainServerMessages(hostname).map((detail) => serverError(formatFieldPath(at), 'Invalid value', hostname, detail)))}`));
    });
  }
  return findings;
}

/** The DNS and host-name checks of ValidatePodSpec for the template at `base`. */
export function checkDNS(template: Json | undefined, base: FieldPath, minor: number, place?: PodTemplatePlace): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const path = [...base, 'spec'];
  const findings: Finding[] = [];
  const policy = spec.dnsPolicy;
  if (typeof policy === 'string' && policy !== '' && !(DNS_POLICIES as readonly string[]).includes(policy)) {
    const at = [...path, 'dnsPolicy'];
    findings.push(report(DNS_CODES.policyUnsupported, at,
      `\`${policy}\` is not a DNS policy: use ${oneOf(DNS_POLICIES)} (case-sensitive; leaving it out means \`ClusterFirst\`). ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', policy, supportedValuesDetail(DNS_POLICIES))])}`));
  }
  if (policy === undefined || typeof policy === 'string') findings.push(...dnsConfigFindings(spec, path, minor));
  for (const field of ['hostname', 'subdomain'] as const) {
    // A value the controller replaces is never validated (a JobSet's Pods get the JobSet's subdomain).
    if (place?.overwritten.has(field)) continue;
    const finding = labelFieldFinding(spec, path, field);
    if (finding) findings.push(finding);
  }
  findings.push(...hostnameOverrideFindings(spec, path, minor), ...hostAliasFindings(spec, path, minor));
  return findings;
}

export const validateDNS = jobTemplateRule('validatePodDNSConfig', Object.values(DNS_CODES), checkDNS);
