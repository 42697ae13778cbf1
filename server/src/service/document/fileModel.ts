// A file as a list of YAML documents, each parsed once per text: an edit re-splits only around the edited
// lines and re-parses and re-checks only the documents whose text changed; the others keep their results,
// shifted to their new first line. The cost of a keystroke does not grow with the number of documents.
import type { Diagnostic } from 'vscode-languageserver-types';
import { shiftFixData } from './edits';
import { readsAsJson, splitJsonStream } from './jsonStream';
import { splitDocumentsFrom, type DocumentSlice } from './split';
import { duplicateKeyMessage, YamlDocument, type DuplicateOf } from './yamlDocument';

/** What is known about one document text; kept across edits while the text is unchanged. */
interface DocumentState {
  doc: YamlDocument;
  diagnostics?: { key: string; list: Diagnostic[] };
}

export interface PlacedDocument {
  slice: DocumentSlice;
  doc: YamlDocument;
}

interface Entry extends PlacedDocument {
  state: DocumentState;
}

/**
 * The file's previous version, as the file model keeps it for the checks above it (the update checks'
 * Baseline, update/baseline.ts, is one). The model never reads it: it only carries it with the file.
 */
export interface FileBaseline {
  /** Changes whenever the baseline's text does: part of the key a document's diagnostics are kept under. */
  readonly id: string;
  /** Whether the baseline holds this document's text as it is (then the document updates nothing). */
  holds(documentText: string): boolean;
}

export class FileModel {
  private entries: Entry[] = [];
  /** The text as given, and as the engine reads it (lone CRs as LFs: see loneCarriageReturnsAsLineFeeds). */
  private given: string | undefined;
  private text: string | undefined;
  /** kubectl reads the file as JSON (it starts with `{`). */
  private json = false;
  /** The file's previous version, when the front door knows it (the file at HEAD): objects it holds are updates. */
  baseline: FileBaseline | undefined;

  /**
   * The documents the last edit made (at most EDITED_KEPT; none on the first text): they keep their syntax trees
   * until the next edit, since the requests that follow a keystroke (inlay hints, code lenses, the light bulb's
   * code actions, an open view) read the edited document again. Every other document keeps its diagnostics and
   * summaries, not its tree: an edit drops the trees that requests parsed since the last one.
   */
  private edited: readonly YamlDocument[] = [];

  /** Brings the model to `text`, re-parsing only documents whose text is new. */
  update(text: string): readonly PlacedDocument[] {
    if (text === this.given) return this.entries;
    const before = this.text === undefined ? undefined : this.entries;
    this.replace(text);
    const known = new Set(before?.map(({ doc }) => doc));
    const edited = before ? this.entries.filter(({ doc }) => !known.has(doc)).map(({ doc }) => doc) : [];
    this.edited = edited.length <= EDITED_KEPT ? edited : [];
    for (const { doc } of this.entries) if (doc.parsed && !this.keepsTree(doc)) doc.forgetParse();
    return this.entries;
  }

  /** Whether a document keeps its syntax tree once read (one the last edit made). */
  keepsTree(doc: YamlDocument): boolean {
    return this.edited.includes(doc);
  }

  /** A feature that parsed a document only to read something of it is done with it: its tree goes unless the model keeps it. */
  release(doc: YamlDocument, parsedBefore: boolean): void {
    if (!parsedBefore && doc.parsed && !this.keepsTree(doc)) doc.forgetParse();
  }

  private replace(text: string): void {
    const read = loneCarriageReturnsAsLineFeeds(text);
    const json = readsAsJson(read);
    const hadLoneCarriageReturns = this.given !== undefined && this.given !== this.text;
    const wasJson = this.json;
    this.given = text;
    this.json = json;
    if (json || wasJson) {
      // kubectl reads the file as a stream of JSON values (jsonStream.ts): split again whole.
      const known = json === wasJson ? knownStates(this.entries) : new Map<string, DocumentState>();
      this.entries = place(splitJsonStream(read), known, { json, given: text });
    } else if (read !== text || hadLoneCarriageReturns) {
      // kubectl splits only at a `---` after an LF (split.ts): with lone CRs about, where the split falls
      // depends on more than the edited lines, so the whole file is split again (documents keep their state).
      const lineFeedAt = (offset: number) => text.charCodeAt(offset - 1) === 10;
      this.entries = place(splitDocumentsFrom(read, { offset: 0, line: 0 }, undefined, lineFeedAt).slices, knownStates(this.entries), { given: text });
    } else if (read !== this.text) {
      this.entries = this.text === undefined ? place(splitDocumentsFrom(read, { offset: 0, line: 0 }).slices, new Map()) : this.edit(this.text, read);
    }
    this.text = read;
  }

  /**
   * The entries for `text`, given the entries for `old`: the documents before the edited line and after the
   * edited text keep their state (shifted), the split runs again only between them. The split's state is
   * fresh at every document start, so resuming at an unchanged start and stopping at an old start past the
   * edit gives the same documents as a split of the whole text.
   */
  private edit(old: string, text: string): Entry[] {
    const entries = this.entries;
    const { prefix, suffix } = commonEnds(old, text);
    const delta = text.length - old.length;
    const editedLineStart = text.lastIndexOf('\n', prefix - 1) + 1;
    const first = Math.max(0, lastIndexBefore(entries, editedLineStart));
    const editEnd = text.length - suffix;
    let resume = entries.length;
    const { slices, end } = splitDocumentsFrom(text, entries[first]?.slice ?? { offset: 0, line: 0 }, (offset) => {
      if (offset < editEnd) return false;
      const index = lastIndexBefore(entries, offset - delta + 1);
      if (index <= first || entries[index].slice.offset !== offset - delta) return false;
      resume = index;
      return true;
    });
    const replaced = knownStates(entries.slice(first, resume));
    const lineDelta = end ? end.line - entries[resume].slice.line : 0;
    const shifted = entries.slice(resume).map(({ slice, state }) => ({
      slice: { offset: slice.offset + delta, line: slice.line + lineDelta, text: slice.text },
      doc: state.doc,
      state,
    }));
    const before = entries[first - 1];
    const placed = place(slices, replaced, { before: before && { text: before.slice.text, headKept: before.doc.headKept } });
    // Whether kubectl keeps a `---` line depends on the part before it: the first shifted one may need telling.
    const last = placed[placed.length - 1] ?? before;
    const next = shifted[0];
    if (next && last) {
      const [again] = place([next.slice], knownStates([next]), { before: { text: last.slice.text, headKept: last.doc.headKept } });
      if (again.doc !== next.doc) shifted[0] = again;
    }
    return [...entries.slice(0, first), ...placed, ...shifted];
  }

  /** The documents that end past the first `limit` characters: the first of them, and how many there are. */
  pastLimit(limit: number): { first: PlacedDocument; count: number } | undefined {
    const index = this.entries.findIndex(({ slice }) => slice.offset + slice.text.length > limit);
    return index === -1 ? undefined : { first: this.entries[index], count: this.entries.length - index };
  }

  get documents(): readonly PlacedDocument[] {
    return this.entries;
  }

  /** The document holding a zero-based line, by binary search over first lines. */
  documentAtLine(line: number): PlacedDocument | undefined {
    let low = 0;
    let high = this.entries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.entries[middle].slice.line <= line) low = middle;
      else high = middle - 1;
    }
    return this.entries[low];
  }

  /**
   * Diagnostics for the documents that end within the first `limit` characters. `compute` runs only for
   * documents without results under `key` (one for all documents, or one per document); results are kept
   * per document text and shifted to the document's place in the file.
   */
  diagnostics(key: string | ((doc: YamlDocument) => string), compute: (doc: YamlDocument) => Diagnostic[], limit = Infinity): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const { slice, state } of this.entries) {
      if (slice.offset + slice.text.length > limit) break;
      const wanted = typeof key === 'string' ? key : key(state.doc);
      if (!state.diagnostics || state.diagnostics.key !== wanted) {
        state.diagnostics = { key: wanted, list: compute(state.doc) };
        if (!this.keepsTree(state.doc)) state.doc.forgetParse();
      }
      for (const diagnostic of state.diagnostics.list) out.push(shift(diagnostic, slice.line));
    }
    return out;
  }
}

/**
 * Entries for new slices, reusing the state of a document with the same text. `given` is the file as written
 * when it differs from the text split (lone CRs): a document learns where kubectl's lines really end. A document
 * whose `---` line kubectl keeps (yamlDocument.ts, `headKept`) is told so.
 */
function place(
  slices: DocumentSlice[],
  known: Map<string, DocumentState>,
  { json = false, given, before }: { json?: boolean; given?: string; before?: { text: string; headKept: boolean } } = {},
): Entry[] {
  let previousText = before?.text;
  let previousKept = !!before?.headKept;
  return slices.map((slice) => {
    const written = given === undefined ? slice.text : given.slice(slice.offset, slice.offset + slice.text.length);
    // kubectl hands a `---` line to go-yaml when nothing was read before it: at the start of the file, or right
    // after a `---` line it dropped (one that ended a document: a part of that one line, not itself kept).
    const afterDroppedSeparator = previousText !== undefined && /^---[^\n]*\n?$/.test(previousText) && !previousKept;
    const headKept = !json && (slice.offset === 0 || afterDroppedSeparator) && slice.text.replace(/^\ufeff/, '').startsWith('---');
    previousText = slice.text;
    previousKept = headKept;
    const key = stateKey(written, headKept);
    let state = known.get(key);
    if (!state) {
      // A copy, not a view: a view would keep this version of the whole file alive as long as the document.
      const options = { ...(json ? { json } : {}), ...(written !== slice.text ? { written: detach(written) } : {}), ...(headKept ? { headKept } : {}) };
      state = { doc: new YamlDocument(detach(slice.text), options) };
      known.set(key, state);
    }
    return { slice: { ...slice, text: state.doc.text }, doc: state.doc, state };
  });
}

function stateKey(written: string, headKept: boolean): string {
  return headKept ? `\u0001${written}` : written;
}

function knownStates(entries: readonly Entry[]): Map<string, DocumentState> {
  return new Map(entries.map(({ state }) => [stateKey(state.doc.written ?? state.doc.text, state.doc.headKept), state]));
}

/**
 * A lone CR ends a line for LSP clients and for YAML, but the engine counts lines at LF: it reads a lone CR
 * as an LF, which keeps every offset (the same length) and makes its line numbers the client's.
 */
function loneCarriageReturnsAsLineFeeds(text: string): string {
  return text.includes('\r') && LONE_CR.test(text) ? text.replace(LONE_CR_ALL, '\n') : text;
}

const LONE_CR = /\r(?!\n)/;
const LONE_CR_ALL = /\r(?!\n)/g;

function detach(text: string): string {
  return (' ' + text).slice(1);
}

/** Index of the last entry that starts before `offset`, or -1. */
function lastIndexBefore(entries: readonly Entry[], offset: number): number {
  let low = -1;
  let high = entries.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (entries[middle].slice.offset < offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** At most this many documents made by one edit keep their trees (a keystroke makes one; a paste may make many). */
const EDITED_KEPT = 4;

const CHUNK = 2048;

/** Lengths of the common prefix and (not overlapping it) the common suffix of two texts. */
export function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix + CHUNK <= shorter && a.slice(prefix, prefix + CHUNK) === b.slice(prefix, prefix + CHUNK)) prefix += CHUNK;
  while (prefix < shorter && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  const most = shorter - prefix;
  let suffix = 0;
  while (suffix + CHUNK <= most && a.slice(a.length - suffix - CHUNK, a.length - suffix) === b.slice(b.length - suffix - CHUNK, b.length - suffix)) suffix += CHUNK;
  while (suffix < most && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

function shift(diagnostic: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return diagnostic;
  const { start, end } = diagnostic.range;
  const shifted = {
    ...diagnostic,
    range: { start: { line: start.line + lines, character: start.character }, end: { line: end.line + lines, character: end.character } },
    data: shiftFixData(diagnostic.data, lines),
  };
  // A duplicate key's message names the line of the first occurrence: it moves with the document.
  const duplicateOf = (diagnostic.data as { duplicateOf?: DuplicateOf } | undefined)?.duplicateOf;
  if (!duplicateOf) return shifted;
  const moved = { ...duplicateOf, line: duplicateOf.line + lines };
  return { ...shifted, message: duplicateKeyMessage(moved), data: { ...(shifted.data as object), duplicateOf: moved } };
}
