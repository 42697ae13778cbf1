// A CronJob's own create-time rules (ValidateCronJobCreate, validateCronJobSpec, validateScheduleFormat,
// validateTimeZone, ValidateJobTemplateSpec, cronJobStrategy.WarningsOnCreate) and our pitfall warnings, release
// by release. Its job template's Job and Pod rules are the Job tables' twins (harness.ts checkCronJobTwin).
import { describe, it } from 'node:test';
import { cronJobRules } from '../../../server/src/service/rules/cronjob/index';
import type { Json } from '../../../server/src/service/types';
import { assertEveryCodeTriggered } from './podCases';
import { checkRuleCase, type RuleCase } from './harness';

type Fields = { [key: string]: Json };

/** A valid CronJob (JSON, which is YAML too) with `spec` fields merged in; `jobSpec` merged into its job template's spec. */
function cronJob(spec: Fields = {}, options: { name?: string | null; metadata?: Fields; jobSpec?: Fields; podSpec?: Fields; templateLabels?: Fields } = {}): string {
  const metadata: Fields = { ...(options.name === null ? {} : { name: options.name ?? 'nightly' }), ...options.metadata };
  const podTemplate: Fields = {
    ...(options.templateLabels ? { metadata: { labels: options.templateLabels } } : {}),
    spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }], ...options.podSpec },
  };
  return JSON.stringify({
    apiVersion: 'batch/v1', kind: 'CronJob', metadata,
    spec: { schedule: '0 3 * * *', ...spec, jobTemplate: { spec: { template: podTemplate, ...options.jobSpec } } },
  });
}

const name = (length: number) => `n${'a'.repeat(length - 1)}`;

const groups: [string, RuleCase[]][] = [
  ['a valid CronJob', [
    { name: 'is accepted', yaml: cronJob(), expect: [] },
    { name: 'with every field of its own is accepted', yaml: cronJob({ timeZone: 'Europe/Berlin', startingDeadlineSeconds: 300, concurrencyPolicy: 'Replace', suspend: true, successfulJobsHistoryLimit: 0, failedJobsHistoryLimit: 0 }), expect: [] },
  ]],
  ['name (ValidateCronJobCreate, WarningsOnCreate)', [
    { name: 'a 52-character name is accepted', yaml: cronJob({}, { name: name(52) }), expect: [] },
    { name: 'a 53-character name is refused: each Job adds 11 characters', yaml: cronJob({}, { name: name(53) }),
      expect: ['cronjob/name/too-long @ metadata.name'], words: ['53 characters', 'at most 52', `metadata.name: Invalid value: "${name(53)}": must be no more than 52 characters`] },
    { name: 'the name generated from generateName counts, at generateName', yaml: cronJob({}, { name: null, metadata: { generateName: `${name(48)}-` } }),
      expect: ['cronjob/name/too-long @ metadata.generateName'], words: ['generates from `generateName`', 'the prefix to 47'] },
    { name: 'a dotted name is accepted with a warning', yaml: cronJob({}, { name: 'nightly.report' }),
      expect: ['cronjob/name/not-dns-label @ metadata.name'], severity: 'warning', words: ['contains a dot'] },
    { name: 'before 1.27 a dotted name gets no warning', minor: 26, yaml: cronJob({}, { name: 'nightly.report' }), expect: [] },
    { name: 'a name that is not a DNS subdomain is the metadata rules\' business', yaml: cronJob({}, { name: 'Nightly_Report' }), expect: [] },
  ]],
  ['schedule (validateScheduleFormat)', [
    { name: 'an empty schedule is required', yaml: cronJob({ schedule: '' }), expect: ['cronjob/schedule/required @ spec.schedule'], words: ['spec.schedule: Required value'] },
    { name: 'day of week 7 is refused: Sunday is 0', yaml: cronJob({ schedule: '0 0 * * 7' }), expect: ['cronjob/schedule/invalid @ spec.schedule'],
      words: ['Sunday is `0`', 'spec.schedule: Invalid value: "0 0 * * 7": end of range (7) above maximum (6): 7'] },
    { name: 'a seconds field is refused', yaml: cronJob({ schedule: '0 0 3 * * *' }), expect: ['cronjob/schedule/invalid @ spec.schedule'],
      words: ['A seconds field is not supported', 'expected exactly 5 fields, found 6: [0 0 3 * * *]'] },
    { name: 'an unknown descriptor is refused', yaml: cronJob({ schedule: '@Daily' }), expect: ['cronjob/schedule/invalid @ spec.schedule'], words: ['unrecognized descriptor: @Daily'] },
    { name: '@every with a day unit is refused', yaml: cronJob({ schedule: '@every 1d' }), expect: ['cronjob/schedule/invalid @ spec.schedule'],
      words: ['failed to parse duration @every 1d: time: unknown unit "d" in duration "1d"', 'use `24h`'] },
    { name: 'L is not supported', yaml: cronJob({ schedule: '0 0 L * *' }), expect: ['cronjob/schedule/invalid @ spec.schedule'], words: ['`L`, `W` and `#` are not supported'] },
    { name: 'descriptors and @every are accepted', yaml: cronJob({ schedule: '@weekly' }), expect: [] },
    { name: '@every 90m is accepted', yaml: cronJob({ schedule: '@every 90m' }), expect: [] },
    { name: 'a schedule no date matches is accepted with a warning', yaml: cronJob({ schedule: '0 0 30 2 *' }),
      expect: ['cronjob/schedule/never-runs @ spec.schedule'], severity: 'warning', words: ['never creates a Job'] },
    { name: 'February 29 runs in leap years: no warning', yaml: cronJob({ schedule: '0 0 29 2 *' }), expect: [] },
  ]],
  ['TZ / CRON_TZ in the schedule', [
    { name: 'refused from 1.29, the zone named in the message', yaml: cronJob({ schedule: 'CRON_TZ=UTC 0 3 * * *' }),
      expect: ['cronjob/schedule/time-zone-prefix @ spec.schedule'], words: ['`timeZone: UTC`', 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'] },
    { name: 'refused in 1.29 already', minor: 29, yaml: cronJob({ schedule: 'TZ=Europe/Paris 0 3 * * *' }), expect: ['cronjob/schedule/time-zone-prefix @ spec.schedule'] },
    { name: 'in 1.28 a warning', minor: 28, yaml: cronJob({ schedule: 'CRON_TZ=UTC 0 3 * * *' }),
      expect: ['cronjob/schedule/time-zone-prefix-unsupported @ spec.schedule'], severity: 'warning', words: ['set `timeZone` instead'] },
    { name: 'in 1.28 refused together with timeZone', minor: 28, yaml: cronJob({ schedule: 'CRON_TZ=UTC 0 3 * * *', timeZone: 'UTC' }),
      expect: ['cronjob/schedule/time-zone-prefix-with-time-zone @ spec.schedule', 'cronjob/schedule/time-zone-prefix-unsupported @ spec.schedule'],
      words: ['cannot use both timeZone field and TZ or CRON_TZ in schedule'] },
    { name: 'in 1.24 timeZone is dropped (gate off), so only the warning', minor: 24, yaml: cronJob({ schedule: 'CRON_TZ=UTC 0 3 * * *', timeZone: 'UTC' }),
      expect: ['cronjob/schedule/time-zone-prefix-unsupported @ spec.schedule'], severity: 'warning', words: ['from 1.25 `timeZone` sets the zone'] },
    { name: 'an unknown zone in the prefix is a parse error too', yaml: cronJob({ schedule: 'TZ=Mars/Olympus 0 3 * * *' }),
      expect: ['cronjob/schedule/invalid @ spec.schedule', 'cronjob/schedule/time-zone-prefix @ spec.schedule'], words: ['provided bad location Mars/Olympus: unknown time zone Mars/Olympus'] },
    { name: 'a prefix without a space is refused (the parser fails)', yaml: cronJob({ schedule: 'TZ=UTC' }),
      expect: ['cronjob/schedule/invalid @ spec.schedule', 'cronjob/schedule/time-zone-prefix @ spec.schedule'] },
  ]],
  ['timeZone (validateTimeZone)', [
    { name: 'an IANA zone is accepted', yaml: cronJob({ timeZone: 'America/New_York' }), expect: [] },
    { name: 'UTC, Etc/UTC and backward links are accepted', yaml: cronJob({ timeZone: 'US/Pacific' }), expect: [] },
    { name: 'an empty timeZone is refused', yaml: cronJob({ timeZone: '' }), expect: ['cronjob/time-zone/empty @ spec.timeZone'], words: ['timeZone must be nil or non-empty string'] },
    { name: 'Local is refused', yaml: cronJob({ timeZone: 'Local' }), expect: ['cronjob/time-zone/local @ spec.timeZone'], words: ['timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'] },
    { name: 'local in any case is refused', yaml: cronJob({ timeZone: 'LOCAL' }), expect: ['cronjob/time-zone/local @ spec.timeZone'] },
    { name: 'names are case-sensitive', yaml: cronJob({ timeZone: 'europe/berlin' }), expect: ['cronjob/time-zone/unknown @ spec.timeZone'],
      words: ['Did you mean `Europe/Berlin`?', 'spec.timeZone: Invalid value: "europe/berlin": unknown time zone europe/berlin'] },
    { name: 'an unknown zone is refused', yaml: cronJob({ timeZone: 'Mars/Olympus' }), expect: ['cronjob/time-zone/unknown @ spec.timeZone'] },
    { name: 'an offset is no zone name', yaml: cronJob({ timeZone: '+02:00' }), expect: ['cronjob/time-zone/unknown @ spec.timeZone'] },
    { name: 'a zone dropped from tzdata long ago is refused', yaml: cronJob({ timeZone: 'US/Pacific-New' }), expect: ['cronjob/time-zone/unknown @ spec.timeZone'] },
    { name: 'in 1.24 the field is dropped (gate off): not checked', minor: 24, yaml: cronJob({ timeZone: 'Mars/Olympus' }), expect: [] },
  ]],
  ['numbers (validateCronJobSpec)', [
    { name: 'a negative startingDeadlineSeconds is refused', yaml: cronJob({ startingDeadlineSeconds: -1 }),
      expect: ['cronjob/numbers/negative-starting-deadline-seconds @ spec.startingDeadlineSeconds'], words: ['spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0'] },
    { name: 'negative history limits are refused', yaml: cronJob({ successfulJobsHistoryLimit: -1, failedJobsHistoryLimit: -2 }),
      expect: ['cronjob/numbers/negative-successful-jobs-history-limit @ spec.successfulJobsHistoryLimit', 'cronjob/numbers/negative-failed-jobs-history-limit @ spec.failedJobsHistoryLimit'] },
    { name: 'startingDeadlineSeconds below 10 is information: runs start while the controller keeps up (it looks 100 ms after each time)', yaml: cronJob({ startingDeadlineSeconds: 5 }),
      expect: ['cronjob/starting-deadline/below-controller-interval @ spec.startingDeadlineSeconds'], severity: 'information', words: ['about 100 ms after its time', 'more than 5 seconds late'] },
    { name: 'startingDeadlineSeconds 1 says one second', yaml: cronJob({ startingDeadlineSeconds: 1 }), expect: ['cronjob/starting-deadline/below-controller-interval @ spec.startingDeadlineSeconds'], severity: 'information', words: ['more than 1 second late'] },
    { name: 'startingDeadlineSeconds 0 is a warning: no run ever starts (mostRecentScheduleTime counts only times after now - 0)', yaml: cronJob({ startingDeadlineSeconds: 0 }),
      expect: ['cronjob/starting-deadline/zero @ spec.startingDeadlineSeconds'], severity: 'warning', words: ['no run ever starts'] },
    { name: 'startingDeadlineSeconds 10 is fine', yaml: cronJob({ startingDeadlineSeconds: 10 }), expect: [] },
  ]],
  ['concurrency', [
    { name: 'Forbid without any activeDeadlineSeconds is information, not a warning (common advice)', yaml: cronJob({ concurrencyPolicy: 'Forbid' }),
      expect: ['cronjob/concurrency/forbid-without-deadline @ spec.concurrencyPolicy'], severity: 'information', words: ['every later run is skipped', '`spec.jobTemplate.spec`'] },
    { name: 'Forbid with the Job\'s activeDeadlineSeconds is fine', yaml: cronJob({ concurrencyPolicy: 'Forbid' }, { jobSpec: { activeDeadlineSeconds: 600 } }), expect: [] },
    { name: 'Forbid with the Pod\'s activeDeadlineSeconds is fine', yaml: cronJob({ concurrencyPolicy: 'Forbid' }, { podSpec: { activeDeadlineSeconds: 600 } }), expect: [] },
    { name: 'Allow without a deadline is not warned about', yaml: cronJob({ concurrencyPolicy: 'Allow' }), expect: [] },
  ]],
  ['job template (ValidateJobTemplateSpec, and each Job\'s create)', [
    { name: 'a selector is refused, on its key', yaml: cronJob({}, { jobSpec: { selector: { matchLabels: { app: 'x' } } } }),
      expect: ['cronjob/job-template/selector-forbidden @ spec.jobTemplate.spec.selector'], anchor: 'key', words: ['"will be auto-generated"'] },
    { name: 'an empty selector is refused too (it is not nil)', yaml: cronJob({}, { jobSpec: { selector: {} } }), expect: ['cronjob/job-template/selector-forbidden @ spec.jobTemplate.spec.selector'] },
    { name: 'manualSelector: true is refused', yaml: cronJob({}, { jobSpec: { manualSelector: true } }),
      expect: ['cronjob/job-template/manual-selector-not-supported @ spec.jobTemplate.spec.manualSelector'], words: ['supported values: "nil", "false"'] },
    { name: 'manualSelector: false is accepted', yaml: cronJob({}, { jobSpec: { manualSelector: false } }), expect: [] },
    { name: 'a generated label in the Pod template makes each Job be refused', yaml: cronJob({}, { templateLabels: { 'batch.kubernetes.io/job-name': 'nightly' } }),
      expect: ['cronjob/job-template/generated-label @ spec.jobTemplate.spec.template.metadata.labels[batch.kubernetes.io/job-name]'], severity: 'warning', words: ['every Job it creates is refused'] },
    { name: 'before 1.27 the prefixed labels are ordinary', minor: 26, yaml: cronJob({}, { templateLabels: { 'batch.kubernetes.io/job-name': 'nightly' } }), expect: [] },
    { name: 'an Indexed template whose hostnames do not fit is warned about', yaml: cronJob({}, { name: name(52), jobSpec: { completionMode: 'Indexed', completions: 100 } }),
      expect: ['cronjob/name/indexed-hostname-invalid @ metadata.name'], severity: 'warning', words: ['refuses every Job it creates'] },
    { name: 'an Indexed template whose hostnames fit is fine', yaml: cronJob({}, { name: name(40), jobSpec: { completionMode: 'Indexed', completions: 100 } }), expect: [] },
  ]],
];

for (const [group, cases] of groups) {
  describe(`CronJob: ${group}`, () => {
    for (const testCase of cases) it(`${testCase.name}${testCase.minor ? ` (1.${testCase.minor})` : ''}`, () => checkRuleCase(cronJobRules, testCase));
  });
}

describe('CronJob rule codes', () => {
  assertEveryCodeTriggered(cronJobRules, groups.map(([group, cases]) => [group, cases.map((testCase) => ({ ...testCase, spec: {} }))]));
});
