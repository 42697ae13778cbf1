// What `kubectl apply` (and `helm upgrade`, and a server-side apply by the same manager) makes of an edited
// manifest: a three-way merge of the stored object, the manifest that created it and the new manifest.
// Fields the new manifest sets are set; fields the old manifest set and the new one leaves out are removed;
// fields neither manifest wrote (defaults, the server's generated selector and labels) stay as stored.
// Lists are replaced whole; the defaults applied again afterwards give their entries what the server would.
import { applyStoredDefaults, isObject } from '../kube/defaults';
import type { Json, JsonObject, KindName } from '../types';

/** The object the server validates an update against (`after`), given the stored one (`before`). */
export function appliedObject(kind: KindName, stored: JsonObject, oldManifest: JsonObject, newManifest: JsonObject): JsonObject {
  const merged = merge(stored, oldManifest, newManifest);
  return applyStoredDefaults(kind, isObject(merged) ? merged : newManifest);
}

function merge(stored: Json | undefined, oldManifest: Json | undefined, newManifest: Json | undefined): Json | undefined {
  if (!isObject(newManifest) || !isObject(stored)) return newManifest;
  const previous = isObject(oldManifest) ? oldManifest : undefined;
  const out: JsonObject = {};
  for (const key in newManifest) {
    const value = merge(stored[key], previous?.[key], newManifest[key]);
    if (value !== undefined) out[key] = value;
  }
  for (const key in stored) {
    if (key in newManifest || (previous && key in previous)) continue;
    out[key] = stored[key];
  }
  return out;
}
