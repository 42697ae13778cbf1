// Job-specific checks on the Job's name (the name syntax itself is checked by the metadata rules):
// - ValidateJob: an Indexed Job's last Pod hostname, `<name>-<completions-1>`, must be a DNS label;
// - ValidatePodTemplateSpec after generateSelector: the name becomes the value of the generated
//   `job-name` labels, and a label value is limited to 63 characters.
import { dns1123LabelProblems, isDns1123Subdomain, LABEL_VALUE_MAX_LENGTH, labelValueProblems } from '../../kube/names';
import type { Finding, Rule, RuleCode, RuleContext } from '../../types';
import { DOCS, isIndexed, isManualSelector, jobNameOf, jobSpecRule, type JobParts } from './jobFields';
import { asInteger, asLabels, asObject, report } from '../shared';
import { generatedLabels } from './generatedSelector';

const CODES = {
  indexedHostnameInvalid: {
    code: 'job/name/indexed-hostname-invalid', severity: 'error',
    title: "An Indexed Job's name plus `-<last index>` must be a DNS label (Pod hostnames)",
    mirrors: 'ValidateJob', reference: 'JOB-META-05', href: DOCS.completionMode,
  },
  generatedLabelValueTooLong: {
    code: 'job/name/generated-label-value-too-long', severity: 'error',
    title: 'A Job name longer than 63 characters does not fit the generated `job-name` label',
    mirrors: 'ValidatePodTemplateSpec', reference: 'JOB-META-06', href: DOCS.jobNameLabel,
  },
} satisfies Record<string, RuleCode>;

/** ValidateJob only: a CronJob's Jobs are named by its controller (the CronJob's own name rules: rules/cronjob). */
export const validateJobName: Rule = jobSpecRule({
  name: 'ValidateJob (name)',
  only: 'ValidateJob',
  codes: Object.values(CODES),
  check(parts, context) {
    const jobName = jobNameOf(parts, context);
    // An empty or malformed name is the metadata rules' finding; these checks would only repeat it.
    if (!jobName || !isDns1123Subdomain(jobName.name)) return [];
    const findings = generatedLabelFindings(parts, context, jobName.name, jobName.generated);
    const hostname = indexedHostnameFinding(parts, jobName.name, jobName.generated);
    if (hostname) findings.push(hostname);
    return findings;
  },
});

function indexedHostnameFinding(parts: JobParts, name: string, generated: boolean): Finding | undefined {
  const completions = asInteger(parts.defaultedSpec.completions);
  if (!isIndexed(parts) || completions === undefined || completions <= 0) return undefined;
  const lastIndex = String(completions - 1);
  const hostname = `${name}-${lastIndex}`;
  const problems = dns1123LabelProblems(hostname);
  if (problems.length === 0) return undefined;
  const maxNameLength = 63 - 1 - lastIndex.length;
  const fix = name.includes('.')
    ? `use a name without dots, of at most ${maxNameLength} characters`
    : `shorten the name to at most ${maxNameLength} characters`;
  const source = generated ? ' (here the name generated from `generateName`, which adds 5 random characters)' : '';
  return report(CODES.indexedHostnameInvalid, ['metadata', 'name'],
    `The Pods of an Indexed Job get the hostname \`<job name>-<index>\`${source}, and the last one, \`${hostname}\`, `
    + `is not a valid DNS label: ${problems.join('; ')}. The server refuses the Job because it could not create that `
    + `Pod. To fix it, ${fix}, or lower \`completions\`.`);
}

function generatedLabelFindings(parts: JobParts, context: RuleContext, name: string, generated: boolean): Finding[] {
  // A generated name is at most 63 characters; with a manual selector no label is generated.
  if (generated || isManualSelector(parts) || labelValueProblems(name).length === 0) return [];
  const templateMetadata = asObject(parts.template?.metadata);
  const rawTemplateLabels = templateMetadata?.labels;
  const templateLabels = rawTemplateLabels === undefined ? {} : asLabels(rawTemplateLabels);
  if (!templateLabels) return [];
  const keys = generatedLabels(context.minor)
    .filter((label) => label.holds === 'name' && !(label.key in templateLabels))
    .map((label) => `\`${label.key}\``);
  if (keys.length === 0) return [];
  const labelWords = keys.length > 1 ? `the labels ${keys.join(' and ')}` : `the label ${keys[0]}`;
  const fix = `Shorten the Job name to ${LABEL_VALUE_MAX_LENGTH} characters or less.`;
  const findings = [report(CODES.generatedLabelValueTooLong, ['spec', 'template', 'labels'],
    `The Job name is ${name.length} characters long. The server adds it to the Pod template as the value of `
    + `${labelWords}, and a label value may have at most ${LABEL_VALUE_MAX_LENGTH} characters. ${fix}`)];
  // Defaulting gives a Job without labels of its own the template's label map itself, so the generated
  // labels land on the Job too (a template without labels gets a fresh map instead).
  if (asObject(rawTemplateLabels) && !hasOwnLabels(parts, context)) {
    findings.push(report(CODES.generatedLabelValueTooLong, ['metadata', 'labels'],
      `The Job has no labels of its own, so it shares the Pod template's labels, including ${labelWords} that the `
      + `server sets to the ${name.length}-character Job name; a label value may have at most `
      + `${LABEL_VALUE_MAX_LENGTH} characters. ${fix}`));
  }
  return findings;
}

/** Go copies the template labels when the Job's own label map is empty (absent or `{}`); a JobSet's Jobs always have the controller's. */
function hasOwnLabels(parts: JobParts, context: RuleContext): boolean {
  if (parts.location.createdBy) return true;
  const labels = asObject(context.object.metadata)?.labels;
  if (labels === undefined) return false;
  const map = asObject(labels);
  return !map || Object.keys(map).length > 0;
}
