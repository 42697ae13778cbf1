// Quick fixes for a time zone written in the schedule: move it to `timeZone` (when that is free and the zone
// is one the server accepts), or only take it out of the schedule.
import { quickFix, setEdit, valueAt } from '../../fixes/common';
import { rootOf, type FixContext, type FixEntry, type Fixes, type QuickFix } from '../../fixes/types';
import { splitTimeZonePrefix } from '../../kube/cron';
import { timeZoneProblem } from '../../kube/timeZones';

function timeZonePrefixFixes(context: FixContext): QuickFix[] {
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, ['spec', 'schedule']) : undefined;
  const split = typeof scalar?.value === 'string' ? splitTimeZonePrefix(scalar.value) : undefined;
  if (!scalar || !split) return [];
  const canMove = valueAt(context, ['spec', 'timeZone']) === undefined && split.zone !== '' && !timeZoneProblem(split.zone);
  const removePrefix = () => context.editor.replaceString(scalar, split.rest);
  return [
    ...(canMove ? [quickFix(`Move \`${split.zone}\` to \`timeZone\``, () => [removePrefix(), setEdit(context, ['spec', 'timeZone'], split.zone, { after: ['schedule'] })], { preferred: true })] : []),
    quickFix('Remove the time zone from `schedule`', removePrefix),
  ];
}

const MOVE: FixEntry = {
  does: 'Moves the zone to `timeZone` (preferred, when it is free and the zone is valid); or removes it from `schedule`',
  offer: timeZonePrefixFixes,
};

export const SCHEDULE_FORMAT_FIXES: Fixes = {
  'cronjob/schedule/time-zone-prefix': MOVE,
  'cronjob/schedule/time-zone-prefix-with-time-zone': {
    does: 'Removes the zone from `schedule` (`timeZone` stays)',
    offer: timeZonePrefixFixes,
  },
};
