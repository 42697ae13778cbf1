// Code lenses above each Job, CronJob and CSIDriver: "Explain" (all three; "Diagnose" above a Job or CronJob the API
// server returned, kube/observed.ts) and "Simulate…" (Job and CronJob).
// Their commands are the VS Code client's (client/src/explain.ts); other editors call `kubeassist/explain` and
// `kubeassist/simulate` themselves. Not in Helm templates: what an action writes is unknown.
import type { CodeLens } from 'vscode-languageserver-types';
import { FileItems } from '../document/fileItems';
import type { FileModel } from '../document/fileModel';
import { toServerJson } from '../document/kubectlYaml';
import type { YamlDocument } from '../document/yamlDocument';
import { isObservedObject, mayCarryObservedMarkers } from '../kube/observed';
import { EXPLAINED_KINDS } from './explain/index';
import { checkedObjects } from './checkedObjects';
import type { Settings } from '../settings';
import type { KindName } from '../types';

export const EXPLAIN_COMMAND = 'kubeassist.explain';
export const SIMULATE_COMMAND = 'kubeassist.simulate';
/** Above a Job or CronJob the API server returned (an export): what happened to it, why, what comes next. */
export const DIAGNOSE_COMMAND = 'kubeassist.diagnose';

/** What a lens's command gets: the document, the object's first line, its kind and name (to find it again after edits). */
export interface ObjectRef {
  uri: string;
  line: number;
  kind: KindName;
  name?: string;
}

export function codeLenses(model: FileModel, text: string, uri: string, settings: Settings): CodeLens[] {
  const targets = lensTargets(model, text, settings);
  const known = answers.get(targets);
  if (known?.uri === uri) return known.lenses;
  const lenses = lensesAbove(targets, uri);
  answers.set(targets, { uri, lenses });
  return lenses;
}

/** The lenses of the last targets (an unchanged file answers the same lenses without building them again). */
const answers = new WeakMap<readonly LensTarget[], { uri: string; lenses: CodeLens[] }>();

/** An object of the file a lens stands above: where it starts (zero-based line in the file), its kind and name. */
export interface LensTarget {
  line: number;
  kind: KindName;
  name?: string;
  /** An object the API server returned: Diagnose instead of Explain. */
  observed: boolean;
}

/**
 * The objects of a file that get lenses, in order. The same array as last time while no lens would change (an edit
 * inside a Job's spec moves no object and renames none): a front door can tell an unchanged answer by identity.
 */
export function lensTargets(model: FileModel, text: string, settings: Settings): readonly LensTarget[] {
  if (!settings.enable || model.holdsTemplateActions(text)) return NO_TARGETS;
  model.update(text);
  return LENS_TARGETS.list(model, settings.maxFileSize || Infinity);
}

const NO_TARGETS: readonly LensTarget[] = [];

/** The lens targets of a file, kept per model and brought up to date from each edit (document/fileItems.ts). */
const LENS_TARGETS = new FileItems<LensTarget>({
  read: (model, doc, firstLine) =>
    lensObjects(model, doc).map((object) => ({ line: firstLine + object.line, kind: object.kind, ...(object.name !== undefined ? { name: object.name } : {}), observed: object.observed })),
  same: (a, b) => a.line === b.line && a.kind === b.kind && a.name === b.name && a.observed === b.observed,
});

/** The lenses above the targets, with their commands: Explain or Diagnose above each, and Simulate… above a Job or CronJob. */
export function lensesAbove(targets: readonly LensTarget[], uri: string): CodeLens[] {
  return targets.flatMap((target) => lensesOf(target, uri));
}

/** The lenses above one target: Explain (Diagnose above an export), then Simulate… above a Job or CronJob. */
export function lensesOf({ line, kind, name, observed }: LensTarget, uri: string): CodeLens[] {
  const range = { start: { line, character: 0 }, end: { line, character: 0 } };
  const ref: ObjectRef = { uri, line, kind, ...(name !== undefined ? { name } : {}) };
  const first: CodeLens = { range, command: observed ? { title: 'Diagnose', command: DIAGNOSE_COMMAND, arguments: [ref] } : { title: 'Explain', command: EXPLAIN_COMMAND, arguments: [ref] } };
  return kind === 'Job' || kind === 'CronJob' ? [first, { range, command: { title: 'Simulate…', command: SIMULATE_COMMAND, arguments: [ref] } }] : [first];
}

/** An object a lens stands above, relative to its document: what the lenses of a document need, once per document text. */
interface LensObject {
  line: number;
  kind: KindName;
  name?: string;
  observed: boolean;
}

/**
 * The objects of a document that get lenses, read once per document text: an edit asks for the lenses of the whole
 * file again, and only the edited document is read again. A document parsed only for this is left unparsed again
 * unless the model keeps its tree (FileModel.release).
 */
function lensObjects(model: FileModel, doc: YamlDocument): readonly LensObject[] {
  const known = lensCache.get(doc);
  if (known) return known;
  const objects: LensObject[] = [];
  const parsedBefore = doc.parsed;
  for (const { index, line, kind, summary } of checkedObjects(doc)) {
    if (!EXPLAINED_KINDS.includes(kind)) continue;
    const observed = (kind === 'Job' || kind === 'CronJob') && mayCarryObservedMarkers(doc.text) && observedAt(doc, index);
    objects.push({ line, kind, ...(summary.name ? { name: summary.name } : {}), observed });
  }
  model.release(doc, parsedBefore);
  lensCache.set(doc, objects);
  return objects;
}

const lensCache = new WeakMap<YamlDocument, readonly LensObject[]>();

/** Whether the object at `index` of the document carries what only the API server writes. */
function observedAt(doc: YamlDocument, index: number): boolean {
  const resource = doc.resources[index];
  if (!resource) return false;
  try {
    return isObservedObject(toServerJson(doc.document, resource.node));
  } catch {
    return false;
  }
}
