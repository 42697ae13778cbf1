// validateJobSpec's restart policy: Never or OnFailure.
import { CONTAINERS, jobManifest, runCases } from './job-cases';

const podSpec = (lines: string) => jobManifest({ podSpec: `${lines}${CONTAINERS}` });
const RP = 'job/restart-policy/never-or-on-failure-required';

runCases([
  { name: 'an omitted restart policy (defaulted to Always) is refused', yaml: podSpec(''),
    expected: [[RP, 'spec.template.spec.restartPolicy']], words: ['Always', 'restartPolicy: Never'] },
  { name: 'restartPolicy Always is refused', yaml: podSpec('restartPolicy: Always\n'),
    expected: [[RP, 'spec.template.spec.restartPolicy']], words: ['not allowed', 'OnFailure'] },
  { name: 'an empty restart policy is defaulted to Always and refused', yaml: podSpec('restartPolicy: ""\n'),
    expected: [[RP, 'spec.template.spec.restartPolicy']] },
  { name: 'restartPolicy Never is accepted', yaml: podSpec('restartPolicy: Never\n'), expected: [] },
  { name: 'restartPolicy OnFailure is accepted', yaml: podSpec('restartPolicy: OnFailure\n'), expected: [] },
  { name: 'an unknown restart policy is left to the schema check', yaml: podSpec('restartPolicy: never\n'), expected: [] },
  { name: 'a template without a pod spec is defaulted to Always and refused',
    yaml: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: demo\nspec:\n  template:\n    metadata:\n      labels: {app: web}\n',
    expected: [[RP, 'spec.template.spec.restartPolicy']] },
  { name: 'a pod spec of the wrong type is left to the schema check',
    yaml: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: demo\nspec:\n  template:\n    spec: []\n', expected: [] },
  { name: 'a Job without a template is left to the schema check',
    yaml: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: demo\nspec:\n  parallelism: 1\n', expected: [] },
]);
