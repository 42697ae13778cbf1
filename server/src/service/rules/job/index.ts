// The one list of Job rule families, in the order the API server's ValidateJob reports them, then the
// create warnings. Each family is written for a JobSpec (jobFields.ts jobSpecRule): it runs on a Job's
// `spec` and on a CronJob's `spec.jobTemplate.spec`, unless it is one of ValidateJob's own checks.
import type { Rule } from '../../types';
import { jobWarningsOnCreate, warningsForJobSpec } from './jobWarningsOnCreate';
import { validateBackoffLimitPerIndex } from './validateBackoffLimitPerIndex';
import { validateCompletionMode } from './validateCompletionMode';
import { validateGeneratedSelector } from './validateGeneratedSelector';
import { validateJobName } from './validateJobName';
import { validateJobRestartPolicy } from './validateJobRestartPolicy';
import { validateJobSelector } from './validateJobSelector';
import { validateJobSpecNumbers } from './validateJobSpecNumbers';
import { validateManagedBy } from './validateManagedBy';
import { validatePodFailurePolicy } from './validatePodFailurePolicy';
import { validatePodReplacementPolicy } from './validatePodReplacementPolicy';
import { validateSuccessPolicy } from './validateSuccessPolicy';

export const jobRules: readonly Rule[] = [
  validateGeneratedSelector,
  validateJobSpecNumbers,
  validateBackoffLimitPerIndex,
  validateManagedBy,
  validateCompletionMode,
  validatePodFailurePolicy,
  validateSuccessPolicy,
  validatePodReplacementPolicy,
  validateJobRestartPolicy,
  validateJobSelector,
  validateJobName,
  jobWarningsOnCreate,
  warningsForJobSpec,
];
