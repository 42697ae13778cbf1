// validateContainers / validateInitContainers / validateContainerCommon: at least one container, names
// present, DNS labels and unique across containers and init containers (a repeat is reported on the
// later one), an image for every container, and a known terminationMessagePolicy (empty is defaulted to
// File). The API server checks neither terminationMessagePath nor stdin/stdinOnce/tty.
import { dns1123LabelProblems, dns1123LabelServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { HREF, listProblems, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { containersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

export const CONTAINER_CODES = {
  containersEmpty: 'pod/containers-empty',
  nameRequired: 'pod/container-name-required',
  nameInvalid: 'pod/container-name-invalid',
  nameDuplicate: 'pod/container-name-duplicate',
  imageRequired: 'pod/container-image-required',
  imageWhitespace: 'pod/container-image-whitespace',
  terminationMessagePolicy: 'pod/container-termination-message-policy-unsupported',
} as const;

export const containerCodes: readonly RuleCode[] = [
  { code: CONTAINER_CODES.containersEmpty, severity: 'error', title: 'A pod template needs at least one container', mirrors: 'validateContainers', reference: 'JOB-POD-01', href: HREF.containers },
  { code: CONTAINER_CODES.nameRequired, severity: 'error', title: 'Container names may not be empty', mirrors: 'validateContainerCommon', reference: 'JOB-POD-02', href: HREF.containers },
  { code: CONTAINER_CODES.nameInvalid, severity: 'error', title: 'Container names must be DNS-1123 labels', mirrors: 'validateContainerCommon', reference: 'JOB-POD-03', href: HREF.containers },
  { code: CONTAINER_CODES.nameDuplicate, severity: 'error', title: 'Container names must be unique across containers and init containers', mirrors: 'validateContainers, validateInitContainers', reference: 'JOB-POD-04', href: HREF.containers },
  { code: CONTAINER_CODES.imageRequired, severity: 'error', title: 'Every container needs an image', mirrors: 'validateContainerCommon', reference: 'JOB-POD-05', href: HREF.images },
  { code: CONTAINER_CODES.imageWhitespace, severity: 'warning', title: 'An image with leading or trailing spaces is accepted in a template but its pods are refused', mirrors: 'validateContainerOnlyForPod', href: HREF.images },
  { code: CONTAINER_CODES.terminationMessagePolicy, severity: 'error', title: 'terminationMessagePolicy must be File or FallbackToLogsOnError', mirrors: 'validateContainerCommon', href: HREF.terminationMessage },
];

const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];

function nameFindings(ref: ContainerRef, seen: Map<string, FieldPath>): Finding[] {
  const name = ref.container.name;
  if (typeof name !== 'string') return []; // absent or of another type: the schema check's finding
  const path = [...ref.path, 'name'];
  const printed = formatFieldPath(path);
  const findings: Finding[] = [];
  if (name === '') {
    findings.push({
      code: CONTAINER_CODES.nameRequired,
      severity: 'error',
      path,
      message: `The ${describeContainer(ref)} has an empty name. Every container needs a name (a DNS-1123 label such as \`main\`), used in logs, status and \`kubectl exec -c\`. ${serverSays([serverError(printed, 'Required value')])}`,
      href: HREF.containers,
    });
    return findings;
  }
  const problems = dns1123LabelProblems(name);
  if (problems.length) {
    findings.push({
      code: CONTAINER_CODES.nameInvalid,
      severity: 'error',
      path,
      message: `\`${name}\` is not a valid container name: ${listProblems(problems)}. Container names must be DNS-1123 labels: at most 63 lower-case letters, digits and \`-\`, starting and ending with a letter or digit. ${serverSays(dns1123LabelServerMessages(name).map((detail) => serverError(printed, 'Invalid value', name, detail)))}`,
      href: HREF.containers,
    });
  }
  const first = seen.get(name);
  if (first) {
    findings.push({
      code: CONTAINER_CODES.nameDuplicate,
      severity: 'error',
      path,
      message: `The name \`${name}\` is already used by \`${formatFieldPath(first)}\`. Names must be unique among all containers and init containers of a pod, because they identify the container in status, logs and \`kubectl exec -c\`. Rename one of them. ${serverSays([serverError(printed, 'Duplicate value', name)])}`,
      href: HREF.containers,
    });
  } else {
    seen.set(name, path);
  }
  return findings;
}

function imageFindings(ref: ContainerRef): Finding[] {
  const image: Json | undefined = ref.container.image;
  const path = [...ref.path, 'image'];
  if (image === undefined || image === '') {
    return [{
      code: CONTAINER_CODES.imageRequired,
      severity: 'error',
      path,
      message: `The ${describeContainer(ref)} has no image. The server requires one for every container (the schema does not mark it required, so only the server refuses it). Add \`image:\` with the container image to run, for example \`busybox:1.36\`. ${serverSays([serverError(formatFieldPath(path), 'Required value')])}`,
      href: HREF.images,
    }];
  }
  if (typeof image === 'string' && image.trim() !== image) {
    return [{
      code: CONTAINER_CODES.imageWhitespace,
      severity: 'warning',
      path,
      message: `The image of the ${describeContainer(ref)} has leading or trailing spaces. The template is accepted, but every pod created from it is refused ("must not have leading or trailing whitespace"), so the workload never starts. Remove the spaces.`,
      href: HREF.images,
    }];
  }
  return [];
}

function terminationMessagePolicyFindings(ref: ContainerRef): Finding[] {
  const policy = ref.container.terminationMessagePolicy;
  // An empty policy is defaulted to File before validation.
  if (typeof policy !== 'string' || policy === '' || TERMINATION_MESSAGE_POLICIES.includes(policy)) return [];
  const path = [...ref.path, 'terminationMessagePolicy'];
  return [{
    code: CONTAINER_CODES.terminationMessagePolicy,
    severity: 'error',
    path,
    message: `\`${policy}\` is not a termination message policy: use \`File\` (the message is what the container wrote to its terminationMessagePath) or \`FallbackToLogsOnError\` (the end of the log when that file is empty and the container failed). Values are case-sensitive. ${serverSays([serverError(formatFieldPath(path), 'Unsupported value', policy, supportedValuesDetail(TERMINATION_MESSAGE_POLICIES))])}`,
    href: HREF.terminationMessage,
  }];
}

/** The container checks of ValidatePodSpec for one pod template. */
export function checkContainers(template: Json | undefined, base: FieldPath): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const findings: Finding[] = [];
  if (Array.isArray(spec.containers) && spec.containers.length === 0) {
    const path = [...base, 'spec', 'containers'];
    findings.push({
      code: CONTAINER_CODES.containersEmpty,
      severity: 'error',
      path,
      message: `\`containers\` is empty. A pod needs at least one container to run; add one with a \`name\` and an \`image\`. ${serverSays([serverError(formatFieldPath(path), 'Required value')])}`,
      href: HREF.containers,
    });
  }
  const seen = new Map<string, FieldPath>();
  for (const ref of [...containersOf(spec, base, 'containers'), ...containersOf(spec, base, 'initContainers')]) {
    findings.push(...nameFindings(ref, seen), ...imageFindings(ref), ...terminationMessagePolicyFindings(ref));
  }
  return findings;
}

export const validateContainers = jobTemplateRule('validateContainers', containerCodes, (template, base) => checkContainers(template, base));
