// Where an environment variable takes its value from, as pkg/apis/core/validation/validation.go judges it
// (validateEnvVarValueFrom's sources and ValidateEnvFrom's; the names and the count of `valueFrom` sources are
// validateEnv.ts):
// - fieldRef: validateObjectFieldSelector with validEnvDownwardAPIFieldPathExpressions, after
//   ConvertDownwardAPIFieldLabel (the Pod API version `v1` only; `metadata.labels['<key>']` and
//   `metadata.annotations['<key>']` with a qualified-name key). `status.hostIPs` is convertible from 1.28 and
//   allowed in env from 1.29 (the PodHostIPs gate, alpha and off in 1.28, sets AllowHostIPsField);
// - resourceFieldRef: validateContainerResourceFieldSelector (volume = false: `containerName` may be left out),
//   then validateContainerResourceDivisor;
// - configMapKeyRef / secretKeyRef: validateConfigMapKeySelector / validateSecretKeySelector (the name a DNS
//   subdomain, an empty one included; the key IsConfigMapKey);
// - envFrom: exactly one of configMapRef / secretRef (reported at `envFrom`, without the index, as the server
//   does), each with a name (validateConfigMapEnvSource / validateSecretEnvSource: a DNS subdomain, a trailing
//   `-` allowed, as for a prefix).
// None of these changed between 1.23 and 1.37 but `status.hostIPs`.
import { isObject } from '../../kube/defaults';
import {
  configMapKeyProblems, configMapKeyServerMessages, dns1123SubdomainProblems, dns1123SubdomainServerMessages, maskTrailingDash,
  qualifiedNameServerMessages,
} from '../../kube/names';
import { parseQuantity } from '../../kube/quantity';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, oneOf, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { report } from '../shared';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';
import { convertibleFieldPath, CPU_DIVISORS, divisorRule, RESOURCE_FIELD_PATHS, splitSubscript } from './volumeFileSources';

const code = (name: string, title: string, mirrors: string): RuleCode => ({ code: `pod/${name}`, severity: 'error', title, mirrors, href: HREF.env });

export const ENV_SOURCE_CODES = {
  fieldRefVersion: code('env-field-ref-api-version-unsupported', '`fieldRef.apiVersion` must be `v1`', 'validateObjectFieldSelector (ConvertDownwardAPIFieldLabel)'),
  fieldRefPath: code('env-field-ref-field-path-unsupported', '`fieldRef.fieldPath` must be a Pod field an environment variable can read', 'validateObjectFieldSelector'),
  fieldRefKey: code('env-field-ref-subscript-invalid', 'A label or annotation named in `fieldRef.fieldPath` must be a valid key', 'validateObjectFieldSelector (ValidateQualifiedName)'),
  resource: code('env-resource-field-ref-resource-unsupported', '`resourceFieldRef.resource` must be a limit or request the downward API can read', 'validateContainerResourceFieldSelector'),
  divisor: code('env-resource-field-ref-divisor-unsupported', '`resourceFieldRef.divisor` must be a unit the resource allows', 'validateContainerResourceDivisor'),
  keyRefName: code('env-key-ref-name-invalid', '`configMapKeyRef` and `secretKeyRef` must name a ConfigMap or Secret (a DNS subdomain)', 'validateConfigMapKeySelector / validateSecretKeySelector'),
  keyRefKey: code('env-key-ref-key-invalid', '`configMapKeyRef.key` and `secretKeyRef.key` must be valid keys', 'validateConfigMapKeySelector / validateSecretKeySelector (IsConfigMapKey)'),
  envFromSource: code('env-from-source-count', 'An `envFrom` entry names exactly one of `configMapRef` and `secretRef`', 'ValidateEnvFrom'),
  envFromName: code('env-from-name-invalid', '`envFrom` must name its ConfigMap or Secret (a DNS subdomain)', 'validateConfigMapEnvSource / validateSecretEnvSource'),
} satisfies Record<string, RuleCode>;

const C = ENV_SOURCE_CODES;

const ENV_FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.podIP', 'status.podIPs'];

/** validEnvDownwardAPIFieldPathExpressions in the server's order (sets.List sorts), `status.hostIPs` from 1.29. */
function envFieldPaths(minor: number): string[] {
  return [...ENV_FIELD_PATHS, ...(minor >= 29 ? ['status.hostIPs'] : [])].sort();
}

function fieldRefFindings(fieldRef: JsonObject, path: FieldPath, minor: number): Finding[] {
  const printed = formatFieldPath(path);
  const fieldPath = fieldRef.fieldPath;
  // An empty apiVersion is defaulted to v1 (SetDefaults_ObjectFieldSelector); an empty fieldPath is Required.
  const apiVersion = typeof fieldRef.apiVersion === 'string' && fieldRef.apiVersion !== '' ? fieldRef.apiVersion : 'v1';
  if (typeof fieldPath !== 'string') return [];
  const at = [...path, 'fieldPath'];
  if (fieldPath === '') {
    return [report(C.fieldRefPath, at, `This \`fieldRef\` has an empty \`fieldPath\`: name the Pod field to read, e.g. \`metadata.name\` or \`status.podIP\`. ${serverSays([serverError(`${printed}.fieldPath`, 'Required value')])}`)];
  }
  const converting = (error: string) => serverSays([serverError(`${printed}.fieldPath`, 'Invalid value', fieldPath, `error converting fieldPath: ${error}`)]);
  if (apiVersion !== 'v1') {
    return [report(C.fieldRefVersion, [...path, 'apiVersion'], `\`${apiVersion}\` is not a Pod API version: the downward API reads fields of the v1 Pod, so write \`apiVersion: v1\` or leave it out. ${converting(`unsupported pod version: ${apiVersion}`)}`)];
  }
  const allowed = envFieldPaths(minor);
  const subscripted = splitSubscript(fieldPath);
  if (subscripted) {
    const [field, key] = subscripted;
    if (field !== 'metadata.labels' && field !== 'metadata.annotations') {
      return [report(C.fieldRefPath, at, `Only \`metadata.labels['<key>']\` and \`metadata.annotations['<key>']\` take a key in brackets; \`${field}\` does not. Write the field without the brackets, or read one label or annotation. ${converting(`field label does not support subscript: ${fieldPath}`)}`)];
    }
    const checked = field === 'metadata.annotations' ? key.toLowerCase() : key;
    const messages = qualifiedNameServerMessages(checked);
    if (!messages.length) return [];
    return [report(C.fieldRefKey, at, `\`${key}\` is not a valid ${field === 'metadata.labels' ? 'label' : 'annotation'} key, so \`${fieldPath}\` can never name one. Use the key exactly as it is written on the Pod (letters, digits, \`-\`, \`_\` and \`.\`, with an optional DNS-subdomain prefix and \`/\`). ${serverSays(messages.map((detail) => serverError(printed, 'Invalid value', checked, detail)))}`)];
  }
  if (!convertibleFieldPath(fieldPath, minor)) {
    return [report(C.fieldRefPath, at, `\`${fieldPath}\` is not a Pod field the downward API knows${fieldPath === 'status.hostIPs' ? ` in Kubernetes 1.${minor} (it came in 1.28, and env may read it from 1.29)` : ''}. An environment variable can read ${oneOf(allowed)}, or one label or annotation as \`metadata.labels['<key>']\`; for a container's limits and requests use \`resourceFieldRef\`. ${converting(`field label not supported: ${fieldPath}`)}`)];
  }
  const internal = fieldPath === 'spec.host' ? 'spec.nodeName' : fieldPath;
  if (allowed.includes(internal)) return [];
  const why = internal === 'metadata.labels' || internal === 'metadata.annotations'
    ? ` All of the Pod's ${internal.slice('metadata.'.length)} can only be written to a file (a \`downwardAPI\` volume); an environment variable reads one of them as \`${internal}['<key>']\`.`
    : internal === 'status.hostIPs'
      ? ` In Kubernetes 1.28 the PodHostIPs feature gate is off by default and env may not read \`status.hostIPs\`; use \`status.hostIP\`, or Kubernetes 1.29 or later.`
      : '';
  return [report(C.fieldRefPath, at, `An environment variable cannot read \`${fieldPath}\`: it can read ${oneOf(allowed)}.${why} ${serverSays([serverError(`${printed}.fieldPath`, 'Unsupported value', internal, supportedValuesDetail(allowed))])}`)];
}

function resourceFieldRefFindings(ref: JsonObject, path: FieldPath): Finding[] {
  const printed = formatFieldPath(path);
  const findings: Finding[] = [];
  const resource = typeof ref.resource === 'string' ? ref.resource : undefined;
  if (resource === '') {
    findings.push(report(C.resource, [...path, 'resource'], `This \`resourceFieldRef\` has an empty \`resource\`: name a limit or request, e.g. \`limits.memory\`. ${serverSays([serverError(`${printed}.resource`, 'Required value')])}`));
  } else if (resource !== undefined && !RESOURCE_FIELD_PATHS.includes(resource) && !/^(requests|limits)\.hugepages-/.test(resource)) {
    // The server lists the supported values in sets.List order (sorted).
    findings.push(report(C.resource, [...path, 'resource'], `\`${resource}\` is not a resource the downward API can read: use ${oneOf(RESOURCE_FIELD_PATHS)}, or \`limits.hugepages-<size>\` / \`requests.hugepages-<size>\`. ${serverSays([serverError(`${printed}.resource`, 'Unsupported value', resource, supportedValuesDetail(RESOURCE_FIELD_PATHS))])}`));
  }
  const parsed = parseQuantity(ref.divisor);
  const rule = resource === undefined ? undefined : divisorRule(resource);
  // A malformed quantity is refused when the request is decoded: the schema check reports it.
  if (!parsed?.ok || !rule || parsed.quantity.nanos === 0n || rule.allowed.includes(parsed.quantity.nanos)) return findings;
  findings.push(report(C.divisor, [...path, 'divisor'], `The value is divided by \`divisor\` before the variable is set, and for \`${resource}\` the server takes only ${rule.allowed === CPU_DIVISORS ? '`1` (whole cores) or `1m` (millicores)' : 'a unit: `1`, `1k`, `1M`, `1G`, ... or `1Ki`, `1Mi`, `1Gi`, ...'}. Leave it out to get the plain number. ${serverSays([serverError(`${printed}.divisor`, 'Invalid value', resource, rule.detail)])}`));
  return findings;
}

/** validateConfigMapKeySelector and validateSecretKeySelector (the same rules, each for its kind). */
function keySelectorFindings(selector: JsonObject, path: FieldPath, kind: 'ConfigMap' | 'Secret'): Finding[] {
  const printed = formatFieldPath(path);
  const findings: Finding[] = [];
  // The name is `omitempty` with an empty default: left out, it is "" and refused like any other bad name.
  const name = selector.name === undefined ? '' : selector.name;
  if (typeof name === 'string') {
    const problems = dns1123SubdomainProblems(name);
    if (problems.length) {
      findings.push(report(C.keyRefName, selector.name === undefined ? path : [...path, 'name'],
        `${name === '' ? `This reference names no ${kind}` : `\`${name}\` is not a valid ${kind} name: ${listProblems(problems)}`}. Write the \`name\` of the ${kind} to read the key from (lower-case letters, digits, \`-\` and \`.\`). ${serverSays(dns1123SubdomainServerMessages(name).map((detail) => serverError(`${printed}.name`, 'Invalid value', name, detail)))}`,
        selector.name === undefined ? 'key' : undefined));
    }
  }
  const key = selector.key;
  if (key === '') {
    findings.push(report(C.keyRefKey, [...path, 'key'], `This reference has an empty \`key\`: name the key of the ${kind} whose value the variable takes. ${serverSays([serverError(`${printed}.key`, 'Required value')])}`));
  } else if (typeof key === 'string') {
    const problems = configMapKeyProblems(key);
    if (problems.length) {
      findings.push(report(C.keyRefKey, [...path, 'key'], `\`${key}\` can never be a key of a ${kind}: ${listProblems(problems)}. Use the key exactly as the ${kind} holds it. ${serverSays(configMapKeyServerMessages(key).map((detail) => serverError(`${printed}.key`, 'Invalid value', key, detail)))}`));
    }
  }
  return findings;
}

function valueFromFindings(valueFrom: Json | undefined, path: FieldPath, minor: number): Finding[] {
  if (!isObject(valueFrom)) return [];
  const findings: Finding[] = [];
  if (isObject(valueFrom.fieldRef)) findings.push(...fieldRefFindings(valueFrom.fieldRef, [...path, 'fieldRef'], minor));
  if (isObject(valueFrom.resourceFieldRef)) findings.push(...resourceFieldRefFindings(valueFrom.resourceFieldRef, [...path, 'resourceFieldRef']));
  if (isObject(valueFrom.configMapKeyRef)) findings.push(...keySelectorFindings(valueFrom.configMapKeyRef, [...path, 'configMapKeyRef'], 'ConfigMap'));
  if (isObject(valueFrom.secretKeyRef)) findings.push(...keySelectorFindings(valueFrom.secretKeyRef, [...path, 'secretKeyRef'], 'Secret'));
  return findings;
}

const ENV_FROM_SOURCES = ['configMapRef', 'secretRef'] as const;

function envFromFindings(ref: ContainerRef): Finding[] {
  const entries = ref.container.envFrom;
  if (!Array.isArray(entries)) return [];
  const findings: Finding[] = [];
  const listPath = [...ref.path, 'envFrom'];
  const printedList = formatFieldPath(listPath);
  entries.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const at = [...listPath, index];
    const present = ENV_FROM_SOURCES.filter((source) => entry[source] !== undefined);
    for (const source of present) {
      const reference = entry[source];
      if (!isObject(reference)) continue;
      const kind = source === 'configMapRef' ? 'ConfigMap' : 'Secret';
      const name = reference.name === undefined ? '' : reference.name;
      if (typeof name !== 'string') continue;
      const printed = formatFieldPath([...at, source, 'name']);
      if (name === '') {
        findings.push(report(C.envFromName, reference.name === undefined ? [...at, source] : [...at, source, 'name'],
          `This \`${source}\` names no ${kind}: every key of the ${kind} it names becomes a variable of the ${describeContainer(ref)}. Add its \`name\`. ${serverSays([serverError(printed, 'Required value')])}`,
          reference.name === undefined ? 'key' : undefined));
        continue;
      }
      // NameIsDNSSubdomain with prefix = true: a trailing `-` is allowed.
      const masked = maskTrailingDash(name);
      const problems = dns1123SubdomainProblems(masked);
      if (problems.length) {
        findings.push(report(C.envFromName, [...at, source, 'name'],
          `\`${name}\` is not a valid ${kind} name: ${listProblems(problems)}. Write the name of the ${kind} (lower-case letters, digits, \`-\` and \`.\`). ${serverSays(dns1123SubdomainServerMessages(masked).map((detail) => serverError(printed, 'Invalid value', name, detail)))}`));
      }
    }
    if (present.length === 1) return;
    // An unknown key (a misspelt source) is the schema check's finding: no second one.
    if (present.length === 0 && Object.keys(entry).some((key) => key !== 'prefix')) return;
    findings.push(present.length === 0
      ? report(C.envFromSource, at, `This \`envFrom\` entry names no source: add \`configMapRef: {name: ...}\` or \`secretRef: {name: ...}\` (a \`prefix\` alone imports nothing). ${serverSays([serverError(printedList, 'Invalid value', '', 'must specify one of: `configMapRef` or `secretRef`')])}`, 'entry')
      : report(C.envFromSource, [...at, present[1]], `This \`envFrom\` entry names both \`configMapRef\` and \`secretRef\`; each entry imports one of them. Move \`${present[1]}\` to an entry of its own (\`- ${present[1]}: ...\`). ${serverSays([serverError(printedList, 'Invalid value', '', 'may not have more than one field specified at a time')])}`, 'key'));
  });
  return findings;
}

function containerFindings(ref: ContainerRef, minor: number): Finding[] {
  const findings: Finding[] = [];
  const env = ref.container.env;
  if (Array.isArray(env)) {
    env.forEach((variable, index) => {
      if (isObject(variable)) findings.push(...valueFromFindings(variable.valueFrom, [...ref.path, 'env', index, 'valueFrom'], minor));
    });
  }
  findings.push(...envFromFindings(ref));
  return findings;
}

export function checkEnvSources(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  return spec ? allContainersOf(spec, base).flatMap((ref) => containerFindings(ref, minor)) : [];
}

export const validateEnvSources = jobTemplateRule('validateEnvVarValueFrom (sources)', Object.values(ENV_SOURCE_CODES), checkEnvSources);
