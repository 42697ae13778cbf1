// ValidateObjectMeta at create, for every kind: name or generateName, the name rule of the kind (a DNS
// subdomain for Job, CronJob and CSIDriver alike), the namespace of a namespaced kind (ValidateNamespaceName:
// a DNS-1123 label; a cluster-scoped CSIDriver's is cleared before validation, csidriver/clearNamespace), label
// and annotation syntax, annotation size. Each is a part of its own: a templated name leaves the labels judged. (A CronJob's
// `spec.jobTemplate.metadata` is not validated at its create: ValidateJobTemplateSpec reads only the spec.)
// Labels are read as written (context.object): a Job without labels inherits the template's labels, and a
// bad template label is reported once, by the pod-template rule, which says the server repeats it here.
import { isObject } from '../../kube/defaults';
import {
  dns1123LabelProblems, dns1123LabelServerMessages, dns1123SubdomainProblems, dns1123SubdomainServerMessages, generatedNameFor,
  maskTrailingDash,
} from '../../kube/names';
import { KINDS, type Finding, type Json, type JsonObject, type Rule, type RuleCode, type RuleContext } from '../../types';
import { annotationFindings, labelFindings } from './labelsAndAnnotations';
import { HREF, listProblems, serverError, serverSays } from './report';

const MIRRORS = 'ValidateObjectMeta';

export const OBJECT_META_CODES = {
  nameRequired: 'meta/name-required',
  nameInvalid: 'meta/name-invalid',
  generateNameInvalid: 'meta/generate-name-invalid',
  namespaceInvalid: 'meta/namespace-invalid',
  labelKey: 'meta/label-key-invalid',
  labelValue: 'meta/label-value-invalid',
  annotationKey: 'meta/annotation-key-invalid',
  annotationsTooLong: 'meta/annotations-too-long',
} as const;

export const OBJECT_META_RULE_CODES: readonly RuleCode[] = [
  { code: OBJECT_META_CODES.nameRequired, severity: 'error', title: 'metadata.name or metadata.generateName is required', mirrors: MIRRORS, reference: 'JOB-META-01, CSI-META-01', href: HREF.names },
  { code: OBJECT_META_CODES.nameInvalid, severity: 'error', title: 'metadata.name must be a DNS-1123 subdomain', mirrors: `${MIRRORS} (NameIsDNSSubdomain)`, reference: 'JOB-META-02, CSI-META-02', href: HREF.names },
  { code: OBJECT_META_CODES.generateNameInvalid, severity: 'error', title: 'metadata.generateName must make a DNS-1123 subdomain', mirrors: `${MIRRORS} (NameIsDNSSubdomain, prefix)`, reference: 'JOB-META-02, CSI-META-02', href: HREF.names },
  { code: OBJECT_META_CODES.namespaceInvalid, severity: 'error', title: 'metadata.namespace must be a DNS-1123 label (at most 63 lower-case letters, digits and `-`)', mirrors: `${MIRRORS} (ValidateNamespaceName)`, href: HREF.namespaceNames },
  { code: OBJECT_META_CODES.labelKey, severity: 'error', title: 'Label keys must be qualified names', mirrors: `${MIRRORS} (ValidateLabels)`, reference: 'JOB-META-03, CSI-META-04', href: HREF.labels },
  { code: OBJECT_META_CODES.labelValue, severity: 'error', title: 'Label values must be valid label values', mirrors: `${MIRRORS} (ValidateLabels)`, reference: 'JOB-META-03, CSI-META-04', href: HREF.labels },
  { code: OBJECT_META_CODES.annotationKey, severity: 'error', title: 'Annotation keys must be qualified names', mirrors: `${MIRRORS} (ValidateAnnotations)`, reference: 'JOB-META-04, CSI-META-04', href: HREF.annotations },
  { code: OBJECT_META_CODES.annotationsTooLong, severity: 'error', title: 'Annotations may total at most 256 KiB', mirrors: `${MIRRORS} (ValidateAnnotationsSize)`, reference: 'JOB-META-04, CSI-META-04', href: HREF.annotations },
];

function nonEmptyString(value: Json | undefined): value is string {
  return typeof value === 'string' && value.length > 0;
}

function nameFindings(kind: string, metadata: { [key: string]: Json }): Finding[] {
  const { name, generateName } = metadata;
  // Values of the wrong type are the schema check's business.
  if ((name !== undefined && typeof name !== 'string') || (generateName !== undefined && typeof generateName !== 'string')) return [];
  const findings: Finding[] = [];
  if (nonEmptyString(generateName)) findings.push(...generateNameFindings(kind, generateName, nonEmptyString(name)));
  if (!nonEmptyString(name)) {
    if (!nonEmptyString(generateName)) {
      findings.push({
        code: OBJECT_META_CODES.nameRequired,
        severity: 'error',
        path: ['metadata', 'name'],
        message: `A ${kind} needs a name: set \`metadata.name\` (or \`metadata.generateName\`, a prefix to which the server appends 5 random characters). An empty name counts as none. ${serverSays([serverError('metadata.name', 'Required value', undefined, 'name or generateName is required')])}`,
        href: HREF.names,
      });
    }
    return findings;
  }
  const problems = dns1123SubdomainProblems(name);
  if (problems.length) {
    const server = dns1123SubdomainServerMessages(name).map((detail) => serverError('metadata.name', 'Invalid value', name, detail));
    findings.push({
      code: OBJECT_META_CODES.nameInvalid,
      severity: 'error',
      path: ['metadata', 'name'],
      message: `\`${name}\` is not a valid ${kind} name: ${listProblems(problems)} (names are DNS-1123 subdomains). Try \`${suggestSubdomain(name)}\`.`,
      href: HREF.names,
      serverMessage: server.join('\n'),
    });
  }
  return findings;
}

/** NameIsDNSSubdomain(generateName, prefix=true), and the generated name when no name is given. */
function generateNameFindings(kind: string, generateName: string, hasName: boolean): Finding[] {
  const masked = maskTrailingDash(generateName);
  const prefixProblems = dns1123SubdomainProblems(masked);
  const server = dns1123SubdomainServerMessages(masked).map((detail) => serverError('metadata.generateName', 'Invalid value', generateName, detail));
  let generatedNote = '';
  if (!hasName) {
    const generated = generatedNameFor(generateName);
    const generatedProblems = dns1123SubdomainServerMessages(generated);
    if (generatedProblems.length) {
      server.push(...generatedProblems.map((detail) => serverError('metadata.name', 'Invalid value', generated.replace(/x{5}$/, '<random>'), detail)));
      generatedNote = ' The name generated from it is invalid too.';
    }
  }
  if (!server.length) return [];
  const problems = prefixProblems.length ? prefixProblems : dns1123SubdomainProblems(generatedNameFor(generateName));
  return [{
    code: OBJECT_META_CODES.generateNameInvalid,
    severity: 'error',
    path: ['metadata', 'generateName'],
    message: `\`generateName: ${generateName}\` cannot make a valid ${kind} name: ${listProblems(problems)}.${generatedNote} The server appends 5 random letters and digits to this prefix, so it must itself be a DNS-1123 subdomain (a trailing \`-\` is allowed). Try \`${suggestSubdomain(generateName)}-\`.`,
    href: HREF.names,
    serverMessage: server.join('\n'),
  }];
}

/**
 * ValidateNamespaceName (NameIsDNSLabel) on a namespaced kind. An empty or absent namespace is kubectl's to fill
 * (the context's namespace, or `-n`), so only a written one is judged.
 */
function namespaceFindings(kind: RuleContext['kind'], metadata: JsonObject): Finding[] {
  const namespace = metadata.namespace;
  if (!KINDS[kind].namespaced || typeof namespace !== 'string' || namespace === '') return [];
  const problems = dns1123LabelProblems(namespace);
  if (!problems.length) return [];
  const server = dns1123LabelServerMessages(namespace).map((detail) => serverError('metadata.namespace', 'Invalid value', namespace, detail));
  return [{
    code: OBJECT_META_CODES.namespaceInvalid,
    severity: 'error',
    path: ['metadata', 'namespace'],
    message: `\`${namespace}\` is not a valid namespace: ${listProblems(problems)} (namespace names are DNS-1123 labels). No namespace can have this name, so the ${kind} cannot be created: the API server answers \`namespaces "${namespace}" not found\` (its namespace check comes before validation). Try \`${suggestLabel(namespace)}\`.`,
    href: HREF.namespaceNames,
    serverMessage: server.join('\n'),
  }];
}

/** A nearby valid DNS label, for the message: lower case, other characters replaced by `-`, at most 63. */
function suggestLabel(name: string): string {
  const lowered = name.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return (lowered || 'default').slice(0, 63).replace(/-+$/, '');
}

/** A nearby valid subdomain, for the message: lower case, other characters replaced by `-`. */
export function suggestSubdomain(name: string): string {
  const lowered = name.toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/\.{2,}/g, '.').replace(/^[-.]+|[-.]+$/g, '');
  return (lowered || 'my-name').slice(0, 253).replace(/[-.]+$/, '');
}

/** A part that reads the object's metadata (absent: empty, as Go's zero ObjectMeta; of the wrong type: the schema's). */
function onMetadata(check: (context: RuleContext, metadata: JsonObject) => Finding[]): (context: RuleContext) => Finding[] {
  return (context) => {
    const metadata = context.object.metadata;
    if (metadata !== undefined && !isObject(metadata)) return [];
    return check(context, metadata ?? {});
  };
}

const parts = [
  onMetadata((context, meta) => nameFindings(context.kind, meta)),
  onMetadata((context, meta) => namespaceFindings(context.kind, meta)),
  onMetadata((context, meta) => labelFindings(meta.labels, { at: ['metadata', 'labels'], printed: 'metadata.labels', owner: `The ${context.kind}` }, { key: OBJECT_META_CODES.labelKey, value: OBJECT_META_CODES.labelValue })),
  onMetadata((context, meta) => annotationFindings(meta.annotations, { at: ['metadata', 'annotations'], printed: 'metadata.annotations', owner: `The ${context.kind}` }, { key: OBJECT_META_CODES.annotationKey, size: OBJECT_META_CODES.annotationsTooLong })),
];

export const validateObjectMeta: Rule = {
  name: 'ValidateObjectMeta',
  kinds: ['Job', 'CronJob', 'CSIDriver', 'JobSet', 'TrainingRuntime', 'ClusterTrainingRuntime'],
  codes: OBJECT_META_RULE_CODES,
  check: (context: RuleContext): Finding[] => parts.flatMap((part) => part(context)),
  parts,
};
