// Which object of the baseline a manifest updates: the one `kubectl apply` would find, with the same
// apiVersion, kind, namespace and name. An object with only `generateName` gets a new name on every create,
// so it never updates anything; a cluster-scoped kind (CSIDriver) has no namespace (the server clears it).
import { isObject } from '../kube/defaults';
import { KINDS, type JsonObject, type KindName } from '../types';

/** What identifies the object in a cluster, or undefined when it has no name of its own. */
export interface ObjectIdentity {
  kind: KindName;
  namespace: string;
  name: string;
}

export function identityOf(kind: KindName, object: JsonObject): ObjectIdentity | undefined {
  const metadata = isObject(object.metadata) ? object.metadata : undefined;
  const name = metadata?.name;
  if (typeof name !== 'string' || name === '') return undefined;
  const namespace = KINDS[kind].namespaced && typeof metadata?.namespace === 'string' ? metadata.namespace : '';
  return { kind, namespace, name };
}

/** A string key of the identity, for lookups. */
export function keyOf(identity: ObjectIdentity): string {
  return `${KINDS[identity.kind].apiVersion}\u0000${identity.kind}\u0000${identity.namespace}\u0000${identity.name}`;
}

/** How messages name the object: `Job "pi"`, `Job "batch/pi"` in a namespace. */
export function describeIdentity(identity: ObjectIdentity): string {
  return `${identity.kind} "${identity.namespace ? `${identity.namespace}/` : ''}${identity.name}"`;
}
