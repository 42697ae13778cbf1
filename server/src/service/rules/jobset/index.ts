// The rule families of a JobSet's own fields (its webhook, its CRD) and of the Job metadata in its templates,
// run at a JobSet and at a training runtime's JobSet template. Each Job template also gets every Job rule
// (rules/job) and every Pod rule (rules/pod), at `spec.replicatedJobs[i].template`.
import type { Rule } from '../../types';
import { jobSetCrdValidation } from './crdValidation';
import { validateJobSetFailurePolicy } from './validateFailurePolicy';
import { validateJobObjectMeta } from './validateJobObjectMeta';
import { validateJobSetCreate } from './validateJobSetCreate';
import { validateVolumeClaimPolicies } from './validateVolumeClaimPolicies';

export const jobSetRules: readonly Rule[] = [jobSetCrdValidation, validateJobSetCreate, validateJobSetFailurePolicy, validateVolumeClaimPolicies, validateJobObjectMeta];
