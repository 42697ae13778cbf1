// validateJobSpec's restart policy: Never or OnFailure.
import { CONTAINERS, jobManifest, runCases } from './job-cases';

const podSpec = (lines: string) => jobManifest({ podSpec: `${lines}${CONTAINERS}` });
const RP = 'job/restart-policy/never-or-on-failure-required';
/** JobSet's webhook gives a Pod template without a restart policy `OnFailure` (the twins' Jobs are accepted). */
const ON_FAILURE = { expected: [] as const, why: "JobSet's webhook defaults an unset restartPolicy to OnFailure, not Always" };
const BY_JOBSET = { inJobSet: ON_FAILURE, inTrainingRuntime: ON_FAILURE };

runCases([
  { name: 'an omitted restart policy (defaulted to Always) is refused', yaml: podSpec(''),
    expected: [[RP, 'spec.template.spec.restartPolicy']], words: ['Always', 'restartPolicy: Never'], ...BY_JOBSET },
  { name: 'restartPolicy Always is refused', yaml: podSpec('restartPolicy: Always\n'),
    expected: [[RP, 'spec.template.spec.restartPolicy']], words: ['not allowed', 'OnFailure'] },
  { name: 'an empty restart policy is defaulted to Always and refused', yaml: podSpec('restartPolicy: ""\n'),
    expected: [[RP, 'spec.template.spec.restartPolicy']], ...BY_JOBSET },
  { name: 'restartPolicy Never is accepted', yaml: podSpec('restartPolicy: Never\n'), expected: [] },
  { name: 'restartPolicy OnFailure is accepted', yaml: podSpec('restartPolicy: OnFailure\n'), expected: [] },
  { name: 'an unknown restart policy is left to the schema check', yaml: podSpec('restartPolicy: never\n'), expected: [] },
  { name: 'a template without a pod spec is defaulted to Always and refused',
    yaml: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: demo\nspec:\n  template:\n    metadata:\n      labels: {app: web}\n',
    expected: [[RP, 'spec.template.spec.restartPolicy']], ...BY_JOBSET },
  { name: 'a pod spec of the wrong type is left to the schema check',
    yaml: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: demo\nspec:\n  template:\n    spec: []\n', expected: [] },
  { name: 'a Job without a template is left to the schema check',
    yaml: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: demo\nspec:\n  parallelism: 1\n', expected: [] },
]);
