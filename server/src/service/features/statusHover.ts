// Hover on the status of an observed Job or CronJob: what the field or condition under the cursor means for this
// object, with its own values (the words are the catalogue's: catalogue/job-status.ts). Shown above the field's
// general description.
import { CRONJOB_STATUS_WORDS, JOB_STATUS_WORDS } from '../catalogue/job-status';
import { applyDefaults, isObject } from '../kube/defaults';
import { describeIntervals, readIndexes } from '../rules/job/status/indexesText';
import { MAX_INT32, type Json, type JsonObject, type KindName, type PathSegment } from '../types';

const obj = (value: Json | undefined): JsonObject | undefined => (isObject(value) ? value : undefined);
const int = (value: Json | undefined): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const str = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/** The Markdown for the status field at `path` of this object, or undefined when there is nothing of its own to say. */
export function statusHoverMarkdown(kind: KindName, object: JsonObject, path: readonly PathSegment[], minor: number): string | undefined {
  if (path[0] !== 'status' || path.length < 2) return undefined;
  const status = obj(object.status);
  if (!status) return undefined;
  const lines = kind === 'Job' ? jobStatusLines(object, status, path, minor) : kind === 'CronJob' ? cronJobStatusLines(object, status, path) : undefined;
  return lines && lines.length ? `**This ${kind}:** ${lines.join(' ')}` : undefined;
}

interface JobFacts {
  spec: JsonObject;
  status: JsonObject;
  finished: string | undefined;
  conditions: JsonObject[];
}

function jobStatusLines(object: JsonObject, status: JsonObject, path: readonly PathSegment[], minor: number): string[] | undefined {
  const spec = obj(applyDefaults('Job', object, minor).spec) ?? {};
  const conditions = Array.isArray(status.conditions) ? status.conditions.filter(isObject) : [];
  const finishedBy = conditions.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
  const facts: JobFacts = { spec, status, conditions, finished: finishedBy ? (finishedBy.type === 'Complete' ? 'completed' : 'failed') : undefined };
  const field = path[1];
  if (field === 'conditions' && typeof path[2] === 'number') {
    const all = Array.isArray(status.conditions) ? status.conditions : [];
    const condition = obj(all[path[2]]);
    if (!condition) return undefined;
    if (path[3] === 'reason') return reasonLines(facts, condition);
    if (path[3] === 'type' || path[3] === 'status' || path.length === 3) return conditionLines(facts, condition);
    return undefined;
  }
  if (path.length !== 2 && field !== 'uncountedTerminatedPods') return undefined;
  switch (field) {
    case 'active': {
      const active = int(status.active) ?? 0;
      return [facts.finished && active > 0 ? JOB_STATUS_WORDS.activeFinished(active, facts.finished) : JOB_STATUS_WORDS.active(active, int(spec.parallelism))];
    }
    case 'ready':
      return [JOB_STATUS_WORDS.ready(int(status.ready) ?? 0, int(status.active) ?? 0)];
    case 'terminating':
      return [JOB_STATUS_WORDS.terminating(int(status.terminating) ?? 0, spec.podReplacementPolicy === 'Failed')];
    case 'succeeded': {
      const succeeded = int(status.succeeded) ?? 0;
      const completions = int(spec.completions);
      return [completions === undefined ? JOB_STATUS_WORDS.succeededQueue(succeeded) : JOB_STATUS_WORDS.succeededOf(succeeded, completions)];
    }
    case 'failed':
      return failedLines(facts);
    case 'startTime':
      return startTimeLines(facts);
    case 'completionTime':
      return completionTimeLines(facts);
    case 'completedIndexes':
    case 'failedIndexes':
      return indexesLines(facts, field);
    case 'uncountedTerminatedPods': {
      const uncounted = obj(status.uncountedTerminatedPods) ?? {};
      const count = (list: Json | undefined) => (Array.isArray(list) ? list.length : 0);
      return [JOB_STATUS_WORDS.uncounted(count(uncounted.succeeded), count(uncounted.failed))];
    }
    default:
      return undefined;
  }
}

function failedLines({ spec, status }: JobFacts): string[] {
  const failed = int(status.failed) ?? 0;
  const limit = int(spec.backoffLimit);
  const perIndex = int(spec.backoffLimitPerIndex);
  const lines: string[] = [];
  if (perIndex !== undefined) lines.push(JOB_STATUS_WORDS.failedPerIndex(perIndex));
  if (limit !== undefined && !(perIndex !== undefined && limit === MAX_INT32)) lines.push(JOB_STATUS_WORDS.failedOfLimit(failed, limit));
  const restart = str(obj(obj(spec.template)?.spec)?.restartPolicy);
  if (restart === 'OnFailure') lines.push(JOB_STATUS_WORDS.failedOnFailure);
  return lines;
}

function startTimeLines({ spec, status, conditions }: JobFacts): string[] | undefined {
  const start = millis(status.startTime);
  if (start === undefined) return undefined;
  if (conditions.some((c) => c.type === 'Suspended' && c.status === 'True')) return [JOB_STATUS_WORDS.startTimeSuspended];
  const seconds = int(spec.activeDeadlineSeconds);
  const lines = [JOB_STATUS_WORDS.startTime(seconds !== undefined ? iso(start + seconds * 1000) : undefined, seconds)];
  const end = millis(status.completionTime);
  if (end !== undefined && end >= start) lines.push(JOB_STATUS_WORDS.ranFor(duration(end - start)));
  return lines;
}

function completionTimeLines(facts: JobFacts): string[] | undefined {
  const start = millis(facts.status.startTime);
  const end = millis(facts.status.completionTime);
  if (end === undefined) return undefined;
  if (facts.finished !== 'completed') return [JOB_STATUS_WORDS.completionWithoutComplete];
  return start !== undefined && end >= start ? [JOB_STATUS_WORDS.ranFor(duration(end - start))] : undefined;
}

function indexesLines({ spec, status }: JobFacts, field: 'completedIndexes' | 'failedIndexes'): string[] | undefined {
  const text = str(status[field]);
  const completions = int(spec.completions);
  if (text === undefined || completions === undefined) return undefined;
  const reading = readIndexes(text, completions);
  if (!reading.ok) return undefined;
  const described = describeIntervals(reading.intervals);
  return field === 'completedIndexes'
    ? [JOB_STATUS_WORDS.completedIndexes(described, reading.total, completions)]
    : [JOB_STATUS_WORDS.failedIndexes(described, reading.total, int(spec.maxFailedIndexes))];
}

function conditionLines(facts: JobFacts, condition: JsonObject): string[] | undefined {
  const type = str(condition.type);
  const at = str(condition.lastTransitionTime) ? ` at ${str(condition.lastTransitionTime)}` : '';
  if (!type) return undefined;
  if (condition.status === 'False') return type === 'Suspended' ? [JOB_STATUS_WORDS.suspendedFalse(at)] : undefined;
  if (condition.status !== 'True') return undefined;
  const say = JOB_STATUS_WORDS.conditionTrue[type];
  if (!say) return undefined;
  const follows = type === 'FailureTarget' ? 'Failed' : type === 'SuccessCriteriaMet' ? 'Complete' : undefined;
  const done = follows !== undefined && facts.conditions.some((c) => c.type === follows && c.status === 'True');
  const lines = [say(at, done)];
  const reason = str(condition.reason);
  if (reason) lines.push(...(reasonLines(facts, condition) ?? []));
  return lines;
}

function reasonLines({ spec, status }: JobFacts, condition: JsonObject): string[] | undefined {
  const reason = str(condition.reason);
  // A FailJob rule may name itself in the reason (`PodFailurePolicy_<rule name>`).
  const say = reason ? JOB_STATUS_WORDS.reason[reason.startsWith('PodFailurePolicy_') ? 'PodFailurePolicy' : reason] : undefined;
  if (!reason || !say) return undefined;
  const policy = obj(spec.podFailurePolicy);
  const success = obj(spec.successPolicy);
  const text = say({
    failed: int(status.failed),
    limit: int(spec.backoffLimit),
    seconds: int(spec.activeDeadlineSeconds),
    start: str(status.startTime),
    rules: Array.isArray(policy?.rules) ? policy.rules.length : Array.isArray(success?.rules) ? success.rules.length : undefined,
    failedIndexes: str(status.failedIndexes),
    max: int(spec.maxFailedIndexes),
    succeeded: int(status.succeeded),
    completions: int(spec.completions),
  });
  return [`Reason \`${reason}\`: ${text}`];
}

function cronJobStatusLines(object: JsonObject, status: JsonObject, path: readonly PathSegment[]): string[] | undefined {
  const field = path[1];
  const spec = obj(object.spec) ?? {};
  if (field === 'active' && path.length === 2) {
    const names = (Array.isArray(status.active) ? status.active : []).flatMap((ref) => str(obj(ref)?.name) ?? []);
    return [CRONJOB_STATUS_WORDS.active(names, str(spec.concurrencyPolicy) ?? 'Allow')];
  }
  if (path.length !== 2) return undefined;
  const at = str(status[String(field)]);
  if (!at) return undefined;
  if (field === 'lastScheduleTime') return [CRONJOB_STATUS_WORDS.lastScheduleTime(at)];
  if (field === 'lastSuccessfulTime') return [CRONJOB_STATUS_WORDS.lastSuccessfulTime(at)];
  return undefined;
}

function millis(value: Json | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** `1h 2m 5s`, `45s`. */
function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  const parts: string[] = [];
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days) parts.push(`${days}d`);
  if (hours) parts.push(`${hours}h`);
  if (minutes) parts.push(`${minutes}m`);
  if (seconds || parts.length === 0) parts.push(`${seconds}s`);
  return parts.join(' ');
}
