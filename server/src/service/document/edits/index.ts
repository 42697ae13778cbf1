// Minimal text edits on one YAML document, made from its syntax tree and its text: replace or quote a
// scalar, rename a key, set a field (replace, or insert a line after the right sibling), remove an entry,
// rewrite a list, insert a skeleton. Everything else in the text stays byte for byte: comments, key order,
// indentation (2 or 4 spaces, compact or indented sequences), quoting and line endings. A document is
// never re-serialized. Offsets are relative to the document's text, like every range of YamlDocument.
//
// This file is the toolkit's one public surface. The parts, each importing only those listed before it:
//   offsetEdit.ts  an edit as offsets, applying edits to a text
//   layout.ts      the document's habits (line break, indent unit, sequence style, quotes), node spans
//   locate.ts      the node at a field path (never through an alias)
//   scalars.ts     scalars and quoting: replace, quote, unquote, rename a key
//   remove.ts      removing pairs, list items and lines
//   lists.ts       rewriting a list of scalars
//   skeleton.ts    writing a new value (block or flow, snippet placeholders)
//   insert.ts      inserting keys and blocks: set a field, insert a pair
//   placement.ts   placing whole lines: where one may go, one inserted with its neighbour's indentation
//   fixData.ts     edits as a diagnostic carries them
//   editor.ts      YamlEditor: the methods a fix calls, each handed to its part
export { YamlEditor } from './editor';
export { applyEdits, type OffsetEdit } from './offsetEdit';
export { doubleQuoted, isPlainSafe } from './scalars';
export { placeholder, type Placeholder, type Skeleton } from './skeleton';
export type { Placement } from './insert';
export { shiftFixData, type FixData } from './fixData';
