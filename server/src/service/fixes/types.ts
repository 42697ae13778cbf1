// The fix contract. A quick fix sits beside the rule that reports its finding (a rule's `*.fix.ts`; the
// engine's own are here: `validator.fix.ts`, `resources.fix.ts`, `yamlDocument.fix.ts`), keyed by the
// finding's code, and is bound to that code in `families.ts`; the rule itself never imports it. It gets the finding and its document and returns titled repairs, each a list of
// minimal text edits made with the document's YamlEditor.
import type { Node } from 'yaml';
import type { OffsetEdit, YamlEditor } from '../document/edits';
import type { OffsetRange } from '../document/paths';
import type { ResourceNode, YamlDocument } from '../document/yamlDocument';
import type { FieldPath, JsonObject, KindName, RuleCode } from '../types';
import type { BaselineSource } from '../update/baseline';

/** The object a finding is about, as the rules saw it. */
export interface FixResource {
  kind: KindName;
  /** The object's mapping in the syntax tree: paths of the finding and of the edits start here. */
  node: ResourceNode['node'];
  /** As written (the JSON the API server receives) and after the server's defaults. */
  object: JsonObject;
  defaulted: JsonObject;
}

/** What a fix provider gets: the finding, where it is, and the tools to edit there. */
export interface FixContext {
  code: string;
  /** The finding's field path inside its object ([] for YAML issues). */
  path: FieldPath;
  /** The finding's range in the document's text. */
  range: OffsetRange;
  doc: YamlDocument;
  editor: YamlEditor;
  /** Absent for YAML issues, which belong to no object. */
  resource?: FixResource;
  /** Kubernetes minor release the finding was checked against. */
  minor: number;
  /** The baseline an update finding was checked against (update/baseline.ts). */
  baseline?: BaselineSource;
  /**
   * The whole file, when the fix is built for a request (a lazy fix at codeAction/resolve): a fix that also
   * edits other documents of the file (a rename and its references) reads them here and returns their edits
   * at offsets relative to this document's start (before it: negative).
   */
  file?: FileView;
}

/** The documents of a file and where the finding's document starts in it. */
export interface FileView {
  documents: readonly { doc: YamlDocument; offset: number }[];
  offset: number;
}

/** One repair, as offered in the editor's lightbulb and applied by `kubeassist check --fix`. */
export interface QuickFix {
  /** Imperative and exact: "Change to `Indexed`", "Set `restartPolicy: Never`". */
  title: string;
  /** The fix to apply without asking (first in the lightbulb, `source.fixAll`, `check --fix`): only when it is the obvious repair. */
  preferred?: boolean;
  /**
   * Built at codeAction/resolve instead of with the diagnostic (skeletons, whose snippet form depends on the
   * client, and the many less likely alternatives). A lazy fix must be one whose edits can be built.
   */
  lazy?: boolean;
  /** The edits, relative to the document's text; undefined when the text cannot be edited safely there. */
  edits(): OffsetEdit[] | undefined;
}

export type FixProvider = (context: FixContext) => QuickFix[];

/** The quick fix of one code: what it does (the "Quick fix" column of docs/rules.md) and the provider. */
export interface FixEntry {
  does: string;
  offer: FixProvider;
}

/** The fixes of one rule family or engine check, by finding code. */
export type Fixes = Readonly<Record<string, FixEntry>>;

/** Code metadata with the `fix` description of the codes that have a fix. */
export function describeFixes(codes: readonly RuleCode[], fixes: Fixes): RuleCode[] {
  return codes.map((code) => (fixes[code.code] ? { ...code, fix: fixes[code.code].does } : code));
}

/** The root of a finding's paths: its object, or the document's top node for YAML issues. */
export function rootOf(context: FixContext): Node | undefined {
  return context.resource?.node ?? (context.doc.document.contents as Node | null) ?? undefined;
}
