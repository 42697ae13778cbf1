// jobStrategy.WarningsOnCreate and WarningsForJobSpec.
import { jobManifest, runCases } from './job-cases';

const indexed = (lines: string, minor?: number) => ({ yaml: jobManifest({ spec: `completionMode: Indexed\n${lines}` }), ...(minor ? { minor } : {}) });

// A dotted JobSet name makes dotted Job names `<name>-r-<index>`, which JobSet's webhook refuses (not DNS-1035
// labels) before any Job exists; a runtime's Jobs are named after each TrainJob.
const DOTTED = {
  inJobSet: { expected: [['jobset/job-name-invalid', 'spec.replicatedJobs[0].name']] as const, why: "JobSet's webhook refuses dotted Job names" },
  inTrainingRuntime: { expected: [] as const, why: "a runtime's Jobs are named after each TrainJob" },
};

runCases([
  { name: 'a dotted name is accepted with a warning', yaml: jobManifest({ name: 'my.job' }),
    expected: [['job/name/not-dns-label', 'metadata.name', 'warning']], words: ['contains a dot', 'hostnames'],
    inCronJob: {
      expected: [['cronjob/name/not-dns-label', 'metadata.name', 'warning']], words: ['contains a dot', 'hostnames'],
      why: 'the CronJob strategy warns about its own name (cronJobStrategy.WarningsOnCreate)',
    }, ...DOTTED },
  { name: 'a DNS-label name gets no warning', yaml: jobManifest({ name: 'my-job' }), expected: [] },
  { name: 'a dotted generateName gets the warning too', yaml: jobManifest({ name: null, metadata: 'generateName: my.job-' }),
    expected: [['job/name/not-dns-label', 'metadata.name', 'warning']],
    inCronJob: {
      expected: [['cronjob/name/not-dns-label', 'metadata.generateName', 'warning']],
      why: "the CronJob's own warning, on the generateName it comes from",
    }, ...DOTTED },
  { name: 'servers before 1.27 do not warn about the name', minor: 26, yaml: jobManifest({ name: 'my.job' }), expected: [], ...DOTTED },
  { name: 'an Indexed Job above 100000 completions and 10000 parallelism is warned about',
    ...indexed('completions: 100001\nparallelism: 10001'),
    expected: [['job/completion-mode/large-indexed-job', 'spec', 'warning', 'key']], words: ['100001', '10001', 'completed indexes'] },
  { name: 'parallelism 10000 is below the warning', ...indexed('completions: 100001\nparallelism: 10000'), expected: [] },
  { name: 'completions 100000 is below the warning', ...indexed('completions: 100000\nparallelism: 10001'), expected: [] },
  { name: 'servers before 1.28 do not warn about large Indexed Jobs', ...indexed('completions: 100001\nparallelism: 10001', 27), expected: [] },
  { name: 'a NonIndexed Job is not warned about', yaml: jobManifest({ spec: 'completions: 100001\nparallelism: 10001' }), expected: [] },
]);
