// The scenario files of `kubeassist simulate` and `kubeassist/simulate` (part of the public interface, see README):
// what happens to a Job's Pods, or where a CronJob stands. Validated here, one problem per bad entry, with its path.
import type { Json, JsonObject } from '../types';

/** What one Pod does. Times in seconds. */
export interface PodOutcome {
  /** The container's exit code (0: the Pod succeeds). Absent with conditions only: the Pod fails without one. */
  exitCode?: number;
  /** Which container gets exitCode (default: the first container). */
  container?: string;
  /** How long the Pod runs before it finishes (default 0). */
  runFor?: number;
  /** Indexed Jobs: the next Pod of this index gets this outcome. */
  index?: number;
  /** Pod conditions the Pod ends with, e.g. DisruptionTarget. */
  conditions?: { type: string; status: string }[];
  /** A whole PodStatus as the API returns it; overrides exitCode, container and conditions. */
  status?: JsonObject;
  /** With index: every Pod of that index gets this outcome, not only the next one. */
  always?: boolean;
  /**
   * The Pod is deleted from outside (eviction, preemption, a drained node) after runFor and takes this long to stop;
   * it then fails (exit code 143 unless exitCode says otherwise; conditions are set at the deletion).
   */
  terminating?: number;
}

export type PodThen = 'succeed' | 'fail' | 'run';

export interface JobScenario {
  /** Outcomes handed to Pods in the order they are created (an entry with index: to the next Pod of that index). */
  pods: PodOutcome[];
  /** What every later Pod does (default succeed); an outcome like a pods entry is allowed too. */
  then?: PodThen | PodOutcome;
  /** Changes made to the Job while it runs (kubectl patch): suspend or resume at a time. */
  updates?: { at: number; suspend: boolean }[];
  /** The preset this scenario came from, for titles. */
  name?: string;
}

/** Where a CronJob stands. Times are Unix seconds (the file writes RFC 3339). */
export interface CronJobScenario {
  created: number;
  lastScheduleTime?: number;
  now: number;
  /** Jobs still running from earlier runs. */
  activeJobs: number;
  name?: string;
}

export interface ScenarioProblem {
  /** Where in the scenario: `pods[2].runFor`, `then`, `(document 2)`. */
  path: string;
  message: string;
}

export interface ParsedScenarios {
  job?: JobScenario;
  cronJob?: CronJobScenario;
  problems: ScenarioProblem[];
}

const JOB_KEYS = ['pods', 'then', 'updates'];
const CRONJOB_KEYS = ['created', 'lastScheduleTime', 'now', 'activeJobs'];
const POD_KEYS = ['exitCode', 'container', 'runFor', 'index', 'conditions', 'status', 'always', 'terminating'];
const THEN_WORDS: readonly PodThen[] = ['succeed', 'fail', 'run'];
const PHASES = ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'];
const CONDITION_STATUSES = ['True', 'False', 'Unknown'];

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: Json | undefined): string {
  return JSON.stringify(value) ?? 'nothing';
}

const UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, 'µs': 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** A duration as Go's time.ParseDuration reads it (`31s`, `1h30m`, `500ms`), or a number of seconds. */
export function parseDuration(value: Json | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '0') return 0;
  if (!/^(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)((\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))*$/.test(text)) return undefined;
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) seconds += Number(amount) * UNITS[unit];
  return seconds;
}

/** An RFC 3339 time (`2026-01-01T00:00:00Z`) as Unix seconds. */
export function parseTime(value: Json | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value.trim())) return undefined;
  const millis = Date.parse(value.trim());
  return Number.isNaN(millis) ? undefined : millis / 1000;
}

function isInt(value: Json | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * The scenarios of a file: its YAML documents as JSON, each either a Job scenario (pods, then, updates) or a CronJob
 * scenario (created, lastScheduleTime, now, activeJobs).
 */
export function parseScenarios(documents: readonly Json[]): ParsedScenarios {
  const result: ParsedScenarios = { problems: [] };
  const where = (index: number, path: string) => (documents.length > 1 ? `(document ${index + 1}) ${path}` : path);
  documents.forEach((document, index) => {
    const problems: ScenarioProblem[] = [];
    const at = (path: string, message: string) => problems.push({ path: where(index, path), message });
    if (!isObject(document)) {
      at('(top)', `a scenario is a mapping (pods, then: for a Job; created, now, activeJobs: for a CronJob), not ${show(document)}`);
    } else {
      const keys = Object.keys(document);
      const cron = keys.some((key) => CRONJOB_KEYS.includes(key));
      const job = keys.some((key) => JOB_KEYS.includes(key));
      if (cron && job) {
        at('(top)', `a document is either a Job scenario (${JOB_KEYS.join(', ')}) or a CronJob scenario (${CRONJOB_KEYS.join(', ')}); put each in its own YAML document, separated by ---`);
      } else if (cron) {
        const scenario = parseCronJobScenario(document, at);
        if (result.cronJob) at('(top)', 'a second CronJob scenario; a file holds at most one of each kind');
        else if (scenario) result.cronJob = scenario;
      } else {
        const scenario = parseJobScenario(document, at);
        if (result.job) at('(top)', 'a second Job scenario; a file holds at most one of each kind');
        else if (scenario) result.job = scenario;
      }
    }
    result.problems.push(...problems);
  });
  return result;
}

type At = (path: string, message: string) => void;

export function parseJobScenario(document: JsonObject, at: At): JobScenario | undefined {
  let ok = true;
  const bad: At = (path, message) => {
    ok = false;
    at(path, message);
  };
  for (const key of Object.keys(document)) {
    if (!JOB_KEYS.includes(key)) bad(key, `unknown key; a Job scenario has ${JOB_KEYS.join(', ')}`);
  }
  const pods: PodOutcome[] = [];
  if (document.pods !== undefined) {
    if (!Array.isArray(document.pods)) bad('pods', `a list of Pod outcomes, not ${show(document.pods)}`);
    else document.pods.forEach((entry, i) => {
      const outcome = parsePodOutcome(entry, `pods[${i}]`, bad, true);
      if (outcome) pods.push(outcome);
    });
  }
  let then: PodThen | PodOutcome | undefined;
  if (document.then !== undefined) {
    if (typeof document.then === 'string') {
      if ((THEN_WORDS as readonly string[]).includes(document.then)) then = document.then as PodThen;
      else bad('then', `"${document.then}" is not one of succeed, fail, run`);
    } else if (isObject(document.then)) {
      then = parsePodOutcome(document.then, 'then', bad, false);
    } else {
      bad('then', `succeed, fail, run or a Pod outcome, not ${show(document.then)}`);
    }
  }
  const updates: { at: number; suspend: boolean }[] = [];
  if (document.updates !== undefined) {
    if (!Array.isArray(document.updates)) bad('updates', `a list of {at, suspend}, not ${show(document.updates)}`);
    else document.updates.forEach((entry, i) => {
      const path = `updates[${i}]`;
      if (!isObject(entry)) return bad(path, `a mapping {at: 60s, suspend: true}, not ${show(entry)}`);
      for (const key of Object.keys(entry)) if (key !== 'at' && key !== 'suspend') bad(`${path}.${key}`, 'unknown key; an update has at and suspend');
      const time = parseDuration(entry.at);
      if (time === undefined) bad(`${path}.at`, `${show(entry.at)} is not a duration from the Job's start (write 60s, 2m, 1h30m)`);
      if (typeof entry.suspend !== 'boolean') bad(`${path}.suspend`, `true or false, not ${show(entry.suspend)}`);
      if (time !== undefined && typeof entry.suspend === 'boolean') updates.push({ at: time, suspend: entry.suspend });
    });
  }
  if (!ok) return undefined;
  return { pods, ...(then !== undefined ? { then } : {}), ...(updates.length ? { updates: updates.sort((a, b) => a.at - b.at) } : {}) };
}

function parsePodOutcome(entry: Json, path: string, bad: At, inList: boolean): PodOutcome | undefined {
  if (!isObject(entry)) {
    bad(path, `a Pod outcome ({exitCode: 1, runFor: 30s}), not ${show(entry)}`);
    return undefined;
  }
  let ok = true;
  const fail: At = (p, m) => {
    ok = false;
    bad(p, m);
  };
  const outcome: PodOutcome = {};
  for (const key of Object.keys(entry)) {
    if (!POD_KEYS.includes(key)) fail(`${path}.${key}`, `unknown key; a Pod outcome has ${POD_KEYS.join(', ')}`);
    else if (!inList && (key === 'index' || key === 'always')) fail(`${path}.${key}`, `${key} belongs to an entry of pods, not to then`);
  }
  if (entry.exitCode !== undefined) {
    if (isInt(entry.exitCode) && entry.exitCode >= -2147483648 && entry.exitCode <= 2147483647) outcome.exitCode = entry.exitCode;
    else fail(`${path}.exitCode`, `an integer exit code, not ${show(entry.exitCode)}`);
  }
  if (entry.container !== undefined) {
    if (typeof entry.container === 'string' && entry.container !== '') outcome.container = entry.container;
    else fail(`${path}.container`, `a container name, not ${show(entry.container)}`);
  }
  if (entry.runFor !== undefined) {
    const runFor = parseDuration(entry.runFor);
    if (runFor === undefined) fail(`${path}.runFor`, `${show(entry.runFor)} is not a duration (write 31s, 2m, 1h30m)`);
    else outcome.runFor = runFor;
  }
  if (entry.terminating !== undefined) {
    const terminating = parseDuration(entry.terminating);
    if (terminating === undefined) fail(`${path}.terminating`, `${show(entry.terminating)} is not a duration (how long the deleted Pod takes to stop: 30s, 2m)`);
    else if (entry.status !== undefined) fail(`${path}.terminating`, 'a Pod deleted from outside ends as terminating says; leave out status');
    else outcome.terminating = terminating;
  }
  if (entry.index !== undefined) {
    if (isInt(entry.index) && entry.index >= 0) outcome.index = entry.index;
    else fail(`${path}.index`, `a completion index (0 or more), not ${show(entry.index)}`);
  }
  if (entry.always !== undefined) {
    if (typeof entry.always !== 'boolean') fail(`${path}.always`, `true or false, not ${show(entry.always)}`);
    else if (entry.index === undefined) fail(`${path}.always`, 'always goes with index: every Pod of that index gets the outcome');
    else outcome.always = entry.always;
  }
  if (entry.conditions !== undefined) {
    if (!Array.isArray(entry.conditions)) {
      fail(`${path}.conditions`, `a list of Pod conditions ({type: DisruptionTarget, status: "True"}), not ${show(entry.conditions)}`);
    } else {
      const conditions: { type: string; status: string }[] = [];
      entry.conditions.forEach((condition, i) => {
        const where = `${path}.conditions[${i}]`;
        if (!isObject(condition)) return fail(where, `a Pod condition {type, status}, not ${show(condition)}`);
        if (typeof condition.type !== 'string' || condition.type === '') return fail(`${where}.type`, `a condition type such as DisruptionTarget, not ${show(condition.type)}`);
        const status = condition.status ?? 'True';
        if (typeof status !== 'string' || !CONDITION_STATUSES.includes(status)) return fail(`${where}.status`, `"True", "False" or "Unknown" (quoted: YAML reads a bare True as a boolean), not ${show(condition.status)}`);
        for (const key of Object.keys(condition)) if (key !== 'type' && key !== 'status') fail(`${where}.${key}`, 'unknown key; a condition has type and status');
        conditions.push({ type: condition.type, status });
      });
      outcome.conditions = conditions;
    }
  }
  if (entry.status !== undefined) {
    if (!isObject(entry.status)) fail(`${path}.status`, `a PodStatus mapping ({phase: Failed, containerStatuses: [...]}), not ${show(entry.status)}`);
    else if (typeof entry.status.phase !== 'string' || !PHASES.includes(entry.status.phase)) fail(`${path}.status.phase`, `one of ${PHASES.join(', ')}, not ${show(entry.status.phase)}`);
    else {
      checkPodStatus(entry.status, `${path}.status`, fail);
      outcome.status = entry.status;
    }
  }
  return ok ? outcome : undefined;
}

/** The parts of a PodStatus the controller reads: container statuses (name, restartCount, state.terminated.exitCode) and conditions. */
function checkPodStatus(status: JsonObject, path: string, fail: At): void {
  for (const list of ['containerStatuses', 'initContainerStatuses']) {
    const statuses = status[list];
    if (statuses === undefined) continue;
    if (!Array.isArray(statuses)) {
      fail(`${path}.${list}`, `a list of container statuses, not ${show(statuses)}`);
      continue;
    }
    statuses.forEach((container, i) => {
      const where = `${path}.${list}[${i}]`;
      if (!isObject(container)) return fail(where, `a container status {name, state, restartCount}, not ${show(container)}`);
      if (typeof container.name !== 'string') fail(`${where}.name`, `a container name, not ${show(container.name)}`);
      if (container.restartCount !== undefined && !(isInt(container.restartCount) && container.restartCount >= 0)) fail(`${where}.restartCount`, `a count (0 or more), not ${show(container.restartCount)}`);
      const terminated = isObject(container.state) ? container.state.terminated : undefined;
      if (terminated !== undefined && !(isObject(terminated) && isInt(terminated.exitCode))) fail(`${where}.state.terminated.exitCode`, `an integer exit code, not ${show(isObject(terminated) ? terminated.exitCode : terminated)}`);
    });
  }
  if (status.conditions !== undefined) {
    if (!Array.isArray(status.conditions)) return fail(`${path}.conditions`, `a list of Pod conditions, not ${show(status.conditions)}`);
    status.conditions.forEach((condition, i) => {
      if (!isObject(condition) || typeof condition.type !== 'string' || typeof condition.status !== 'string') fail(`${path}.conditions[${i}]`, `a Pod condition {type, status: "True"}, not ${show(condition)}`);
    });
  }
}

export function parseCronJobScenario(document: JsonObject, at: At): CronJobScenario | undefined {
  let ok = true;
  const bad: At = (path, message) => {
    ok = false;
    at(path, message);
  };
  for (const key of Object.keys(document)) if (!CRONJOB_KEYS.includes(key)) bad(key, `unknown key; a CronJob scenario has ${CRONJOB_KEYS.join(', ')}`);
  const time = (key: string, required: boolean): number | undefined => {
    const value = document[key];
    if (value === undefined) {
      if (required) bad(key, 'required: an RFC 3339 time such as 2026-01-03T12:00:00Z');
      return undefined;
    }
    const parsed = parseTime(value);
    if (parsed === undefined) bad(key, `${show(value)} is not an RFC 3339 time (write 2026-01-03T12:00:00Z; quote it if your YAML reads it as a date)`);
    return parsed;
  };
  const created = time('created', true);
  const now = time('now', true);
  const lastScheduleTime = time('lastScheduleTime', false);
  let activeJobs = 0;
  if (document.activeJobs !== undefined) {
    if (isInt(document.activeJobs) && document.activeJobs >= 0) activeJobs = document.activeJobs;
    else bad('activeJobs', `a count of Jobs still running (0 or more), not ${show(document.activeJobs)}`);
  }
  if (created !== undefined && now !== undefined && now < created) bad('now', 'is before created');
  if (lastScheduleTime !== undefined && now !== undefined && lastScheduleTime > now) bad('lastScheduleTime', 'is after now');
  if (!ok || created === undefined || now === undefined) return undefined;
  return { created, now, activeJobs, ...(lastScheduleTime !== undefined ? { lastScheduleTime } : {}) };
}
