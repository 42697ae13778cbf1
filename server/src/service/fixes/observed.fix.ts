// Quick fix for `observed/export` (features/observed.ts): an export made into a request again, as its author
// could apply it. It removes what the server or a controller wrote (kube/observed.ts serverWrittenFields): the
// identity fields, managedFields, kubectl's last-applied annotation and the controllers' annotations, the
// ownerReferences a controller set (applied again with them, a Job made by a CronJob would be adopted by that
// CronJob or collected once it is gone), the generated selector and labels, `creationTimestamp: null` of the
// templates and `status`. The defaults stay: they are what the server would set again (kubectl-neat drops them;
// keeping them changes nothing on a create, keeps the fix small and leaves every value the author may have
// written on purpose). A mapping or list left empty goes with its key. Text edits only: comments, order and
// layout of the rest stay byte for byte. The obvious repair of an export, so preferred (check --fix applies it).
import { isMap, isPair, isScalar, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { OffsetEdit, YamlEditor } from '../document/edits';
import { serverWrittenFields, templatePaths } from '../kube/observed';
import type { FieldPath, KindName } from '../types';
import { quickFix } from './common';
import { rootOf, type Fixes } from './types';

export const OBSERVED_FIXES: Fixes = {
  'observed/export': {
    does: 'Removes what the server wrote (uid, resourceVersion, generation, creationTimestamp, managedFields, selfLink, '
      + 'the last-applied and controllers\' annotations, a controller\'s ownerReferences, the generated selector and labels, '
      + '`creationTimestamp: null`, `status`) so the object can be applied again; the defaults stay',
    offer: (context) => {
      const resource = context.resource;
      const root = rootOf(context);
      if (!resource || !root) return [];
      const fields = serverWrittenFields(resource.kind, resource.object);
      if (fields.length === 0) return [];
      const paths = [...fields.map((field) => field.path), ...nullTimestamps(context.editor, root, resource.kind)];
      return [quickFix('Make re-appliable: remove the fields the server wrote', () => removalEdits(context.editor, root, paths), { preferred: true })];
    },
  },
};

const keyOf = (path: FieldPath): string => JSON.stringify(path);

/** The entries written at `path` in the text (keys of a mapping, indexes of a list); undefined for a scalar. */
type ChildrenOf = (path: FieldPath) => FieldPath[] | undefined;

/**
 * The paths to remove, a container whose every entry goes taken whole instead (never a top-level field: an
 * object without `metadata` is no object). Paths below one that goes are dropped.
 */
export function collapsePaths(paths: readonly FieldPath[], childrenOf: ChildrenOf): FieldPath[] {
  const removed = new Map(paths.map((path) => [keyOf(path), path]));
  for (let changed = true; changed;) {
    changed = false;
    const parents = new Map<string, FieldPath>();
    for (const path of removed.values()) if (path.length > 2) parents.set(keyOf(path.slice(0, -1)), path.slice(0, -1));
    for (const [key, parent] of parents) {
      if (removed.has(key)) continue;
      const children = childrenOf(parent) ?? [];
      if (children.length > 0 && children.every((child) => removed.has(keyOf(child)))) {
        for (const child of children) removed.delete(keyOf(child));
        removed.set(key, parent);
        changed = true;
      }
    }
  }
  const all = [...removed.values()];
  return all.filter((path) => !all.some((other) => other.length < path.length && other.every((segment, index) => path[index] === segment)));
}

/** The entries of the node written at `path`, from the syntax tree (nulls included, which the JSON drops). */
function childrenIn(editor: YamlEditor, root: Node): ChildrenOf {
  return (path) => {
    const node = path.length === 0 ? root : editor.locate(root, path)?.node;
    if (isMap(node)) return node.items.map((pair) => [...path, keyText(pair as Pair) ?? '\u0000']);
    if (isSeq(node)) return node.items.map((_, index) => [...path, index]);
    return undefined;
  };
}

/** `creationTimestamp: null` in each template's metadata: the zero time the server's encoder printed. */
function nullTimestamps(editor: YamlEditor, root: Node, kind: KindName): FieldPath[] {
  return templatePaths(kind).map((path) => [...path, 'metadata', 'creationTimestamp']).filter((path) => {
    const found = editor.locate(root, path);
    return isScalar(found?.node) && found.node.value === null;
  });
}

/** The deletions that remove `paths` from the text; undefined when one of them cannot be made safely. */
function removalEdits(editor: YamlEditor, root: Node, paths: readonly FieldPath[]): OffsetEdit[] | undefined {
  const byParent = new Map<string, { parent: FieldPath; children: (string | number)[] }>();
  for (const path of collapsePaths(paths, childrenIn(editor, root))) {
    const parent = path.slice(0, -1);
    const entry = byParent.get(keyOf(parent)) ?? { parent, children: [] };
    entry.children.push(path[path.length - 1]);
    byParent.set(keyOf(parent), entry);
  }
  const edits: OffsetEdit[] = [];
  for (const { parent, children } of byParent.values()) {
    const node = parent.length === 0 ? root : editor.locate(root, parent)?.node;
    if (!isMap(node) && !isSeq(node)) return undefined;
    const made = removeEntries(editor, root, parent, node, children);
    if (!made) return undefined;
    edits.push(...made);
  }
  return mergeDeletions(edits);
}

function removeEntries(editor: YamlEditor, root: Node, parent: FieldPath, node: YAMLMap | YAMLSeq, children: readonly (string | number)[]): OffsetEdit[] | undefined {
  const items = node.items as unknown[];
  const indexes = children.map((child) => (isMap(node)
    ? items.findIndex((item) => isPair(item) && keyText(item) === child)
    : typeof child === 'number' ? child : -1));
  if (indexes.some((index) => index < 0 || index >= items.length)) return undefined;
  if (!node.flow) {
    const edits = indexes.map((index) => (isMap(node) ? editor.removePair(node, items[index] as Pair) : editor.remove(root, [...parent, index])));
    return edits.every((edit): edit is OffsetEdit => edit !== undefined) ? edits : undefined;
  }
  return flowRuns(editor, items, new Set(indexes));
}

function keyText(pair: Pair): string | undefined {
  const key = pair.key as { value?: unknown } | null;
  return key && typeof key === 'object' && 'value' in key ? String(key.value) : undefined;
}

/**
 * In a flow collection (JSON), each run of removed entries goes with one comma: up to the next kept entry, or,
 * for a run that ends the collection, from the end of the kept entry before it.
 */
function flowRuns(editor: YamlEditor, items: readonly unknown[], removed: ReadonlySet<number>): OffsetEdit[] | undefined {
  const start = (item: unknown): number | undefined => {
    const node = isPair(item) ? item.key : item;
    return node && typeof node === 'object' && 'range' in node ? (node as Node).range?.[0] : undefined;
  };
  const edits: OffsetEdit[] = [];
  for (let first = 0; first < items.length; first++) {
    if (!removed.has(first)) continue;
    let last = first;
    while (removed.has(last + 1)) last++;
    const from = last + 1 < items.length ? start(items[first]) : first > 0 ? editor.lastContent(items[first - 1]) : start(items[first]);
    const to = last + 1 < items.length ? start(items[last + 1]) : editor.lastContent(items[last]);
    if (from === undefined || to === undefined || from < 0 || to < from) return undefined;
    edits.push({ start: from, end: to, text: '' });
    first = last;
  }
  return edits;
}

/** Deletions that touch or overlap (whole-line removals of neighbouring entries) as one. */
function mergeDeletions(edits: OffsetEdit[]): OffsetEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: OffsetEdit[] = [];
  for (const edit of sorted) {
    const previous = out[out.length - 1];
    if (previous && edit.start <= previous.end) previous.end = Math.max(previous.end, edit.end);
    else out.push({ ...edit });
  }
  return out;
}
