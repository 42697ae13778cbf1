// One Job's diagnosis: its status read as the Job controller wrote it, its Pods judged with the controller's own
// rules (behaviour/job), then the state, the end, the budget, the cause, the blockers, what comes next, advice and
// what is not known; the verdict first.
import { jobControllerRelease, storedJob, type JobSpecView } from '../behaviour/job';
import type { JsonObject } from '../types';
import type { ObjectDiagnosis } from './types';
import { adviceOf, unknownsOf } from './advice';
import { blockersOf } from './blockers';
import { budgetOf } from './budget';
import { causeOf } from './cause';
import { nextOf } from './next';
import type { EventInput, Meta } from './objects';
import { judgePod, podEntry } from './outcome';
import { observePod } from './pods';
import { obj, rfc3339, str, type Notes } from './read';
import { endOf, jobState, readJobStatus, trueJobCondition } from './status';
import { verdictOf } from './verdict';

export interface JobEvidence {
  pods: readonly Meta[];
  events: readonly EventInput[];
  /** Events of this Job's Pods, by Pod UID (or name when it has none). */
  podEvents: ReadonlyMap<string, readonly EventInput[]>;
  /** Whether any Pod / any event was given at all (for what is unknown). */
  podsGiven: boolean;
  eventsGiven: boolean;
}

export interface DiagnoseContext {
  /** Epoch seconds. */
  now: number;
  minor: number;
  notes: Notes;
}

function specView(raw: JsonObject, minor: number, notes: Notes, owner: string): JobSpecView | undefined {
  try {
    return storedJob(raw, minor).view;
  } catch {
    notes.add(`${owner}: its spec could not be read.`);
    return undefined;
  }
}

export function diagnoseJob(job: Meta, evidence: JobEvidence, context: DiagnoseContext): ObjectDiagnosis {
  const owner = `Job ${job.namespace}/${job.name}`;
  const { notes, now } = context;
  const release = jobControllerRelease(context.minor);
  const spec = specView(job.raw as JsonObject, context.minor, notes, owner) ?? (storedJob({ metadata: { name: job.name } }, context.minor).view);
  const status = readJobStatus(job.raw, owner, notes);
  let { state, since, end } = jobState(status, obj(job.raw.spec).suspend === true, {
    events: evidence.events, podsSeen: evidence.pods.length > 0, timeOf: (event) => notes.time(event.time, owner, 'event time'),
  });
  const judged = evidence.pods.map((meta) => judgePod(observePod(meta, notes), spec, release));
  // A Job known only from its Pods: every Pod given succeeded, none runs.
  if (job.synthetic && state === 'running' && judged.length && judged.every((j) => j.outcome === 'succeeded')) {
    state = 'complete';
    since = judged.reduce<number | undefined>((latest, j) => (j.finished !== undefined && (latest === undefined || j.finished > latest) ? j.finished : latest), undefined);
  }
  // A Job known only from its status, Pods or events: its limits are not known (no default is assumed).
  const specKnown = Object.keys(obj(job.raw.spec)).length > 0;
  const budget = specKnown ? budgetOf(spec, release, status, judged, evidence.podsGiven) : { budget: null, restarts: 0, perIndex: false };
  const template = obj(obj(obj(job.raw.spec).template).spec);
  const containers = Array.isArray(template.containers) ? template.containers : [];
  const only = containers.length === 1 && !(Array.isArray(template.initContainers) && template.initContainers.length) ? str(obj(containers[0]).name) : undefined;
  const cause = state === 'complete' ? null : causeOf(end, judged, status.counters.failedIndexes, {
    container: only, index: spec.completionMode === 'Indexed' && spec.completions === 1 ? 0 : undefined, failed: (status.counters.failed ?? 0) > 0,
  });
  const finished = state === 'complete' || state === 'failed';
  const blockers = blockersOf({
    finished, judged, jobEvents: evidence.events, podEvents: evidence.podEvents, status, now,
    suspend: obj(job.raw.spec).suspend === true, managedBy: spec.managedBy, restartPolicy: spec.restartPolicy,
  });
  const terminal = trueJobCondition(status, 'Complete') ?? trueJobCondition(status, 'Failed');
  const next = !specKnown ? [] : nextOf({ state, spec, release, status, judged, finishedAt: terminal?.at, now });
  const adviceInput = {
    name: job.name, namespace: job.namespace, raw: job.raw, state, end, spec, status, cause: cause?.cause ?? null, budget, blockers, judged,
    podsGiven: evidence.podsGiven, eventsGiven: evidence.eventsGiven, specPath: 'spec', specKnown,
  };
  const terminating = judged.filter((j) => j.pod.deleted !== undefined && j.pod.phase !== 'Succeeded' && j.pod.phase !== 'Failed').length;
  const diagnosis: ObjectDiagnosis = {
    kind: 'Job',
    name: job.name,
    namespace: job.namespace,
    state,
    since: since === undefined ? null : rfc3339(since),
    verdict: verdictOf({
      name: job.name, state, since, end, counters: status.counters, budget: budget.budget, cause: cause?.cause ?? null, blockers,
      activeDeadlineSeconds: spec.activeDeadlineSeconds, terminating: Math.max(terminating, status.counters.terminating ?? 0),
    }),
    end: endOf(end),
    counters: status.counters,
    budget: budget.budget,
    cause: cause?.cause ?? null,
    blockers,
    next,
    inconsistencies: [],
    unknowns: unknownsOf(adviceInput),
    advice: adviceOf(adviceInput),
    pods: judged.map(podEntry),
    findings: [],
  };
  return diagnosis;
}
