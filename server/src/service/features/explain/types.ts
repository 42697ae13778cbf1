// The explanation of one object: what a Job, CronJob, CSIDriver, JobSet or training runtime will do once created, after the API server's
// defaults, in the chosen release. One stable shape for every front door: `kubeassist explain --format json`,
// the `kubeassist/explain` LSP request (README "Explain"), the hover on `kind:` (its summary) and the Markdown
// document the VS Code client opens (its sections). Fields are only ever added.
import type { CsiConsumerStep, CsiDriverSettings } from '../../behaviour/csidriver/index';
import type { Json, KindName } from '../../types';

/** A titled group of sentences; inline code in backticks (Markdown renders it, text keeps it). */
export interface ExplainSection {
  /** Stable id: pods, retries, podFailurePolicy, failure, cleanup, indexes, schedule, missedRuns, overlap, names, history, jobTemplate, consumers, ... */
  id: string;
  title: string;
  lines: string[];
}

/** A value the API server's defaulting sets because the manifest leaves it out. */
export interface DefaultedValue {
  /** The field path from the object's root (`spec.backoffLimit`). */
  path: string;
  value: Json;
  /** The defaulting function: SetDefaults_Job, SetDefaults_CronJob, SetDefaults_CSIDriver, SetDefaults_PodFailurePolicyOnPodConditionsPattern. */
  by: string;
  /** For a CronJob's job template: set on each Job the CronJob creates, not on the CronJob. */
  onEachJob?: boolean;
}

/** A field written in the manifest that the create drops in the release: it does nothing. */
export interface DroppedValue {
  path: string;
  gate: string;
  why: 'gate-off' | 'not-in-release';
}

export interface PodFailurePolicyRuleFacts {
  index: number;
  action: string;
  /** When the rule matches, in words. */
  when: string;
  /** What its action does, in words. */
  effect: string;
}

export interface TimeToFailure {
  /** If every Pod fails as soon as it starts: when the Job is Failed (seconds after its start) and why; null when it never fails that way. */
  ifEveryPodFailsAtOnce: { seconds: number; reason: string } | null;
  /** How many rounds of Pods (with restartPolicy OnFailure: runs of the container) fail before that; each adds its run time. */
  rounds: number | null;
  /** activeDeadlineSeconds: the Job is Failed this long after its start at the latest, whatever its Pods do. */
  deadlineSeconds: number | null;
  /** The waits between rounds, in seconds. */
  waits: number[];
}

export interface JobFacts {
  completionMode: string;
  /** null: a work-queue Job (parallelism without completions). */
  completions: number | null;
  parallelism: number;
  /** Pods running at the same time at most. */
  podsAtATime: number;
  restartPolicy: string;
  backoffLimit: number;
  /** What backoffLimit counts. */
  counts: 'failed-pods' | 'failed-pods-and-container-restarts';
  backoffLimitPerIndex: number | null;
  maxFailedIndexes: number | null;
  podReplacementPolicy: string | null;
  podFailurePolicy: PodFailurePolicyRuleFacts[] | null;
  /** The success policy's rules (Indexed Jobs), or null: complete when every index (or `completions` Pods) succeeded. */
  successPolicy: { succeededIndexes?: string; succeededCount?: number }[] | null;
  /** The reasons that can end the Job as Failed, in the order the controller checks them (syncJob). */
  failureReasons: string[];
  activeDeadlineSeconds: number | null;
  ttlSecondsAfterFinished: number | null;
  suspend: boolean;
  /** Another controller than the built-in one (spec.managedBy): the built-in controller does nothing. */
  managedBy: string | null;
  timeToFailure: TimeToFailure | null;
}

export interface CronJobFacts {
  schedule: string;
  /** The zone of the times; null: the kube-controller-manager's own zone (UTC in most clusters). */
  timeZone: string | null;
  words: string;
  /** The next five runs after the time of the explanation (RFC 3339, UTC); [] for `@every` (it counts from the creation). */
  nextRuns: string[];
  concurrencyPolicy: string;
  startingDeadlineSeconds: number | null;
  suspend: boolean;
  successfulJobsHistoryLimit: number;
  failedJobsHistoryLimit: number;
  /** The name of the next run's Job (getJobName), when there is a next run and a name. */
  nextJobName: string | null;
  nameLength: number;
  /** Characters left under the 52 a CronJob name may have (the Job name adds `-` and up to 11 digits... in practice 9). */
  nameHeadroom: number;
  job: JobFacts | null;
}

export interface ReplicatedJobFacts {
  name: string;
  replicas: number;
  groupName: string;
  /** The entries whose Jobs must be Ready or Complete before this entry's Jobs are created. */
  dependsOn: { name: string; status: string }[];
  /** Each of its Jobs, as created (null: no Job template). */
  job: JobFacts | null;
}

export interface JobSetFacts {
  replicatedJobs: ReplicatedJobFacts[];
  /** All entries' replicas. */
  totalJobs: number;
  successPolicy: { operator: string; targetReplicatedJobs: string[] };
  /** numJobsExpectedToSucceed: 1 for `Any`, else the replicas of the targeted entries. */
  jobsToSucceed: number;
  /** null: the first failed Job fails the JobSet. */
  failurePolicy: {
    maxRestarts: number;
    restartStrategy: string;
    rules: { name: string; action: string; onJobFailureReasons: string[]; onJobFailureMessagePatterns: string[]; targetReplicatedJobs: string[] }[];
  } | null;
  startupPolicyOrder: string;
  dnsHostnames: boolean;
  subdomain: string | null;
  ttlSecondsAfterFinished: number | null;
  suspend: boolean;
  /** Another controller than JobSet's own. */
  managedBy: string | null;
}

export interface CsiDriverFacts {
  settings: CsiDriverSettings;
  steps: CsiConsumerStep[];
}

export interface ObjectExplanation {
  kind: KindName;
  name: string | null;
  namespace: string | null;
  /** The release explained, "1.NN". */
  kubernetesVersion: string;
  /** One or two sentences: the hover on `kind:`. */
  summary: string;
  defaults: DefaultedValue[];
  dropped: DroppedValue[];
  sections: ExplainSection[];
  job?: JobFacts;
  cronJob?: CronJobFacts;
  csiDriver?: CsiDriverFacts;
  /** A JobSet's, or the JobSet template of a training runtime (TrainingRuntime, ClusterTrainingRuntime). */
  jobSet?: JobSetFacts;
  /** What the model could not decide or read, said plainly. */
  notes: string[];
}
