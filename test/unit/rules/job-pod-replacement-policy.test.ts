// validatePodReplacementPolicy: with a pod failure policy only Failed is allowed.
import { jobManifest, runCases } from './job-cases';

const podFailurePolicy = 'podFailurePolicy:\n  rules:\n  - action: FailJob\n    onExitCodes: {operator: In, values: [42]}';

runCases([
  { name: 'TerminatingOrFailed with a pod failure policy is refused',
    yaml: jobManifest({ spec: `podReplacementPolicy: TerminatingOrFailed\n${podFailurePolicy}` }),
    expected: [['job/pod-replacement-policy/failed-required-with-pod-failure-policy', 'spec.podReplacementPolicy']],
    words: ['podReplacementPolicy: Failed', 'terminated'] },
  { name: 'Failed with a pod failure policy is accepted', yaml: jobManifest({ spec: `podReplacementPolicy: Failed\n${podFailurePolicy}` }), expected: [] },
  { name: 'TerminatingOrFailed without a pod failure policy is accepted', yaml: jobManifest({ spec: 'podReplacementPolicy: TerminatingOrFailed' }), expected: [] },
  { name: 'an unknown value is left to the schema check', yaml: jobManifest({ spec: `podReplacementPolicy: Sometimes\n${podFailurePolicy}` }), expected: [] },
  { name: 'a 1.28 server drops the field (gate off)', minor: 28,
    yaml: jobManifest({ spec: `podReplacementPolicy: TerminatingOrFailed\n${podFailurePolicy}` }), expected: [] },
]);
