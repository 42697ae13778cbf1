// Random edits of a multi-document YAML file as a person makes them while typing (a character typed or deleted,
// a line added or removed, a document cut in two, two joined, one pasted in), as LSP incremental changes: the
// tests of what the engine keeps across edits (test/unit/relations/edit-splice.test.ts, test/unit/file-items.test.ts).
import type { TextChange } from '../../server/src/service/document/textChanges';

/** The LSP position of an offset (LF line ends). */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** One random edit of `text`: `typed` are the texts a keystroke inserts, `documents` the documents a paste adds. */
export function randomDocumentEdit(text: string, next: () => number, typed: readonly string[], documents: readonly string[]): { change: TextChange; text: string } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((match) => match.index! + 1).filter((offset) => offset < text.length)];
  const kind = pick(['type', 'type', 'type', 'delete', 'newline', 'removeLine', 'separator', 'join', 'document']);
  let start = Math.floor(next() * (text.length + 1));
  let end = start;
  let insert = '';
  if (kind === 'type') insert = pick(typed);
  else if (kind === 'delete') end = Math.min(text.length, start + 1 + Math.floor(next() * 4));
  else if (kind === 'newline') insert = '\n';
  else if (kind === 'removeLine') {
    start = pick(lineStarts);
    const lineEnd = text.indexOf('\n', start);
    end = lineEnd === -1 ? text.length : lineEnd + 1;
  } else if (kind === 'separator') {
    start = end = pick(lineStarts);
    insert = '---\n';
  } else if (kind === 'join') {
    const separators = [...text.matchAll(/^---\n/gm)].map((match) => match.index!);
    if (separators.length) {
      start = pick(separators);
      end = start + 4;
    }
  } else {
    start = end = pick(lineStarts);
    insert = `${pick(documents)}---\n`;
  }
  return { change: { range: { start: positionAt(text, start), end: positionAt(text, end) }, text: insert }, text: text.slice(0, start) + insert + text.slice(end) };
}
