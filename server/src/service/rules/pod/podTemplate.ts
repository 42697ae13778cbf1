// Shared plumbing of the pod-template rules. Each core check takes the pod template (as written) and
// the path where it sits, so any kind with a pod template can reuse it; `jobTemplateRule` wires one to
// the Pod template of every JobSpec: a Job's `spec.template`, a CronJob's `spec.jobTemplate.spec.template`.
import { isObject } from '../../kube/defaults';
import { JOB_SPEC_KINDS, podTemplatePath } from '../../kube/jobSpec';
import { jsonAt, type FieldPath, type Finding, type Json, type JsonObject, type Rule, type RuleCode, type RuleContext } from '../../types';

export type ContainerList = 'containers' | 'initContainers';

export interface ContainerRef {
  list: ContainerList;
  index: number;
  container: JsonObject;
  /** Path of the container, e.g. ['spec', 'template', 'spec', 'containers', 0]. */
  path: FieldPath;
}

export interface PodTemplateCheck {
  (template: Json | undefined, base: FieldPath, minor: number): Finding[];
}

/** The template's `spec`, when it is a mapping. */
export function podSpecOf(template: Json | undefined): JsonObject | undefined {
  return isObject(template) && isObject(template.spec) ? template.spec : undefined;
}

/** The containers of one list (entries that are mappings), with their paths. */
export function containersOf(spec: JsonObject, base: FieldPath, list: ContainerList): ContainerRef[] {
  const entries = spec[list];
  if (!Array.isArray(entries)) return [];
  const refs: ContainerRef[] = [];
  entries.forEach((container, index) => {
    if (isObject(container)) refs.push({ list, index, container, path: [...base, 'spec', list, index] });
  });
  return refs;
}

/** Regular containers first, then init containers: the order the server validates them in. */
export function allContainersOf(spec: JsonObject, base: FieldPath): ContainerRef[] {
  return [...containersOf(spec, base, 'containers'), ...containersOf(spec, base, 'initContainers')];
}

/** How messages name a container: "container `main`" or "init container #2". */
export function describeContainer(ref: ContainerRef): string {
  const noun = ref.list === 'containers' ? 'container' : 'init container';
  const name = ref.container.name;
  return typeof name === 'string' && name !== '' ? `${noun} \`${name}\`` : `${noun} #${ref.index + 1}`;
}

/** A rule running one pod-template check on the Pod template of each kind with a JobSpec. */
export function jobTemplateRule(name: string, codes: readonly RuleCode[], check: PodTemplateCheck): Rule {
  return {
    name,
    kinds: JOB_SPEC_KINDS,
    codes,
    check(context: RuleContext): Finding[] {
      const base = podTemplatePath(context.kind);
      return base ? check(jsonAt(context.object, base), base, context.minor) : [];
    },
  };
}
