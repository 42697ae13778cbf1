// What a CronJob author needs to know although the server accepts it (findings of ours, not the server's;
// warnings for what is likely to break, information for common advice):
//   - a schedule that no date matches (`0 0 30 2 *`): the controller never creates a Job;
//   - `concurrencyPolicy: Forbid` with a job template without `activeDeadlineSeconds` (of the Job, or of its Pods):
//     a Job that hangs is never replaced, so every later run is skipped (information: a third of real CronJobs
//     are written so, and most of their Jobs never hang);
//   - `startingDeadlineSeconds: 0`: no run ever starts. The controller (cronjob_controllerv2.go) requeues a CronJob
//     for its next time plus nextScheduleDelta (100 ms), and mostRecentScheduleTime (utils.go) counts only schedule
//     times after now - startingDeadlineSeconds: with 0 that is after now, so none is ever due;
//   - `startingDeadlineSeconds` from 1 to 9: runs start while the controller keeps up (it looks 100 ms after each
//     time), but any delay longer than that (a kube-controller-manager restart or failover, a busy queue) skips the
//     run. Information: the old controller, which looked every 10 seconds and gave this code its name, is gone
//     (CronJobControllerV2 has been the only one since 1.22);
//   - a name too long for the hostnames of an Indexed job template: each Job would be refused when the controller
//     creates it (ValidateJob: `<job name>-<last index>` must be a DNS label; the Job name is the CronJob's name, a
//     `-` and the scheduled time in minutes since 1970, 8 digits until 2160);
//   - a Pod template label under a key the server generates for each Job (`job-name`, `controller-uid`, ...): a
//     written value is kept, and can never be that Job's name or UID, so each Job is refused (validateGeneratedSelector).
import { neverRuns, parseStandard } from '../../kube/cron';
import { dns1123LabelProblems, isDns1123Subdomain } from '../../kube/names';
import type { Finding, Rule, RuleCode } from '../../types';
import { generatedLabels } from '../job/generatedSelector';
import { effectiveJobName, jobParts } from '../job/jobFields';
import { asInteger, asObject, asString, report } from '../shared';
import { CRONJOB_DOCS, cronSpec } from './cronJobFields';
import { MAX_CRONJOB_NAME_LENGTH } from './validateCronJobName';

/** Below this many seconds a starting deadline leaves little room for a late controller (the advice of the CronJob docs). */
const COMFORTABLE_DEADLINE_SECONDS = 10;
/** A Job name suffix: `-` and the scheduled time in minutes since 1970 (8 digits from 1989 to 2160). */
const JOB_NAME_SUFFIX = '-29000000';

const CODES = {
  neverRuns: {
    code: 'cronjob/schedule/never-runs', severity: 'warning', title: 'The schedule matches no date, so no Job is ever created',
    mirrors: '-', href: CRONJOB_DOCS.scheduleSyntax,
  },
  forbidWithoutDeadline: {
    code: 'cronjob/concurrency/forbid-without-deadline', severity: 'information',
    title: 'With `concurrencyPolicy: Forbid`, a job template without `activeDeadlineSeconds` lets one hung Job block all later runs',
    mirrors: '-', href: CRONJOB_DOCS.concurrencyPolicy,
  },
  startingDeadlineZero: {
    code: 'cronjob/starting-deadline/zero', severity: 'warning',
    title: '`startingDeadlineSeconds: 0` starts no run: the controller always looks at a CronJob after its time',
    mirrors: 'mostRecentScheduleTime and the requeue of syncCronJob (cronjob controller)', href: CRONJOB_DOCS.startingDeadline,
  },
  startingDeadlineTooShort: {
    code: 'cronjob/starting-deadline/below-controller-interval', severity: 'information',
    title: '`startingDeadlineSeconds` below 10 skips a run whenever the controller is a few seconds late',
    mirrors: '-', href: CRONJOB_DOCS.startingDeadline,
  },
  generatedLabel: {
    code: 'cronjob/job-template/generated-label', severity: 'warning',
    title: 'A Pod template label under a key the server generates for each Job (`job-name`, `controller-uid`, ...) makes every Job be refused',
    mirrors: 'validateGeneratedSelector (when each Job is created)', href: CRONJOB_DOCS.jobTemplate,
  },
  indexedHostname: {
    code: 'cronjob/name/indexed-hostname-invalid', severity: 'warning',
    title: "The CronJob's name leaves no room for the hostnames of its Indexed Jobs: each Job would be refused",
    mirrors: 'ValidateJob (when each Job is created)', href: CRONJOB_DOCS.jobCreation,
  },
} satisfies Record<string, RuleCode>;

export const cronJobPitfalls: Rule = {
  name: 'CronJob pitfalls',
  kinds: ['CronJob'],
  codes: Object.values(CODES),
  check(context) {
    const spec = cronSpec(context);
    const findings: Finding[] = [];
    const schedule = asString(spec.schedule);
    const parsed = schedule ? parseStandard(schedule) : undefined;
    if (parsed && 'schedule' in parsed && parsed.schedule.kind === 'spec' && neverRuns(parsed.schedule)) {
      findings.push(report(CODES.neverRuns, ['spec', 'schedule'],
        'The server accepts this schedule, but no date matches it (a day that none of its months has, such as 30 February, '
        + 'or an empty field), so the CronJob never creates a Job. Check the day-of-month and month fields.'));
    }
    const job = jobParts(context);
    const podDeadline = asObject(job.template?.spec)?.activeDeadlineSeconds;
    if (spec.concurrencyPolicy === 'Forbid' && job.template && job.spec.activeDeadlineSeconds === undefined && podDeadline === undefined) {
      findings.push(report(CODES.forbidWithoutDeadline, ['spec', 'concurrencyPolicy'],
        'With `concurrencyPolicy: Forbid` a run is skipped while the previous Job is still active, and this job template sets no '
        + '`activeDeadlineSeconds`: a Job that hangs keeps running, and every later run is skipped until someone deletes it. '
        + `Set \`activeDeadlineSeconds\` under \`${job.printed()}\` to a bit less than the time between runs.`));
    }
    const deadline = asInteger(spec.startingDeadlineSeconds);
    if (deadline === 0) {
      findings.push(report(CODES.startingDeadlineZero, ['spec', 'startingDeadlineSeconds'],
        '`startingDeadlineSeconds` is 0, so no run ever starts: the controller looks at a CronJob just after each scheduled time '
        + '(it waits until then plus 100 ms), and it only starts a run whose time is within `startingDeadlineSeconds` of now. '
        + 'The server accepts the CronJob, and each run is skipped. Use the seconds a run may start late (60 or more leaves '
        + 'room for a busy or restarting controller), or remove the field to start late runs whenever the controller gets to them.'));
    } else if (deadline !== undefined && deadline > 0 && deadline < COMFORTABLE_DEADLINE_SECONDS) {
      findings.push(report(CODES.startingDeadlineTooShort, ['spec', 'startingDeadlineSeconds'],
        `\`startingDeadlineSeconds\` is ${deadline}: the controller starts a run about 100 ms after its time, so runs start while it `
        + `keeps up, but a run is skipped whenever it is more than ${deadline} second${deadline === 1 ? '' : 's'} late: a restart or `
        + 'failover of kube-controller-manager, or a busy work queue. 60 or more leaves room for those.'));
    }
    findings.push(...generatedLabelFindings(job, context.minor));
    const hostname = indexedHostnameFinding(context, job);
    if (hostname) findings.push(hostname);
    return findings;
  },
};

function generatedLabelFindings(job: ReturnType<typeof jobParts>, minor: number): Finding[] {
  const labels = asObject(asObject(job.template?.metadata)?.labels);
  if (!labels) return [];
  return generatedLabels(minor).filter((label) => labels[label.key] !== undefined).map((label) =>
    report(CODES.generatedLabel, job.at('template', 'metadata', 'labels', label.key),
      `The server sets the Pod template label \`${label.key}\` of each Job to that Job's ${label.holds === 'uid' ? 'UID' : 'name (`<CronJob name>-<time>`)'}, `
      + 'but keeps a value written here, which cannot be it: the CronJob is accepted, but every Job it creates is refused. Remove the label '
      + '(the server adds it to each Job).'));
}

function indexedHostnameFinding(context: Parameters<Rule['check']>[0], job: ReturnType<typeof jobParts>): Finding | undefined {
  const name = effectiveJobName(context);
  const completions = asInteger(job.spec.completions);
  if (!name || !isDns1123Subdomain(name.name) || name.name.length > MAX_CRONJOB_NAME_LENGTH) return undefined;
  if (job.spec.completionMode !== 'Indexed' || completions === undefined || completions <= 0) return undefined;
  const hostname = `${name.name}${JOB_NAME_SUFFIX}-${completions - 1}`;
  const problems = dns1123LabelProblems(hostname);
  if (problems.length === 0) return undefined;
  return report(CODES.indexedHostname, ['metadata', name.generated ? 'generateName' : 'name'],
    `Each Job of this CronJob is named \`<CronJob name>-<8-digit time>\`, and its Pods get the hostname \`<Job name>-<index>\`: the last `
    + `one would look like \`${hostname}\`, which is not a valid DNS label (${problems.join('; ')}). The server accepts the CronJob, but `
    + 'refuses every Job it creates ("will not able to create pod with invalid DNS label"). Use a shorter name without dots, or lower `completions`.');
}
