// The one list of Job rule families, in the order the API server's ValidateJob reports them, then the
// create warnings.
import type { Rule } from '../../types';
import { jobWarningsOnCreate } from './jobWarningsOnCreate';
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
];
