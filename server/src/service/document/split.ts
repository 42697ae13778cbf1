// Splits a file into its YAML documents by the document markers at column 0. The YAML spec forbids
// `---` and `...` at column 0 inside any scalar, so splitting there is exact, and cheap enough to redo
// on every keystroke: only the documents whose text changed are parsed again.

export interface DocumentSlice {
  /** Offset of the slice's first character in the whole file. */
  offset: number;
  /** Zero-based line of the slice's first character in the whole file. */
  line: number;
  text: string;
}

const MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/;

export function splitDocuments(text: string): DocumentSlice[] {
  const slices: DocumentSlice[] = [];
  let sliceOffset = 0;
  let sliceLine = 0;
  let pendingDirectives = false; // `%YAML` lines belong to the document after the next `---`
  let offset = 0;
  let line = 0;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline + 1;
    const first = text.charCodeAt(offset);
    if (first === 0x25 /* % */) pendingDirectives = true;
    if ((first === 0x2d /* - */ || first === 0x2e /* . */) && MARKER.test(text.slice(offset, Math.min(end, offset + 4)))) {
      const isEnd = first === 0x2e;
      if (isEnd) {
        // `...` closes the current document: keep it in this slice, start the next one after it.
        slices.push({ offset: sliceOffset, line: sliceLine, text: text.slice(sliceOffset, end) });
        sliceOffset = end;
        sliceLine = line + 1;
      } else if (offset > sliceOffset && !pendingDirectives) {
        slices.push({ offset: sliceOffset, line: sliceLine, text: text.slice(sliceOffset, offset) });
        sliceOffset = offset;
        sliceLine = line;
      }
      pendingDirectives = false;
    }
    if (newline === -1) break;
    offset = end;
    line++;
  }
  if (sliceOffset < text.length || slices.length === 0) {
    slices.push({ offset: sliceOffset, line: sliceLine, text: text.slice(sliceOffset) });
  }
  return slices;
}
