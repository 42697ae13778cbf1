import { isScalar, visit, type Document } from 'yaml';
import { parseKubectlYaml } from './kubectlYaml';
import { nestsDeeperThan } from './nesting';
import { quoteOpening } from './quoteOpening';

// go-yaml (and so kubectl) accepts a multi-line quoted scalar whose continuation lines are not indented
// past the key that owns it, as older CRD generators write them. YAML 1.2 (and `yaml`) rejects them.
// We rewrite such line breaks into spaces in a shadow copy of the text, which keeps every offset the
// same, so nodes parsed from the shadow text still point at the right characters of the real text.

export interface LenientRepair {
  /** The shadow text, same length as the input. */
  text: string;
  /** Offsets (in the input) of the first character of each continuation line that was joined. */
  joinedLines: number[];
}

/** Returns a repaired shadow text, or undefined when there is nothing go-yaml would read differently. */
export function repairUnderIndentedQuotedScalars(text: string): LenientRepair | undefined {
  const chars = text.split('');
  const joinedLines: number[] = [];
  let lineStart = afterBom(text);
  while (lineStart < text.length) {
    const lineEnd = endOfLine(text, lineStart);
    const opening = findOpenQuote(text, lineStart, lineEnd);
    if (!opening) {
      // Past a block scalar's content: a quote there is text (a shell line's `"`), and a line left of the
      // content ends the scalar for go-yaml, so it continues no string.
      lineStart = skipValue(text, lineStart, lineEnd, text.slice(lineStart, lineEnd).replace(/\r$/, ''));
      continue;
    }
    // The key that owns the string: past the line's indentation and any `- ` of list items.
    const ownerIndent = /^[ ]*(?:-[ ]+)*/.exec(text.slice(lineStart, lineEnd))![0].length;
    // Continue scanning the quoted scalar over the following lines until its closing quote.
    let cursor = lineEnd + 1;
    let closed = false;
    while (cursor < text.length && !closed) {
      const nextEnd = endOfLine(text, cursor);
      const contentStart = cursor + indentOf(text, cursor);
      // A CR before the LF ends the line too: a line of blanks and a CR is an empty line (its break kept), not a continuation.
      const contentEnd = nextEnd > cursor && text[nextEnd - 1] === '\r' ? nextEnd - 1 : nextEnd;
      if (contentStart < contentEnd && indentOf(text, cursor) <= ownerIndent) {
        // Join: the line break (and a CR before it) becomes spaces; folding already turns it into a space.
        chars[cursor - 1] = ' ';
        if (cursor >= 2 && text[cursor - 2] === '\r') chars[cursor - 2] = ' ';
        joinedLines.push(cursor);
      }
      closed = closesQuote(text, contentStart, nextEnd, opening.quote);
      cursor = nextEnd + 1;
    }
    lineStart = cursor;
  }
  return joinedLines.length ? { text: chars.join(''), joinedLines } : undefined;
}

/**
 * Where the first line's content starts: past a byte-order mark at the start of the text, which kubectl drops
 * before go-yaml reads the file (FileVisitor's BOMOverride; go-yaml's reader drops one at the start of what it is
 * handed too). The text we parse keeps it (`yaml` reads it as a byte-order mark), so the first line is read from
 * the character after it: a key there sits at column 0, as go-yaml sees it.
 */
function afterBom(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

function endOfLine(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline === -1 ? text.length : newline;
}

function indentOf(text: string, lineStart: number): number {
  let i = lineStart;
  while (text[i] === ' ') i++;
  return i - lineStart;
}

/** A quoted scalar that opens on this line (as a mapping value or sequence item) and does not close on it. */
function findOpenQuote(text: string, start: number, end: number): { quote: string } | undefined {
  const opening = quoteOpening(text.slice(start, end));
  if (!opening) return undefined;
  const { quote } = opening;
  return closesQuote(text, start + opening.bodyStart, end, quote) ? undefined : { quote };
}

/** Whether the quoted scalar closes between `from` and `end`. */
function closesQuote(text: string, from: number, end: number, quote: string): boolean {
  for (let i = from; i < end; i++) {
    const c = text[i];
    if (quote === '"' && c === '\\') {
      i++;
      continue;
    }
    if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") {
        i++;
        continue;
      }
      return true;
    }
  }
  return false;
}

// go-yaml ignores indentation inside flow collections (`[...]`, `{...}`): a line of one may start at or left
// of its key's column, as formatters write the closing bracket. YAML 1.2 (and `yaml`) requires it indented.
// The shadow text joins the lines of such a collection (line breaks and comments inside it become spaces),
// which keeps offsets; multi-line scalars inside it are read again from the real text (refoldScalars).

export interface FlowRepair {
  text: string;
  /** Offsets (in the input) of the first character of each flow line at or left of its owner's column. */
  underIndented: number[];
}

/** Joins every flow collection of the block context that spans lines; undefined when there is none. */
export function joinMultilineFlows(text: string): FlowRepair | undefined {
  let chars: string[] | undefined;
  const underIndented: number[] = [];
  let lineStart = afterBom(text);
  while (lineStart < text.length) {
    const lineEnd = endOfLine(text, lineStart);
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const start = flowStart(line);
    if (start === undefined) {
      lineStart = skipValue(text, lineStart, lineEnd, line);
      continue;
    }
    const open = lineStart + start;
    const close = matchingBracket(text, open);
    if (close === undefined || text.lastIndexOf('\n', close) < open) {
      lineStart = lineEnd + 1;
      continue;
    }
    chars ??= text.split('');
    const ownerIndent = indentOf(text, lineStart);
    let flagged = false;
    for (let i = open; i < close; i++) {
      const c = text[i];
      if (c === '\n' || c === '\r') {
        chars[i] = ' ';
        if (c === '\n' && !flagged && i + 1 < text.length && indentOf(text, i + 1) <= ownerIndent && text[i + 1 + indentOf(text, i + 1)] !== '\n') {
          underIndented.push(i + 1);
          flagged = true;
        }
      }
    }
    for (const [from, to] of flowComments(text, open, close)) for (let i = from; i < to; i++) chars[i] = ' ';
    lineStart = endOfLine(text, close) + 1;
  }
  return chars ? { text: chars.join(''), underIndented } : undefined;
}

/** Where a flow collection starts on a line of block context: after indentation, indicators, a key, anchors and tags. */
function flowStart(line: string): number | undefined {
  let i = 0;
  const skipProps = () => {
    for (;;) {
      const props = /^(?:[-?:][ \t]+|[&!][^ \t]*[ \t]+|[ \t]+)/.exec(line.slice(i));
      if (!props) return;
      i += props[0].length;
    }
  };
  skipProps();
  if (line[i] === '[' || line[i] === '{') return i;
  // A key: quoted, or plain up to `: `.
  if (line[i] === '"' || line[i] === "'") {
    const quote = line[i];
    let j = i + 1;
    while (j < line.length && line[j] !== quote) j += line[j] === '\\' && quote === '"' ? 2 : 1;
    i = j + 1;
  }
  const colon = /:(?:[ \t]|$)/.exec(line.slice(i));
  if (!colon || line.slice(i, i + colon.index).includes(' #')) return undefined;
  i += colon.index + 1;
  skipProps();
  return line[i] === '[' || line[i] === '{' ? i : undefined;
}

/**
 * The line without its trailing comment (from the blanks before the first `#` that follows a blank). Written as a
 * scan: `/[ \t]+#.*$/` backtracks over every run of blanks, quadratic on a line a template cut left blank.
 */
function withoutComment(line: string): string {
  const hash = line.search(/[ \t]#/);
  if (hash === -1) return line;
  let start = hash;
  while (start > 0 && (line[start - 1] === ' ' || line[start - 1] === '\t')) start--;
  return line.slice(0, start);
}

/** The next line to look at after this one: past a block scalar's content or a multi-line quoted value. */
function skipValue(text: string, lineStart: number, lineEnd: number, line: string): number {
  const body = withoutComment(line);
  if (/(?:^|[ \t])[|>][-+0-9]*[ \t]*$/.test(body)) {
    const own = indentOf(text, lineStart);
    let next = lineEnd + 1;
    while (next < text.length) {
      const end = endOfLine(text, next);
      if (text.slice(next, end).trim() !== '' && indentOf(text, next) <= own) break;
      next = end + 1;
    }
    return next;
  }
  const opening = findOpenQuote(text, lineStart, lineEnd);
  if (!opening) return lineEnd + 1;
  let next = lineEnd + 1;
  while (next < text.length) {
    const end = endOfLine(text, next);
    const closed = closesQuote(text, next, end, opening.quote);
    next = end + 1;
    if (closed) break;
  }
  return next;
}

/** The offset of the bracket closing the flow collection opened at `open`, past quotes and comments. */
function matchingBracket(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i = quotedEnd(text, i);
      if (i === -1) return undefined;
    } else if (c === '#' && isCommentStart(text, i)) {
      i = endOfLine(text, i) - 1;
    } else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return undefined;
}

/** A `#` starts a comment after white space, a line start or a flow indicator (go-yaml reads it so after `,`). */
function isCommentStart(text: string, at: number): boolean {
  return at === 0 || /[ \t\r\n,[{]/.test(text[at - 1]);
}

function quotedEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function flowComments(text: string, open: number, close: number): [number, number][] {
  const comments: [number, number][] = [];
  for (let i = open; i < close; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = quotedEnd(text, i);
    else if (c === '#' && isCommentStart(text, i)) {
      const end = endOfLine(text, i);
      comments.push([i, end]);
      i = end;
    }
  }
  return comments;
}

/**
 * After a repair joined lines, the scalars that spanned them keep their real line breaks' folding: each such
 * scalar is read again from the real text, alone (a multi-line flow or quoted scalar folds the same there).
 */
export function refoldScalars(document: Document.Parsed, text: string, shadow: string): void {
  visit(document, {
    Scalar(_, node) {
      if (!node.range || node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') return;
      const [start, end] = node.range;
      const written = text.slice(start, end);
      if (!written.includes('\n') || shadow.slice(start, end) === written || nestsDeeperThan(written)) return;
      const alone = parseKubectlYaml(written);
      if (alone.errors.length || !isScalar(alone.contents)) return;
      node.value = alone.contents.value;
      node.source = alone.contents.source;
    },
  });
}
