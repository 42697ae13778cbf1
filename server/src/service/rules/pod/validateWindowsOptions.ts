// validateWindowsSecurityContextOptions (the pod's and each container's windowsOptions: GMSA credential
// spec name and content, runAsUserName) and validateWindowsHostProcessPod (HostProcess containers: all or
// none, the same value at pod and container level, and hostNetwork). Unchanged from 1.23 (where the
// WindowsHostProcessContainers gate is already on by default). Not checked: the API server refuses
// HostProcess containers when it runs without --allow-privileged, a cluster setting we cannot see.
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { byteLength, dns1123SubdomainProblems, dns1123SubdomainServerMessages } from '../../kube/names';
import { HREF, listProblems, serverError, serverSays } from '../meta/report';
import { asObject, asString, report } from '../shared';
import { containersOf, describeContainer, jobTemplateRule, podSpecOf } from './podTemplate';

const code = (suffix: string, title: string, mirrors: string, href: string): RuleCode => ({ code: `pod/security-context-windows-${suffix}`, severity: 'error', title, mirrors, href });

export const WINDOWS_OPTIONS_CODES = {
  gmsaSpecName: code('gmsa-credential-spec-name-invalid', 'gmsaCredentialSpecName must be a DNS subdomain (the name of a GMSACredentialSpec)', 'validateWindowsSecurityContextOptions', HREF.gmsa),
  gmsaSpec: code('gmsa-credential-spec-invalid', 'gmsaCredentialSpec may not be empty or larger than 64 KiB', 'validateWindowsSecurityContextOptions', HREF.gmsa),
  runAsUserName: code('run-as-user-name-invalid', 'runAsUserName must be a valid Windows user name ([DOMAIN\\]USER)', 'validateWindowsSecurityContextOptions', HREF.windowsSecurity),
  hostProcessMismatch: code('host-process-mismatch', 'A container hostProcess must equal the pod hostProcess when both are set', 'validateWindowsHostProcessPod', HREF.hostProcess),
  hostProcessAll: code('host-process-not-all-containers', 'With one HostProcess container, every container must be one', 'validateWindowsHostProcessPod', HREF.hostProcess),
  hostProcessNetwork: code('host-process-needs-host-network', 'HostProcess containers need hostNetwork: true', 'validateWindowsHostProcessPod', HREF.hostProcess),
} satisfies Record<string, RuleCode>;

const C = WINDOWS_OPTIONS_CODES;
const MAX_GMSA_SPEC_BYTES = 64 * 1024;
const MAX_DOMAIN_LENGTH = 256;
const MAX_USER_LENGTH = 104;
/** [[:cntrl:]]: the ASCII control characters. */
const CONTROL = /[\x00-\x1f\x7f]/;
const NETBIOS_DOMAIN = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/u;
const DNS_DOMAIN = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const USER_BAD_CHARACTERS = /["/\\:;|=,+*?<>@[\]]/;
const USER_ONLY_DOTS_OR_SPACES = /^[. ]+$/;

/** The server's messages for a runAsUserName, in its order (one problem short-circuits the others above it). */
export function runAsUserNameMessages(name: string): string[] {
  if (name.length === 0) return ['runAsUserName cannot be an empty string'];
  if (CONTROL.test(name)) return ['runAsUserName cannot contain control characters'];
  const parts = name.split('\\');
  if (parts.length > 2) return ['runAsUserName cannot contain more than one backslash'];
  const hasDomain = parts.length === 2;
  const domain = hasDomain ? parts[0] : '';
  const user = hasDomain ? parts[1] : parts[0];
  const messages: string[] = [];
  if (byteLength(domain) >= MAX_DOMAIN_LENGTH) messages.push(`runAsUserName's Domain length must be under ${MAX_DOMAIN_LENGTH} characters`);
  if (hasDomain && !(NETBIOS_DOMAIN.test(domain) || DNS_DOMAIN.test(domain))) messages.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
  if (user.length === 0) messages.push("runAsUserName's User cannot be empty");
  else if (byteLength(user) > MAX_USER_LENGTH) messages.push(`runAsUserName's User length must not be longer than ${MAX_USER_LENGTH} characters`);
  if (USER_ONLY_DOTS_OR_SPACES.test(user)) messages.push("runAsUserName's User cannot contain only periods or spaces");
  if (USER_BAD_CHARACTERS.test(user)) messages.push('runAsUserName\'s User cannot contain the following characters: "/\\:;|=,+*?<>@[]');
  return messages;
}

/** One finding for a string the server refuses with `messages` (Invalid value), or none. */
function invalidString(code: RuleCode, value: string, at: FieldPath, messages: readonly string[], explanation: string): Finding[] {
  if (!messages.length) return [];
  return [report(code, at, `${explanation} ${serverSays(messages.map((message) => serverError(formatFieldPath(at), 'Invalid value', value, message)))}`)];
}

function optionsFindings(options: JsonObject, path: FieldPath, who: string): Finding[] {
  const findings: Finding[] = [];
  const specName = asString(options.gmsaCredentialSpecName);
  if (specName !== undefined) {
    findings.push(...invalidString(C.gmsaSpecName, specName, [...path, 'gmsaCredentialSpecName'], dns1123SubdomainServerMessages(specName),
      `\`${specName}\` is not a GMSACredentialSpec name: ${listProblems(dns1123SubdomainProblems(specName))}. It names a GMSACredentialSpec object, so it must be a DNS subdomain (lower-case letters, digits, \`-\` and \`.\`).`));
  }
  const spec = asString(options.gmsaCredentialSpec);
  if (spec !== undefined) {
    const at = [...path, 'gmsaCredentialSpec'];
    if (spec.length === 0) {
      findings.push(...invalidString(C.gmsaSpec, spec, at, ['gmsaCredentialSpec cannot be an empty string'],
        `The gmsaCredentialSpec of ${who} is empty: leave it out (the GMSA webhook fills it from gmsaCredentialSpecName) or give the credential spec's JSON.`));
    } else if (byteLength(spec) > MAX_GMSA_SPEC_BYTES) {
      findings.push(report(C.gmsaSpec, at,
        `The gmsaCredentialSpec of ${who} has ${byteLength(spec)} bytes; at most 64 KiB are allowed. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', undefined, 'gmsaCredentialSpec size must be under 64 KiB')])}`));
    }
  }
  const userName = asString(options.runAsUserName);
  if (userName !== undefined) {
    findings.push(...invalidString(C.runAsUserName, userName, [...path, 'runAsUserName'], runAsUserNameMessages(userName),
      `\`${userName}\` is not a Windows user name the server accepts for ${who}: write \`USER\` or \`DOMAIN\\USER\` (one backslash, a user of at most ${MAX_USER_LENGTH} characters without \`"/\\:;|=,+*?<>@[]\`).`));
  }
  return findings;
}

function hostProcessFindings(spec: JsonObject, base: FieldPath): Finding[] {
  const findings: Finding[] = [];
  const podHostProcess = asObject(asObject(spec.securityContext)?.windowsOptions)?.hostProcess;
  const pod = typeof podHostProcess === 'boolean' ? podHostProcess : undefined;
  let containers = 0;
  let hostProcessContainers = 0;
  // The server visits init containers first.
  for (const ref of [...containersOf(spec, base, 'initContainers'), ...containersOf(spec, base, 'containers')]) {
    containers++;
    const value = asObject(asObject(ref.container.securityContext)?.windowsOptions)?.hostProcess;
    const container = typeof value === 'boolean' ? value : undefined;
    if (pod !== undefined && container !== undefined && pod !== container) {
      const at = [...ref.path, 'securityContext', 'windowsOptions', 'hostProcess'];
      findings.push(report(C.hostProcessMismatch, at,
        `The pod sets \`hostProcess: ${pod}\` and the ${describeContainer(ref)} \`hostProcess: ${container}\`: when both are set they must agree. Remove the container's value to inherit the pod's. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', container, `pod hostProcess value must be identical if both are specified, was ${pod}`)])}`));
    }
    if (container === true || (container === undefined && pod === true)) hostProcessContainers++;
  }
  if (hostProcessContainers === 0) return findings;
  const specPath = [...base, 'spec'];
  if (hostProcessContainers !== containers) {
    findings.push(report(C.hostProcessAll, specPath,
      `${hostProcessContainers} of the pod's ${containers} containers are HostProcess containers; a pod runs either all its containers as HostProcess containers or none. Set \`hostProcess: true\` in the pod's windowsOptions (for all), or remove it from the containers. ${serverSays([serverError(formatFieldPath(specPath), 'Invalid value', '', 'If pod contains any hostProcess containers then all containers must be HostProcess containers')])}`, 'key'));
  }
  if (spec.hostNetwork !== true) {
    const at = [...specPath, 'hostNetwork'];
    findings.push(report(C.hostProcessNetwork, at,
      `HostProcess containers run directly on the Windows node and use its network: add \`hostNetwork: true\` to the pod. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', false, 'hostNetwork must be true if pod contains any hostProcess containers')])}`));
  }
  return findings;
}

export function checkWindowsOptions(template: Json | undefined, base: FieldPath): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const findings: Finding[] = [];
  for (const ref of [...containersOf(spec, base, 'containers'), ...containersOf(spec, base, 'initContainers')]) {
    const options = asObject(asObject(ref.container.securityContext)?.windowsOptions);
    if (options) findings.push(...optionsFindings(options, [...ref.path, 'securityContext', 'windowsOptions'], `the ${describeContainer(ref)}`));
  }
  const podOptions = asObject(asObject(spec.securityContext)?.windowsOptions);
  if (podOptions) findings.push(...optionsFindings(podOptions, [...base, 'spec', 'securityContext', 'windowsOptions'], 'the pod'));
  findings.push(...hostProcessFindings(spec, base));
  return findings;
}

export const validateWindowsOptions = jobTemplateRule('validateWindowsSecurityContextOptions', Object.values(WINDOWS_OPTIONS_CODES), (template, base) => checkWindowsOptions(template, base));
