// Quick fix for cronJobStrategy.WarningsOnCreate: a `TZ=` prefix the release does not support yet is
// repaired like the schedule-format one (validateScheduleFormat.fix.ts).
import type { Fixes } from '../../fixes/types';
import { SCHEDULE_FORMAT_FIXES } from './validateScheduleFormat.fix';

export const CRONJOB_WARNING_FIXES: Fixes = {
  'cronjob/schedule/time-zone-prefix-unsupported': SCHEDULE_FORMAT_FIXES['cronjob/schedule/time-zone-prefix'],
};
