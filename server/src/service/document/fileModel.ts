// A file as a list of YAML documents, each parsed once per text: an edit re-parses and re-checks only
// the documents whose text changed; the others keep their results, shifted to their new first line.
import type { Diagnostic } from 'vscode-languageserver-types';
import { splitDocuments, type DocumentSlice } from './split';
import { YamlDocument } from './yamlDocument';

/** Template markers: Helm and Go templates are not YAML until rendered. */
export function isTemplated(text: string): boolean {
  return text.includes('{{');
}

interface CachedDocument {
  doc: YamlDocument;
  diagnostics?: { key: string; list: Diagnostic[] };
}

export interface PlacedDocument {
  slice: DocumentSlice;
  doc: YamlDocument;
}

export class FileModel {
  private cache = new Map<string, CachedDocument>();
  private placed: PlacedDocument[] = [];
  private text: string | undefined;

  /** Brings the model to `text`, re-parsing only documents whose text is new. */
  update(text: string): readonly PlacedDocument[] {
    if (text === this.text) return this.placed;
    const next = new Map<string, CachedDocument>();
    this.placed = splitDocuments(text).map((slice) => {
      const cached = next.get(slice.text) ?? this.cache.get(slice.text) ?? { doc: new YamlDocument(slice.text) };
      next.set(slice.text, cached);
      return { slice, doc: cached.doc };
    });
    this.cache = next;
    this.text = text;
    return this.placed;
  }

  get documents(): readonly PlacedDocument[] {
    return this.placed;
  }

  /** The document holding a zero-based line, by binary search over first lines. */
  documentAtLine(line: number): PlacedDocument | undefined {
    let low = 0;
    let high = this.placed.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.placed[middle].slice.line <= line) low = middle;
      else high = middle - 1;
    }
    return this.placed[low];
  }

  /**
   * Diagnostics for the whole file. `compute` runs only for documents without results under `key`;
   * results are cached per document text and shifted to the document's place in the file.
   */
  diagnostics(key: string, compute: (doc: YamlDocument) => Diagnostic[]): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const { slice, doc } of this.placed) {
      const cached = this.cache.get(slice.text);
      if (!cached) continue;
      if (!cached.diagnostics || cached.diagnostics.key !== key) cached.diagnostics = { key, list: compute(doc) };
      for (const diagnostic of cached.diagnostics.list) out.push(shift(diagnostic, slice.line));
    }
    return out;
  }
}

function shift(diagnostic: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return diagnostic;
  const { start, end } = diagnostic.range;
  return {
    ...diagnostic,
    range: { start: { line: start.line + lines, character: start.character }, end: { line: end.line + lines, character: end.character } },
  };
}
