// The ways out of an update the server refuses, as quick fixes: give the Job a new name (and every
// reference to its old name in the file: the `job-name` labels other objects select its Pods by), so that
// `kubectl apply` creates a new Job; or, inside a Helm chart, make the Job a hook that Helm deletes before it
// creates it again on every upgrade. A CSIDriver gets neither: its name is the driver's own, and a hook
// makes no sense for it; the message says how to recreate it.
import { isMap, isPair, isScalar, visit, type Scalar } from 'yaml';
import type { OffsetEdit } from '../document/edits';
import { isObject } from '../kube/defaults';
import { quickFix } from '../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../fixes/types';
import { DNS1123_LABEL_MAX_LENGTH } from '../kube/names';
import type { YamlDocument } from '../document/yamlDocument';
import { YamlEditor } from '../document/edits';

/** Label keys whose value is a Job's name: a Job's Pods carry them, other objects select the Pods by them. */
const JOB_NAME_KEYS: ReadonlySet<string> = new Set(['job-name', 'batch.kubernetes.io/job-name']);

export const HOOK = 'helm.sh/hook';
export const HOOK_DELETE_POLICY = 'helm.sh/hook-delete-policy';
const BEFORE_HOOK_CREATION = 'before-hook-creation';
const NEW_HOOK = 'post-install,post-upgrade';

/** The fixes of every update code that recreating the object repairs. */
export function recreateFixes(codes: readonly string[]): Fixes {
  const entry = {
    does: 'Renames the Job to `<name>-2` and the `job-name` labels that name it in the file; inside a Helm chart, makes it a hook Helm deletes before each upgrade',
    offer: offerRecreate,
  };
  return Object.fromEntries(codes.filter((code) => code.startsWith('update/job/')).map((code) => [code, entry]));
}

function offerRecreate(context: FixContext): QuickFix[] {
  const resource = context.resource;
  const metadata = resource && isObject(resource.object.metadata) ? resource.object.metadata : undefined;
  const name = metadata?.name;
  if (!resource || resource.kind !== 'Job' || typeof name !== 'string') return [];
  const renamed = nextName(name);
  const fixes: QuickFix[] = [quickFix(`Rename the Job to \`${renamed}\` (a new Job; delete the old one yourself)`, () => renameEdits(context, name, renamed), { lazy: true })];
  if (context.baseline?.helmChart) {
    const helm = helmHookFix(context);
    if (helm) fixes.push(helm);
  }
  return fixes;
}

/** `pi` -> `pi-2`, `pi-2` -> `pi-3`; short enough for the `job-name` label value (63 characters). */
export function nextName(name: string): string {
  const numbered = /^(.*)-(\d+)$/.exec(name);
  const base = numbered ? numbered[1] : name;
  const suffix = `-${numbered ? Number(numbered[2]) + 1 : 2}`;
  const room = DNS1123_LABEL_MAX_LENGTH - suffix.length;
  return `${base.length > room ? base.slice(0, room).replace(/[-.]+$/, '') : base}${suffix}`;
}

/** The object's name, and every `job-name` label with the old name in the file (this document only without the file). */
function renameEdits(context: FixContext, from: string, to: string): OffsetEdit[] | undefined {
  const root = rootOf(context);
  const own = root ? context.editor.scalarAt(root, ['metadata', 'name']) : undefined;
  if (!own) return undefined;
  const edits: OffsetEdit[] = [context.editor.replaceString(own, to)];
  const documents = context.file?.documents ?? [{ doc: context.doc, offset: context.file?.offset ?? 0 }];
  const here = context.file?.offset ?? 0;
  for (const { doc, offset } of documents) {
    const editor = doc === context.doc ? context.editor : new YamlEditor(doc);
    for (const scalar of jobNameLabels(doc, from)) {
      const edit = editor.replaceString(scalar, to);
      edits.push({ ...edit, start: edit.start + offset - here, end: edit.end + offset - here });
    }
  }
  return edits;
}

/** The values of `job-name` labels (and selectors) equal to `name` in a document. */
function jobNameLabels(doc: YamlDocument, name: string): Scalar[] {
  if (!doc.text.includes(name)) return [];
  const found: Scalar[] = [];
  visit(doc.document, {
    Pair(_, pair) {
      if (isPair(pair) && isScalar(pair.key) && JOB_NAME_KEYS.has(String(pair.key.value)) && isScalar(pair.value) && pair.value.value === name) found.push(pair.value);
    },
  });
  return found;
}

/** The Helm hook annotations: the delete policy (added to a hook, or with a new hook), when missing. */
function helmHookFix(context: FixContext): QuickFix | undefined {
  const root = rootOf(context);
  const metadata = isObject(context.resource?.object.metadata) ? context.resource.object.metadata : {};
  const annotations = isObject(metadata.annotations) ? metadata.annotations : {};
  const hook = annotations[HOOK];
  const policy = annotations[HOOK_DELETE_POLICY];
  if (typeof policy === 'string' && policy.split(',').map((item) => item.trim()).includes(BEFORE_HOOK_CREATION)) return undefined;
  const map = root ? context.editor.mapAt(root, ['metadata', 'annotations']) : undefined;
  if (typeof policy === 'string') {
    const scalar = root ? context.editor.scalarAt(root, ['metadata', 'annotations', HOOK_DELETE_POLICY]) : undefined;
    return quickFix(`Add \`${BEFORE_HOOK_CREATION}\` to the Helm annotation \`${HOOK_DELETE_POLICY}\``, () => scalar && context.editor.replaceString(scalar, `${policy},${BEFORE_HOOK_CREATION}`));
  }
  const wanted: [string, string][] = typeof hook === 'string' ? [[HOOK_DELETE_POLICY, BEFORE_HOOK_CREATION]] : [[HOOK, NEW_HOOK], [HOOK_DELETE_POLICY, BEFORE_HOOK_CREATION]];
  const title = typeof hook === 'string'
    ? `Add the Helm annotation \`${HOOK_DELETE_POLICY}: ${BEFORE_HOOK_CREATION}\``
    : `Make the Job a Helm hook deleted before each upgrade (\`${HOOK}: ${NEW_HOOK}\`, \`${HOOK_DELETE_POLICY}: ${BEFORE_HOOK_CREATION}\`)`;
  return quickFix(title, () => {
    if (!root) return undefined;
    if (map && isMap(map)) return wanted.map(([key, value]) => context.editor.insertPair(map, key, value));
    return context.editor.set(root, ['metadata'], 'annotations', Object.fromEntries(wanted));
  });
}
