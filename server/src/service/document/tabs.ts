// Tabs where go-yaml refuses them and the `yaml` parser does not: at the start of a line (before a comment,
// on an empty line, before content) and right after a `-` or `?` indicator. go-yaml's scanner
// (gopkg.in/yaml.v2 scannerc.go, yaml_parser_scan_to_next_token) eats tabs between tokens only where a
// simple key cannot start, which in block context is not so at a line start or after `-`/`?`: the tab is
// then "a character that cannot start any token". Inside a plain scalar that may go on over the next lines
// (yaml_parser_scan_plain_scalar) a tab in the indentation is read as a blank unless it stands left of the
// scalar's block indentation ("a tab character that violates indentation"). Inside flow collections, quoted
// scalars and block scalars tabs are the scalar's or the flow's business.
import { isMap, isScalar, isSeq, visit, type Document, type Scalar } from 'yaml';

export interface TabRefusal {
  start: number;
  end: number;
  message: string;
}

const CANNOT_START =
  'kubectl refuses this tab: at the start of a line (or after `-`), go-yaml takes a tab for indentation, which YAML allows only with spaces (go-yaml: "found character that cannot start any token"). Use spaces.';
const VIOLATES_INDENTATION =
  'kubectl refuses this tab: it stands left of the indentation of the value above, which go-yaml reads as a tab in the indentation (go-yaml: "found a tab character that violates indentation"). Use spaces.';

interface Span {
  start: number;
  end: number;
}

interface PlainSpan extends Span {
  /** Column of the block collection that holds the scalar (-1 at the top): tabs left of it + 1 are refused. */
  blockColumn: number;
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

export function tabRefusals(text: string, document: Document.Parsed): TabRefusal[] {
  if (!text.includes('\t')) return [];
  const shielded: Span[] = [];
  const blockScalars: (Span & { indent: number })[] = [];
  const plains: PlainSpan[] = [];
  visit(document, {
    Node(_, node, path) {
      if ((isMap(node) || isSeq(node)) && node.flow && node.range) {
        shielded.push({ start: node.range[0], end: node.range[1] });
        return visit.SKIP;
      }
      if (!isScalar(node) || !node.range) return undefined;
      const [start, end, nodeEnd] = node.range;
      if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') shielded.push({ start, end });
      else if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') blockScalars.push({ start, end: Math.max(end, nodeEnd), indent: blockIndent(text, node) });
      else if (node.type === 'PLAIN') {
        const parent = [...path].reverse().find((ancestor) => isMap(ancestor) || isSeq(ancestor)) as { range?: [number, number, number] } | undefined;
        plains.push({ start, end, blockColumn: parent?.range ? columnOf(text, parent.range[0]) : -1 });
      }
      return undefined;
    },
  });
  const inside = <T extends Span>(spans: T[], offset: number): T | undefined => spans.find((span) => span.start < offset && offset < span.end);
  const refusals: TabRefusal[] = [];
  let lineStart = 0;
  let previousEnd = -1; // end of the content of the last line with content (comments included)
  let previousComment = false;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const indentLength = /^[ \t]*/.exec(line)![0].length;
    const tab = line.indexOf('\t');
    if (tab !== -1 && !inside(shielded, lineStart)) {
      const block = inside(blockScalars, lineStart);
      if (block) {
        // yaml_parser_scan_block_scalar_breaks: a tab within the block's indentation.
        if (tab < indentLength && tab < block.indent) refusals.push({ start: lineStart + tab, end: lineStart + tab + 1, message: VIOLATES_INDENTATION });
      } else if (tab < indentLength) {
        const plain = !previousComment && previousEnd >= 0 ? plains.find((span) => span.start < previousEnd && previousEnd <= span.end) : undefined;
        if (!plain) refusals.push({ start: lineStart + tab, end: lineStart + tab + 1, message: CANNOT_START });
        else if (tab < plain.blockColumn + 1) refusals.push({ start: lineStart + tab, end: lineStart + tab + 1, message: VIOLATES_INDENTATION });
      } else {
        // After `-` or `?` a simple key may start, so go-yaml does not eat a tab there either.
        const indicators = /^ *((?:[-?][ \t]+)+)/.exec(line);
        const plainAbove = !previousComment && previousEnd >= 0 && plains.some((span) => span.start < previousEnd && previousEnd <= span.end);
        const tabAfter = indicators ? indicators[1].indexOf('\t') : -1;
        if (tabAfter !== -1 && !plainAbove) {
          const at = lineStart + indicators![0].length - indicators![1].length + tabAfter;
          refusals.push({ start: at, end: at + 1, message: CANNOT_START });
        }
      }
    }
    const content = line.trimEnd();
    if (content.trim() !== '') {
      previousEnd = lineStart + content.length;
      previousComment = /(?:^|[ \t])#/.test(commentFree(content)) || content.trimStart().startsWith('#');
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return refusals;
}

/** The line with quoted text blanked, so a `#` inside quotes is not taken for a comment. */
function commentFree(line: string): string {
  return line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, (quoted) => ' '.repeat(quoted.length));
}

/** The content indentation of a block scalar: its indentation indicator, or its first non-empty line's. */
function blockIndent(text: string, node: Scalar): number {
  const [start] = node.range!;
  const headerEnd = text.indexOf('\n', start);
  if (headerEnd === -1) return 0;
  const header = text.slice(start, headerEnd);
  const explicit = /^[|>][-+]?([1-9])/.exec(header);
  if (explicit) {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    return /^ */.exec(text.slice(lineStart))![0].length + Number(explicit[1]);
  }
  const lines = text.slice(headerEnd + 1).split('\n');
  for (const line of lines) {
    if (line.trim() === '') continue;
    return /^ */.exec(line)![0].length;
  }
  return 0;
}
