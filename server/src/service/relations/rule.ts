// What a relation check is and what it reports. A relation check reads one object's facts (relations/facts.ts)
// and asks the workspace index about the others; it reports on the object's own text (the reference, the
// annotation) and names the other end, so that the editor links both and SARIF carries both locations.
import type { Range } from 'vscode-languageserver-types';
import type { FieldPath, RuleCode, Severity } from '../types';
import type { ObjectFacts, Span } from './facts';
import type { WorkspaceIndex } from './workspaceIndex';

/** The other end of a relation, or a step on the way to it (a claim, its volume). */
export interface RelatedEnd {
  path: string;
  range: Range;
  message: string;
}

/** An edit of another file (or of this one, by path): what a relation's fix changes. */
export interface FileEdit {
  path: string;
  range: Range;
  newText: string;
}

export interface RelationFinding {
  code: string;
  severity: Severity;
  message: string;
  /** The field path of what is underlined, from the object's root (reports print it). */
  path: FieldPath;
  /** What is underlined, in the document's text. */
  span: Span;
  related: RelatedEnd[];
  /** A quick fix that edits other files: its title and edits (not applied by `check --fix`). */
  fix?: { title: string; edits: FileEdit[] };
}

export interface RelationSettings {
  /** The opt-in hints about names the same kustomization or chart does not define. */
  undefinedReferences: boolean;
}

export interface RelationContext {
  /** The file being checked, as the index names it. */
  path: string;
  index: WorkspaceIndex;
  object: ObjectFacts;
  /** The object's document, and how to place an offset of it in the file. */
  document: number;
  rangeOf(span: Span): Range;
  settings: RelationSettings;
  /** The Kubernetes minor release checked against (the controllers' models are release-aware). */
  minor: number;
}

export interface RelationRule {
  name: string;
  codes: readonly RuleCode[];
  /** Which objects it compares: the same chart's release, the same kustomization or folder, the workspace. */
  scope: string;
  /** Why what it reports is true wherever it reports it (docs/rules.md). */
  reason: string;
  check(context: RelationContext): RelationFinding[];
}
