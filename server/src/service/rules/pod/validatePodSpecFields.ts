// The single-field checks of ValidatePodSpec that no other family covers: nodeSelector (ValidateLabels),
// schedulingGates (validateSchedulingGates), readinessGates (validateReadinessGates), priorityClassName,
// preemptionPolicy (ValidatePreemptionPolicy), nodeName, serviceAccountName, runtimeClassName,
// activeDeadlineSeconds and overhead (validateOverhead); hostUsers with host namespaces is in
// validateSecurityContext.ts.
// Release by release (default gates): schedulingGates are dropped in 1.26 (PodSchedulingReadiness alpha);
// hostUsers is dropped until UserNamespacesSupport is on (1.33). Nothing here needs cluster data: an
// unknown PriorityClass, RuntimeClass or ServiceAccount is the admission plugins' business, not ours.
import { gateEnabledByDefault } from '../../kube/featureGates';
import {
  dns1123SubdomainProblems, dns1123SubdomainServerMessages, qualifiedNameProblems, qualifiedNameServerMessages,
} from '../../kube/names';
import { parseQuantity } from '../../kube/quantity';
import { formatFieldPath, MAX_INT32, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { labelFindings } from '../meta/labelsAndAnnotations';
import { HREF, listProblems, oneOf, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asArray, asInteger, asObject, asString, report } from '../shared';
import { PREEMPTION_POLICIES } from './podEnums';
import { jobTemplateRule, podSpecOf } from './podTemplate';
import { containerResourceNameServerMessages } from './resourceNames';

const code = (name: string, title: string, mirrors: string, href: string, severity: RuleCode['severity'] = 'error'): RuleCode =>
  ({ code: `pod/${name}`, severity, title, mirrors, href });

export const POD_SPEC_FIELD_CODES = {
  nodeSelectorKeyInvalid: code('scheduling-node-selector-key-invalid', 'nodeSelector keys must be valid label keys', 'ValidatePodSpec (ValidateLabels)', HREF.nodeSelector),
  nodeSelectorValueInvalid: code('scheduling-node-selector-value-invalid', 'nodeSelector values must be valid label values', 'ValidatePodSpec (ValidateLabels)', HREF.nodeSelector),
  gateNameInvalid: code('scheduling-gate-name-invalid', 'Scheduling gate names must be qualified names', 'validateSchedulingGates (ValidateQualifiedName)', HREF.schedulingGates),
  gateDuplicate: code('scheduling-gate-duplicate', 'Scheduling gate names must be unique', 'validateSchedulingGates', HREF.schedulingGates),
  priorityClassNameInvalid: code('scheduling-priority-class-name-invalid', 'priorityClassName must be a DNS subdomain', 'ValidatePodSpec (ValidatePriorityClassName)', HREF.priority),
  preemptionPolicyUnsupported: code('scheduling-preemption-policy-unsupported', 'preemptionPolicy must be PreemptLowerPriority or Never', 'ValidatePreemptionPolicy', HREF.priority),
  nodeNameInvalid: code('scheduling-node-name-invalid', 'nodeName must be a DNS subdomain', 'ValidatePodSpec (ValidateNodeName)', HREF.nodeSelector),
  readinessGateInvalid: code('spec-readiness-gate-condition-type-invalid', 'Readiness gate condition types must be qualified names', 'validateReadinessGates (ValidateQualifiedName)', HREF.readinessGates),
  activeDeadlineOutOfRange: code('spec-active-deadline-seconds-out-of-range', 'The pod\'s activeDeadlineSeconds must be between 1 and 2147483647', 'ValidatePodSpec', HREF.activeDeadline),
  serviceAccountNameInvalid: code('spec-service-account-name-invalid', 'serviceAccountName must be a DNS subdomain', 'ValidatePodSpec (ValidateServiceAccountName)', HREF.serviceAccounts),
  runtimeClassNameInvalid: code('spec-runtime-class-name-invalid', 'runtimeClassName must be a DNS subdomain', 'ValidateRuntimeClassName', HREF.runtimeClass),
  overheadNameInvalid: code('spec-overhead-name-invalid', 'overhead names must be container resource names', 'validateOverhead (validateContainerResourceName)', HREF.podOverhead),
  overheadQuantityInvalid: code('spec-overhead-quantity-invalid', 'overhead quantities must be well formed and not negative', 'validateOverhead (ValidateResourceQuantityValue)', HREF.podOverhead),
  overheadWithoutRuntimeClass: code('spec-overhead-without-runtime-class', 'overhead without a runtimeClassName is accepted in a template but its pods are refused', 'RuntimeClass admission (setOverhead)', HREF.podOverhead, 'warning'),
} satisfies Record<string, RuleCode>;


/** NameIsDNSSubdomain for a name field; `explain` says what the name refers to. */
function subdomainNameFinding(value: string, at: FieldPath, ruleCode: RuleCode, explain: string, printed = formatFieldPath(at)): Finding | undefined {
  const problems = dns1123SubdomainProblems(value);
  if (!problems.length) return undefined;
  return report(ruleCode, at,
    `${value === '' ? 'The name is empty' : `\`${value}\` is not a valid name: ${listProblems(problems)}`}. ${explain} ${serverSays(dns1123SubdomainServerMessages(value).map((detail) => serverError(printed, 'Invalid value', value, detail)))}`);
}

function schedulingGateFindings(spec: JsonObject, path: FieldPath, minor: number): Finding[] {
  const gates = asArray(spec.schedulingGates);
  if (!gates || !gateEnabledByDefault('PodSchedulingReadiness', minor)) return [];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  gates.forEach((gate, index) => {
    const name = asString(asObject(gate)?.name);
    if (name === undefined) return;
    const at = [...path, 'schedulingGates', index];
    const printed = formatFieldPath(at);
    const problems = qualifiedNameProblems(name);
    if (problems.length) {
      findings.push(report(POD_SPEC_FIELD_CODES.gateNameInvalid, at,
        `${name === '' ? 'This scheduling gate has an empty name' : `\`${name}\` is not a valid scheduling gate name: ${listProblems(problems)}`}. Gate names are qualified names, usually \`<your-domain>/<gate>\`, e.g. \`example.com/quota-check\`. ${serverSays(qualifiedNameServerMessages(name).map((detail) => serverError(printed, 'Invalid value', name, detail)))}`, 'entry'));
    }
    if (seen.has(name)) {
      findings.push(report(POD_SPEC_FIELD_CODES.gateDuplicate, at,
        `The scheduling gate \`${name}\` is listed twice; each gate is removed once by whoever lifts it. Remove the repeat. ${serverSays([serverError(printed, 'Duplicate value', name)])}`, 'entry'));
    }
    seen.add(name);
  });
  return findings;
}

function readinessGateFindings(spec: JsonObject, path: FieldPath): Finding[] {
  const findings: Finding[] = [];
  asArray(spec.readinessGates)?.forEach((gate, index) => {
    const conditionType = asString(asObject(gate)?.conditionType);
    if (conditionType === undefined) return;
    const problems = qualifiedNameProblems(conditionType);
    if (!problems.length) return;
    const at = [...path, 'readinessGates', index, 'conditionType'];
    findings.push(report(POD_SPEC_FIELD_CODES.readinessGateInvalid, at,
      `${conditionType === '' ? 'The condition type is empty' : `\`${conditionType}\` is not a valid condition type: ${listProblems(problems)}`}. A readiness gate names a pod condition set by another controller, usually \`<domain>/<condition>\`. ${serverSays(qualifiedNameServerMessages(conditionType).map((detail) => serverError(formatFieldPath(at), 'Invalid value', conditionType, detail)))}`));
  });
  return findings;
}

function preemptionPolicyFinding(spec: JsonObject, path: FieldPath): Finding | undefined {
  const policy = asString(spec.preemptionPolicy);
  if (policy === undefined || (PREEMPTION_POLICIES as readonly string[]).includes(policy)) return undefined;
  const at = [...path, 'preemptionPolicy'];
  const printed = formatFieldPath(at);
  const server = policy === '' ? serverError(printed, 'Required value') : serverError(printed, 'Unsupported value', policy, supportedValuesDetail(PREEMPTION_POLICIES));
  return report(POD_SPEC_FIELD_CODES.preemptionPolicyUnsupported, at,
    `${policy === '' ? '`preemptionPolicy` is empty' : `\`${policy}\` is not a preemption policy`}: use ${oneOf(PREEMPTION_POLICIES)} (case-sensitive), or leave it out to take the PriorityClass's policy. ${serverSays([server])}`);
}

function activeDeadlineFinding(spec: JsonObject, path: FieldPath): Finding | undefined {
  const seconds = asInteger(spec.activeDeadlineSeconds);
  if (seconds === undefined || (seconds >= 1 && seconds <= MAX_INT32)) return undefined;
  const at = [...path, 'activeDeadlineSeconds'];
  return report(POD_SPEC_FIELD_CODES.activeDeadlineOutOfRange, at,
    `The pod's activeDeadlineSeconds is ${seconds}; it must be between 1 and ${MAX_INT32}. It limits each pod's run time; to limit the whole Job, use \`spec.activeDeadlineSeconds\` of the Job instead. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', seconds, `must be between 1 and ${MAX_INT32}, inclusive`)])}`);
}

/** The name the server validates: serviceAccountName, or the deprecated serviceAccount when it is empty. */
function serviceAccountFinding(spec: JsonObject, path: FieldPath): Finding | undefined {
  const written = asString(spec.serviceAccountName);
  const deprecated = asString(spec.serviceAccount);
  const name = written || deprecated;
  if (!name) return undefined;
  const at = [...path, written ? 'serviceAccountName' : 'serviceAccount'];
  return subdomainNameFinding(name, at, POD_SPEC_FIELD_CODES.serviceAccountNameInvalid,
    'ServiceAccount names are DNS subdomains (lower-case letters, digits, `-` and `.`).', formatFieldPath([...path, 'serviceAccountName']));
}

function overheadFindings(spec: JsonObject, path: FieldPath): Finding[] {
  const overhead = asObject(spec.overhead);
  if (!overhead) return [];
  const findings: Finding[] = [];
  for (const [name, value] of Object.entries(overhead)) {
    const at = [...path, 'overhead', name];
    const printed = formatFieldPath(at);
    const nameMessages = containerResourceNameServerMessages(name);
    if (nameMessages.length) {
      findings.push(report(POD_SPEC_FIELD_CODES.overheadNameInvalid, at,
        `\`${name}\` is not a resource a pod's overhead can name: use \`cpu\`, \`memory\`, \`ephemeral-storage\`, \`hugepages-<size>\` or a domain-prefixed extended resource. ${serverSays(nameMessages.map((detail) => serverError(printed, 'Invalid value', name, detail)))}`, 'key'));
    }
    const parsed = parseQuantity(value);
    if (!parsed) continue;
    if (!parsed.ok) {
      findings.push(report(POD_SPEC_FIELD_CODES.overheadQuantityInvalid, at,
        `\`${parsed.text}\` is not a quantity: ${parsed.problem}. The server cannot decode the request ("${parsed.serverMessage}"). Write a number with an optional suffix, e.g. \`250m\` or \`128Mi\`.`));
    } else if (parsed.quantity.nanos < 0n) {
      findings.push(report(POD_SPEC_FIELD_CODES.overheadQuantityInvalid, at,
        `\`${parsed.quantity.text}\` is negative; an overhead is an amount the pod uses on top of its containers. ${serverSays([serverError(printed, 'Invalid value', parsed.quantity.text, 'must be greater than or equal to 0')])}`));
    }
  }
  if (Object.keys(overhead).length > 0 && (spec.runtimeClassName === undefined || spec.runtimeClassName === null)) {
    findings.push(report(POD_SPEC_FIELD_CODES.overheadWithoutRuntimeClass, [...path, 'overhead'],
      'The Job is accepted, but every pod it creates is refused ("pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead"): a pod\'s overhead is filled in from its RuntimeClass, never written by hand. Remove `overhead`, and set `runtimeClassName` to a RuntimeClass that defines it.', 'key'));
  }
  return findings;
}

/** The pod-level single-field checks for the template at `base`. */
export function checkPodSpecFields(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const path = [...base, 'spec'];
  const findings: Finding[] = [
    ...labelFindings(spec.nodeSelector, { at: [...path, 'nodeSelector'], printed: formatFieldPath([...path, 'nodeSelector']), owner: 'The pod template (and so the Job)' },
      { key: POD_SPEC_FIELD_CODES.nodeSelectorKeyInvalid.code, value: POD_SPEC_FIELD_CODES.nodeSelectorValueInvalid.code }),
    ...schedulingGateFindings(spec, path, minor),
    ...readinessGateFindings(spec, path),
  ];
  const priorityClassName = asString(spec.priorityClassName);
  if (priorityClassName) {
    const finding = subdomainNameFinding(priorityClassName, [...path, 'priorityClassName'], POD_SPEC_FIELD_CODES.priorityClassNameInvalid,
      'PriorityClass names are DNS subdomains (lower-case letters, digits, `-` and `.`).');
    if (finding) findings.push(finding);
  }
  const nodeName = asString(spec.nodeName);
  if (nodeName) {
    const finding = subdomainNameFinding(nodeName, [...path, 'nodeName'], POD_SPEC_FIELD_CODES.nodeNameInvalid,
      'Node names are DNS subdomains. (Pinning a Job\'s pods to one node by name bypasses the scheduler; a nodeSelector on `kubernetes.io/hostname` is usually the better choice.)');
    if (finding) findings.push(finding);
  }
  const runtimeClassName = asString(spec.runtimeClassName);
  if (runtimeClassName !== undefined) {
    const finding = subdomainNameFinding(runtimeClassName, [...path, 'runtimeClassName'], POD_SPEC_FIELD_CODES.runtimeClassNameInvalid,
      'RuntimeClass names are DNS subdomains; leave the field out to use the node\'s default runtime.');
    if (finding) findings.push(finding);
  }
  for (const finding of [preemptionPolicyFinding(spec, path), activeDeadlineFinding(spec, path), serviceAccountFinding(spec, path)]) {
    if (finding) findings.push(finding);
  }
  findings.push(...overheadFindings(spec, path));
  return findings;
}

export const validatePodSpecFields = jobTemplateRule('ValidatePodSpec (pod-level fields)', Object.values(POD_SPEC_FIELD_CODES), checkPodSpecFields);
