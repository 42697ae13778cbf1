// Equality of two stored objects as apiequality.Semantic.DeepEqual sees it, and the fields where they differ.
// Semantic.DeepEqual treats an empty list or map like an absent one and compares resource quantities by
// value (`1` and `1000m` are the same CPU). We also treat an empty object like an absent one, and inside a
// Pod template a `false`, `""` or `0` like an absent field: the Go types differ (a plain bool, a pointer)
// and we cannot tell them apart here, so we lean towards "unchanged", as a check that must not warn about
// an update the server accepts has to.
import { parseQuantity, compareQuantities } from '../kube/quantity';
import type { FieldPath, Json, PathSegment } from '../types';

/** Keys whose values are resource lists (quantities), and fields that hold one quantity. */
const QUANTITY_LISTS: ReadonlySet<string> = new Set(['limits', 'requests', 'overhead', 'capacity']);
const QUANTITY_FIELDS: ReadonlySet<string> = new Set(['sizeLimit']);

export interface CompareOptions {
  /** Read `false`, `""` and `0` as absent (inside a Pod template). */
  zeroIsAbsent?: boolean;
}

function isPlainObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent, null, an empty list or an object of absent values (and zero values when the options say so). */
export function isAbsent(value: Json | undefined, options: CompareOptions = {}): boolean {
  if (value === undefined || value === null) return true;
  if (options.zeroIsAbsent && (value === false || value === '' || value === 0)) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) {
    for (const key in value) if (!isAbsent(value[key], options)) return false;
    return true;
  }
  return false;
}

function isQuantityAt(parent: PathSegment | undefined, key: PathSegment | undefined): boolean {
  return (typeof parent === 'string' && QUANTITY_LISTS.has(parent)) || (typeof key === 'string' && QUANTITY_FIELDS.has(key));
}

function sameScalar(a: Json, b: Json, quantity: boolean): boolean {
  if (a === b) return true;
  if (!quantity) return false;
  const left = parseQuantity(a);
  const right = parseQuantity(b);
  return !!left?.ok && !!right?.ok && compareQuantities(left.quantity, right.quantity) === 0;
}

/** Whether two values are the same for the API server. `path` is where they are (it decides quantities). */
export function sameValue(a: Json | undefined, b: Json | undefined, options: CompareOptions = {}, path: FieldPath = []): boolean {
  return changedPaths(a, b, path, options, 1).length === 0;
}

/**
 * The deepest paths where `before` and `after` differ, in document order of `after` (then `before`), at most
 * `limit` of them. A list whose length changed is one change at the list; a value of another shape is one
 * change at the value.
 */
export function changedPaths(before: Json | undefined, after: Json | undefined, path: FieldPath = [], options: CompareOptions = {}, limit = Infinity): FieldPath[] {
  const out: FieldPath[] = [];
  collect(before, after, [...path], options, out, limit);
  return out;
}

function collect(before: Json | undefined, after: Json | undefined, path: PathSegment[], options: CompareOptions, out: FieldPath[], limit: number): void {
  if (out.length >= limit) return;
  const beforeAbsent = isAbsent(before, options);
  const afterAbsent = isAbsent(after, options);
  if (beforeAbsent && afterAbsent) return;
  // An empty mapping on one side is looked into: what the other side added inside it is the change.
  if (beforeAbsent !== afterAbsent && !(isPlainObject(before) && isPlainObject(after))) {
    out.push([...path]);
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key in after) {
      path.push(key);
      collect(before[key], after[key], path, options, out, limit);
      path.pop();
    }
    for (const key in before) {
      if (key in after) continue;
      path.push(key);
      collect(before[key], undefined, path, options, out, limit);
      path.pop();
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) {
      out.push([...path]);
      return;
    }
    for (let i = 0; i < after.length; i++) {
      path.push(i);
      collect(before[i], after[i], path, options, out, limit);
      path.pop();
    }
    return;
  }
  if (isPlainObject(before) || isPlainObject(after) || Array.isArray(before) || Array.isArray(after)) {
    out.push([...path]);
    return;
  }
  if (!sameScalar(before as Json, after as Json, isQuantityAt(path[path.length - 2], path[path.length - 1]))) out.push([...path]);
}
