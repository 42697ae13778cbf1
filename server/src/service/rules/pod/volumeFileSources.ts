// The sources that write files into a volume: validateSecretVolumeSource, validateConfigMapVolumeSource
// (validateKeyToPath), validateDownwardAPIVolumeSource (validateDownwardAPIVolumeFile with
// validateObjectFieldSelector and validateContainerResourceFieldSelector) and validateProjectedVolumeSource
// (validateProjectionSources). The server prints downward API items at their source without the item
// index (`downwardAPI.path`), projected token paths and path conflicts at `projected`: we point at the
// item itself and quote the server's line.
// clusterTrustBundle and podCertificate projections are dropped on create in every release we know
// (their gates, ClusterTrustBundleProjection and PodCertificateRequest, are off by default), so they are
// neither counted nor checked.
import { isObject } from '../../kube/defaults';
import { qualifiedNameServerMessages } from '../../kube/names';
import type { Quantity } from '../../kube/quantity';
import { formatFieldPath, type FieldPath, type Json, type JsonObject } from '../../types';
import { checkFileMode, checkLocalPath, checkQuantity, checkRequired } from './volumeChecks';
import { oneOf, said, SOURCE_CODES as C, supportedValuesDetail, type VolumeReporter } from './volumeSourceCodes';

/** validateKeyToPath for each item of a secret or configMap (volume or projection). Returns the item paths. */
function keyToPathItems(rep: VolumeReporter, items: Json | undefined, path: FieldPath, what: string): { path: string; at: FieldPath }[] {
  const written: { path: string; at: FieldPath }[] = [];
  if (!Array.isArray(items)) return written;
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    const at = [...path, index];
    checkRequired(rep, item, { key: 'key', schema: true, holds: `the key of the ${what} to project` }, at, at, `item of the ${what}`);
    checkRequired(rep, item, { key: 'path', schema: true, holds: 'the file name, relative to the volume, to write the key to' }, at, at, `item of the ${what}`);
    checkLocalPath(rep, item.path, 'non-reserved', [...at, 'path'], formatFieldPath([...at, 'path']), 'the volume');
    checkFileMode(rep, item.mode, [...at, 'mode'], formatFieldPath([...at, 'mode']));
    if (typeof item.path === 'string' && item.path !== '') written.push({ path: item.path, at: [...at, 'path'] });
  });
  return written;
}

export function checkSecretVolume(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  checkRequired(rep, source, { key: 'secretName', schema: false, holds: 'the name of the Secret to mount' }, path, path, 'secret volume');
  checkFileMode(rep, source.defaultMode, [...path, 'defaultMode'], formatFieldPath([...path, 'defaultMode']));
  keyToPathItems(rep, source.items, [...path, 'items'], 'Secret');
}

export function checkConfigMapVolume(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  checkRequired(rep, source, { key: 'name', schema: false, holds: 'the name of the ConfigMap to mount' }, path, path, 'configMap volume');
  checkFileMode(rep, source.defaultMode, [...path, 'defaultMode'], formatFieldPath([...path, 'defaultMode']));
  keyToPathItems(rep, source.items, [...path, 'items'], 'ConfigMap');
}

export function checkDownwardApiVolume(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  checkFileMode(rep, source.defaultMode, [...path, 'defaultMode'], formatFieldPath([...path, 'defaultMode']));
  downwardFiles(rep, source.items, path);
}

/** validateDownwardAPIVolumeFile for each item; the server prints them at `printedAt` (the source). */
function downwardFiles(rep: VolumeReporter, items: Json | undefined, sourcePath: FieldPath): { path: string; at: FieldPath }[] {
  const written: { path: string; at: FieldPath }[] = [];
  if (!Array.isArray(items)) return written;
  const printed = formatFieldPath(sourcePath);
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    const at = [...sourcePath, 'items', index];
    checkRequired(rep, item, { key: 'path', schema: true, holds: 'the file name, relative to the volume, to write the value to' }, at, printed, 'downward API item');
    checkLocalPath(rep, item.path, 'non-reserved', [...at, 'path'], `${printed}.path`, 'the volume');
    const { fieldRef, resourceFieldRef } = item;
    if (isObject(fieldRef)) {
      objectFieldSelector(rep, fieldRef, [...at, 'fieldRef'], `${printed}.fieldRef`);
      if (resourceFieldRef !== undefined) {
        rep.add(C.downwardRefsConflict, [...at, 'resourceFieldRef'], 'This item has both `fieldRef` and `resourceFieldRef`; a file takes its value from one of them. Keep one, and write the other to a second item.', [said(printed, 'Invalid value', 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously')], 'key');
      }
    } else if (isObject(resourceFieldRef)) {
      resourceFieldSelector(rep, resourceFieldRef, [...at, 'resourceFieldRef'], `${printed}.resourceFieldRef`);
    } else if (fieldRef === undefined && resourceFieldRef === undefined) {
      rep.add(C.fieldRequired, at, 'This downward API item says where to write but not what: add `fieldRef` (e.g. `fieldPath: metadata.labels`) or `resourceFieldRef` (a container\'s limit or request).', [said(printed, 'Required value', undefined, 'one of fieldRef and resourceFieldRef is required')], 'entry');
    }
    checkFileMode(rep, item.mode, [...at, 'mode'], `${printed}.mode`);
    if (typeof item.path === 'string' && item.path !== '') written.push({ path: item.path, at: [...at, 'path'] });
  });
  return written;
}

/** The field paths a downward API volume file may expose (validVolumeDownwardAPIFieldPathExpressions). */
const VOLUME_FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

/** The labels ConvertDownwardAPIFieldLabel knows; any other is refused before the volume's own list is consulted. */
export function convertibleFieldPath(label: string, minor: number): boolean {
  return [
    ...VOLUME_FIELD_PATHS, 'spec.nodeName', 'spec.restartPolicy', 'spec.serviceAccountName', 'spec.schedulerName',
    'status.phase', 'status.hostIP', 'status.podIP', 'status.podIPs', 'spec.host',
  ].includes(label) || (label === 'status.hostIPs' && minor >= 28);
}

/** fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['key']` -> ['metadata.labels', 'key']. */
export function splitSubscript(fieldPath: string): [string, string] | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const inner = fieldPath.slice(0, -2);
  const at = inner.indexOf("['");
  return at > 0 ? [inner.slice(0, at), inner.slice(at + 2)] : undefined;
}

function objectFieldSelector(rep: VolumeReporter, fieldRef: JsonObject, path: FieldPath, printed: string): void {
  const apiVersion = typeof fieldRef.apiVersion === 'string' && fieldRef.apiVersion !== '' ? fieldRef.apiVersion : 'v1'; // SetDefaults_ObjectFieldSelector
  const fieldPath = fieldRef.fieldPath;
  if (typeof fieldPath !== 'string') return;
  const fieldPathAt = [...path, 'fieldPath'];
  if (fieldPath === '') {
    rep.add(C.fieldRequired, fieldPathAt, 'This `fieldRef` has an empty `fieldPath`: name the Pod field to write, e.g. `metadata.name` or `metadata.labels`.', [said(`${printed}.fieldPath`, 'Required value')]);
    return;
  }
  const converting = (error: string) => said(`${printed}.fieldPath`, 'Invalid value', fieldPath, `error converting fieldPath: ${error}`);
  if (apiVersion !== 'v1') {
    rep.add(C.downwardVersion, [...path, 'apiVersion'], `\`${apiVersion}\` is not a Pod API version: the downward API reads fields of the v1 Pod, so write \`apiVersion: v1\` or leave it out.`, [converting(`unsupported pod version: ${apiVersion}`)]);
    return;
  }
  const subscripted = splitSubscript(fieldPath);
  if (subscripted) {
    const [field, key] = subscripted;
    if (field !== 'metadata.labels' && field !== 'metadata.annotations') {
      rep.add(C.downwardFieldPath, fieldPathAt, `Only \`metadata.labels['<key>']\` and \`metadata.annotations['<key>']\` take a key in brackets; \`${field}\` does not. Write the field without the brackets, or pick one label or annotation.`, [converting(`field label does not support subscript: ${fieldPath}`)]);
      return;
    }
    const checked = field === 'metadata.annotations' ? key.toLowerCase() : key;
    const messages = qualifiedNameServerMessages(checked);
    if (messages.length) {
      rep.add(C.downwardSubscript, fieldPathAt, `\`${key}\` is not a valid ${field === 'metadata.labels' ? 'label' : 'annotation'} key, so \`${fieldPath}\` can never name one. Use the key exactly as it is written on the Pod (a name of letters, digits, \`-\`, \`_\` and \`.\`, with an optional DNS-subdomain prefix and \`/\`).`, messages.map((detail) => said(printed, 'Invalid value', checked, detail)));
    }
    return;
  }
  if (!convertibleFieldPath(fieldPath, rep.minor)) {
    rep.add(C.downwardFieldPath, fieldPathAt, `\`${fieldPath}\` is not a Pod field the downward API knows. A volume file can expose ${oneOf(VOLUME_FIELD_PATHS)} (and one label or annotation as \`metadata.labels['<key>']\`); for a container's limits and requests use \`resourceFieldRef\`.`, [converting(`field label not supported: ${fieldPath}`)]);
    return;
  }
  const internal = fieldPath === 'spec.host' ? 'spec.nodeName' : fieldPath;
  if (!VOLUME_FIELD_PATHS.includes(internal)) {
    rep.add(C.downwardFieldPath, fieldPathAt, `\`${fieldPath}\` can be read into an environment variable, but not into a volume file: volumes can only expose ${oneOf(VOLUME_FIELD_PATHS)}, which the kubelet keeps up to date. Use \`env[].valueFrom.fieldRef\` for this field.`, [said(`${printed}.fieldPath`, 'Unsupported value', internal, supportedValuesDetail(VOLUME_FIELD_PATHS))]);
  }
}

export const RESOURCE_FIELD_PATHS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];
const ONE = 1_000_000_000n;
export const CPU_DIVISORS = [1_000_000n, ONE];
const BYTE_DIVISORS = [ONE, ...[1, 2, 3, 4, 5, 6].flatMap((power) => [10n ** BigInt(3 * power) * ONE, 2n ** BigInt(10 * power) * ONE])];

export function divisorRule(resource: string): { allowed: bigint[]; detail: string } | undefined {
  const bytes = (what: string) => ({ allowed: BYTE_DIVISORS, detail: `only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the ${what}` });
  if (resource === 'limits.cpu' || resource === 'requests.cpu') return { allowed: CPU_DIVISORS, detail: "only divisor's values 1m and 1 are supported with the cpu resource" };
  if (resource === 'limits.memory' || resource === 'requests.memory') return bytes('memory resource');
  if (resource === 'limits.ephemeral-storage' || resource === 'requests.ephemeral-storage') return bytes('local ephemeral storage resource');
  if (resource.startsWith('requests.hugepages-') || resource.startsWith('limits.hugepages-')) return bytes('hugepages resource');
  return undefined;
}

function resourceFieldSelector(rep: VolumeReporter, ref: JsonObject, path: FieldPath, printed: string): void {
  const resource = typeof ref.resource === 'string' ? ref.resource : undefined;
  if (ref.containerName === undefined || ref.containerName === '') {
    rep.add(C.fieldRequired, [...path, 'containerName'], 'In a volume, `resourceFieldRef` must say whose limits or requests to read: add `containerName` with the name of one of the Pod\'s containers.', [said(`${printed}.containerName`, 'Required value')], ref.containerName === '' ? 'value' : undefined);
  } else if (resource === '') {
    rep.add(C.fieldRequired, [...path, 'resource'], 'This `resourceFieldRef` has an empty `resource`: name a limit or request, e.g. `limits.memory`.', [said(`${printed}.resource`, 'Required value')]);
  } else if (resource !== undefined && !RESOURCE_FIELD_PATHS.includes(resource) && !/^(requests|limits)\.hugepages-/.test(resource)) {
    rep.add(C.downwardResource, [...path, 'resource'], `\`${resource}\` is not a resource the downward API can read: use ${oneOf(RESOURCE_FIELD_PATHS)} or \`limits.hugepages-<size>\` / \`requests.hugepages-<size>\`.`, [said(`${printed}.resource`, 'Unsupported value', resource, supportedValuesDetail(RESOURCE_FIELD_PATHS))]);
  }
  const divisor: Quantity | undefined = checkQuantity(rep, ref.divisor, [...path, 'divisor']);
  const rule = resource === undefined ? undefined : divisorRule(resource);
  if (!divisor || !rule || divisor.nanos === 0n || rule.allowed.includes(divisor.nanos)) return;
  rep.add(C.downwardDivisor, [...path, 'divisor'], `The value is divided by \`divisor\` before it is written, and for \`${resource}\` the server takes only ${rule.allowed === CPU_DIVISORS ? '`1` (whole cores) or `1m` (millicores)' : 'a unit: `1`, `1k`, `1M`, `1G`, ... or `1Ki`, `1Mi`, `1Gi`, ...'}. Leave it out to get the plain number.`, [said(`${printed}.divisor`, 'Invalid value', resource, rule.detail)]);
}

const PROJECTIONS = ['secret', 'configMap', 'downwardAPI', 'serviceAccountToken'] as const;
const TOKEN_MIN_SECONDS = 600;
const TOKEN_MAX_SECONDS = 2 ** 32;

export function checkProjectedVolume(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const printed = formatFieldPath(path);
  checkFileMode(rep, source.defaultMode, [...path, 'defaultMode'], `${printed}.defaultMode`);
  if (!Array.isArray(source.sources)) return;
  const paths = new Map<string, FieldPath>();
  const claim = (written: { path: string; at: FieldPath }[], value: (path: string) => Json) => {
    for (const { path: file, at } of written) {
      const first = paths.get(file);
      if (!first) {
        paths.set(file, at);
        continue;
      }
      rep.add(C.projectionPathDuplicate, at, `\`${file}\` is already written by \`${formatFieldPath(first)}\`; two projections of one volume cannot write the same file. Rename one of them with \`path\`.`, [said(printed, 'Invalid value', value(file), 'conflicting duplicate paths')]);
    }
  };
  source.sources.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const at = [...path, 'sources', index];
    const present = PROJECTIONS.filter((name) => entry[name] !== undefined);
    for (const extra of present.slice(1)) {
      rep.add(C.projectionMultiple, [...at, extra], `This entry of \`sources\` already projects \`${present[0]}\`; each entry holds exactly one projection. Move \`${extra}\` to an entry of its own (\`- ${extra}: ...\`).`, [said(at, 'Forbidden', undefined, 'may not specify more than 1 volume type per source')], 'key');
    }
    const { secret, configMap, downwardAPI, serviceAccountToken } = entry;
    if (isObject(secret)) {
      checkRequired(rep, secret, { key: 'name', schema: false, holds: 'the name of the Secret to project' }, [...at, 'secret'], [...at, 'secret'], 'secret projection');
      claim(keyToPathItems(rep, secret.items, [...at, 'secret', 'items'], 'Secret'), () => (typeof secret.name === 'string' ? secret.name : ''));
    }
    if (isObject(configMap)) {
      checkRequired(rep, configMap, { key: 'name', schema: false, holds: 'the name of the ConfigMap to project' }, [...at, 'configMap'], [...at, 'configMap'], 'configMap projection');
      claim(keyToPathItems(rep, configMap.items, [...at, 'configMap', 'items'], 'ConfigMap'), () => (typeof configMap.name === 'string' ? configMap.name : ''));
    }
    if (isObject(downwardAPI)) claim(downwardFiles(rep, downwardAPI.items, [...at, 'downwardAPI']), (file) => file);
    if (isObject(serviceAccountToken)) tokenProjection(rep, serviceAccountToken, [...at, 'serviceAccountToken'], printed);
  });
}

function tokenProjection(rep: VolumeReporter, token: JsonObject, path: FieldPath, projectedPrinted: string): void {
  const seconds = token.expirationSeconds;
  if (typeof seconds === 'number' && Number.isInteger(seconds) && (seconds < TOKEN_MIN_SECONDS || seconds > TOKEN_MAX_SECONDS)) {
    const low = seconds < TOKEN_MIN_SECONDS;
    rep.add(C.tokenExpiration, [...path, 'expirationSeconds'], low
      ? `A projected token must live at least 10 minutes (600 seconds); the kubelet renews it well before it expires. Use 600 or more (leave the field out for the default, one hour).`
      : `A projected token may live at most 2^32 seconds; use a shorter lifetime (leave the field out for the default, one hour).`,
    [said([...path, 'expirationSeconds'], 'Invalid value', seconds, low ? 'may not specify a duration less than 10 minutes' : 'may not specify a duration larger than 2^32 seconds')]);
  }
  if (token.path === '') {
    rep.add(C.fieldRequired, [...path, 'path'], 'This service account token projection has an empty `path`: set the file name, relative to the volume, to write the token to (e.g. `token`).', [said(`${projectedPrinted}.path`, 'Required value')]);
  } else {
    checkLocalPath(rep, token.path, 'non-reserved', [...path, 'path'], `${projectedPrinted}.path`, 'the volume');
  }
}
