// validatePodFailurePolicyRuleOnExitCodes: the exit-code requirement of a pod failure policy rule.
import type { FieldPath, Finding, Json, JsonObject, RuleCode } from '../../types';
import { DOCS, quote } from './jobFields';
import { asArray, asInteger, asString, report } from '../shared';

const MAX_VALUES = 255;

const code = (name: string, title: string, reference: string): RuleCode => ({
  code: `job/pod-failure-policy/${name}`, severity: 'error', title,
  mirrors: 'validatePodFailurePolicyRuleOnExitCodes', reference, href: DOCS.podFailurePolicy,
});

const CODES = {
  operatorRequired: code('operator-required', '`onExitCodes.operator` must not be empty', 'JOB-PFP-06'),
  unknownContainerName: code('unknown-container-name',
    '`onExitCodes.containerName` must name a container or init container of the Pod template', 'JOB-PFP-08'),
  noExitCodes: code('no-exit-codes', '`onExitCodes.values` needs at least one exit code', 'JOB-PFP-09'),
  tooManyExitCodes: code('too-many-exit-codes', '`onExitCodes.values` allows at most 255 exit codes', 'JOB-PFP-10'),
  zeroExitCodeWithIn: code('exit-code-zero-with-in', 'Exit code 0 is not allowed with `operator: In`', 'JOB-PFP-11'),
  duplicateExitCode: code('duplicate-exit-code', 'An exit code may be listed only once', 'JOB-PFP-12'),
  exitCodesNotOrdered: code('exit-codes-not-ordered', 'Exit codes must be listed in increasing order', 'JOB-PFP-13'),
} satisfies Record<string, RuleCode>;

export const ON_EXIT_CODES_CODES: readonly RuleCode[] = Object.values(CODES);

export function validateOnExitCodes(onExitCodes: JsonObject, path: FieldPath, templateContainerNames: () => ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  const operator = asString(onExitCodes.operator);
  if (operator === '') {
    findings.push(report(CODES.operatorRequired, [...path, 'operator'],
      '`operator` is empty: say whether the rule matches when a container exit code is `In` the list of `values` '
      + 'or `NotIn` it.'));
  }
  const containerName = asString(onExitCodes.containerName);
  const containerNames = containerName === undefined ? undefined : templateContainerNames();
  if (containerName !== undefined && containerNames && !containerNames.has(containerName)) {
    const known = containerNames.size > 0 ? ` (the template has ${[...containerNames].map((name) => quote(name)).join(', ')})` : '';
    findings.push(report(CODES.unknownContainerName, [...path, 'containerName'],
      `${quote(containerName)} is not the name of a container or init container in the Pod template${known}, so the `
      + 'rule could never match. Use one of those names, or remove `containerName` to check every container.'));
  }
  const values = asArray(onExitCodes.values);
  if (values) findings.push(...validateValues(values, [...path, 'values'], operator));
  return findings;
}

function validateValues(values: readonly Json[], path: FieldPath, operator: string | undefined): Finding[] {
  const findings: Finding[] = [];
  if (values.length === 0) {
    findings.push(report(CODES.noExitCodes, path, '`values` is empty: list at least one exit code for the rule to match.'));
  } else if (values.length > MAX_VALUES) {
    findings.push(report(CODES.tooManyExitCodes, path,
      `\`values\` lists ${values.length} exit codes, but at most ${MAX_VALUES} are allowed. Shorten the list, for `
      + 'example by listing the codes that should not match with `operator: NotIn`.'));
  }
  const seen = new Set<number>();
  let ordered = true;
  let previous: number | undefined;
  values.forEach((value, index) => {
    const exitCode = asInteger(value);
    if (exitCode === undefined) return; // the schema check reports the wrong type
    if (operator === 'In' && exitCode === 0) {
      findings.push(report(CODES.zeroExitCodeWithIn, [...path, index],
        'Exit code 0 cannot be listed with `operator: In`: 0 means success, and containers that exit with 0 are never '
        + 'checked by the pod failure policy. Remove 0 from the list.'));
    }
    if (seen.has(exitCode)) {
      findings.push(report(CODES.duplicateExitCode, [...path, index], `Exit code ${exitCode} is listed more than once. Remove the repeat.`));
    }
    seen.add(exitCode);
    if (previous !== undefined && previous > exitCode) ordered = false;
    previous = exitCode;
  });
  // With a value of the wrong type in the list, the order cannot be judged.
  const judged = values.every((value) => asInteger(value) !== undefined);
  if (judged && !ordered) {
    findings.push(report(CODES.exitCodesNotOrdered, path,
      'The exit codes must be listed in increasing order, for example `[1, 2, 42]`. Sort the list.'));
  }
  return findings;
}
