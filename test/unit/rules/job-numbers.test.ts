// validateJobSpec's non-negative numbers, and the warning for activeDeadlineSeconds: 0.
import { jobManifest, runCases } from './job-cases';

const spec = (lines: string) => jobManifest({ spec: lines });

runCases([
  { name: 'negative parallelism is refused', yaml: spec('parallelism: -1'),
    expected: [['job/numbers/negative-parallelism', 'spec.parallelism']], words: ['-1', 'must not be negative', 'pause'] },
  { name: 'parallelism 0 pauses the Job and is accepted', yaml: spec('parallelism: 0'), expected: [] },
  { name: 'negative completions is refused', yaml: spec('completions: -2'),
    expected: [['job/numbers/negative-completions', 'spec.completions']], words: ['-2', 'must succeed'] },
  { name: 'completions 0 is accepted', yaml: spec('completions: 0'), expected: [] },
  { name: 'negative activeDeadlineSeconds is refused', yaml: spec('activeDeadlineSeconds: -1'),
    expected: [['job/numbers/negative-active-deadline-seconds', 'spec.activeDeadlineSeconds']], words: ['no deadline'] },
  { name: 'activeDeadlineSeconds 0 is accepted but warned about: the Job fails at once', yaml: spec('activeDeadlineSeconds: 0'),
    expected: [['job/numbers/zero-active-deadline-seconds', 'spec.activeDeadlineSeconds', 'warning']],
    words: ['DeadlineExceeded', 'positive'] },
  { name: 'activeDeadlineSeconds 1 is fine', yaml: spec('activeDeadlineSeconds: 1'), expected: [] },
  { name: 'negative backoffLimit is refused', yaml: spec('backoffLimit: -1'),
    expected: [['job/numbers/negative-backoff-limit', 'spec.backoffLimit']], words: ['default of 6'] },
  { name: 'backoffLimit 0 is accepted', yaml: spec('backoffLimit: 0'), expected: [] },
  { name: 'negative ttlSecondsAfterFinished is refused', yaml: spec('ttlSecondsAfterFinished: -1'),
    expected: [['job/numbers/negative-ttl-seconds-after-finished', 'spec.ttlSecondsAfterFinished']], words: ['finished'] },
  { name: 'ttlSecondsAfterFinished 0 is accepted', yaml: spec('ttlSecondsAfterFinished: 0'), expected: [] },
  { name: 'an absent ttlSecondsAfterFinished is not a warning', yaml: spec(''), expected: [] },
  { name: 'every negative number is reported, in the server order',
    yaml: spec('parallelism: -1\ncompletions: -1\nactiveDeadlineSeconds: -1\nbackoffLimit: -1\nttlSecondsAfterFinished: -1'),
    expected: [
      ['job/numbers/negative-parallelism', 'spec.parallelism'],
      ['job/numbers/negative-completions', 'spec.completions'],
      ['job/numbers/negative-active-deadline-seconds', 'spec.activeDeadlineSeconds'],
      ['job/numbers/negative-backoff-limit', 'spec.backoffLimit'],
      ['job/numbers/negative-ttl-seconds-after-finished', 'spec.ttlSecondsAfterFinished'],
    ] },
  { name: 'a number of the wrong type is left to the schema check', yaml: spec('parallelism: "-1"\nbackoffLimit: -1.5'), expected: [] },
]);
