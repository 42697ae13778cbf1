// A file as a list of YAML documents, each parsed once per text: an edit re-splits only around the edited
// lines and re-parses and re-checks only the documents whose text changed; the others keep their results,
// shifted to their new first line. The cost of a keystroke does not grow with the number of documents.
import type { Diagnostic, Position, Range } from 'vscode-languageserver-types';
import { shiftFixData } from './edits';
import { hasTemplateActions } from './helmTemplate';
import { movedRange, partitionPoint } from './lines';
import { readsAsJson, splitJsonStream, startsLikeJson } from './jsonStream';
import { splitDocumentsFrom, type DocumentSlice } from './split';
import { applyChange, beforeLineBreak, joinWithoutCopy, lineFeeds, wellFormed, type TextChange } from './textChanges';
import { duplicateKeyMessage, YamlDocument, type DuplicateOf } from './yamlDocument';

/** What is known about one document text; kept across edits while the text is unchanged. */
interface DocumentState {
  doc: YamlDocument;
  /** Relative to the document's first line; `placed`: shifted to the line it was last asked at. */
  diagnostics?: { key: string; list: Diagnostic[]; placed?: { line: number; list: readonly Diagnostic[] } };
}

export interface PlacedDocument {
  slice: DocumentSlice;
  doc: YamlDocument;
}

interface Entry extends PlacedDocument {
  state: DocumentState;
}

/**
 * What the model learns of its documents as they are made and read, so that an edit's bookkeeping costs what the
 * edit touched, not the file: the documents the current change made, and those whose tree was read since the
 * last edit (a document says so itself when it parses: YamlDocument's `parsedInto`).
 */
interface Ledger {
  made: YamlDocument[];
  readonly parsed: Set<YamlDocument>;
  /** The last change's splice of the entries (undefined after any other change). */
  splice?: DocumentsChange & { from: readonly Entry[]; to: readonly Entry[] };
}

/**
 * How a file's documents came from an earlier list of them by one edit: the documents before `first` are the
 * same at the same places; `removed` documents from `first` on were replaced by `inserted` new ones (which may
 * be the same texts, read again); the documents after them are the same, `lineDelta` lines further.
 */
export interface DocumentsChange {
  first: number;
  removed: number;
  inserted: number;
  lineDelta: number;
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
  private readonly ledger: Ledger = { made: [], parsed: new Set() };

  /** Brings the model to `text`, re-parsing only documents whose text is new. */
  update(text: string): readonly PlacedDocument[] {
    if (text === this.given) return this.entries;
    const first = this.text === undefined;
    this.ledger.made = [];
    this.replace(text);
    this.keepEdited(first ? [] : this.ledger.made);
    return this.entries;
  }

  /**
   * Whether the file holds template actions (`{{`, document/helmTemplate.ts), as its documents say (a `{{` never
   * spans two: a document ends with its LF, the next starts with `---`): no scan of the whole text per request.
   */
  holdsTemplateActions(text: string): boolean {
    this.update(text);
    return (this.templateActions ??= this.json ? hasTemplateActions(text) : this.entries.some(({ doc }) => doc.templateActions));
  }
  private templateActions: boolean | undefined;

  /** The file's text as last given (or as the changes made it): pass it back to the engine's functions, which then read nothing again. */
  get currentText(): string {
    return this.given ?? '';
  }

  /**
   * Applies an editor's incremental changes (`textDocument/didChange`) without making the whole text again: a
   * change inside the file re-splits only the documents around it, and the file's text becomes their texts
   * joined without a copy (`currentText`). Where the split could depend on more than those documents (a JSON
   * file, lone CRs, a CR next to the change, the start of a file that may read as JSON), the whole text is made
   * and read as `update` reads it.
   */
  applyChanges(changes: readonly TextChange[]): readonly PlacedDocument[] {
    const before = this.entries;
    const first = this.text === undefined;
    this.ledger.made = [];
    for (const change of changes) {
      if (!change.range || !this.editInPlace(change.range, change.text)) this.replace(applyChange(this.given ?? '', change));
    }
    if (first) this.keepEdited([]);
    // One change: the documents it made are all in the file. Several (a multi-cursor edit): a later one may have
    // replaced what an earlier one made, so the documents new to the file are found by comparing.
    else if (changes.length === 1) this.keepEdited(this.ledger.made);
    else {
      const known = new Set(before.map(({ doc }) => doc));
      this.keepEdited(this.entries.filter(({ doc }) => !known.has(doc)).map(({ doc }) => doc));
    }
    return this.entries;
  }

  /**
   * The documents an edit made keep their syntax trees (at most EDITED_KEPT); every other tree read since the
   * last edit goes (the documents say when they parse: no walk over the file's documents).
   */
  private keepEdited(edited: readonly YamlDocument[]): void {
    this.edited = edited.length <= EDITED_KEPT ? edited : [];
    for (const doc of this.ledger.parsed) {
      if (this.keepsTree(doc)) continue;
      doc.forgetParse();
      this.ledger.parsed.delete(doc);
    }
  }

  /**
   * One change applied to the documents it touches (false where it cannot be: see applyChanges). The split is
   * run again from the document holding the start of the edited line (the one before it when that line is a
   * document's first: removing its `---` joins the two) to the first document that starts after the change:
   * the line before that one ends in an LF the change did not touch, so its `---` still starts a document, and
   * the split's state is fresh there (split.ts).
   */
  private editInPlace(range: Range, insert: string): boolean {
    this.ledger.splice = undefined;
    const entries = this.entries;
    if (this.json || this.given === undefined || this.given !== this.text || !entries.length || insert.includes('\r')) return false;
    if (startsLikeJson(entries[0].slice.text)) return false;
    const { start: startPosition, end: endPosition } = wellFormed(range);
    const start = this.offsetAt(startPosition);
    const end = this.offsetAt(endPosition);
    const startEntry = entries[Math.max(0, lastIndexBefore(entries, start + 1))].slice;
    const within = start - startEntry.offset;
    // A CR right before the change may lose the LF after it (a lone CR: the whole file is read again).
    if (within > 0 && startEntry.text.charCodeAt(within - 1) === 13) return false;
    const editedLineStart = within === 0 ? start : startEntry.offset + startEntry.text.lastIndexOf('\n', within - 1) + 1;
    const first = Math.max(0, lastIndexBefore(entries, editedLineStart));
    const last = Math.max(first, lastIndexBefore(entries, end + 1));
    const region = entries.slice(first, last + 1).map(({ slice }) => slice.text).join('');
    const { offset: regionStart, line: regionLine } = entries[first].slice;
    const replaced = region.slice(start - regionStart, end - regionStart);
    const edited = region.slice(0, start - regionStart) + insert + region.slice(end - regionStart);
    if (first === 0 && startsLikeJson(edited)) return false;
    const wholeFile = first === 0 && last === entries.length - 1;
    const slices = edited === '' && !wholeFile ? [] : splitDocumentsFrom(edited, { offset: 0, line: 0 }).slices;
    const placed = slices.map((slice) => ({ offset: slice.offset + regionStart, line: slice.line + regionLine, text: slice.text }));
    this.entries = spliceEntries(entries, first, last + 1, placed, insert.length - replaced.length, lineFeeds(insert) - lineFeeds(replaced), this.ledger);
    this.given = this.text = joinWithoutCopy(this.entries.map(({ slice }) => slice.text));
    this.templateActions = undefined;
    return true;
  }

  /** The offset of an LSP position (`TextDocument.offsetAt`, textChanges.ts): the model's lines are the client's. */
  private offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    const { slice } = this.documentAtLine(position.line)!;
    let lineStart = 0;
    for (let line = slice.line; line < position.line; line++) {
      const lineFeed = slice.text.indexOf('\n', lineStart);
      if (lineFeed === -1) return slice.offset + slice.text.length; // past the last line
      lineStart = lineFeed + 1;
    }
    if (position.character <= 0) return slice.offset + lineStart;
    const lineFeed = slice.text.indexOf('\n', lineStart);
    const next = lineFeed === -1 ? slice.text.length : lineFeed + 1;
    return slice.offset + beforeLineBreak(slice.text, Math.min(lineStart + position.character, next), lineStart);
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
    this.templateActions = undefined;
    this.ledger.splice = undefined;
    const read = loneCarriageReturnsAsLineFeeds(text);
    const json = readsAsJson(read);
    const hadLoneCarriageReturns = this.given !== undefined && this.given !== this.text;
    const wasJson = this.json;
    this.given = text;
    this.json = json;
    if (json) {
      // kubectl reads the file as a stream of JSON values (jsonStream.ts): split again whole.
      const known = wasJson ? knownStates(this.entries) : new Map<string, DocumentState>();
      this.entries = place(splitJsonStream(read), known, { json, given: text, ledger: this.ledger });
    } else if (wasJson || read !== text || hadLoneCarriageReturns) {
      // kubectl splits only at a `---` after an LF (split.ts): with lone CRs about, where the split falls
      // depends on more than the edited lines, so the whole file is split again (documents keep their state).
      // So is a file that no longer reads as JSON (its documents were JSON values).
      const lineFeedAt = (offset: number) => text.charCodeAt(offset - 1) === 10;
      const known = wasJson ? new Map<string, DocumentState>() : knownStates(this.entries);
      this.entries = place(splitDocumentsFrom(read, { offset: 0, line: 0 }, undefined, lineFeedAt).slices, known, { given: text, ledger: this.ledger });
    } else if (read !== this.text) {
      this.entries = this.text === undefined ? place(splitDocumentsFrom(read, { offset: 0, line: 0 }).slices, new Map(), { ledger: this.ledger }) : this.edit(this.text, read);
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
    return spliceEntries(entries, first, resume, slices, delta, end ? end.line - entries[resume].slice.line : 0, this.ledger);
  }

  /** The documents that end past the first `limit` characters: the first of them, and how many there are. */
  pastLimit(limit: number): { first: PlacedDocument; count: number } | undefined {
    const within = entriesWithin(this.entries, limit);
    return within === this.entries.length ? undefined : { first: this.entries[within], count: this.entries.length - within };
  }

  get documents(): readonly PlacedDocument[] {
    return this.entries;
  }

  /**
   * How the documents came from `documents` (an earlier `documents` of this model) by the last edit, when one
   * edit made them: what an index of the file's documents needs to bring itself up to date without a pass over
   * all of them. Undefined otherwise (read them all).
   */
  changeSince(documents: readonly PlacedDocument[]): DocumentsChange | undefined {
    const splice = this.ledger.splice;
    if (!splice || splice.from !== documents || splice.to !== this.entries) return undefined;
    return { first: splice.first, removed: splice.removed, inserted: splice.inserted, lineDelta: splice.lineDelta };
  }

  /** The document holding a zero-based line, by binary search over first lines. */
  documentAtLine(line: number): PlacedDocument | undefined {
    return this.entries[Math.max(0, lastStartingAtOrBefore(this.entries, line))];
  }

  /**
   * Diagnostics for the documents that end within the first `limit` characters. `compute` runs only for
   * documents without results under `key` (one for all documents, or one per document); results are kept
   * per document text and shifted to the document's place in the file.
   */
  diagnostics(key: string | ((doc: YamlDocument) => string), compute: (doc: YamlDocument) => Diagnostic[], limit = Infinity): Diagnostic[] {
    // Three passes: which documents are new (an edit makes one), their diagnostics, then every document's list at
    // its place. The passes over every document are functions of their own that call nothing: they run hot on a
    // big file and are compiled small, without the checks inlined.
    const entries = this.entries;
    const end = entriesWithin(entries, limit);
    for (const { slice, state } of staleEntries(entries, end, key)) {
      const wanted = typeof key === 'string' ? key : key(state.doc);
      if (state.diagnostics?.key === wanted) continue;
      const kept: DocumentState['diagnostics'] = (state.diagnostics = { key: wanted, list: compute(state.doc) });
      // Placed here, where the document's line is known: the last pass only places documents an edit moved.
      if (kept.list.length && slice.line !== 0) placeAt(kept, slice.line);
      if (!this.keepsTree(state.doc)) state.doc.forgetParse();
    }
    return placedDiagnostics(entries, end);
  }
}

/**
 * The entries with those from `first` up to `resume` replaced by entries for `slices` (reusing the states of
 * the same texts), and those from `resume` on moved by `delta` characters and `lineDelta` lines.
 */
function spliceEntries(entries: readonly Entry[], first: number, resume: number, slices: DocumentSlice[], delta: number, lineDelta: number, ledger: Ledger): Entry[] {
  // Typing over a character moves nothing: the entries after the change stay as they are.
  const shifted =
    delta === 0 && lineDelta === 0
      ? entries.slice(resume)
      : entries.slice(resume).map(({ slice, state }) => ({
          slice: { offset: slice.offset + delta, line: slice.line + lineDelta, text: slice.text },
          doc: state.doc,
          state,
        }));
  const before = entries[first - 1];
  const placed = place(slices, knownStates(entries.slice(first, resume)), { ledger, before: before && { text: before.slice.text, headKept: before.doc.headKept } });
  // Whether kubectl keeps a `---` line depends on the part before it: the first shifted one may need telling.
  const last = placed[placed.length - 1] ?? before;
  const next = shifted[0];
  if (next && last) {
    const [again] = place([next.slice], knownStates([next]), { ledger, before: { text: last.slice.text, headKept: last.doc.headKept } });
    if (again.doc !== next.doc) shifted[0] = again;
  }
  const result = [...entries.slice(0, first), ...placed, ...shifted];
  const nextReplaced = next !== undefined && shifted[0] !== next;
  ledger.splice = { from: entries, to: result, first, removed: resume - first + (nextReplaced ? 1 : 0), inserted: placed.length + (nextReplaced ? 1 : 0), lineDelta };
  return result;
}

/**
 * Entries for new slices, reusing the state of a document with the same text. `given` is the file as written
 * when it differs from the text split (lone CRs): a document learns where kubectl's lines really end. A document
 * whose `---` line kubectl keeps (yamlDocument.ts, `headKept`) is told so.
 */
function place(
  slices: DocumentSlice[],
  known: Map<string, DocumentState>,
  { json = false, given, before, ledger }: { json?: boolean; given?: string; before?: { text: string; headKept: boolean }; ledger: Ledger },
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
      const options = { parsedInto: ledger.parsed, ...(json ? { json } : {}), ...(written !== slice.text ? { written: detach(written) } : {}), ...(headKept ? { headKept } : {}) };
      state = { doc: new YamlDocument(detach(slice.text), options) };
      ledger.made.push(state.doc);
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

/** The index of the last document starting at or before a zero-based line (-1 when none does): a binary search. */
export function lastStartingAtOrBefore(documents: readonly PlacedDocument[], line: number): number {
  return partitionPoint(documents, ({ slice }) => slice.line <= line) - 1;
}

/** Index of the last entry that starts before `offset`, or -1. */
function lastIndexBefore(entries: readonly Entry[], offset: number): number {
  return partitionPoint(entries, ({ slice }) => slice.offset < offset) - 1;
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

/** How many of the entries end within the first `limit` characters. */
function entriesWithin(entries: readonly Entry[], limit: number): number {
  const last = entries[entries.length - 1];
  if (!last || last.slice.offset + last.slice.text.length <= limit) return entries.length;
  let end = 0;
  while (end < entries.length && entries[end].slice.offset + entries[end].slice.text.length <= limit) end++;
  return end;
}

/** The first `end` entries without diagnostics under `key` (all of them when the key is per document). */
function staleEntries(entries: readonly Entry[], end: number, key: string | ((doc: YamlDocument) => string)): Entry[] {
  if (typeof key !== 'string') return entries.slice(0, end);
  const stale: Entry[] = [];
  for (let i = 0; i < end; i++) if (entries[i].state.diagnostics?.key !== key) stale.push(entries[i]);
  return stale;
}

/** The diagnostics of the first `end` entries, each at its place in the file. */
function placedDiagnostics(entries: readonly Entry[], end: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let i = 0; i < end; i++) {
    const { slice, state } = entries[i];
    const kept = state.diagnostics!;
    if (!kept.list.length) continue;
    const list = slice.line === 0 ? kept.list : kept.placed?.line === slice.line ? kept.placed.list : placeAt(kept, slice.line);
    for (let j = 0; j < list.length; j++) out.push(list[j]);
  }
  return out;
}

/** A document's diagnostics shifted to its first line, kept until it moves: not made again per request. */
function placeAt(kept: NonNullable<DocumentState['diagnostics']>, line: number): readonly Diagnostic[] {
  kept.placed = { line, list: kept.list.map((diagnostic) => shift(diagnostic, line)) };
  return kept.placed.list;
}

function shift(diagnostic: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return diagnostic;
  const shifted = {
    ...diagnostic,
    range: movedRange(diagnostic.range, lines),
    data: shiftFixData(diagnostic.data, lines),
  };
  // A duplicate key's message names the line of the first occurrence: it moves with the document.
  const duplicateOf = (diagnostic.data as { duplicateOf?: DuplicateOf } | undefined)?.duplicateOf;
  if (!duplicateOf) return shifted;
  const moved = { ...duplicateOf, line: duplicateOf.line + lines };
  return { ...shifted, message: duplicateKeyMessage(moved), data: { ...(shifted.data as object), duplicateOf: moved } };
}
