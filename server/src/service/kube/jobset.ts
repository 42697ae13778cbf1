// What JobSet (sigs.k8s.io/jobset v0.12.0, jobset.x-k8s.io/v1alpha2) does with a JobSet, as far as our checks
// need it: the names and labels its controller gives each Job (pkg/controllers/jobset_controller.go
// constructJob, labelAndAnnotateObject; pkg/util/placement GenJobName, GenPodName), the constants of
// api/jobset/v1alpha2 and pkg/constants, and what its webhook's defaulting sets (pkg/webhooks/jobset_webhook.go
// Default). The webhook's own checks are rules/jobset/.
import { jsonAt, type Json, type JsonObject } from '../types';

/** The JobSet release whose API, controller and webhook KubeAssist mirrors (README: "Custom resources"). */
export const JOBSET_RELEASE = 'v0.12.0';

export const JOBSET_DOCS = 'https://jobset.sigs.k8s.io/docs/';
export const JOBSET_API_DOCS = 'https://jobset.sigs.k8s.io/docs/reference/jobset.v1alpha2/';

/** The labels (and annotations of the same keys) the controller puts on each Job and its Pod template. */
export const CONTROLLER_LABELS = {
  jobSetName: 'jobset.sigs.k8s.io/jobset-name',
  jobSetUid: 'jobset.sigs.k8s.io/jobset-uid',
  replicatedJobName: 'jobset.sigs.k8s.io/replicatedjob-name',
  restartAttempt: 'jobset.sigs.k8s.io/restart-attempt',
  jobRestartAttempt: 'jobset.sigs.k8s.io/job-restart-attempt',
  replicatedJobReplicas: 'jobset.sigs.k8s.io/replicatedjob-replicas',
  globalReplicas: 'jobset.sigs.k8s.io/global-replicas',
  jobIndex: 'jobset.sigs.k8s.io/job-index',
  jobKey: 'jobset.sigs.k8s.io/job-key',
  jobGlobalIndex: 'jobset.sigs.k8s.io/job-global-index',
  groupName: 'jobset.sigs.k8s.io/group-name',
  groupReplicas: 'jobset.sigs.k8s.io/group-replicas',
  jobGroupIndex: 'jobset.sigs.k8s.io/job-group-index',
  coordinator: 'jobset.sigs.k8s.io/coordinator',
} as const;

/** Keys of the controller's labels: a value written for one of them in a template is replaced. */
export const CONTROLLER_LABEL_KEYS: ReadonlySet<string> = new Set(Object.values(CONTROLLER_LABELS));

/** Annotations a user sets on a JobSet or a replicatedJob template, read by the controller. */
export const JOBSET_ANNOTATIONS = {
  exclusiveTopology: 'alpha.jobset.sigs.k8s.io/exclusive-topology',
  nodeSelectorStrategy: 'alpha.jobset.sigs.k8s.io/node-selector',
} as const;

/**
 * JobSet's feature gates and their defaults in v0.12.0 (pkg/features/features.go defaultFeatureGates). The webhook
 * refuses what an off gate guards: `restartStrategy: InPlaceRestart` (InPlaceRestart) and the `RestartJob` /
 * `RestartJobAndIgnoreMaxRestarts` failure policy actions (RestartJob). ElasticJobSet guards updates only.
 */
export const JOBSET_FEATURE_GATES: Readonly<Record<string, { default: boolean; stage: 'alpha' | 'beta' }>> = {
  InPlaceRestart: { default: false, stage: 'alpha' },
  TLSOptions: { default: true, stage: 'beta' },
  RestartJob: { default: false, stage: 'alpha' },
  ElasticJobSet: { default: false, stage: 'alpha' },
};

/** Whether a JobSet gate is on: the cluster's setting (`kubeassist.jobset.featureGates`), else its default. */
export function jobSetGateEnabled(gate: string, settings: Readonly<Record<string, boolean>> | undefined): boolean {
  return settings?.[gate] ?? JOBSET_FEATURE_GATES[gate]?.default ?? false;
}

/** The webhook's limit on `replicas` of every replicatedJob when a rule uses a RestartJob action (maxReplicasPerReplicatedJob). */
export const MAX_REPLICAS_WITH_RESTART_JOB = 1024;

/** The reasons of a failed Job that a failure policy rule may name (validOnJobFailureReasons: batch/v1 constants). */
export const JOB_FAILURE_REASONS: readonly string[] = ['BackoffLimitExceeded', 'DeadlineExceeded', 'FailedIndexes', 'MaxFailedIndexesExceeded', 'PodFailurePolicy'];

/** The event reason on the JobSet when the batch API server refuses one of its Jobs (pkg/constants). */
export const JOB_CREATION_FAILED = 'JobCreationFailed';

/** `<jobset>-<replicatedJob>-<jobIndex>`: each Job's name, and the start of its Pods' names and hostnames. */
export function genJobName(jobSet: string, replicatedJob: string, jobIndex: number): string {
  return `${jobSet}-${replicatedJob}-${jobIndex}`;
}

/** `<jobset>-<replicatedJob>-<jobIndex>-<podIndex>`: a Pod's hostname in an Indexed Job (its name adds `-<5 random>`). */
export function genPodName(jobSet: string, replicatedJob: string, jobIndex: number, podIndex: number): string {
  return `${jobSet}-${replicatedJob}-${jobIndex}-${podIndex}`;
}

/** The webhook's defaulting (jobSetWebhook.Default) turns DNS hostnames on unless `enableDNSHostnames: false`. */
export function dnsHostnamesEnabled(jobSetSpec: Json | undefined): boolean {
  return jsonAt(jobSetSpec, ['network', 'enableDNSHostnames']) !== false;
}

/** GetSubdomain: `network.subdomain` when set, else the JobSet's name (undefined when that is unknown). */
export function subdomainOf(jobSetSpec: Json | undefined, jobSetName: string | undefined): string | undefined {
  const subdomain = jsonAt(jobSetSpec, ['network', 'subdomain']);
  return typeof subdomain === 'string' && subdomain !== '' ? subdomain : jobSetName;
}

/**
 * The replicatedJob defaults: the CRD's (`replicas: 1`, `groupName: default`) and the webhook's for the Job
 * template (`completionMode: Indexed`; the Pods' `restartPolicy: OnFailure` when unset or empty).
 */
export function withReplicatedJobDefaults(replicatedJob: JsonObject, defaultJobSpec: (spec: JsonObject) => void): JsonObject {
  const out: JsonObject = { ...replicatedJob };
  if (out.replicas === undefined) out.replicas = 1;
  if (out.groupName === undefined) out.groupName = 'default';
  const template = isMapping(out.template) ? { ...out.template } : undefined;
  if (template) {
    const spec: JsonObject = isMapping(template.spec) ? { ...template.spec } : {};
    if (spec.completionMode === undefined) spec.completionMode = 'Indexed';
    // Go's zero values: a template without a Pod spec (or without a Pod template) has an empty restartPolicy too.
    const podTemplate = isMapping(spec.template) ? spec.template : spec.template === undefined ? {} : undefined;
    const podSpec = podTemplate && (isMapping(podTemplate.spec) ? podTemplate.spec : podTemplate.spec === undefined ? {} : undefined);
    if (podTemplate && podSpec && (podSpec.restartPolicy === undefined || podSpec.restartPolicy === '')) {
      spec.template = { ...podTemplate, spec: { ...podSpec, restartPolicy: 'OnFailure' } };
    }
    defaultJobSpec(spec);
    template.spec = spec;
    out.template = template;
  }
  return out;
}

/** The JobSet-level defaults of the webhook and the CRD (success and startup policies, network, rule names). */
export function withJobSetSpecDefaults(spec: JsonObject): JsonObject {
  const out: JsonObject = { ...spec };
  if (out.successPolicy === undefined) out.successPolicy = { operator: 'All' };
  if (out.startupPolicy === undefined) out.startupPolicy = { startupPolicyOrder: 'AnyOrder' };
  if (out.network === undefined || isMapping(out.network)) {
    const network: JsonObject = { ...(isMapping(out.network) ? out.network : {}) };
    if (network.enableDNSHostnames === undefined) network.enableDNSHostnames = true;
    if (network.publishNotReadyAddresses === undefined) network.publishNotReadyAddresses = true;
    out.network = network;
  }
  const failurePolicy = out.failurePolicy;
  if (isMapping(failurePolicy)) {
    const policy: JsonObject = { ...failurePolicy };
    if (policy.restartStrategy === undefined) policy.restartStrategy = 'Recreate';
    if (Array.isArray(policy.rules)) {
      policy.rules = policy.rules.map((rule, index) =>
        isMapping(rule) && (rule.name === undefined || rule.name === '') ? { ...rule, name: `failurePolicyRule${index}` } : rule);
    }
    out.failurePolicy = policy;
  }
  return out;
}

function isMapping(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
