// What a CronJob does: when it runs (in its zone), what happens to a missed or an overlapping run, the names of
// its Jobs and how many it keeps, from the CronJob controller model (behaviour/cronjob) and the stored CronJob.
import { controllerSchedule, getJobName, nextCronJobRuns, rfc3339, TOO_MANY_MISSED } from '../../behaviour/cronjob/index';
import { isObject } from '../../kube/defaults';
import type { JsonObject } from '../../types';
import { describeSchedule, formatRunTime } from '../schedule';
import type { CronJobFacts, ExplainSection } from './types';
import { durationWords, integerOr, stringOr } from './words';

/** validateCronJobName: the Job name `<name>-<minutes since the epoch>` must stay within 63 characters. */
export const MAX_CRONJOB_NAME = 52;

/** The facts of a stored CronJob (after SetDefaults_CronJob) at `nowSeconds`. */
export function cronJobFacts(cronJob: JsonObject, minor: number, nowSeconds: number): Omit<CronJobFacts, 'job'> {
  const spec = isObject(cronJob.spec) ? cronJob.spec : {};
  const metadata = isObject(cronJob.metadata) ? cronJob.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const schedule = controllerSchedule(cronJob, minor);
  const parsed = 'schedule' in schedule ? schedule : undefined;
  const runs = nextCronJobRuns(cronJob, minor, nowSeconds, 5)?.runs ?? [];
  return {
    schedule: stringOr(spec.schedule, ''),
    timeZone: parsed?.zone ?? null,
    words: parsed ? describeSchedule(parsed.schedule) : `never: ${'reason' in schedule && schedule.reason === 'UnknownTimeZone' ? 'the time zone is unknown to the controller' : 'the controller cannot parse the schedule'}`,
    nextRuns: runs.map(rfc3339),
    concurrencyPolicy: stringOr(spec.concurrencyPolicy, 'Allow'),
    startingDeadlineSeconds: integerOr(spec.startingDeadlineSeconds, null),
    suspend: spec.suspend === true,
    successfulJobsHistoryLimit: integerOr(spec.successfulJobsHistoryLimit, 3) ?? 3,
    failedJobsHistoryLimit: integerOr(spec.failedJobsHistoryLimit, 1) ?? 1,
    nextJobName: name && runs.length ? getJobName(name, runs[0]) : null,
    nameLength: name.length,
    nameHeadroom: MAX_CRONJOB_NAME - name.length,
  };
}

export function cronJobSections(facts: Omit<CronJobFacts, 'job'>, cronJob: JsonObject, minor: number, nowSeconds: number): ExplainSection[] {
  const sections: ExplainSection[] = [];
  const schedule = controllerSchedule(cronJob, minor);
  const zone = facts.timeZone ?? 'UTC';
  const where = facts.timeZone ? `in ${facts.timeZone === 'UTC' ? 'UTC' : `the time zone \`${facts.timeZone}\``}` : 'in the kube-controller-manager\'s time zone (`timeZone` is not set; UTC in most clusters, and below)';
  const scheduleLines = [`\`${facts.schedule}\`: ${facts.words}, ${where}.`];
  if (facts.suspend) scheduleLines.push('Suspended (`suspend: true`): no Job is created until it is set to false.');
  if ('schedule' in schedule && schedule.schedule.kind === 'every') {
    scheduleLines.push('`@every` counts from the creation (then from each run), not from clock times: the run times depend on when it is created.');
  } else if (facts.nextRuns.length) {
    scheduleLines.push(`Next five runs after ${formatRunTime(Math.floor(nowSeconds / 60) * 60, zone)}:`);
    for (const run of facts.nextRuns) scheduleLines.push(`- ${formatRunTime(Date.parse(run) / 1000, zone)}`);
  } else if ('schedule' in schedule) {
    scheduleLines.push('It never runs: no date in the next five years matches the schedule (the controller reports an invalid schedule).');
  }
  sections.push({ id: 'schedule', title: 'When it runs', lines: scheduleLines });

  const deadline = facts.startingDeadlineSeconds;
  sections.push({
    id: 'missedRuns', title: 'A missed run',
    lines: deadline === 0
      ? [
        'No run ever starts: with `startingDeadlineSeconds: 0` a run must start at its very time, and the controller looks at the CronJob only after it (it waits until the time plus 100 ms), when the run is already past its deadline and is not found. The CronJob is accepted and creates no Job.',
      ]
      : deadline === null
      ? [
        'When a run was missed (the controller was down, the CronJob suspended, or `Forbid` held it back), the most recent missed run starts as soon as the controller sees it, however late: one Job, not one per missed run.',
        `More than ${TOO_MANY_MISSED} missed runs (counted from the interval of the next two runs): a warning event \`TooManyMissedTimes\`, and the most recent still starts.`,
      ]
      : [
        `A missed run starts late only within \`startingDeadlineSeconds\` (${durationWords(deadline)}): the controller looks for due runs only that far back, so a run later than that is not found and skipped without an event; the next one runs on time.`,
        'Within the deadline, only the most recent missed run starts: one Job, not one per missed run.',
      ],
  });
  const overlap: Record<string, string> = {
    Allow: '`concurrencyPolicy: Allow`: a run starts even while an earlier Job is still running; they run side by side.',
    Forbid: '`concurrencyPolicy: Forbid`: while an earlier Job is still running, the run is skipped (event `JobAlreadyActive`); a Job that hangs blocks every later run unless its template sets `activeDeadlineSeconds`.',
    Replace: '`concurrencyPolicy: Replace`: the running Job is deleted (with its Pods) and the new one created.',
  };
  sections.push({ id: 'overlap', title: 'An overlapping run', lines: [overlap[facts.concurrencyPolicy] ?? `\`concurrencyPolicy: ${facts.concurrencyPolicy}\` is unknown to the controller: it creates the Job as with Allow.`] });
  const nameLines = [
    `Each Job is named \`<CronJob name>-<minutes since 1970>\`${facts.nextJobName ? `; the next is \`${facts.nextJobName}\`` : ''}: the same scheduled time always gives the same name, so a run is never created twice.`,
    facts.nameHeadroom >= 0
      ? `A CronJob name may have ${MAX_CRONJOB_NAME} characters so that its Jobs' names fit in 63; this one has ${facts.nameLength}, ${facts.nameHeadroom} to spare.`
      : `A CronJob name may have ${MAX_CRONJOB_NAME} characters so that its Jobs' names fit in 63; this one has ${facts.nameLength}, ${-facts.nameHeadroom} too many: the API server refuses it.`,
  ];
  sections.push({ id: 'names', title: 'Job names', lines: nameLines });
  sections.push({
    id: 'history', title: 'Finished Jobs kept',
    lines: [`The ${facts.successfulJobsHistoryLimit} newest successful and ${facts.failedJobsHistoryLimit} newest failed Jobs are kept; older ones are deleted with their Pods and logs.`],
  });
  return sections;
}
