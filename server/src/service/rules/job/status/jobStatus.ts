// A Job's status as the status rules read it (the helpers of pkg/apis/batch/validation: IsJobFinished,
// IsJobComplete, IsJobFailed, IsConditionTrue), and what the object's spec says about it after defaulting.
// Every reader returns undefined for a wrong type: the schema check reports those, the rules skip them.
import { isObservedObject } from '../../../kube/observed';
import type { FieldPath, JsonObject, RuleContext } from '../../../types';
import { asArray, asInteger, asObject, asString, objectEntries } from '../../shared';

/** The built-in Job controller's name in `spec.managedBy` (kubernetes.io/job-controller); absent means the same. */
export const BUILT_IN_CONTROLLER = 'kubernetes.io/job-controller';

export interface ConditionEntry {
  type: string;
  status: string | undefined;
  reason: string | undefined;
  index: number;
}

/** A Job's status and the spec fields the status rules read, with the paths to report at. */
export interface JobStatusView {
  status: JsonObject;
  spec: JsonObject;
  /** The spec after the server's defaulting (completions and parallelism 1 when both are absent, ...). */
  defaultedSpec: JsonObject;
  conditions: ConditionEntry[];
  minor: number;
  /** `metadata.name`. */
  name: string | undefined;
  /** `spec.managedBy` names another controller than the built-in one. */
  external: string | undefined;
  at(...segments: (string | number)[]): FieldPath;
}

/** The status of a Job the rules read; undefined when the object has no non-empty `status` mapping. */
export function jobStatusView(context: RuleContext): JobStatusView | undefined {
  if (context.kind !== 'Job' || !isObservedObject(context.object)) return undefined;
  const status = asObject(context.object.status);
  if (!status || Object.keys(status).length === 0) return undefined;
  const spec = asObject(context.object.spec) ?? {};
  const managedBy = asString(spec.managedBy);
  return {
    status,
    spec,
    defaultedSpec: asObject(context.defaulted.spec) ?? {},
    conditions: objectEntries(status.conditions).flatMap(([entry, index]) => {
      const type = asString(entry.type);
      return type === undefined ? [] : [{ type, status: asString(entry.status), reason: asString(entry.reason), index }];
    }),
    minor: context.minor,
    name: asString(asObject(context.object.metadata)?.name),
    external: managedBy !== undefined && managedBy !== BUILT_IN_CONTROLLER ? managedBy : undefined,
    at: (...segments) => ['status', ...segments],
  };
}

/** IsConditionTrue: a condition of this type with status True. */
export function trueCondition(view: JobStatusView, type: string): ConditionEntry | undefined {
  return view.conditions.find((condition) => condition.type === type && condition.status === 'True');
}

/** IsJobFinished: Complete=True or Failed=True (the first of them, for a path to report at). */
export function finishedCondition(view: JobStatusView): ConditionEntry | undefined {
  return view.conditions.find((condition) => (condition.type === 'Complete' || condition.type === 'Failed') && condition.status === 'True');
}

/** A counter of the status (`active`, `succeeded`, `failed`: 0 when absent, as Go's int32; `ready`, `terminating`: pointers). */
export function counter(view: JobStatusView, field: 'active' | 'succeeded' | 'failed' | 'ready' | 'terminating'): number | undefined {
  const value = view.status[field];
  if (value === undefined) return field === 'ready' || field === 'terminating' ? undefined : 0;
  return asInteger(value);
}

/** The UIDs of `uncountedTerminatedPods.succeeded` / `.failed` (string entries; others are the schema's). */
export function uncounted(view: JobStatusView, list: 'succeeded' | 'failed'): (string | undefined)[] {
  const entries = asArray(asObject(view.status.uncountedTerminatedPods)?.[list]) ?? [];
  return entries.map((entry) => asString(entry));
}

export function isIndexedJob(view: JobStatusView): boolean {
  return view.defaultedSpec.completionMode === 'Indexed';
}

/** `spec.completions` after defaulting (absent for a work-queue Job, with parallelism and no completions). */
export function completionsOf(view: JobStatusView): number | undefined {
  return asInteger(view.defaultedSpec.completions);
}

/** A timestamp of the status as milliseconds since the epoch; undefined when absent or not RFC 3339. */
export function statusTime(view: JobStatusView, field: 'startTime' | 'completionTime'): number | undefined {
  const text = asString(view.status[field]);
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const millis = Date.parse(text);
  return Number.isNaN(millis) ? undefined : millis;
}

/** A metav1.Time as Go's time.Time.String() prints it in field errors: `2024-05-01 10:00:00 +0000 UTC`. */
export function goTime(millis: number): string {
  const iso = new Date(millis).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} +0000 UTC`;
}
