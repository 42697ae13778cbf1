// validateResizePolicy (pkg/apis/core/validation/validation.go, called by validateContainerCommon for every
// container): each entry of a container's resizePolicy names cpu or memory once, with the restart policy
// NotRequired or RestartContainer, and a pod with `restartPolicy: Never` may only use NotRequired (PR #118768,
// 1.28). A create keeps resizePolicy only while InPlacePodVerticalScaling is on (on by default from 1.33;
// dropDisabledFields clears it before), so the checks start there.
//
// The server names the list (`...resizePolicy`) for the value errors and the entry for a duplicate; the
// findings sit on the value written, and quote the server's path. An empty string is the server's "Required
// value"; a missing field is the schema check's (both fields are required there).
import { gateEnabledByDefault } from '../../kube/featureGates';
import { JOB_SPEC_KINDS } from '../../kube/jobSpec';
import { formatFieldPath, jsonAt, type FieldPath, type Finding, type Json, type Rule, type RuleCode } from '../../types';
import { HREF, oneOf, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asObject, asString, report } from '../shared';
import { RESIZE_RESOURCES, RESIZE_RESTART_POLICIES } from './podEnums';
import { allContainersOf, describeContainer, inEachPodTemplate, podSpecOf, type ContainerRef } from './podTemplate';

const code = (name: string, title: string): RuleCode =>
  ({ code: `pod/container-resize-policy-${name}`, severity: 'error', title, mirrors: 'validateResizePolicy', href: HREF.resizePolicy });

export const RESIZE_POLICY_CODES = {
  resourceUnsupported: code('resource-unsupported', 'A resize policy applies to cpu or memory (1.33+)'),
  restartUnsupported: code('restart-unsupported', 'A resize policy restartPolicy must be NotRequired or RestartContainer (1.33+)'),
  fieldEmpty: code('field-empty', 'A resize policy needs a resourceName and a restartPolicy (1.33+)'),
  duplicate: code('duplicate', 'A container may have one resize policy per resource (1.33+)'),
  restartWithNever: code('restart-with-never', 'With the pod restartPolicy Never, every resize policy must be NotRequired (1.33+)'),
};

const C = RESIZE_POLICY_CODES;

function entryFindings(ref: ContainerRef, entry: Json, index: number, seen: Set<string>, podNever: boolean): Finding[] {
  const policy = asObject(entry);
  if (!policy) return [];
  const listPath = [...ref.path, 'resizePolicy'];
  const printed = formatFieldPath(listPath);
  const path: FieldPath = [...listPath, index];
  const findings: Finding[] = [];
  const resource = asString(policy.resourceName);
  if (resource !== undefined) {
    const at = [...path, 'resourceName'];
    if (seen.has(resource)) {
      findings.push(report(C.duplicate, path,
        `The ${describeContainer(ref)} already has a resize policy for \`${resource}\`; each resource may have one. Remove this entry, or merge the two. ${serverSays([serverError(formatFieldPath(path), 'Duplicate value', resource)])}`, 'entry'));
    }
    seen.add(resource);
    if (resource === '') {
      findings.push(report(C.fieldEmpty, at,
        `\`resourceName\` is empty: say which resource this policy is for, \`cpu\` or \`memory\`. ${serverSays([serverError(printed, 'Required value')])}`));
    } else if (!(RESIZE_RESOURCES as readonly string[]).includes(resource)) {
      findings.push(report(C.resourceUnsupported, at,
        `\`${resource}\` cannot be resized in place: a resize policy applies to ${oneOf(RESIZE_RESOURCES)} only (lower case). ${serverSays([serverError(printed, 'Unsupported value', resource, supportedValuesDetail(RESIZE_RESOURCES))])}`));
    }
  }
  const restart = asString(policy.restartPolicy);
  if (restart === undefined) return findings;
  const at = [...path, 'restartPolicy'];
  const never = podNever && restart !== 'NotRequired'
    ? [serverError(printed, 'Invalid value', restart, "must be 'NotRequired' when pod `restartPolicy` is 'Never'")]
    : [];
  if (restart === '' || !(RESIZE_RESTART_POLICIES as readonly string[]).includes(restart)) {
    // One mistake, one finding: the server's Never error for the same value is quoted with it.
    const server = restart === '' ? serverError(printed, 'Required value') : serverError(printed, 'Unsupported value', restart, supportedValuesDetail(RESIZE_RESTART_POLICIES));
    findings.push(report(restart === '' ? C.fieldEmpty : C.restartUnsupported, at,
      `${restart === '' ? '`restartPolicy` is empty' : `\`${restart}\` is not a resize restart policy`}: use \`NotRequired\` (resize the running container)${podNever ? '' : ' or `RestartContainer` (restart it with the new resources)'}, case-sensitive. ${serverSays([server, ...never])}`));
  } else if (never.length) {
    findings.push(report(C.restartWithNever, at,
      `The pod's \`restartPolicy\` is \`Never\`, so a container cannot be restarted to apply new resources: use \`NotRequired\` here. ${serverSays(never)}`));
  }
  return findings;
}

export function checkResizePolicy(template: Json | undefined, base: FieldPath, minor: number, podRestartPolicy: Json | undefined): Finding[] {
  const spec = podSpecOf(template);
  if (!spec || !gateEnabledByDefault('InPlacePodVerticalScaling', minor)) return [];
  const findings: Finding[] = [];
  for (const ref of allContainersOf(spec, base)) {
    const list = ref.container.resizePolicy;
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    list.forEach((entry, index) => findings.push(...entryFindings(ref, entry, index, seen, podRestartPolicy === 'Never')));
  }
  return findings;
}

export const validateResizePolicy: Rule = {
  name: 'validateResizePolicy',
  kinds: JOB_SPEC_KINDS,
  codes: Object.values(RESIZE_POLICY_CODES),
  check(context) {
    return inEachPodTemplate(context, (template, base, minor, place) => {
      // The pod's restartPolicy after defaulting (Always when left out; OnFailure in a JobSet's template).
      const podSpec = podSpecOf(jsonAt(context.defaulted, [...place.location.path, 'template']));
      return checkResizePolicy(template, base, minor, podSpec?.restartPolicy);
    });
  },
};
