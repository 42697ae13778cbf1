// Placing whole lines (a suppression comment above a finding): where a line may go, and a line inserted
// with the indentation of the line it goes before.
import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { YamlDocument } from '../yamlDocument';
import { scalarSpan, type Layout } from './layout';
import type { OffsetEdit } from './offsetEdit';

/** Inserts a whole line before line `line`, indented like it. */
export function insertLineBefore(layout: Layout, line: number, content: string): OffsetEdit {
  const lines = layout.doc.lines;
  const start = lines.lineStart(line);
  const indent = /^[ \t]*/.exec(layout.doc.text.slice(start, lines.lineEnd(line)))![0];
  return { start, end: start, text: `${indent}${content}${layout.eol}` };
}

/** Whether `offset` (a line start) lies inside a scalar or flow collection that spans lines: no line may be put there. */
export function insideMultilineNode(doc: YamlDocument, offset: number): boolean {
  let inside = false;
  const visit = (node: unknown): void => {
    if (inside || !node || typeof node !== 'object') return;
    if (isPair(node)) {
      visit(node.key);
      visit(node.value);
      return;
    }
    const range = (node as Node).range;
    if (!range) return;
    if (isScalar(node) || ((isMap(node) || isSeq(node)) && node.flow)) {
      const [start, end] = isScalar(node) ? scalarSpan(doc.text, node) : [range[0], range[1]];
      if (start < offset && offset < end) inside = true;
      return;
    }
    if (isMap(node) || isSeq(node)) for (const item of node.items as unknown[]) visit(item);
  };
  visit(doc.document.contents);
  return inside;
}
