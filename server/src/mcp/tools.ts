// The MCP tools' work, as plain functions over the engine: `check`, `fix` and `rules` answer what
// `kubeassist check --format json`, `kubeassist check --fix` and docs/rules.md answer, from the same code.
// Files come only through Roots (inside the granted roots, bounded); nothing here runs another process.
import { dirname, join, relative, sep } from 'node:path';
import type { TextEdit } from 'vscode-languageserver-types';
import {
  allRuleCodes, checkedResources, compileGlob, CONFIG_FILE_NAME, DEFAULT_SETTINGS, diagnose, explainFile, explainPictures, FileModel, firstYamlError, fixText, isIgnored, kustomizeContext, readConfig,
  simulate, simulationPictures, validate, withConfig, WorkspaceIndex, type DiagnoseReport, type DocumentContext, type IgnoreGlob, type ObjectExplanation, type Picture, type ScenarioInput, type Settings,
} from '../service/index';
import { DEFAULT_MAX_FILE_SIZE, isValidVersion, layerRules, type RuleSetting } from '../service/settings';
import { releaseRangeLabel, type RuleCode } from '../service/types';
import { identitiesOf } from '../cli/checkFile';
import { scenarioOfText } from '../cli/simulate';
import { findingOf, type Finding } from '../cli/report';
import { lineEdits } from '../cli/unifiedDiff';
import { Roots, ToolInputError } from './roots';

/** What every tool takes besides its input: the release and rule settings, over the files' `.kubeassist.yaml`. */
export interface ToolSettings {
  kubernetesVersion?: string;
  rules?: Record<string, RuleSetting>;
}

/** What the language server knows of an open document: its settings and context, the base of a text's check. */
export interface DocumentBase {
  settings: Settings;
  context: DocumentContext;
}

export interface CheckInput extends ToolSettings {
  /** Manifest text to check (one file's worth, any number of documents). */
  text?: string;
  /** How findings name the text (default `<text>`). */
  fileName?: string;
  /** Files or folders inside the granted roots. */
  paths?: string[];
}

export interface CheckedObject {
  file: string;
  kind: string;
  /** `Job/default/pi`, `CSIDriver/ebs.csi.aws.com`. */
  identity: string;
  line: number;
}

export interface CheckOutput {
  findings: Finding[];
  objects: CheckedObject[];
  /** Files left out, and why (ignored by a `.kubeassist.yaml`, a link out of the roots). */
  skipped: string[];
}

/** The largest text a tool reads, the engine's own default file limit (`kubeassist.maxFileSize`). */
export const MAX_TEXT = DEFAULT_MAX_FILE_SIZE;

export function checkTool(input: CheckInput, roots: Roots, base?: DocumentBase): CheckOutput {
  const output: CheckOutput = { findings: [], objects: [], skipped: [] };
  const sources = sourcesOf(input, roots, output.skipped, base);
  // The paths given are one workspace, as for `kubeassist check`: the relation checks see every file of them.
  const index = new WorkspaceIndex((path) => roots.readQuietly(path, MAX_TEXT));
  for (const source of sources) if (source.real && source.settings.relations.enable) index.setText(source.real, source.text);
  for (const source of sources) {
    const { text, settings, context, name } = source;
    const model = new FileModel();
    const relations = source.real ? { index, path: source.real } : undefined;
    const diagnostics = validate(model, text, settings, { context, relations });
    const resources = checkedResources(model, text, settings.maxFileSize);
    if (resources.length === 0 && input.text !== undefined) notYaml(text);
    output.findings.push(...diagnostics.map((diagnostic) => shaped(findingOf(name, diagnostic))));
    const identities = identitiesOf(resources);
    output.objects.push(...resources.map((resource, i) => ({ file: name, kind: resource.kind, identity: identities[i], line: resource.line + 1 })));
  }
  return output;
}

export interface FixInput extends ToolSettings {
  text?: string;
  fileName?: string;
  /** One file inside the granted roots. */
  path?: string;
  /** With `path`: write the fixed text back to the file (otherwise nothing is written). */
  write?: boolean;
}

export interface FixOutput {
  /** The text with every obvious fix applied (what `kubeassist check --fix` writes). */
  text: string;
  /** How many findings the fixes repaired. */
  fixed: number;
  /** The changes from the given text to the fixed one, as LSP text edits (0-based lines) on the original. */
  edits: TextEdit[];
  /** What is left after the fixes. */
  remaining: Finding[];
  /** Whether the file was written (`write: true` with `path`, and something changed). */
  written: boolean;
}

export function fixTool(input: FixInput, roots: Roots, base?: DocumentBase): FixOutput {
  if (input.write && input.path === undefined && input.text !== undefined) throw new ToolInputError('`write` needs `path`: a text has no file to write');
  const source = oneSource(input, roots, base);
  const fixed = fixText(source.text, source.settings, { context: source.context });
  const remaining = validate(new FileModel(), fixed.text, source.settings, { context: source.context }).map((diagnostic) => shaped(findingOf(source.name, diagnostic)));
  const written = !!input.write && source.real !== undefined && fixed.text !== source.text;
  if (written) roots.write(source.real!, source.bom + fixed.text);
  return { text: fixed.text, fixed: fixed.fixed, edits: lineEdits(source.text, fixed.text), remaining, written };
}

export interface ExplainInput extends ToolSettings {
  text?: string;
  fileName?: string;
  /** One file inside the granted roots. */
  path?: string;
}

/** What `kubeassist explain --format json` prints: each object's explanation after the server's defaults. */
export function explainTool(input: ExplainInput, roots: Roots, nowSeconds: number, base?: DocumentBase): { kubernetesVersion: string; objects: { file: string; line: number; explanation: ObjectExplanation }[] } {
  return explainWithPictures(input, roots, nowSeconds, base).output;
}

/** explainTool, and with `picture: true` its pictures (a Job's worst case as a timeline, a CronJob's week as a calendar). */
export function explainWithPictures(input: ExplainInput & { picture?: boolean }, roots: Roots, nowSeconds: number, base?: DocumentBase): { output: ReturnType<typeof explainTool>; pictures: Picture[] } {
  const source = oneSource(input, roots, base);
  const model = new FileModel();
  const placed = explainFile(model, source.text, source.settings, { nowSeconds });
  const objects = placed.map((entry) => ({ file: source.name, line: entry.line + 1, explanation: entry.explanation }));
  const pictures = input.picture ? placed.flatMap((entry) => explainPictures(model, source.text, source.settings, entry, nowSeconds)) : [];
  return { output: { kubernetesVersion: source.settings.kubernetesVersion, objects }, pictures };
}

export interface SimulateInput extends ExplainInput {
  /** The Job or CronJob: its name, or its number among the file's Jobs and CronJobs (default: the first). */
  object?: string | number;
  /** `preset:NAME[,key=value...]`, a scenario file's text (YAML), or its documents as JSON. Default: every Pod succeeds. */
  scenario?: string | Record<string, unknown> | Record<string, unknown>[];
}

/** What `kubeassist simulate --format json` prints: the object and its simulation (README "Simulate"). */
export function simulateTool(input: SimulateInput, roots: Roots, nowSeconds: number, base?: DocumentBase): Record<string, unknown> {
  return simulateWithPictures(input, roots, nowSeconds, base).output;
}

/** simulateTool, and with `picture: true` its picture (a Job's timeline chart, a CronJob's calendar). */
export function simulateWithPictures(input: SimulateInput & { picture?: boolean }, roots: Roots, nowSeconds: number, base?: DocumentBase): { output: Record<string, unknown>; pictures: Picture[] } {
  const source = oneSource(input, roots, base);
  let scenario: ScenarioInput;
  if (typeof input.scenario === 'string' && !input.scenario.startsWith('preset:')) {
    const read = scenarioOfText(input.scenario, 'scenario');
    if (read.problem) throw new ToolInputError(read.problem);
    scenario = read.scenario;
  } else scenario = (Array.isArray(input.scenario) ? input.scenario : input.scenario === undefined || typeof input.scenario === 'string' ? input.scenario : [input.scenario]) as ScenarioInput;
  const answer = simulate(new FileModel(), source.text, source.settings, { object: input.object === undefined ? undefined : String(input.object) }, scenario, nowSeconds);
  if (!answer.simulation) throw new ToolInputError(answer.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '));
  return { output: { object: answer.object, ...answer.simulation }, pictures: input.picture ? simulationPictures(answer, source.settings, nowSeconds) : [] };
}

/** The one text a tool on one object reads: `text`, or one file `path` inside the roots. */
function oneSource(input: ExplainInput, roots: Roots, base?: DocumentBase): Source {
  if ((input.text === undefined) === (input.path === undefined)) throw new ToolInputError('give either `text` or `path`');
  const [source] = sourcesOf({ ...input, paths: input.path === undefined ? undefined : [input.path] }, roots, [], base);
  if (!source) throw new ToolInputError(`${input.path} is ignored by its ${CONFIG_FILE_NAME}`);
  return source;
}

export interface DiagnoseInput extends ToolSettings {
  /** `kubectl get -o yaml|json` output: the Job or CronJob, and its Pods and events when there are any. */
  text?: string;
  fileName?: string;
  /** Several texts read as one body of evidence (a Job in one, its Pods in another): what the editor's tool sends. */
  texts?: { text: string; fileName?: string }[];
  /** Files inside the granted roots (the Job, its Pods, its events). */
  paths?: string[];
  /** The clock (RFC 3339; default: now). */
  now?: string;
}

/** What `kubeassist diagnose --format json` prints: each Job's and CronJob's diagnosis (README "Diagnose"). */
export function diagnoseTool(input: DiagnoseInput, roots: Roots, nowSeconds: number, base?: DocumentBase): DiagnoseReport {
  let now = nowSeconds;
  if (input.now !== undefined) {
    const parsed = typeof input.now === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(input.now) ? Date.parse(input.now) : NaN;
    if (Number.isNaN(parsed)) throw new ToolInputError(`now ${JSON.stringify(input.now)} is not an RFC 3339 time such as 2026-12-01T12:00:00Z`);
    now = parsed / 1000;
  }
  const given = [input.text !== undefined, input.texts !== undefined, input.paths !== undefined && input.paths.length > 0].filter(Boolean).length;
  if (given !== 1) throw new ToolInputError('give one of `text`, `texts` or `paths`');
  const skipped: string[] = [];
  const sources = input.texts !== undefined
    ? input.texts.flatMap((entry, i) => sourcesOf({ text: String(entry?.text ?? ''), fileName: entry?.fileName ?? `<text ${i + 1}>`, kubernetesVersion: input.kubernetesVersion, rules: input.rules }, roots, skipped, base))
    : sourcesOf(input, roots, skipped, base);
  const settings = sources[0]?.settings ?? { ...(base?.settings ?? DEFAULT_SETTINGS), ...(input.kubernetesVersion ? { kubernetesVersion: input.kubernetesVersion } : {}) };
  const report = diagnose(sources.map((source) => ({ text: source.text, name: source.name })), settings, { now });
  report.notes.push(...skipped);
  return report;
}

export interface RulesInput {
  /** Words to look for in a rule's code, title or the Kubernetes function it mirrors (all must appear). */
  query?: string;
}

export function rulesTool(input: RulesInput): { rules: RuleCode[] } {
  const words = (input.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const rules = allRuleCodes().filter((rule) => {
    const haystack = `${rule.code} ${rule.title} ${rule.mirrors} ${rule.reference ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  return { rules };
}

/**
 * One agent tool by name, for the language server's `kubeassist/agentTool` (the VS Code language-model tools):
 * text only (no roots: the editor sends the document's text), on the document's settings. Errors come back
 * as one sentence, as the MCP server says them.
 */
export function runAgentTool(
  tool: 'check' | 'fix' | 'explain' | 'simulate' | 'diagnose' | 'rules', input: Record<string, unknown>, nowSeconds: number, base?: DocumentBase,
): { output?: Record<string, unknown>; error?: string } {
  const noFiles = new Roots([]);
  try {
    if ('paths' in input || 'path' in input) throw new ToolInputError('the editor\'s tools take the text of a document (`uri` or `text`), not paths');
    const output = tool === 'check' ? checkTool(input as CheckInput, noFiles, base)
      : tool === 'fix' ? fixTool(input as FixInput, noFiles, base)
        : tool === 'explain' ? explainTool(input as ExplainInput, noFiles, nowSeconds, base)
          : tool === 'simulate' ? simulateTool(input as SimulateInput, noFiles, nowSeconds, base)
            : tool === 'diagnose' ? diagnoseTool(input as DiagnoseInput, noFiles, nowSeconds, base)
            : rulesTool(input as RulesInput);
    return { output: output as unknown as Record<string, unknown> };
  } catch (error) {
    return { error: toolErrorMessage(error) };
  }
}

/** A tool error in one plain sentence: a bad input as it is, anything else as an internal error (never a stack). */
export function toolErrorMessage(error: unknown): string {
  const known = error instanceof ToolInputError || (error as NodeJS.ErrnoException).code !== undefined;
  return known ? (error as Error).message : `internal error (please report it): ${(error as Error).message}`;
}

/** A rule's documentation, for its MCP resource. */
export function ruleDocument(rule: RuleCode): string {
  const lines = [`# ${rule.code}`, '', rule.title, '', `- Severity: ${rule.severity}`, `- Mirrors: ${rule.mirrors === '-' ? 'no Kubernetes function (a KubeAssist check)' : `\`${rule.mirrors}\``}`];
  if (rule.reference) lines.push(`- Reference: ${rule.reference}`);
  if (rule.fix) lines.push(`- Quick fix (editor, \`kubeassist check --fix\`, the \`fix\` tool): ${rule.fix}`);
  if (rule.href) lines.push(`- Documentation: ${rule.href}`);
  lines.push('', `Turn it off or change its severity with \`rules: { "${rule.code}": "off" }\` in the tools' input, \`kubeassist.rules\` in the editor, or \`rules:\` in \`.kubeassist.yaml\`.`);
  return lines.join('\n') + '\n';
}

interface Source {
  name: string;
  text: string;
  bom: string;
  settings: Settings;
  context: DocumentContext;
  /** The file's real path (absent for a text). */
  real?: string;
}

/** The texts a request names, each with its settings: `.kubeassist.yaml` inside the roots, then the request's. */
function sourcesOf(input: CheckInput, roots: Roots, skipped: string[], base?: DocumentBase): Source[] {
  if (input.kubernetesVersion !== undefined && !isValidVersion(input.kubernetesVersion)) {
    throw new ToolInputError(`kubernetesVersion ${JSON.stringify(input.kubernetesVersion)} is not a release KubeAssist knows (${releaseRangeLabel()}, as "1.NN")`);
  }
  if ((input.text === undefined) === (input.paths === undefined || input.paths.length === 0)) throw new ToolInputError('give either `text` or `paths`');
  const over = (settings: Settings): Settings => ({
    ...settings,
    kubernetesVersion: input.kubernetesVersion ?? settings.kubernetesVersion,
    rules: input.rules ? layerRules(settings.rules, input.rules) : settings.rules,
  });
  if (input.text !== undefined) {
    if (input.text.length > MAX_TEXT) throw new ToolInputError(`the text has ${input.text.length} characters; the limit is ${MAX_TEXT}`);
    const text = input.text.replace(/^\uFEFF/, '');
    return [{ name: input.fileName ?? '<text>', text, bom: '', settings: over(base?.settings ?? DEFAULT_SETTINGS), context: base?.context ?? {} }];
  }
  const sources: Source[] = [];
  for (const path of input.paths ?? []) {
    const { files, skipped: out } = roots.files(path);
    skipped.push(...out);
    for (const { real, name } of files) {
      const config = nearestConfig(real, roots);
      if (config && config.globs.length && isIgnored(relative(dirname(config.path), real).split(sep).join('/'), config.globs)) {
        skipped.push(`${name}: ignored by ${config.path}`);
        continue;
      }
      const { text, bom } = roots.read(real, MAX_TEXT);
      let context: DocumentContext = {};
      try {
        context = kustomizeContext(real, (candidate) => roots.readQuietly(candidate, MAX_TEXT));
      } catch {
        context = {};
      }
      sources.push({ name, text, bom, settings: over(config ? withConfig(DEFAULT_SETTINGS, config.values) : DEFAULT_SETTINGS), context, real });
    }
  }
  return sources;
}

interface Config {
  path: string;
  values: ReturnType<typeof readConfig>['values'];
  globs: IgnoreGlob[];
}

/** The nearest `.kubeassist.yaml` at or above a file, not above the root that holds it. */
function nearestConfig(real: string, roots: Roots): Config | undefined {
  for (const folder of roots.foldersUp(real)) {
    const path = join(folder, CONFIG_FILE_NAME);
    const text = roots.readQuietly(path, MAX_TEXT);
    if (text === undefined) continue;
    const { values } = readConfig(text);
    return { path, values, globs: (values.ignore ?? []).map(compileGlob).filter((glob): glob is IgnoreGlob => !('problem' in glob)) };
  }
  return undefined;
}

/** Exactly the fields of `kubeassist check --format json` (an absent field stays absent). */
function shaped({ file, line, column, endLine, endColumn, severity, code, message, path, serverMessage, related }: Finding): Finding {
  // A relation finding's other end, named as the report names files (`kubeassist check --format json` does the same).
  const ends = related?.map((end) => ({ file: end.file, line: end.line, column: end.column, endLine: end.endLine, endColumn: end.endColumn, message: end.message }));
  return JSON.parse(JSON.stringify({ file, line, column, endLine, endColumn, severity, code, message, path, serverMessage, related: ends }));
}

/** A text that holds no Kubernetes object and does not read as YAML is no manifest: said as an error, not as findings. */
function notYaml(text: string): void {
  const error = firstYamlError(text);
  if (error) throw new ToolInputError(`the text is not YAML as kubectl reads it (line ${error.line}, column ${error.column}: ${error.message})`);
}
