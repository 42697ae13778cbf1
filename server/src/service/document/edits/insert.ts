// Inserting keys and blocks: set a field (replace the scalar that is there, fill an empty `key:`, or insert a
// line after the right sibling, creating missing mappings on the way), and insert a pair into a mapping.
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import type { FieldPath } from '../../types';
import { directPair } from '../paths';
import { lastContent, nodeEnd, nodeStart, scalarSpan, type Layout } from './layout';
import { locate, step } from './locate';
import type { OffsetEdit } from './offsetEdit';
import { replaceRaw, replaceString, stringText } from './scalars';
import { isPlaceholder, isStructured, Writer, type Skeleton } from './skeleton';

/** Where a new field goes in its mapping: after the first present key of `after`, else before the first present key of `before`. */
export interface Placement {
  after?: readonly string[];
  before?: readonly string[];
}

/**
 * Sets `key` in the mapping at `parentPath` to `value`: replaces a scalar that is there, or inserts the
 * field on a new line after the first of `after` that is present (else after the last field), creating
 * missing mappings on the way. Flow mappings get `, key: value`.
 */
export function set(layout: Layout, root: Node, parentPath: FieldPath, key: string, value: Skeleton, options: Placement = {}): OffsetEdit | undefined {
  const existing = locate(root, [...parentPath, key]);
  if (existing && existing.pair) {
    const node = existing.node;
    const empty = node === null || (isScalar(node) && node.value === null && !node.source);
    if (empty) return fillEmpty(layout, existing.pair, value);
    if (isScalar(node) && node.range && !isStructured(value)) {
      if (typeof value === 'string') return replaceString(layout, node, value);
      if (typeof value === 'number' || typeof value === 'boolean') return replaceRaw(layout, node, value);
      if (!isPlaceholder(value)) return undefined;
      // A placeholder in place of the value, in the value's quote style.
      const writer = new Writer(layout);
      writer.placeholder(value, typeof value.placeholder === 'number' ? String(value.placeholder) : stringText(layout, value.placeholder, node));
      const [start, end] = scalarSpan(layout.doc.text, node);
      return writer.edit(start, end);
    }
    if ((isMap(node) || isSeq(node)) && node.flow && node.range && isStructured(value)) {
      // A flow collection (`tokenRequests: []`) stays one: the new value is written in flow style.
      const writer = new Writer(layout);
      writer.writeFlow(value);
      return writer.edit(node.range[0], node.range[1]);
    }
    return undefined;
  }
  // Walk down to the deepest mapping that exists; the rest of the path is written as nested mappings.
  let depth = parentPath.length;
  let found = step(root, parentPath);
  while (found === 'missing' && depth > 0) found = step(root, parentPath.slice(0, --depth));
  if (found === 'alias') return undefined;
  const missing = parentPath.slice(depth);
  if (missing.some((segment) => typeof segment === 'number')) return undefined;
  let nested: Skeleton = { [key]: value };
  for (const segment of [...missing].reverse()) nested = { [segment as string]: nested };
  const [firstKey, firstValue] = Object.entries(nested)[0];
  const at = locate(root, parentPath.slice(0, depth));
  if (!at) return undefined;
  if (isMap(at.node)) return insertPair(layout, at.node, firstKey, firstValue, missing.length ? {} : options);
  if (at.pair && isScalar(at.node) && at.node.value === null && !at.node.source) return fillEmpty(layout, at.pair, { [firstKey]: firstValue });
  return undefined;
}

/**
 * Inserts `key: value` into a mapping: after the first present key of `after`, else before the first
 * present key of `before`, else after its last field.
 */
export function insertPair(layout: Layout, map: YAMLMap, key: string, value: Skeleton, placement: Placement = {}): OffsetEdit | undefined {
  if (!map.range) return undefined;
  const doc = layout.doc;
  const present = (names: readonly string[] | undefined) => (names ?? []).map((name) => directPair(map, name)).find((pair) => pair !== undefined);
  let sibling = present(placement.after);
  const writer = new Writer(layout);
  if (!sibling && !map.flow) {
    const next = present(placement.before);
    const index = next ? map.items.indexOf(next) : -1;
    if (index > 0) sibling = map.items[index - 1];
    else if (next) return insertBefore(layout, next, writer, key, value);
  }
  sibling ??= map.items[map.items.length - 1];
  if (map.flow) {
    writer.json = [sibling, ...map.items].some((pair) => isScalar(pair?.key) && pair.key.type === 'QUOTE_DOUBLE');
    if (!sibling) {
      writer.write(`${writer.keyText(key, writer.json)}: `);
      writer.writeFlow(value);
      return writer.edit(map.range[0] + 1, map.range[0] + 1);
    }
    const at = lastContent(doc.text, sibling);
    writer.write(`, ${writer.keyText(key, writer.json)}: `);
    writer.writeFlow(value);
    return writer.edit(at, at);
  }
  if (!sibling) return undefined;
  const keyStart = nodeStart(sibling.key);
  if (keyStart === undefined) return undefined;
  const column = doc.lines.positionAt(keyStart).character;
  const lastLine = doc.lines.positionAt(lastContent(doc.text, sibling)).line;
  return insertLinesAfter(layout, lastLine, writer, () => writer.writeBlockPair(key, value, column));
}

/** Inserts `key: value` on its own lines before the first key of a block mapping. */
function insertBefore(layout: Layout, first: Pair, writer: Writer, key: string, value: Skeleton): OffsetEdit | undefined {
  const { doc, eol } = layout;
  const keyStart = nodeStart(first.key);
  if (keyStart === undefined) return undefined;
  const position = doc.lines.positionAt(keyStart);
  writer.writeBlockPair(key, value, position.character);
  if (doc.text.slice(doc.lines.lineStart(position.line), keyStart).trim() !== '') {
    // The first key of a list item: the new key takes the `- ` line, the old one moves to the next line.
    const lead = `${eol}${' '.repeat(position.character)}`;
    const text = writer.text.slice(lead.length) + lead;
    const snippet = writer.snippet.slice(lead.length) + lead;
    return writer.hasPlaceholders ? { start: keyStart, end: keyStart, text, snippet } : { start: keyStart, end: keyStart, text };
  }
  const start = doc.lines.lineStart(position.line);
  const text = writer.text.slice(eol.length) + eol;
  const snippet = writer.snippet.slice(eol.length) + eol;
  return writer.hasPlaceholders ? { start, end: start, text, snippet } : { start, end: start, text };
}

/** Writes a structure under a key whose value is empty (`spec:` with nothing after it). */
function fillEmpty(layout: Layout, pair: Pair, value: Skeleton): OffsetEdit | undefined {
  const doc = layout.doc;
  const keyStart = nodeStart(pair.key);
  if (keyStart === undefined) return undefined;
  const position = doc.lines.positionAt(keyStart);
  const writer = new Writer(layout);
  if (!isStructured(value)) {
    // `key:` -> `key: value`, right after the colon.
    const colon = doc.text.indexOf(':', nodeEnd(pair.key) ?? keyStart);
    if (colon < 0 || doc.lines.positionAt(colon).line !== position.line) return undefined;
    writer.write(' ');
    writer.writeScalar(value);
    return writer.edit(colon + 1, colon + 1);
  }
  const column = doc.lines.positionAt(keyStart).character;
  return insertLinesAfter(layout, position.line, writer, () => writer.writeBlockValue(value, column));
}

/** Inserts the text written by `write` (which starts with a line break) after line `line`. */
function insertLinesAfter(layout: Layout, line: number, writer: Writer, write: () => void): OffsetEdit {
  const lines = layout.doc.lines;
  const hasNext = line + 1 < lines.lineCount;
  const at = lines.lineEnd(line);
  write();
  if (!hasNext) return writer.edit(at, at);
  // Insert before the next line's start so that the new text ends with this file's line break.
  const text = writer.text.slice(layout.eol.length) + layout.eol;
  const snippet = writer.snippet.slice(layout.eol.length) + layout.eol;
  const start = lines.lineStart(line + 1);
  return writer.hasPlaceholders ? { start, end: start, text, snippet } : { start, end: start, text };
}
