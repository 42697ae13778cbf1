// Whether an object is one the API server returned (`kubectl get -o yaml|json`) rather than one a user wrote
// to be created. The server fills fields no request can carry: the object's identity (uid), its version
// (resourceVersion), its creation time and managedFields (pkg/registry/rest/create.go FillObjectMetaSystemFields,
// the field manager), and the controllers' status. `kubectl create --dry-run=client -o yaml` prints
// `creationTimestamp: null` and `status: {}` for an object that does not exist yet: that is still a request.

/** The fields that mark an object as returned by the API server, in the order a report names them. */
export type ObservedMarker = 'metadata.uid' | 'metadata.resourceVersion' | 'metadata.creationTimestamp' | 'metadata.managedFields' | 'status';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function present(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) return Object.keys(value).length > 0;
  return true;
}

/** The server-written fields an object carries (empty: it is a request, as a user writes it). */
export function observedMarkers(object: unknown): ObservedMarker[] {
  if (!isRecord(object)) return [];
  const markers: ObservedMarker[] = [];
  const metadata = isRecord(object.metadata) ? object.metadata : {};
  if (present(metadata.uid)) markers.push('metadata.uid');
  if (present(metadata.resourceVersion)) markers.push('metadata.resourceVersion');
  if (present(metadata.creationTimestamp)) markers.push('metadata.creationTimestamp');
  if (present(metadata.managedFields)) markers.push('metadata.managedFields');
  if (present(object.status)) markers.push('status');
  return markers;
}

/** An object the API server returned: it carries at least one field only the server writes. */
export function isObservedObject(object: unknown): boolean {
  return observedMarkers(object).length > 0;
}
