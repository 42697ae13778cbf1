// The service facade: pure functions over text and settings. The LSP server and the CLI both call
// these; neither holds a check of its own.
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { FileModel } from './document/fileModel';
import type { YamlDocument } from './document/yamlDocument';
import { codeActions as codeActionsFor, fixText as fixTextWith, mayHaveActions, type CodeActionClient, type DocumentRef } from './features/codeActions';
import { diagnoseDocument, mentionsOurKinds, type DiagnosticData } from './features/diagnostics';
import { uncheckedDocumentsDiagnostic } from './features/limits';
import { ruleKeyProblem } from './codes';
import { minorOf, settingsKey, type Settings } from './settings';
import { releaseLabel, type KindName } from './types';
import { updateBaseline, type Baseline } from './update/baseline';
import { contextKey, type DocumentContext } from './workspace/context';
import { relationDiagnostics, type RelationInput } from './features/relations';
import { cachedFacts } from './relations/workspaceIndex';
import { quietDocument, wantFacts } from './relations/factsCache';
import { quietMayWait } from './relations/quiet';
import { checkedObjects } from './features/checkedObjects';
import { FileItems } from './document/fileItems';
import { diagnoseTexts, type DiagnoseTextInput } from './features/diagnose/index';
import type { DiagnoseReport as DiagnoseReportShape } from './diagnose/types';

export { allRuleCodes, ruleKeyProblem } from './codes';
export { splitDocuments, type DocumentSlice } from './document/split';
export { FileModel } from './document/fileModel';
export { MAX_NESTING, nestsDeeperThan } from './document/nesting';
export { CODE_ACTION_KINDS, FIX_ALL_KIND, resolveCodeAction, type CodeActionClient } from './features/codeActions';
export { complete, COMPLETION_TRIGGERS } from './features/completion';
export { hover } from './features/hover';
export { inlayHints } from './features/inlayHints';
export { codeLenses, EXPLAIN_COMMAND, lensesAbove, lensesOf, lensTargets, SIMULATE_COMMAND, type LensTarget, type ObjectRef } from './features/codeLens';
export { explainedSource, explainFile, explainObject, type ExplainOptions, type ObjectExplanation, type ObjectTarget, type PlacedExplanation } from './features/explain/index';
export { explanationMarkdown, explanationText, fileMarkdown } from './features/explain/render';
export { simulate, type CronJobSimulationResult, type ScenarioInput, type SimulateAnswer, type SimulateTarget, type SimulatedObject } from './features/simulate';
export { simulateJob, type JobSimulation } from './behaviour/job';
export { humanDuration, simulationMarkdown, simulationText, type SimulationView } from './features/simulationReport';
export { parseScenarios, parseDuration, type CronJobScenario, type JobScenario, type PodOutcome, type ScenarioProblem } from './behaviour/scenario';
export { presetScenario, SCENARIO_PRESETS } from './behaviour/presets';
export { DEFAULT_SETTINGS, type Settings } from './settings';
export { completeConfig, hoverConfig } from './config/configFeatures';
export { compileGlob, isIgnored, type IgnoreGlob } from './config/glob';
export { CONFIG_FILE_NAME, readConfig, withConfig, type ConfigValues } from './config/kubeassistConfig';
export { Baseline, type BaselineSource } from './update/baseline';
export { explainChanges, type FieldChange, type ObjectChanges } from './update/explain';
export type { DocumentContext } from './workspace/context';
export { isKustomizationFile, KUSTOMIZATION_FILE_NAMES, kustomizeContext } from './workspace/kustomize';
export { WorkspaceIndex, type IndexSnapshot } from './relations/workspaceIndex';
export { cachedFacts, rememberFacts, type DefinitionEntry } from './relations/workspaceIndex';
export type { DocumentFacts } from './relations/facts';
export { relationDiagnostics } from './features/relations';
export { mayOrderCreation } from './relations/quiet';
export { quietDocument } from './relations/factsCache';
export { relationDefinition, relationHover, relationReferences, type RelationInput } from './features/relations';
export { calendarPicture, diagnosisPictures, explainPictures, simulationPictures, stackedSvg } from './features/views/pictures';
export { htmlPage, markdownHtml, type Picture } from './features/views/html';
export { fieldLocator, fieldSource } from './features/views/links';
export { findingJson, type FindingJson, type FindingSeverity } from './features/findingJson';
export { timelineChart, type TimelineInput } from './features/views/timeline';
export { timelineOfDiagnosis, timelineOfSimulation } from './features/views/timelineSources';
export { diagnoseObjects, type DiagnoseOptions } from './diagnose/index';
export type { DiagnoseReport, ObjectDiagnosis } from './diagnose/types';
export { diagnosisMarkdown, diagnosisText } from './features/diagnose/render';
export { DIAGNOSE_COMMAND } from './features/codeLens';

/** What a front door may tell the engine about a file besides its text and settings. */
export interface ValidateOptions {
  /**
   * Also the findings silenced by a `# kubeassist-disable-next-line` comment (the CLI's SARIF lists them as
   * suppressed): they then carry the comment in `data.suppressedBy`. Left out by default.
   */
  suppressed?: boolean;
  /** What the workspace says about the file (a Kustomize patch): see workspace/kustomize.ts. */
  context?: DocumentContext;
  /**
   * The workspace index and the file's path in it: the relation checks run (features/relations.ts).
   * `onIncomplete` is called when documents were left for later (the `budget`): read them and validate again.
   */
  relations?: RelationInput & { onIncomplete?: () => void };
  /** Read each parsed document's relation facts while its syntax tree is there (the CLI's workers hand them on). */
  relationFacts?: boolean;
  /**
   * With `relationFacts`: not those of documents quiet for relations (relations/quiet.ts), which a CLI run leaves
   * unread until its creation order turns out to matter (cli/relations.ts).
   */
  leaveQuiet?: boolean;
}

/**
 * Diagnostics for a whole file. Pass the same FileModel for successive versions to reuse work. Helm
 * templates are checked where their text is literal; a Kustomize patch is checked as a patch when
 * `options.context` says so (or its strategic-merge directives do). With a baseline (model.baseline), the
 * objects of plain manifests also get the update checks; a template's or a patch's never do.
 */
export function validate(model: FileModel, text: string, settings: Settings, options: ValidateOptions = {}): Diagnostic[] {
  if (!settings.enable) return [];
  const documents = model.update(text);
  // kubectl refuses a whole file for one bad document: a file with one of our objects gets them all.
  const fileHoldsOurKinds = documents.some(({ doc }) => mentionsOurKinds(doc));
  const key = `${settingsKey(settings)}|${contextKey(options.context)}|${fileHoldsOurKinds ? 'ours' : ''}`;
  // A document whose text the baseline holds as it is updates nothing: it keeps the results it had without one.
  const baseline = settings.updateChecks === 'off' ? undefined : updateBaseline(model);
  const against = (doc: YamlDocument) => (baseline && !baseline.holds(doc.text) ? baseline : undefined);
  // The relation index reads a document's facts while its syntax tree is there (it is dropped after its diagnostics).
  const asked = options.relations && settings.relations.enable ? options.relations : undefined;
  // An editor's first check leaves the quiet documents' facts to the background when they cannot speak now.
  const deferQuiet = !!asked?.deferQuiet && quietMayWait(asked.index, asked.path, documents.map(({ doc }) => doc.text), settings.relations.undefinedReferences);
  const relations = asked && { ...asked, deferQuiet };
  const leaveQuiet = options.leaveQuiet || deferQuiet;
  const readsFacts = !!relations || !!options.relationFacts;
  const diagnose = (doc: YamlDocument, update?: Baseline) => {
    const facts = readsFacts && !(leaveQuiet && quietDocument(doc));
    if (facts) wantFacts(doc);
    const found = diagnoseDocument(doc, settings, options.context, update, fileHoldsOurKinds);
    if (facts && doc.parsed) cachedFacts(doc, 'all');
    return found;
  };
  const all = baseline
    ? model.diagnostics((doc) => (against(doc) ? `${key}|${baseline.id}` : key), (doc) => diagnose(doc, against(doc)), settings.maxFileSize)
    : model.diagnostics(key, (doc) => diagnose(doc), settings.maxFileSize);
  const diagnostics = options.suppressed ? all : withoutSuppressed(all);
  if (relations) {
    const related = relationDiagnostics(model, settings, relations, options.suppressed);
    if (related.diagnostics.length) {
      diagnostics.push(...related.diagnostics);
      diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    }
    if (!related.complete) relations.onIncomplete?.();
  }
  const unchecked = model.pastLimit(settings.maxFileSize);
  if (unchecked) diagnostics.push(...uncheckedDocumentsDiagnostic(unchecked.first, unchecked.count, model.documents.length, settings));
  return diagnostics;
}

function withoutSuppressed(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.some(isSuppressed) ? diagnostics.filter((diagnostic) => !isSuppressed(diagnostic)) : diagnostics;
}

function isSuppressed(diagnostic: Diagnostic): boolean {
  return (diagnostic.data as DiagnosticData | undefined)?.suppressedBy !== undefined;
}

/** One-shot validation of a text (CLI, tests). */
export function validateText(text: string, settings: Settings, options: ValidateOptions = {}): Diagnostic[] {
  return validate(new FileModel(), text, settings, options);
}

/** What the editor's status bar shows for a file: the target release, how many objects get checked, and settings that do nothing. */
export function documentInfo(model: FileModel, text: string, settings: Settings): { kubernetesVersion: string; kubernetesVersionLabel: string; checkedResources: number; schemaDiagnostics: 'on' | 'off'; settingsProblems: string[] } {
  return {
    kubernetesVersion: `1.${minorOf(settings.kubernetesVersion)}`,
    kubernetesVersionLabel: releaseLabel(minorOf(settings.kubernetesVersion)),
    checkedResources: settings.enable ? checkedResourceCount(model, text, settings.maxFileSize) : 0,
    schemaDiagnostics: settings.schemaDiagnostics,
    settingsProblems: settingsProblems(settings),
  };
}

/** Settings that do nothing, in words for the log and the status bar: `kubeassist.rules` keys that match no code. */
export function settingsProblems(settings: Settings): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(settings.rules)) {
    const problem = ruleKeyProblem(key);
    if (problem) problems.push(`kubeassist.rules: ${problem}; the setting has no effect.`);
  }
  return problems;
}

/** A Job, CronJob or CSIDriver of a file that gets checked: where it is and how reports name it. */
export interface CheckedResource {
  kind: KindName;
  /** Zero-based line of the object's first key. */
  line: number;
  /** Index of its YAML document in the file, and of the object in that document (`kind: List` items). */
  document: number;
  resource: number;
  name?: string;
  generateName?: string;
  namespace?: string;
}

/** The Job, CronJob and CSIDriver objects of a file that get checked, Helm templates' and patches' too (the status bar count, the CLI's reports, the corpus test). */
export function checkedResources(model: FileModel, text: string, maxFileSize = Infinity): CheckedResource[] {
  const found: CheckedResource[] = [];
  const documents = model.update(text);
  for (let document = 0; document < documents.length; document++) {
    const { slice, doc } = documents[document];
    if (slice.offset + slice.text.length > maxFileSize) break; // not checked: see kubeassist.maxFileSize
    for (const { index: resource, line, kind, summary } of checkedObjects(doc)) {
      const { name, generateName, namespace } = summary;
      found.push({ kind, line: slice.line + line, document, resource, ...definedOnly({ name, generateName, namespace }) });
    }
  }
  return found;
}

/** How many objects checkedResources lists, counted from each document's checked objects (the status bar asks after each keystroke). */
export function checkedResourceCount(model: FileModel, text: string, maxFileSize = Infinity): number {
  model.update(text);
  return CHECKED_OBJECTS.list(model, maxFileSize).length;
}

/** The lines of a file's checked objects, kept per model and brought up to date from each edit (document/fileItems.ts). */
const CHECKED_OBJECTS = new FileItems<{ line: number }>({
  read: (_model, doc, firstLine) => checkedObjects(doc).map(({ line }) => ({ line: firstLine + line })),
});

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** Quick fixes for the diagnostics of a `textDocument/codeAction` request, and `source.fixAll.kubeassist`. */
export function codeActions(
  model: FileModel,
  text: string,
  document: DocumentRef,
  params: Parameters<typeof codeActionsFor>[3],
  settings: Settings,
  client: CodeActionClient,
  options: ValidateOptions = {},
): CodeAction[] {
  if (!mayHaveActions(params)) return [];
  return codeActionsFor(model, text, document, params, validate(model, text, settings, options), settings, client, (fixed) => validateText(fixed, settings, options));
}

/** `kubeassist check --fix`: the text with every preferred fix applied, checked again until none is left. */
export function fixText(text: string, settings: Settings, options: ValidateOptions = {}): { text: string; fixed: number } {
  return fixTextWith(text, settings, (model, current) => validate(model, current, settings, options));
}

/**
 * The first YAML error of a text as kubectl reads it, in any document, whether it holds a Kubernetes object
 * or not (1-based line and column): for a front door that must tell "not YAML" from "no object of ours".
 */
export function firstYamlError(text: string): { line: number; column: number; message: string } | undefined {
  const model = new FileModel();
  for (const { slice, doc } of model.update(text)) {
    const issue = doc.issues.find((candidate) => candidate.severity === 'error');
    if (!issue) continue;
    const position = doc.lines.positionAt(issue.start);
    return { line: slice.line + position.line + 1, column: position.character + 1, message: issue.message };
  }
  return undefined;
}

/**
 * Diagnose (README "Diagnose"): every Job and CronJob of the texts (`kubectl get -o yaml|json` output: Jobs,
 * CronJobs, their Pods and events, `List`s; several texts are one body of evidence), at `now` (seconds since the
 * epoch), for `settings.kubernetesVersion`. Each object carries its findings from `validate` on its own text.
 * A front door that holds plain objects (a live read) calls `diagnoseObjects` instead.
 */
export function diagnose(inputs: readonly DiagnoseTextInput[], settings: Settings, options: { now: number }): DiagnoseReportShape {
  return diagnoseTexts(inputs, settings, { now: options.now, validate: (model, text) => validate(model, text, settings) });
}
