// A fast reader for the plain block YAML that most manifests are written in. `yaml` reads a document through a
// lexer and a parser (generators that yield a token per piece of text) into its concrete syntax tree, then
// composes the nodes; for the documents below this reader makes the same nodes straight from the lines, in a
// fraction of the time (issue 30: the open of a 1,000-document file spent most of its time there).
//
// It reads only what it can read exactly as `yaml` does, and gives up (undefined: the caller parses with `yaml`)
// on anything else. Each line is a block mapping key (a plain key of letters, digits and `_.-/`) or a block
// sequence entry (`- `, one space), with one value on the line: a plain scalar on one line (no `: `), a quoted
// scalar on one line (no backslash), a flow collection on one line of those scalars (one space after each comma
// and colon), or a literal block scalar (`|`, `|-`, `|+`); or a key whose value begins on the next line, more
// indented or a sequence at the key's column. A value may end with a comment. Between the lines: empty lines,
// and comment lines at the column of the line after them (not at a document's end, not between a sequence and a
// key at its column). No line of spaces (but inside a block scalar), no trailing space, no tab, CR or other
// control character, no anchor, alias, tag or directive, no duplicate key, nothing `yaml` would report. Scalars
// are resolved by the document's own schema, as `yaml`'s composer resolves them (compose-scalar.js
// findScalarTagByTest). test/unit/block-yaml.test.ts holds every node, range, comment and property to `yaml`'s on
// the corpus and on random documents, and on the limits of the subset.
import { Composer, Document, isPair, isScalar, Pair, Scalar, YAMLMap, YAMLSeq, type DocumentOptions, type Node, type ParseOptions, type ScalarTag, type SchemaOptions } from 'yaml';

type Options = ParseOptions & DocumentOptions & SchemaOptions;

/** Thrown where the text leaves the subset; caught in readBlockYaml, never seen outside. */
const BEYOND = Symbol('beyond the plain block subset');

/** Characters the subset leaves to `yaml`: tabs, CRs and every other control character, Unicode line breaks, BOMs, surrogates, non-characters. */
const UNSUPPORTED = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]/;

/** Deeper than this, `yaml` reads the document (nesting.ts bounds it first). */
const MAX_DEPTH = 64;

/** The document `yaml`'s parseDocument(text, options) makes, or undefined where the text is not in the subset. */
export function readBlockYaml(text: string, options: Options): Document.Parsed | undefined {
  // Options that change what the composer keeps (source tokens, string keys, line positions) are `yaml`'s to honour.
  if (options.keepSourceTokens || options.stringKeys || options.lineCounter || UNSUPPORTED.test(text)) return undefined;
  try {
    return new BlockReader(text, options).read();
  } catch (error) {
    if (error === BEYOND) return undefined;
    throw error;
  }
}

function beyond(): never {
  throw BEYOND;
}

const SPACE = 32;
const isKeyStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95; // a-z A-Z 0-9 _
const isKeyChar = (c: number) => isKeyStart(c) || c === 46 || c === 47 || c === 45; // . / -

/** Characters that may not start a plain scalar here (YAML c-indicator, and `-?:` left to `yaml`), or that start a value the subset does not read. */
const NOT_PLAIN_START = new Set([...'-?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));

class BlockReader {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly doc: Document.Parsed;
  private readonly tags: ScalarTag[];
  private readonly stringTag: ScalarTag;
  private depth = 0;

  constructor(
    private readonly text: string,
    options: Options,
  ) {
    for (let start = 0; start < text.length; ) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      this.starts.push(start);
      this.ends.push(end);
      start = end + 1;
    }
    // As the composer makes a document (compose-doc.js): its options carry the composer's directives.
    const directives = (new Composer(options) as unknown as { directives: unknown }).directives;
    this.doc = new Document(undefined, { _directives: directives, ...options } as Options) as Document.Parsed;
    const schema = this.doc.schema as unknown as { tags: ScalarTag[]; compat: unknown; [key: symbol]: ScalarTag };
    if (schema.compat) beyond();
    this.tags = schema.tags;
    this.stringTag = schema[Symbol.for('yaml.scalar')];
  }

  read(): Document.Parsed {
    const { text, doc } = this;
    const marked = text.startsWith('---');
    if (marked) {
      if (this.ends[0] !== 3) beyond();
      doc.directives.docStart = true;
    }
    const first = this.skipGap(marked ? 1 : 0);
    if (first >= this.starts.length || this.indent(first) !== 0) beyond();
    const { node, next } = this.collection(first, 0);
    if (next !== this.starts.length) beyond();
    doc.contents = node as never;
    // The document's end takes in the empty lines after its content.
    doc.range = [marked ? 0 : this.starts[first], node.range![2], text.length];
    if (marked) this.before(first, node);
    else this.prelude(first, node);
    return doc;
  }

  /**
   * Comment and empty lines before the content of a document without `---`: the composer's prelude (composer.js
   * parsePrelude, decorate). After an empty line the comment is the document's; else its first key's or item's.
   */
  private prelude(first: number, node: YAMLMap | YAMLSeq): void {
    let comment = '';
    let afterEmptyLine = false;
    for (let line = 0; line < first; line++) {
      // A comment line's line feed only ends the comment; an empty line is one.
      const empty = this.starts[line] === this.ends[line];
      if (!empty) comment += (comment === '' ? '' : afterEmptyLine ? '\n\n' : '\n') + this.commentOf(line);
      afterEmptyLine = empty;
    }
    if (!comment) return;
    if (afterEmptyLine) this.doc.commentBefore = comment;
    else {
      const item = node.items[0];
      const target = (isPair(item) ? item.key : item) as Node;
      target.commentBefore = comment;
    }
  }

  private indent(line: number): number {
    const start = this.starts[line];
    let at = start;
    while (this.text.charCodeAt(at) === SPACE) at++;
    return at - start;
  }

  /** A line of the block structure: something on it, no comment line, no trailing space, no document marker. */
  private structural(line: number): void {
    const { text } = this;
    const start = this.starts[line];
    const end = this.ends[line];
    const content = start + this.indent(line);
    if (content === end || text.charCodeAt(content) === 35 /* # */ || text.charCodeAt(end - 1) === SPACE) beyond();
    if (content === start && (text.startsWith('---', start) || text.startsWith('...', start))) beyond();
  }

  /**
   * The first line of the structure from `line` on, past empty lines and comment lines (a line of spaces is neither:
   * the subset leaves it to `yaml`); checked as `structural`. Comment lines must stand at the column of that line;
   * at the document's end, only empty lines may follow.
   */
  private skipGap(line: number): number {
    const from = line;
    while (line < this.starts.length && (this.starts[line] === this.ends[line] || this.text.charCodeAt(this.starts[line] + this.indent(line)) === 35)) line++;
    if (line < this.starts.length) this.structural(line);
    for (let gap = from; gap < line; gap++) {
      if (this.starts[gap] === this.ends[gap]) continue;
      if (line === this.starts.length || this.indent(gap) !== this.indent(line) || this.text.charCodeAt(this.ends[gap] - 1) === SPACE) beyond();
    }
    if (line > from) this.gaps.set(line, from);
    return line;
  }
  private readonly gaps = new Map<number, number>();

  /**
   * The empty and comment lines right before `line` give the node that starts there (a key, an item, the value of a
   * key that ends its line, a document's content after `---`) `spaceBefore` and `commentBefore`, as `yaml`'s
   * resolve-props.js reads them: an empty line before any comment is a space before, one after a comment a line
   * feed of the comment. The first key or item of a collection never has them (the collection itself does).
   */
  private before(line: number, node: Node): void {
    const from = this.gaps.get(line);
    if (from === undefined) return;
    let spaceBefore = false;
    let comment = '';
    let separator = '';
    for (let gap = from; gap < line; gap++) {
      if (this.starts[gap] === this.ends[gap]) {
        if (comment) comment += '\n';
        else spaceBefore = true;
      } else {
        comment = comment ? comment + separator + this.commentOf(gap) : this.commentOf(gap);
        separator = '\n';
      }
    }
    if (spaceBefore) node.spaceBefore = true;
    if (comment) node.commentBefore = comment;
  }

  /** Whether comment lines come right before `line` (in the empty and comment lines before it). */
  private commentBefore(line: number): boolean {
    for (let gap = this.gaps.get(line) ?? line; gap < line; gap++) if (this.starts[gap] !== this.ends[gap]) return true;
    return false;
  }

  /** A comment's text as `yaml` keeps it: after the `#`, or one space for an empty comment. */
  private commentOf(line: number): string {
    const start = this.starts[line] + this.indent(line) + 1;
    return start === this.ends[line] ? ' ' : this.text.slice(start, this.ends[line]);
  }

  /** The node after a line's content: where its value ends, with the line feed that ends it. */
  private lineEnd(line: number): number {
    return this.ends[line] < this.text.length ? this.ends[line] + 1 : this.ends[line];
  }

  /** A block collection starting at column `column` of `line` (the line's indent, or further for a compact one). */
  private collection(line: number, column: number): { node: YAMLMap | YAMLSeq; next: number } {
    if (++this.depth > MAX_DEPTH) beyond();
    const at = this.starts[line] + column;
    const result = this.isEntry(at) ? this.sequence(line, column) : this.mapping(line, column);
    this.depth--;
    return result;
  }

  /** `- ` (or `-` ending the line, which the subset leaves to `yaml`). */
  private isEntry(at: number): boolean {
    return this.text.charCodeAt(at) === 45 && (this.text.charCodeAt(at + 1) === SPACE || at + 1 === this.text.length || this.text.charCodeAt(at + 1) === 10);
  }

  private mapping(line: number, column: number): { node: YAMLMap; next: number } {
    const { text } = this;
    const map = new YAMLMap(this.doc.schema);
    const keys = new Set<unknown>();
    let end = 0;
    for (;;) {
      const at = this.starts[line] + column;
      const lineEnd = this.ends[line];
      const colon = this.keyEnd(at, lineEnd);
      if (colon === -1) beyond();
      const key = this.key(at, colon);
      if (map.items.length > 0) this.before(line, key);
      newKey(keys, key);
      let value: Node;
      let next: number;
      if (colon + 1 === lineEnd) {
        const first = this.skipGap(line + 1);
        if (first >= this.starts.length) beyond();
        const indent = this.indent(first);
        if (indent > column) ({ node: value, next } = this.collection(first, indent));
        else if (indent === column && this.isEntry(this.starts[first] + column)) ({ node: value, next } = this.sequence(first, column));
        else beyond();
        this.before(first, value);
      } else {
        if (text.charCodeAt(colon + 1) !== SPACE) beyond();
        let start = colon + 2;
        while (text.charCodeAt(start) === SPACE) start++;
        ({ node: value, next } = this.inline(start, line, column));
      }
      map.items.push(new Pair(key, value));
      end = value.range![2];
      line = this.skipGap(next);
      if (line >= this.starts.length) break;
      const indent = this.indent(line);
      if (indent < column) break;
      if (indent > column || this.isEntry(this.starts[line] + column)) beyond();
    }
    map.range = [(map.items[0].key as Scalar).range![0], end, end];
    return { node: map, next: line };
  }

  private sequence(line: number, column: number): { node: YAMLSeq; next: number } {
    const { text } = this;
    const seq = new YAMLSeq(this.doc.schema);
    const first = this.starts[line] + column;
    let end = 0;
    for (;;) {
      const at = this.starts[line] + column;
      if (text.charCodeAt(at) !== 45 || text.charCodeAt(at + 1) !== SPACE) beyond();
      const start = at + 2;
      if (text.charCodeAt(start) === SPACE || start >= this.ends[line]) beyond();
      let item: Node;
      let next: number;
      if (this.isEntry(start) || this.keyEnd(start, this.ends[line]) !== -1) ({ node: item, next } = this.collection(line, column + 2));
      else ({ node: item, next } = this.inline(start, line, column));
      if (seq.items.length > 0) this.before(line, item);
      seq.items.push(item);
      end = item.range![2];
      line = this.skipGap(next);
      if (line >= this.starts.length) break;
      const indent = this.indent(line);
      if (indent < column) break;
      if (indent > column) beyond();
      // A key at the column: the mapping this sequence is the value of goes on. A comment line before it would be the
      // sequence's own (an item with no `-`: resolve-block-seq.js), which the subset leaves to `yaml`.
      if (!this.isEntry(this.starts[line] + column)) {
        if (this.commentBefore(line)) beyond();
        break;
      }
    }
    seq.range = [first, end, end];
    return { node: seq, next: line };
  }

  /** Where a simple block key that starts at `at` ends (its `:`, followed by a space or the line's end), or -1. */
  private keyEnd(at: number, lineEnd: number): number {
    const { text } = this;
    if (!isKeyStart(text.charCodeAt(at))) return -1;
    let end = at + 1;
    while (end < lineEnd && isKeyChar(text.charCodeAt(end))) end++;
    if (text.charCodeAt(end) !== 58 /* : */) return -1;
    return end + 1 === lineEnd || text.charCodeAt(end + 1) === SPACE ? end : -1;
  }

  /** The value that starts at `at` and takes the rest of `line`; `column`: the column of the collection it is in. */
  private inline(at: number, line: number, column: number): { node: Node; next: number } {
    const { text } = this;
    const lineEnd = this.ends[line];
    const nodeEnd = this.lineEnd(line);
    const c = text.charCodeAt(at);
    let node: Node;
    let end: number;
    if (c === 34 || c === 39) ({ node, end } = this.quoted(at, lineEnd));
    else if (c === 91 || c === 123) ({ node, end } = this.flow(at, lineEnd));
    else if (c === 124) return this.literal(at, line, column);
    else {
      // A plain scalar ends where ` #` starts a comment, without the spaces before it (looked for on this line only).
      end = at;
      while (end < lineEnd && !(text.charCodeAt(end) === SPACE && text.charCodeAt(end + 1) === 35)) end++;
      while (text.charCodeAt(end - 1) === SPACE) end--;
      const source = text.slice(at, end);
      if (!plainInBlock(source)) beyond();
      node = this.plain(source, false, [at, end, end]);
    }
    // After the value: the line's end, or spaces and a comment (the node's `comment`: resolve-end.js).
    if (end !== lineEnd) {
      let hash = end;
      while (text.charCodeAt(hash) === SPACE) hash++;
      if (hash === end || text.charCodeAt(hash) !== 35) beyond();
      node.comment = hash + 1 === lineEnd ? ' ' : text.slice(hash + 1, lineEnd);
    }
    node.range![2] = nodeEnd;
    return { node, next: line + 1 };
  }

  /** A quoted scalar on one line without escapes: its node and where it ends. */
  private quoted(at: number, lineEnd: number): { node: Scalar; end: number } {
    const { text } = this;
    const quote = text[at];
    let close = at + 1;
    let value = '';
    for (;;) {
      const found = text.indexOf(quote, close);
      if (found === -1 || found >= lineEnd) beyond();
      value += text.slice(close, found);
      if (quote === "'" && text.charCodeAt(found + 1) === 39) {
        value += "'";
        close = found + 2;
        continue;
      }
      close = found;
      break;
    }
    if (quote === '"' && value.includes('\\')) beyond();
    const node = this.scalar(this.stringTag, value, [at, close + 1, close + 1]);
    node.type = quote === '"' ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
    return { node, end: close + 1 };
  }

  /** A flow collection on one line (`[a, b]`, `{a: b}`, nested), one space after each comma and colon. */
  private flow(at: number, lineEnd: number): { node: YAMLMap | YAMLSeq; end: number } {
    if (++this.depth > MAX_DEPTH) beyond();
    const { text } = this;
    const isMap = text.charCodeAt(at) === 123;
    const close = isMap ? 125 : 93;
    const node = isMap ? new YAMLMap(this.doc.schema) : new YAMLSeq(this.doc.schema);
    node.flow = true;
    const keys = new Set<unknown>();
    let position = at + 1;
    if (text.charCodeAt(position) !== close) {
      for (;;) {
        if (isMap) {
          const colon = this.keyEnd(position, lineEnd);
          if (colon === -1 || text.charCodeAt(colon + 1) !== SPACE) beyond();
          const key = this.key(position, colon);
          newKey(keys, key);
          const value = this.flowValue(colon + 2, lineEnd);
          (node as YAMLMap).items.push(new Pair(key, value.node));
          position = value.end;
        } else {
          const value = this.flowValue(position, lineEnd);
          (node as YAMLSeq).items.push(value.node);
          position = value.end;
        }
        const c = text.charCodeAt(position);
        if (c === close) break;
        if (c !== 44 || text.charCodeAt(position + 1) !== SPACE) beyond();
        position += 2;
      }
    }
    this.depth--;
    const end = position + 1;
    node.range = [at, end, end];
    return { node, end };
  }

  private flowValue(at: number, lineEnd: number): { node: Node; end: number } {
    const { text } = this;
    const c = text.charCodeAt(at);
    if (c === 34 || c === 39) return this.quoted(at, lineEnd);
    if (c === 91 || c === 123) return this.flow(at, lineEnd);
    let end = at;
    for (; end < lineEnd; end++) {
      const d = text.charCodeAt(end);
      if (d === 44 || d === 93 || d === 125) break; // , ] }
    }
    const source = text.slice(at, end);
    if (!plainInFlow(source)) beyond();
    return { node: this.plain(source, false, [at, end, end]), end };
  }

  /** `|`, `|-` or `|+` ending the line, its lines more indented than `column`; no blank line before the first or after the last. */
  private literal(at: number, line: number, column: number): { node: Scalar; next: number } {
    const { text } = this;
    let header = at + 1;
    const chomp = text[header] === '-' || text[header] === '+' ? text[header++] : '';
    if (header !== this.ends[line]) beyond();
    const first = line + 1;
    if (first >= this.starts.length) beyond();
    const indent = this.indent(first);
    if (indent <= column || this.starts[first] + indent === this.ends[first]) beyond();
    let value = '';
    let last = first;
    let blank = 0;
    for (let current = first; current < this.starts.length; current++) {
      const start = this.starts[current];
      const end = this.ends[current];
      const spaces = this.indent(current);
      if (start + spaces === end) {
        if (spaces > indent) beyond();
        blank++;
        continue;
      }
      if (spaces < indent) break;
      value += '\n'.repeat(blank) + text.slice(start + indent, end) + '\n';
      blank = 0;
      last = current;
    }
    if (blank > 0 || this.ends[last] === text.length) beyond(); // trailing blank lines, or no line feed after the last line
    if (chomp === '-') value = value.slice(0, -1);
    const end = this.ends[last] + 1;
    const node = this.scalar(this.stringTag, value, [at, end, end]);
    node.type = Scalar.BLOCK_LITERAL;
    return { node, next: last + 1 };
  }

  /** A key from `at` to its colon. */
  private key(at: number, colon: number): Scalar {
    return this.plain(this.text.slice(at, colon), true, [at, colon, colon]);
  }

  /** A plain scalar resolved as `yaml`'s composer resolves it (the first default tag whose test matches, else a string). */
  private plain(source: string, atKey: boolean, range: [number, number, number]): Scalar {
    let tag = this.stringTag;
    for (const candidate of this.tags) {
      if ((candidate.default === true || (atKey && (candidate.default as unknown) === 'key')) && candidate.test?.test(source)) {
        tag = candidate;
        break;
      }
    }
    const node = this.scalar(tag, source, range);
    node.type = Scalar.PLAIN;
    return node;
  }

  private scalar(tag: ScalarTag, source: string, range: [number, number, number]): Scalar {
    const resolved = tag.resolve(source, beyond, this.doc.options as never);
    const node = isScalar(resolved) ? resolved : new Scalar(resolved);
    node.range = range;
    node.source = source;
    if (tag.format) node.format = tag.format;
    return node;
  }
}

/**
 * A key the mapping does not hold yet: a duplicate (compose's mapIncludes: the same value by ===) is `yaml`'s to
 * report. A set keeps a mapping of many keys linear; a NaN key, which === never matches, goes to `yaml` too.
 */
function newKey(keys: Set<unknown>, key: Scalar): void {
  if (keys.has(key.value)) beyond();
  keys.add(key.value);
}

/** Whether a scalar may start so: not empty, not with a space or an indicator (but `-` before a character, as `-1`). */
function startsPlain(source: string): boolean {
  const first = source.charCodeAt(0);
  return source !== '' && first !== SPACE && (!NOT_PLAIN_START.has(first) || (first === 45 && source.length > 1 && source.charCodeAt(1) !== SPACE));
}

/** A plain scalar on one block line (its comment already cut off): no `: ` or final `:` (a key). */
function plainInBlock(source: string): boolean {
  return startsPlain(source) && !source.includes(': ') && !source.endsWith(':');
}

/** A plain scalar inside a flow collection: no colon, no comment, no quote or bracket, no space at its end. */
function plainInFlow(source: string): boolean {
  return startsPlain(source) && !/[:#"'[\]{}]|\s$/.test(source);
}
