// `kubeassist simulate` and `kubeassist/simulate`: pick a Job or CronJob of a file, read the scenario (a file's YAML
// documents, or a ready preset) and run the behaviour model on it.
import type { Position } from 'vscode-languageserver-types';
import { scenarioSeconds, simulateCronJob, type CronJobSimulation } from '../behaviour/cronjob';
import { simulateJob, type JobSimulation } from '../behaviour/job';
import { presetScenario } from '../behaviour/presets';
import { parseScenarios, type CronJobScenario, type JobScenario, type ScenarioProblem } from '../behaviour/scenario';
import { toServerJson } from '../document/kubectlYaml';
import { FileItems } from '../document/fileItems';
import type { FileModel } from '../document/fileModel';
import { isObject } from '../kube/defaults';
import { checkedObjects } from './checkedObjects';
import { minorOf, type Settings } from '../settings';
import type { Json, JsonObject, KindName } from '../types';

/** Which object of the file: its number among the file's Jobs and CronJobs (0-based), its name, or a position inside it. */
export interface SimulateTarget {
  object?: number | string;
  position?: Position;
}

/** The scenario: `preset:NAME[,key=value...]` (or a bare preset name), or the YAML documents of a scenario file as JSON. */
export type ScenarioInput = string | readonly Json[] | undefined;

export interface SimulatedObject {
  kind: KindName;
  name: string;
  /** Zero-based line of the object's first key in the file. */
  line: number;
}

/** A CronJob's sync at the scenario's `now`: the next five runs, the decision, the Job it creates. */
export interface CronJobSimulationResult extends CronJobSimulation {
  kind: 'CronJob';
  kubernetesVersion: string;
  notes: string[];
}

export interface SimulateAnswer {
  object?: SimulatedObject;
  simulation?: JobSimulation | CronJobSimulationResult;
  /** The object simulated, as the API server reads it (the pictures read it: features/views). */
  subject?: JsonObject;
  /** A CronJob scenario's span the controller did not sync (from the last schedule time, or the creation, to `now`). */
  unsynced?: { from: number; to: number };
  /** Why nothing was simulated: a bad scenario (one problem per bad entry) or no object to simulate. */
  problems: ScenarioProblem[];
}

interface Candidate {
  kind: KindName;
  name: string;
  line: number;
  /** The JSON the API server would read, made only for the object picked (a file may hold a thousand). */
  read: () => JsonObject | undefined;
  templated: boolean;
}

/** The Jobs and CronJobs of a file, in order, from the documents' summaries (no parse of the others). */
function candidates(model: FileModel, text: string, maxFileSize: number): readonly Candidate[] {
  model.update(text);
  return SIMULATE_CANDIDATES.list(model, maxFileSize);
}

/** A file's candidates, kept per model and brought up to date from each edit (document/fileItems.ts). */
const SIMULATE_CANDIDATES = new FileItems<Candidate>({
  read: (_model, doc, firstLine) => {
    const found: Candidate[] = [];
    for (const { index, line, kind, summary } of checkedObjects(doc)) {
      if (kind !== 'Job' && kind !== 'CronJob') continue;
      const name = summary.name ?? summary.generateName ?? kind.toLowerCase();
      found.push({
        kind, name, templated: doc.template !== undefined,
        line: firstLine + line,
        read: () => {
          const resource = doc.resources[index];
          try {
            const object = resource && toServerJson(doc.document, resource.node);
            return isObject(object) ? object : undefined;
          } catch {
            return undefined;
          }
        },
      });
    }
    return found;
  },
});

function pick(found: readonly Candidate[], target: SimulateTarget, text: string): Candidate | ScenarioProblem {
  if (found.length === 0) return { path: 'object', message: 'the file has no Job or CronJob to simulate' };
  if (target.position) {
    const line = target.position.line;
    const inside = found.filter((candidate) => candidate.line <= line);
    const last = inside[inside.length - 1];
    return last ?? found[0];
  }
  if (typeof target.object === 'number') {
    return found[target.object] ?? { path: 'object', message: `there is no object number ${target.object} (the file has ${found.length} Jobs and CronJobs, numbered from 0)` };
  }
  if (typeof target.object === 'string') {
    const named = found.filter((candidate) => candidate.name === target.object);
    if (named.length === 0) return { path: 'object', message: `no Job or CronJob named ${target.object} (the file has ${found.map((c) => c.name).join(', ')})` };
    return named[0];
  }
  void text;
  return found[0];
}

/** Runs the scenario on the chosen object at the settings' release. `nowSeconds`: the clock of CronJob presets. */
export function simulate(model: FileModel, text: string, settings: Settings, target: SimulateTarget, scenario: ScenarioInput, nowSeconds: number): SimulateAnswer {
  const chosen = pick(candidates(model, text, settings.maxFileSize || Infinity), target, text);
  if ('path' in chosen) return { problems: [chosen] };
  const object: SimulatedObject = { kind: chosen.kind, name: chosen.name, line: chosen.line };
  if (chosen.templated) return { object, problems: [{ path: 'object', message: `${chosen.kind} ${chosen.name} is a Helm template: render it first (helm template) and simulate what it prints` }] };
  const read = readScenario(scenario, nowSeconds);
  if (read.problems.length) return { object, problems: read.problems };
  const subject = chosen.read();
  if (!subject) return { object, problems: [{ path: 'object', message: `${chosen.kind} ${chosen.name} cannot be read as the API server would (too many aliases)` }] };
  const minor = minorOf(settings.kubernetesVersion);
  if (chosen.kind === 'Job') {
    return { object, simulation: simulateJob(subject, read.job ?? { pods: [] }, minor), subject, problems: [] };
  }
  if (read.job) {
    // A Job scenario on a CronJob: what each Job it creates does.
    const spec = isObject(subject.spec) ? subject.spec : {};
    const jobTemplate = isObject(spec.jobTemplate) ? spec.jobTemplate : {};
    const job: JsonObject = { apiVersion: 'batch/v1', kind: 'Job', metadata: { ...(isObject(jobTemplate.metadata) ? jobTemplate.metadata : {}), name: chosen.name }, spec: isObject(jobTemplate.spec) ? jobTemplate.spec : {} };
    const simulation = simulateJob(job, read.job, minor);
    simulation.notes.unshift(`CronJob ${chosen.name}: this is what each Job it creates (from spec.jobTemplate) does.`);
    return { object, simulation, subject: job, problems: [] };
  }
  // Without a scenario: the CronJob created a day ago, syncing now, with no Job running.
  const scenarioOfCronJob = read.cronJob ?? { created: Math.floor(nowSeconds) - 86400, now: Math.floor(nowSeconds), activeJobs: 0 };
  const notes = read.cronJob ? [] : ['No scenario: the CronJob was created a day ago, the controller syncs it now, no Job of it is running.'];
  const { name: _name, ...times } = scenarioOfCronJob;
  void _name;
  const from = scenarioSeconds(times.lastScheduleTime ?? times.created);
  const to = scenarioSeconds(times.now);
  const unsynced = from !== undefined && to !== undefined && to > from ? { from, to } : undefined;
  return { object, simulation: { kind: 'CronJob', kubernetesVersion: `1.${minor}`, ...simulateCronJob(subject, times, minor), notes }, subject, ...(unsynced ? { unsynced } : {}), problems: [] };
}

function readScenario(scenario: ScenarioInput, nowSeconds: number): { job?: JobScenario; cronJob?: CronJobScenario; problems: ScenarioProblem[] } {
  if (scenario === undefined) return { problems: [] };
  if (typeof scenario === 'string') {
    const preset = presetScenario(scenario.startsWith('preset:') ? scenario.slice('preset:'.length) : scenario);
    return { job: preset.job, cronJob: preset.cronJob?.(nowSeconds), problems: preset.problems };
  }
  return parseScenarios(scenario);
}
