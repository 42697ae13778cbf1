// Every diagnostic code the engine can report, with its metadata: the rule families' own codes, and the
// engine's YAML, schema and kind codes (with what their quick fixes do). docs/rules.md is generated from
// this list (npm run gen:docs).
import { FIXES_BY_CODE } from './fixes/families';
import { describeFixes } from './fixes/types';
import { JSON6902_CODES, JSON6902_HREF } from './partial/json6902';
import { ALL_RULES } from './rules/index';
import { FIELD_AVAILABILITY_CODES } from './schema/fieldAvailability';
import { nearestName } from './schema/messages';
import type { RuleCode } from './types';
import { UPDATE_RULES } from './update/index';
import { RELATION_RULES } from './relations/checks/index';

const SCHEMA_DOCS = 'https://kubernetes.io/docs/reference/kubernetes-api/';

export const ENGINE_CODES: readonly RuleCode[] = [
  { code: 'yaml/syntax', severity: 'error', title: 'The document is not valid YAML (as kubectl reads it); the rest of the file is still checked', mirrors: 'go-yaml decoding in kubectl' },
  { code: 'yaml/duplicate-key', severity: 'warning', title: 'A key appears twice in one mapping: kubectl keeps the last value and drops the others (the API server never sees them; kubernetes#125885), or keeps one at random when go-yaml reads the keys as different values of one field (1e3 and 1_000)', mirrors: 'go-yaml v2 decoding in kubectl (sigs.k8s.io/yaml YAMLToJSON)' },
  { code: 'yaml/lenient-indentation', severity: 'warning', title: 'Not valid YAML 1.2, but kubectl (go-yaml) accepts it: an under-indented continuation line of a quoted string', mirrors: 'go-yaml leniency' },
  { code: 'yaml/yaml11-scalar', severity: 'error', title: 'An unquoted `yes`/`no`/`on`/`off`/`y`/`n` or octal-looking value is read as a boolean or number (YAML 1.1) where a string is needed', mirrors: 'sigs.k8s.io/yaml (go-yaml v2) + JSON decoding' },
  { code: 'yaml/alias-limit', severity: 'error', title: 'Aliases expand far beyond the document (a "billion laughs" document): kubectl refuses it; the object is not checked', mirrors: 'go-yaml v2 decoding ("document contains excessive aliasing")' },
  { code: 'yaml/alias', severity: 'error', title: 'An alias kubectl refuses: no anchor of its name before it in the same document (anchors do not carry over `---`), or one that contains itself', mirrors: 'go-yaml v2 parsing ("unknown anchor referenced")' },
  { code: 'yaml/not-json', severity: 'error', title: 'kubectl refuses what JSON cannot hold: `.inf`/`.nan` values, null keys (`~:`), mapping or list keys', mirrors: 'sigs.k8s.io/yaml YAMLToJSON and encoding/json' },
  { code: 'yaml/not-an-object', severity: 'error', title: 'A document that is a string, a number or a list, in a file with a Job, CronJob or CSIDriver: kubectl reads each document as one object and refuses the file', mirrors: 'cli-runtime StreamVisitor (unstructured decoding)' },
  { code: 'yaml/tag', severity: 'error', title: 'A tag kubectl refuses for its value (`!!int yes`, `!!binary` that is not base64)', mirrors: 'go-yaml v2 decoding ("cannot decode ... as a ...")' },
  { code: 'yaml/merge-key', severity: 'error', title: 'A merge key (`<<`) whose value is not a mapping, an alias of one or a list of them: kubectl refuses it', mirrors: 'go-yaml v2 decoding ("map merge requires map or sequence of maps")' },
  { code: 'yaml/document-marker', severity: 'error', title: 'A document marker kubectl refuses: text after `---` other than a comment, or a `...` with no document before it', mirrors: 'apimachinery YAMLReader ("invalid Yaml document separator") and go-yaml' },
  { code: 'yaml/directive', severity: 'error', title: 'A `%YAML` or `%TAG` directive: kubectl cuts the file at the `---` after it and refuses the directive left alone', mirrors: 'apimachinery YAMLReader and go-yaml ("did not find expected <document start>")' },
  { code: 'yaml/after-document-end', severity: 'warning', title: 'Content kubectl drops: after `...` with no `---`, or after a `---` kubectl does not see (lone CR line ends)', mirrors: 'go-yaml v2 Unmarshal (first document of each part only)' },
  { code: 'yaml/too-deep', severity: 'error', title: 'The document nests more than 200 levels deep (hostile or broken input); it is not read', mirrors: '-' },
  { code: 'observed/export', severity: 'information', title: 'An object the API server returned (`kubectl get -o yaml|json`: `metadata.uid`, `resourceVersion`, `creationTimestamp`, `managedFields` or `status`): checked as what the server returned, not as a request; its quick fix removes what the server wrote so it can be applied again', mirrors: 'FillObjectMetaSystemFields and generateSelector (pkg/registry/batch/job/strategy.go)', href: 'https://kubernetes.io/docs/reference/using-api/api-concepts/#resourceversion-in-metadata' },
  { code: 'file/too-large', severity: 'information', title: 'The file is larger than `kubeassist.maxFileSize`: the documents past the limit are not checked', mirrors: '-' },
  { code: 'kind/api-version', severity: 'error', title: 'A checked kind with an apiVersion of its group that does not serve it (`batch/v1beta1`, `storage.k8s.io/v1beta1`, `jobset.x-k8s.io/v1alpha1`, ...)', mirrors: 'API discovery' },
  { code: 'kind/case', severity: 'error', title: 'A kind of ours written in another case (`kind: job`) with an apiVersion of its group: kinds are case-sensitive, kubectl finds no such kind', mirrors: 'RESTMapper (NoKindMatchError)' },
  { code: 'kind/api-version-deprecated', severity: 'warning', title: 'A deprecated apiVersion the chosen release still serves and a later one removes (`batch/v1beta1` CronJob up to 1.24); the object is not checked further', mirrors: 'API discovery (deprecated API warning)' },
  { code: 'schema/unknown-field', severity: 'error', title: 'A field the API does not have (typos, removed fields)', mirrors: 'strict field validation', reference: 'all kinds', href: SCHEMA_DOCS },
  { code: 'schema/type', severity: 'error', title: 'A value of the wrong JSON type (`backoffLimit: "6"`)', mirrors: 'JSON decoding', href: SCHEMA_DOCS },
  { code: 'schema/enum', severity: 'error', title: 'A value outside the allowed set (case-sensitive)', mirrors: 'NotSupported checks', reference: 'JOB-IDX-01, JOB-PFP-03/07/17, JOB-PRP-01, JOB-RP-02, JOB-POD-06/08, CSI-FSG-01, CSI-VLM-01', href: SCHEMA_DOCS },
  { code: 'schema/required', severity: 'error', title: 'A required field is absent', mirrors: 'Required checks', reference: 'JOB-POD-01/02 (absent), JOB-PFP-02/06 (absent), JOB-SP-02 (absent)', href: SCHEMA_DOCS },
  { code: 'schema/int-range', severity: 'error', title: 'A number outside int32/int64', mirrors: 'JSON decoding', href: SCHEMA_DOCS },
  ...FIELD_AVAILABILITY_CODES,
  { code: JSON6902_CODES.op, severity: 'error', title: 'A Kustomize JSON 6902 patch operation that is none of add, remove, replace, move, copy, test', mirrors: 'kustomize (evanphx/json-patch decoding)', href: JSON6902_HREF },
  { code: JSON6902_CODES.path, severity: 'error', title: 'A Kustomize JSON 6902 `path` or `from` that leads to no field of the target Job or CSIDriver', mirrors: 'kustomize (JSON patch apply) and strict field validation', href: JSON6902_HREF },
  { code: 'config/syntax', severity: 'error', title: 'A `.kubeassist.yaml` that is not YAML or not a mapping of settings: checking goes on with the defaults', mirrors: '-' },
  { code: 'config/invalid', severity: 'error', title: 'A `.kubeassist.yaml` setting that does not exist or has a value of the wrong kind; it is ignored', mirrors: '-' },
  { code: 'config/unknown-rule', severity: 'warning', title: 'A `rules` key of `.kubeassist.yaml` that matches no rule code; it has no effect', mirrors: '-' },
];

/**
 * Every code, engine codes first, then the rule families in their list order, then the update rules, then the relation checks; each code
 * once, with what its quick fix does (`fix`) where one is bound to it (fixes/families.ts).
 */
export function allRuleCodes(): RuleCode[] {
  const seen = new Set<string>();
  const out: RuleCode[] = [];
  for (const code of [...ENGINE_CODES, ...ALL_RULES.flatMap((rule) => rule.codes), ...UPDATE_RULES.flatMap((rule) => rule.codes), ...RELATION_RULES.flatMap((rule) => rule.codes)]) {
    if (seen.has(code.code)) continue;
    seen.add(code.code);
    out.push(code);
  }
  return describeFixes(out, FIXES_BY_CODE);
}

/**
 * What is wrong with a `kubeassist.rules` key (or `--rule CODE`): undefined when it names a code, or ends
 * in `/` and starts at least one code; else a sentence naming the nearest real code or prefix.
 */
export function ruleKeyProblem(key: string): string | undefined {
  const codes = allRuleCodes().map((code) => code.code);
  if (key.endsWith('/') ? codes.some((code) => code.startsWith(key)) : codes.includes(key)) return undefined;
  const prefixes = new Set<string>();
  for (const code of codes) for (let slash = code.indexOf('/'); slash > 0; slash = code.indexOf('/', slash + 1)) prefixes.add(code.slice(0, slash + 1));
  const candidates = key.endsWith('/') ? [...prefixes] : codes;
  const nearest = nearestName(key, candidates)?.name;
  const hint = !key.endsWith('/') && prefixes.has(`${key}/`) ? ` (a prefix ends in \`/\`: \`${key}/\`)` : nearest ? ` (did you mean \`${nearest}\`?)` : '';
  return `\`${key}\` matches no rule code${hint}`;
}
