// The previous version of a file (the file at HEAD, at a git ref, or another file): its Job and CSIDriver
// objects by identity, read once. An object of the new text with the same identity is an update of the
// baseline's object; one without is a create. Templated text (Helm) has no objects: everything is new.
import { hasTemplateActions } from '../document/helmTemplate';
import type { FileBaseline } from '../document/fileModel';
import { splitDocuments } from '../document/split';
import { YamlDocument } from '../document/yamlDocument';
import { applyDefaults, applyStoredDefaults } from '../kube/defaults';
import { requestView } from '../kube/observed';
import { mayNameOurKinds } from '../kube/resources';
import { rulesFor } from '../rules/index';
import { checkFieldAvailability } from '../schema/fieldAvailability';
import { checkSchema } from '../schema/validator';
import type { JsonObject } from '../types';
import { identityOf, keyOf, type ObjectIdentity } from './identity';
import { checkedObjects } from './objects';

/** Where a baseline comes from, for messages and fixes. */
export interface BaselineSource {
  /** How messages name it: `HEAD`, `v1.4.0`, `old/job.yaml`. */
  label: string;
  /** The file lies in a Helm chart (a Chart.yaml in its folder or above): fixes may offer a Helm hook. */
  helmChart?: boolean;
}

/** One object of the baseline. */
export interface BaselineObject {
  identity: ObjectIdentity;
  /** As written (the JSON the API server received). */
  written: JsonObject;
  /** As the server stored it after its defaults (kube/defaults.ts applyStoredDefaults). */
  stored: JsonObject;
  /** Line of the object's first character in the baseline text (0-based). */
  line: number;
}

let counter = 0;

export class Baseline implements FileBaseline {
  /** Distinct per instance: diagnostics computed against one baseline are cached under its id. */
  readonly id = `baseline-${++counter}`;
  private index: Map<string, BaselineObject> | undefined;
  private texts: Set<string> | undefined;
  private readonly creatable = new Map<string, boolean>();

  constructor(readonly text: string, readonly source: BaselineSource) {}

  /** The baseline's object with this identity (the first, when the text holds it twice). */
  find(identity: ObjectIdentity): BaselineObject | undefined {
    return this.objectIndex().get(keyOf(identity));
  }

  /** Whether one of the baseline's documents has exactly this text (its objects are then unchanged). */
  holds(documentText: string): boolean {
    this.objectIndex();
    return this.texts!.has(documentText);
  }

  get objects(): readonly BaselineObject[] {
    return [...this.objectIndex().values()];
  }

  /**
   * Whether the API server of 1.<minor> would have created the object: one it refuses at create never
   * existed, so an edit of it updates nothing (it is a create, checked as one).
   */
  createdBy(object: BaselineObject, minor: number): boolean {
    const key = `${keyOf(object.identity)}\u0000${minor}`;
    let created = this.creatable.get(key);
    if (created === undefined) this.creatable.set(key, (created = !refusedAtCreate(object, minor)));
    return created;
  }

  private objectIndex(): Map<string, BaselineObject> {
    if (this.index) return this.index;
    const index = new Map<string, BaselineObject>();
    const texts = new Set<string>();
    if (!hasTemplateActions(this.text)) {
      for (const slice of splitDocuments(this.text)) {
        texts.add(slice.text);
        if (!mayNameOurKinds(slice.text)) continue;
        for (const { kind, object, line } of checkedObjects(new YamlDocument(slice.text))) {
          const identity = identityOf(kind, object);
          if (!identity || index.has(keyOf(identity))) continue;
          index.set(keyOf(identity), { identity, written: object, stored: applyStoredDefaults(kind, object), line: slice.line + line });
        }
      }
    }
    this.texts = texts;
    return (this.index = index);
  }
}

/** Whether a create of the object fails: the schema, the fields of the release or a rule gives an error. */
function refusedAtCreate(object: BaselineObject, minor: number): boolean {
  const kind = object.identity.kind;
  // An export (`kubectl get -o yaml` committed to git) was created: its server-written fields are no request's.
  const request = requestView(kind, object.written);
  const context = { kind, object: request, defaulted: applyDefaults(kind, request), minor };
  if (checkSchema(kind, request, minor, () => undefined).some((finding) => finding.severity === 'error')) return true;
  if (checkFieldAvailability(context).some((finding) => finding.severity === 'error')) return true;
  return rulesFor(kind).some((rule) => {
    try {
      return rule.check(context).some((finding) => finding.severity === 'error');
    } catch {
      return false;
    }
  });
}

/** The baseline a file model carries, when it is one the update checks can read (the model knows it only as a FileBaseline). */
export function updateBaseline(model: { baseline?: FileBaseline }): Baseline | undefined {
  return model.baseline instanceof Baseline ? model.baseline : undefined;
}
