// Rewriting a list of scalars to new values: a flow list in place, a block list item by item. When the new
// list only drops items, whole items go, so that the comments of the items that stay stay with them.
import { isScalar, type Scalar, type YAMLSeq } from 'yaml';
import { scalarSpan, type Layout } from './layout';
import type { OffsetEdit } from './offsetEdit';
import { removeItem } from './remove';
import { keepCommentColumn, stringText } from './scalars';

/** Rewrites a list of scalars to `values`: a flow list in place, a block list item by item (extra items removed). */
export function rewriteList(layout: Layout, seq: YAMLSeq, values: readonly (string | number)[]): OffsetEdit[] | undefined {
  if (values.length === 0 || !seq.range || !seq.items.every((item) => isScalar(item) && item.range)) return undefined;
  const doc = layout.doc;
  const items = seq.items as Scalar[];
  const write = (value: string | number, like?: Scalar) => (typeof value === 'number' ? String(value) : stringText(layout, value, like));
  if (seq.flow) {
    const inner = doc.text.slice(seq.range[0], seq.range[1]);
    const separator = /,\s/.test(inner) || items.length < 2 ? ', ' : ',';
    const open = inner.startsWith('[ ') ? '[ ' : '[';
    const close = /\s\]$/.test(inner) ? ' ]' : ']';
    return [keepCommentColumn(doc.text, { start: seq.range[0], end: seq.range[1], text: `${open}${values.map((value) => write(value, items[0])).join(separator)}${close}` })];
  }
  if (values.length > items.length) return undefined;
  // Only removals: whole items go, so that the comments of the items that stay stay with them.
  const kept: number[] = [];
  for (let index = 0; index < items.length && kept.length < values.length; index++) {
    if (String(items[index].value) === String(values[kept.length])) kept.push(index);
  }
  if (kept.length === values.length) {
    const removals: OffsetEdit[] = [];
    for (let index = 0; index < items.length; index++) {
      if (kept.includes(index)) continue;
      const removal = removeItem(doc, seq, index);
      if (!removal) return undefined;
      removals.push(removal);
    }
    return mergeAdjacentRemovals(removals);
  }
  const edits: OffsetEdit[] = [];
  values.forEach((value, index) => {
    const [start, end] = scalarSpan(doc.text, items[index]);
    const text = write(value, items[index]);
    if (doc.text.slice(start, end) !== text) edits.push({ start, end, text });
  });
  for (let index = values.length; index < items.length; index++) {
    const removal = removeItem(doc, seq, index);
    if (!removal) return undefined;
    edits.push(removal);
  }
  return mergeAdjacentRemovals(edits);
}

/** Removals of neighbouring list items, as one edit (LSP clients refuse overlapping edits, and touching ones read better). */
function mergeAdjacentRemovals(edits: OffsetEdit[]): OffsetEdit[] {
  const out: OffsetEdit[] = [];
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    const previous = out[out.length - 1];
    if (previous && previous.text === '' && edit.text === '' && previous.end === edit.start) previous.end = edit.end;
    else out.push({ ...edit });
  }
  return out;
}
