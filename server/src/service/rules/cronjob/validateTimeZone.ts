// validateTimeZone (validateCronJobSpec): `timeZone` must be a non-empty name that time.LoadLocation finds in
// the IANA time-zone database (kube/timeZones.ts: the names of tzdata; case matters), and not `Local` (in any
// case), which would mean the controller's own zone. Checked from 1.25: in 1.24 the field is dropped on create
// while CronJobTimeZone is alpha (the feature-gate warning says so).
import { timeZoneProblem } from '../../kube/timeZones';
import type { Rule, RuleCode } from '../../types';
import { serverError, serverSays } from '../meta/report';
import { asString, report } from '../shared';
import { CRONJOB_DOCS, CRONJOB_MINOR, cronSpec } from './cronJobFields';

const code = (name: string, title: string): RuleCode => ({
  code: `cronjob/time-zone/${name}`, severity: 'error', title, mirrors: 'validateTimeZone', href: CRONJOB_DOCS.timeZones,
});

const CODES = {
  empty: code('empty', '`timeZone` must not be empty (leave it out for the controller\'s zone)'),
  local: code('local', '`timeZone` must name a zone: `Local` is refused'),
  unknown: code('unknown', '`timeZone` must be a name of the IANA time-zone database, such as `Europe/Berlin` or `Etc/UTC`'),
} satisfies Record<string, RuleCode>;

export const validateTimeZone: Rule = {
  name: 'validateTimeZone',
  kinds: ['CronJob'],
  codes: Object.values(CODES),
  check(context) {
    if (context.minor < CRONJOB_MINOR.timeZone) return [];
    const timeZone = asString(cronSpec(context).timeZone);
    if (timeZone === undefined) return [];
    const problem = timeZoneProblem(timeZone);
    if (!problem) return [];
    const server = serverSays([serverError('spec.timeZone', 'Invalid value', timeZone, problem.serverDetail)]);
    const path = ['spec', 'timeZone'];
    switch (problem.kind) {
      case 'empty':
        return [report(CODES.empty, path,
          `\`timeZone\` is empty. Name an IANA time zone, such as \`Europe/Berlin\` or \`Etc/UTC\`, or remove the field to use the kube-controller-manager's zone. ${server}`)];
      case 'local':
        return [report(CODES.local, path,
          `\`${timeZone}\` is refused: \`timeZone\` must name a zone of the IANA database. To use the kube-controller-manager's own zone, remove the field; otherwise name the zone, such as \`Etc/UTC\`. ${server}`)];
      case 'unknown': {
        const suggestion = problem.closest ? ` Did you mean \`${problem.closest}\`?` : ' Use a name such as `America/New_York`, `Europe/Berlin`, `Asia/Tokyo` or `Etc/UTC`; names are case-sensitive.';
        return [report(CODES.unknown, path,
          `\`${timeZone}\` is not a time zone of the IANA database, so the server cannot load it.${suggestion} ${server}`)];
      }
    }
  },
};
