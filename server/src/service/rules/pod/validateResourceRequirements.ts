// ValidateContainerResourceRequirements: resource names, quantities (well-formed, not negative, whole for
// extended resources, whole pages for hugepages), requests <= limits (and == for resources that cannot be
// overcommitted), a limit for every such request, and cpu or memory next to hugepages.
import { isObject } from '../../kube/defaults';
import { compareQuantities, milliValue, parseQuantity, wholeValue, type Quantity } from '../../kube/quantity';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, serverError, serverSays } from '../meta/report';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';
import { containerResourceNameServerMessages, isExtendedResource, isHugePagesResource, isOvercommitAllowed } from './resourceNames';

export const RESOURCE_CODES = {
  nameInvalid: 'pod/resource-name-invalid',
  quantityMalformed: 'pod/resource-quantity-malformed',
  quantityNegative: 'pod/resource-quantity-negative',
  quantityNotInteger: 'pod/resource-quantity-not-integer',
  hugePagesNotMultiple: 'pod/hugepages-not-page-multiple',
  hugePagesWithoutCpuOrMemory: 'pod/hugepages-without-cpu-or-memory',
  requestAboveLimit: 'pod/request-above-limit',
  requestNotEqualLimit: 'pod/request-not-equal-limit',
  limitRequired: 'pod/limit-required',
} as const;

export const resourceCodes: readonly RuleCode[] = [
  { code: RESOURCE_CODES.nameInvalid, severity: 'error', title: 'Container resource names must be cpu, memory, ephemeral-storage, hugepages-<size> or domain-prefixed', mirrors: 'validateContainerResourceName', href: HREF.resources },
  { code: RESOURCE_CODES.quantityMalformed, severity: 'error', title: 'Resource quantities must be well-formed', mirrors: 'resource.ParseQuantity (request decoding)', href: HREF.quantity },
  { code: RESOURCE_CODES.quantityNegative, severity: 'error', title: 'Resource quantities may not be negative', mirrors: 'ValidateResourceQuantityValue', href: HREF.quantity },
  { code: RESOURCE_CODES.quantityNotInteger, severity: 'error', title: 'Extended resources come in whole units', mirrors: 'ValidateResourceQuantityValue', href: HREF.extendedResources },
  { code: RESOURCE_CODES.hugePagesNotMultiple, severity: 'error', title: 'Hugepages must be a whole number of pages', mirrors: 'validateResourceQuantityHugePageValue', href: HREF.hugepages },
  { code: RESOURCE_CODES.hugePagesWithoutCpuOrMemory, severity: 'error', title: 'Hugepages need a cpu or memory request or limit', mirrors: 'validateResourceRequirements', href: HREF.hugepages },
  { code: RESOURCE_CODES.requestAboveLimit, severity: 'error', title: 'A request may not exceed its limit', mirrors: 'validateResourceRequirements', href: HREF.resources },
  { code: RESOURCE_CODES.requestNotEqualLimit, severity: 'error', title: 'Requests of extended resources and hugepages must equal their limits', mirrors: 'validateResourceRequirements', href: HREF.extendedResources },
  { code: RESOURCE_CODES.limitRequired, severity: 'error', title: 'Extended resources and hugepages need a limit', mirrors: 'validateResourceRequirements', href: HREF.extendedResources },
];

type Side = 'limits' | 'requests';

/** Checks each entry of one side; returns the quantities that parsed. */
function entryFindings(ref: ContainerRef, side: Side, list: JsonObject, findings: Finding[]): Map<string, Quantity> {
  const parsed = new Map<string, Quantity>();
  for (const [name, value] of Object.entries(list)) {
    const path = [...ref.path, 'resources', side, name];
    // Printed only for a finding: most entries have none.
    const printed = (): string => formatFieldPath(path);
    const nameMessages = containerResourceNameServerMessages(name);
    if (nameMessages.length) {
      findings.push({
        code: RESOURCE_CODES.nameInvalid, severity: 'error', path, anchor: 'key',
        message: `\`${name}\` is not a resource a container can ${side === 'limits' ? 'be limited on' : 'request'}: use \`cpu\`, \`memory\`, \`ephemeral-storage\`, \`hugepages-<page size>\`, or an extended resource with a domain prefix such as \`nvidia.com/gpu\`. ${serverSays(nameMessages.map((detail) => serverError(printed(), 'Invalid value', name, detail)))}`,
        href: HREF.resources,
      });
    }
    const result = parseQuantity(value);
    if (!result) continue; // another JSON type: the schema check's finding
    if (!result.ok) {
      findings.push({
        code: RESOURCE_CODES.quantityMalformed, severity: 'error', path,
        message: `\`${result.text}\` is not a quantity: ${result.problem}. The server cannot even decode the ${side === 'limits' ? 'limit' : 'request'} and refuses the whole request with "${result.serverMessage}". Write a number with an optional suffix, e.g. \`250m\` (CPU) or \`512Mi\` (memory).`,
        href: HREF.quantity,
      });
      continue;
    }
    const quantity = result.quantity;
    parsed.set(name, quantity);
    if (quantity.nanos < 0n) {
      findings.push({
        code: RESOURCE_CODES.quantityNegative, severity: 'error', path,
        message: `\`${quantity.text}\` is negative; resource amounts cannot be. ${serverSays([serverError(printed(), 'Invalid value', quantity.text, 'must be greater than or equal to 0')])}`,
        href: HREF.quantity,
      });
      continue;
    }
    if (isExtendedResource(name) && milliValue(quantity) % 1000n !== 0n) {
      findings.push({
        code: RESOURCE_CODES.quantityNotInteger, severity: 'error', path,
        message: `\`${name}\` is an extended resource, handed out in whole units (a device cannot be split), but \`${quantity.text}\` is not a whole number. Use an integer. ${serverSays([serverError(printed(), 'Invalid value', quantity.text, 'must be an integer')])}`,
        href: HREF.extendedResources,
      });
    }
    if (isHugePagesResource(name) && !wholePages(name, quantity)) {
      findings.push({
        code: RESOURCE_CODES.hugePagesNotMultiple, severity: 'error', path,
        message: `\`${quantity.text}\` is not a whole number of ${name.slice('hugepages-'.length)} pages; hugepages are allocated by the page. Use a multiple of the page size (the resource name must also carry a valid size, such as \`hugepages-2Mi\`). ${serverSays([serverError(printed(), 'Invalid value', quantity.text, `${quantity.text} is not positive integer multiple of ${name}`)])}`,
        href: HREF.hugepages,
      });
    }
  }
  return parsed;
}

/** helper.IsHugePageResourceValueDivisible. */
function wholePages(name: string, quantity: Quantity): boolean {
  const size = parseQuantity(name.slice('hugepages-'.length));
  if (!size || !size.ok || size.quantity.nanos <= 0n || milliValue(size.quantity) % 1000n !== 0n) return false;
  return wholeValue(quantity) % wholeValue(size.quantity) === 0n;
}

function resourceFindings(ref: ContainerRef): Finding[] {
  const resources = ref.container.resources;
  if (!isObject(resources)) return [];
  const findings: Finding[] = [];
  const limitsList = isObject(resources.limits) ? resources.limits : {};
  const requestsList = isObject(resources.requests) ? resources.requests : {};
  const limits = entryFindings(ref, 'limits', limitsList, findings);
  const requests = entryFindings(ref, 'requests', requestsList, findings);
  const requestsPrinted = formatFieldPath([...ref.path, 'resources', 'requests']);
  for (const [name, request] of requests) {
    const path = [...ref.path, 'resources', 'requests', name];
    const limit = limits.get(name);
    if (limit) {
      const order = compareQuantities(request, limit);
      if (order !== 0 && !isOvercommitAllowed(name)) {
        findings.push({
          code: RESOURCE_CODES.requestNotEqualLimit, severity: 'error', path,
          message: `The ${name} request (${request.text}) differs from its limit (${limit.text}). ${isHugePagesResource(name) ? 'Hugepages' : 'Extended resources such as this one'} cannot be overcommitted, so the request must equal the limit. ${serverSays([serverError(requestsPrinted, 'Invalid value', request.text, `must be equal to ${name} limit of ${limit.text}`)])}`,
          href: HREF.extendedResources,
        });
      } else if (order > 0) {
        findings.push({
          code: RESOURCE_CODES.requestAboveLimit, severity: 'error', path,
          message: `The ${describeContainer(ref)} requests ${request.text} of ${name} but is limited to ${limit.text}: a container cannot be guaranteed more than it may use. Lower the request or raise the limit. ${serverSays([serverError(requestsPrinted, 'Invalid value', request.text, `must be less than or equal to ${name} limit of ${limit.text}`)])}`,
          href: HREF.resources,
        });
      }
    } else if (!isOvercommitAllowed(name) && limitsList[name] === undefined) {
      findings.push({
        code: RESOURCE_CODES.limitRequired, severity: 'error', path, anchor: 'key',
        message: `\`${name}\` is requested without a limit. ${isHugePagesResource(name) ? 'Hugepages' : 'Extended resources'} cannot be overcommitted, so the server requires a limit equal to the request (in a pod template it is not filled in for you). Add \`limits: {${name}: ${request.text}}\`. ${serverSays([serverError(formatFieldPath([...ref.path, 'resources', 'limits']), 'Required value', undefined, 'Limit must be set for non overcommitable resources')])}`,
        href: HREF.extendedResources,
      });
    }
  }
  const names = [...Object.keys(limitsList), ...Object.keys(requestsList)];
  if (names.some(isHugePagesResource) && !names.some((name) => name === 'cpu' || name === 'memory')) {
    const path = [...ref.path, 'resources'];
    findings.push({
      code: RESOURCE_CODES.hugePagesWithoutCpuOrMemory, severity: 'error', path, anchor: 'key',
      message: `The ${describeContainer(ref)} asks for hugepages but sets no cpu or memory request or limit; the server refuses hugepages alone. Add a memory (or cpu) request and limit. ${serverSays([serverError(formatFieldPath(path), 'Forbidden', undefined, 'HugePages require cpu or memory')])}`,
      href: HREF.hugepages,
    });
  }
  return findings;
}

export function checkResourceRequirements(template: Json | undefined, base: FieldPath): Finding[] {
  const spec = podSpecOf(template);
  return spec ? allContainersOf(spec, base).flatMap(resourceFindings) : [];
}

export const validateResourceRequirements = jobTemplateRule('ValidateContainerResourceRequirements', resourceCodes, (template, base) => checkResourceRequirements(template, base));
