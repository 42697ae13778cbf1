// Kueue's checks of its own keys when a workload is created (sigs.k8s.io/kueue v0.19.2,
// pkg/controller/jobframework/validation.go ValidateJobOnCreate): the queue name and the prebuilt workload's
// name are DNS-1123 subdomains (they name a LocalQueue and a Workload), and `max-exec-time-seconds` is a whole
// number above 0. Kueue's webhooks run on every Job (pkg/controller/jobs/job) and every JobSet
// (pkg/controller/jobs/jobset): on a Job or a JobSet written here, on each Job a CronJob or a JobSet makes from
// its template (they carry the template's labels), and on the JobSet a training runtime's template becomes.
// A label whose value is no label value at all is the metadata rules' finding: the API server refuses it
// before Kueue's webhook sees it.
import { WRAPPING_KINDS, jobSpecLocation, JOB_SPEC_KINDS } from '../../kube/jobSpec';
import { goAtoi, goAtoiError, KUEUE_KEYS } from '../../kube/kueue';
import { dns1123SubdomainProblems, dns1123SubdomainServerMessages, labelValueProblems } from '../../kube/names';
import { jsonAt, type FieldPath, type Finding, type Rule, type RuleCode, type RuleContext } from '../../types';
import { locationsOf } from '../job/jobFields';
import { inEachLocation } from '../job/wrapped';
import { listProblems } from '../meta/report';
import { asLabels, asObject, report } from '../shared';
import { KUEUE_DOCS, KUEUE_REFUSES, kueueRefusal } from './kueueFields';

const code = (name: string, title: string): RuleCode => ({ code: `kueue/${name}`, severity: 'error', title, mirrors: 'jobframework.ValidateJobOnCreate (Kueue webhook)', href: KUEUE_DOCS.jobs });

export const KUEUE_CREATE_CODES = {
  queueName: code('queue-name-invalid', '`kueue.x-k8s.io/queue-name` must name a LocalQueue: a DNS-1123 subdomain'),
  prebuiltWorkload: code('prebuilt-workload-name-invalid', '`kueue.x-k8s.io/prebuilt-workload-name` must name a Workload: a DNS-1123 subdomain'),
  maxExecTime: code('max-exec-time-invalid', '`kueue.x-k8s.io/max-exec-time-seconds` must be a whole number above 0'),
} satisfies Record<string, RuleCode>;

const CODES = KUEUE_CREATE_CODES;

/** The findings of Kueue's keys among the labels at `metadata`; `refusal` says who is refused (empty at a wrapped location). */
export function kueueLabelFindings(labels: Record<string, string> | undefined, metadata: FieldPath, refusal: string): Finding[] {
  if (!labels) return [];
  const findings: Finding[] = [];
  const tail = refusal ? ` ${refusal}` : '';
  for (const [key, rule, what] of [[KUEUE_KEYS.queueName, CODES.queueName, 'LocalQueue'], [KUEUE_KEYS.prebuiltWorkloadName, CODES.prebuiltWorkload, 'Workload']] as const) {
    const value = labels[key];
    if (value === undefined || labelValueProblems(value).length) continue;
    const problems = dns1123SubdomainProblems(value);
    if (!problems.length) continue;
    const at = [...metadata, 'labels', key];
    findings.push(report(rule, at,
      `\`${value}\` cannot name a ${what}: ${listProblems(problems)}. Kueue's names are DNS-1123 subdomains (lower-case letters, digits, \`-\` and \`.\`).${tail} `
      + `Kueue's webhook answers \`metadata.labels[${key}]: Invalid value: "${value}": ${dns1123SubdomainServerMessages(value).join(',')}\`.`));
  }
  const maxExec = labels[KUEUE_KEYS.maxExecTimeSeconds];
  if (maxExec !== undefined && !labelValueProblems(maxExec).length) {
    const number = goAtoi(maxExec);
    if (number === undefined || number <= 0n) {
      const at = [...metadata, 'labels', KUEUE_KEYS.maxExecTimeSeconds];
      const server = number === undefined ? `Invalid value: "${maxExec}": ${goAtoiError(maxExec)}` : `Invalid value: ${maxExec}: should be greater than 0`;
      findings.push(report(CODES.maxExecTime, at,
        `\`${maxExec}\` is not a time limit: Kueue reads the seconds an admitted workload may run as a whole number above 0 (\`"3600"\` for an hour).${tail} `
        + `Kueue's webhook answers \`metadata.labels[${KUEUE_KEYS.maxExecTimeSeconds}]: ${server}\`.`));
    }
  }
  return findings;
}

function labelsAt(context: RuleContext, metadata: FieldPath): Record<string, string> | undefined {
  return asLabels(asObject(jsonAt(context.object, metadata))?.labels);
}

function check(context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  // The object's own labels: a Job's, a JobSet's; the JobSet a runtime's template becomes.
  if (context.kind === 'Job' || context.kind === 'JobSet') findings.push(...kueueLabelFindings(labelsAt(context, ['metadata']), ['metadata'], kueueRefusal(context.kind)));
  const creator = jobSpecLocation(context.kind)?.createdBy;
  if (creator && !creator.jobSetNamedByObject) {
    findings.push(...kueueLabelFindings(labelsAt(context, creator.jobSetMetadata), creator.jobSetMetadata, KUEUE_REFUSES.runtimeJobSet(context.kind)));
  }
  // The Jobs made from a template: a CronJob's, and each replicatedJob's.
  if (context.kind === 'CronJob') {
    for (const location of locationsOf(context)) findings.push(...kueueLabelFindings(labelsAt(context, location.jobsMetadata), location.jobsMetadata, KUEUE_REFUSES.cronJobJobs));
  } else if (WRAPPING_KINDS.includes(context.kind)) {
    findings.push(...inEachLocation(context, locationsOf(context), (location) => kueueLabelFindings(labelsAt(context, location.jobsMetadata), location.jobsMetadata, ''), "Kueue's webhook"));
  }
  return findings;
}

export const validateKueueJobOnCreate: Rule = {
  name: 'jobframework.ValidateJobOnCreate (Kueue)',
  kinds: JOB_SPEC_KINDS,
  codes: Object.values(CODES),
  check,
};
