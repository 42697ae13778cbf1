// What every kind of edit reads of a document: its habits (line break, indentation unit, sequence style,
// quote preference), where its flow collections lie, and where a node's written text starts and ends.
import { isMap, isPair, isScalar, isSeq, visit, type Node, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { indentsSequences, indentUnit } from '../cursor';
import type { YamlDocument } from '../yamlDocument';

interface Habits {
  eol: string;
  unit: number;
  indentedSequences: boolean;
  preferSingleQuotes: boolean;
}

/** A document being edited, with its habits read on first use (most fixes only replace a value). */
export class Layout {
  private habits: Habits | undefined;
  private flowRanges: [number, number][] | undefined;

  constructor(readonly doc: YamlDocument) {}

  private read(): Habits {
    if (!this.habits) {
      const text = this.doc.text;
      this.habits = {
        eol: text.includes('\r\n') ? '\r\n' : '\n',
        unit: indentUnit(text),
        indentedSequences: indentsSequences(text),
        preferSingleQuotes: (text.match(/: '/g)?.length ?? 0) > (text.match(/: "/g)?.length ?? 0),
      };
    }
    return this.habits;
  }

  /** The line break of the document: CRLF when it has any. */
  get eol(): string {
    return this.read().eol;
  }

  /** Spaces per nesting level (2 when the document does not say). */
  get unit(): number {
    return this.read().unit;
  }

  /** Whether list items sit under their key (`key:\n  - a`) rather than at its column. */
  get indentedSequences(): boolean {
    return this.read().indentedSequences;
  }

  /** Whether the document mostly quotes values with single quotes. */
  get preferSingleQuotes(): boolean {
    return this.read().preferSingleQuotes;
  }

  /** Whether `offset` lies inside a flow collection (`[...]`, `{...}`), where `,` and brackets end a plain scalar. */
  inFlowCollection(offset: number): boolean {
    if (!this.flowRanges) {
      const ranges: [number, number][] = [];
      const collect = (_: unknown, node: YAMLMap | YAMLSeq) => {
        if (!node.flow || !node.range) return undefined;
        ranges.push([node.range[0], node.range[1]]);
        return visit.SKIP; // the outermost flow collection is enough
      };
      visit(this.doc.document, { Map: collect, Seq: collect });
      this.flowRanges = ranges;
    }
    return this.flowRanges.some(([start, end]) => start < offset && offset < end);
  }
}

export function nodeStart(node: unknown): number | undefined {
  return node && typeof node === 'object' && 'range' in node ? (node as Node).range?.[0] : undefined;
}

export function nodeEnd(node: unknown): number | undefined {
  return node && typeof node === 'object' && 'range' in node ? (node as Node).range?.[1] : undefined;
}

/** `offset` moved back over the white space (line breaks included) before it. */
export function trimEnd(text: string, offset: number): number {
  let end = offset;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  return end;
}

/** The written text of a scalar: for block scalars the header and content lines, without the last line break. */
export function scalarSpan(text: string, scalar: Scalar): [number, number] {
  const range = scalar.range!;
  if (scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED') return [range[0], trimEnd(text, range[1])];
  return [range[0], range[1]];
}

/** The offset just after the last written character of a node (its last line's content, not a trailing comment). */
export function lastContent(text: string, node: unknown): number {
  if (isPair(node)) {
    const value = node.value && nodeStart(node.value) !== undefined && !(isScalar(node.value) && node.value.value === null && !node.value.source)
      ? lastContent(text, node.value) : -1;
    return Math.max(value, nodeEnd(node.key) ?? -1);
  }
  if ((isMap(node) || isSeq(node)) && !node.flow) {
    const items = node.items as unknown[];
    if (items.length) return lastContent(text, items[items.length - 1]);
  }
  if (isScalar(node) && node.range) return scalarSpan(text, node)[1];
  const end = nodeEnd(node);
  return end === undefined ? -1 : trimEnd(text, end);
}
