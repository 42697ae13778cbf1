// CSIDriver rule families (ValidateCSIDriver and the create flow around it). validateFSGroupPolicy is
// not here: its only check, the enum, is the schema check's.
import type { Rule } from '../../types';
import { clearNamespace } from './clearNamespace';
import { csiDriverNameForVolumes } from './csiDriverNameForVolumes';
import { csiDriverWarningsOnCreate } from './csiDriverWarningsOnCreate';
import { validateNodeAllocatableUpdatePeriodSeconds } from './validateNodeAllocatableUpdatePeriodSeconds';
import { validateServiceAccountTokenInSecrets } from './validateServiceAccountTokenInSecrets';
import { validateTokenRequests } from './validateTokenRequests';
import { validateVolumeLifecycleModes } from './validateVolumeLifecycleModes';

export const csiDriverRules: readonly Rule[] = [
  clearNamespace,
  csiDriverNameForVolumes,
  validateTokenRequests,
  validateVolumeLifecycleModes,
  validateNodeAllocatableUpdatePeriodSeconds,
  validateServiceAccountTokenInSecrets,
  csiDriverWarningsOnCreate,
];
