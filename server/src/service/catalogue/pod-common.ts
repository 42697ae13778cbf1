// What the Pod template catalogue files share: paths under the template, the two container lists a Job
// may use, and the few sentences that hold for many fields.
import type { FieldDoc, SchemaPath } from './types';

/** The lists whose containers a Job's Pod runs; ephemeral containers are refused in templates. */
export type ContainerList = 'containers' | 'initContainers';
export const CONTAINER_LISTS: readonly ContainerList[] = ['containers', 'initContainers'];

/** `spec.template.spec.<field>`. */
export function podPath(field: string): SchemaPath {
  return `spec.template.spec.${field}`;
}

/** `spec.template.spec.<list>[].<field>`, or the list item itself when `field` is empty. */
export function containerPath(list: ContainerList, field = ''): SchemaPath {
  return `spec.template.spec.${list}[]${field ? `.${field}` : ''}`;
}

/** The entries of a container field, written once for both lists (`make` may word init containers apart). */
export function forEachContainerList(make: (list: ContainerList) => FieldDoc[]): FieldDoc[] {
  return CONTAINER_LISTS.flatMap(make);
}

/** The name a YAML example uses for a container of the list. */
export function exampleContainer(list: ContainerList): string {
  return list === 'containers' ? 'main' : 'prepare';
}

/** The template is fixed once the Job exists, except for these scheduling fields of a Job not yet started. */
export const SCHEDULING_MUTABLE =
  'may change only while the Job is suspended and has never started (how queueing controllers such as Kueue place Jobs); fixed otherwise';
