// Splits a file into documents where kubectl does: apimachinery's YAMLReader (k8s.io/apimachinery
// pkg/util/yaml/decoder.go, `YAMLReader.Read` over `LineReader`) reads the file line by line, lines ending at
// LF, and a line that starts with `---` ends the document being read (the line itself begins the next
// slice here; go-yaml reads it as the document start). Nothing else splits: `...` does not (go-yaml reads
// the first document of each part and kubectl drops the rest: yamlDocument.ts says so), a `%YAML` directive
// stays in the part before its `---`, and a `---` after a lone CR is no line start for kubectl.
// The split is a left-to-right pass whose state is fresh at every document start, so after an edit it can
// resume at a document start before the edit and stop at the first old document start after it (see
// FileModel.update).

export interface DocumentSlice {
  /** Offset of the slice's first character in the whole file. */
  offset: number;
  /** Zero-based line of the slice's first character in the whole file. */
  line: number;
  text: string;
}

/** Whether the line starting at `offset` follows a line feed (kubectl's line start); every line does unless told. */
export type LineFeedAt = (offset: number) => boolean;

const EVERY_LINE: LineFeedAt = () => true;

export function splitDocuments(text: string, lineFeedAt: LineFeedAt = EVERY_LINE): DocumentSlice[] {
  return splitDocumentsFrom(text, { offset: 0, line: 0 }, undefined, lineFeedAt).slices;
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
  lineFeedAt: LineFeedAt = EVERY_LINE,
): { slices: DocumentSlice[]; end?: { offset: number; line: number } } {
  const slices: DocumentSlice[] = [];
  let sliceOffset = from.offset;
  let sliceLine = from.line;
  let offset = from.offset;
  let line = from.line;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    if (offset > sliceOffset && text.startsWith('---', offset) && lineFeedAt(offset)) {
      slices.push({ offset: sliceOffset, line: sliceLine, text: text.slice(sliceOffset, offset) });
      sliceOffset = offset;
      sliceLine = line;
      if (stopAt?.(offset, line)) return { slices, end: { offset, line } };
    }
    if (newline === -1) break;
    offset = newline + 1;
    line++;
  }
  if (sliceOffset < text.length || (slices.length === 0 && from.offset === 0)) {
    slices.push({ offset: sliceOffset, line: sliceLine, text: text.slice(sliceOffset) });
  }
  return { slices };
}
