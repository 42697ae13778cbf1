// What a Helm template leaves unknown about one object, read from the syntax tree of its masked text:
// - a scalar that overlaps an action (`image: "{{ .Values.image }}"`) has an unknown value;
// - a key that overlaps an action (`{{ $key }}: value`) is unknown: its mapping is open;
// - a standalone output action (`{{- include "labels" . | nindent 4 }}`, `{{- toYaml .Values.x | nindent 8 }}`)
//   writes into the mapping or list at the column it indents to (open), or is the value of the key above
//   it (unknown);
// - a field or item inside an `if`/`with`/`range` branch that does not hold its whole mapping may be absent
//   (maybe), and an item of a `range` may be repeated (its list is open); a key written in two branches is
//   one of two alternatives (maybe).
// The object's JSON gets UNKNOWN_VALUE where a value is unknown, and loses templated keys.
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { TemplateAction, TemplateView } from '../document/helmTemplate';
import type { LineIndex } from '../document/lines';
import { keyString } from '../document/paths';
import type { FieldPath, Json, JsonObject, PathSegment } from '../types';
import { setUnknownValue, Unknowns } from './unknowns';

interface Reader {
  view: TemplateView;
  lines: LineIndex;
  unknowns: Unknowns;
  object: JsonObject;
}

/** The unknowns of the object at `root`, whose JSON (`object`) is changed in place to match them. */
export function templateUnknowns(view: TemplateView, root: YAMLMap, object: JsonObject, lines: LineIndex, everywhereOpen = false): Unknowns {
  const reader: Reader = { view, lines, unknowns: new Unknowns(everywhereOpen), object };
  readNode(reader, root, [], undefined);
  // An apiVersion a branch picks (`if .Capabilities.APIVersions.Has ...`) is the one the cluster serves: not judged.
  if (reader.unknowns.node(['apiVersion'])?.maybe) unknownValue(reader, ['apiVersion']);
  const range = root.range;
  for (const action of view.actions) {
    if (action.kind !== 'output' || !action.columns || !range) continue;
    if (action.start < range[0]) {
      reader.unknowns.markOpen([]);
      continue;
    }
    attributeOutput(reader, root, action);
  }
  return reader.unknowns;
}

function startOf(node: unknown): number | undefined {
  return node && typeof node === 'object' && 'range' in node ? (node as Node).range?.[0] : undefined;
}

/** A node that overlaps an action, or touches one (`{{ if .x }}Never{{ end }}` is not a literal `Never`). */
function overlaps(reader: Reader, node: unknown): boolean {
  const range = node && typeof node === 'object' && 'range' in node ? (node as Node).range : undefined;
  return !!range && reader.view.touches(range[0], range[1]);
}

function unknownValue(reader: Reader, path: FieldPath): void {
  if (path.length === 0) {
    reader.unknowns.markOpen([]);
    return;
  }
  reader.unknowns.markUnknown(path);
  setUnknownValue(reader.object, path);
}

function readNode(reader: Reader, node: unknown, path: PathSegment[], owner: number | undefined): void {
  if (isMap(node)) {
    if (node.flow && overlaps(reader, node)) unknownValue(reader, path);
    else readMap(reader, node, path, owner);
  } else if (isSeq(node)) {
    if (node.flow && overlaps(reader, node)) unknownValue(reader, path);
    else readSeq(reader, node, path, owner);
  } else if (isScalar(node) && node.value !== null && overlaps(reader, node)) {
    unknownValue(reader, path);
  }
}

function readMap(reader: Reader, map: YAMLMap, path: PathSegment[], owner: number | undefined): void {
  const keys = map.items.map((pair) => startOf(pair.key)).filter((offset): offset is number => offset !== undefined);
  const context = owner === undefined ? keys : [owner, ...keys];
  // A key written twice is one of two alternatives (if/else) or a duplicate the YAML check reports: a maybe either way.
  const times = new Map<string, number>();
  for (const pair of map.items) {
    const name = keyString(pair.key);
    if (name !== undefined) times.set(name, (times.get(name) ?? 0) + 1);
  }
  for (const pair of map.items as Pair[]) {
    const keyStart = startOf(pair.key);
    const name = keyString(pair.key);
    if (!isScalar(pair.key) || keyStart === undefined || name === undefined || overlaps(reader, pair.key)) {
      // A templated (or complex) key: any field may be set here.
      reader.unknowns.markOpen(path);
      if (name !== undefined) deleteKey(reader.object, path, name);
      continue;
    }
    const fieldPath = [...path, name];
    const branches = reader.view.branchesOf(keyStart, context);
    if (branches.length || (times.get(name) ?? 0) > 1) reader.unknowns.markMaybe(fieldPath);
    if (branches.some((branch) => branch.repeated)) reader.unknowns.markOpen(path);
    readNode(reader, pair.value, fieldPath, keyStart);
  }
}

function readSeq(reader: Reader, seq: YAMLSeq, path: PathSegment[], owner: number | undefined): void {
  const items = seq.items.map((item) => startOf(item)).filter((offset): offset is number => offset !== undefined);
  const context = owner === undefined ? items : [owner, ...items];
  seq.items.forEach((item, index) => {
    const itemStart = startOf(item);
    if (itemStart !== undefined && reader.view.branchesOf(itemStart, context).length) {
      reader.unknowns.markOpen(path);
      reader.unknowns.markMaybe([...path, index]);
    }
    readNode(reader, item, [...path, index], itemStart);
  });
}

function deleteKey(object: JsonObject, path: FieldPath, key: string): void {
  let container: Json | undefined = object;
  for (const segment of path) {
    if (container === null || typeof container !== 'object') return;
    container = Array.isArray(container) ? container[Number(segment)] : container[String(segment)];
  }
  if (container && typeof container === 'object' && !Array.isArray(container)) delete container[key];
}

/** Where the lines of a standalone output action go: for each column it may indent to. */
function attributeOutput(reader: Reader, root: YAMLMap, action: TemplateAction): void {
  const columns = action.columns === 'unknown' || !action.columns ? [reader.lines.positionAt(action.start).character] : action.columns;
  for (const column of columns) attribute(reader, root, [], action.start, column, action.columns === 'unknown');
}

function column(reader: Reader, offset: number | undefined): number {
  return offset === undefined ? 0 : reader.lines.positionAt(offset).character;
}

/** The last entry of a collection that starts before `offset`. */
function lastBefore<T>(entries: readonly T[], offset: number, startOfEntry: (entry: T) => number | undefined): { entry: T; index: number } | undefined {
  let found: { entry: T; index: number } | undefined;
  entries.forEach((entry, index) => {
    const at = startOfEntry(entry);
    if (at !== undefined && at < offset) found = { entry, index };
  });
  return found;
}

/**
 * Attributes output written at `offset`, lines starting at column `at`, to the node it lands in: a
 * mapping or list whose entries start at that column is open; the empty value of the key above it is
 * unknown. With `everywhere` (an indentation the template computes), every collection passed is open too.
 */
function attribute(reader: Reader, node: unknown, path: PathSegment[], offset: number, at: number, everywhere: boolean): void {
  const { unknowns } = reader;
  if (isMap(node) && !node.flow && node.items.length) {
    const mapColumn = column(reader, startOf(node.items[0].key));
    if (everywhere) unknowns.markOpen(path);
    const last = lastBefore(node.items as Pair[], offset, (pair) => startOf(pair.key));
    if (at <= mapColumn || !last) {
      unknowns.markOpen(path);
      // A list written at its key's column (`containers:\n- name: a`) may be what the output continues.
      const value = last?.entry.value;
      const name = last ? keyString(last.entry.key) : undefined;
      if (isSeq(value) && !value.flow && name !== undefined && column(reader, startOf(value)) === at) unknowns.markOpen([...path, name]);
      return;
    }
    const name = keyString(last.entry.key);
    if (name === undefined) {
      unknowns.markOpen(path);
      return;
    }
    descend(reader, last.entry.value, [...path, name], path, offset, at, everywhere);
    return;
  }
  if (isSeq(node) && !node.flow && node.items.length) {
    const seqColumn = column(reader, (node as Node).range?.[0]);
    if (everywhere) unknowns.markOpen(path);
    const last = itemAfterDash(reader, node, offset) ?? lastBefore(node.items, offset, startOf);
    if (at <= seqColumn || !last) {
      unknowns.markOpen(path);
      return;
    }
    descend(reader, last.entry, [...path, last.index], path, offset, at, everywhere);
    return;
  }
  unknownValue(reader, path);
}

/**
 * The item whose dash stands alone before the output on its line (`- {{- include "container" . | nindent 10 }}`):
 * the output writes that item's first lines, and the item's literal fields start on the next line.
 */
function itemAfterDash(reader: Reader, seq: YAMLSeq, offset: number): { entry: unknown; index: number } | undefined {
  const text = reader.view.text;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (!/^\s*-\s*$/.test(text.slice(lineStart, offset))) return undefined;
  const index = seq.items.findIndex((item) => (startOf(item) ?? -1) >= offset);
  if (index === -1) return undefined;
  // Only the item that starts right after the dash's line: nothing but blank lines between them.
  const start = startOf(seq.items[index]) ?? offset;
  return /^[^\n]*\n(?:[ \t]*\r?\n)*[ \t]*$/.test(text.slice(offset, start)) ? { entry: seq.items[index], index } : undefined;
}

function descend(reader: Reader, value: unknown, path: PathSegment[], parent: PathSegment[], offset: number, at: number, everywhere: boolean): void {
  if (value === null || value === undefined || (isScalar(value) && value.value === null)) {
    unknownValue(reader, path);
  } else if ((isMap(value) || isSeq(value)) && !value.flow) {
    attribute(reader, value, path, offset, at, everywhere);
  } else {
    // Output below a literal scalar or a flow collection: the value may be what it continues.
    unknownValue(reader, path);
    reader.unknowns.markOpen(parent);
  }
}
