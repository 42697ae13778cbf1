// Splits a file into its YAML documents by the document markers at column 0. The YAML spec forbids
// `---` and `...` at column 0 inside any scalar, so splitting there is exact. The split is a left-to-right
// pass whose state is fresh at every document start, so after an edit it can resume at a document start
// before the edit and stop at the first old document start after it (see FileModel.update).

export interface DocumentSlice {
  /** Offset of the slice's first character in the whole file. */
  offset: number;
  /** Zero-based line of the slice's first character in the whole file. */
  line: number;
  text: string;
}

const MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/;

export function splitDocuments(text: string): DocumentSlice[] {
  return splitDocumentsFrom(text, { offset: 0, line: 0 }).slices;
}

/**
 * Splits `text` from a document start (`from`, with its line) on. `stopAt(offset, line)` is asked at each
 * new document start after `from`: when it returns true the split stops there, and `end` is that offset
 * (else `end` is undefined: the split ran to the end of the text).
 */
export function splitDocumentsFrom(
  text: string,
  from: { offset: number; line: number },
  stopAt?: (offset: number, line: number) => boolean,
): { slices: DocumentSlice[]; end?: { offset: number; line: number } } {
  const slices: DocumentSlice[] = [];
  let sliceOffset = from.offset;
  let sliceLine = from.line;
  let pendingDirectives = false; // `%YAML` lines belong to the document after the next `---`
  let offset = from.offset;
  let line = from.line;
  const startSlice = (nextOffset: number, nextLine: number): boolean => {
    sliceOffset = nextOffset;
    sliceLine = nextLine;
    return !!stopAt && nextOffset < text.length && stopAt(nextOffset, nextLine);
  };
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
        if (startSlice(end, line + 1)) return { slices, end: { offset: end, line: line + 1 } };
      } else if (offset > sliceOffset && !pendingDirectives) {
        slices.push({ offset: sliceOffset, line: sliceLine, text: text.slice(sliceOffset, offset) });
        if (startSlice(offset, line)) return { slices, end: { offset, line } };
      }
      pendingDirectives = false;
    }
    if (newline === -1) break;
    offset = end;
    line++;
  }
  if (sliceOffset < text.length || (slices.length === 0 && from.offset === 0)) {
    slices.push({ offset: sliceOffset, line: sliceLine, text: text.slice(sliceOffset) });
  }
  return { slices };
}
