// A manifest written for a substitution step (envsubst, a CI script) before `kubectl apply`: `${NAME}` in a value
// stands for text filled in later, so that value is not known, as a Helm template's output is not. AI-Hypercomputer's
// tpu-recipes write their JobSets so (`name: ${WORKLOAD_NAME}`, `image: ${WORKLOAD_IMAGE}`). In a container's
// `command`, `args` and environment values `${NAME}` is the shell's own syntax: those are left as they are.
import type { FieldPath, Json, JsonObject } from '../types';
import { setUnknownValue, Unknowns } from './unknowns';

const PLACEHOLDER = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** Fields whose text a shell reads: `${NAME}` there is not a substitution of the manifest. */
function shellText(path: FieldPath): boolean {
  const field = path[path.length - 1];
  if (field === 'command' || field === 'args') return true;
  const parent = path[path.length - 2];
  return typeof parent === 'number' && (path[path.length - 3] === 'command' || path[path.length - 3] === 'args' || (path[path.length - 3] === 'env' && field === 'value'));
}

/** `unknowns` (or new ones) with every value holding a `${NAME}` placeholder marked unknown; undefined when there is none. */
export function withPlaceholders(object: JsonObject, unknowns: Unknowns | undefined): Unknowns | undefined {
  let marked = unknowns;
  const visit = (value: Json, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      if (PLACEHOLDER.test(value) && !shellText(path)) {
        marked ??= new Unknowns();
        marked.markUnknown(path);
        setUnknownValue(object, path);
      }
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) visit(child, [...path, key]);
  };
  visit(object, []);
  return marked;
}
