// One object of a Helm template or a Kustomize patch, checked for what its text settles and nothing else:
// - the schema check keeps unknown fields (a key written is a key written), types, enums and ranges of
//   literal values, and a missing required field only where the mapping is closed and the field cannot
//   come from a branch;
// - the object as defaulted knows a default only when the field and what the default depends on are known;
// - every rule family runs on tracked views (./trackedObject.ts) and is silent when it reads an unknown.
import type { ResourceNode, YamlDocument } from '../document/yamlDocument';
import { DEFAULT_READS_SIBLINGS, isObject } from '../kube/defaults';
import type { FieldPath, Finding, Json, JsonObject, KindName, Rule, RuleContext } from '../types';
import { templateUnknowns } from './fromTemplate';
import { strategicMergeUnknowns } from './strategicMerge';
import { withPlaceholders } from './placeholders';
import { NEEDS_WHOLE_LIST, withTrainerOwned } from './trainerOwned';
import { checkPartially, trackedContext } from './trackedObject';
import { Unknowns } from './unknowns';

export class PartialObject {
  private constructor(readonly unknowns: Unknowns, private readonly object: JsonObject) {}

  /**
   * What is unknown about `object` (the JSON of `resource`, changed in place: templated values become
   * UNKNOWN_VALUE, templated keys and patch directives leave). Undefined for an object of a plain manifest
   * (other than a training runtime's: partial/trainerOwned.ts).
   */
  static of(doc: YamlDocument, resource: ResourceNode, kind: KindName, object: JsonObject, patch: boolean): PartialObject | undefined {
    const template = doc.template;
    let unknowns = template ? templateUnknowns(template, resource.node, object, doc.lines, patch) : undefined;
    if (patch) unknowns = strategicMergeUnknowns(object, kind, unknowns);
    // A manifest with `${NAME}` placeholders is filled in before it is applied: those values are not known.
    if (doc.text.includes('${')) unknowns = withPlaceholders(object, unknowns);
    // A training runtime is partial even as a plain manifest: the Trainer fills parts of each JobSet made from it.
    unknowns = withTrainerOwned(kind, object, unknowns);
    return unknowns && new PartialObject(unknowns, object);
  }

  /** The unknowns a kind has even in a plain manifest (a training runtime's); undefined for the others. */
  static forKind(kind: KindName, object: JsonObject): PartialObject | undefined {
    const unknowns = withTrainerOwned(kind, object, undefined);
    return unknowns && new PartialObject(unknowns, object);
  }

  /** Whether a finding of the schema or field-availability check holds whatever the unknown parts are. */
  keeps(finding: Finding): boolean {
    if (finding.code === 'schema/required') return this.unknowns.isCertain(this.object, finding.path);
    return !this.unknowns.withinUnknown(finding.path);
  }

  /** A family's findings: those of each of its parts that reads only what is known. */
  check(rule: Rule, context: RuleContext): Finding[] {
    const tracked = trackedContext(context, this.unknowns, this.defaultedUnknowns(context.defaulted));
    const findings = (rule.parts ?? [(whole: RuleContext) => rule.check(whole)]).flatMap((part) => checkPartially(part, tracked));
    // A list that grows (a training runtime's) holds its written items, not yet all of them.
    return this.unknowns.hasGrowing ? findings.filter((finding) => !NEEDS_WHOLE_LIST.has(finding.code)) : findings;
  }

  private defaulted: { object: JsonObject; unknowns: Unknowns } | undefined;

  /**
   * The knowledge of the defaulted object: the written object's, plus every default that fills a field
   * whose absence is not certain, or that depends on a sibling that is not certain, marked unknown. A
   * default that is a whole mapping (labels copied from the template) is unknown whenever anything is.
   */
  private defaultedUnknowns(defaulted: JsonObject): Unknowns {
    if (this.defaulted?.object === defaulted) return this.defaulted.unknowns;
    const unknowns = this.unknowns.clone();
    const visit = (value: Json | undefined, written: Json | undefined, path: (string | number)[]): void => {
      if (value === written) return;
      if (isObject(value) && isObject(written)) {
        for (const key of Object.keys(value)) visit(value[key], written[key], [...path, key]);
      } else if (Array.isArray(value) && Array.isArray(written)) {
        value.forEach((item, index) => visit(item, written[index], [...path, index]));
      } else if ((value !== null && typeof value === 'object') || !this.defaultIsKnown(path)) {
        unknowns.markUnknown(path);
      }
    };
    visit(defaulted, this.object, []);
    this.defaulted = { object: defaulted, unknowns };
    return unknowns;
  }

  private defaultIsKnown(path: FieldPath): boolean {
    if (!this.unknowns.isCertain(this.object, path)) return false;
    const field = path[path.length - 1];
    const siblings = typeof field === 'string' ? DEFAULT_READS_SIBLINGS[field] ?? [] : [];
    return siblings.every((sibling) => this.unknowns.isCertainSubtree(this.object, [...path.slice(0, -1), sibling]));
  }
}
