// Seccomp and AppArmor profiles of the pod and its containers, as fields and as the older annotations:
// validateSeccompProfileField (with validateSeccompProfileType and validateLocalDescendingPath),
// ValidateSeccompPodAnnotations, validateSeccompAnnotationsAndFields, ValidateAppArmorProfileField,
// ValidateAppArmorPodAnnotations and validateAppArmorAnnotationsAndFieldsMatchOnCreate, all called for a pod
// template by ValidatePodTemplateSpec. The appArmorProfile field exists from 1.30 (earlier releases only
// know the annotations); everything else holds in every release we support. The server reports annotation
// errors at `<template>.annotations...`, without `metadata`.
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { byteLength } from '../../kube/names';
import { HREF, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asObject, asString, report } from '../shared';
import { allContainersOf, containersOf, describeContainer, jobTemplateRule, podSpecOf } from './podTemplate';

const code = (suffix: string, title: string, mirrors: string, href: string): RuleCode => ({ code: `pod/security-context-${suffix}`, severity: 'error', title, mirrors, href });

export const SECURITY_PROFILE_CODES = {
  seccompTypeRequired: code('seccomp-type-required', 'A seccompProfile needs a type', 'validateSeccompProfileType', HREF.seccomp),
  seccompTypeUnsupported: code('seccomp-type-unsupported', 'A seccompProfile type must be RuntimeDefault, Unconfined or Localhost', 'validateSeccompProfileType', HREF.seccomp),
  seccompLocalhostRequired: code('seccomp-localhost-profile-required', 'A Localhost seccompProfile needs localhostProfile', 'validateSeccompProfileField', HREF.seccomp),
  seccompLocalhostForbidden: code('seccomp-localhost-profile-forbidden', 'Only a Localhost seccompProfile may set localhostProfile', 'validateSeccompProfileField', HREF.seccomp),
  seccompLocalhostInvalid: code('seccomp-localhost-profile-invalid', 'A seccomp localhost profile must be a relative path without ..', 'validateLocalDescendingPath', HREF.seccomp),
  seccompAnnotationInvalid: code('seccomp-annotation-invalid', 'Seccomp annotations must name runtime/default, docker/default, unconfined or localhost/<path>', 'ValidateSeccompPodAnnotations (ValidateSeccompProfile)', HREF.seccomp),
  seccompAnnotationMismatch: code('seccomp-annotation-mismatch', 'A seccomp annotation and the seccompProfile field must agree', 'validateSeccompAnnotationsAndFields', HREF.seccomp),
  appArmorTypeRequired: code('apparmor-type-required', 'An appArmorProfile needs a type (1.30+)', 'ValidateAppArmorProfileField', HREF.appArmor),
  appArmorTypeUnsupported: code('apparmor-type-unsupported', 'An appArmorProfile type must be RuntimeDefault, Unconfined or Localhost (1.30+)', 'ValidateAppArmorProfileField', HREF.appArmor),
  appArmorLocalhostRequired: code('apparmor-localhost-profile-required', 'A Localhost appArmorProfile needs a non-empty localhostProfile (1.30+)', 'ValidateAppArmorProfileField', HREF.appArmor),
  appArmorLocalhostWhitespace: code('apparmor-localhost-profile-whitespace', 'An AppArmor localhostProfile may not start or end with spaces (1.30+)', 'ValidateAppArmorProfileField', HREF.appArmor),
  appArmorLocalhostTooLong: code('apparmor-localhost-profile-too-long', 'An AppArmor localhostProfile may have at most 4095 bytes (1.30+)', 'ValidateAppArmorProfileField', HREF.appArmor),
  appArmorLocalhostForbidden: code('apparmor-localhost-profile-forbidden', 'Only a Localhost appArmorProfile may set localhostProfile (1.30+)', 'ValidateAppArmorProfileField', HREF.appArmor),
  appArmorAnnotationContainer: code('apparmor-annotation-container-not-found', 'An AppArmor annotation must name a container of the pod', 'ValidateAppArmorPodAnnotations', HREF.appArmor),
  appArmorAnnotationInvalid: code('apparmor-annotation-invalid', 'AppArmor annotations must be runtime/default, unconfined or localhost/<profile>', 'ValidateAppArmorPodAnnotations (ValidateAppArmorProfileFormat)', HREF.appArmor),
  appArmorAnnotationMismatch: code('apparmor-annotation-mismatch', 'An AppArmor annotation and the appArmorProfile field must agree (1.30+)', 'validateAppArmorAnnotationsAndFieldsMatchOnCreate', HREF.appArmor),
} satisfies Record<string, RuleCode>;

const C = SECURITY_PROFILE_CODES;
const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];
const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_CONTAINER_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';
const MAX_APPARMOR_PROFILE_BYTES = 4095;

/** Where a security context sits and who owns it, for paths and messages. */
interface ProfileOwner {
  path: FieldPath;
  who: string;
}

// ---- fields ----------------------------------------------------------------------------------------

/** validateLocalDescendingPath: relative, and no `..` element. */
export function localDescendingPathMessages(value: string): string[] {
  const messages: string[] = [];
  if (value.startsWith('/')) messages.push('must be a relative path');
  if (value.split('/').includes('..')) messages.push("must not contain '..'");
  return messages;
}

function seccompFieldFindings(profile: JsonObject, owner: ProfileOwner): Finding[] {
  const findings: Finding[] = [];
  const path = [...owner.path, 'seccompProfile'];
  const type = asString(profile.type);
  const typePath = [...path, 'type'];
  if (type === '') {
    findings.push(report(C.seccompTypeRequired, typePath,
      `The seccompProfile of ${owner.who} has an empty type: use \`RuntimeDefault\` (the container runtime's default filter), \`Localhost\` (a profile file on the node) or \`Unconfined\` (no filter). ${serverSays([serverError(formatFieldPath(typePath), 'Required value', undefined, 'type is required when seccompProfile is set')])}`));
  } else if (type !== undefined && !PROFILE_TYPES.includes(type)) {
    findings.push(report(C.seccompTypeUnsupported, typePath,
      `\`${type}\` is not a seccomp profile type: use \`RuntimeDefault\`, \`Localhost\` or \`Unconfined\` (values are case-sensitive). ${serverSays([serverError(formatFieldPath(typePath), 'Unsupported value', type, supportedValuesDetail(PROFILE_TYPES))])}`));
  }
  const localhostPath = [...path, 'localhostProfile'];
  const localhost = profile.localhostProfile;
  if (type === 'Localhost') {
    if (localhost === undefined) {
      findings.push(report(C.seccompLocalhostRequired, localhostPath,
        `A \`Localhost\` seccomp profile of ${owner.who} needs \`localhostProfile\`: the profile file's path relative to the kubelet's seccomp directory, e.g. \`profiles/audit.json\`. ${serverSays([serverError(formatFieldPath(localhostPath), 'Required value', undefined, 'must be set when seccomp type is Localhost')])}`, 'key'));
    } else if (typeof localhost === 'string') {
      const messages = localDescendingPathMessages(localhost);
      if (messages.length) {
        findings.push(report(C.seccompLocalhostInvalid, localhostPath,
          `\`${localhost}\` must be a path relative to the kubelet's seccomp profile directory, without \`..\`: drop the leading \`/\` and any \`..\`. ${serverSays(messages.map((message) => serverError(formatFieldPath(localhostPath), 'Invalid value', localhost, message)))}`));
      }
    }
  } else if (localhost !== undefined) {
    findings.push(report(C.seccompLocalhostForbidden, localhostPath,
      `\`localhostProfile\` is used only with \`type: Localhost\`; ${type ? `with \`${type}\`` : 'without a type'} remove it (or set the type to \`Localhost\` to load that profile). ${serverSays([serverError(formatFieldPath(localhostPath), 'Invalid value', undefined, 'can only be set when seccomp type is Localhost')])}`, 'key'));
  }
  return findings;
}

function appArmorFieldFindings(profile: JsonObject, owner: ProfileOwner): Finding[] {
  const path = [...owner.path, 'appArmorProfile'];
  const type = asString(profile.type);
  const typePath = [...path, 'type'];
  const localhostPath = [...path, 'localhostProfile'];
  const localhost = profile.localhostProfile;
  if (type === 'Localhost') {
    if (localhost === undefined) {
      return [report(C.appArmorLocalhostRequired, localhostPath,
        `A \`Localhost\` AppArmor profile of ${owner.who} needs \`localhostProfile\`: the name of a profile loaded on the node. ${serverSays([serverError(formatFieldPath(localhostPath), 'Required value', undefined, 'must be set when AppArmor type is Localhost')])}`, 'key')];
    }
    if (typeof localhost !== 'string') return [];
    const findings: Finding[] = [];
    if (localhost.trim() !== localhost) {
      findings.push(report(C.appArmorLocalhostWhitespace, localhostPath,
        `The AppArmor profile name \`${localhost}\` starts or ends with whitespace; remove it. ${serverSays([serverError(formatFieldPath(localhostPath), 'Invalid value', localhost, 'must not be padded with whitespace')])}`));
    } else if (localhost === '') {
      findings.push(report(C.appArmorLocalhostRequired, localhostPath,
        `A \`Localhost\` AppArmor profile of ${owner.who} needs the name of a profile loaded on the node; it is empty. ${serverSays([serverError(formatFieldPath(localhostPath), 'Required value', undefined, 'must be set when AppArmor type is Localhost')])}`));
    }
    if (byteLength(localhost) > MAX_APPARMOR_PROFILE_BYTES) {
      findings.push(report(C.appArmorLocalhostTooLong, localhostPath,
        `The AppArmor profile name has ${byteLength(localhost)} bytes; at most ${MAX_APPARMOR_PROFILE_BYTES} are allowed (a path length). ${serverSays([serverError(formatFieldPath(localhostPath), 'Too long', undefined, `may not be more than ${MAX_APPARMOR_PROFILE_BYTES} bytes`)])}`));
    }
    return findings;
  }
  if (type === 'RuntimeDefault' || type === 'Unconfined') {
    if (localhost === undefined) return [];
    return [report(C.appArmorLocalhostForbidden, localhostPath,
      `\`localhostProfile\` is used only with \`type: Localhost\`; with \`${type}\` remove it (or set the type to \`Localhost\` to use that profile). ${serverSays([serverError(formatFieldPath(localhostPath), 'Invalid value', typeof localhost === 'string' ? localhost : undefined, 'can only be set when AppArmor type is Localhost')])}`, 'key')];
  }
  if (type === '') {
    return [report(C.appArmorTypeRequired, typePath,
      `The appArmorProfile of ${owner.who} has an empty type: use \`RuntimeDefault\`, \`Localhost\` or \`Unconfined\`. ${serverSays([serverError(formatFieldPath(typePath), 'Required value', undefined, 'type is required when appArmorProfile is set')])}`)];
  }
  if (type === undefined) return []; // missing: the schema check's finding
  return [report(C.appArmorTypeUnsupported, typePath,
    `\`${type}\` is not an AppArmor profile type: use \`RuntimeDefault\`, \`Localhost\` or \`Unconfined\` (values are case-sensitive). ${serverSays([serverError(formatFieldPath(typePath), 'Unsupported value', type, supportedValuesDetail(PROFILE_TYPES))])}`)];
}

function owners(spec: JsonObject, base: FieldPath): { owner: ProfileOwner; context: JsonObject }[] {
  const result: { owner: ProfileOwner; context: JsonObject }[] = [];
  for (const ref of allContainersOf(spec, base)) {
    const context = asObject(ref.container.securityContext);
    if (context) result.push({ owner: { path: [...ref.path, 'securityContext'], who: `the ${describeContainer(ref)}` }, context });
  }
  const podContext = asObject(spec.securityContext);
  if (podContext) result.push({ owner: { path: [...base, 'spec', 'securityContext'], who: 'the pod' }, context: podContext });
  return result;
}

// ---- annotations -----------------------------------------------------------------------------------

/** ValidateSeccompProfile: the values a seccomp annotation may hold. */
function seccompAnnotationMessages(value: string): string[] {
  if (value === 'runtime/default' || value === 'docker/default' || value === 'unconfined') return [];
  if (value.startsWith('localhost/')) return localDescendingPathMessages(value.slice('localhost/'.length));
  return ['must be a valid seccomp profile'];
}

/** validateSeccompAnnotationsAndFieldsMatch: the error's field and detail, or undefined when they agree. */
function seccompMismatch(annotation: string, profile: JsonObject): { field: string; detail: string } | undefined {
  const type = profile.type;
  if (type === 'Unconfined' && annotation !== 'unconfined') return { field: 'type', detail: 'seccomp type in annotation and field must match' };
  if (type === 'RuntimeDefault' && annotation !== 'runtime/default' && annotation !== 'docker/default') return { field: 'type', detail: 'seccomp type in annotation and field must match' };
  if (type === 'Localhost') {
    if (!annotation.startsWith('localhost/')) return { field: 'type', detail: 'seccomp type in annotation and field must match' };
    if (annotation.slice('localhost/'.length) !== profile.localhostProfile) return { field: 'localhostProfile', detail: 'seccomp profile in annotation and field must match' };
  }
  return undefined;
}

/** The AppArmor counterpart (validateAppArmorAnnotationsAndFieldsMatchOnCreate). */
function appArmorMismatch(annotation: string, profile: JsonObject): { field: string; detail: string } | undefined {
  const type = profile.type;
  if (type === 'Unconfined' && annotation !== 'unconfined') return { field: 'type', detail: 'apparmor type in annotation and field must match' };
  if (type === 'RuntimeDefault' && annotation !== 'runtime/default') return { field: 'type', detail: 'apparmor type in annotation and field must match' };
  if (type === 'Localhost') {
    if (!annotation.startsWith('localhost/')) return { field: 'type', detail: 'apparmor type in annotation and field must match' };
    if (annotation.slice('localhost/'.length) !== profile.localhostProfile) return { field: 'localhostProfile', detail: 'apparmor profile in annotation and field must match' };
  }
  return undefined;
}

function annotationsOf(template: JsonObject): Record<string, string> {
  const annotations = asObject(asObject(template.metadata)?.annotations) ?? {};
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(annotations)) if (typeof value === 'string') result[key] = value;
  return result;
}

function annotationFindings(annotations: Record<string, string>, spec: JsonObject, base: FieldPath): Finding[] {
  const findings: Finding[] = [];
  const names = new Set([...containersOf(spec, base, 'initContainers'), ...containersOf(spec, base, 'containers')]
    .map((ref) => ref.container.name).filter((name): name is string => typeof name === 'string'));
  const printedAnnotations = `${formatFieldPath(base)}.annotations`;
  for (const [key, value] of Object.entries(annotations)) {
    const path = [...base, 'metadata', 'annotations', key];
    if (key === SECCOMP_POD_ANNOTATION || key.startsWith(SECCOMP_CONTAINER_PREFIX)) {
      const messages = seccompAnnotationMessages(value);
      if (messages.length) {
        findings.push(report(C.seccompAnnotationInvalid, path,
          `\`${value}\` is not a seccomp profile the annotation \`${key}\` can name: use \`runtime/default\`, \`unconfined\` or \`localhost/<relative path>\`. Better, use the \`seccompProfile\` field of the securityContext: these annotations are deprecated and have no effect from Kubernetes 1.27. ${serverSays(messages.map((message) => serverError(`${printedAnnotations}.${key}`, 'Invalid value', value, message)))}`));
      }
    }
    if (!key.startsWith(APPARMOR_CONTAINER_PREFIX)) continue;
    const container = key.slice(APPARMOR_CONTAINER_PREFIX.length);
    const printed = `${printedAnnotations}[${key}]`;
    if (!names.has(container)) {
      findings.push(report(C.appArmorAnnotationContainer, path,
        `The AppArmor annotation names container \`${container}\`, but the pod has no container of that name (it has ${[...names].map((name) => `\`${name}\``).join(', ') || 'none'}). Fix the name after the \`/\`. ${serverSays([serverError(printed, 'Invalid value', container, 'container not found')])}`, 'key'));
    }
    if (value !== '' && value !== 'runtime/default' && value !== 'unconfined' && !value.startsWith('localhost/')) {
      findings.push(report(C.appArmorAnnotationInvalid, path,
        `\`${value}\` is not an AppArmor profile: use \`runtime/default\`, \`unconfined\` or \`localhost/<profile name>\`. ${serverSays([serverError(printed, 'Invalid value', value, `invalid AppArmor profile name: ${JSON.stringify(value)}`)])}`));
    }
  }
  return findings;
}

function mismatchFindings(annotations: Record<string, string>, spec: JsonObject, base: FieldPath, minor: number): Finding[] {
  const findings: Finding[] = [];
  const podContext = asObject(spec.securityContext);
  const podSeccomp = asObject(podContext?.seccompProfile);
  const podAnnotation = annotations[SECCOMP_POD_ANNOTATION];
  if (podSeccomp && podAnnotation !== undefined) {
    const mismatch = seccompMismatch(podAnnotation, podSeccomp);
    if (mismatch) findings.push(mismatchFinding(C.seccompAnnotationMismatch, [...base, 'spec', 'securityContext', 'seccompProfile', mismatch.field], mismatch.detail, SECCOMP_POD_ANNOTATION, podAnnotation));
  }
  const podAppArmor = minor >= 30 ? asObject(podContext?.appArmorProfile) : undefined;
  const windows = asString(asObject(spec.os)?.name) === 'windows' && minor >= 24;
  // The server visits init containers first.
  for (const ref of [...containersOf(spec, base, 'initContainers'), ...containersOf(spec, base, 'containers')]) {
    const name = typeof ref.container.name === 'string' ? ref.container.name : '';
    const context = asObject(ref.container.securityContext);
    const seccomp = asObject(context?.seccompProfile);
    const seccompAnnotation = annotations[SECCOMP_CONTAINER_PREFIX + name];
    if (seccomp && seccompAnnotation !== undefined) {
      const mismatch = seccompMismatch(seccompAnnotation, seccomp);
      if (mismatch) findings.push(mismatchFinding(C.seccompAnnotationMismatch, [...ref.path, 'securityContext', 'seccompProfile', mismatch.field], mismatch.detail, SECCOMP_CONTAINER_PREFIX + name, seccompAnnotation));
    }
    if (minor < 30 || windows) continue; // no field before 1.30; Windows pods are not compared
    const appArmor = asObject(context?.appArmorProfile) ?? podAppArmor;
    const appArmorAnnotation = annotations[APPARMOR_CONTAINER_PREFIX + name];
    if (appArmor && appArmorAnnotation !== undefined) {
      const mismatch = appArmorMismatch(appArmorAnnotation, appArmor);
      if (mismatch) findings.push(mismatchFinding(C.appArmorAnnotationMismatch, [...ref.path, 'securityContext', 'appArmorProfile', mismatch.field], mismatch.detail, APPARMOR_CONTAINER_PREFIX + name, appArmorAnnotation));
    }
  }
  return findings;
}

function mismatchFinding(code: RuleCode, path: FieldPath, detail: string, key: string, annotation: string): Finding {
  return report(code, path,
    `The annotation \`${key}: ${annotation}\` contradicts this field, and the server refuses the pair. Remove the deprecated annotation (the field is what takes effect) or make the two agree. ${serverSays([serverError(formatFieldPath(path), 'Forbidden', undefined, detail)])}`);
}

export function checkSecurityProfiles(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec || !template || typeof template !== 'object' || Array.isArray(template)) return [];
  const findings: Finding[] = [];
  for (const { owner, context } of owners(spec, base)) {
    const seccomp = asObject(context.seccompProfile);
    if (seccomp) findings.push(...seccompFieldFindings(seccomp, owner));
    const appArmor = asObject(context.appArmorProfile);
    if (appArmor && minor >= 30) findings.push(...appArmorFieldFindings(appArmor, owner));
  }
  const annotations = annotationsOf(template);
  findings.push(...annotationFindings(annotations, spec, base), ...mismatchFindings(annotations, spec, base, minor));
  return findings;
}

export const validateSecurityProfiles =
  jobTemplateRule('validateSecurityProfiles', Object.values(SECURITY_PROFILE_CODES), checkSecurityProfiles);
