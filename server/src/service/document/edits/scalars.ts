// Scalars and quoting: replace a value or a key in its own quote style, quote a plain scalar YAML 1.1 would
// read as something else, unquote a number or boolean. A one-line change keeps an aligned comment in its column.
import { isScalar, type Pair, type Scalar } from 'yaml';
import { scalarSpan, type Layout } from './layout';
import type { OffsetEdit } from './offsetEdit';

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

/** The text of a string value, in the style of `like` (its quotes), or plain when it is safe. */
export function stringText(layout: Layout, value: string, like?: Scalar, flow = true): string {
  const style = like?.type;
  if (style === 'QUOTE_DOUBLE') return doubleQuoted(value);
  if (style === 'QUOTE_SINGLE') return singleQuoted(value);
  const inFlow = like?.range ? layout.inFlowCollection(like.range[0]) : flow;
  return isPlainSafe(value, inFlow) ? value : quoted(layout, value);
}

/** A quoted string in the file's own habit (double quotes unless it mostly uses single ones). */
export function quoted(layout: Layout, value: string): string {
  return layout.preferSingleQuotes && !/[\n\t\\]/.test(value) ? singleQuoted(value) : doubleQuoted(value);
}

/** Replaces a scalar with a string value, keeping its quote style. */
export function replaceString(layout: Layout, scalar: Scalar, value: string): OffsetEdit {
  return replaceScalarText(layout, scalar, stringText(layout, value, scalar));
}

/** Replaces a scalar with a number or boolean, written plain. */
export function replaceRaw(layout: Layout, scalar: Scalar, value: number | boolean): OffsetEdit {
  return replaceScalarText(layout, scalar, String(value));
}

function replaceScalarText(layout: Layout, scalar: Scalar, text: string): OffsetEdit {
  const [start, end] = scalarSpan(layout.doc.text, scalar);
  return keepCommentColumn(layout.doc.text, { start, end, text });
}

/**
 * A one-line replacement that changes the length of the line keeps a comment aligned after it (two or
 * more spaces before `#`) in its column, as far as one space allows.
 */
export function keepCommentColumn(text: string, edit: OffsetEdit): OffsetEdit {
  const delta = edit.text.length - (edit.end - edit.start);
  if (delta === 0 || /[\r\n]/.test(edit.text) || /[\r\n]/.test(text.slice(edit.start, edit.end))) return edit;
  const padding = /^( {2,})#/.exec(text.slice(edit.end, edit.end + 256));
  if (!padding) return edit;
  const spaces = Math.max(1, padding[1].length - delta);
  return { ...edit, end: edit.end + padding[1].length, text: edit.text + ' '.repeat(spaces) };
}

/** Wraps a plain scalar in quotes, so YAML 1.1 reads it as the string it looks like (`no` -> `"no"`). */
export function quote(layout: Layout, scalar: Scalar): OffsetEdit | undefined {
  if (scalar.type !== 'PLAIN') return undefined;
  const [start, end] = scalarSpan(layout.doc.text, scalar);
  return keepCommentColumn(layout.doc.text, { start, end, text: quoted(layout, layout.doc.text.slice(start, end)) });
}

/** Removes the quotes of a quoted scalar whose content reads as a number or boolean (`"6"` -> `6`). */
export function unquote(layout: Layout, scalar: Scalar): OffsetEdit | undefined {
  if (scalar.type !== 'QUOTE_DOUBLE' && scalar.type !== 'QUOTE_SINGLE') return undefined;
  const value = String(scalar.value);
  if (!/^(?:[-+]?\d+(?:\.\d+)?|true|false)$/.test(value)) return undefined;
  return replaceScalarText(layout, scalar, value);
}

/** Renames the key of a pair, keeping its quote style. */
export function renameKey(layout: Layout, pair: Pair, name: string): OffsetEdit | undefined {
  if (!isScalar(pair.key) || !pair.key.range) return undefined;
  return replaceString(layout, pair.key, name);
}
