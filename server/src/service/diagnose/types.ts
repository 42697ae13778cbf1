// What `kubeassist diagnose` says of a Job or CronJob that exists: one stable shape for every front door
// (`kubeassist diagnose --format json`, the `kubeassist/diagnose` LSP request, the MCP tool `diagnose`, the
// VS Code language-model tool, the Diagnose view). Public interface (README "Diagnose"): fields are only ever
// added, never renamed or removed. Times are RFC 3339 strings in UTC (`2026-12-01T10:02:11Z`).

/** The state of a Job (the spec's section 3) or of a CronJob. */
export type JobState = 'not-started' | 'suspended' | 'running' | 'finishing' | 'complete' | 'failed';
export type CronJobState = 'scheduling' | 'suspended';

/** The counters of JobStatus as observed: null where the status leaves them out. */
export interface DiagnoseCounters {
  active: number | null;
  ready: number | null;
  terminating: number | null;
  succeeded: number | null;
  failed: number | null;
  completedIndexes: string | null;
  failedIndexes: string | null;
}

/** The condition that ended the Job (or will: FailureTarget, SuccessCriteriaMet). */
export interface DiagnoseEnd {
  condition: string;
  reason: string | null;
  message: string | null;
  at: string | null;
}

/** The failures counted against `backoffLimit` (or `backoffLimitPerIndex`, per index) as the controller counts them. */
export interface DiagnoseBudget {
  limit: number;
  counted: number;
  left: number;
  /** With backoffLimitPerIndex: each index's failures counted (only indexes with failures). */
  perIndex?: { index: number; counted: number; left: number }[];
}

/** The Pod, container and rule that decided the end (or the failures), as far as the evidence shows. */
export interface DiagnoseCause {
  pod: string | null;
  index: number | null;
  container: string | null;
  exitCode: number | null;
  /** The container's or the Pod's reason: `OOMKilled`, `Error`, `Evicted`, `DeadlineExceeded`, `DisruptionTarget` ... */
  reason: string | null;
  /** The podFailurePolicy rule that matched the Pod (`spec.podFailurePolicy.rules[1]`), or null. */
  rule: string | null;
  /** That rule's action (FailJob, FailIndex, Ignore, Count), or null. */
  action: string | null;
  /** The signal that ended the container (its `signal`, or exit code 128 + N), or null. */
  signal?: number | null;
  /** The container's termination message or the Pod's status message, or null. */
  message?: string | null;
}

/** What holds the Job back or keeps it from finishing. */
export interface DiagnoseBlocker {
  /** Stable id: image-pull, config-error, unschedulable, failed-create, sidecar-running, finalizer, uncounted-pods, suspended, quota, service-account, webhook, pending, managed-elsewhere ... */
  type: string;
  message: string;
  pod: string | null;
}

/** What happens next, in wall-clock time. */
export interface DiagnoseNext {
  at: string;
  /** In words: `the next Pod is created (back-off 40s after 3 failures)`, `activeDeadlineSeconds fires`, `the TTL deletes the Job, its Pods and their logs` ... */
  event: string;
}

/** A status a controller would not write or the API server would refuse on a status update. */
export interface DiagnoseInconsistency {
  message: string;
  /** The field path (`status.completionTime`). */
  path: string;
}

/** One Pod as observed, for the timeline (diagnose's picture): times are RFC 3339 or null. */
export interface DiagnosePod {
  name: string;
  index: number | null;
  phase: string;
  created: string | null;
  started: string | null;
  finished: string | null;
  /** succeeded, failed (counted), ignored (an Ignore rule), failed-index, deleted, running, pending. */
  outcome: string;
  container: string | null;
  exitCode: number | null;
  /** exit code 128 + N: signal N (or the container's own `signal`). */
  signal?: number | null;
  reason: string | null;
  rule: string | null;
  /** The matched rule's action, or null. */
  action?: string | null;
}

/** One object's diagnosis. */
export interface ObjectDiagnosis {
  kind: 'Job' | 'CronJob';
  name: string;
  namespace: string;
  state: JobState | CronJobState;
  /** Since when the object is in that state (RFC 3339), or null when the evidence does not say. */
  since: string | null;
  /** The verdict in one sentence, first thing a person reads. */
  verdict: string;
  end: DiagnoseEnd | null;
  counters: DiagnoseCounters;
  budget: DiagnoseBudget | null;
  cause: DiagnoseCause | null;
  blockers: DiagnoseBlocker[];
  next: DiagnoseNext[];
  inconsistencies: DiagnoseInconsistency[];
  /** What the evidence does not show and the command that shows it. */
  unknowns: string[];
  /** What to change in the manifest, naming the field. */
  advice: string[];
  /** The Pods matched to this Job (by owner UID, else by the job-name label). */
  pods: DiagnosePod[];
  /** Findings on the object, as `kubeassist check --format json` lists them. */
  findings: unknown[];
  /** CronJob only. */
  lastScheduleTime?: string | null;
  lastSuccessfulTime?: string | null;
  nextRuns?: string[];
  missed?: { count: number; latest: string | null; why: string } | null;
  active?: { name: string; namespace: string; uid: string | null }[];
}

/** The whole answer: `{objects: [...]}` plus sentences about input that could not be read. */
export interface DiagnoseReport {
  objects: ObjectDiagnosis[];
  /** Input that could not be read or matched (a Pod list of another Job, events of nothing, bad timestamps): clear sentences. */
  notes: string[];
}
