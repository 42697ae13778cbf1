// Field path -> source range, on the YAML syntax tree of one object. The engine reports every finding
// through this: rules speak in Kubernetes field paths, users see underlined text.
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import type { Anchor, FieldPath } from '../types';

export type OffsetRange = [start: number, end: number];

interface Step {
  /** The value node at this step (after alias resolution for walking). */
  value: unknown;
  /** The pair that holds it in a mapping, or undefined for a list item / the root. */
  pair?: Pair;
  /** The node as written at this spot (an alias node when the value comes through `*alias`). */
  written: unknown;
}

/** The key under which go-yaml and sigs.k8s.io/yaml store a mapping key: its scalar value as a string. */
export function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : typeof key.value === 'symbol' ? undefined : String(key.value);
  return undefined;
}

function resolve(document: Document, node: unknown): unknown {
  let current = node;
  for (let depth = 0; isAlias(current) && depth < 32; depth++) current = current.resolve(document);
  return current;
}

/** The pair written directly in this mapping (not through a `<<` merge key); the last one wins, as in go-yaml. */
export function directPair(map: YAMLMap, key: string): Pair | undefined {
  let found: Pair | undefined;
  for (const pair of map.items) if (keyString(pair.key) === key) found = pair;
  return found;
}

function findPair(document: Document, map: unknown, key: string, depth = 0): Pair | undefined {
  if (!isMap(map) || depth > 8) return undefined;
  const found = directPair(map, key);
  if (found) return found;
  const merges = map.items.filter((pair) => isScalar(pair.key) && typeof pair.key.value === 'symbol' && pair.key.source === '<<').map((pair) => pair.value);
  for (const merge of merges) {
    const sources = isSeq(resolve(document, merge)) ? (resolve(document, merge) as { items: unknown[] }).items : [merge];
    for (const source of sources) {
      const pair = findPair(document, resolve(document, source), key, depth + 1);
      if (pair) return pair;
    }
  }
  return undefined;
}

/** Walks `path` from `root`; returns the steps that exist (the first is the root). */
export function walk(document: Document, root: Node, path: FieldPath): Step[] {
  const steps: Step[] = [{ value: resolve(document, root), written: root }];
  for (const segment of path) {
    const current = steps[steps.length - 1].value;
    if (typeof segment === 'number') {
      if (!isSeq(current) || segment >= current.items.length) break;
      const item = current.items[segment];
      steps.push({ value: resolve(document, item), written: item });
    } else {
      const pair = findPair(document, current, segment);
      if (!pair) break;
      steps.push({ value: resolve(document, pair.value), pair, written: pair.value ?? undefined });
    }
  }
  return steps;
}

function rangeOf(node: unknown): OffsetRange | undefined {
  if (node && typeof node === 'object' && 'range' in node) {
    const range = (node as Node).range;
    if (range) return [range[0], range[1]];
  }
  return undefined;
}

/**
 * The key range of a step. A list item has no key: a mapping item is named by its first key (one line,
 * not the whole entry), any other item by its own range.
 */
function keyRangeOf(step: Step): OffsetRange | undefined {
  if (step.pair) return rangeOf(step.pair.key);
  if (isMap(step.written) && step.written.items.length) return rangeOf(step.written.items[0].key) ?? rangeOf(step.written);
  return rangeOf(step.written);
}

/** Where a finding about the object as a whole goes: its `kind` key, else its first key. */
function objectRange(document: Document, root: Node): OffsetRange {
  const kind = findPair(document, resolve(document, root), 'kind');
  const first = isMap(root) ? root.items[0] : undefined;
  return rangeOf(kind?.key) ?? rangeOf(first?.key) ?? rangeOf(root) ?? [0, 0];
}

/**
 * The range to underline for a finding at `path`. When the path exists: its value (or key, or whole entry).
 * When it does not: the key of the deepest present ancestor, or the object's `kind` key at the root.
 */
export function rangeForPath(document: Document, root: Node, path: FieldPath, anchor: Anchor): OffsetRange {
  const fallback = objectRange(document, root);
  const steps = walk(document, root, path);
  const last = steps[steps.length - 1];
  const complete = steps.length === path.length + 1;
  if (steps.length === 1) return fallback;
  if (!complete) return keyRangeOf(last) ?? fallback;
  const key = keyRangeOf(last);
  const value = rangeOf(last.written);
  const emptyValue = !value || value[0] === value[1] || (isScalar(last.written) && last.written.value === null && !last.written.source);
  switch (anchor) {
    case 'key':
      return key ?? fallback;
    case 'entry':
      if (key && value && !emptyValue) return [Math.min(key[0], value[0]), Math.max(key[1], value[1])];
      return key ?? value ?? fallback;
    default:
      return emptyValue ? key ?? fallback : value ?? fallback;
  }
}

/** The deepest field path whose key or value contains `offset`, walking the syntax tree. */
export function pathAtOffset(document: Document, root: Node, offset: number): { path: FieldPath; on: 'key' | 'value' } | undefined {
  const path: (string | number)[] = [];
  let on: 'key' | 'value' = 'value';
  let current: unknown = resolve(document, root);
  for (let depth = 0; depth < 256; depth++) {
    let next: unknown;
    if (isMap(current)) {
      for (const pair of current.items) {
        const key = rangeOf(pair.key);
        const value = rangeOf(pair.value);
        const name = keyString(pair.key);
        if (name === undefined) continue;
        if (key && offset >= key[0] && offset <= key[1]) {
          path.push(name);
          return { path, on: 'key' };
        }
        if (value && offset >= value[0] && offset <= nodeEnd(pair.value)) {
          path.push(name);
          next = pair.value;
          on = 'value';
          break;
        }
      }
    } else if (isSeq(current)) {
      current.items.forEach((item, index) => {
        const range = rangeOf(item);
        if (next === undefined && range && offset >= range[0] && offset <= nodeEnd(item)) {
          path.push(index);
          next = item;
        }
      });
    }
    if (next === undefined || isAlias(next)) break;
    current = next;
  }
  return path.length ? { path, on } : undefined;
}

function nodeEnd(node: unknown): number {
  if (isPair(node)) return nodeEnd(node.value);
  const range = node && typeof node === 'object' && 'range' in node ? (node as Node).range : undefined;
  return range ? range[1] : -1;
}
