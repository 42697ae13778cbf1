// The Job-specific checks on the name: the Indexed Pod hostname and the generated job-name labels.
import { jobManifest, runCases } from './job-cases';

const N = 'job/name';
const name61 = `j${'a'.repeat(60)}`;
const name63 = `j${'a'.repeat(62)}`;
const name64 = `j${'a'.repeat(63)}`;
const indexed = (name: string, completions: number) => jobManifest({ name, spec: `completionMode: Indexed\ncompletions: ${completions}` });

// In a CronJob these are ValidateJob's checks of each Job the controller creates, named `<CronJob name>-<time>`;
// at the CronJob's create, ValidateCronJobCreate limits its own name to 52 characters.
const TOO_LONG = { expected: [['cronjob/name/too-long', 'metadata.name']] as const, why: 'a CronJob name has at most 52 characters (ValidateCronJobCreate)' };

// In a JobSet the controller names each Job `<JobSet name>-r-<index>`: with these names JobSet's own webhook refuses
// the JobSet first (the Job names would not be DNS-1035 labels of 63 characters), so no Job is ever judged. A
// runtime's JobSet is named after each TrainJob: the runtime's name never reaches a Job.
const JOBSET_NAMES = {
  expected: [['jobset/job-name-invalid', 'spec.replicatedJobs[0].name']] as const,
  why: "JobSet's webhook refuses the Job names `<JobSet name>-r-<index>` before any Job exists",
};
const RUNTIME_NAMES = { expected: [] as const, why: "a runtime's Jobs are named after each TrainJob, not after the runtime" };
const BY_JOBSET = { inJobSet: JOBSET_NAMES, inTrainingRuntime: RUNTIME_NAMES };

runCases([
  { name: 'a 61-character Indexed Job with 10 completions fits its last hostname (-9) in 63 characters', yaml: indexed(name61, 10), expected: [] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a 61-character Indexed Job with 11 completions does not (-10)', yaml: indexed(name61, 11),
    expected: [[`${N}/indexed-hostname-invalid`, 'metadata.name']], words: [`${name61}-10`, 'at most 60 characters', 'lower `completions`'] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a dotted Indexed Job name cannot be a hostname (no extra name warning)', yaml: indexed('my.job', 2),
    expected: [[`${N}/indexed-hostname-invalid`, 'metadata.name']], words: ['my.job-1', 'contains a dot', 'without dots'] ,
    inCronJob: {
      expected: [['cronjob/name/not-dns-label', 'metadata.name', 'warning'], ['cronjob/name/indexed-hostname-invalid', 'metadata.name', 'warning']],
      why: "the CronJob's own name warning, and ours: each Indexed Job it creates would be refused for its Pod hostnames",
      words: ['contains a dot'],
    }, ...BY_JOBSET },
  { name: 'the hostname check counts the generated suffix of generateName', yaml: jobManifest({
      name: null, metadata: `generateName: ${'g'.repeat(57)}-`, spec: 'completionMode: Indexed\ncompletions: 100' }),
    expected: [[`${N}/indexed-hostname-invalid`, 'metadata.name']], words: ['generateName'] ,
    inCronJob: {
      expected: [['cronjob/name/too-long', 'metadata.generateName']], why: 'the name generated from generateName has 63 characters, above 52',
    }, ...BY_JOBSET },
  { name: 'completions 0 creates no Pod, so no hostname is checked', yaml: indexed(name63, 0), expected: [] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a NonIndexed Job with a long name has no hostname suffix', yaml: jobManifest({ name: name63, spec: 'completions: 11' }), expected: [] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a 63-character name fits the generated job-name labels', yaml: jobManifest({ name: name63 }), expected: [] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a 64-character name does not fit the generated job-name labels', yaml: jobManifest({ name: name64 }),
    expected: [[`${N}/generated-label-value-too-long`, 'spec.template.labels']],
    words: ['64 characters', '`job-name` and `batch.kubernetes.io/job-name`', '63 characters or less'] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'before 1.27 only the legacy job-name label is generated', minor: 26, yaml: jobManifest({ name: name64 }),
    expected: [[`${N}/generated-label-value-too-long`, 'spec.template.labels']], words: ['the label `job-name`'] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a Job without labels shares the template labels, so its own labels get the long value too',
    yaml: jobManifest({ name: name64, templateMetadata: 'labels:\n  app: web' }),
    expected: [[`${N}/generated-label-value-too-long`, 'spec.template.labels'], [`${N}/generated-label-value-too-long`, 'metadata.labels']],
    words: ['no labels of its own'] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a Job with labels of its own keeps them', yaml: jobManifest({ name: name64, metadata: 'labels:\n  team: a', templateMetadata: 'labels:\n  app: web' }),
    expected: [[`${N}/generated-label-value-too-long`, 'spec.template.labels']] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'with manualSelector no label is generated (only the name warning remains)',
    yaml: jobManifest({ name: name64, spec: 'manualSelector: true\nselector:\n  matchLabels:\n    app: web', templateMetadata: 'labels:\n  app: web' }),
    expected: [[`${N}/not-dns-label`, 'metadata.name', 'warning']] ,
    inCronJob: {
      expected: [
        ['cronjob/name/too-long', 'metadata.name'], ['cronjob/job-template/selector-forbidden', 'spec.jobTemplate.spec.selector', 'error', 'key'],
        ['cronjob/job-template/manual-selector-not-supported', 'spec.jobTemplate.spec.manualSelector'],
      ],
      why: 'ValidateJobTemplateSpec refuses a selector and manualSelector: true',
    }, ...BY_JOBSET },
  { name: 'labels the user wrote are the pod-template rules\' business (the name warning remains)', yaml: jobManifest({
      name: name64, templateMetadata: `labels:\n  job-name: ${name64}\n  batch.kubernetes.io/job-name: ${name64}` }),
    expected: [[`${N}/not-dns-label`, 'metadata.name', 'warning']] ,
    inCronJob: {
      expected: [
        ['cronjob/name/too-long', 'metadata.name'],
        ['cronjob/job-template/generated-label', 'spec.jobTemplate.spec.template.metadata.labels[job-name]', 'warning'],
        ['cronjob/job-template/generated-label', 'spec.jobTemplate.spec.template.metadata.labels[batch.kubernetes.io/job-name]', 'warning'],
      ],
      why: 'a written job-name label can never be the name of each Job (`<CronJob name>-<time>`), so each Job is refused',
    }, ...BY_JOBSET },
  { name: 'a long Indexed name gets both errors', yaml: indexed(name64, 2),
    expected: [[`${N}/generated-label-value-too-long`, 'spec.template.labels'], [`${N}/indexed-hostname-invalid`, 'metadata.name']] ,
    inCronJob: TOO_LONG, ...BY_JOBSET },
  { name: 'a name that is not a DNS subdomain is the metadata rules\' business', yaml: indexed('My_Job', 2), expected: [] },
]);
