// The entries of the workspace index (workspaceIndex.ts): what it keeps of each file and document, and how an
// entry moves with its document.
import type { Position, Range } from 'vscode-languageserver-types';
import { movedPosition, movedRange, type LineIndex } from '../document/lines';
import type { YamlDocument } from '../document/yamlDocument';
import type { DocumentFacts, ObjectFacts, Reference } from './facts';

/** An object others may name: where it is and what the index read of it. */
export interface DefinitionEntry {
  path: string;
  object: ObjectFacts;
  /** Where its name is written (the object's first line when it has none). */
  range: Range;
  /** Where annotations can be added (a fix that makes it a hook): after the last one, or a new `annotations:` after the name's line. */
  annotationsInsert?: { position: Position; indent: number; withKey: boolean };
}

/** A reference made by an object of the index. */
export interface ReferenceEntry {
  path: string;
  owner: ObjectFacts;
  reference: Reference;
  range: Range;
}

/** A document of a file as the checks of that file see it: its facts, where it starts, and itself while open. */
export interface IndexedDocument {
  line: number;
  facts: DocumentFacts;
  /** The document itself, while it is open in an editor (an unchanged document keeps its entries across edits). */
  doc?: YamlDocument;
}

/**
 * A document as it comes in, with its text's lines to place its offsets (kept only while it is open): a file read
 * from the disk brings them, an open document has them from its YamlDocument (made only for a document read anew).
 */
export type IncomingDocument = IndexedDocument & { lines?: LineIndex };

export function linesOf(place: IncomingDocument): LineIndex {
  return place.lines ?? (place.doc as YamlDocument).lines;
}

export interface DocumentEntry extends IndexedDocument {
  definitions: DefinitionEntry[];
  references: ReferenceEntry[];
}

export interface FileEntry {
  path: string;
  documents: DocumentEntry[];
  /** A kustomization's generated ConfigMaps and Secrets. */
  generated: DefinitionEntry[];
}

/** By file, then by place in the file. */
export function byPlace(a: DefinitionEntry, b: DefinitionEntry): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

export function moveRange(entry: { range: Range; annotationsInsert?: { position: Position } }, delta: number): void {
  entry.range = movedRange(entry.range, delta);
  if (entry.annotationsInsert) entry.annotationsInsert = { ...entry.annotationsInsert, position: movedPosition(entry.annotationsInsert.position, delta) };
}
