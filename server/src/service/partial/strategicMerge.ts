// Kustomize strategic-merge patches: a partial object whose every mapping and list merges into a base, so
// nothing that is not written can be judged, and whose `$patch`, `$retainKeys`, `$setElementOrder/<list>`
// and `$deleteFromPrimitiveList/<list>` keys are instructions to the merge, not fields.
import type { FieldPath, Json, JsonObject } from '../types';
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
  return text.includes('$') && DIRECTIVE_LINE.test(text);
}

/**
 * The unknowns of a strategic-merge patch: everything is open, its apiVersion is the target's. Directive
 * keys leave the object (changed in place); a list item that is only a directive or a deletion (`- $patch: replace`, `- name: x\n  $patch:
 * delete`) names no item of the result: its value is unknown.
 */
export function strategicMergeUnknowns(object: JsonObject, unknowns = new Unknowns(true)): Unknowns {
  // The apiVersion of a patch selects its target (whatever version the base is written in): not judged.
  if (object.apiVersion !== undefined) {
    unknowns.markUnknown(['apiVersion']);
    setUnknownValue(object, ['apiVersion']);
  }
  const visit = (value: Json, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isDirectiveItem(item)) {
          unknowns.markUnknown([...path, index]);
          setUnknownValue(object, [...path, index]);
        } else {
          visit(item, [...path, index]);
        }
      });
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (isPatchDirective(key)) delete value[key];
        else visit(value[key], [...path, key]);
      }
    }
  };
  visit(object, []);
  return unknowns;
}

function isDirectiveItem(item: Json): boolean {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const directive = item[PATCH_DIRECTIVES.patch];
  return directive === 'delete' || directive === 'replace' || (Object.keys(item).length > 0 && Object.keys(item).every(isPatchDirective));
}

/** Paths of the directive keys of a patch object, as written (for completion and tests). */
export function directivePaths(object: Json, path: FieldPath = []): FieldPath[] {
  const found: FieldPath[] = [];
  if (Array.isArray(object)) object.forEach((item, index) => found.push(...directivePaths(item, [...path, index])));
  else if (object !== null && typeof object === 'object') {
    for (const [key, value] of Object.entries(object)) {
      if (isPatchDirective(key)) found.push([...path, key]);
      else found.push(...directivePaths(value, [...path, key]));
    }
  }
  return found;
}
