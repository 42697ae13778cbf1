// Where a Job keeps the JobSpec its update rules compare, and the links they give. A CronJob keeps a JobSpec
// too, at `spec.jobTemplate.spec` (kube/jobSpec.ts), but ValidateCronJobUpdate does not compare it: a changed
// job template reaches only the Jobs the CronJob creates later, so the Job update rules run for kind Job only.
import { isObject } from '../../kube/defaults';
import { jsonAt, type JsonObject } from '../../types';

export const JOB_SPEC = ['spec'] as const;

export const HREF = {
  job: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/',
  elastic: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#elastic-indexed-jobs',
  mutableScheduling: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#mutable-scheduling-directives',
  suspend: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#suspending-a-job',
} as const;

/** The JobSpec of a stored or applied Job (an empty object when it has none). */
export function jobSpecOf(object: JsonObject): JsonObject {
  const spec = jsonAt(object, JOB_SPEC);
  return isObject(spec) ? spec : {};
}
