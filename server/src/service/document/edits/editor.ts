// The editor a fix gets (`context.editor`): one document's edits in one place. Each method hands the
// document and its layout (read once, on first use) to the part that makes that kind of edit.
import type { Node, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { FieldPath } from '../../types';
import type { YamlDocument } from '../yamlDocument';
import * as inserting from './insert';
import { Layout, lastContent as lastContentIn } from './layout';
import * as lists from './lists';
import * as finding from './locate';
import type { OffsetEdit } from './offsetEdit';
import * as placing from './placement';
import * as removing from './remove';
import * as scalars from './scalars';
import type { Skeleton } from './skeleton';

/** Edits on one document. Paths are relative to `root` (a resource of the document). */
export class YamlEditor {
  private readonly layout: Layout;

  constructor(readonly doc: YamlDocument) {
    this.layout = new Layout(doc);
  }

  /** The line break of the document: CRLF when it has any. */
  get eol(): string {
    return this.layout.eol;
  }

  /** Spaces per nesting level (2 when the document does not say). */
  get unit(): number {
    return this.layout.unit;
  }

  /** Whether list items sit under their key (`key:\n  - a`) rather than at its column. */
  get indentedSequences(): boolean {
    return this.layout.indentedSequences;
  }

  // ---- finding nodes (locate.ts) -------------------------------------------------------------------

  /**
   * The node written at `path`, with the pair holding it. Only direct entries count: a path through an
   * alias or a merge key (`<<`) would edit text shared with other objects, so it is not followed.
   */
  locate(root: Node, path: FieldPath): finding.Located | undefined {
    return finding.locate(root, path);
  }

  scalarAt(root: Node, path: FieldPath): Scalar | undefined {
    return finding.scalarAt(root, path);
  }

  mapAt(root: Node, path: FieldPath): YAMLMap | undefined {
    return finding.mapAt(root, path);
  }

  seqAt(root: Node, path: FieldPath): YAMLSeq | undefined {
    return finding.seqAt(root, path);
  }

  // ---- scalars and quoting (scalars.ts) ------------------------------------------------------------

  /** The text of a string value, in the style of `like` (its quotes), or plain when it is safe. */
  stringText(value: string, like?: Scalar, flow = true): string {
    return scalars.stringText(this.layout, value, like, flow);
  }

  /** Whether `offset` lies inside a flow collection (`[...]`, `{...}`), where `,` and brackets end a plain scalar. */
  inFlowCollection(offset: number): boolean {
    return this.layout.inFlowCollection(offset);
  }

  /** A quoted string in the file's own habit (double quotes unless it mostly uses single ones). */
  quoted(value: string): string {
    return scalars.quoted(this.layout, value);
  }

  /** Replaces a scalar with a string value, keeping its quote style. */
  replaceString(scalar: Scalar, value: string): OffsetEdit {
    return scalars.replaceString(this.layout, scalar, value);
  }

  /** Replaces a scalar with a number or boolean, written plain. */
  replaceRaw(scalar: Scalar, value: number | boolean): OffsetEdit {
    return scalars.replaceRaw(this.layout, scalar, value);
  }

  /** Wraps a plain scalar in quotes, so YAML 1.1 reads it as the string it looks like (`no` -> `"no"`). */
  quote(scalar: Scalar): OffsetEdit | undefined {
    return scalars.quote(this.layout, scalar);
  }

  /** Removes the quotes of a quoted scalar whose content reads as a number or boolean (`"6"` -> `6`). */
  unquote(scalar: Scalar): OffsetEdit | undefined {
    return scalars.unquote(this.layout, scalar);
  }

  /** Renames the key of a pair, keeping its quote style. */
  renameKey(pair: Pair, name: string): OffsetEdit | undefined {
    return scalars.renameKey(this.layout, pair, name);
  }

  // ---- removing (remove.ts, lists.ts) --------------------------------------------------------------

  /** Removes the key/value pair or list entry at `path`: whole lines in block style, the item and a comma in flow style. */
  remove(root: Node, path: FieldPath): OffsetEdit | undefined {
    return removing.remove(this.doc, root, path);
  }

  /**
   * Removes one pair of a mapping. The only key of a list item (`- name: x`) takes its item along when
   * `wholeItem` says how; without it that pair is not removed.
   */
  removePair(map: YAMLMap, pair: Pair, wholeItem?: () => OffsetEdit | undefined): OffsetEdit | undefined {
    return removing.removePair(this.doc, map, pair, wholeItem);
  }

  /** Removes lines `first` to `last` with their line breaks, leaving no blank line behind. */
  removeLines(first: number, last: number): OffsetEdit {
    return removing.removeLines(this.doc, first, last);
  }

  /** Rewrites a list of scalars to `values`: a flow list in place, a block list item by item (extra items removed). */
  rewriteList(seq: YAMLSeq, values: readonly (string | number)[]): OffsetEdit[] | undefined {
    return lists.rewriteList(this.layout, seq, values);
  }

  // ---- inserting keys and blocks (insert.ts, skeleton.ts) ------------------------------------------

  /**
   * Sets `key` in the mapping at `parentPath` to `value`: replaces a scalar that is there, or inserts the
   * field on a new line after the first of `after` that is present (else after the last field), creating
   * missing mappings on the way. Flow mappings get `, key: value`.
   */
  set(root: Node, parentPath: FieldPath, key: string, value: Skeleton, options: inserting.Placement = {}): OffsetEdit | undefined {
    return inserting.set(this.layout, root, parentPath, key, value, options);
  }

  /**
   * Inserts `key: value` into a mapping: after the first present key of `after`, else before the first
   * present key of `before`, else after its last field.
   */
  insertPair(map: YAMLMap, key: string, value: Skeleton, placement: inserting.Placement = {}): OffsetEdit | undefined {
    return inserting.insertPair(this.layout, map, key, value, placement);
  }

  // ---- indentation and placement (placement.ts, layout.ts) -----------------------------------------

  /** Inserts a whole line before line `line`, indented like it. */
  insertLineBefore(line: number, content: string): OffsetEdit {
    return placing.insertLineBefore(this.layout, line, content);
  }

  /** The offset just after the last written character of a node (its last line's content, not a trailing comment). */
  lastContent(node: unknown): number {
    return lastContentIn(this.doc.text, node);
  }

  /** Whether `offset` (a line start) lies inside a scalar or flow collection that spans lines: no line may be put there. */
  insideMultilineNode(offset: number): boolean {
    return placing.insideMultilineNode(this.doc, offset);
  }
}
