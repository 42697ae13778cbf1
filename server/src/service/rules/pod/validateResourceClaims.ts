// validatePodResourceClaims (the pod's `resourceClaims`: names, one source each) and
// validateResourceClaimNames (each container's `resources.claims` must name one of them, once). Both only
// from 1.34, when DynamicResourceAllocation is on by default; before, a create drops these fields (the
// version rule warns).
import { gateEnabledByDefault } from '../../kube/featureGates';
import { dns1123LabelProblems, dns1123LabelServerMessages, dns1123SubdomainProblems, dns1123SubdomainServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, serverError, serverSays } from '../meta/report';
import { asObject, asString, objectEntries, report } from '../shared';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

const code = (name: string, title: string, mirrors: string): RuleCode =>
  ({ code: `pod/spec-${name}`, severity: 'error', title, mirrors, href: HREF.resourceClaims });

export const RESOURCE_CLAIM_CODES = {
  nameRequired: code('resource-claim-name-required', 'A pod resource claim needs a name', 'validatePodResourceClaim'),
  nameInvalid: code('resource-claim-name-invalid', 'Pod resource claim names must be DNS labels', 'validatePodResourceClaim'),
  nameDuplicate: code('resource-claim-name-duplicate', 'Pod resource claim names must be unique', 'validatePodResourceClaim'),
  sourceMissing: code('resource-claim-source-missing', 'A pod resource claim needs resourceClaimName or resourceClaimTemplateName', 'validatePodResourceClaim'),
  sourceMultiple: code('resource-claim-source-multiple', 'A pod resource claim takes only one of resourceClaimName and resourceClaimTemplateName', 'validatePodResourceClaim'),
  referenceInvalid: code('resource-claim-reference-invalid', 'resourceClaimName and resourceClaimTemplateName must be DNS subdomains', 'validatePodResourceClaim (ValidateResourceClaimName)'),
  containerClaimRequired: code('container-claim-name-required', 'A container claim needs the name of a pod resource claim', 'validateResourceClaimNames'),
  containerClaimNotFound: code('container-claim-not-found', 'A container claim must name one of the pod\'s resourceClaims', 'validateResourceClaimNames'),
  containerClaimDuplicate: code('container-claim-duplicate', 'A container may reference a claim (or one of its requests) only once', 'validateResourceClaimNames'),
  containerClaimRequestInvalid: code('container-claim-request-invalid', 'A container claim request must be a DNS label', 'validateResourceClaimNames'),
} satisfies Record<string, RuleCode>;

const CLAIM_FIELDS = new Set(['name', 'resourceClaimName', 'resourceClaimTemplateName']);

function podClaimFindings(claim: JsonObject, path: FieldPath, seen: Set<string>): Finding[] {
  const findings: Finding[] = [];
  const name = asString(claim.name);
  const namePath = [...path, 'name'];
  if (name === '') {
    findings.push(report(RESOURCE_CLAIM_CODES.nameRequired, namePath,
      `This resource claim has an empty name; containers refer to it by name in \`resources.claims\`. Give it a DNS label such as \`gpu\`. ${serverSays([serverError(formatFieldPath(namePath), 'Required value')])}`));
  } else if (name !== undefined && seen.has(name)) {
    findings.push(report(RESOURCE_CLAIM_CODES.nameDuplicate, namePath,
      `The resource claim name \`${name}\` is already used in this pod; containers refer to claims by name, so each must be unique. Rename one. ${serverSays([serverError(formatFieldPath(namePath), 'Duplicate value', name)])}`));
  } else if (name !== undefined) {
    const problems = dns1123LabelProblems(name);
    if (problems.length) {
      findings.push(report(RESOURCE_CLAIM_CODES.nameInvalid, namePath,
        `\`${name}\` is not a valid resource claim name: ${listProblems(problems)}. It must be a DNS label (lower-case letters, digits and \`-\`, at most 63). ${serverSays(dns1123LabelServerMessages(name).map((detail) => serverError(formatFieldPath(namePath), 'Invalid value', name, detail)))}`));
    }
    seen.add(name);
  }
  const claimName = claim.resourceClaimName;
  const templateName = claim.resourceClaimTemplateName;
  const printed = formatFieldPath(path);
  if (claimName !== undefined && templateName !== undefined) {
    findings.push(report(RESOURCE_CLAIM_CODES.sourceMultiple, [...path, 'resourceClaimTemplateName'],
      `A pod resource claim either uses an existing ResourceClaim (\`resourceClaimName\`) or has one made per pod from a template (\`resourceClaimTemplateName\`), not both. For a Job, whose pods each need their own claim, keep \`resourceClaimTemplateName\`. ${serverSays([serverError(printed, 'Invalid value', undefined, 'at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified')])}`, 'key'));
  }
  // With an unknown field (such as the removed `source`), the schema check already says what is wrong.
  if (claimName === undefined && templateName === undefined && Object.keys(claim).every((key) => CLAIM_FIELDS.has(key))) {
    findings.push(report(RESOURCE_CLAIM_CODES.sourceMissing, path,
      `This resource claim says neither where its claim comes from: add \`resourceClaimTemplateName\` (a claim made for each pod, the usual choice for a Job) or \`resourceClaimName\` (one existing ResourceClaim shared by all pods). ${serverSays([serverError(printed, 'Invalid value', undefined, 'must specify one of: `resourceClaimName`, `resourceClaimTemplateName`')])}`, 'entry'));
  }
  for (const field of ['resourceClaimName', 'resourceClaimTemplateName'] as const) {
    const reference = asString(claim[field]);
    if (reference === undefined) continue;
    const problems = dns1123SubdomainProblems(reference);
    if (!problems.length) continue;
    const at = [...path, field];
    findings.push(report(RESOURCE_CLAIM_CODES.referenceInvalid, at,
      `\`${reference}\` is not a valid ${field === 'resourceClaimName' ? 'ResourceClaim' : 'ResourceClaimTemplate'} name: ${listProblems(problems)}. ${serverSays(dns1123SubdomainServerMessages(reference).map((detail) => serverError(formatFieldPath(at), 'Invalid value', reference, detail)))}`));
  }
  return findings;
}

/** validateResourceClaimNames for one container; `podClaims` is the sorted set of the pod's claim names. */
function containerClaimFindings(ref: ContainerRef, podClaims: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const names = new Set<string>();
  for (const [claim, index] of objectEntries(asObject(ref.container.resources)?.claims)) {
    const name = asString(claim.name);
    if (name === undefined) continue;
    const at = [...ref.path, 'resources', 'claims', index];
    const printed = formatFieldPath(at);
    if (name === '') {
      findings.push(report(RESOURCE_CLAIM_CODES.containerClaimRequired, at,
        `This claim of the ${describeContainer(ref)} has an empty name; name one of the pod's \`resourceClaims\`. ${serverSays([serverError(printed, 'Required value')])}`, 'entry'));
      continue;
    }
    const request = asString(claim.request) ?? '';
    if (names.has(name)) {
      findings.push(report(RESOURCE_CLAIM_CODES.containerClaimDuplicate, at,
        `The ${describeContainer(ref)} already uses the whole claim \`${name}\`; listing it again (or one of its requests) adds nothing. Remove this entry. ${serverSays([serverError(printed, 'Duplicate value', name)])}`, 'entry'));
    } else {
      const key = request === '' ? name : `${name}/${request}`;
      if (request !== '') {
        const problems = dns1123LabelProblems(request);
        if (problems.length) {
          const requestPath = [...at, 'request'];
          findings.push(report(RESOURCE_CLAIM_CODES.containerClaimRequestInvalid, requestPath,
            `\`${request}\` is not a valid request name: ${listProblems(problems)}. It names one request of the ResourceClaim (a DNS label). ${serverSays(dns1123LabelServerMessages(request).map((detail) => serverError(formatFieldPath(requestPath), 'Invalid value', request, detail)))}`));
        }
      }
      if (names.has(key)) {
        findings.push(report(RESOURCE_CLAIM_CODES.containerClaimDuplicate, at,
          `The ${describeContainer(ref)} already uses request \`${request}\` of claim \`${name}\`. Remove this entry. ${serverSays([serverError(printed, 'Duplicate value', key)])}`, 'entry'));
      } else if (request === '') {
        for (const earlier of names) {
          const slash = earlier.indexOf('/');
          if (slash >= 0 && earlier.slice(0, slash) === name) {
            findings.push(report(RESOURCE_CLAIM_CODES.containerClaimDuplicate, at,
              `The ${describeContainer(ref)} already uses request \`${earlier.slice(slash + 1)}\` of claim \`${name}\`; the whole claim includes it. Keep either the whole claim or its requests. ${serverSays([serverError(printed, 'Duplicate value', name)])}`, 'entry'));
          }
        }
      }
      names.add(key);
    }
    if (!podClaims.includes(name)) {
      const detail = `must be one of the names in pod.spec.resourceClaims${podClaims.length === 0 ? ' which is empty' : `: ${podClaims.join(', ')}`}`;
      findings.push(report(RESOURCE_CLAIM_CODES.containerClaimNotFound, [...at, 'name'],
        `The ${describeContainer(ref)} uses the claim \`${name}\`, but the pod has no resource claim of that name (${podClaims.length ? `it has ${podClaims.map((claimName) => `\`${claimName}\``).join(', ')}` : 'it has none'}). Add it under \`resourceClaims\` or fix the name. ${serverSays([serverError(printed, 'Not found', name, detail)])}`));
    }
  }
  return findings;
}

/** The resource claim checks of ValidatePodSpec for the template at `base`. */
export function checkResourceClaims(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec || !gateEnabledByDefault('DynamicResourceAllocation', minor)) return [];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const podClaims = new Set<string>();
  for (const [claim, index] of objectEntries(spec.resourceClaims)) {
    const name = asString(claim.name);
    if (name) podClaims.add(name);
    findings.push(...podClaimFindings(claim, [...base, 'spec', 'resourceClaims', index], seen));
  }
  const sorted = [...podClaims].sort();
  for (const ref of allContainersOf(spec, base)) findings.push(...containerClaimFindings(ref, sorted));
  return findings;
}

export const validateResourceClaims = jobTemplateRule('validatePodResourceClaims', Object.values(RESOURCE_CLAIM_CODES), checkResourceClaims);
