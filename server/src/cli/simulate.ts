// `kubeassist simulate FILE [--object NAME] [--scenario SCENARIO.yaml | preset:NAME] [--format text|json|svg|html]`: what a
// Job (or the Jobs of a CronJob) will do under a scenario, from the behaviour model (service/behaviour).
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { FileModel, htmlPage, MAX_NESTING, nestsDeeperThan, SCENARIO_PRESETS, simulate, simulationMarkdown, simulationPictures, simulationText, stackedSvg, type ScenarioInput } from '../service/index';
import { DEFAULT_SETTINGS, type Settings } from '../service/settings';
import { releaseRangeLabel, type Json } from '../service/types';
import { describeFileError, readInput } from './inputs';

type Write = (text: string) => void;

export const SIMULATE_USAGE = `Usage: kubeassist simulate FILE [--object NAME] [--scenario SCENARIO.yaml | --scenario preset:NAME] [--format text|json|svg|html]
                           [--kubernetes-version 1.NN]

Runs the Job controller's model on a Job of FILE (or on the Jobs a CronJob creates) and prints what happens: the Pods
created (with their index), each outcome, the podFailurePolicy rule that matched and its action, the back-off waits,
the counters, the conditions and the end. FILE may be - for standard input.

Options:
  --object NAME               the Job or CronJob named NAME (default: the file's first Job or CronJob)
  --scenario FILE             what the Pods do (see README, "Simulate"); default: every Pod succeeds at once
  --scenario preset:NAME      a ready scenario; NAME and its parameters (NAME,key=value,...):
${SCENARIO_PRESETS.map((preset) => `                                ${preset.name}: ${preset.description} (${preset.parameters})`).join('\n')}
  --format FORMAT             text (default: a timeline), json (one object: spec, pods, status, end, ...), svg (a
                              Job's timeline chart, a CronJob's calendar, as a standalone SVG) or html (one
                              self-contained page: the report and the picture with its text alternative)
  --kubernetes-version 1.NN   the release whose controller runs, ${releaseRangeLabel()} (default ${DEFAULT_SETTINGS.kubernetesVersion})

Exit status: 0 when the simulation ran, 2 on a usage problem, a file that cannot be read or a bad scenario.`;

export interface SimulateCommand {
  file: string;
  object?: string;
  scenario?: string;
  format: 'text' | 'json' | 'svg' | 'html';
  kubernetesVersion: string;
}

/** The scenario option: a preset, or a scenario file's YAML documents as JSON (or a problem reading it). */
function readScenarioOption(option: string | undefined): { scenario: ScenarioInput; problem?: string } {
  if (option === undefined) return { scenario: undefined };
  if (option.startsWith('preset:')) return { scenario: option };
  let text: string;
  try {
    text = readFileSync(option, 'utf8');
  } catch (error) {
    return { scenario: undefined, problem: `${option}: ${describeFileError(error)}` };
  }
  return scenarioOfText(text, option);
}

/** A scenario file's text (named `name` in problems): its YAML documents as JSON, or why it is not YAML. */
export function scenarioOfText(text: string, name: string): { scenario: ScenarioInput; problem?: string } {
  // `yaml` composes (and toJS converts) recursively: a text nested thousands of levels deep would exhaust the stack.
  if (nestsDeeperThan(text)) return { scenario: undefined, problem: `${name}: nests more than ${MAX_NESTING} levels deep; a scenario needs a few` };
  const documents = parseAllDocuments(text);
  const parsed = Array.isArray(documents) ? documents : [documents];
  for (const document of parsed) {
    const error = document.errors[0];
    if (error) {
      const line = error.linePos?.[0];
      return { scenario: undefined, problem: `${name}${line ? `:${line.line}:${line.col}` : ''}: not valid YAML: ${error.message.split('\n')[0]}` };
    }
  }
  return { scenario: parsed.map((document) => (document.toJS() ?? null) as Json).filter((value) => value !== null) };
}

/** Runs `kubeassist simulate` (cli.ts reads the command line); returns the exit status. */
export function simulateFile(command: SimulateCommand, write: Write, writeError: Write, nowSeconds: number): number {
  let text: string;
  try {
    text = readInput(command.file).text;
  } catch (error) {
    writeError(`kubeassist: ${command.file}: ${describeFileError(error)}\n`);
    return 2;
  }
  const { scenario, problem } = readScenarioOption(command.scenario);
  if (problem) {
    writeError(`kubeassist: ${problem}\n`);
    return 2;
  }
  const settings: Settings = { ...DEFAULT_SETTINGS, kubernetesVersion: command.kubernetesVersion };
  const answer = simulate(new FileModel(), text, settings, { object: command.object }, scenario, nowSeconds);
  const name = command.file === '-' ? '<stdin>' : command.file;
  if (!answer.simulation) {
    const where = (path: string) => (path === 'object' ? name : path === 'scenario' || path.startsWith('preset') ? command.scenario ?? 'scenario' : `${command.scenario}: ${path}`);
    for (const entry of answer.problems) writeError(`kubeassist: ${where(entry.path)}: ${entry.message}\n`);
    return 2;
  }
  const view = { object: answer.object, ...answer.simulation };
  if (command.format === 'json') write(JSON.stringify(view, null, 2) + '\n');
  else if (command.format === 'svg') write(`${stackedSvg(simulationPictures(answer, settings, nowSeconds))}\n`);
  else if (command.format === 'html') {
    const label = command.scenario ?? 'every Pod succeeds';
    write(htmlPage(`KubeAssist: simulate ${name}`, simulationMarkdown(view, label), simulationPictures(answer, settings, nowSeconds)));
  } else write(simulationText(view, name, command.scenario));
  return 0;
}
