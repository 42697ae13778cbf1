// The LSP's incremental text changes, applied as the client means them: vscode-languageserver-textdocument's
// `TextDocument.update` (a range's positions read by `offsetAt`: lines end at LF, CRLF or a lone CR; a
// character past the end of its line is the line's end, before its line break; a line past the last line is
// the end of the text; a range whose start comes after its end is read the other way round).
import type { Position, Range } from 'vscode-languageserver-types';

/** One change of `textDocument/didChange`: a range replaced by `text`, or (no range) the whole text. */
export interface TextChange {
  range?: Range;
  text: string;
}

/** The range with its start before its end (`getWellformedRange`). */
export function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

const LINE_BREAK = /\r\n?|\n/g;

/** The offset of `position` in `text`, as `TextDocument.offsetAt` reads it. */
export function offsetInText(text: string, position: Position): number {
  if (position.line < 0) return 0;
  let lineStart = 0;
  for (let line = 0; line < position.line; line++) {
    const next = nextLineStart(text, lineStart);
    if (next === -1) return text.length;
    lineStart = next;
  }
  if (position.character <= 0) return lineStart;
  const next = nextLineStart(text, lineStart);
  return beforeLineBreak(text, Math.min(lineStart + position.character, next === -1 ? text.length : next), lineStart);
}

/** An offset within a line moved back before the line's break (`ensureBeforeEOL`). */
export function beforeLineBreak(text: string, offset: number, lineStart: number): number {
  while (offset > lineStart && isLineBreak(text.charCodeAt(offset - 1))) offset--;
  return offset;
}

function nextLineStart(text: string, from: number): number {
  LINE_BREAK.lastIndex = from;
  const found = LINE_BREAK.exec(text);
  return found ? found.index + found[0].length : -1;
}

const isLineBreak = (code: number) => code === 10 || code === 13;

/** `text` with one change applied. */
export function applyChange(text: string, change: TextChange): string {
  if (!change.range) return change.text;
  const range = wellFormed(change.range);
  const start = offsetInText(text, range.start);
  const end = offsetInText(text, range.end);
  return text.slice(0, start) + change.text + text.slice(end);
}

/** The texts joined without copying them (a balanced tree of concatenations, which V8 keeps unflattened until read). */
export function joinWithoutCopy(texts: readonly string[]): string {
  let parts = texts;
  while (parts.length > 1) {
    const joined: string[] = [];
    for (let i = 0; i < parts.length; i += 2) joined.push(i + 1 < parts.length ? parts[i] + parts[i + 1] : parts[i]);
    parts = joined;
  }
  return parts[0] ?? '';
}

/** How many LFs `text` holds between `from` and `to`. */
export function lineFeeds(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
