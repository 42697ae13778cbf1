// The values the API server's defaulting sets because a manifest leaves them out, in a release: for explain and
// the inlay hints. Read from kube/defaults.ts (one model of defaulting), never restated here.
import { asCreated } from '../../kube/created';
import { defaultedJobSpec, isObject } from '../../kube/defaults';
import { jsonAt, type Json, type JsonObject, type KindName, type PathSegment } from '../../types';

export interface DefaultAt {
  /** The field path from the object's root. */
  at: PathSegment[];
  value: Json;
  by: string;
  /** A CronJob's job template: set on each Job the CronJob creates. */
  onEachJob?: boolean;
}

const JOB_FIELDS = ['completions', 'parallelism', 'backoffLimit', 'completionMode', 'suspend', 'podReplacementPolicy'];
const CRONJOB_FIELDS = ['concurrencyPolicy', 'suspend', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit'];
const CSIDRIVER_FIELDS = ['attachRequired', 'podInfoOnMount', 'storageCapacity', 'fsGroupPolicy', 'requiresRepublish', 'seLinuxMount', 'volumeLifecycleModes'];

/** Fields of `spec` (at `base`) that `defaulted` has and `written` lacks. */
function added(written: JsonObject | undefined, defaulted: JsonObject, fields: readonly string[], base: PathSegment[], by: string, onEachJob?: boolean): DefaultAt[] {
  return fields.filter((field) => defaulted[field] !== undefined && written?.[field] === undefined)
    .map((field) => ({ at: [...base, field], value: defaulted[field], by, ...(onEachJob ? { onEachJob } : {}) }));
}

/** SetDefaults_PodFailurePolicyOnPodConditionsPattern: a pattern without `status` gets `True`. */
function patternDefaults(spec: JsonObject | undefined, base: PathSegment[], onEachJob?: boolean): DefaultAt[] {
  const policy = spec && isObject(spec.podFailurePolicy) ? spec.podFailurePolicy : undefined;
  const found: DefaultAt[] = [];
  if (!policy || !Array.isArray(policy.rules)) return found;
  policy.rules.forEach((rule, ruleIndex) => {
    if (!isObject(rule) || !Array.isArray(rule.onPodConditions)) return;
    rule.onPodConditions.forEach((pattern, patternIndex) => {
      if (isObject(pattern) && (pattern.status === undefined || pattern.status === '')) {
        found.push({ at: [...base, 'podFailurePolicy', 'rules', ruleIndex, 'onPodConditions', patternIndex, 'status'], value: 'True', by: 'SetDefaults_PodFailurePolicyOnPodConditionsPattern', ...(onEachJob ? { onEachJob } : {}) });
      }
    });
  });
  return found;
}

/** The kinds explain and its inlay hints speak of (simulate: Jobs and CronJobs, features/simulate.ts). */
export const EXPLAINED_KINDS: readonly KindName[] = ['Job', 'CronJob', 'CSIDriver', 'JobSet', 'TrainingRuntime', 'ClusterTrainingRuntime'];

const JOBSET_FIELDS = ['successPolicy', 'startupPolicy'];
const REPLICATED_JOB_FIELDS = ['replicas', 'groupName'];
/** What JobSet's webhook sets in each Job template (jobSetWebhook.Default); the rest is SetDefaults_Job's. */
const JOBSET_WEBHOOK_JOB_FIELDS = new Set(['completionMode']);

/** A JobSet spec's defaults (at `base`): the webhook's and the CRD's, and in each Job template what each Job gets. */
function jobSetDefaults(writtenSpec: JsonObject | undefined, storedSpec: JsonObject, base: PathSegment[]): DefaultAt[] {
  const found = added(writtenSpec, storedSpec, JOBSET_FIELDS, base, 'jobSetWebhook.Default');
  const written = Array.isArray(writtenSpec?.replicatedJobs) ? writtenSpec.replicatedJobs : [];
  const stored = Array.isArray(storedSpec.replicatedJobs) ? storedSpec.replicatedJobs : [];
  stored.forEach((entry, index) => {
    const writtenEntry = written[index];
    if (!isObject(entry) || !isObject(writtenEntry)) return;
    const at: PathSegment[] = [...base, 'replicatedJobs', index];
    found.push(...added(writtenEntry, entry, REPLICATED_JOB_FIELDS, at, 'JobSet CRD defaults'));
    const writtenJob = jsonAt(writtenEntry, ['template', 'spec']);
    const storedJob = jsonAt(entry, ['template', 'spec']);
    if (!isObject(writtenJob) || !isObject(storedJob)) return;
    for (const value of added(writtenJob, storedJob, JOB_FIELDS, [...at, 'template', 'spec'], 'SetDefaults_Job', true)) {
      found.push(JOBSET_WEBHOOK_JOB_FIELDS.has(String(value.at[value.at.length - 1])) ? { ...value, by: 'jobSetWebhook.Default' } : value);
    }
    const writtenPod = jsonAt(writtenJob, ['template', 'spec']);
    const restartPolicy = jsonAt(storedJob, ['template', 'spec', 'restartPolicy']);
    if (isObject(writtenPod) && (writtenPod.restartPolicy === undefined || writtenPod.restartPolicy === '') && restartPolicy !== undefined) {
      found.push({ at: [...at, 'template', 'spec', 'template', 'spec', 'restartPolicy'], value: restartPolicy, by: 'jobSetWebhook.Default', onEachJob: true });
    }
    found.push(...patternDefaults(writtenJob, [...at, 'template', 'spec'], true));
  });
  return found;
}

/** What defaulting sets on `object` (as written) when it is created in 1.<minor>, in field order. */
export function defaultsSet(kind: KindName, object: JsonObject, minor: number): DefaultAt[] {
  if (!EXPLAINED_KINDS.includes(kind)) return [];
  const { object: stored } = asCreated(kind, object, minor);
  const writtenSpec = isObject(object.spec) ? object.spec : undefined;
  const storedSpec = isObject(stored.spec) ? stored.spec : {};
  if (kind === 'Job') return [...added(writtenSpec, storedSpec, JOB_FIELDS, ['spec'], 'SetDefaults_Job'), ...patternDefaults(writtenSpec, ['spec'])];
  if (kind === 'CSIDriver') return added(writtenSpec, storedSpec, CSIDRIVER_FIELDS, ['spec'], 'SetDefaults_CSIDriver');
  if (kind === 'JobSet') return jobSetDefaults(writtenSpec, storedSpec, ['spec']);
  if (kind === 'TrainingRuntime' || kind === 'ClusterTrainingRuntime') {
    const writtenJobSet = jsonAt(object, ['spec', 'template', 'spec']);
    const storedJobSet = jsonAt(stored, ['spec', 'template', 'spec']);
    return isObject(storedJobSet) ? jobSetDefaults(isObject(writtenJobSet) ? writtenJobSet : undefined, storedJobSet, ['spec', 'template', 'spec']) : [];
  }
  const found = added(writtenSpec, storedSpec, CRONJOB_FIELDS, ['spec'], 'SetDefaults_CronJob');
  const templateSpec = jsonAt(object, ['spec', 'jobTemplate', 'spec']);
  const storedTemplateSpec = jsonAt(stored, ['spec', 'jobTemplate', 'spec']);
  if (isObject(templateSpec) && isObject(storedTemplateSpec)) {
    // SetDefaults_Job runs on each Job the controller creates from the template, not on the CronJob.
    found.push(...added(templateSpec, defaultedJobSpec(storedTemplateSpec, minor), JOB_FIELDS, ['spec', 'jobTemplate', 'spec'], 'SetDefaults_Job', true));
    // The pattern defaults are SetObjectDefaults_CronJob's own: the CronJob is stored with them.
    found.push(...patternDefaults(templateSpec, ['spec', 'jobTemplate', 'spec']));
  }
  return found;
}
