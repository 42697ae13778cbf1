// Resource-name classes of pkg/apis/core/helper, used by validateResourceRequirements: native resources
// (no `/`, or a kubernetes.io/ prefix) may be overcommitted; hugepages-* and extended resources
// (domain-prefixed, e.g. nvidia.com/gpu) may not, and extended resources come in whole units.
import { qualifiedNameServerMessages } from '../../kube/names';

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
/** helper.standardResources: names valid without a prefix anywhere in the API. */
const STANDARD_RESOURCES = new Set([
  'cpu', 'memory', 'requests.cpu', 'requests.memory', 'requests.storage', 'limits.cpu', 'limits.memory',
  'ephemeral-storage', 'requests.ephemeral-storage', 'limits.ephemeral-storage', 'pods', 'services',
  'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims', 'storage',
  'services.nodeports', 'services.loadbalancers',
]);

export function isHugePagesResource(name: string): boolean {
  return name.startsWith('hugepages-');
}

export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

export function isExtendedResource(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return qualifiedNameServerMessages(`requests.${name}`).length === 0;
}

/** helper.IsOvercommitAllowed: requests may be below limits only for these. */
export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePagesResource(name);
}

/** validateContainerResourceName, as the server words it. */
export function containerResourceNameServerMessages(name: string): string[] {
  const messages = qualifiedNameServerMessages(name);
  if (messages.length) return messages;
  if (!name.includes('/')) {
    const standard = STANDARD_RESOURCES.has(name) || isHugePagesResource(name) || name.startsWith('requests.hugepages-');
    if (!standard) messages.push('must be a standard resource type or fully qualified');
    if (!STANDARD_CONTAINER_RESOURCES.has(name) && !isHugePagesResource(name)) messages.push('must be a standard resource for containers');
  } else if (!isNativeResource(name) && !isExtendedResource(name)) {
    messages.push("doesn't follow extended resource name standard");
  }
  return messages;
}
