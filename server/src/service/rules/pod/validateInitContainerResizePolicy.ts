// validateInitContainers (pkg/apis/core/validation/validation.go), from Kubernetes 1.36 (PR #137458): a
// resize restart policy of `RestartContainer` on an init container that is not a sidecar (restartPolicy
// other than Always) is refused, because such containers are never resized. The check ratchets
// (AllowExistingRestartContainerForNonSidecarInitContainer keeps an existing Pod's value on update), so every
// create is checked; a Job template is always a create of its Pods' spec.
import { formatFieldPath, type FieldPath, type Finding, type Json, type RuleCode } from '../../types';
import { HREF, serverError, serverSays } from '../meta/report';
import { containersOf, describeContainer, jobTemplateRule, podSpecOf } from './podTemplate';

export const INIT_CONTAINER_RESIZE_RESTART_CODE = 'pod/init-container-resize-restart-container';

const FIRST_MINOR = 36;

export const initContainerResizePolicyCodes: readonly RuleCode[] = [
  {
    code: INIT_CONTAINER_RESIZE_RESTART_CODE,
    severity: 'error',
    title: 'A non-sidecar init container may not use the RestartContainer resize policy (1.36)',
    mirrors: 'validateInitContainers',
    href: HREF.resizePolicy,
  },
];

export function checkInitContainerResizePolicy(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  if (minor < FIRST_MINOR) return [];
  const spec = podSpecOf(template);
  if (!spec) return [];
  const findings: Finding[] = [];
  for (const ref of containersOf(spec, base, 'initContainers')) {
    if (ref.container.restartPolicy === 'Always' || !Array.isArray(ref.container.resizePolicy)) continue;
    ref.container.resizePolicy.forEach((policy, index) => {
      if (typeof policy !== 'object' || policy === null || Array.isArray(policy) || policy.restartPolicy !== 'RestartContainer') return;
      const path = [...ref.path, 'resizePolicy', index, 'restartPolicy'];
      const resource = typeof policy.resourceName === 'string' ? ` for \`${policy.resourceName}\`` : '';
      findings.push({
        code: INIT_CONTAINER_RESIZE_RESTART_CODE,
        severity: 'error',
        path,
        message:
          `The ${describeContainer(ref)} asks to be restarted when it is resized${resource}, but an init container that is not a sidecar ` +
          'runs once before the others and is never resized in place, so Kubernetes 1.36 and later refuse the policy. Use `NotRequired` ' +
          '(or drop the entry), or make the container a sidecar with `restartPolicy: Always`. ' +
          serverSays([serverError(formatFieldPath(path), 'Invalid value', 'RestartContainer', "must not be set to 'RestartContainer' for non-sidecar initContainers")]),
        href: HREF.resizePolicy,
      });
    });
  }
  return findings;
}

export const validateInitContainerResizePolicy =
  jobTemplateRule('validateInitContainerResizePolicy', initContainerResizePolicyCodes, checkInitContainerResizePolicy);
