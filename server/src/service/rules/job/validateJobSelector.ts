// ValidateJobSpec's selector checks: a selector must exist (only possible to miss with
// `manualSelector: true`), be well formed (ValidateLabelSelector), and select the Pod template's labels.
import { CONTROLLER_LABEL_KEYS } from '../../kube/jobset';
import type { Finding, Rule, RuleCode } from '../../types';
import { DOCS, jobSpecRule, quote } from './jobFields';
import { report } from '../shared';
import { selectorModel } from './generatedSelector';
import { describeRequirement, parseLabelSelector, unmetRequirements, type SelectorProblem } from './labelSelector';
import { validateGeneratedSelector } from './validateGeneratedSelector';

const malformed = (name: string, title: string): RuleCode => ({
  code: `job/selector/${name}`, severity: 'error', title,
  mirrors: 'ValidateLabelSelector', reference: 'JOB-SEL-08', href: DOCS.labelSelectors,
});

const CODES = {
  required: {
    code: 'job/selector/required', severity: 'error', title: 'With `manualSelector: true`, `spec.selector` is required',
    mirrors: 'ValidateJobSpec', reference: 'JOB-SEL-07', href: DOCS.podSelector,
  },
  invalidMatchLabels: malformed('invalid-match-labels', '`matchLabels` keys and values must be valid label keys and values'),
  valuesRequired: malformed('values-required', '`In` and `NotIn` need at least one value'),
  valuesForbidden: malformed('values-forbidden', '`Exists` and `DoesNotExist` take no values'),
  invalidOperator: malformed('invalid-operator', 'A selector operator must be `In`, `NotIn`, `Exists` or `DoesNotExist`'),
  invalidKey: malformed('invalid-key', 'A selector key must be a valid label key'),
  invalidValue: malformed('invalid-value', 'A selector value must be a valid label value'),
  templateLabelsMismatch: {
    code: 'job/selector/template-labels-mismatch', severity: 'error', title: "The selector must select the Pod template's labels",
    mirrors: 'ValidateJobSpec', reference: 'JOB-SEL-09', href: DOCS.podSelector,
  },
} satisfies Record<string, RuleCode>;

/** ValidateJobSpec's selector checks, which ValidateJobTemplateSpec does not run (it forbids a selector instead). */
export const validateJobSelector: Rule = jobSpecRule({
  name: 'ValidateJobSpec (selector)',
  only: 'ValidateJob',
  codes: Object.values(CODES),
  check(parts, context) {
    const model = selectorModel(parts, context);
    if (!model) return [];
    if (model.manual && model.selector === undefined) {
      // The server also reports that a missing selector matches no template labels; that adds nothing.
      return [report(CODES.required, ['spec', 'selector'],
        'With `manualSelector: true` the server does not generate a selector, so `spec.selector` is required: it is how '
        + "the Job finds its Pods. Add a selector that matches the Pod template's labels, or remove `manualSelector`.")];
    }
    // Syntax is judged on what the user wrote (the generated entry is valid by construction, and its
    // unknown UID is only a stand-in); matching, on the selector the server ends up with.
    const written = parts.spec.selector;
    if (written !== undefined) {
      const writtenSelector = parseLabelSelector(written, ['spec', 'selector']);
      if (writtenSelector.wrongType) return [];
      if (writtenSelector.problems.length > 0) return writtenSelector.problems.map(problemFinding);
    }
    const parsed = parseLabelSelector(model.selector, ['spec', 'selector']);
    if (parsed.wrongType) return [];
    // In a JobSet the controller adds its own labels to the Pod template (kube/jobset.ts): a selector may rely on them.
    const unmet = unmetRequirements(parsed.requirements, model.templateLabels)
      .filter((requirement) => !model.unknownKeys.has(requirement.key) && (!parts.location.createdBy || !CONTROLLER_LABEL_KEYS.has(requirement.key)));
    if (unmet.length === 0) return [];
    // Without manualSelector, a mismatch almost always comes from a label or selector entry that
    // validateGeneratedSelector already reports.
    if (!model.manual && validateGeneratedSelector.check(context).length > 0) return [];
    return [report(CODES.templateLabelsMismatch, ['spec', 'template', 'metadata', 'labels'],
      `The selector does not select the Pod template's labels: it requires ${unmet.map(describeRequirement).join(', ')}, `
      + 'so the Job would not find the Pods it creates. Add the labels to `spec.template.metadata.labels`, or change '
      + 'the selector.')];
  },
});

function problemFinding(problem: SelectorProblem): Finding {
  switch (problem.kind) {
    case 'matchLabelsKey':
      return report(CODES.invalidMatchLabels, problem.path,
        `The \`matchLabels\` key ${quote(problem.key)} is not a valid label key: ${problem.problems.join('; ')}.`);
    case 'matchLabelsValue':
      return report(CODES.invalidMatchLabels, problem.path,
        `The \`matchLabels\` value ${quote(problem.value)} of \`${problem.key}\` is not a valid label value: `
        + `${problem.problems.join('; ')}.`);
    case 'valuesRequired':
      return report(CODES.valuesRequired, problem.path,
        `\`${problem.operator}\` compares the label with a list, so \`values\` needs at least one value. Add values, `
        + 'or use `Exists` / `DoesNotExist` to test only for the key.');
    case 'valuesForbidden':
      return report(CODES.valuesForbidden, problem.path,
        `\`${problem.operator}\` tests only whether the key is there, so \`values\` must be left out. Remove \`values\`, `
        + 'or use `In` / `NotIn` to compare values.', 'key');
    case 'invalidOperator':
      return report(CODES.invalidOperator, problem.path,
        `${problem.operator === '' ? 'The operator is empty' : `${quote(problem.operator)} is not a selector operator`}: `
        + 'use `In`, `NotIn`, `Exists` or `DoesNotExist` (case-sensitive).');
    case 'invalidKey':
      return report(CODES.invalidKey, problem.path,
        `${quote(problem.key)} is not a valid label key: ${problem.problems.join('; ')}.`);
    case 'invalidValue':
      return report(CODES.invalidValue, problem.path,
        `${quote(problem.value)} is not a valid label value: ${problem.problems.join('; ')}.`);
  }
}
