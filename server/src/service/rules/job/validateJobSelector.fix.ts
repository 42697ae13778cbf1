// Quick fix of the Job selector checks: an operator typo becomes the closest label selector operator.
import { closestValueEntry } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { LABEL_SELECTOR_OPERATORS } from '../pod/podEnums';

export const JOB_SELECTOR_FIXES: Fixes = {
  'job/selector/invalid-operator': closestValueEntry('operator', LABEL_SELECTOR_OPERATORS),
};
