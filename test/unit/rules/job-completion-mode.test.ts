// The Indexed completion mode block of validateJobSpec.
import { jobManifest, runCases } from './job-cases';

const indexed = (lines: string) => jobManifest({ spec: `completionMode: Indexed\n${lines}` });

runCases([
  { name: 'an Indexed Job with parallelism but no completions is refused', yaml: indexed('parallelism: 3'),
    expected: [['job/completion-mode/indexed-requires-completions', 'spec.completions']], words: ['Indexed', 'completions', 'parallelism'],
    inCronJob: {
      expected: [['job/completion-mode/indexed-requires-completions', 'spec.jobTemplate.spec.completions']],
      why: 'the same error; the message says that a job template gets no Job defaults', words: ["CronJob's job template", 'does not default `completions`'],
    } },
  { name: 'an Indexed Job with completions is fine', yaml: indexed('completions: 3\nparallelism: 3'), expected: [] },
  { name: 'an Indexed Job without completions and parallelism is defaulted to one index, with a warning', yaml: indexed(''),
    expected: [['job/completion-mode/indexed-completions-defaulted', 'spec.completionMode', 'warning']], words: ['index 0', 'both to 1'],
    inCronJob: { expected: [['job/completion-mode/indexed-requires-completions', 'spec.jobTemplate.spec.completions']], why: 'a job template gets no Job defaults (SetObjectDefaults_CronJob calls no SetDefaults_Job), so Indexed needs completions written' } },
  { name: 'a NonIndexed Job without completions is a work queue and fine', yaml: jobManifest({ spec: 'parallelism: 3' }), expected: [] },
  { name: 'an Indexed Job allows parallelism 100000', yaml: indexed('completions: 5\nparallelism: 100000'), expected: [] },
  { name: 'an Indexed Job refuses parallelism 100001', yaml: indexed('completions: 5\nparallelism: 100001'),
    expected: [['job/completion-mode/indexed-parallelism-too-large', 'spec.parallelism']], words: ['100001', '100000'] },
  { name: 'a NonIndexed Job has no parallelism cap', yaml: jobManifest({ spec: 'completions: 5\nparallelism: 100001' }), expected: [] },
  { name: 'an unknown completion mode is left to the schema check', yaml: jobManifest({ spec: 'completionMode: indexed\nparallelism: 3' }), expected: [] },
]);
