// Every CronJob field the catalogue explains: its own fields in our words, and the Job fields of its job
// template, which are the Job's entries moved to `spec.jobTemplate.spec` (one text for both kinds), less
// what only a Job's own create checks (its name, selector and generated labels) and with the selector
// entries saying that a job template may not have one.
import { jobSpecLocation, atJobSpecSchemaPath } from '../kube/jobSpec';
import { JOB_FIELDS } from './job';
import { JOB_DOCS } from './links';
import { ON_OFF, type FieldDoc, type Interaction } from './types';

const PAGE = 'https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/';
const API = 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/cron-job-v1/';

const TOP_LEVEL: FieldDoc[] = [
  {
    path: 'apiVersion',
    summary: 'The API group and version of the object: always `batch/v1` for a CronJob',
    details:
      'CronJobs are served as `batch/v1` since Kubernetes 1.21. `batch/v1beta1` was deprecated then and removed in 1.25; ' +
      '`batch/v2alpha1` was an alpha version, removed in 1.21.',
    values: { 'batch/v1': 'The version that serves CronJobs.' },
    mutability: 'immutable',
    interactions: [
      { text: 'Another version of the `batch` group is refused by API discovery.', field: 'kind', rule: 'kind/api-version' },
      { text: 'Up to 1.24, `batch/v1beta1` still works, with a deprecation warning.', rule: 'kind/api-version-deprecated' },
    ],
    docs: API,
  },
  {
    path: 'kind',
    summary: 'The type of object: `CronJob`',
    values: { CronJob: 'Creates a Job from its template on a repeating schedule.' },
    mutability: 'immutable',
    docs: API,
  },
  {
    path: 'metadata',
    summary: 'Name, namespace, labels and annotations of the CronJob',
    details:
      'The name starts the name of every Job the CronJob creates (`<name>-<scheduled time in minutes>`, 11 more characters), and ' +
      'through the Jobs the names and hostnames of their Pods. So it may have at most 52 characters, and should be a DNS label: ' +
      'lower-case letters, digits and `-`, no dots.\n\n' +
      'The labels here are the CronJob\'s own; labels for the Jobs go in `spec.jobTemplate.metadata`, labels for the Pods in ' +
      '`spec.jobTemplate.spec.template.metadata`.',
    limits: ['name: DNS subdomain of at most 52 characters'],
    mutability: 'name and namespace are fixed; labels and annotations may change',
    interactions: [
      { text: 'A name or a generateName is needed.', rule: 'meta/name-required' },
      { text: 'At most 52 characters, because each Job name adds 11.', rule: 'cronjob/name/too-long' },
      { text: 'A name with dots is accepted, with a warning: Pod hostnames cannot contain dots.', rule: 'cronjob/name/not-dns-label' },
      { text: 'An Indexed job template needs room for `-<time>-<index>` in the Pod hostnames.', field: 'spec.jobTemplate.spec.completionMode', rule: 'cronjob/name/indexed-hostname-invalid' },
    ],
    example: 'metadata:\n  name: nightly-backup\n  namespace: batch\n  labels:\n    app.kubernetes.io/name: nightly-backup\n',
    docs: `${PAGE}#writing-a-cronjob-spec`,
  },
  {
    path: 'spec',
    summary: 'When to run (schedule, time zone), what to run (jobTemplate), and how to handle late or overlapping runs',
    details:
      '`schedule` and `jobTemplate` are required. By default runs may overlap (`concurrencyPolicy: Allow`), a late run starts however ' +
      'late, and the last 3 successful and the last failed Job are kept.',
    example:
      'spec:\n  schedule: "0 3 * * *"\n  timeZone: Etc/UTC\n  jobTemplate:\n    spec:\n      template:\n        spec:\n' +
      '          restartPolicy: OnFailure\n          containers:\n          - name: main\n            image: busybox:1.36\n',
    docs: `${PAGE}#writing-a-cronjob-spec`,
  },
  {
    path: 'status',
    summary: 'What the CronJob controller has observed: running Jobs and the last scheduled and successful times',
    details: 'Written by the CronJob controller. A `status` in a manifest is ignored: the API server empties it when the CronJob is created.',
    mutability: 'set by the CronJob controller; ignored in manifests',
    docs: API,
  },
];

const WHEN: FieldDoc[] = [
  {
    path: 'spec.schedule',
    summary: 'When to create a Job: 5 cron fields (minute hour day-of-month month day-of-week) or a descriptor such as `@daily`',
    details:
      'Minute 0-59, hour 0-23, day of month 1-31, month 1-12 or `jan`-`dec`, day of week 0-6 or `sun`-`sat` (Sunday is 0; `7` is ' +
      'refused). Each field takes `*` (or `?`), a number, a range `a-b`, a list `a,b`, and a step `*/15` or `a-b/2`. ' +
      'When both day fields are restricted (neither is `*`), a day matching either one counts; when one is `*`, both must match.\n\n' +
      'The descriptors are `@yearly` (`@annually`), `@monthly`, `@weekly` (Sunday 00:00), `@daily` (`@midnight`), `@hourly`, and ' +
      '`@every <duration>` (`@every 1h30m`), which counts from the CronJob\'s creation instead of the clock. There is no seconds field, ' +
      'and no `L`, `W` or `#`.\n\n' +
      'The times are in `timeZone` when it is set, otherwise in the kube-controller-manager\'s time zone (UTC in most clusters). ' +
      'Quote the value in YAML: a plain `*/5 ...` is read as an alias and `@daily` is a reserved character.',
    limits: ['5 fields or a descriptor', 'no `TZ=` / `CRON_TZ=` prefix from 1.29'],
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'The controller plans the next runs from the new schedule; a Job that is running now goes on.',
    interactions: [
      { text: 'Must not be empty.', rule: 'cronjob/schedule/required' },
      { text: 'Must be readable by the server\'s cron parser.', rule: 'cronjob/schedule/invalid' },
      { text: 'A `TZ=` or `CRON_TZ=` prefix is refused from 1.29: set `timeZone` instead.', field: 'spec.timeZone', rule: 'cronjob/schedule/time-zone-prefix' },
      { text: 'A schedule that matches no date never creates a Job.', rule: 'cronjob/schedule/never-runs' },
    ],
    example: 'spec:\n  schedule: "30 2 * * 1-5"   # 02:30 on Monday to Friday\n',
    docs: `${PAGE}#schedule-syntax`,
  },
  {
    path: 'spec.timeZone',
    summary: 'The time zone the schedule is read in, by its IANA name (`Europe/Berlin`, `Etc/UTC`)',
    details:
      'Without it, the schedule follows the kube-controller-manager\'s own clock zone, which is usually UTC but is whatever that ' +
      'process was started with. Set it whenever the wall-clock time matters. Across daylight-saving changes a run whose time is skipped ' +
      'does not happen that day, and a run in a repeated hour happens twice.\n\n' +
      'The name must exist in the time-zone database of the API server and of the controller; names are case-sensitive, and `Local` ' +
      'is refused.',
    maturity: 'GA',
    featureGate: 'CronJobTimeZone',
    mutability: 'mutable',
    onUpdate: 'The next runs are planned in the new zone; a Job that is running now goes on.',
    interactions: [
      { text: 'Must not be empty.', rule: 'cronjob/time-zone/empty' },
      { text: '`Local` is refused.', rule: 'cronjob/time-zone/local' },
      { text: 'Must be a name of the IANA database.', rule: 'cronjob/time-zone/unknown' },
      { text: 'From 1.25 to 1.28, cannot be combined with a `TZ=` prefix in the schedule.', field: 'spec.schedule', rule: 'cronjob/schedule/time-zone-prefix-with-time-zone' },
    ],
    example: 'spec:\n  schedule: "0 9 * * 1-5"\n  timeZone: America/New_York\n',
    docs: `${PAGE}#time-zones`,
  },
  {
    path: 'spec.startingDeadlineSeconds',
    summary: 'How many seconds late a run may still start; a run later than that is skipped',
    details:
      'A run can be late because the controller was down, the CronJob was suspended, or a `Forbid` policy held it back. Without this ' +
      'field the most recent late run starts however late (one Job, not one per missed run). The controller looks for due runs only ' +
      'this many seconds back, so a run later than that is simply not found: it is skipped without a `MissSchedule` event ' +
      '(kubernetes#101148). The controller wakes at each scheduled time, so small values work on a healthy cluster; a busy controller ' +
      'may take a few seconds.\n\n' +
      'Without a deadline the search goes back to the last run: when the controller counts more than 100 missed start times it ' +
      'records a "too many missed start times" warning and still starts the most recent one (controllers before 1.21 stopped ' +
      'scheduling the CronJob instead). A deadline keeps that window small.',
    limits: ['at least 0; 10 or more in practice'],
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'Counts for the runs that are due from now on.',
    interactions: [
      { text: 'Must not be negative.', rule: 'cronjob/numbers/negative-starting-deadline-seconds' },
      { text: '0 starts no run: the controller always looks a little after the time.', rule: 'cronjob/starting-deadline/zero' },
      { text: 'Below 10, a run is skipped whenever the controller is that late.', rule: 'cronjob/starting-deadline/below-controller-interval' },
    ],
    example: 'spec:\n  startingDeadlineSeconds: 300\n',
    docs: `${PAGE}#starting-deadline`,
  },
  {
    path: 'spec.concurrencyPolicy',
    summary: 'What to do when a run is due while the previous Job is still active',
    default: 'Allow',
    values: {
      Allow: 'Start the new Job anyway: runs may overlap. Fine for idempotent work that never outlives the interval.',
      Forbid: 'Skip the new run while the previous Job is active. A Job that hangs blocks every later run, so give the job template an `activeDeadlineSeconds`.',
      Replace: 'Delete the active Job (and its Pods) and start the new one. Good when only the latest run matters.',
    },
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'Decides what happens at the next run; running Jobs are left as they are until then.',
    interactions: [
      { text: 'With `Forbid`, a job template without `activeDeadlineSeconds` can block all later runs.', field: 'spec.jobTemplate.spec.activeDeadlineSeconds', rule: 'cronjob/concurrency/forbid-without-deadline' },
    ],
    example: 'spec:\n  concurrencyPolicy: Forbid\n',
    docs: `${PAGE}#concurrency-policy`,
  },
  {
    path: 'spec.suspend',
    summary: 'Stop creating new Jobs, without touching the ones already running',
    details:
      'While suspended, due runs are not started; when it is set back to false, the most recent run missed meanwhile starts at once ' +
      '(one Job, however many were missed) unless `startingDeadlineSeconds` has passed for it. Useful to pause a CronJob for maintenance.',
    default: 'false',
    values: ON_OFF('No new Jobs are created; running Jobs go on.', 'Jobs are created on schedule.'),
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: '`true` stops new runs (running Jobs go on to the end); `false` resumes them, and the most recent run missed meanwhile starts at once unless its starting deadline has passed.',
    interactions: [{ text: 'The most recent run missed while suspended starts on resume unless its starting deadline has passed.', field: 'spec.startingDeadlineSeconds' }],
    example: 'spec:\n  suspend: true\n',
    docs: `${PAGE}#schedule-suspension`,
  },
  {
    path: 'spec.successfulJobsHistoryLimit',
    summary: 'How many finished successful Jobs (and their Pods and logs) to keep',
    details: 'Older successful Jobs are deleted with their Pods. `0` keeps none, which also removes their logs right away.',
    default: '3',
    limits: ['at least 0'],
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'The controller deletes finished Jobs beyond the new limit at its next pass.',
    interactions: [{ text: 'Must not be negative.', rule: 'cronjob/numbers/negative-successful-jobs-history-limit' }],
    example: 'spec:\n  successfulJobsHistoryLimit: 3\n  failedJobsHistoryLimit: 5\n',
    docs: `${PAGE}#jobs-history-limits`,
  },
  {
    path: 'spec.failedJobsHistoryLimit',
    summary: 'How many failed Jobs (and their Pods and logs) to keep for debugging',
    details: 'Older failed Jobs are deleted with their Pods. Keep a few to be able to read why runs failed.',
    default: '1',
    limits: ['at least 0'],
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'The controller deletes failed Jobs beyond the new limit at its next pass.',
    interactions: [{ text: 'Must not be negative.', rule: 'cronjob/numbers/negative-failed-jobs-history-limit' }],
    example: 'spec:\n  failedJobsHistoryLimit: 5\n',
    docs: `${PAGE}#jobs-history-limits`,
  },
];

const JOB_TEMPLATE: FieldDoc[] = [
  {
    path: 'spec.jobTemplate',
    summary: 'The Job each run creates: its labels and annotations, and its spec',
    details:
      'Each run creates a Job named `<CronJob name>-<time>` from this template. Its `spec` is checked like a Job\'s, with two ' +
      'differences at the CronJob\'s create: there is no selector (each Job gets its own), and the Job defaults come only when the ' +
      'Job is created, so an Indexed template must state `completions`.',
    maturity: 'GA',
    mutability: 'mutable; changes apply to the Jobs created afterwards',
    onUpdate: 'Only the Jobs created from now on get the new template: a Job that exists, running or finished, keeps its own.',
    example:
      'spec:\n  jobTemplate:\n    spec:\n      backoffLimit: 2\n      activeDeadlineSeconds: 3000\n      template:\n        spec:\n' +
      '          restartPolicy: Never\n          containers:\n          - name: main\n            image: busybox:1.36\n',
    docs: `${PAGE}#job-template`,
  },
  {
    path: 'spec.jobTemplate.metadata',
    summary: 'Labels and annotations for each Job the CronJob creates',
    details:
      'Copied onto every Job. The name and namespace here are not used: the controller names each Job after the CronJob and puts it ' +
      'in the CronJob\'s namespace. The server does not check these labels when the CronJob is created, but a Job with an invalid ' +
      'label is refused, so each run would fail.',
    maturity: 'GA',
    example: 'spec:\n  jobTemplate:\n    metadata:\n      labels:\n        app.kubernetes.io/component: backup\n',
    docs: `${PAGE}#job-template`,
  },
  {
    path: 'spec.jobTemplate.spec',
    summary: 'The spec of each Job: what it runs and its rules for finishing, retrying and cleaning up',
    details:
      'The same fields as a Job\'s `spec`, checked the same way. Set `activeDeadlineSeconds` so that a stuck run ends, and ' +
      '`ttlSecondsAfterFinished` only if the history limits should not decide when finished Jobs go.',
    maturity: 'GA',
    example:
      'spec:\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n' +
      '          - name: main\n            image: busybox:1.36\n',
    docs: JOB_DOCS.writingSpec,
  },
];

const STATUS: FieldDoc[] = [
  {
    path: 'status.active',
    summary: 'References to the Jobs of this CronJob that are running now',
    mutability: 'set by the CronJob controller',
    docs: API,
  },
  ...(
    [
      ['apiVersion', 'The API version of the running Job (`batch/v1`)'],
      ['kind', 'The kind of the referenced object: `Job`'],
      ['name', 'The name of a running Job (`<CronJob name>-<time>`)'],
      ['namespace', 'The namespace of a running Job: the CronJob\'s'],
      ['uid', 'The UID of a running Job'],
      ['resourceVersion', 'The resource version of the Job when the controller recorded it'],
      ['fieldPath', 'Unused for Jobs: a reference to a part of an object'],
    ] as const
  ).map(([field, summary]): FieldDoc => ({ path: `status.active[].${field}`, summary, mutability: 'set by the CronJob controller', docs: API })),
  {
    path: 'status.lastScheduleTime',
    summary: 'When the controller last created a Job for a scheduled time',
    mutability: 'set by the CronJob controller',
    docs: API,
  },
  {
    path: 'status.lastSuccessfulTime',
    summary: 'When a Job of this CronJob last completed successfully',
    mutability: 'set by the CronJob controller',
    docs: API,
  },
];

// ---- The Job fields of the job template ------------------------------------------------------------------

const IN_TEMPLATE = jobSpecLocation('CronJob');

/** Rule codes of ValidateJob's own checks, which a job template does not get. */
const JOB_ONLY_RULE = /^job\/(selector|name)\//;

const SELECTOR_REFUSED: Interaction = {
  text: 'A job template may not have a selector: each Job gets a generated one.',
  rule: 'cronjob/job-template/selector-forbidden',
};

/** What the Job's selector entries say in a job template, where a selector is refused. */
const SELECTOR_OVERRIDES: Readonly<Record<string, Partial<FieldDoc>>> = {
  'spec.selector': {
    summary: 'Leave it out: a CronJob\'s job template may not have a selector',
    details:
      'The server generates a selector for each Job the CronJob creates, from that Job\'s own UID, and refuses one written in the ' +
      'template. The Pods are found through the labels the Job controller adds.',
  },
  'spec.manualSelector': {
    summary: 'Leave it out (or false): `true` is refused in a CronJob\'s job template',
    details: 'Each Job of a CronJob gets a generated selector; managing selectors by hand is not possible here.',
    values: ON_OFF('Refused in a job template.', 'The default: the selector is generated for each Job.'),
    interactions: [{ text: '`true` is refused in a job template.', rule: 'cronjob/job-template/manual-selector-not-supported' }],
  },
};

function inJobTemplate(doc: FieldDoc): FieldDoc {
  if (!IN_TEMPLATE) throw new Error('CronJob keeps a JobSpec');
  const rebase = (path: string) => atJobSpecSchemaPath(IN_TEMPLATE, path);
  const interactions = (doc.interactions ?? [])
    .filter((interaction) => !(interaction.rule && JOB_ONLY_RULE.test(interaction.rule)))
    .filter((interaction) => !interaction.field || interaction.field === 'spec' || interaction.field.startsWith('spec.'))
    .map((interaction) => (interaction.field ? { ...interaction, field: rebase(interaction.field) } : interaction));
  const override = SELECTOR_OVERRIDES[doc.path];
  const underSelector = doc.path.startsWith('spec.selector.');
  const moved: FieldDoc = { ...doc, path: rebase(doc.path), ...(doc.example ? { example: inTemplateExample(doc.example) } : {}) };
  if (override) return { ...moved, ...override, interactions: override.interactions ?? [SELECTOR_REFUSED], example: undefined };
  if (underSelector) {
    return { ...moved, details: 'A CronJob\'s job template may not have a selector at all: the server generates one for each Job.', interactions: [SELECTOR_REFUSED], example: undefined };
  }
  return { ...moved, interactions: interactions.length ? interactions : undefined };
}

/** A Job example written from `spec:` moves under `spec.jobTemplate.spec`; one rooted deeper (a Pod spec) stays. */
function inTemplateExample(example: string): string {
  if (!example.startsWith('spec:\n')) return example;
  const body = example.slice('spec:\n'.length).replace(/^(?=.)/gm, '    ');
  return `spec:\n  jobTemplate:\n    spec:\n${body}`;
}

const JOB_SPEC_FIELDS_IN_TEMPLATE: FieldDoc[] = JOB_FIELDS.filter((doc) => doc.path.startsWith('spec.')).map(inJobTemplate);

export const CRONJOB_FIELDS: readonly FieldDoc[] = [...TOP_LEVEL, ...WHEN, ...JOB_TEMPLATE, ...JOB_SPEC_FIELDS_IN_TEMPLATE, ...STATUS];
