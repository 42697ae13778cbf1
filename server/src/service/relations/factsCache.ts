// Each document's relation facts, read once per document text: an editor's unchanged documents keep theirs, and a
// CLI worker's facts (read while it checked the file) are remembered without a parse. The index (workspaceIndex.ts)
// and the validation read them here.
import type { YamlDocument } from '../document/yamlDocument';
import { documentFacts, type DocumentFacts } from './facts';
import { mayHoldIndexedKinds } from './kinds';
import { quietForRelations } from './quiet';

interface Known {
  all?: DocumentFacts;
  definitions?: DocumentFacts;
  /** mayHoldIndexedKinds of the text. */
  mayHold?: boolean;
  /** quietForRelations of the text. */
  quiet?: boolean;
}

const factsCache = new WeakMap<YamlDocument, Known>();

/** What is known of a document so far (an empty entry the first time). */
function knownOf(doc: YamlDocument): Known {
  let known = factsCache.get(doc);
  if (!known) factsCache.set(doc, (known = {}));
  return known;
}

/** The facts of a document, read once per document text (an editor's unchanged documents keep theirs). */
export function cachedFacts(doc: YamlDocument, kinds: 'all' | 'definitions'): DocumentFacts {
  const cached = knownOf(doc);
  const key = kinds === 'all' ? 'all' : 'definitions';
  return (cached[key] ??= kinds === 'definitions' && cached.all ? cached.all : documentFacts(doc, kinds));
}

/** Facts read elsewhere (a CLI worker reads them while it checks the file and sends them as plain data): no parse here. */
export function rememberFacts(doc: YamlDocument, facts: DocumentFacts): void {
  knownOf(doc).all = facts;
}

/** Whether reading the facts of a document needs a parse that has not been done (its text is scanned once). */
export function costsAParse(doc: YamlDocument): boolean {
  return !factsCache.get(doc)?.all && !doc.parsed && mayHold(doc);
}

/** Whether a document's text may hold an object the index reads (its text scanned once). */
function mayHold(doc: YamlDocument): boolean {
  return (knownOf(doc).mayHold ??= mayHoldIndexedKinds(doc.text));
}

/** Documents whose facts the caller wants read while their syntax tree is there (validate's relation options). */
const wanted = new WeakSet<YamlDocument>();

/** Ask for a document's facts: the diagnostics read them before they take its JSON over (factsBeforeClaim). */
export function wantFacts(doc: YamlDocument): void {
  wanted.add(doc);
  if (!doc.parsed && mayHold(doc)) doc.wantJson();
}

/**
 * The facts of a wanted document, read just before the diagnostics take over the JSON the refusal check made of
 * it (and apply defaults to it): the facts read that JSON (keeping no part of it) instead of converting the document a
 * second time.
 */
export function factsBeforeClaim(doc: YamlDocument): void {
  if (wanted.has(doc)) cachedFacts(doc, 'all');
}

/**
 * Whether a document's facts cannot matter to a run that does not order creation (relations/quiet.ts
 * quietForRelations), its text scanned once: the CLI leaves such documents unread, parsed or not.
 */
export function quietDocument(doc: YamlDocument): boolean {
  return (knownOf(doc).quiet ??= quietForRelations(doc.text));
}
