// Quick fixes of a CronJob's own rules: each applied to a fixture, checked again, and compared byte for byte.
// (The Job rules' fixes inside a job template are the Job fix tables' twins: harness.ts runFixCases.)
import { describe, it } from 'node:test';
import { VALID_CRONJOB } from './fixtures';
import { checkCase, edit, type FixCase } from './harness';

const CRONJOB = VALID_CRONJOB;

const cases: FixCase[] = [
  {
    name: 'a time zone in the schedule moves to `timeZone`, right after the schedule',
    text: edit(CRONJOB, '"0 3 * * *"', '"CRON_TZ=Europe/Berlin 0 3 * * *"'),
    code: 'cronjob/schedule/time-zone-prefix',
    expected: edit(CRONJOB, '  schedule: "0 3 * * *"\n', '  schedule: "0 3 * * *"\n  timeZone: Europe/Berlin\n'),
  },
  {
    name: 'a plain schedule keeps working when only the prefix goes: `*/5` is quoted, not an alias',
    text: edit(CRONJOB, '"0 3 * * *"', 'TZ=UTC */5 * * * *'),
    code: 'cronjob/schedule/time-zone-prefix',
    title: 'Remove the time zone from `schedule`',
    expected: edit(CRONJOB, '"0 3 * * *"', '"*/5 * * * *"'),
  },
  {
    name: 'before 1.29 the warning offers the same move',
    version: '1.28',
    text: edit(CRONJOB, '"0 3 * * *"', '"TZ=UTC 0 3 * * *"'),
    code: 'cronjob/schedule/time-zone-prefix-unsupported',
    expected: edit(CRONJOB, '  schedule: "0 3 * * *"\n', '  schedule: "0 3 * * *"\n  timeZone: UTC\n'),
  },
  {
    name: 'with timeZone set too, the prefix is taken out of the schedule',
    version: '1.28',
    text: edit(CRONJOB, '  schedule: "0 3 * * *"\n', '  schedule: "TZ=UTC 0 3 * * *"\n  timeZone: Europe/Paris\n'),
    code: 'cronjob/schedule/time-zone-prefix-with-time-zone',
    title: 'Remove the time zone from `schedule`',
    expected: edit(CRONJOB, '  schedule: "0 3 * * *"\n', '  schedule: "0 3 * * *"\n  timeZone: Europe/Paris\n'),
  },
  {
    name: 'a time zone in the wrong case becomes the IANA name',
    text: edit(CRONJOB, '  schedule: "0 3 * * *"\n', '  schedule: "0 3 * * *"\n  timeZone: america/new_york\n'),
    code: 'cronjob/time-zone/unknown',
    expected: edit(CRONJOB, '  schedule: "0 3 * * *"\n', '  schedule: "0 3 * * *"\n  timeZone: America/New_York\n'),
  },
  {
    name: '`timeZone: Local` goes: the controller\'s zone is what it meant',
    text: edit(CRONJOB, '  schedule: "0 3 * * *"\n', '  schedule: "0 3 * * *"\n  timeZone: Local\n'),
    code: 'cronjob/time-zone/local',
    expected: CRONJOB,
  },
  {
    name: 'a selector in the job template is removed',
    text: edit(CRONJOB, '    spec:\n      template:', '    spec:\n      selector:\n        matchLabels:\n          app: nightly\n      template:'),
    code: 'cronjob/job-template/selector-forbidden',
    expected: CRONJOB,
  },
  {
    name: '`manualSelector: true` in the job template is removed',
    text: edit(CRONJOB, '    spec:\n      template:', '    spec:\n      manualSelector: true\n      template:'),
    code: 'cronjob/job-template/manual-selector-not-supported',
    expected: CRONJOB,
  },
];

describe('CronJob quick fixes', () => {
  for (const c of cases) it(c.name, () => checkCase(c));
});
