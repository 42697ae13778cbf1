// `kubeassist diff`: what an apply of the edited file does to each object of its baseline. Per object: new,
// unchanged, removed from the file, or changed; per changed field: applied in place (with what that does to
// what runs, from the catalogue's `onUpdate`) or refused, so that the object must be recreated (the update
// rules' finding). Fields compare as the update rules compare them (stored objects, kubectl apply's merge).
import { fieldDoc, schemaPathOf } from '../catalogue/index';
import { FileModel } from '../document/fileModel';
import { hasTemplateActions } from '../document/helmTemplate';
import { hasPatchDirectives } from '../partial/strategicMerge';
import type { DocumentContext } from '../workspace/context';
import { isObject } from '../kube/defaults';
import { mayNameOurKinds } from '../kube/resources';
import { minorOf, type Settings } from '../settings';
import { formatFieldPath, jsonAt, type FieldPath, type Finding, type JsonObject, type KindName } from '../types';
import type { Baseline } from './baseline';
import { changedPaths } from './compare';
import { identityOf, keyOf, type ObjectIdentity } from './identity';
import { updateContext, UPDATE_RULES } from './index';
import { shortValue } from './messages';
import { checkedObjects } from './objects';

export interface FieldChange {
  /** The field path as the API server prints it. */
  path: string;
  /** The values in short, as messages give them (`perl:5.34`, "not set"). */
  before: string;
  after: string;
  /** 'in place': the server applies it; 'recreate': the server refuses it, the object must be recreated. */
  action: 'in place' | 'recreate';
  /** What the change does, in a sentence. */
  effect: string;
  /** For 'recreate': the update finding's code. */
  code?: string;
}

export interface ObjectChanges {
  kind: KindName;
  /** `namespace/name`, or the name alone. */
  name: string;
  /** 1-based line of the object in the edited text (in the baseline for a removed one). */
  line: number;
  status: 'new' | 'unchanged' | 'changed' | 'removed';
  /** For a new object: why it is new (generateName, not in the baseline, refused there at create). */
  note?: string;
  changes: FieldChange[];
}

const NOT_IN_BASELINE = 'not in the baseline: kubectl apply creates it';

/**
 * The objects of `text` and of the baseline, in the order of `text` (removed ones last), with their changes.
 * A template or a patch (`context`: a kustomization lists the file; or its strategic-merge directives) is no
 * whole object: nothing is said about it.
 */
export function explainChanges(baseline: Baseline, text: string, settings: Settings, context: DocumentContext = {}): ObjectChanges[] {
  if (context.kustomizePatch || hasTemplateActions(text)) return [];
  const minor = minorOf(settings.kubernetesVersion);
  const out: ObjectChanges[] = [];
  const seen = new Set<string>();
  const model = new FileModel();
  for (const { slice, doc } of model.update(text)) {
    if (!mayNameOurKinds(doc.text)) continue;
    const patch = hasPatchDirectives(doc.text);
    for (const { kind, object, line: at } of checkedObjects(doc)) {
      const line = slice.line + at + 1;
      const identity = identityOf(kind, object);
      if (patch) {
        if (identity) seen.add(keyOf(identity)); // not removed either
        continue;
      }
      if (!identity) {
        out.push({ kind, name: nameOf(object), line, status: 'new', note: 'only `generateName`: every create makes a new object', changes: [] });
        continue;
      }
      seen.add(keyOf(identity));
      const context = updateContext(baseline, kind, object, minor);
      if (!context) {
        const stored = baseline.find(identity);
        const note = stored ? 'the baseline\'s version would have been refused at create, so it cannot exist: kubectl apply creates it' : NOT_IN_BASELINE;
        out.push({ kind, name: displayName(identity), line, status: 'new', note, changes: [] });
        continue;
      }
      const findings = UPDATE_RULES.filter((rule) => rule.kinds.includes(kind)).flatMap((rule) => rule.check(context));
      const changes = fieldChanges(kind, context.before, context.after)
        .map((path): FieldChange => {
          const finding = findings.find((candidate) => overlaps(candidate.path, path));
          const before = shortValue(jsonAt(context.written.before, path) ?? jsonAt(context.before, path));
          const after = shortValue(jsonAt(context.written.after, path) ?? jsonAt(context.after, path));
          return finding
            ? { path: formatFieldPath(path), before, after, action: 'recreate', effect: refusal(finding, kind), code: finding.code }
            : { path: formatFieldPath(path), before, after, action: 'in place', effect: effectOf(kind, path) };
        });
      // A finding the field walk did not meet (a whole list replaced) still forces a recreate.
      for (const finding of findings) {
        if (changes.some((change) => change.code === finding.code && change.path === formatFieldPath(finding.path))) continue;
        if (changes.some((change) => change.action === 'recreate' && change.path.startsWith(formatFieldPath(finding.path)))) continue;
        const before = shortValue(jsonAt(context.written.before, finding.path) ?? jsonAt(context.before, finding.path));
        const after = shortValue(jsonAt(context.written.after, finding.path) ?? jsonAt(context.after, finding.path));
        changes.push({ path: formatFieldPath(finding.path), before, after, action: 'recreate', effect: refusal(finding, kind), code: finding.code });
      }
      out.push({ kind, name: displayName(identity), line, status: changes.length ? 'changed' : 'unchanged', changes });
    }
  }
  for (const stored of baseline.objects) {
    if (seen.has(keyOf(stored.identity))) continue;
    out.push({
      kind: stored.identity.kind, name: displayName(stored.identity), line: stored.line + 1, status: 'removed',
      note: 'not in the file any more: kubectl apply leaves it in the cluster (delete it, or apply with --prune)', changes: [],
    });
  }
  return out;
}

/** The changed fields, compared as the update rules compare them (a Job's Pod template as validatePodTemplateUpdate does). */
function fieldChanges(kind: KindName, before: JsonObject, after: JsonObject): FieldPath[] {
  const { status: _beforeStatus, ...beforeRest } = before;
  const { status: _afterStatus, ...afterRest } = after;
  if (kind !== 'Job') return changedPaths(beforeRest, afterRest);
  const template = (object: JsonObject) => (isObject(object.spec) ? object.spec.template : undefined);
  const withoutTemplate = (object: JsonObject): JsonObject => (isObject(object.spec) ? { ...object, spec: { ...object.spec, template: null } } : object);
  return [
    ...changedPaths(withoutTemplate(beforeRest), withoutTemplate(afterRest)),
    ...changedPaths(template(before), template(after), ['spec', 'template'], { zeroIsAbsent: true }),
  ];
}

function overlaps(a: FieldPath, b: FieldPath): boolean {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) if (a[i] !== b[i]) return false;
  return true;
}

function refusal(finding: Finding, kind: KindName): string {
  const recreate = kind === 'Job'
    ? 'delete the Job (its Pods go with it) and apply again, or give it a new name'
    : `delete the ${kind} and apply again`;
  return `refused (\`${finding.serverMessage ?? 'field is immutable'}\`): ${recreate}`;
}

/**
 * What a change applied in place does: the catalogue's `onUpdate` of the outermost field on the path that has
 * one (a CronJob's `spec.jobTemplate` speaks for everything in it, though its Job fields have entries too).
 */
function effectOf(kind: KindName, path: FieldPath): string {
  if (path[0] === 'metadata') return 'applied to the object itself; its Pods keep theirs';
  for (let length = 1; length <= path.length; length++) {
    const doc = fieldDoc(kind, schemaPathOf(path.slice(0, length)));
    if (doc?.onUpdate) return doc.onUpdate;
  }
  return 'applied to the stored object';
}

function displayName(identity: ObjectIdentity): string {
  return identity.namespace ? `${identity.namespace}/${identity.name}` : identity.name;
}

function nameOf(object: JsonObject): string {
  const generateName = isObject(object.metadata) ? object.metadata.generateName : undefined;
  return typeof generateName === 'string' ? `${generateName}…` : '(no name)';
}
