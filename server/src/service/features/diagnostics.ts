// Diagnostics for one YAML document: YAML issues, then for each of our resources the schema check and
// the rule families; every finding's field path becomes the exact range in the text.
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { Diagnostic, DiagnosticSeverity, type Range } from 'vscode-languageserver-types';
import type { FixData } from '../document/edits';
import { claimServerJson, MAX_ALIAS_COUNT } from '../document/kubectlYaml';
import { rangeForPath, walk, type OffsetRange } from '../document/paths';
import type { ResourceNode, YamlDocument } from '../document/yamlDocument';
import { fixContext, fixData } from '../fixes/registry';
import type { FixResource } from '../fixes/types';
import { applyDefaults, isObject } from '../kube/defaults';
import { jobSpecPaths } from '../kube/jobSpec';
import { classify, mayNameOurKinds, REFERENCE_PAGES, type Classification } from '../kube/resources';
import { factsBeforeClaim } from '../relations/factsCache';
import { rulesFor } from '../rules/index';
import { checkFieldAvailability } from '../schema/fieldAvailability';
import type { DuplicateOf } from '../document/yamlDocument';
import type { ScalarSource } from '../schema/messages';
import { checkSchema } from '../schema/validator';
import { PartialObject } from '../partial/partialObject';
import { hasPatchDirectives } from '../partial/strategicMerge';
import type { DocumentContext } from '../workspace/context';
import { json6902Findings, targetKinds } from '../partial/json6902';
import { effectiveSeverity, minorOf, SCHEMA_CHECKER_CODES, type Settings } from '../settings';
import { formatFieldPath, type FieldPath, type Finding, type KindName, type RuleContext, type Severity } from '../types';
import { keepsOnExport, observe, observedFinding } from './observed';
import type { Baseline } from '../update/baseline';
import { checkUpdate } from '../update/index';

export const SOURCE = 'kubeassist';

/** What every diagnostic carries in `data`: the Kubernetes field path and its quick fixes. */
export interface DiagnosticData {
  path?: string;
  kind?: KindName;
  /** Index of the resource in its YAML document (List items), for fixes. */
  resource?: number;
  /** Quick fixes, preferred first (features/codeActions.ts turns them into code actions). */
  fixes?: FixData[];
  /** The API server's exact error text, when the message says it in other words (Finding.serverMessage). */
  serverMessage?: string;
  /** A duplicate key's first occurrence (its line moves with the document: see FileModel). */
  duplicateOf?: DuplicateOf;
  /**
   * Set on a finding silenced by a `# kubeassist-disable-next-line` comment: the comment's text. Such
   * findings are kept by the engine and handed out only on request (`validate(..., { suppressed: true })`,
   * SARIF `suppressions`); the editor never gets them.
   */
  suppressedBy?: string;
}

interface RawFinding {
  finding: Finding;
  range: OffsetRange;
  data: DiagnosticData;
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Documents that may be ours (block, flow or JSON style): YAML problems elsewhere are other tools' business. */
const MENTIONS_OUR_KINDS = /(?:^|[{,])\s*["']?kind["']?\s*:\s*["']?(?:Job|CronJob|CSIDriver|JobSet|TrainingRuntime|ClusterTrainingRuntime)["']?\s*(?:[,}#]|$)/m;

const mentioning = new WeakMap<YamlDocument, boolean>();

/**
 * Whether a document names one of our kinds (`kind: Job`, ...), kept per document. A file with one such
 * document gets kubectl's refusals in all its documents: kubectl refuses the whole file.
 */
export function mentionsOurKinds(doc: YamlDocument): boolean {
  let known = mentioning.get(doc);
  if (known === undefined) mentioning.set(doc, (known = mayNameOurKinds(doc.text) && MENTIONS_OUR_KINDS.test(doc.text)));
  return known;
}

const DISABLE_NEXT_LINE = /#\s*kubeassist-disable-next-line\b([^\n]*)/g;

/**
 * Diagnostics with ranges relative to the document's own text. `context` says what the workspace knows of
 * the document (a Kustomize patch); a Helm template is recognised from its text. With a baseline (the file's
 * previous version), each whole object that updates one of the baseline's also gets the update checks
 * (service/update/); a template's or a patch's objects are partial and never compared with it.
 */
export function diagnoseDocument(doc: YamlDocument, settings: Settings, context: DocumentContext = {}, baseline?: Baseline, fileHoldsOurKinds = false): Diagnostic[] {
  const patch = context.kustomizePatch;
  // A JSON 6902 list names no kind: its kustomization's target does.
  const targetsOurs = !!patch && targetKinds(patch.uses).length > 0;
  const mayBeOurs = mayNameOurKinds(doc.text) || targetsOurs;
  // Other kinds get no diagnostics (they are not even parsed), unless the file holds one of ours: then
  // kubectl's refusal of them refuses our objects too.
  if (!mayBeOurs && !fileHoldsOurKinds) return [];
  const minor = minorOf(settings.kubernetesVersion);
  const raw: RawFinding[] = [];
  const owners: (FixResource | undefined)[] = [];
  const allIssues = mentionsOurKinds(doc) || targetsOurs;
  if (doc.issues.length && (allIssues || fileHoldsOurKinds)) {
    for (const issue of doc.issues) {
      if (!allIssues && issue.severity !== 'error') continue;
      raw.push({ finding: { ...issue, path: [] }, range: [issue.start, issue.end], data: issue.duplicateOf ? { duplicateOf: issue.duplicateOf } : {} });
    }
  }
  if (fileHoldsOurKinds && !patch && !doc.broken && !doc.template) {
    const problem = notAnObject(doc);
    if (problem) raw.push(problem);
  }
  if (!mayBeOurs) return finish(doc, settings, raw, [], minor, baseline);
  if (targetsOurs && patch && !doc.broken) raw.push(...json6902Findings(doc, patch.uses, minor));
  const isPatch = !!patch || hasPatchDirectives(doc.text);
  const patching = isPatch ? { byOwnType: selectsByOwnType(context) } : undefined;
  doc.resources.forEach((resource, index) => {
    const { findings, owner } = diagnoseResource(doc, resource, minor, patching, baseline, settings.jobSetFeatureGates);
    owners[index] = owner;
    for (const item of findings) raw.push({ ...item, data: { ...item.data, resource: index } });
  });
  return finish(doc, settings, raw, owners, minor, baseline);
}

/**
 * kubectl decodes each document into an object: a string, number or list is refused (StreamVisitor,
 * infoForData: "json: cannot unmarshal string into Go value of type unstructured.detector").
 */
function notAnObject(doc: YamlDocument): RawFinding | undefined {
  const contents = doc.document.contents;
  if (!contents?.range || isMap(contents) || (isScalar(contents) && (contents.value === null || contents.value === undefined))) return undefined;
  const what = isSeq(contents) ? 'a list' : typeof (contents as { value?: unknown }).value === 'string' ? 'a string' : 'a plain value';
  const finding: Finding = {
    code: 'yaml/not-an-object',
    severity: 'error',
    message: `kubectl refuses this document: it is ${what}, not a mapping, and kubectl reads every document of a file as one object ("cannot unmarshal ... into Go value of type unstructured.detector").`,
    path: [],
  };
  const start = contents.range[0];
  return { finding, range: [start, Math.max(start + 1, Math.min(contents.range[1], doc.lines.lineEnd(doc.lines.positionAt(start).line)))], data: {} };
}

/** Findings in text order -> diagnostics: severities from the settings, suppression comments, quick fixes. */
function finish(doc: YamlDocument, settings: Settings, raw: RawFinding[], owners: (FixResource | undefined)[], minor: number, baseline?: Baseline): Diagnostic[] {
  raw.sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const suppressed = suppressions(doc);
  const diagnostics: Diagnostic[] = [];
  for (const { finding, range, data } of raw) {
    if (settings.schemaDiagnostics === 'off' && SCHEMA_CHECKER_CODES.has(finding.code)) continue;
    const severity = effectiveSeverity(finding.code, finding.severity, settings);
    if (severity === 'off') continue;
    const diagnostic = Diagnostic.create(toRange(doc, range), finding.message, SEVERITY[severity], finding.code, SOURCE);
    if (finding.href) diagnostic.codeDescription = { href: finding.href };
    const comment = suppressed.get(diagnostic.range.start.line);
    if (comment && (comment.codes.size === 0 || comment.codes.has(finding.code))) {
      diagnostic.data = { ...data, suppressedBy: comment.text };
    } else {
      const owner = data.resource === undefined ? undefined : owners[data.resource];
      const fixes = literalFixes(doc, fixData(fixContext(doc, { code: finding.code, path: finding.path, range }, owner, minor, { baseline: baseline?.source })));
      diagnostic.data = fixes.length ? { ...data, fixes } : data;
    }
    diagnostics.push(diagnostic);
  }
  return diagnostics;
}

/**
 * In a Helm template, only fixes that change text within a line and touch no template action (and are known
 * now, not at resolve): a line added there could land inside an `if` branch, or split what an action writes.
 */
function literalFixes(doc: YamlDocument, fixes: FixData[]): FixData[] {
  const template = doc.template;
  if (!template || fixes.length === 0) return fixes;
  return fixes.filter((fix) => fix.edits?.every((edit) => {
    if (edit.range.start.line !== edit.range.end.line || edit.newText.includes('\n')) return false;
    const start = doc.lines.offsetAt(edit.range.start);
    const end = doc.lines.offsetAt(edit.range.end);
    return !template.touches(start, end);
  }));
}

function toRange(doc: YamlDocument, range: OffsetRange): Range {
  return { start: doc.lines.positionAt(range[0]), end: doc.lines.positionAt(range[1]) };
}

/**
 * Whether a patch document reaches its base through its own apiVersion and kind: kustomize matches a patch
 * listed without a `target` to the base object of exactly that apiVersion, kind and name; with a `target`, the
 * patch takes the target's. A patch known only by its directives is taken to be listed without one.
 */
function selectsByOwnType(context: DocumentContext): boolean {
  const uses = context.kustomizePatch?.uses;
  return !uses || uses.some((use) => !use.target);
}

function isTargetIdentity(path: FieldPath): boolean {
  return path[0] === 'metadata' && (path[1] === 'name' || path[1] === 'generateName' || path[1] === 'namespace');
}

/** The finding of an apiVersion or kind spelling that no release serves (or soon will not), if any. */
function typeFinding(classification: Exclude<Classification, { status: 'checked' | 'other' }>, minor: number, patch: boolean): Finding {
  const kind = classification.kind;
  if (classification.status === 'wrong-kind-case') {
    const written = classification.written;
    const wrote = `\`kind: ${written}\``;
    return {
      code: 'kind/case',
      severity: 'error',
      message: patch
        ? `${wrote} is no kind: kinds are case-sensitive, so kustomize finds no base object of kind \`${written}\` for this patch. Write \`kind: ${kind}\`.`
        : `${wrote} is no kind the API server serves: kinds are case-sensitive, so kubectl refuses the file. Write \`kind: ${kind}\`.`,
      path: ['kind'],
      href: REFERENCE_PAGES[kind],
      ...(patch ? {} : { serverMessage: `no matches for kind ${JSON.stringify(written)} in version ${JSON.stringify(classification.apiVersion)}` }),
    };
  }
  // A patch listed without a target applies to a base of its own apiVersion: the base is then of that version too.
  const about = patch ? ` This patch applies only to a base object of the same apiVersion, so that base is refused too.` : '';
  const stillServed = classification.servedUntil !== undefined && minor <= classification.servedUntil;
  return stillServed
    ? {
      code: 'kind/api-version-deprecated',
      severity: 'warning',
      message: `${capitalize(classification.removedNote)}: a 1.${minor} API server still serves it, as deprecated, but the next releases do not.${about} `
        + `Use \`apiVersion: ${classification.expected}\` for a ${kind}. KubeAssist checks ${kind}s of \`${classification.expected}\` only, so this one is not checked further.`,
      path: ['apiVersion'],
      href: 'https://kubernetes.io/docs/reference/using-api/deprecation-guide/',
    }
    : {
      code: 'kind/api-version',
      severity: 'error',
      message: `${capitalize(classification.removedNote)}.${about} Use \`apiVersion: ${classification.expected}\` for a ${kind}.`,
      path: ['apiVersion'],
      href: REFERENCE_PAGES[kind],
    };
}

/**
 * The findings of one object, and the object as its fixes need it. `patching`: the object is a patch, applied
 * by its own apiVersion and kind or not.
 */
function diagnoseResource(doc: YamlDocument, resource: ResourceNode, minor: number, patching: { byOwnType: boolean } | undefined, baseline?: Baseline, jobSetFeatureGates?: Readonly<Record<string, boolean>>): { findings: RawFinding[]; owner?: FixResource } {
  const patch = !!patching;
  const classification = classify(resource.apiVersion, resource.kind);
  if (classification.status === 'other') return { findings: [] };
  const locate = (finding: Finding): OffsetRange => rangeForPath(doc.document, resource.node, finding.path, finding.anchor ?? 'value');
  const kind = classification.kind;
  // A patch given a target takes the target's apiVersion and kind: its own are not judged.
  if (classification.status !== 'checked' && (!patching || patching.byOwnType)) {
    const finding = typeFinding(classification, minor, patch);
    const data: DiagnosticData = { path: formatFieldPath(finding.path), kind, ...(finding.serverMessage ? { serverMessage: finding.serverMessage } : {}) };
    // The apiVersion and kind fixes read only the kind and the node: the object is not decoded for them.
    return { findings: [{ finding, range: locate(finding), data }], owner: { kind, node: resource.node, object: {}, defaulted: {} } };
  }
  let object;
  try {
    // The refusal check converted the document already; the relation facts read it first when they are wanted,
    // nothing else before the parse is dropped.
    factsBeforeClaim(doc);
    object = claimServerJson(doc.document, resource.node);
  } catch (error) {
    const finding: Finding = {
      code: 'yaml/alias-limit',
      severity: 'error',
      message: `This ${kind} uses its aliases (\`*name\`) beyond the limit of ${MAX_ALIAS_COUNT} expansions, as an "alias bomb" does; it was not checked. Use fewer nested aliases.`,
      path: [],
    };
    return { findings: [{ finding, range: rangeForPath(doc.document, resource.node, ['kind'], 'key'), data: { kind } }] };
  }
  if (!isObject(object)) return { findings: [] };
  // Only a patch given a target gets here with another spelling of the kind: it takes the target's.
  if (classification.status === 'wrong-kind-case') object.kind = kind;
  const partial = PartialObject.of(doc, resource, kind, object, patch);
  const sourceOf = (path: FieldPath): ScalarSource | undefined => {
    const steps = walk(doc.document, resource.node as Node, path);
    const written = steps.length === path.length + 1 ? steps[steps.length - 1].written : undefined;
    return isScalar(written) ? { source: written.source ?? String(written.value), style: String(written.type ?? 'PLAIN') } : undefined;
  };
  // An export (`kubectl get -o yaml`) is judged as the request its author could have sent (features/observed.ts).
  const observed = partial ? undefined : observe(kind, object);
  const request = observed?.request ?? object;
  // The JobSpec paths are read here, from the object as written: a partial object's views would stop a rule that counted them.
  const context: RuleContext = {
    kind, object: request, defaulted: applyDefaults(kind, request), minor,
    ...(partial ? { jobSpecPaths: jobSpecPaths(kind, object) } : {}),
    ...(jobSetFeatureGates ? { jobSetFeatureGates } : {}),
    ...(observed ? { observed: { markers: observed.markers, serverFields: observed.fields.map((field) => field.path) } } : {}),
  };
  const findings = [...checkSchema(kind, object, minor, sourceOf), ...checkFieldAvailability({ ...context, object })]
    .filter((finding) => (!partial || partial.keeps(finding)) && (!observed || keepsOnExport(finding, observed)));
  if (observed) findings.push(observedFinding(kind, observed));
  for (const rule of rulesFor(kind)) {
    try {
      findings.push(...(partial ? partial.check(rule, context) : rule.check(context)));
    } catch (error) {
      // A rule bug must not hide the other findings; it is logged by whoever calls us.
      console.error(`kubeassist: rule ${rule.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  // A template or a patch is not the whole object the API server would receive: no update is judged from it.
  if (baseline && !partial) findings.push(...checkUpdate(baseline, kind, object, minor));
  // kustomize keeps the base's name and namespace under a patch (Resource.ApplySmPatch): given a target, the
  // patch's own are no part of what is built.
  const judged = patching && !patching.byOwnType ? findings.filter((finding) => !isTargetIdentity(finding.path)) : findings;
  return {
    findings: judged.map((finding) => ({
      finding: { ...finding, href: finding.href ?? REFERENCE_PAGES[kind] },
      range: locate(finding),
      data: finding.serverMessage ? { path: formatFieldPath(finding.path), kind, serverMessage: finding.serverMessage } : { path: formatFieldPath(finding.path), kind },
    })),
    owner: { kind, node: resource.node, object, defaulted: context.defaulted },
  };
}

/** What silences the findings of one line: the codes (empty: all) and the comment(s) that say so. */
export interface Suppression {
  codes: Set<string>;
  text: string;
}

/** `# kubeassist-disable-next-line [code ...]`: line of the next content line -> what it silences. */
export function suppressions(doc: Pick<YamlDocument, 'text' | 'lines'>): Map<number, Suppression> {
  const result = new Map<number, Suppression>();
  if (!doc.text.includes('kubeassist-disable')) return result;
  for (const match of doc.text.matchAll(DISABLE_NEXT_LINE)) {
    let line = doc.lines.positionAt(match.index ?? 0).line + 1;
    while (line < doc.lines.lineCount && /^\s*(#.*)?$/.test(doc.text.slice(doc.lines.lineStart(line), doc.lines.lineEnd(line)))) line++;
    const codes = match[1].split(/[\s,]+/).filter(Boolean);
    const text = match[0].trimEnd();
    const existing = result.get(line);
    if (!existing) result.set(line, { codes: new Set(codes), text });
    else if (existing.codes.size !== 0) result.set(line, { codes: codes.length === 0 ? new Set() : new Set([...existing.codes, ...codes]), text: `${existing.text}\n${text}` });
  }
  return result;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
