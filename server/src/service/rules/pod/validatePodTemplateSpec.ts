// ValidatePodTemplateSpec, the parts around the pod spec: template label syntax (reported by the server at
// `spec.template.labels`, without `metadata`), template annotations, and no ephemeral containers.
import { isObject } from '../../kube/defaults';
import { CONTROLLER_LABEL_KEYS } from '../../kube/jobset';
import { JOB_SPEC_KINDS } from '../../kube/jobSpec';
import { formatFieldPath, type FieldPath, type Finding, type Json, type Rule, type RuleCode, type RuleContext } from '../../types';
import { annotationFindings, labelFindings } from '../meta/labelsAndAnnotations';
import { HREF, serverError, serverSays } from '../meta/report';
import { inEachPodTemplate, podSpecOf } from './podTemplate';

export const TEMPLATE_CODES = {
  labelKey: 'pod/template-label-key-invalid',
  labelValue: 'pod/template-label-value-invalid',
  annotationKey: 'pod/template-annotation-key-invalid',
  annotationsTooLong: 'pod/template-annotations-too-long',
  ephemeralContainers: 'pod/ephemeral-containers-forbidden',
  deletionCost: 'pod/template-pod-deletion-cost-invalid',
} as const;

const DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';
const DELETION_COST_DOCS = 'https://kubernetes.io/docs/reference/labels-annotations-taints/#pod-deletion-cost';

export const templateCodes: readonly RuleCode[] = [
  { code: TEMPLATE_CODES.labelKey, severity: 'error', title: 'Pod template label keys must be qualified names', mirrors: 'ValidatePodTemplateSpec (ValidateLabels)', reference: 'JOB-POD-07', href: HREF.labels },
  { code: TEMPLATE_CODES.labelValue, severity: 'error', title: 'Pod template label values must be valid label values', mirrors: 'ValidatePodTemplateSpec (ValidateLabels)', reference: 'JOB-POD-07', href: HREF.labels },
  { code: TEMPLATE_CODES.annotationKey, severity: 'error', title: 'Pod template annotation keys must be qualified names', mirrors: 'ValidatePodTemplateSpec (ValidateAnnotations)', href: HREF.annotations },
  { code: TEMPLATE_CODES.annotationsTooLong, severity: 'error', title: 'Pod template annotations may total at most 256 KiB', mirrors: 'ValidatePodTemplateSpec (ValidateAnnotations)', href: HREF.annotations },
  { code: TEMPLATE_CODES.ephemeralContainers, severity: 'error', title: 'Pod templates may not have ephemeral containers', mirrors: 'ValidatePodTemplateSpec', href: HREF.ephemeralContainers },
  { code: TEMPLATE_CODES.deletionCost, severity: 'error', title: 'The pod-deletion-cost annotation must be a 32-bit integer', mirrors: 'ValidatePodSpecificAnnotations (GetDeletionCostFromPodAnnotations)', href: DELETION_COST_DOCS },
];


/**
 * ValidatePodSpecificAnnotations on a template: `controller.kubernetes.io/pod-deletion-cost` must read as an int32
 * (GetDeletionCostFromPodAnnotations: no `+`, no leading zero, then strconv.ParseInt base 10, 32 bits), refused
 * unless AllowInvalidPodDeletionCost, which is set only while the PodDeletionCost gate is off (beta and on from 1.22,
 * so in every release we check; pkg/api/pod/util.go GetValidationOptionsFromPodSpecAndMeta).
 */
function deletionCostFinding(annotations: Json | undefined, base: FieldPath, printedBase: string): Finding | undefined {
  if (!isObject(annotations)) return undefined;
  const value = annotations[DELETION_COST];
  if (typeof value !== 'string' || validDeletionCost(value)) return undefined;
  return {
    code: TEMPLATE_CODES.deletionCost, severity: 'error', path: [...base, 'metadata', 'annotations', DELETION_COST],
    message: `\`${value}\` is not a pod deletion cost: the annotation holds a whole number from -2147483648 to 2147483647, written without \`+\` or leading zeros (e.g. \`"100"\`). A ReplicaSet scaling down removes Pods of lower cost first; a Job's Pods carry it but the Job controller does not read it. ${serverSays([serverError(`${printedBase}.annotations[${DELETION_COST}]`, 'Invalid value', value, 'must be a 32bit integer')])}`,
    href: DELETION_COST_DOCS,
  };
}

function validDeletionCost(value: string): boolean {
  if (!/^(?:-\d+|0|[1-9]\d*)$/.test(value)) return false;
  const number = BigInt(value);
  return number >= -2147483648n && number <= 2147483647n;
}

/**
 * The template checks for a template at `base`. `labelsNote` is appended to label messages, e.g. to say
 * that a Job without labels of its own inherits these and gets the same error at `metadata.labels`.
 */
export function checkPodTemplateSpec(template: Json | undefined, base: FieldPath, labelsNote = ''): Finding[] {
  if (!isObject(template)) return [];
  const findings: Finding[] = [];
  const printedBase = formatFieldPath(base);
  const metadata = isObject(template.metadata) ? template.metadata : {};
  const owner = 'The pod template (and so the whole object)';
  findings.push(
    ...labelFindings(metadata.labels, { at: [...base, 'metadata', 'labels'], printed: `${printedBase}.labels`, owner }, { key: TEMPLATE_CODES.labelKey, value: TEMPLATE_CODES.labelValue }, labelsNote),
    ...annotationFindings(metadata.annotations, { at: [...base, 'metadata', 'annotations'], printed: `${printedBase}.annotations`, owner }, { key: TEMPLATE_CODES.annotationKey, size: TEMPLATE_CODES.annotationsTooLong }),
  );
  const deletionCost = deletionCostFinding(metadata.annotations, base, printedBase);
  if (deletionCost) findings.push(deletionCost);
  const spec = podSpecOf(template);
  if (spec && Array.isArray(spec.ephemeralContainers) && spec.ephemeralContainers.length > 0) {
    const path = [...base, 'spec', 'ephemeralContainers'];
    findings.push({
      code: TEMPLATE_CODES.ephemeralContainers, severity: 'error', path, anchor: 'key',
      message: `Ephemeral containers are debugging containers added to a running pod with \`kubectl debug\`; a pod template may not declare them. Move these to \`initContainers\` or \`containers\`, or remove them. ${serverSays([serverError(formatFieldPath(path), 'Forbidden', undefined, 'ephemeral containers not allowed in pod template')])}`,
      href: HREF.ephemeralContainers,
    });
  }
  return findings;
}

/**
 * A Job without labels of its own takes the template's labels (defaulting), so the server reports them twice.
 * A CronJob's job template gets no Job defaults: nothing is inherited at its create.
 */
function inheritedLabelsNote(context: RuleContext): string {
  if (context.kind !== 'Job') return '';
  const metadata = context.object.metadata;
  const own = isObject(metadata) ? metadata.labels : undefined;
  const hasOwn = isObject(own) ? Object.keys(own).length > 0 : own !== undefined;
  return hasOwn ? '' : ' The Job has no labels of its own, so it inherits the template labels and the server reports the same error at `metadata.labels` too.';
}

export const validatePodTemplateSpec: Rule = {
  name: 'ValidatePodTemplateSpec',
  kinds: JOB_SPEC_KINDS,
  codes: templateCodes,
  check(context: RuleContext): Finding[] {
    return inEachPodTemplate(context, (template, base, _minor, place) => {
      const findings = checkPodTemplateSpec(template, base, inheritedLabelsNote(context));
      // The JobSet controller sets its own labels and annotations on the Pod template: a value written for one is replaced.
      return place.location.createdBy ? findings.filter((finding) => !setByController(finding, base)) : findings;
    });
  },
};

/** A finding on the value of a label or annotation the controller sets itself (its key is valid, its value replaced). */
function setByController(finding: Finding, base: FieldPath): boolean {
  const path = finding.path;
  const under = path.length === base.length + 3 && base.every((segment, i) => path[i] === segment) && path[base.length] === 'metadata';
  return under && (path[base.length + 1] === 'labels' || path[base.length + 1] === 'annotations') && CONTROLLER_LABEL_KEYS.has(String(path[base.length + 2]));
}
