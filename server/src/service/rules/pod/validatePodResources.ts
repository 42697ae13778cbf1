// validatePodResources: the pod-level `resources` (PodLevelResources, on by default from 1.34; a create
// drops the field in 1.32-1.33 and the version rule warns). No claims at pod level, only the resources the
// release supports there, requests within limits, pod requests covering what the containers request
// together (validatePodResourceConsistency), and no container limit above the pod's.
// Containers' requests are summed the way resourcehelper.AggregateContainerRequests does (sidecars run
// beside the main containers, other init containers one at a time). A pod request the user left out is
// defaulted by the server from the containers, so only written pod requests are compared.
import { gateEnabledByDefault } from '../../kube/featureGates';
import { compareQuantities, parseQuantity, type Quantity } from '../../kube/quantity';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, serverError, serverSays } from '../meta/report';
import { asObject, report } from '../shared';
import { containersOf, describeContainer, jobTemplateRule, podSpecOf } from './podTemplate';

const code = (name: string, title: string, mirrors: string): RuleCode =>
  ({ code: `pod/spec-resources-${name}`, severity: 'error', title, mirrors, href: HREF.podLevelResources });

export const POD_RESOURCES_CODES = {
  claimsForbidden: code('claims-forbidden', 'Pod-level resources may not have claims', 'validatePodResources'),
  nameUnsupported: code('name-unsupported', 'Pod-level resources support only cpu, memory (and hugepages where the release allows)', 'validatePodResourceRequirements (validatePodResourceName)'),
  requestAboveLimit: code('request-above-limit', 'A pod-level request may not exceed the pod-level limit', 'validatePodResourceRequirements'),
  belowContainerRequests: code('below-container-requests', 'A pod-level request must cover what the containers request together', 'validatePodResourceConsistency'),
  containerLimitAbovePod: code('container-limit-above-pod', 'A container limit may not exceed the pod-level limit', 'validatePodResourceConsistency'),
} satisfies Record<string, RuleCode>;

/** The resources summed for the consistency checks: what pod-level resources manage. */
const COMPARED = ['cpu', 'memory'] as const;

function isSupportedAtPodLevel(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

function quantitiesOf(list: Json | undefined): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  for (const [name, value] of Object.entries(asObject(list) ?? {})) {
    const parsed = parseQuantity(value);
    if (parsed?.ok) out.set(name, parsed.quantity);
  }
  return out;
}

const DECIMAL_SUFFIXES: [bigint, string][] = [[10n ** 27n, 'E'], [10n ** 24n, 'P'], [10n ** 21n, 'T'], [10n ** 18n, 'G'], [10n ** 15n, 'M'], [10n ** 12n, 'k'], [10n ** 9n, ''], [10n ** 6n, 'm'], [10n ** 3n, 'u'], [1n, 'n']];
const BINARY_SUFFIXES: [bigint, string][] = [[1024n ** 6n, 'Ei'], [1024n ** 5n, 'Pi'], [1024n ** 4n, 'Ti'], [1024n ** 3n, 'Gi'], [1024n ** 2n, 'Mi'], [1024n, 'Ki']];

/** A sum of quantities written the way Quantity.String() writes it (in the first quantity's format). */
export function formatNanos(nanos: bigint, binary: boolean): string {
  if (nanos === 0n) return '0';
  const sign = nanos < 0n ? '-' : '';
  const magnitude = nanos < 0n ? -nanos : nanos;
  if (binary && magnitude % 10n ** 9n === 0n) {
    const units = magnitude / 10n ** 9n;
    for (const [size, suffix] of BINARY_SUFFIXES) if (units >= size && units % size === 0n) return `${sign}${units / size}${suffix}`;
    if (units < 1024n) return `${sign}${units}`;
  }
  for (const [size, suffix] of DECIMAL_SUFFIXES) if (magnitude % size === 0n) return `${sign}${magnitude / size}${suffix}`;
  return `${sign}${magnitude}n`;
}

interface Sum {
  nanos: bigint;
  binary?: boolean;
}

function add(into: Map<string, Sum>, requests: Map<string, Quantity>): void {
  for (const [name, quantity] of requests) {
    const current = into.get(name);
    into.set(name, current ? { ...current, nanos: current.nanos + quantity.nanos } : { nanos: quantity.nanos, binary: quantity.format === 'BinarySI' });
  }
}

function maxInto(into: Map<string, Sum>, other: Map<string, Sum>): void {
  for (const [name, sum] of other) {
    const current = into.get(name);
    if (!current || sum.nanos > current.nanos) into.set(name, { ...sum });
  }
}

/** AggregateContainerRequests: regular containers and sidecars together, or the largest init step. */
function aggregateRequests(spec: JsonObject, base: FieldPath): Map<string, Sum> {
  const total = new Map<string, Sum>();
  for (const ref of containersOf(spec, base, 'containers')) add(total, quantitiesOf(asObject(ref.container.resources)?.requests));
  const sidecars = new Map<string, Sum>();
  const initPeak = new Map<string, Sum>();
  for (const ref of containersOf(spec, base, 'initContainers')) {
    const requests = quantitiesOf(asObject(ref.container.resources)?.requests);
    let step: Map<string, Sum>;
    if (ref.container.restartPolicy === 'Always') {
      add(total, requests);
      add(sidecars, requests);
      step = new Map([...sidecars].map(([name, sum]) => [name, { ...sum }]));
    } else {
      step = new Map([...sidecars].map(([name, sum]) => [name, { ...sum }]));
      add(step, requests);
    }
    maxInto(initPeak, step);
  }
  maxInto(total, initPeak);
  return total;
}

/** validatePodResources for the template at `base`. */
export function checkPodResources(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  const resources = asObject(spec?.resources);
  if (!spec || !resources || !gateEnabledByDefault('PodLevelResources', minor)) return [];
  const path = [...base, 'spec', 'resources'];
  const findings: Finding[] = [];
  if (resources.claims !== undefined) {
    const at = [...path, 'claims'];
    findings.push(report(POD_RESOURCES_CODES.claimsForbidden, at,
      `Resource claims are used by containers, not by the pod as a whole: move \`claims\` into the \`resources\` of the containers that use the devices. ${serverSays([serverError(formatFieldPath(at), 'Forbidden', undefined, 'claims cannot be set for Resources at pod-level')])}`, 'key'));
  }
  for (const side of ['limits', 'requests'] as const) {
    for (const name of Object.keys(asObject(resources[side]) ?? {})) {
      if (isSupportedAtPodLevel(name)) continue;
      const at = [...path, side, name];
      findings.push(report(POD_RESOURCES_CODES.nameUnsupported, at,
        `\`${name}\` cannot be set for the pod as a whole: pod-level resources cover \`cpu\` and \`memory\`. Set \`${name}\` in the containers' \`resources\` instead. ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', name)])}`, 'key'));
    }
  }
  const limits = quantitiesOf(resources.limits);
  const requests = quantitiesOf(resources.requests);
  const requestsPrinted = formatFieldPath([...path, 'requests']);
  for (const [name, request] of requests) {
    const limit = limits.get(name);
    if (!limit || !COMPARED.includes(name as (typeof COMPARED)[number]) || compareQuantities(request, limit) <= 0) continue;
    findings.push(report(POD_RESOURCES_CODES.requestAboveLimit, [...path, 'requests', name],
      `The pod requests ${request.text} of ${name} but is limited to ${limit.text}. Lower the request or raise the limit. ${serverSays([serverError(requestsPrinted, 'Invalid value', request.text, `must be less than or equal to ${name} limit of ${limit.text}`)])}`));
  }
  const aggregate = aggregateRequests(spec, base);
  for (const name of COMPARED) {
    const request = requests.get(name);
    const sum = aggregate.get(name);
    if (!request || !sum || sum.nanos <= request.nanos) continue;
    const at = [...path, 'requests', name];
    const total = formatNanos(sum.nanos, sum.binary === true);
    findings.push(report(POD_RESOURCES_CODES.belowContainerRequests, at,
      `The pod requests ${request.text} of ${name}, but its containers together request ${total} (init containers counted one at a time, sidecars alongside). The pod-level request must cover them: raise it, or lower the containers' requests. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', request.text, `must be greater than or equal to aggregate container requests of ${total}`)])}`));
  }
  for (const ref of containersOf(spec, base, 'containers')) {
    for (const [name, containerLimit] of quantitiesOf(asObject(ref.container.resources)?.limits)) {
      const podLimit = limits.get(name);
      if (!podLimit || compareQuantities(containerLimit, podLimit) <= 0) continue;
      findings.push(report(POD_RESOURCES_CODES.containerLimitAbovePod, [...ref.path, 'resources', 'limits', name],
        `The ${describeContainer(ref)} may use up to ${containerLimit.text} of ${name}, more than the whole pod's limit of ${podLimit.text}. Lower the container's limit or raise the pod's. ${serverSays([serverError(`${formatFieldPath(path)}.containers[${ref.index}][${name}].limits`, 'Invalid value', containerLimit.text, `must be less than or equal to pod limits of ${podLimit.text}`)])}`));
    }
  }
  return findings;
}

export const validatePodResources = jobTemplateRule('validatePodResources', Object.values(POD_RESOURCES_CODES), checkPodResources);
