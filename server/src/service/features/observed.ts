// An export (`kubectl get -o yaml|json`) in the diagnostics: the rules judge the request its author could have
// sent (kube/observed.ts requestView), the schema judges the object as written except where only a release
// question is left, and one information finding says what the object is and how to apply it again.
import { observedMarkers, requestView, serverWrittenFields, type ServerField } from '../kube/observed';
import type { FieldPath, Finding, JsonObject, KindName } from '../types';

export const OBSERVED_CODE = 'observed/export';

export interface Observed {
  markers: string[];
  fields: ServerField[];
  /** The object as a request: the server's fields removed, `status` kept. */
  request: JsonObject;
}

/** Undefined for a request (no field only the server writes). */
export function observe(kind: KindName, object: JsonObject): Observed | undefined {
  const markers = observedMarkers(object);
  if (markers.length === 0) return undefined;
  const fields = serverWrittenFields(kind, object);
  return { markers, fields, request: requestView(kind, object, fields) };
}

function within(path: FieldPath, prefix: FieldPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);
}

/**
 * Whether a schema or release finding of an export stands. Under a field the server wrote (status,
 * managedFields, ...) a field or value unknown to the chosen release is a release question: the release that
 * wrote it knew it, and the export says nothing of which release that was. Wrong types stay errors: no server
 * writes them. Status rules (`job/status/`, `cronjob/status/`) are never filtered here.
 */
export function keepsOnExport(finding: Finding, observed: Observed): boolean {
  const releaseQuestion = finding.code === 'schema/unknown-field' || finding.code.startsWith('version/');
  if (!releaseQuestion) return true;
  return !observed.fields.some((field) => within(finding.path, field.path));
}

const REASON_WORDS: Record<ServerField['reason'], string> = {
  identity: 'the object\'s identity and version',
  managedFields: '`managedFields`',
  annotation: 'annotations kubectl or a controller wrote',
  owner: 'the owner a controller set',
  selector: 'the generated selector',
  label: 'the generated `controller-uid`/`job-name` labels',
  'template-timestamp': '`creationTimestamp: null` in the template',
  status: '`status`',
};

/** The one information finding of an export, at its `kind`. */
export function observedFinding(kind: KindName, observed: Observed): Finding {
  const marks = observed.markers.map((marker) => `\`${marker}\``);
  const owners = observed.fields.filter((field) => field.reason === 'owner');
  const ownerNote = owners.length
    ? ` Its \`ownerReferences\` name the controller that created it: applied again with them, the ${kind} would be adopted by that owner, or deleted by the garbage collector once the owner is gone; the fix drops them.`
    : '';
  const reasons = [...new Set(observed.fields.map((field) => field.reason))].map((reason) => REASON_WORDS[reason]);
  return {
    code: OBSERVED_CODE,
    severity: 'information',
    message: `This ${kind} is an export of an object the API server returned (\`kubectl get -o yaml\`): ${joinWords(marks)} ${marks.length > 1 ? 'are' : 'is'} written by the server only. `
      + `It is checked as what the server returned: the server's own fields, the generated selector and labels and the defaults are not judged as a request.${ownerNote} `
      + `To apply it again, remove what the server wrote (${joinWords(reasons)}): the quick fix "Make re-appliable" or \`kubeassist check --fix\` does.`,
    path: ['kind'],
  };
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

