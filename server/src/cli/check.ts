// `kubeassist check`: which files, with which settings (`.kubeassist.yaml`, then the command line), checked
// on how many threads, reported in which format and where. Every file is reported in the order given,
// whatever thread checked it; text and GitHub annotations stream, the other formats are written at the end.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import packageJson from '../../../package.json';
import { ConfigFiles, type ConfigFile } from '../config/configFiles';
import { allRuleCodes, CONFIG_FILE_NAME, DEFAULT_SETTINGS, withConfig, type Settings } from '../service/index';
import { fileSizeLimit, layerRules, type RuleSetting } from '../service/settings';
import type { KindName } from '../service/types';
import { Baselines, type BaselineSpec } from './against';
import type { FileResult, FileTask } from './checkFile';
import { githubCommand } from './github';
import { collectInputs, describeFileError, pathInside, repositoryRoot } from './inputs';
import { junitReport } from './junit';
import { checkAll, idleCpus } from './pool';
import { colorFor, findingOf, jsonReport, nothingFoundLine, summaryLine, textLine, type ColorMode, type ReportedFinding } from './report';
import { checkRendered, render, RenderError, renderedFiles, type RenderSource } from './render';
import { sarifReport, type ReportFile } from './sarif';

export const FORMATS = ['text', 'json', 'sarif', 'github', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

export interface CheckCommand {
  format: Format;
  /** Write the report to this file instead of standard output. */
  output?: string;
  /** From the command line; each wins over `.kubeassist.yaml`. */
  kubernetesVersion?: string;
  rules: Record<string, RuleSetting>;
  maxFileSize?: number;
  /** `--config`: this file for every input, instead of the nearest `.kubeassist.yaml`. */
  config?: string;
  paths: string[];
  fix: boolean;
  dryRun: boolean;
  failOnEmpty: boolean;
  color: ColorMode;
  /** `--jobs N`: threads to check files on; undefined: as many as the amount of work pays for (cli/pool.ts). */
  jobs?: number;
  /** `--sarif-base`: the folder SARIF URIs and GitHub annotation paths are relative to. */
  sarifBase?: string;
  /** `--against <git-ref>` or `--against-file OLD`: each file's previous version, for the update checks. */
  against?: BaselineSpec;
  /** `--helm` / `--kustomize`: renderings to check besides the paths (cli/render.ts). */
  render: RenderSource[];
  /** `--no-relations`: no workspace index, no relation checks. */
  noRelations?: boolean;
}

export interface CheckIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  /** The script a worker thread runs (the CLI bundle). */
  workerScript: string;
  /** Standard input, read when a path is `-`. */
  readStdin: () => string;
}

const REPOSITORY = packageJson.repository.url.replace(/\.git$/, '');

export async function runCheck(command: CheckCommand, io: CheckIo): Promise<number> {
  // How busy the machine is while the inputs are listed: the default's worker threads go only to idle CPUs.
  const idle = idleCpus();
  const configs = new ConfigFiles();
  const named = command.config === undefined ? undefined : configs.named(command.config);
  if (command.config !== undefined && !named) {
    io.stderr(`kubeassist: ${command.config}: no such file (--config)\n`);
    return 2;
  }
  if (command.output !== undefined) {
    const problem = outputProblem(command.output);
    if (problem) {
      io.stderr(`kubeassist: --output ${command.output}: ${problem}\n`);
      return 2;
    }
  }
  const { inputs, problems, notes } = collectInputs(command.paths);
  const problemLines = problems.map(({ name, problem }) => `${name}: ${problem}`);
  for (const line of problemLines) io.stderr(`kubeassist: ${line}\n`);
  for (const { name, note } of notes) io.stderr(`kubeassist: ${name}: ${note}\n`);
  /** Files each configuration's ignore globs left out: said when nothing else was checked. */
  const ignored = new Map<string, number>();

  // One settings entry per configuration file in use; the command line over each.
  const settingsTable: Settings[] = [];
  const settingsIndex = new Map<string, number>();
  const configsInUse: ConfigFile[] = [];
  const settingsOf = (config: ConfigFile | undefined): number => {
    const key = config?.path ?? '';
    let index = settingsIndex.get(key);
    if (index === undefined) {
      index = settingsTable.push(commandLineOver(config ? withConfig(DEFAULT_SETTINGS, config.values) : DEFAULT_SETTINGS, command)) - 1;
      settingsIndex.set(key, index);
      if (config) configsInUse.push(config);
    }
    return index;
  };
  const tasks: FileTask[] = [];
  // The previous versions are read here, on the main thread (git), and cross to the workers as text.
  const baselines = command.against && new Baselines(command.against);
  for (const input of inputs) {
    if (input.path !== '-' && basename(input.path) === CONFIG_FILE_NAME) {
      // A configuration file is no manifest: its own problems are reported (pre-commit passes it with the YAML files).
      const config = configs.named(input.path);
      if (config && !configsInUse.includes(config)) configsInUse.push(config);
      continue;
    }
    const config = named ?? (input.path === '-' ? configs.forFolder('.') : configs.forFile(input.path));
    if (input.path !== '-' && config && configs.ignores(config, input.path)) {
      ignored.set(config.path, (ignored.get(config.path) ?? 0) + 1);
      continue;
    }
    const task: FileTask = { index: tasks.length, path: input.path, name: input.name, settings: settingsOf(config), text: input.path === '-' ? io.readStdin() : undefined };
    if (input.outside !== undefined) task.outside = input.outside;
    const baseline = baselines?.read(input.path, settingsTable[task.settings].maxFileSize);
    if (baseline?.problem) {
      io.stderr(`kubeassist: ${input.name}: ${baseline.problem}\n`);
      problemLines.push(`${input.name}: ${baseline.problem}`);
    }
    if (baseline?.baseline) task.baseline = { text: baseline.baseline.text, label: baseline.baseline.source.label };
    tasks.push(task);
  }

  // Standard output carries the fixed text (`--fix -`) or the diff (`--dry-run`): the report goes to stderr then.
  const reportToError = command.fix && (command.dryRun || tasks.some((task) => task.path === '-'));
  const buffered: string[] = [];
  const report = command.output !== undefined ? (text: string) => void buffered.push(text) : reportToError ? io.stderr : io.stdout;
  const color = command.format === 'text' && command.output === undefined && colorFor(command.color, { isTTY: reportToError ? io.stderrIsTTY : io.stdoutIsTTY });
  const base = resolve(command.sarifBase ?? repositoryRoot(resolve('.')) ?? '.');
  const streams = command.format === 'text' || command.format === 'github';
  const collected: ReportFile[] = [];
  const findings: ReportedFinding[] = [];
  const objects: KindName[] = [];
  let checkedFiles = 0;
  let failed = problemLines.length;

  const emit = (file: ReportFile, fixed = 0): void => {
    if (fixed > 0) {
      const note = `${file.name}: fixed ${fixed} finding${fixed === 1 ? '' : 's'}${command.dryRun ? ' (dry run)' : ''}\n`;
      (command.format === 'text' ? report : io.stderr)(note);
    }
    findings.push(...file.findings);
    if (command.format === 'text') for (const finding of file.findings) report(textLine(finding, color));
    else if (command.format === 'github') for (const finding of file.findings) report(githubCommand(finding, file.path === undefined ? undefined : (pathInside(base, file.path) ?? file.path)));
    if (!streams) collected.push(file);
  };

  for (const config of configsInUse) {
    if (config.diagnostics.length === 0) continue;
    const name = displayName(config.path);
    emit({ name, path: config.path, findings: config.diagnostics.map((diagnostic) => findingOf(name, diagnostic)), objects: [] });
  }
  const noted = new Set<string>();
  const onResult = (result: FileResult): void => {
    const task = tasks[result.index];
    for (const note of result.notes ?? []) {
      if (!noted.has(note)) io.stderr(`kubeassist: ${note}\n`);
      noted.add(note);
    }
    if (result.output !== undefined) io.stdout(result.output);
    if (!result.checked) {
      io.stderr(`kubeassist: ${task.name}: ${result.problem}\n`);
      problemLines.push(`${task.name}: ${result.problem}`);
      failed++;
      return;
    }
    checkedFiles++;
    objects.push(...result.objects.map((object) => object.kind));
    emit({ name: task.name, path: task.path === '-' ? undefined : resolve(task.path), findings: result.findings, objects: result.objects }, result.fixed);
  };
  // The paths given are one workspace: what they define is read while they are checked, then the relation checks
  // run against all of it (cli/relations.ts).
  // Documents whose facts matter only to creation order are left unread unless the run asks for the hints.
  const relations = !command.noRelations && settingsTable.some((entry) => entry.relations.enable);
  const deferQuiet = !settingsTable.some((entry) => entry.relations.undefinedReferences);
  await checkAll(tasks, settingsTable, { fix: command.fix, dryRun: command.dryRun, suppressed: command.format === 'sarif', relations, deferQuiet }, command.jobs, io.workerScript, onResult, idle);
  // Renderings run here, after the files: each with the settings of the chart's or kustomization's folder.
  for (const source of command.render) {
    const folder = source.tool === 'helm' ? source.chart : source.folder;
    try {
      const rendered = checkRendered(source, render(source), settingsTable[settingsOf(named ?? configs.forFolder(folder))]);
      checkedFiles++;
      objects.push(...rendered.objects.map((object) => object.kind));
      for (const file of renderedFiles(rendered)) emit(file);
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      io.stderr(`kubeassist: ${error.message}\n`);
      problemLines.push(error.message);
      failed++;
    }
  }

  const counted = findings.filter((finding) => finding.suppressedBy === undefined);
  if (command.format === 'text' || command.format === 'github') report(summaryLine(checkedFiles, objects, counted, color));
  else if (command.format === 'json') report(jsonReport(counted));
  else if (command.format === 'junit') report(junitReport(collected));
  else {
    const sarif = sarifReport({
      files: collected,
      rules: allRuleCodes(),
      version: packageJson.version,
      informationUri: REPOSITORY,
      rulesUri: `${REPOSITORY}/blob/main/docs/rules.md`,
      base,
      problems: problemLines,
    });
    report(sarif.text);
    for (const note of sarif.notes) io.stderr(`kubeassist: ${note}\n`);
  }
  if (command.output !== undefined) {
    try {
      writeFileSync(command.output, buffered.join(''));
    } catch (error) {
      io.stderr(`kubeassist: --output ${command.output}: ${describeFileError(error)}\n`);
      failed++;
    }
  }
  if (objects.length === 0 && checkedFiles > 0) io.stderr(nothingFoundLine(checkedFiles));
  if (checkedFiles === 0) {
    // Nothing was checked: say what left every file out.
    for (const [config, count] of ignored) io.stderr(`kubeassist: nothing checked: ${count} file${count === 1 ? ' is' : 's are'} ignored by ${displayName(config)} (its ignore globs)\n`);
  }
  if (failed > 0) return 2;
  if (counted.some((finding) => finding.severity === 'error')) return 1;
  return objects.length === 0 && command.failOnEmpty ? 1 : 0;
}

/**
 * What stops the report from being written to `path`, before any checking: a folder there, or a parent that
 * cannot be made (missing parent folders are made, as CI scripts expect of `--output results/x.sarif`).
 */
function outputProblem(path: string): string | undefined {
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) return 'is a folder';
    mkdirSync(dirname(resolve(path)), { recursive: true });
    return undefined;
  } catch (error) {
    return describeFileError(error);
  }
}

/** The command line's settings over the file's: `--kubernetes-version`, `--rule`, `--max-file-size`. */
function commandLineOver(settings: Settings, command: CheckCommand): Settings {
  return {
    ...settings,
    kubernetesVersion: command.kubernetesVersion ?? settings.kubernetesVersion,
    rules: layerRules(settings.rules, command.rules),
    maxFileSize: command.maxFileSize === undefined ? settings.maxFileSize : fileSizeLimit(command.maxFileSize),
    relations: command.noRelations ? { ...settings.relations, enable: false } : settings.relations,
  };
}

/** A path as reports name it: relative to the current folder when inside it, else absolute. */
function displayName(path: string): string {
  return pathInside(resolve('.'), path) ?? path;
}
