// validateCronJobSpec's schedule checks: required (an empty string counts as none), readable by
// cron.ParseStandard (kube/cron.ts mirrors it, error texts included), and `TZ=` / `CRON_TZ=`:
//   - from 1.29 (PR 116252) a create whose schedule contains "TZ" is refused ("use timeZone field instead");
//   - 1.25 to 1.28 refuse it only together with `timeZone` (validateScheduleFormat's "cannot use both"), and the
//     create warning of cronJobWarningsOnCreate says it is not supported.
// The server tests `strings.Contains(schedule, "TZ")`, so any "TZ" counts, as here.
import { parseStandard, splitTimeZonePrefix } from '../../kube/cron';
import type { Finding, Rule, RuleCode } from '../../types';
import { serverError, serverSays } from '../meta/report';
import { asString, report } from '../shared';
import { CRONJOB_DOCS, CRONJOB_MINOR, cronSpec } from './cronJobFields';

const CODES = {
  required: {
    code: 'cronjob/schedule/required', severity: 'error', title: '`schedule` must not be empty',
    mirrors: 'validateCronJobSpec', href: CRONJOB_DOCS.scheduleSyntax,
  },
  invalid: {
    code: 'cronjob/schedule/invalid', severity: 'error', title: '`schedule` must be 5 cron fields or an `@` descriptor the server accepts',
    mirrors: 'validateScheduleFormat (cron.ParseStandard)', href: CRONJOB_DOCS.scheduleSyntax,
  },
  timeZonePrefix: {
    code: 'cronjob/schedule/time-zone-prefix', severity: 'error', title: '`TZ=` / `CRON_TZ=` in `schedule` is refused from Kubernetes 1.29: use `timeZone`',
    mirrors: 'validateScheduleFormat', href: CRONJOB_DOCS.unsupportedTimeZone,
  },
  timeZonePrefixWithTimeZone: {
    code: 'cronjob/schedule/time-zone-prefix-with-time-zone', severity: 'error',
    title: '`TZ=` / `CRON_TZ=` in `schedule` may not be combined with `timeZone` (Kubernetes 1.25 to 1.28)',
    mirrors: 'validateScheduleFormat', href: CRONJOB_DOCS.unsupportedTimeZone,
  },
} satisfies Record<string, RuleCode>;

/** Words for the parser's complaint: what to write instead, for the common mistakes. */
function hint(schedule: string, error: string): string {
  if (/above maximum \(6\)/.test(error) && /(^|[\s,\-/])7($|[\s,\-/])/.test(schedule.split(/\s+/)[4] ?? '')) {
    return ' Sunday is `0` (or `sun`) here: `7` is not accepted.';
  }
  if (error.startsWith('expected exactly 5 fields')) {
    const count = schedule.trim().split(/\s+/).length;
    if (count === 6) return ' A seconds field is not supported: write minute, hour, day of month, month and day of week.';
    return ' Write minute, hour, day of month, month and day of week, separated by spaces, e.g. `0 3 * * *`; or a descriptor such as `@daily`.';
  }
  if (error.startsWith('unrecognized descriptor')) {
    return ' The descriptors are `@yearly` (`@annually`), `@monthly`, `@weekly`, `@daily` (`@midnight`), `@hourly` and `@every <duration>`, exactly so, without spaces around.';
  }
  if (error.startsWith('failed to parse int from') && /\d[LW]\b|#|\bL\b/.test(schedule)) return ' `L`, `W` and `#` are not supported.';
  if (error.startsWith('failed to parse duration')) return ' `@every` takes a Go duration such as `30m`, `1h30m` or `90s` (no `d` for days: use `24h`).';
  return '';
}

export const validateScheduleFormat: Rule = {
  name: 'validateScheduleFormat',
  kinds: ['CronJob'],
  codes: Object.values(CODES),
  check(context) {
    const spec = cronSpec(context);
    const schedule = asString(spec.schedule);
    // Absent: the schema check's "required"; a value of the wrong type: its type finding.
    if (schedule === undefined) return [];
    const path = ['spec', 'schedule'];
    if (schedule === '') {
      return [report(CODES.required, path,
        '`schedule` is empty: it says when the CronJob creates a Job, as 5 cron fields (`0 3 * * *`) or a descriptor (`@daily`). '
        + serverSays([serverError('spec.schedule', 'Required value')]))];
    }
    const findings: Finding[] = [];
    const parsed = parseStandard(schedule);
    if ('error' in parsed) {
      findings.push(report(CODES.invalid, path,
        `The server cannot read this schedule: ${parsed.error}.${hint(schedule, parsed.error)} `
        + serverSays([serverError('spec.schedule', 'Invalid value', schedule, parsed.error)])));
    }
    if (!schedule.includes('TZ')) return findings;
    const timeZone = spec.timeZone;
    if (context.minor >= CRONJOB_MINOR.timeZonePrefixRefused) {
      const zone = splitTimeZonePrefix(schedule)?.zone;
      findings.push(report(CODES.timeZonePrefix, path,
        'A time zone in the schedule (`TZ=` or `CRON_TZ=`) is refused when a CronJob is created: the server only '
        + 'accepts it, with a warning, on CronJobs created before 1.29. Remove it from `schedule` and set `timeZone` instead'
        + `${zone ? ` (\`timeZone: ${zone}\`)` : ''}. `
        + serverSays([serverError('spec.schedule', 'Invalid value', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead')])));
    } else if (context.minor >= CRONJOB_MINOR.timeZone && timeZone !== undefined) {
      findings.push(report(CODES.timeZonePrefixWithTimeZone, path,
        'This schedule names a time zone (`TZ=` or `CRON_TZ=`) and `timeZone` is set too: the server refuses the two together. '
        + 'Remove the prefix from `schedule` and keep `timeZone`. '
        + serverSays([serverError('spec.schedule', 'Invalid value', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule')])));
    }
    return findings;
  },
};
