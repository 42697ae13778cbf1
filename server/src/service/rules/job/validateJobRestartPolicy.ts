// validateJobSpec, the restart policy of the pod template: a Job's Pods must be allowed to finish, so only
// `Never` and `OnFailure` are accepted. An omitted policy is defaulted to `Always` first and then refused.
// (A value outside the pod enum is the schema check's finding; OnFailure with a pod failure policy is
// reported by validatePodFailurePolicy.)
import type { Rule, RuleCode } from '../../types';
import { DOCS, jobSpecRule, podRestartPolicy } from './jobFields';
import { asObject, report } from '../shared';

const CODES = {
  neverOrOnFailureRequired: {
    code: 'job/restart-policy/never-or-on-failure-required', severity: 'error',
    title: "A Job's Pod template needs `restartPolicy: Never` or `OnFailure`",
    mirrors: 'validateJobSpec', reference: 'JOB-RP-01', href: DOCS.podTemplate,
  },
} satisfies Record<string, RuleCode>;

const WHY = 'a Pod that restarts its containers even after they succeed never finishes, so the Job could never complete';

export const validateJobRestartPolicy: Rule = jobSpecRule({
  name: 'validateJobSpec (restartPolicy)',
  codes: Object.values(CODES),
  check(parts) {
    // Without a template the schema check already reports the missing `spec.template`.
    if (!parts.template) return [];
    if (podRestartPolicy(parts) !== 'Always') return [];
    const written = asObject(parts.template.spec)?.restartPolicy;
    const message = written === 'Always'
      ? `\`restartPolicy: Always\` is not allowed in a Job: ${WHY}. Use \`Never\` (a failed Pod is replaced) or `
        + '`OnFailure` (a failed container is restarted in place).'
      : `A Job's Pod template must set \`restartPolicy\` to \`Never\` or \`OnFailure\`: when it is left out Pods get `
        + `\`Always\`, and ${WHY}. Add \`restartPolicy: Never\` (or \`OnFailure\`) under \`${parts.printed('template', 'spec')}\`.`;
    return [report(CODES.neverOrOnFailureRequired, parts.at('template', 'spec', 'restartPolicy'), message)];
  },
});
