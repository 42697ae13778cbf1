// Quick fixes for `timeZone`: the known name a mistyped one means (same letters in another case, or the same
// city), preferred; or remove the field (the controller's zone).
import { quickFix, removeFix } from '../../fixes/common';
import { rootOf, type Fixes } from '../../fixes/types';
import { timeZoneProblem } from '../../kube/timeZones';

export const TIME_ZONE_FIXES: Fixes = {
  'cronjob/time-zone/unknown': {
    does: 'Changes to the time zone the name most likely means (preferred); or removes `timeZone`',
    offer: (context) => {
      const root = rootOf(context);
      const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
      const problem = typeof scalar?.value === 'string' ? timeZoneProblem(scalar.value) : undefined;
      const closest = problem?.kind === 'unknown' ? problem.closest : undefined;
      return [
        ...(scalar && closest ? [quickFix(`Change to \`${closest}\``, () => context.editor.replaceString(scalar, closest), { preferred: true })] : []),
        removeFix(context, 'Remove `timeZone` (use the controller\'s time zone)', context.path),
      ];
    },
  },
  'cronjob/time-zone/local': { does: 'Removes `timeZone` (the controller\'s own zone, which `Local` meant)', offer: (context) => [removeFix(context, 'Remove `timeZone`', context.path, { preferred: true })] },
  'cronjob/time-zone/empty': { does: 'Removes `timeZone`', offer: (context) => [removeFix(context, 'Remove `timeZone`', context.path, { preferred: true })] },
};
