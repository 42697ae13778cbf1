// Minimal text edits on one YAML document, made from its syntax tree and its text: replace or quote a
// scalar, rename a key, set a field (replace, or insert a line after the right sibling), remove an entry,
// rewrite a list, insert a skeleton. Everything else in the text stays byte for byte: comments, key order,
// indentation (2 or 4 spaces, compact or indented sequences), quoting and line endings. A document is
// never re-serialized. Offsets are relative to the document's text, like every range of YamlDocument.
import { isAlias, isMap, isPair, isScalar, isSeq, visit, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Range, TextEdit } from 'vscode-languageserver-types';
import type { FieldPath } from '../types';
import { indentsSequences, indentUnit } from './cursor';
import { directPair } from './paths';
import type { YamlDocument } from './yamlDocument';

/** One replacement in a document's text. `snippet` is the same text in LSP snippet syntax, when it has placeholders. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
  snippet?: string;
}

/** A value to write: strings are quoted when YAML would read them otherwise, numbers and booleans are written plain. */
export type Skeleton = string | number | boolean | Placeholder | readonly Skeleton[] | { readonly [key: string]: Skeleton };

/** A value the user is expected to change: written as `value` in plain text, as a tab stop in a snippet. */
export interface Placeholder {
  placeholder: string | number;
  /** Offered as a snippet choice (`${1|a,b|}`); the plain text uses `placeholder`. */
  choices?: readonly string[];
}

export function placeholder(value: string | number, choices?: readonly string[]): Placeholder {
  return choices ? { placeholder: value, choices } : { placeholder: value };
}

function isPlaceholder(value: Skeleton): value is Placeholder {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && ['string', 'number'].includes(typeof (value as Placeholder).placeholder)
    && Object.keys(value).every((key) => key === 'placeholder' || key === 'choices');
}

/** Plain strings that YAML 1.1 (kubectl) reads as something else than a string, or that need quotes to parse. */
const NOT_PLAIN = /^(?:|~|null|Null|NULL|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?(?:\.\d+|\d[\d_]*(?:\.\d*)?)(?:[eE][-+]?\d+)?|0x[0-9a-fA-F_]+|0b[01_]+|0o?[0-7_]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|<<|=)$/;

/** Whether a string can be written without quotes and still be read back as the same string. */
export function isPlainSafe(value: string, flow = true): boolean {
  if (NOT_PLAIN.test(value) || /^[-+]?\d[\d_:]*$/.test(value)) return false;
  if (/^[\s]|[\s]$/.test(value) || /[\n\r\t]/.test(value)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(value) && !/^[-?:][^\s,[\]{}]/.test(value)) return false;
  return !/: |:$| #/.test(value) && !(flow && /[,[\]{}:]/.test(value));
}

export function doubleQuoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
}

function singleQuoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

/** Builds the plain text and the snippet text of an insertion side by side. */
class Writer {
  text = '';
  snippet = '';
  private tabStop = 0;
  hasPlaceholders = false;
  /** Whether the text being written is inside a flow collection. */
  flow = false;
  /** JSON style (a flow mapping with double-quoted keys): every key and string double-quoted. */
  json = false;

  write(text: string): void {
    this.text += text;
    this.snippet += escapeSnippet(text);
  }

  placeholder(value: Placeholder, written: string): void {
    this.tabStop++;
    this.hasPlaceholders = true;
    this.text += written;
    this.snippet += value.choices
      ? `\${${this.tabStop}|${value.choices.map((choice) => choice.replace(/[,|\\$}]/g, (c) => `\\${c}`)).join(',')}|}`
      : `\${${this.tabStop}:${escapeSnippet(written)}}`;
  }

  edit(start: number, end: number): OffsetEdit {
    return this.hasPlaceholders ? { start, end, text: this.text, snippet: this.snippet } : { start, end, text: this.text };
  }
}

/** Edits on one document. Paths are relative to `root` (a resource of the document). */
export class YamlEditor {
  private layout: { eol: string; unit: number; indentedSequences: boolean; preferSingleQuotes: boolean } | undefined;
  private flowRanges: [number, number][] | undefined;

  constructor(readonly doc: YamlDocument) {}

  /** The document's habits, read on first use (most fixes only replace a value). */
  private habits() {
    if (!this.layout) {
      const text = this.doc.text;
      this.layout = {
        eol: text.includes('\r\n') ? '\r\n' : '\n',
        unit: indentUnit(text),
        indentedSequences: indentsSequences(text),
        preferSingleQuotes: (text.match(/: '/g)?.length ?? 0) > (text.match(/: "/g)?.length ?? 0),
      };
    }
    return this.layout;
  }

  /** The line break of the document: CRLF when it has any. */
  get eol(): string {
    return this.habits().eol;
  }

  /** Spaces per nesting level (2 when the document does not say). */
  get unit(): number {
    return this.habits().unit;
  }

  /** Whether list items sit under their key (`key:\n  - a`) rather than at its column. */
  get indentedSequences(): boolean {
    return this.habits().indentedSequences;
  }

  private get preferSingleQuotes(): boolean {
    return this.habits().preferSingleQuotes;
  }

  // ---- finding nodes -------------------------------------------------------------------------------

  /**
   * The node written at `path`, with the pair holding it. Only direct entries count: a path through an
   * alias or a merge key (`<<`) would edit text shared with other objects, so it is not followed.
   */
  locate(root: Node, path: FieldPath): { node: unknown; pair?: Pair } | undefined {
    const found = this.step(root, path);
    return typeof found === 'string' ? undefined : found;
  }

  /** Like `locate`, but says why nothing was found: the path is missing, or it goes through an alias. */
  private step(root: Node, path: FieldPath): { node: unknown; pair?: Pair } | 'missing' | 'alias' {
    let node: unknown = root;
    let pair: Pair | undefined;
    for (const segment of path) {
      if (isAlias(node)) return 'alias';
      if (typeof segment === 'number') {
        if (!isSeq(node) || segment >= node.items.length) return 'missing';
        node = node.items[segment];
        pair = undefined;
      } else {
        if (!isMap(node)) return 'missing';
        pair = directPair(node, segment);
        if (!pair) return 'missing';
        node = pair.value;
      }
    }
    return isAlias(node) ? 'alias' : { node, pair };
  }

  scalarAt(root: Node, path: FieldPath): Scalar | undefined {
    const found = this.locate(root, path);
    return found && isScalar(found.node) && found.node.range ? found.node : undefined;
  }

  mapAt(root: Node, path: FieldPath): YAMLMap | undefined {
    const found = this.locate(root, path);
    return found && isMap(found.node) ? found.node : undefined;
  }

  seqAt(root: Node, path: FieldPath): YAMLSeq | undefined {
    const found = this.locate(root, path);
    return found && isSeq(found.node) ? found.node : undefined;
  }

  // ---- scalars and keys ----------------------------------------------------------------------------

  /** The text of a string value, in the style of `like` (its quotes), or plain when it is safe. */
  stringText(value: string, like?: Scalar, flow = true): string {
    const style = like?.type;
    if (style === 'QUOTE_DOUBLE') return doubleQuoted(value);
    if (style === 'QUOTE_SINGLE') return singleQuoted(value);
    const inFlow = like?.range ? this.inFlowCollection(like.range[0]) : flow;
    return isPlainSafe(value, inFlow) ? value : this.quoted(value);
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

  /** A quoted string in the file's own habit (double quotes unless it mostly uses single ones). */
  quoted(value: string): string {
    return this.preferSingleQuotes && !/[\n\t\\]/.test(value) ? singleQuoted(value) : doubleQuoted(value);
  }

  /** Replaces a scalar with a string value, keeping its quote style. */
  replaceString(scalar: Scalar, value: string): OffsetEdit {
    return this.replaceScalarText(scalar, this.stringText(value, scalar));
  }

  /** Replaces a scalar with a number or boolean, written plain. */
  replaceRaw(scalar: Scalar, value: number | boolean): OffsetEdit {
    return this.replaceScalarText(scalar, String(value));
  }

  private replaceScalarText(scalar: Scalar, text: string): OffsetEdit {
    const [start, end] = this.scalarSpan(scalar);
    return this.keepCommentColumn({ start, end, text });
  }

  /**
   * A one-line replacement that changes the length of the line keeps a comment aligned after it (two or
   * more spaces before `#`) in its column, as far as one space allows.
   */
  private keepCommentColumn(edit: OffsetEdit): OffsetEdit {
    const delta = edit.text.length - (edit.end - edit.start);
    if (delta === 0 || /[\r\n]/.test(edit.text) || /[\r\n]/.test(this.doc.text.slice(edit.start, edit.end))) return edit;
    const padding = /^( {2,})#/.exec(this.doc.text.slice(edit.end, edit.end + 256));
    if (!padding) return edit;
    const spaces = Math.max(1, padding[1].length - delta);
    return { ...edit, end: edit.end + padding[1].length, text: edit.text + ' '.repeat(spaces) };
  }

  /** The written text of a scalar: for block scalars the header and content lines, without the last line break. */
  private scalarSpan(scalar: Scalar): [number, number] {
    const range = scalar.range!;
    if (scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED') return [range[0], this.trimEnd(range[1])];
    return [range[0], range[1]];
  }

  /** Wraps a plain scalar in quotes, so YAML 1.1 reads it as the string it looks like (`no` -> `"no"`). */
  quote(scalar: Scalar): OffsetEdit | undefined {
    if (scalar.type !== 'PLAIN') return undefined;
    const [start, end] = this.scalarSpan(scalar);
    return this.keepCommentColumn({ start, end, text: this.quoted(this.doc.text.slice(start, end)) });
  }

  /** Removes the quotes of a quoted scalar whose content reads as a number or boolean (`"6"` -> `6`). */
  unquote(scalar: Scalar): OffsetEdit | undefined {
    if (scalar.type !== 'QUOTE_DOUBLE' && scalar.type !== 'QUOTE_SINGLE') return undefined;
    const value = String(scalar.value);
    if (!/^(?:[-+]?\d+(?:\.\d+)?|true|false)$/.test(value)) return undefined;
    return this.replaceScalarText(scalar, value);
  }

  /** Renames the key of a pair, keeping its quote style. */
  renameKey(pair: Pair, name: string): OffsetEdit | undefined {
    if (!isScalar(pair.key) || !pair.key.range) return undefined;
    return this.replaceString(pair.key, name);
  }

  // ---- removing --------------------------------------------------------------------------------------

  /** Removes the key/value pair or list entry at `path`: whole lines in block style, the item and a comma in flow style. */
  remove(root: Node, path: FieldPath): OffsetEdit | undefined {
    if (path.length === 0) return undefined;
    const parent = this.locate(root, path.slice(0, -1));
    const last = path[path.length - 1];
    if (!parent) return undefined;
    if (typeof last === 'number') {
      if (!isSeq(parent.node) || last >= parent.node.items.length) return undefined;
      return this.removeItem(parent.node, last);
    }
    if (!isMap(parent.node)) return undefined;
    const pair = directPair(parent.node, last);
    const wholeItem = typeof path[path.length - 2] === 'number' ? () => this.remove(root, path.slice(0, -1)) : undefined;
    return pair ? this.removePair(parent.node, pair, wholeItem) : undefined;
  }

  /**
   * Removes one pair of a mapping. The only key of a list item (`- name: x`) takes its item along when
   * `wholeItem` says how; without it that pair is not removed.
   */
  removePair(map: YAMLMap, pair: Pair, wholeItem?: () => OffsetEdit | undefined): OffsetEdit | undefined {
    const index = map.items.indexOf(pair);
    const keyStart = nodeStart(pair.key);
    if (keyStart === undefined) return undefined;
    if (map.flow) return this.removeFlowItem(map.items.map((item) => [nodeStart(item.key) ?? -1, this.lastContent(item)]), index);
    const lines = this.doc.lines;
    const keyLine = lines.positionAt(keyStart).line;
    const lead = this.doc.text.slice(lines.lineStart(keyLine), keyStart);
    if (lead.trim() !== '') {
      // The first key of a list item shares its line with the `- `.
      const next = map.items[index + 1];
      const nextStart = next ? nodeStart(next.key) : undefined;
      if (nextStart !== undefined) return { start: keyStart, end: nextStart, text: '' };
      return map.items.length === 1 && wholeItem ? wholeItem() : undefined;
    }
    return this.removeLines(keyLine, this.doc.lines.positionAt(this.lastContent(pair)).line);
  }

  private removeItem(seq: YAMLSeq, index: number): OffsetEdit | undefined {
    const item = seq.items[index];
    if (seq.flow) return this.removeFlowItem(seq.items.map((entry) => [nodeStart(entry) ?? -1, this.lastContent(entry)]), index);
    const start = nodeStart(item);
    if (start === undefined) return undefined;
    const dash = this.doc.text.lastIndexOf('-', start);
    if (dash < 0) return undefined;
    const lines = this.doc.lines;
    const dashLine = lines.positionAt(dash).line;
    if (this.doc.text.slice(lines.lineStart(dashLine), dash).trim() !== '') return undefined; // `- - x`
    return this.removeLines(dashLine, lines.positionAt(this.lastContent(item)).line);
  }

  private removeFlowItem(spans: [number, number][], index: number): OffsetEdit | undefined {
    const [start, end] = spans[index];
    if (start < 0) return undefined;
    if (index + 1 < spans.length) return { start, end: spans[index + 1][0], text: '' };
    if (index > 0) return { start: spans[index - 1][1], end, text: '' };
    return { start, end, text: '' };
  }

  /** Removes lines `first` to `last` with their line breaks, leaving no blank line behind. */
  removeLines(first: number, last: number): OffsetEdit {
    const lines = this.doc.lines;
    const start = lines.lineStart(first);
    if (last + 1 < lines.lineCount) return { start, end: lines.lineStart(last + 1), text: '' };
    // The last line of the text: take the line break before it instead.
    const before = first > 0 ? lines.lineEnd(first - 1) : start;
    return { start: before, end: this.doc.text.length, text: '' };
  }

  // ---- lists ---------------------------------------------------------------------------------------

  /** Rewrites a list of scalars to `values`: a flow list in place, a block list item by item (extra items removed). */
  rewriteList(seq: YAMLSeq, values: readonly (string | number)[]): OffsetEdit[] | undefined {
    if (values.length === 0 || !seq.range || !seq.items.every((item) => isScalar(item) && item.range)) return undefined;
    const items = seq.items as Scalar[];
    const write = (value: string | number, like?: Scalar) => (typeof value === 'number' ? String(value) : this.stringText(value, like));
    if (seq.flow) {
      const inner = this.doc.text.slice(seq.range[0], seq.range[1]);
      const separator = /,\s/.test(inner) || items.length < 2 ? ', ' : ',';
      const open = inner.startsWith('[ ') ? '[ ' : '[';
      const close = /\s\]$/.test(inner) ? ' ]' : ']';
      return [this.keepCommentColumn({ start: seq.range[0], end: seq.range[1], text: `${open}${values.map((value) => write(value, items[0])).join(separator)}${close}` })];
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
        const removal = this.removeItem(seq, index);
        if (!removal) return undefined;
        removals.push(removal);
      }
      return mergeAdjacentRemovals(removals);
    }
    const edits: OffsetEdit[] = [];
    values.forEach((value, index) => {
      const [start, end] = this.scalarSpan(items[index]);
      const text = write(value, items[index]);
      if (this.doc.text.slice(start, end) !== text) edits.push({ start, end, text });
    });
    for (let index = values.length; index < items.length; index++) {
      const removal = this.removeItem(seq, index);
      if (!removal) return undefined;
      edits.push(removal);
    }
    return mergeAdjacentRemovals(edits);
  }

  // ---- setting and inserting -----------------------------------------------------------------------

  /**
   * Sets `key` in the mapping at `parentPath` to `value`: replaces a scalar that is there, or inserts the
   * field on a new line after the first of `after` that is present (else after the last field), creating
   * missing mappings on the way. Flow mappings get `, key: value`.
   */
  set(root: Node, parentPath: FieldPath, key: string, value: Skeleton, options: Placement = {}): OffsetEdit | undefined {
    const existing = this.locate(root, [...parentPath, key]);
    if (existing && existing.pair) {
      const node = existing.node;
      const empty = node === null || (isScalar(node) && node.value === null && !node.source);
      if (empty) return this.fillEmpty(existing.pair, value);
      if (isScalar(node) && node.range && !isStructured(value)) {
        if (typeof value === 'string') return this.replaceString(node, value);
        if (typeof value === 'number' || typeof value === 'boolean') return this.replaceRaw(node, value);
        if (!isPlaceholder(value)) return undefined;
        // A placeholder in place of the value, in the value's quote style.
        const writer = new Writer();
        writer.placeholder(value, typeof value.placeholder === 'number' ? String(value.placeholder) : this.stringText(value.placeholder, node));
        const [start, end] = this.scalarSpan(node);
        return writer.edit(start, end);
      }
      if ((isMap(node) || isSeq(node)) && node.flow && node.range && isStructured(value)) {
        // A flow collection (`tokenRequests: []`) stays one: the new value is written in flow style.
        const writer = new Writer();
        this.writeFlow(writer, value);
        return writer.edit(node.range[0], node.range[1]);
      }
      return undefined;
    }
    // Walk down to the deepest mapping that exists; the rest of the path is written as nested mappings.
    let depth = parentPath.length;
    let found = this.step(root, parentPath);
    while (found === 'missing' && depth > 0) found = this.step(root, parentPath.slice(0, --depth));
    if (found === 'alias') return undefined;
    const missing = parentPath.slice(depth);
    if (missing.some((segment) => typeof segment === 'number')) return undefined;
    let nested: Skeleton = { [key]: value };
    for (const segment of [...missing].reverse()) nested = { [segment as string]: nested };
    const [firstKey, firstValue] = Object.entries(nested)[0];
    const at = this.locate(root, parentPath.slice(0, depth));
    if (!at) return undefined;
    if (isMap(at.node)) return this.insertPair(at.node, firstKey, firstValue, missing.length ? {} : options);
    if (at.pair && isScalar(at.node) && at.node.value === null && !at.node.source) return this.fillEmpty(at.pair, { [firstKey]: firstValue });
    return undefined;
  }

  /**
   * Inserts `key: value` into a mapping: after the first present key of `after`, else before the first
   * present key of `before`, else after its last field.
   */
  insertPair(map: YAMLMap, key: string, value: Skeleton, placement: Placement = {}): OffsetEdit | undefined {
    if (!map.range) return undefined;
    const present = (names: readonly string[] | undefined) => (names ?? []).map((name) => directPair(map, name)).find((pair) => pair !== undefined);
    let sibling = present(placement.after);
    const writer = new Writer();
    if (!sibling && !map.flow) {
      const next = present(placement.before);
      const index = next ? map.items.indexOf(next) : -1;
      if (index > 0) sibling = map.items[index - 1];
      else if (next) return this.insertBefore(next, writer, key, value);
    }
    sibling ??= map.items[map.items.length - 1];
    if (map.flow) {
      writer.json = [sibling, ...map.items].some((pair) => isScalar(pair?.key) && pair.key.type === 'QUOTE_DOUBLE');
      if (!sibling) {
        writer.write(`${this.keyText(key, writer)}: `);
        this.writeFlow(writer, value);
        return writer.edit(map.range[0] + 1, map.range[0] + 1);
      }
      const at = this.lastContent(sibling);
      writer.write(`, ${this.keyText(key, writer)}: `);
      this.writeFlow(writer, value);
      return writer.edit(at, at);
    }
    if (!sibling) return undefined;
    const keyStart = nodeStart(sibling.key);
    if (keyStart === undefined) return undefined;
    const column = this.doc.lines.positionAt(keyStart).character;
    const lastLine = this.doc.lines.positionAt(this.lastContent(sibling)).line;
    return this.insertLinesAfter(lastLine, writer, () => this.writeBlockPair(writer, key, value, column));
  }

  /** Inserts `key: value` on its own lines before the first key of a block mapping. */
  private insertBefore(first: Pair, writer: Writer, key: string, value: Skeleton): OffsetEdit | undefined {
    const keyStart = nodeStart(first.key);
    if (keyStart === undefined) return undefined;
    const position = this.doc.lines.positionAt(keyStart);
    this.writeBlockPair(writer, key, value, position.character);
    if (this.doc.text.slice(this.doc.lines.lineStart(position.line), keyStart).trim() !== '') {
      // The first key of a list item: the new key takes the `- ` line, the old one moves to the next line.
      const lead = `${this.eol}${' '.repeat(position.character)}`;
      const text = writer.text.slice(lead.length) + lead;
      const snippet = writer.snippet.slice(lead.length) + lead;
      return writer.hasPlaceholders ? { start: keyStart, end: keyStart, text, snippet } : { start: keyStart, end: keyStart, text };
    }
    const start = this.doc.lines.lineStart(position.line);
    const text = writer.text.slice(this.eol.length) + this.eol;
    const snippet = writer.snippet.slice(this.eol.length) + this.eol;
    return writer.hasPlaceholders ? { start, end: start, text, snippet } : { start, end: start, text };
  }

  /** Writes a structure under a key whose value is empty (`spec:` with nothing after it). */
  private fillEmpty(pair: Pair, value: Skeleton): OffsetEdit | undefined {
    const keyStart = nodeStart(pair.key);
    if (keyStart === undefined) return undefined;
    const position = this.doc.lines.positionAt(keyStart);
    const writer = new Writer();
    if (!isStructured(value)) {
      // `key:` -> `key: value`, right after the colon.
      const colon = this.doc.text.indexOf(':', nodeEnd(pair.key) ?? keyStart);
      if (colon < 0 || this.doc.lines.positionAt(colon).line !== position.line) return undefined;
      writer.write(' ');
      this.writeScalar(writer, value);
      return writer.edit(colon + 1, colon + 1);
    }
    const column = this.doc.lines.positionAt(keyStart).character;
    return this.insertLinesAfter(position.line, writer, () => this.writeBlockValue(writer, value, column));
  }

  /** Inserts the text written by `write` (which starts with a line break) after line `line`. */
  private insertLinesAfter(line: number, writer: Writer, write: () => void): OffsetEdit {
    const lines = this.doc.lines;
    const hasNext = line + 1 < lines.lineCount;
    const at = lines.lineEnd(line);
    write();
    if (!hasNext) return writer.edit(at, at);
    // Insert before the next line's start so that the new text ends with this file's line break.
    const text = writer.text.slice(this.eol.length) + this.eol;
    const snippet = writer.snippet.slice(this.eol.length) + this.eol;
    const start = lines.lineStart(line + 1);
    return writer.hasPlaceholders ? { start, end: start, text, snippet } : { start, end: start, text };
  }

  /** `\n<indent>key: value` for a block mapping whose keys start at `column`. */
  private writeBlockPair(writer: Writer, key: string, value: Skeleton, column: number): void {
    writer.write(`${this.eol}${' '.repeat(column)}${this.keyText(key)}:`);
    this.writeBlockValue(writer, value, column);
  }

  /** The value part after `key:` for a key at `column`. */
  private writeBlockValue(writer: Writer, value: Skeleton, column: number): void {
    if (isStructured(value) && Object.keys(value).length === 0) {
      // An empty list or mapping has no block form: `emptyDir: {}`, `args: []` (a bare `key:` would be null).
      writer.write(' ');
      this.writeFlow(writer, value);
    } else if (Array.isArray(value)) {
      const dashColumn = column + (this.indentedSequences ? this.unit : 0);
      for (const item of value) {
        writer.write(`${this.eol}${' '.repeat(dashColumn)}- `);
        this.writeItem(writer, item, dashColumn + 2);
      }
    } else if (isStructured(value)) {
      for (const [name, entry] of Object.entries(value as Record<string, Skeleton>)) this.writeBlockPair(writer, name, entry, column + this.unit);
    } else {
      writer.write(' ');
      this.writeScalar(writer, value);
    }
  }

  /** A list item after its `- `: a mapping's first key on the dash line, the others at `column`. */
  private writeItem(writer: Writer, item: Skeleton, column: number): void {
    if (isStructured(item) && !Array.isArray(item)) {
      Object.entries(item as Record<string, Skeleton>).forEach(([name, entry], index) => {
        if (index > 0) writer.write(`${this.eol}${' '.repeat(column)}`);
        writer.write(`${this.keyText(name)}:`);
        this.writeBlockValue(writer, entry, column);
      });
    } else if (Array.isArray(item)) {
      this.writeFlow(writer, item);
    } else {
      this.writeScalar(writer, item);
    }
  }

  private writeFlow(writer: Writer, value: Skeleton): void {
    const flow = writer.flow;
    writer.flow = true;
    this.writeFlowValue(writer, value);
    writer.flow = flow;
  }

  private writeFlowValue(writer: Writer, value: Skeleton): void {
    if (Array.isArray(value)) {
      writer.write('[');
      value.forEach((item, index) => {
        if (index > 0) writer.write(', ');
        this.writeFlow(writer, item);
      });
      writer.write(']');
    } else if (isStructured(value)) {
      writer.write('{');
      Object.entries(value as Record<string, Skeleton>).forEach(([name, entry], index) => {
        if (index > 0) writer.write(', ');
        writer.write(`${this.keyText(name, writer)}: `);
        this.writeFlow(writer, entry);
      });
      writer.write('}');
    } else {
      this.writeScalar(writer, value);
    }
  }

  private writeScalar(writer: Writer, value: Skeleton): void {
    const text = (string: string) => (writer.json ? doubleQuoted(string) : this.stringText(string, undefined, writer.flow));
    if (isPlaceholder(value)) writer.placeholder(value, typeof value.placeholder === 'number' ? String(value.placeholder) : text(value.placeholder));
    else if (typeof value === 'string') writer.write(text(value));
    else writer.write(String(value));
  }

  private keyText(key: string, writer?: Writer): string {
    if (writer?.json) return doubleQuoted(key);
    return isPlainSafe(key) ? key : this.quoted(key);
  }

  // ---- lines -----------------------------------------------------------------------------------------

  /** Inserts a whole line before line `line`, indented like it. */
  insertLineBefore(line: number, content: string): OffsetEdit {
    const lines = this.doc.lines;
    const start = lines.lineStart(line);
    const indent = /^[ \t]*/.exec(this.doc.text.slice(start, lines.lineEnd(line)))![0];
    return { start, end: start, text: `${indent}${content}${this.eol}` };
  }

  /** The offset just after the last written character of a node (its last line's content, not a trailing comment). */
  lastContent(node: unknown): number {
    if (isPair(node)) {
      const value = node.value && nodeStart(node.value) !== undefined && !(isScalar(node.value) && node.value.value === null && !node.value.source)
        ? this.lastContent(node.value) : -1;
      return Math.max(value, nodeEnd(node.key) ?? -1);
    }
    if ((isMap(node) || isSeq(node)) && !node.flow) {
      const items = node.items as unknown[];
      if (items.length) return this.lastContent(items[items.length - 1]);
    }
    if (isScalar(node) && node.range) return this.scalarSpan(node)[1];
    const end = nodeEnd(node);
    return end === undefined ? -1 : this.trimEnd(end);
  }

  private trimEnd(offset: number): number {
    let end = offset;
    while (end > 0 && /\s/.test(this.doc.text[end - 1])) end--;
    return end;
  }

  /** Whether `offset` (a line start) lies inside a scalar or flow collection that spans lines: no line may be put there. */
  insideMultilineNode(offset: number): boolean {
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
        const [start, end] = isScalar(node) ? this.scalarSpan(node) : [range[0], range[1]];
        if (start < offset && offset < end) inside = true;
        return;
      }
      if (isMap(node) || isSeq(node)) for (const item of node.items as unknown[]) visit(item);
    };
    visit(this.doc.document.contents);
    return inside;
  }
}

/** Where a new field goes in its mapping: after the first present key of `after`, else before the first present key of `before`. */
export interface Placement {
  after?: readonly string[];
  before?: readonly string[];
}

function isStructured(value: Skeleton): boolean {
  return typeof value === 'object' && value !== null && !isPlaceholder(value);
}

function nodeStart(node: unknown): number | undefined {
  return node && typeof node === 'object' && 'range' in node ? (node as Node).range?.[0] : undefined;
}

function nodeEnd(node: unknown): number | undefined {
  return node && typeof node === 'object' && 'range' in node ? (node as Node).range?.[1] : undefined;
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

/** Applies non-overlapping edits to a text; inserts at the same offset keep their order in the list, as in LSP. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  const ordered = edits.map((edit, index) => ({ edit, index })).sort((a, b) => b.edit.start - a.edit.start || b.edit.end - a.edit.end || b.index - a.index);
  let out = text;
  for (const { edit } of ordered) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/**
 * A quick fix as a diagnostic carries it in `data.fixes`: its title, and its edits in the same
 * coordinates as the diagnostic's range (they move with it when an earlier document of the file changes).
 */
export interface FixData {
  title: string;
  preferred?: boolean;
  /** Absent for a fix built at codeAction/resolve. */
  edits?: TextEdit[];
  /** For a fix built at codeAction/resolve: the finding's field path, to find the fix again. */
  lazy?: { path: FieldPath };
}

/** A diagnostic's `data` with the ranges of its fixes' edits moved down by `lines`, as FileModel moves the diagnostic. */
export function shiftFixData(data: unknown, lines: number): unknown {
  const fixes = (data as { fixes?: FixData[] } | undefined)?.fixes;
  if (lines === 0 || !fixes?.some((fix) => fix.edits)) return data;
  const shift = (range: Range): Range => ({
    start: { line: range.start.line + lines, character: range.start.character },
    end: { line: range.end.line + lines, character: range.end.character },
  });
  return {
    ...(data as object),
    fixes: fixes.map((fix) => (fix.edits ? { ...fix, edits: fix.edits.map((edit) => ({ ...edit, range: shift(edit.range) })) } : fix)),
  };
}
