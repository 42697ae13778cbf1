// The workspace index: every file the front door feeds it (the editor's workspace folders, the CLI's paths),
// as the objects that others name (definitions) and the references that name them, each with its place.
// Pure: the front doors read and watch the files and hand their texts in (an open editor's text wins over
// the disk); Chart.yaml and kustomization files are read through the reader they supply (relations/scope.ts).
// The relation checks (relations/checks/) ask it who defines a name; navigation asks who names a definition.
import type { Range } from 'vscode-languageserver-types';
import type { DocumentsChange, FileModel, PlacedDocument } from '../document/fileModel';
import { firstAtOrAfter, movedPosition, type LineIndex } from '../document/lines';
import { splitDocuments } from '../document/split';
import { YamlDocument } from '../document/yamlDocument';
import { isKustomizationFile, type FileReader } from '../workspace/kustomize';
import { documentFacts, type DocumentFacts, type ObjectFacts, type Span } from './facts';
import { byPlace, linesOf, moveRange, type DefinitionEntry, type DocumentEntry, type FileEntry, type IncomingDocument, type IndexedDocument, type ReferenceEntry } from './indexEntries';

export type { DefinitionEntry, IndexedDocument, ReferenceEntry } from './indexEntries';
import { cachedFacts, costsAParse, quietDocument } from './factsCache';

export { cachedFacts, rememberFacts } from './factsCache';
import { DEFINITION_KINDS, mayHoldIndexedKinds, type TargetKind } from './kinds';
import { generatedDefinitions } from './generated';
import { Scopes, scopeId, type Scope } from './scope';

export interface IndexOptions {
  /** Record only what others name (the CLI's first pass): no consumer is read. */
  definitionsOnly?: boolean;
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileEntry>();
  private readonly byName = new Map<string, DefinitionEntry[]>();
  private readonly referencesByName = new Map<string, ReferenceEntry[]>();
  readonly scopes: Scopes;
  private version = 0;
  /**
   * What changed when, for the checks' results of unchanged documents: the generation at which the definitions
   * of a kind and name key (`nameKey`), or of any name of a kind (`kindKey`), last came, went or moved.
   */
  private readonly changedAt = new Map<string, number>();
  /** The generation at which the scopes (a Chart.yaml, a kustomization) last changed: every result may be stale. */
  private scopesChangedAt = 0;
  /** The documents of the model each open file was last read from, when all were read (`setModel`). */
  private readonly modelsRead = new Map<string, readonly PlacedDocument[]>();
  /** While `recording`: the keys of what is looked up. */
  private reads: Set<string> | undefined;

  constructor(read: FileReader, readonly options: IndexOptions = {}) {
    this.scopes = new Scopes(read);
  }

  /** Changes whenever what the files define changes: results of other files that depend on it are stale. */
  get generation(): number {
    return this.version;
  }

  get size(): number {
    return this.files.size;
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** The files the index holds. */
  paths(): string[] {
    return [...this.files.keys()];
  }

  /** A file's text (undefined: the file is gone). Kustomization files also change the scopes; Chart.yaml too. */
  setText(path: string, text: string | undefined): void {
    this.modelsRead.delete(path);
    const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    if (name === 'Chart.yaml') {
      this.scopes.forget();
      this.scopesChangedAt = ++this.version;
    }
    if (isKustomizationFile(path)) {
      this.scopes.setKustomization(path, text !== undefined);
      this.scopesChangedAt = ++this.version;
    }
    if (text === undefined) {
      this.remove(path);
      return;
    }
    const kinds = this.options.definitionsOnly ? 'definitions' : 'all';
    const documents: IncomingDocument[] = [];
    for (const slice of splitDocuments(text)) {
      if (!mayHoldIndexedKinds(slice.text, kinds)) continue;
      const doc = new YamlDocument(slice.text);
      const facts = documentFacts(doc, kinds);
      if (facts.objects.length) documents.push({ line: slice.line, facts, lines: doc.lines });
    }
    this.register(path, documents, text);
  }

  /**
   * An open editor's file, from its model: documents whose facts are known (or whose parse is already there)
   * are read at once; at most `budget` others are parsed now, none of them quiet with `deferQuiet` (relations/quiet.ts
   * quietMayWait). `complete` is false when some are left: call again (the language server does, in the background)
   * until it is true.
   */
  setModel(path: string, model: FileModel, budget = Infinity, deferQuiet = false): { complete: boolean } {
    // The same documents as last time, all read (a request after the validation of the same version): nothing to do.
    const read = this.modelsRead.get(path);
    if (read === model.documents && this.files.has(path) && !isKustomizationFile(path)) return { complete: true };
    const change = read && model.changeSince(read);
    if (change && this.spliceModel(path, model, read, change, budget)) return { complete: true };
    let parses = 0;
    let complete = true;
    const documents: IncomingDocument[] = [];
    for (const { slice, doc } of model.documents) {
      if (costsAParse(doc)) {
        if (parses >= budget || (deferQuiet && quietDocument(doc))) {
          complete = false;
          const previous = this.files.get(path)?.documents.find((known) => known.doc === doc);
          if (previous) documents.push({ line: slice.line, facts: previous.facts, doc });
          continue;
        }
        parses++;
        const parsedBefore = doc.parsed;
        const facts = cachedFacts(doc, 'all');
        if (!parsedBefore) doc.forgetParse();
        if (facts.objects.length) documents.push({ line: slice.line, facts, doc });
        continue;
      }
      const facts = cachedFacts(doc, 'all');
      if (facts.objects.length) documents.push({ line: slice.line, facts, doc });
    }
    this.register(path, documents, undefined);
    if (complete) this.modelsRead.set(path, model.documents);
    else this.modelsRead.delete(path);
    return { complete };
  }

  /**
   * `setModel` after one edit of a model read in full before (FileModel.changeSince): only the documents the edit
   * made are read; the entries of those it replaced go, those after it move by its lines, and nothing else of the
   * file is looked at. False (nothing done) when the new documents would take more than `budget` parses, or the
   * entries are not where the edit says.
   */
  private spliceModel(path: string, model: FileModel, read: readonly PlacedDocument[], change: DocumentsChange, budget: number): boolean {
    const previous = this.files.get(path);
    if (!previous || isKustomizationFile(path)) return false;
    const incoming = model.documents.slice(change.first, change.first + change.inserted);
    if (incoming.filter(({ doc }) => costsAParse(doc)).length > budget) return false;
    // The entries of the replaced documents, found by their first lines (the index's lines are those of `read`).
    const old = previous.documents;
    const lo = firstAtOrAfter(old, read[change.first]?.slice.line ?? Infinity);
    const hi = firstAtOrAfter(old, read[change.first + change.removed]?.slice.line ?? Infinity);
    const replaced = new Set(read.slice(change.first, change.first + change.removed).map(({ doc }) => doc));
    for (let i = lo; i < hi; i++) if (!replaced.has(old[i].doc!)) return false;
    const changed: DefinitionEntry[] = [];
    const made: DocumentEntry[] = [];
    for (const { slice, doc } of incoming) {
      const parsedBefore = doc.parsed;
      const facts = cachedFacts(doc, 'all');
      if (!parsedBefore) doc.forgetParse();
      if (!facts.objects.length) continue;
      const entry = this.entriesOf(path, { line: slice.line, facts, doc });
      changed.push(...entry.definitions);
      made.push(entry);
    }
    const after = old.slice(hi);
    if (change.lineDelta) {
      for (const known of after) {
        for (const entry of [...known.definitions, ...known.references]) moveRange(entry, change.lineDelta);
        known.line += change.lineDelta;
        changed.push(...known.definitions);
      }
    }
    for (let i = lo; i < hi; i++) {
      this.unregister(old[i].definitions, old[i].references);
      changed.push(...old[i].definitions);
    }
    this.files.set(path, { path, documents: [...old.slice(0, lo), ...made, ...after], generated: [] });
    this.changed(changed);
    this.modelsRead.set(path, model.documents);
    return true;
  }

  /**
   * What a file's documents define, from facts already read (the CLI's workers, while they check it), as `setModel`
   * reads them but registered nowhere: the workers send them to the run's index. Nothing is parsed here.
   */
  definitionsOf(path: string, documents: readonly { line: number; facts: DocumentFacts; doc: YamlDocument }[]): DefinitionEntry[] {
    return documents.flatMap((document) => (document.facts.objects.length ? this.entriesOf(path, { ...document, lines: document.doc.lines }, false).definitions : []));
  }

  /** What a file defines (its documents' definitions and a kustomization's generated ones). */
  definitionsIn(path: string): DefinitionEntry[] {
    const entry = this.files.get(path);
    return entry ? [...entry.documents.flatMap((document) => document.definitions), ...entry.generated] : [];
  }

  remove(path: string): void {
    this.modelsRead.delete(path);
    const entry = this.files.get(path);
    if (!entry) return;
    for (const document of entry.documents) this.unregister(document.definitions, document.references);
    this.unregister(entry.generated, []);
    this.files.delete(path);
    this.changed([...entry.generated, ...entry.documents.flatMap((document) => document.definitions)]);
  }

  /**
   * Runs a check and says what of the index it read: the kinds and names it looked up (`definitions`,
   * `definitionsOfKind`; the scopes are read by every check). Its result holds while `unchangedSince` says so.
   */
  recording<T>(check: () => T): { result: T; reads: string[] } {
    const outer = this.reads;
    const reads = new Set<string>();
    this.reads = reads;
    try {
      const result = check();
      return { result, reads: [...reads] };
    } finally {
      this.reads = outer;
      if (outer) for (const key of reads) outer.add(key);
    }
  }

  /** Whether what a check read (`recording`) at `generation` is still what the index holds. */
  unchangedSince(generation: number, reads: readonly string[]): boolean {
    if (generation === this.version) return true;
    if (this.scopesChangedAt > generation) return false;
    return reads.every((key) => (this.changedAt.get(key) ?? 0) <= generation);
  }

  /** These definitions came, went or moved: a new generation, and their names and kinds changed at it. */
  private changed(definitions: readonly DefinitionEntry[]): void {
    if (!definitions.length) return;
    this.version++;
    for (const definition of definitions) {
      this.changedAt.set(definitionKey(definition.object), this.version);
      this.changedAt.set(kindKey(definition.object.kind), this.version);
    }
  }

  /** The documents of a file, as the checks of that file read them. */
  documentsOf(path: string): readonly IndexedDocument[] {
    return this.files.get(path)?.documents ?? [];
  }

  scopesOf(path: string): Scope[] {
    return this.scopes.scopesOf(path);
  }

  /** Whether two files are deployed together (a chart's release, a kustomization, a folder). */
  sameScope(a: string, b: string): boolean {
    const left = this.scopesOf(a).map(scopeId);
    return this.scopesOf(b).some((scope) => left.includes(scopeId(scope)));
  }

  /** The kustomizations both files are built by that set a namespace (then both objects land in it). */
  sharedNamespace(a: string, b: string): string | undefined {
    const left = new Map(this.scopesOf(a).map((scope) => [scopeId(scope), scope]));
    for (const scope of this.scopesOf(b)) {
      if (scope.namespace && left.has(scopeId(scope))) return scope.namespace;
    }
    return undefined;
  }

  /** The definitions of a kind with a name key (a literal name, or a chart's template text). */
  definitions(kind: TargetKind | string, key: string): readonly DefinitionEntry[] {
    this.reads?.add(nameKey(kind, key));
    const list = this.byName.get(nameKey(kind, key));
    if (!list) return [];
    // In the files' order, whatever order they were read or edited in: a finding names them the same way after an
    // edit as on a fresh open.
    if (list.length > 1) list.sort(byPlace);
    return list;
  }

  /** Every definition of a kind (the close names of a "did you mean"). */
  definitionsOfKind(kind: string): DefinitionEntry[] {
    this.reads?.add(kindKey(kind));
    const out: DefinitionEntry[] = [];
    for (const [key, entries] of this.byName) if (key.startsWith(`${kind}\u0000`)) out.push(...entries);
    return out.sort(byPlace);
  }

  /** The references to a kind with a name key. */
  referencesTo(kind: TargetKind | string, key: string): readonly ReferenceEntry[] {
    return this.referencesByName.get(nameKey(kind, key)) ?? [];
  }

  /** Plain data for another thread (the CLI's workers): the definitions and the scopes of the given files. */
  snapshot(paths: readonly string[]): IndexSnapshot {
    const files = [...this.files.values()].map((entry) => ({ path: entry.path, definitions: [...entry.documents.flatMap((document) => document.definitions), ...entry.generated] }));
    const scopes = [...new Set([...paths, ...this.files.keys()])].map((path) => [path, this.scopesOf(path)] as [string, Scope[]]);
    return { files, scopes };
  }

  /** An index made from a snapshot: definitions and scopes as they were; nothing is read again. */
  static fromSnapshot(snapshot: IndexSnapshot): WorkspaceIndex {
    const known = new Map(snapshot.scopes);
    const index = new WorkspaceIndex(() => undefined, { definitionsOnly: true });
    index.scopes.scopesOf = (path: string) => known.get(path) ?? [{ kind: 'folder', root: dirnameOf(path) }];
    for (const file of snapshot.files) {
      const entry: FileEntry = { path: file.path, documents: [], generated: file.definitions };
      index.files.set(file.path, entry);
      for (const definition of file.definitions) push(index.byName, definitionKey(definition.object), definition);
    }
    return index;
  }

  /**
   * Brings a file's entries to `documents`. A document the file had before (the same YamlDocument: an editor's
   * unchanged document) keeps its entries, moved to its new line; the others are read. The generation moves on
   * when a definition comes, goes or moves.
   */
  private register(path: string, documents: readonly IncomingDocument[], text: string | undefined): void {
    const previous = this.files.get(path);
    if (previous && text === undefined && this.registerInPlace(path, previous, documents)) return;
    // Two documents of one text share their YamlDocument (FileModel): a list per document.
    const unused = new Map<YamlDocument, DocumentEntry[]>();
    for (const document of previous?.documents ?? []) if (document.doc) unused.set(document.doc, [...(unused.get(document.doc) ?? []), document]);
    const reused = new Set<DocumentEntry>();
    // The definitions that come, go or move (the old entry and the new one of a name both count).
    const changed: DefinitionEntry[] = [];
    const entries: DocumentEntry[] = [];
    for (const place of documents) {
      const known = place.doc ? unused.get(place.doc)?.shift() : undefined;
      if (known) {
        reused.add(known);
        const delta = place.line - known.line;
        if (delta) {
          for (const entry of [...known.definitions, ...known.references]) moveRange(entry, delta);
          known.line = place.line;
          changed.push(...known.definitions);
        }
        entries.push(known);
        continue;
      }
      const entry = this.entriesOf(path, place);
      changed.push(...entry.definitions);
      entries.push(entry);
    }
    for (const document of previous?.documents ?? []) {
      if (reused.has(document)) continue;
      this.unregister(document.definitions, document.references);
      changed.push(...document.definitions);
    }
    if (previous) this.unregister(previous.generated, []);
    const generated = isKustomizationFile(path) ? generatedDefinitions(path, this.scopes.generatedBy(path), text) : [];
    for (const definition of generated) push(this.byName, definitionKey(definition.object), definition);
    changed.push(...generated, ...(previous?.generated ?? []));
    this.files.set(path, { path, documents: entries, generated });
    this.changed(changed);
  }

  /**
   * `register` for an open file after an edit, without its maps and sets: the same documents in the same places but
   * a few, each of those new to the file (no YamlDocument it had) and gone from it. Each pairs with the entry at its
   * place, as `register` pairs them then; false (nothing done) when the documents are not so.
   */
  private registerInPlace(path: string, previous: FileEntry, documents: readonly IncomingDocument[]): boolean {
    const old = previous.documents;
    if (isKustomizationFile(path) || old.length !== documents.length) return false;
    const replaced: number[] = [];
    for (let i = 0; i < documents.length; i++) {
      if (documents[i].doc && documents[i].doc === old[i].doc) continue;
      if (replaced.push(i) > IN_PLACE_MOST) return false;
    }
    for (const i of replaced) {
      const incoming = documents[i].doc;
      const outgoing = old[i].doc;
      if (!incoming || !outgoing) return false;
      for (let j = 0; j < documents.length; j++) if (old[j].doc === incoming || documents[j].doc === outgoing) return false;
    }
    const changed: DefinitionEntry[] = [];
    const entries = old.slice();
    for (let i = 0; i < documents.length; i++) {
      const known = old[i];
      const delta = documents[i].line - known.line;
      if (!delta || replaced.includes(i)) continue;
      for (const entry of [...known.definitions, ...known.references]) moveRange(entry, delta);
      known.line = documents[i].line;
      changed.push(...known.definitions);
    }
    for (const i of replaced) {
      const entry = this.entriesOf(path, documents[i]);
      changed.push(...entry.definitions);
      entries[i] = entry;
    }
    for (const i of replaced) {
      this.unregister(old[i].definitions, old[i].references);
      changed.push(...old[i].definitions);
    }
    this.files.set(path, { path, documents: entries, generated: [] });
    this.changed(changed);
    return true;
  }

  /** The definitions and references of one document, registered (unless `register` is false: then its definitions only). */
  private entriesOf(path: string, place: IncomingDocument, register = true): DocumentEntry {
    const position = (offset: number) => {
      const at = linesOf(place).positionAt(offset);
      return { line: at.line + place.line, character: at.character };
    };
    const span = (range: Span): Range => ({ start: position(range[0]), end: position(range[1]) });
    // A file read from the disk keeps no text: its places are computed here, once.
    const entry: DocumentEntry = { line: place.line, facts: place.facts, ...(place.doc ? { doc: place.doc } : {}), definitions: [], references: [] };
    for (const object of place.facts.objects) {
      if ((object.kind in DEFINITION_KINDS || object.spec.provisionerFsType) && object.name?.key) {
        const definition: DefinitionEntry = { path, object, range: object.nameSpan ? span(object.nameSpan) : span([object.at, object.at]) };
        const insert = annotationsInsert(object, linesOf(place));
        if (insert) definition.annotationsInsert = { ...insert, position: movedPosition(insert.position, place.line) };
        entry.definitions.push(definition);
        if (register) push(this.byName, definitionKey(object), definition);
      }
      if (this.options.definitionsOnly || !register) continue;
      for (const reference of object.references) {
        const found: ReferenceEntry = { path, owner: object, reference, range: span(reference.span) };
        entry.references.push(found);
        if (reference.name.key) push(this.referencesByName, nameKey(reference.target, reference.name.key), found);
      }
    }
    return entry;
  }

  private unregister(definitions: readonly DefinitionEntry[], references: readonly ReferenceEntry[]): void {
    for (const definition of definitions) pull(this.byName, definitionKey(definition.object), definition);
    for (const reference of references) {
      if (reference.reference.name.key) pull(this.referencesByName, nameKey(reference.reference.target, reference.reference.name.key), reference);
    }
  }
}

export interface IndexSnapshot {
  files: { path: string; definitions: DefinitionEntry[] }[];
  scopes: [string, Scope[]][];
}

/** At most this many documents replaced by one edit take `registerInPlace`. */
const IN_PLACE_MOST = 8;

function dirnameOf(path: string): string {
  return path.slice(0, Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'), 0));
}

function nameKey(kind: string, key: string): string {
  return `${kind}\u0000${key}`;
}

/** Every name of a kind (`definitionsOfKind`): never a name key, which has \u0000 after the kind. */
function kindKey(kind: string): string {
  return `${kind}\u0001`;
}

function definitionKey(object: ObjectFacts): string {
  return nameKey(object.kind, object.name?.key ?? '');
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function pull<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (!list) return;
  const index = list.indexOf(value);
  if (index !== -1) list.splice(index, 1);
  if (list.length === 0) map.delete(key);
}

/** Where a fix adds annotations to an object whose metadata is written literally (not in flow style). */
function annotationsInsert(object: ObjectFacts, lines: LineIndex): DefinitionEntry['annotationsInsert'] {
  const at = object.annotations.annotationsAt;
  if (!at || at.flow) return undefined;
  // Without annotations: a new `annotations:` right after the name's line (a template's metadata may end in
  // lines an action writes, which the syntax tree does not hold).
  const after = at.annotationsSpan ?? object.nameSpan;
  if (!after) return undefined;
  const indent = lines.positionAt((at.annotationsSpan ?? at.metadataSpan)[0]).character;
  const last = lines.positionAt(Math.max(after[0], after[1] - 1)).line;
  const end = lines.positionAt(lines.lineEnd(last));
  return { position: end, indent, withKey: !at.annotationsSpan };
}
