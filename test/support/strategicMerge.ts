// A strategic merge as kustomize applies a patch to a Job or CSIDriver, for the tests that check findings on
// a patch against the objects it can produce: mappings merge key by key (null deletes), lists whose Go
// field has a patch merge key merge item by item on that key (an item without a match is appended), any
// other list is replaced. Directives (`$patch` ...) are not needed by the tests and not modelled.
import type { Json, JsonObject } from '../../server/src/service/types';

/** patchMergeKey of the list fields a Job or CSIDriver reaches (k8s.io/api core/v1, batch/v1, storage/v1 types). */
export const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  imagePullSecrets: 'name',
  resourceClaims: 'name',
  schedulingGates: 'name',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
  env: 'name',
  ports: 'containerPort',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  ownerReferences: 'uid',
};

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function strategicMerge(base: Json | undefined, patch: Json, field?: string): Json {
  if (isObject(patch) && isObject(base)) {
    const out: JsonObject = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = strategicMerge(base[key], value, key);
    }
    return out;
  }
  const key = field ? MERGE_KEYS[field] : undefined;
  if (Array.isArray(patch) && Array.isArray(base) && key) {
    const out = [...base];
    for (const item of patch) {
      const index = isObject(item) ? out.findIndex((existing) => isObject(existing) && existing[key] === item[key]) : -1;
      if (index === -1) out.push(item);
      else out[index] = strategicMerge(out[index], item, undefined);
    }
    return out;
  }
  return patch;
}
