// Kustomize strategic-merge patches: a partial object whose every mapping and list merges into a base, so
// nothing that is not written can be judged, and whose `$patch`, `$retainKeys`, `$setElementOrder/<list>`
// and `$deleteFromPrimitiveList/<list>` keys are instructions to the merge, not fields.
import { schemaAt } from '../schema/navigate';
import type { Json, JsonObject, KindName } from '../types';
import { setUnknownValue, Unknowns } from './unknowns';

/** The directive keys of a strategic-merge patch (apimachinery's strategicpatch package). */
export const PATCH_DIRECTIVES = {
  patch: '$patch',
  retainKeys: '$retainKeys',
  setElementOrder: '$setElementOrder/',
  deleteFromPrimitiveList: '$deleteFromPrimitiveList/',
} as const;

/** What `$patch` may say: merge (the default), replace the whole mapping or list, delete it. */
export const PATCH_STRATEGIES = ['merge', 'replace', 'delete'] as const;

export function isPatchDirective(key: string): boolean {
  return key === PATCH_DIRECTIVES.patch || key === PATCH_DIRECTIVES.retainKeys
    || key.startsWith(PATCH_DIRECTIVES.setElementOrder) || key.startsWith(PATCH_DIRECTIVES.deleteFromPrimitiveList);
}

const DIRECTIVE_LINE = /^[ \t]*(?:-[ \t]+)*["']?\$(?:patch|retainKeys|setElementOrder\/|deleteFromPrimitiveList\/)/m;

/** Whether a document's text carries strategic-merge directives, which make it a patch wherever it is. */
export function hasPatchDirectives(text: string): boolean {
  // The multi-line search only runs on a text that names a directive somewhere (a `$` alone is common in shell commands).
  return DIRECTIVE_NAMES.some((name) => text.includes(name)) && DIRECTIVE_LINE.test(text);
}

const DIRECTIVE_NAMES = ['$patch', '$retainKeys', '$setElementOrder/', '$deleteFromPrimitiveList/'];

/**
 * The unknowns of a strategic-merge patch: everything is open, its apiVersion is the target's, except what
 * replaces the base's whole: a list the API marks atomic (a list without merge key: `podFailurePolicy.rules`,
 * `tolerations`, `args`), and a mapping or list with `$patch: replace`. Directive keys leave the object
 * (changed in place); a list item that is only a directive or a deletion (`- $patch: replace`, `- name: x\n
 * $patch: delete`) names no item of the result: its value is unknown.
 */
export function strategicMergeUnknowns(object: JsonObject, kind: KindName, unknowns = new Unknowns(true)): Unknowns {
  // The apiVersion of a patch selects its target (whatever version the base is written in): not judged.
  if (object.apiVersion !== undefined) {
    unknowns.markUnknown(['apiVersion']);
    setUnknownValue(object, ['apiVersion']);
  }
  const visit = (value: Json, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      if (schemaAt(kind, path)?.['x-kubernetes-list-type'] === 'atomic' || value.some((item) => isObject(item) && item[PATCH_DIRECTIVES.patch] === 'replace' && Object.keys(item).length === 1)) {
        unknowns.markClosed(path);
      }
      value.forEach((item, index) => {
        if (isDirectiveItem(item)) {
          unknowns.markUnknown([...path, index]);
          setUnknownValue(object, [...path, index]);
        } else {
          visit(item, [...path, index]);
        }
      });
    } else if (isObject(value)) {
      if (value[PATCH_DIRECTIVES.patch] === 'replace') unknowns.markClosed(path);
      for (const key of Object.keys(value)) {
        if (isPatchDirective(key)) delete value[key];
        else visit(value[key], [...path, key]);
      }
    }
  };
  visit(object, []);
  return unknowns;
}

function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isDirectiveItem(item: Json): boolean {
  if (!isObject(item)) return false;
  const directive = item[PATCH_DIRECTIVES.patch];
  return directive === 'delete' || directive === 'replace' || (Object.keys(item).length > 0 && Object.keys(item).every(isPatchDirective));
}
