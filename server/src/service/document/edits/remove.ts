// Removing: a key/value pair or a list entry, as whole lines in block style (no blank line left behind),
// as the item and one comma in flow style.
import { isMap, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { FieldPath } from '../../types';
import { directPair } from '../paths';
import type { YamlDocument } from '../yamlDocument';
import { lastContent, nodeStart } from './layout';
import { locate } from './locate';
import type { OffsetEdit } from './offsetEdit';

/** Removes the key/value pair or list entry at `path`: whole lines in block style, the item and a comma in flow style. */
export function remove(doc: YamlDocument, root: Node, path: FieldPath): OffsetEdit | undefined {
  if (path.length === 0) return undefined;
  const parent = locate(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (!parent) return undefined;
  if (typeof last === 'number') {
    if (!isSeq(parent.node) || last >= parent.node.items.length) return undefined;
    return removeItem(doc, parent.node, last);
  }
  if (!isMap(parent.node)) return undefined;
  const pair = directPair(parent.node, last);
  const wholeItem = typeof path[path.length - 2] === 'number' ? () => remove(doc, root, path.slice(0, -1)) : undefined;
  return pair ? removePair(doc, parent.node, pair, wholeItem) : undefined;
}

/**
 * Removes one pair of a mapping. The only key of a list item (`- name: x`) takes its item along when
 * `wholeItem` says how; without it that pair is not removed.
 */
export function removePair(doc: YamlDocument, map: YAMLMap, pair: Pair, wholeItem?: () => OffsetEdit | undefined): OffsetEdit | undefined {
  const index = map.items.indexOf(pair);
  const keyStart = nodeStart(pair.key);
  if (keyStart === undefined) return undefined;
  if (map.flow) return removeFlowItem(map.items.map((item) => [nodeStart(item.key) ?? -1, lastContent(doc.text, item)]), index);
  const lines = doc.lines;
  const keyLine = lines.positionAt(keyStart).line;
  const lead = doc.text.slice(lines.lineStart(keyLine), keyStart);
  if (lead.trim() !== '') {
    // The first key of a list item shares its line with the `- `.
    const next = map.items[index + 1];
    const nextStart = next ? nodeStart(next.key) : undefined;
    if (nextStart !== undefined) return { start: keyStart, end: nextStart, text: '' };
    return map.items.length === 1 && wholeItem ? wholeItem() : undefined;
  }
  return removeLines(doc, keyLine, doc.lines.positionAt(lastContent(doc.text, pair)).line);
}

/** Removes the list item at `index`: its lines in a block list (not a `- - x`), the item and a comma in a flow list. */
export function removeItem(doc: YamlDocument, seq: YAMLSeq, index: number): OffsetEdit | undefined {
  const item = seq.items[index];
  if (seq.flow) return removeFlowItem(seq.items.map((entry) => [nodeStart(entry) ?? -1, lastContent(doc.text, entry)]), index);
  const start = nodeStart(item);
  if (start === undefined) return undefined;
  const dash = doc.text.lastIndexOf('-', start);
  if (dash < 0) return undefined;
  const lines = doc.lines;
  const dashLine = lines.positionAt(dash).line;
  if (doc.text.slice(lines.lineStart(dashLine), dash).trim() !== '') return undefined; // `- - x`
  return removeLines(doc, dashLine, lines.positionAt(lastContent(doc.text, item)).line);
}

function removeFlowItem(spans: [number, number][], index: number): OffsetEdit | undefined {
  const [start, end] = spans[index];
  if (start < 0) return undefined;
  if (index + 1 < spans.length) return { start, end: spans[index + 1][0], text: '' };
  if (index > 0) return { start: spans[index - 1][1], end, text: '' };
  return { start, end, text: '' };
}

/** Removes lines `first` to `last` with their line breaks, leaving no blank line behind. */
export function removeLines(doc: YamlDocument, first: number, last: number): OffsetEdit {
  const lines = doc.lines;
  const start = lines.lineStart(first);
  if (last + 1 < lines.lineCount) return { start, end: lines.lineStart(last + 1), text: '' };
  // The last line of the text: take the line break before it instead.
  const before = first > 0 ? lines.lineEnd(first - 1) : start;
  return { start: before, end: doc.text.length, text: '' };
}
