// Fix builders shared by several rules: set a value, remove an entry, and the Job repairs that more than
// one rule offers (restartPolicy: Never, completionMode: Indexed, backoffLimitPerIndex).
import type { OffsetEdit, Placement, Skeleton } from '../document/edits';
import { jobSpecLocation, jobSpecLocationAt } from '../kube/jobSpec';
import { closestName } from '../schema/messages';
import { jsonAt, type FieldPath, type Json, type JsonObject, type PathSegment } from '../types';
import { rootOf, type FixContext, type FixEntry, type QuickFix } from './types';

export interface FixOptions {
  preferred?: boolean;
  lazy?: boolean;
}

export function quickFix(title: string, edits: () => (OffsetEdit | undefined)[] | OffsetEdit | undefined, options: FixOptions = {}): QuickFix {
  const fix: QuickFix = {
    title,
    edits: () => {
      const built = edits();
      const list = Array.isArray(built) ? built : [built];
      return list.length && list.every((edit): edit is OffsetEdit => edit !== undefined) ? combineInserts(list) : undefined;
    },
  };
  if (options.preferred) fix.preferred = true;
  if (options.lazy) fix.lazy = true;
  return fix;
}

/** Inserts at the same offset, as one edit in the order given (clients order same-offset inserts differently). */
function combineInserts(edits: OffsetEdit[]): OffsetEdit[] {
  const out: OffsetEdit[] = [];
  for (const edit of edits) {
    const same = out.find((other) => other.start === edit.start && other.end === edit.start && edit.end === edit.start);
    if (!same) {
      out.push({ ...edit });
      continue;
    }
    const snippet = same.snippet ?? edit.snippet ? `${same.snippet ?? escape(same.text)}${edit.snippet ?? escape(edit.text)}` : undefined;
    same.text += edit.text;
    if (snippet !== undefined) same.snippet = snippet;
  }
  return out;
}

function escape(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

/** Sets the field at `path` (replacing its value, or inserting it after the first present key of `after`). */
export function setEdit(context: FixContext, path: FieldPath, value: Skeleton, placement: Placement = {}): OffsetEdit | undefined {
  const root = rootOf(context);
  const key = path[path.length - 1];
  if (!root || typeof key !== 'string') return undefined;
  return context.editor.set(root, path.slice(0, -1), key, value, placement);
}

export function setFix(context: FixContext, title: string, path: FieldPath, value: Skeleton, options: FixOptions & Placement = {}): QuickFix {
  return quickFix(title, () => setEdit(context, path, value, options), options);
}

export function removeFix(context: FixContext, title: string, path: FieldPath, options: FixOptions = {}): QuickFix {
  const root = rootOf(context);
  return quickFix(title, () => (root ? context.editor.remove(root, path) : undefined), options);
}

/**
 * "Change to `Indexed`" for a string outside an allowed set: the closest allowed value preferred (the same
 * letters in another case, else a likely typo), then every other allowed value.
 */
export function allowedValueFixes(context: FixContext, allowed: readonly string[], path: FieldPath = context.path): QuickFix[] {
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, path) : undefined;
  if (!scalar || allowed.length === 0) return [];
  const text = String(scalar.value);
  const closest = allowed.find((value) => value.toLowerCase() === text.toLowerCase()) ?? closestName(text, allowed);
  const change = (value: string, preferred: boolean) =>
    quickFix(`Change to \`${value}\``, () => context.editor.replaceString(scalar, value), preferred ? { preferred } : { lazy: true });
  return [...(closest ? [change(closest, true)] : []), ...allowed.filter((value) => value !== closest && value !== text).map((value) => change(value, false))];
}

/** The fix of a value outside a set the rule checks itself: the closest `noun` preferred, or any other. */
export function closestValueEntry(noun: string, allowed: readonly string[]): FixEntry {
  return { does: `Changes to the closest ${noun} (preferred), or to any other`, offer: (context) => allowedValueFixes(context, allowed) };
}

/** The JSON value at `path` of the object as written (or after the server's defaults). */
export function valueAt(context: FixContext, path: FieldPath, defaulted = false): Json | undefined {
  return jsonAt(defaulted ? context.resource?.defaulted : context.resource?.object, path);
}

/** Replaces the scalar at `path` with a number. */
export function numberFix(context: FixContext, title: string, path: FieldPath, value: number, options: FixOptions = { preferred: true }): QuickFix {
  const root = rootOf(context);
  return quickFix(title, () => {
    const scalar = root ? context.editor.scalarAt(root, path) : undefined;
    return scalar ? context.editor.replaceRaw(scalar, value) : undefined;
  }, options);
}

/** The mapping at `path` (list indexes into lists: a JobSet's templates), or undefined. */
function objectAt(value: Json | undefined, path: FieldPath): JsonObject | undefined {
  const current = jsonAt(value, path);
  return current && typeof current === 'object' && !Array.isArray(current) ? current : undefined;
}

/** A path below the JobSpec of the finding's object: a Job's `spec`, a CronJob's `spec.jobTemplate.spec`. */
export function jobSpecPath(context: FixContext, ...segments: PathSegment[]): FieldPath {
  const location = jobSpecLocationAt(context.resource?.kind, context.path) ?? jobSpecLocation(context.resource?.kind) ?? jobSpecLocation('Job');
  return [...(location?.path ?? ['spec']), ...segments];
}

/** Whether the JobSpec is Indexed once defaulted (a JobSet's webhook makes a template Indexed when it says nothing). */
function isIndexedAsDefaulted(context: FixContext): boolean {
  const written = jobSpec(context).completionMode;
  if (written !== undefined) return written === 'Indexed';
  return objectAt(context.resource?.defaulted, jobSpecPath(context))?.completionMode === 'Indexed';
}

/** A training runtime's template: the Trainer sets each Job's parallelism and completions. */
function trainerSetsCounts(context: FixContext): boolean {
  const kind = context.resource?.kind;
  return kind === 'TrainingRuntime' || kind === 'ClusterTrainingRuntime';
}

/** The JobSpec as written (a Job's `spec`, a CronJob's `spec.jobTemplate.spec`). */
export function jobSpec(context: FixContext): JsonObject {
  return objectAt(context.resource?.object, jobSpecPath(context)) ?? {};
}

// ---- Job repairs offered by several rules ---------------------------------------------------------------

/** `restartPolicy: Never` in the Pod template (replacing OnFailure or Always, or added when it is left out). */
export function restartPolicyNeverFix(context: FixContext, options: FixOptions = { preferred: true }): QuickFix {
  return setFix(context, 'Set `restartPolicy: Never`', jobSpecPath(context, 'template', 'spec', 'restartPolicy'), 'Never', { ...options, after: ['containers'] });
}

/** Where scalar fields of a Job spec go when they are added: among the other numbers, before the template. */
export const JOB_SPEC_SCALAR: Placement = { before: ['template'] };

function jobSpecPlacement(after: readonly string[]): Placement {
  return { after, before: JOB_SPEC_SCALAR.before };
}

/** `completionMode: Indexed`, with `completions` when neither it nor `parallelism` says how many indexes. */
export function indexedFix(context: FixContext, options: FixOptions = { preferred: true }): QuickFix {
  const spec = jobSpec(context);
  const completions = completionsToAdd(context, spec);
  const title = completions === undefined
    ? 'Set `completionMode: Indexed`'
    : `Set \`completionMode: Indexed\` and \`completions: ${completions}\``;
  return quickFix(title, () => indexedEdits(context, spec), options);
}

/** An Indexed Job needs `completions`: the parallelism when it is set (one index per Pod), else 1 (the server's default). */
function completionsToAdd(context: FixContext, spec: JsonObject): number | undefined {
  // In a training runtime the Trainer sets `completions` for each TrainJob (partial/trainerOwned.ts).
  if (spec.completions !== undefined || trainerSetsCounts(context)) return undefined;
  const parallelism = spec.parallelism;
  return typeof parallelism === 'number' && Number.isInteger(parallelism) && parallelism > 0 ? parallelism : 1;
}

function indexedEdits(context: FixContext, spec: JsonObject): (OffsetEdit | undefined)[] {
  const completions = completionsToAdd(context, spec);
  const edits = [];
  if (!isIndexedAsDefaulted(context)) edits.push(setEdit(context, jobSpecPath(context, 'completionMode'), 'Indexed', jobSpecPlacement(['completions', 'parallelism'])));
  if (completions !== undefined) edits.push(setEdit(context, jobSpecPath(context, 'completions'), completions, jobSpecPlacement(['parallelism'])));
  // The completions line goes first when both land after the same sibling.
  return edits.reverse();
}

/** `backoffLimitPerIndex: 1` (after `backoffLimit`), with `completionMode: Indexed` when the Job is not Indexed yet. */
export function backoffLimitPerIndexFix(context: FixContext, options: FixOptions = { preferred: true }): QuickFix {
  const spec = jobSpec(context);
  const indexed = isIndexedAsDefaulted(context);
  const title = indexed ? 'Add `backoffLimitPerIndex: 1`' : 'Add `backoffLimitPerIndex: 1` and set `completionMode: Indexed`';
  return quickFix(title, () => [
    setEdit(context, jobSpecPath(context, 'backoffLimitPerIndex'), 1, { after: ['backoffLimit', 'completions', 'parallelism', 'completionMode'], before: ['maxFailedIndexes', 'template'] }),
    ...(indexed ? [] : indexedEdits(context, spec)),
  ], options);
}

/** `base`, or `base-2`, `base-3` ... : the first that is not taken. */
export function unusedName(taken: ReadonlySet<string>, base: string): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** Names of the Pod template's containers and init containers (they share one namespace). */
export function containerNames(context: FixContext): Set<string> {
  const podSpec = objectAt(context.resource?.object, jobSpecPath(context, 'template', 'spec'));
  const names = new Set<string>();
  for (const list of [podSpec?.containers, podSpec?.initContainers]) {
    if (!Array.isArray(list)) continue;
    for (const container of list) {
      const name = container && typeof container === 'object' && !Array.isArray(container) ? container.name : undefined;
      if (typeof name === 'string') names.add(name);
    }
  }
  return names;
}
