// cronJobStrategy.WarningsOnCreate: what the server accepts but warns about at a CronJob's create. Its name is
// used in its Jobs' and Pods' names and hostnames (from 1.27, PR 114412); before 1.29 a time zone in the
// schedule is only warned about (PR 106455; refused from 1.29: validateScheduleFormat). The warnings for the
// job template (WarningsForJobSpec, GetWarningsForPodTemplate) are the Job and Pod rules', at its paths.
import { dns1123LabelProblems, isDns1123Subdomain } from '../../kube/names';
import type { Finding, Rule, RuleCode } from '../../types';
import { effectiveJobName } from '../job/jobFields';
import { asString, report } from '../shared';
import { CRONJOB_DOCS, CRONJOB_MINOR, cronSpec } from './cronJobFields';
import { MAX_CRONJOB_NAME_LENGTH } from './validateCronJobName';

const CODES = {
  nameNotDnsLabel: {
    code: 'cronjob/name/not-dns-label', severity: 'warning',
    title: "The CronJob name is not a DNS label, but it is used in its Jobs' and Pods' names and hostnames",
    mirrors: 'cronJobStrategy.WarningsOnCreate', href: CRONJOB_DOCS.names,
  },
  timeZonePrefix: {
    code: 'cronjob/schedule/time-zone-prefix-unsupported', severity: 'warning',
    title: '`TZ=` / `CRON_TZ=` in `schedule` is not supported (a warning before Kubernetes 1.29, refused from 1.29)',
    mirrors: 'cronJobStrategy.WarningsOnCreate', href: CRONJOB_DOCS.unsupportedTimeZone,
  },
} satisfies Record<string, RuleCode>;

export const cronJobWarningsOnCreate: Rule = {
  name: 'cronJobStrategy.WarningsOnCreate',
  kinds: ['CronJob'],
  codes: Object.values(CODES),
  check(context) {
    const findings: Finding[] = [];
    const name = effectiveJobName(context);
    // A malformed or too long name is an error elsewhere.
    if (context.minor >= CRONJOB_MINOR.nameWarning && name && isDns1123Subdomain(name.name) && name.name.length <= MAX_CRONJOB_NAME_LENGTH) {
      const problems = dns1123LabelProblems(name.name);
      if (problems.length > 0) {
        findings.push(report(CODES.nameNotDnsLabel, ['metadata', name.generated ? 'generateName' : 'name'],
          `The server accepts this name, but it is the start of every Job's name and of their Pods' names and hostnames, and it is `
          + `not a valid DNS label: ${problems.join('; ')}. That can give surprising Pod hostnames. Prefer lower-case letters, digits and \`-\`.`));
      }
    }
    const schedule = asString(cronSpec(context).schedule);
    if (context.minor < CRONJOB_MINOR.timeZonePrefixRefused && schedule?.includes('TZ')) {
      findings.push(report(CODES.timeZonePrefix, ['spec', 'schedule'],
        `A time zone in the schedule (\`TZ=\` or \`CRON_TZ=\`) is not supported: a 1.${context.minor} server accepts it with a warning, `
        + 'but from Kubernetes 1.29 a new CronJob with it is refused. '
        + (context.minor >= CRONJOB_MINOR.timeZone ? 'Remove it from `schedule` and set `timeZone` instead.' : 'Remove it; from 1.25 `timeZone` sets the zone.')));
    }
    return findings;
  },
};
