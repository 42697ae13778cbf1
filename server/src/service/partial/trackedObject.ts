// Rules on a partial object. A rule family reads `context.object` and `context.defaulted` as plain JSON; on a
// Helm template or a Kustomize patch it gets read-only views of them that stop the family (UnknownRead) the
// moment it asks about something the text does not settle: a field that may or may not be set (an absent
// key of an open mapping, a field in an `if` branch), a templated value, the length or the keys of a
// mapping or list that may hold more. A family that was stopped reports nothing; one that ran to the end
// read only what is written and literal, so its findings hold whatever the rest turns out to be. No rule
// knows about this: each is written once, for complete objects.
import type { Finding, Json, JsonObject, PathSegment, RuleContext } from '../types';
import { UNKNOWN_VALUE, type UnknownNode, type Unknowns } from './unknowns';

/** Thrown by a view when a rule reads something unknown; caught by checkPartially. */
export class UnknownRead {
  private constructor() {}
  static readonly instance = new UnknownRead();
}

function stop(): never {
  throw UnknownRead.instance;
}

const INDEX = /^(?:0|[1-9]\d*)$/;

/** A read-only view of `value` (a mapping or list) under the knowledge of `unknowns`. */
export function trackedView<T extends Json>(value: T, unknowns: Unknowns): T {
  return value !== null && typeof value === 'object' ? (view(value, unknowns.root, unknowns, unknowns.root.closed === true) as T) : value;
}

/** `closed`: a container of this one replaces the base's whole (in a patch), so this one is complete too. */
function view(target: JsonObject | Json[], node: UnknownNode | undefined, unknowns: Unknowns, closed: boolean): JsonObject | Json[] {
  const isList = Array.isArray(target);
  const open = (unknowns.everywhereOpen && !closed) || node?.open === true;
  /** The segment a property key names, or undefined for what is no field or item (methods, symbols). */
  const segmentOf = (key: string | symbol): PathSegment | undefined => {
    if (typeof key === 'symbol') return undefined;
    if (!isList) return key;
    return INDEX.test(key) ? Number(key) : undefined;
  };
  const read = (segment: PathSegment): Json | undefined => {
    const child = node?.children?.get(segment);
    if (child?.unknown || child?.maybe) stop();
    const value = (target as Record<string, Json | undefined>)[String(segment)];
    // A growing list's length is its written items' (they are all there); past them, more may follow.
    if (value === undefined) return open || (isList && node?.growing === true) ? stop() : undefined;
    if (value === UNKNOWN_VALUE) stop();
    return value !== null && typeof value === 'object' ? view(value, child, unknowns, closed || child?.closed === true) : value;
  };
  const keysAreCertain = () => {
    if (open) return false;
    for (const child of node?.children?.values() ?? []) if (child.maybe) return false;
    return true;
  };
  return new Proxy(target, {
    get(object, key, receiver) {
      if (isList && key === 'length' && !keysAreCertain()) stop();
      const segment = segmentOf(key);
      return segment === undefined ? Reflect.get(object, key, receiver) : read(segment);
    },
    has(object, key) {
      const segment = segmentOf(key);
      if (segment === undefined) return Reflect.has(object, key);
      return read(segment) !== undefined || Reflect.has(object, key);
    },
    ownKeys(object) {
      if (!keysAreCertain()) stop();
      return Reflect.ownKeys(object);
    },
    getOwnPropertyDescriptor(object, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
      const segment = segmentOf(key);
      if (segment === undefined || !descriptor || !('value' in descriptor)) return descriptor;
      return { ...descriptor, value: read(segment) };
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}

/** The rule context with tracked views of the object as written and as defaulted. */
export function trackedContext(context: RuleContext, unknowns: Unknowns, defaultedUnknowns: Unknowns): RuleContext {
  return { ...context, object: trackedView(context.object, unknowns), defaulted: trackedView(context.defaulted, defaultedUnknowns) };
}

/** A check's findings on a partial object: all of them, or none when it asked about something unknown. */
export function checkPartially(check: (context: RuleContext) => Finding[], context: RuleContext): Finding[] {
  try {
    // Copied out of the views: findings are plain data the engine keeps.
    return JSON.parse(JSON.stringify(check(context))) as Finding[];
  } catch (error) {
    if (error instanceof UnknownRead) return [];
    throw error;
  }
}
