// The values the generated schema names for a field, per release: its `enum` (enforced: the schema check
// reports any other value), or the `x-kubeassist-values` the generator lists for the Pod API's enums that rule
// families check themselves (or that the server leaves open). Completion, hover and key snippets read them
// from here; scripts/podEnums.ts says where each list comes from.
import type { FieldPath, KindName } from '../types';
import { availabilityOf } from './fieldAvailability';
import { schemaAt } from './navigate';

export interface NamedValues {
  values: string[];
  /** True for a schema `enum`; false for a listed set the schema does not enforce. */
  enforced: boolean;
  /** The server accepts values outside the list (the list is what the API and the kubelet know). */
  open: boolean;
}

function releaseOf(since: unknown): number | undefined {
  return typeof since === 'string' ? Number(since.split('.')[1]) : undefined;
}

/**
 * The values named for the field at `path` (for a list of plain values, those of its items; `path` may end in
 * an item index), in the schema's order, without the values that 1.<minor> does not accept yet.
 */
export function namedValues(kind: KindName, path: FieldPath, minor: number): NamedValues | undefined {
  let schema = schemaAt(kind, path);
  let fieldPath = path;
  if (schema?.type === 'array') schema = schemaAt(kind, [...path, 0]);
  else if (typeof path[path.length - 1] === 'number') fieldPath = path.slice(0, -1);
  if (!schema) return undefined;
  const enforced = Array.isArray(schema.enum);
  const all = (enforced ? schema.enum : schema['x-kubeassist-values']) as unknown[] | undefined;
  if (!Array.isArray(all)) return undefined;
  const since = (enforced ? availabilityOf(kind, fieldPath)?.values : schema['x-kubeassist-values-since']) as Record<string, unknown> | undefined;
  const values = all.map(String).filter((value) => (releaseOf(since?.[value]) ?? 0) <= minor);
  return { values, enforced, open: schema['x-kubeassist-values-open'] === true };
}
