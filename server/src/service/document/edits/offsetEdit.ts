// An edit as offsets into one document's text (every part of the toolkit returns these), and applying them.

/** One replacement in a document's text. `snippet` is the same text in LSP snippet syntax, when it has placeholders. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
  snippet?: string;
}

/** Applies non-overlapping edits to a text; inserts at the same offset keep their order in the list, as in LSP. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  const ordered = edits.map((edit, index) => ({ edit, index })).sort((a, b) => b.edit.start - a.edit.start || b.edit.end - a.edit.end || b.index - a.index);
  let out = text;
  for (const { edit } of ordered) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
