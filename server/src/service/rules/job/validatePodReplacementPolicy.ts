// validatePodReplacementPolicy: with a pod failure policy only `Failed` is allowed. Values outside the
// enum are the schema check's finding; this rule reports the value that is valid alone but not together
// with `podFailurePolicy`. The field is dropped by servers before 1.29 (gate off).
import type { Rule, RuleCode } from '../../types';
import { DOCS, FIRST_MINOR, jobSpecRule } from './jobFields';
import { asObject, report } from '../shared';

const CODES = {
  failedRequiredWithPodFailurePolicy: {
    code: 'job/pod-replacement-policy/failed-required-with-pod-failure-policy', severity: 'error',
    title: 'With `podFailurePolicy`, `podReplacementPolicy` must be `Failed`',
    mirrors: 'validatePodReplacementPolicy', reference: 'JOB-PRP-02', href: DOCS.podReplacementPolicy,
  },
} satisfies Record<string, RuleCode>;

export const validatePodReplacementPolicy: Rule = jobSpecRule({
  name: 'validatePodReplacementPolicy',
  codes: Object.values(CODES),
  check(parts, context) {
    if (context.minor < FIRST_MINOR.podReplacementPolicy) return [];
    const { spec } = parts;
    if (spec.podReplacementPolicy !== 'TerminatingOrFailed' || !asObject(spec.podFailurePolicy)) return [];
    return [report(CODES.failedRequiredWithPodFailurePolicy, parts.at('podReplacementPolicy'),
      'With a `podFailurePolicy`, `podReplacementPolicy` must be `Failed`: the pod failure policy can only judge a Pod '
      + 'once it has fully terminated, so its replacement must wait until then. Set `podReplacementPolicy: Failed`, or '
      + 'remove the field (it then defaults to `Failed`).')];
  },
});
