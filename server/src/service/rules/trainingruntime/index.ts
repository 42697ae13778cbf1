// The rule families of a training runtime's own fields (the Trainer's webhook and CRD). Its JobSet template gets
// the JobSet rules (rules/jobset), and each Job template in it every Job and Pod rule.
import type { Rule } from '../../types';
import { validateTrainingRuntime } from './validateTrainingRuntime';

export const trainingRuntimeRules: readonly Rule[] = [validateTrainingRuntime];
