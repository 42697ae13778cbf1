// validateEphemeralVolumeSource: a generic ephemeral volume's claim template, checked as the server checks
// it for a pod template (ValidatePersistentVolumeClaimTemplate: ValidateTemplateObjectMeta, then
// ValidatePersistentVolumeClaimSpec with the options of a create). A template has no Pod name, so the
// checks of the generated claim's name (`<pod>-<volume>`) do not apply.
import { isObject } from '../../kube/defaults';
import { dns1123SubdomainProblems, dns1123SubdomainServerMessages, qualifiedNameServerMessages, labelValueServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Json, type JsonObject } from '../../types';
import { annotationFindings, labelFindings } from '../meta/labelsAndAnnotations';
import { parseLabelSelector, type SelectorProblem } from '../job/labelSelector';
import { checkQuantity } from './volumeChecks';
import { oneOf, said, SOURCE_CODES as C, supportedValuesDetail, type VolumeReporter } from './volumeSourceCodes';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const VOLUME_MODES = ['Block', 'Filesystem'];

/** ReadWriteOncePod is refused while its gate is off by default (alpha until 1.26, beta on from 1.27). */
function accessModesOf(minor: number): string[] {
  return minor >= 27 ? ACCESS_MODES : ACCESS_MODES.filter((mode) => mode !== 'ReadWriteOncePod');
}

/** metav1.ObjectMeta fields by JSON name, as validateFieldAllowList names them (Go field name, first letter lowered). */
const META_FIELD_NAMES: Record<string, string> = { uid: 'uID' };

export function checkEphemeralVolume(rep: VolumeReporter, source: JsonObject, path: FieldPath): void {
  const template = source.volumeClaimTemplate;
  const at = [...path, 'volumeClaimTemplate'];
  if (template === undefined) {
    rep.add(C.fieldRequired, at, 'This ephemeral volume has no `volumeClaimTemplate`: describe the claim to create for each Pod (`spec.accessModes` and `spec.resources.requests.storage`, usually a `storageClassName`).', [said(at, 'Required value')]);
    return;
  }
  if (!isObject(template)) return;
  if (isObject(template.metadata)) templateMetadata(rep, template.metadata, [...at, 'metadata']);
  if (isObject(template.spec)) claimSpec(rep, template.spec, [...at, 'spec']);
}

function templateMetadata(rep: VolumeReporter, metadata: JsonObject, path: FieldPath): void {
  const printed = formatFieldPath(path);
  const owner = 'The Job';
  rep.findings.push(
    ...labelFindings(metadata.labels, { at: [...path, 'labels'], printed: `${printed}.labels`, owner }, { key: C.claimLabelInvalid.code, value: C.claimLabelInvalid.code }),
    ...annotationFindings(metadata.annotations, { at: [...path, 'annotations'], printed: `${printed}.annotations`, owner }, { key: C.claimAnnotationInvalid.code, size: C.claimAnnotationInvalid.code }),
  );
  for (const [key, value] of Object.entries(metadata)) {
    if (key === 'labels' || key === 'annotations' || isZero(value)) continue;
    const field = META_FIELD_NAMES[key] ?? key;
    rep.add(C.claimMetadataForbidden, [...path, key], `A claim template's metadata may only hold \`labels\` and \`annotations\`: the server names the claim itself (\`<pod name>-<volume name>\`) and sets the rest. Remove \`${key}\`.`, [said(`${printed}.${field}`, 'Forbidden', undefined, 'cannot be set')], 'key');
  }
}

/** Go's zero value of a field as decoded from JSON (an empty list is not zero: it decodes to a non-nil slice). */
function isZero(value: Json): boolean {
  return value === '' || value === 0 || value === false || value === null;
}

function claimSpec(rep: VolumeReporter, spec: JsonObject, path: FieldPath): void {
  const printed = formatFieldPath(path);
  const modes = spec.accessModes;
  const modesAt = [...path, 'accessModes'];
  if (modes === undefined || (Array.isArray(modes) && modes.length === 0)) {
    rep.add(C.claimAccessModesRequired, modesAt, 'The claim template names no access mode: add `accessModes: [ReadWriteOnce]` (one node mounts it read-write), or another mode the storage class supports.', [said(modesAt, 'Required value', undefined, 'at least 1 access mode is required')]);
  }
  if (spec.selector !== undefined) selectorProblems(rep, spec.selector, [...path, 'selector']);
  if (Array.isArray(modes)) accessModeProblems(rep, modes, modesAt);
  storageRequest(rep, spec.resources, path, printed);
  classNames(rep, spec, path);
  const mode = spec.volumeMode;
  if (typeof mode === 'string' && !VOLUME_MODES.includes(mode)) {
    rep.add(C.claimVolumeModeUnsupported, [...path, 'volumeMode'], `\`${mode}\` is not a volume mode: use \`Filesystem\` (the default, mounted with volumeMounts) or \`Block\` (a raw device, attached with volumeDevices).`, [said([...path, 'volumeMode'], 'Unsupported value', mode, supportedValuesDetail(VOLUME_MODES))]);
  }
  dataSources(rep, spec, path);
}

function accessModeProblems(rep: VolumeReporter, modes: Json[], at: FieldPath): void {
  const supported = accessModesOf(rep.minor);
  let readWriteOncePod = false;
  let other = false;
  modes.forEach((mode, index) => {
    if (typeof mode !== 'string') return;
    if (!supported.includes(mode)) {
      const later = mode === 'ReadWriteOncePod' ? ` ReadWriteOncePod needs the ReadWriteOncePod feature gate, off by default before Kubernetes 1.27.` : '';
      rep.add(C.claimAccessModeUnsupported, [...at, index], `\`${mode}\` is not an access mode: use ${oneOf(supported)} (values are case-sensitive).${later}`, [said(at, 'Unsupported value', mode, supportedValuesDetail(supported))]);
    } else if (mode === 'ReadWriteOncePod') {
      readWriteOncePod = true;
    } else {
      other = true;
    }
  });
  if (readWriteOncePod && other) {
    rep.add(C.claimAccessModeAlone, at, '`ReadWriteOncePod` (one Pod only) cannot be combined with other access modes: keep it alone, or drop it.', [said(at, 'Forbidden', undefined, 'may not use ReadWriteOncePod with other access modes')]);
  }
}

function storageRequest(rep: VolumeReporter, resources: Json | undefined, path: FieldPath, printed: string): void {
  const requests = isObject(resources) && isObject(resources.requests) ? resources.requests : undefined;
  for (const side of ['requests', 'limits']) {
    const list = isObject(resources) ? resources[side] : undefined;
    if (!isObject(list)) continue;
    for (const [name, value] of Object.entries(list)) if (!(side === 'requests' && name === 'storage')) checkQuantity(rep, value, [...path, 'resources', side, name]);
  }
  const serverPath = `${printed}.resources[storage]`;
  if (!requests || requests.storage === undefined) {
    const at = requests ? [...path, 'resources', 'requests'] : isObject(resources) ? [...path, 'resources'] : path;
    rep.add(C.claimStorageRequired, at, 'The claim template requests no storage: add `resources: {requests: {storage: 1Gi}}` with the size the volume needs.', [said(serverPath, 'Required value')], 'key');
    return;
  }
  const at = [...path, 'resources', 'requests', 'storage'];
  const storage = checkQuantity(rep, requests.storage, at);
  if (storage && storage.nanos <= 0n) {
    rep.add(C.claimStorageNotPositive, at, `A claim must request some storage; \`${storage.text}\` is not more than zero. Request the size the volume needs, e.g. \`1Gi\`.`, [said(serverPath, 'Invalid value', storage.text, 'must be greater than zero')]);
  }
}

function classNames(rep: VolumeReporter, spec: JsonObject, path: FieldPath): void {
  // volumeAttributesClassName is only checked while the VolumeAttributesClass gate is on (GA from 1.34).
  const fields = ['storageClassName', ...(rep.minor >= 34 ? ['volumeAttributesClassName'] : [])];
  for (const field of fields) {
    const name = spec[field];
    if (typeof name !== 'string' || name === '' || dns1123SubdomainProblems(name).length === 0) continue;
    rep.add(C.claimClassNameInvalid, [...path, field], `\`${name}\` cannot be the name of a class: ${dns1123SubdomainProblems(name).join('; ')}. Class names are DNS subdomains (lower-case letters, digits, \`-\` and \`.\`); check the name with \`kubectl get ${field === 'storageClassName' ? 'storageclass' : 'volumeattributesclass'}\`.`, dns1123SubdomainServerMessages(name).map((detail) => said([...path, field], 'Invalid value', name, detail)));
  }
}

function dataSources(rep: VolumeReporter, spec: JsonObject, path: FieldPath): void {
  for (const field of ['dataSource', 'dataSourceRef'] as const) {
    const source = spec[field];
    if (!isObject(source)) continue;
    const at = [...path, field];
    for (const key of ['name', 'kind'] as const) {
      if (source[key] === '') rep.add(C.claimDataSourceInvalid, [...at, key], `\`${field}.${key}\` is empty: name the ${key === 'name' ? 'object' : 'kind of object'} to fill the new volume from.`, [said([...at, key], 'Required value')]);
    }
    const apiGroup = typeof source.apiGroup === 'string' ? source.apiGroup : '';
    const kind = source.kind;
    if (apiGroup === '' && typeof kind === 'string' && kind !== '' && kind !== 'PersistentVolumeClaim') {
      rep.add(C.claimDataSourceInvalid, [...at, 'kind'], `Without an \`apiGroup\`, a data source can only be another \`PersistentVolumeClaim\`; for a \`${kind}\` name its API group (e.g. \`apiGroup: snapshot.storage.k8s.io\` for a VolumeSnapshot).`, [said(at, 'Invalid value', kind, "must be 'PersistentVolumeClaim' when referencing the default apiGroup")]);
    }
    // The API group's syntax is checked from 1.32 at the latest (validateDataSource with its ratcheting option).
    if (apiGroup !== '' && rep.minor >= 32 && dns1123SubdomainProblems(apiGroup).length) {
      rep.add(C.claimDataSourceInvalid, [...at, 'apiGroup'], `\`${apiGroup}\` is not an API group name (a DNS subdomain, without a version: \`snapshot.storage.k8s.io\`, not \`snapshot.storage.k8s.io/v1\`).`, dns1123SubdomainServerMessages(apiGroup).map((detail) => said([...at, 'apiGroup'], 'Invalid value', apiGroup, detail)));
    }
  }
  const { dataSource, dataSourceRef } = spec;
  if (!isObject(dataSource) || !isObject(dataSourceRef) || (typeof dataSourceRef.namespace === 'string' && dataSourceRef.namespace !== '')) return;
  const same = (dataSource.apiGroup ?? null) === (dataSourceRef.apiGroup ?? null) && dataSource.kind === dataSourceRef.kind && dataSource.name === dataSourceRef.name;
  if (!same) {
    rep.add(C.claimDataSourceInvalid, [...path, 'dataSource'], '`dataSource` and `dataSourceRef` name different objects; when both are set they must agree. Keep only `dataSourceRef`.', [`${formatFieldPath(path)}: Invalid value: "${formatFieldPath([...path, 'dataSource'])}": must match dataSourceRef`], 'key');
  }
}

function selectorProblems(rep: VolumeReporter, selector: Json, path: FieldPath): void {
  const parsed = parseLabelSelector(selector, path);
  if (parsed.wrongType) return;
  for (const problem of parsed.problems) {
    const [message, server] = selectorProblem(problem);
    rep.add(C.claimSelectorInvalid, problem.path, `The claim template's selector is malformed: ${message}`, server);
  }
}

function selectorProblem(problem: SelectorProblem): [string, string[]] {
  const printed = formatFieldPath(problem.path);
  switch (problem.kind) {
    case 'matchLabelsKey':
      return [`\`${problem.key}\` is not a valid label key (${problem.problems.join('; ')}).`, qualifiedNameServerMessages(problem.key).map((detail) => said(printed, 'Invalid value', problem.key, detail))];
    case 'matchLabelsValue':
      return [`the value of \`${problem.key}\` is not a valid label value (${problem.problems.join('; ')}).`, labelValueServerMessages(problem.value).map((detail) => said(printed, 'Invalid value', problem.value, detail))];
    case 'valuesRequired':
      return [`\`${problem.operator}\` needs at least one value.`, [said(printed, 'Required value', undefined, "must be specified when `operator` is 'In' or 'NotIn'")]];
    case 'valuesForbidden':
      return [`\`${problem.operator}\` takes no values; remove \`values\`.`, [said(printed, 'Forbidden', undefined, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")]];
    case 'invalidOperator':
      return [`\`${problem.operator}\` is not a selector operator: use \`In\`, \`NotIn\`, \`Exists\` or \`DoesNotExist\`.`, [said(printed, 'Invalid value', problem.operator, 'not a valid selector operator')]];
    case 'invalidKey':
      return [`\`${problem.key}\` is not a valid label key (${problem.problems.join('; ')}).`, qualifiedNameServerMessages(problem.key).map((detail) => said(printed, 'Invalid value', problem.key, detail))];
    case 'invalidValue':
      return [`\`${problem.value}\` is not a valid label value (${problem.problems.join('; ')}).`, labelValueServerMessages(problem.value).map((detail) => said(printed, 'Invalid value', problem.value, detail))];
  }
}
