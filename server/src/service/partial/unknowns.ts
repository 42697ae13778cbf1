// What is not known about an object read from a Helm template or a Kustomize patch, by field path:
// - an *open* mapping may hold keys that are not written (a patch merges into a base; a template includes
//   content), an open list may hold more items;
// - an *unknown* value is there, but what it is is not (a templated value): the object carries
//   UNKNOWN_VALUE at its path, so that "is it set?" has the right answer and nothing else;
// - a *maybe* field or item may be absent (it sits in an `if` branch, or is one of several alternatives);
// - a *growing* list holds every item written, as written, and may get more after them (a training runtime's
//   lists the Trainer adds to): each written item is judged, what needs the whole list is not.
// A plain manifest has none of these. Rules never see this structure: they read the object through the
// views of ./trackedObject.ts, which stop a rule that asks about something unknown.
import type { FieldPath, Json, JsonObject, PathSegment } from '../types';

/** The value an object carries where the text has a value that is not literal. Never a real value. */
export const UNKNOWN_VALUE = '\u0000kubeassist:unknown';

export interface UnknownNode {
  open?: boolean;
  unknown?: boolean;
  maybe?: boolean;
  /** A list whose written items are all there, as written, and that may get more after them. */
  growing?: boolean;
  /** In a patch that is everywhere open: this list or mapping replaces the base's whole, so nothing below it is open. */
  closed?: boolean;
  children?: Map<PathSegment, UnknownNode>;
}

export class Unknowns {
  readonly root: UnknownNode = {};

  /** `everywhereOpen`: every mapping and list may hold more than is written (a strategic-merge patch). */
  constructor(readonly everywhereOpen = false) {}

  /** A copy to add marks to (the defaulted object's knowledge starts as the written object's). */
  clone(): Unknowns {
    const copy = new Unknowns(this.everywhereOpen);
    const cloneNode = (node: UnknownNode): UnknownNode => {
      const out: UnknownNode = { ...node };
      if (node.children) out.children = new Map([...node.children].map(([segment, child]) => [segment, cloneNode(child)]));
      return out;
    };
    Object.assign(copy.root, cloneNode(this.root));
    copy.hasGrowing = this.hasGrowing;
    return copy;
  }

  node(path: FieldPath): UnknownNode | undefined {
    let node: UnknownNode | undefined = this.root;
    for (const segment of path) {
      node = node.children?.get(segment);
      if (!node) return undefined;
    }
    return node;
  }

  /** The node at `path`, created on the way. */
  at(path: FieldPath): UnknownNode {
    let node = this.root;
    for (const segment of path) {
      node.children ??= new Map();
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = {}));
      node = child;
    }
    return node;
  }

  markOpen(path: FieldPath): void {
    this.at(path).open = true;
  }

  markUnknown(path: FieldPath): void {
    this.at(path).unknown = true;
  }

  markGrowing(path: FieldPath): void {
    this.at(path).growing = true;
    this.hasGrowing = true;
  }

  /** Whether some list may get items after the written ones (markGrowing). */
  hasGrowing = false;

  markMaybe(path: FieldPath): void {
    this.at(path).maybe = true;
  }

  markClosed(path: FieldPath): void {
    this.at(path).closed = true;
  }

  isOpen(path: FieldPath): boolean {
    return (this.everywhereOpen && !this.closedAt(path)) || this.node(path)?.open === true;
  }

  /** Whether `path` or a container of it replaces the base's whole (everywhere-open patches only). */
  closedAt(path: FieldPath): boolean {
    let node: UnknownNode | undefined = this.root;
    if (node.closed) return true;
    for (const segment of path) {
      node = node.children?.get(segment);
      if (!node) return false;
      if (node.closed) return true;
    }
    return false;
  }

  /** Whether the value at `path`, or one of its containers, is unknown. */
  withinUnknown(path: FieldPath): boolean {
    let node: UnknownNode | undefined = this.root;
    for (const segment of path) {
      node = node.children?.get(segment);
      if (!node) return false;
      if (node.unknown) return true;
    }
    return false;
  }

  /**
   * Whether reading `path` from `object` gives a certain answer: every step is written and literal, or a
   * step is certainly absent (its mapping is closed, nothing on the way is a maybe). What a rule reads.
   */
  isCertain(object: Json, path: FieldPath): boolean {
    let value: Json | undefined = object;
    let node: UnknownNode | undefined = this.root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i];
      const child: UnknownNode | undefined = node?.children?.get(segment);
      if (child?.unknown || child?.maybe) return false;
      if (value === null || typeof value !== 'object') return true; // a wrong type: nothing below it, certainly
      if (Array.isArray(value) && typeof segment !== 'number') return true;
      const next: Json | undefined = Array.isArray(value) ? value[segment as number] : value[String(segment)];
      // Past the written items of a growing list, the Trainer may have put one.
      if (next === undefined) return !this.isOpen(path.slice(0, i)) && !(Array.isArray(value) && node?.growing);
      value = next;
      node = child;
    }
    return true;
  }

  /** Certain, and so is everything under it: no open, unknown or maybe node below `path`. */
  isCertainSubtree(object: Json, path: FieldPath): boolean {
    if (!this.isCertain(object, path)) return false;
    const node = this.node(path);
    const value = jsonPathValue(object, path);
    if (this.everywhereOpen && !this.closedAt(path)) return value === undefined || value === null || typeof value !== 'object';
    return !node || !hasMarks(node);
  }
}

function hasMarks(node: UnknownNode): boolean {
  if (node.open || node.unknown || node.maybe || node.growing) return true;
  for (const child of node.children?.values() ?? []) if (hasMarks(child)) return true;
  return false;
}

function jsonPathValue(object: Json, path: FieldPath): Json | undefined {
  let value: Json | undefined = object;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value) ? (typeof segment === 'number' ? value[segment] : undefined) : value[String(segment)];
  }
  return value;
}

/** Puts UNKNOWN_VALUE at `path` of `object` (creating nothing: the path's container must exist). */
export function setUnknownValue(object: JsonObject, path: FieldPath): void {
  let container: Json = object;
  for (let i = 0; i < path.length - 1; i++) {
    const next: Json | undefined = Array.isArray(container) ? container[Number(path[i])] : (container as JsonObject)[String(path[i])];
    if (next === undefined || next === null || typeof next !== 'object') return;
    container = next;
  }
  const last = path[path.length - 1];
  if (Array.isArray(container)) {
    if (typeof last === 'number' && last < container.length) container[last] = UNKNOWN_VALUE;
  } else if (container && typeof container === 'object') {
    container[String(last)] = UNKNOWN_VALUE;
  }
}
