// Who a reference names: the definitions of the index with the reference's kind and name that live where the
// reference looks (the same namespace for a namespaced kind, the same chart for a name a template writes).
// Shared by the checks, navigation and hover.
import { csiDriverSettings, type CsiDriverSettings } from '../behaviour/csidriver/index';
import { chainValue } from './branches';
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
 * A CSIDriver of the index as its consumers read it (behaviour/csidriver: defaults applied, in the release), as far
 * as the text settles the field a check needs (`field`): undefined when that field is not settled. One unsettled
 * field never hides another (a templated `fsGroupPolicy` leaves literal `volumeLifecycleModes` judged).
 */
export function driverSettings(definition: DefinitionEntry, minor: number, field: 'volumeLifecycleModes' | 'fsGroupPolicy'): CsiDriverSettings | undefined {
  const read = definition.object.spec[field];
  if (!read || read.unknown) return undefined;
  const spec: Record<string, string | string[]> = {};
  if (read.value) spec[field] = read.value;
  return csiDriverSettings({ metadata: { name: definition.object.name?.text ?? '' }, spec }, minor);
}

/**
 * The `fsGroupPolicy` values a CSIDriver may have for consumers in Kubernetes 1.`minor`, defaults applied: its
 * literal value, or for a template that writes it in `if` branches the branch Helm renders for that release
 * (relations/branches.ts), else every branch's. Undefined when the text does not settle it.
 */
export function driverPolicies(definition: DefinitionEntry, minor: number): string[] | undefined {
  const read = definition.object.spec.fsGroupPolicy;
  if (!read) return undefined;
  const settled = driverSettings(definition, minor, 'fsGroupPolicy');
  if (settled) return [settled.fsGroupPolicy];
  const chain = definition.object.spec.fsGroupPolicyBranches;
  if (!chain) return undefined;
  const chosen = chainValue(chain, minor);
  const values = chosen ? [chosen.value] : [...new Set(chain.values)];
  const name = definition.object.name?.text ?? '';
  return [...new Set(values.map((value) => csiDriverSettings({ metadata: { name }, spec: value ? { fsGroupPolicy: value } : {} }, minor).fsGroupPolicy))];
}

/**
 * The definitions of a list with identical copies counted once: the same object written in two files (a chart's
 * rendered copy beside its template, an example repeated in two folders) is one object to the API server (the
 * second apply changes nothing). Two copies are identical when everything the checks read of them is.
 */
export function distinct(definitions: readonly DefinitionEntry[]): DefinitionEntry[] {
  if (definitions.length < 2) return [...definitions];
  const seen = new Set<string>();
  const out: DefinitionEntry[] = [];
  for (const definition of definitions) {
    const { apiVersion, kind, name, namespace, annotations, spec, generated } = definition.object;
    const key = JSON.stringify([apiVersion, kind, name?.key, namespace.unknown ? '?' : (namespace.value?.key ?? ''), hooks(annotations), spec, !!generated]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(definition);
  }
  return out;
}

function hooks(annotations: ObjectFacts['annotations']): unknown {
  const { annotationsAt: _at, ...rest } = annotations;
  void _at;
  return rest;
}
