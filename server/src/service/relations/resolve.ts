// Who a reference names: the definitions of the index with the reference's kind and name that live where the
// reference looks (the same namespace for a namespaced kind, the same chart for a name a template writes).
// Shared by the checks, navigation and hover.
import { csiDriverSettings, type CsiDriverSettings } from '../behaviour/csidriver/index';
import type { NameRef, ObjectFacts, Read, Reference } from './facts';
import { DEFINITION_KINDS } from './kinds';
import type { DefinitionEntry, WorkspaceIndex } from './workspaceIndex';

/** The namespace an object is written in: '' when none is written (or the release's), undefined when unknown. */
export function namespaceKey(namespace: Read<NameRef>): string | undefined {
  if (namespace.unknown) return undefined;
  if (!namespace.value) return '';
  return namespace.value.key;
}

/** Whether an object of file `path` and a definition are in one namespace, as far as the text settles it. */
export function sameNamespace(index: WorkspaceIndex, path: string, namespace: string | undefined, definition: DefinitionEntry): boolean {
  if (index.sharedNamespace(path, definition.path) !== undefined) return true;
  const theirs = namespaceKey(definition.object.namespace);
  return namespace !== undefined && theirs !== undefined && namespace === theirs;
}

/** Whether two files render into the same Helm release (a template's name text means the same there only). */
export function sameRelease(index: WorkspaceIndex, a: string, b: string): boolean {
  const release = index.scopesOf(a).find((scope) => scope.kind === 'chart');
  return !!release && index.scopesOf(b).some((scope) => scope.kind === 'chart' && scope.root === release.root);
}

/** The definitions a reference of `owner` (in file `path`) names. */
export function resolveReference(index: WorkspaceIndex, path: string, owner: ObjectFacts, reference: Reference): DefinitionEntry[] {
  const key = reference.name.key;
  if (!key) return [];
  const namespaced = DEFINITION_KINDS[reference.target]?.namespaced ?? false;
  const namespace = reference.namespace ?? namespaceKey(owner.namespace);
  return index.definitions(reference.target, key).filter((definition) => {
    if (!reference.name.literal && !sameRelease(index, path, definition.path)) return false;
    return !namespaced || sameNamespace(index, path, namespace, definition);
  });
}

/** `a`, `b` and `c` */
export function listed(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? '');
}

/** A file as messages name it: its last two path segments. */
export function shortPath(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/');
}

/**
 * A CSIDriver of the index as its consumers read it (behaviour/csidriver: defaults applied, in the release), or
 * undefined when its modes or fsGroupPolicy are not settled by the text.
 */
export function driverSettings(definition: DefinitionEntry, minor: number): CsiDriverSettings | undefined {
  const { volumeLifecycleModes: modes, fsGroupPolicy: policy } = definition.object.spec;
  if (!modes || modes.unknown || !policy || policy.unknown) return undefined;
  const spec: Record<string, string | string[]> = {};
  if (modes.value) spec.volumeLifecycleModes = modes.value;
  if (policy.value) spec.fsGroupPolicy = policy.value;
  return csiDriverSettings({ metadata: { name: definition.object.name?.text ?? '' }, spec }, minor);
}
