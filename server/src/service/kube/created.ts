// The object a create stores in a release: the gated fields the API server drops (dropDisabledFields while a
// gate is off) or does not know at all (a field newer than the release), then SetDefaults_*. What explain and
// the behaviour models start from: a field the server drops does nothing, whatever it says.
import { jsonAt, type FieldPath, type Json, type JsonObject, type KindName } from '../types';
import { applyDefaults, isObject } from './defaults';
import { fieldInRelease, gateEnabledByDefault, gateOffUnconfirmed, gateStage, GATED_FIELDS, matchPattern, type GateName } from './featureGates';

export interface DroppedField {
  path: (string | number)[];
  gate: GateName;
  /** 'gate-off': the release has the field behind a gate that is off by default; 'not-in-release': the release has no such field. */
  why: 'gate-off' | 'not-in-release';
  /** For a CronJob: the field stays in the CronJob but each Job it creates drops it. */
  fromEachJob?: boolean;
}

/** A copy of `object` without the value at `path` (the objects on the way copied). */
function without(object: Json, path: readonly (string | number)[]): Json {
  if (path.length === 0) return object;
  const [head, ...rest] = path;
  if (Array.isArray(object) && typeof head === 'number') {
    if (rest.length === 0) return object; // a list item is never a gated field by itself
    return object.map((item, index) => (index === head ? without(item, rest) : item));
  }
  if (!isObject(object) || typeof head !== 'string' || !(head in object)) return object;
  if (rest.length === 0) {
    const copy: JsonObject = { ...object };
    delete copy[head];
    return copy;
  }
  return { ...object, [head]: without(object[head], rest) };
}

/** The gated fields written in `object` that a create in 1.<minor> drops, or that the release does not have. */
export function droppedFields(kind: KindName, object: JsonObject, minor: number): DroppedField[] {
  const dropped: DroppedField[] = [];
  for (const field of GATED_FIELDS) {
    if (field.kind !== kind || field.effect !== 'dropped') continue;
    const stage = gateStage(field.gate, minor);
    const inRelease = stage !== undefined && fieldInRelease(field, minor);
    if (inRelease && gateEnabledByDefault(field.gate, minor)) continue;
    // A pre-release whose sources do not settle the gate: the field is taken as written (no drop, no check of what a drop leaves).
    if (inRelease && gateOffUnconfirmed(field.gate, minor)) continue;
    for (const match of matchPattern(object, field.pattern)) {
      if (field.applies && !field.applies(match.value)) continue;
      dropped.push({ path: match.path, gate: field.gate, why: inRelease ? 'gate-off' : 'not-in-release', ...(field.droppedFromEachJob ? { fromEachJob: true } : {}) });
    }
  }
  return dropped;
}

/**
 * The gated fields written in `object` whose fate on create in 1.<minor> is unsettled: a pre-release whose sources
 * do not confirm the gate's stage (featureGates.ts gateOffUnconfirmed). asCreated keeps them; explain says so.
 */
export function unsettledFields(kind: KindName, object: JsonObject, minor: number): { path: (string | number)[]; gate: GateName }[] {
  const out: { path: (string | number)[]; gate: GateName }[] = [];
  for (const field of GATED_FIELDS) {
    if (field.kind !== kind || field.effect !== 'dropped' || !fieldInRelease(field, minor) || !gateOffUnconfirmed(field.gate, minor)) continue;
    for (const match of matchPattern(object, field.pattern)) {
      if (!field.applies || field.applies(match.value)) out.push({ path: match.path, gate: field.gate });
    }
  }
  return out;
}

/** The object as a create in 1.<minor> stores it: dropped fields removed, then the release's defaults. */
export function asCreated(kind: KindName, object: JsonObject, minor: number): { object: JsonObject; dropped: DroppedField[] } {
  const dropped = droppedFields(kind, object, minor);
  let stripped: Json = object;
  for (const field of dropped) stripped = without(stripped, field.path);
  return { object: applyDefaults(kind, stripped as JsonObject, minor), dropped };
}

/** Whether `path` of `object` holds a value (for "what the manifest wrote" against "what a default set"). */
export function written(object: Json | undefined, path: FieldPath): boolean {
  return jsonAt(object, path) !== undefined;
}
