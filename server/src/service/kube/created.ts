// The object a create stores in a release: the gated fields the API server drops (dropDisabledFields while a
// gate is off) or does not know at all (a field newer than the release), then SetDefaults_*. What explain and
// the behaviour models start from: a field the server drops does nothing, whatever it says.
import { jsonAt, type FieldPath, type Json, type JsonObject, type KindName } from '../types';
import { applyDefaults, isObject } from './defaults';
import { fieldInRelease, gateEnabledByDefault, gateOffUnconfirmed, gateStage, GATED_FIELDS, matchPatterns, patternTrie, type GatedField, type GateName, type PatternTrie } from './featureGates';

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

/**
 * The gated fields of a kind a create in 1.<minor> may drop (`dropped`) or keeps though its fate is unsettled
 * (`unsettled`), with their patterns in one trie: the same for every object of that kind and release, so made once.
 */
interface FieldPlan {
  fields: readonly { field: GatedField; why: DroppedField['why'] | 'unsettled' }[];
  trie: PatternTrie;
}

const PLANS = new Map<string, FieldPlan>();

function fieldPlan(kind: KindName, minor: number): FieldPlan {
  const key = `${kind}/${minor}`;
  let plan = PLANS.get(key);
  if (!plan) {
    const fields: FieldPlan['fields'][number][] = [];
    for (const field of GATED_FIELDS) {
      if (field.kind !== kind || field.effect !== 'dropped') continue;
      const inRelease = gateStage(field.gate, minor) !== undefined && fieldInRelease(field, minor);
      if (inRelease && gateEnabledByDefault(field.gate, minor)) continue;
      // A pre-release whose sources do not settle the gate: the field is taken as written (no drop, no check of what a drop leaves).
      if (inRelease && gateOffUnconfirmed(field.gate, minor)) fields.push({ field, why: 'unsettled' });
      else fields.push({ field, why: inRelease ? 'gate-off' : 'not-in-release' });
    }
    plan = { fields, trie: patternTrie(fields.map(({ field }) => field.pattern)) };
    PLANS.set(key, plan);
  }
  return plan;
}

/** Each planned field's places in `object` whose value the field's gate covers, in the plan's order. */
function gatedMatches(kind: KindName, object: JsonObject, minor: number, wanted: (why: FieldPlan['fields'][number]['why']) => boolean) {
  const plan = fieldPlan(kind, minor);
  const found: { field: GatedField; why: FieldPlan['fields'][number]['why']; path: (string | number)[] }[] = [];
  if (!plan.fields.length) return found;
  const matches = matchPatterns(object, plan.trie);
  plan.fields.forEach(({ field, why }, index) => {
    if (!wanted(why)) return;
    for (const match of matches[index] ?? []) if (!field.applies || field.applies(match.value)) found.push({ field, why, path: match.path });
  });
  return found;
}

/** The gated fields written in `object` that a create in 1.<minor> drops, or that the release does not have. */
export function droppedFields(kind: KindName, object: JsonObject, minor: number): DroppedField[] {
  return gatedMatches(kind, object, minor, (why) => why !== 'unsettled').map(({ field, why, path }) => ({
    path,
    gate: field.gate,
    why: why as DroppedField['why'],
    ...(field.droppedFromEachJob ? { fromEachJob: true } : {}),
  }));
}

/**
 * The gated fields written in `object` whose fate on create in 1.<minor> is unsettled: a pre-release whose sources
 * do not confirm the gate's stage (featureGates.ts gateOffUnconfirmed). asCreated keeps them; explain says so.
 */
export function unsettledFields(kind: KindName, object: JsonObject, minor: number): { path: (string | number)[]; gate: GateName }[] {
  return gatedMatches(kind, object, minor, (why) => why === 'unsettled').map(({ field, path }) => ({ path, gate: field.gate }));
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
