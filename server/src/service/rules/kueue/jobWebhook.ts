// Kueue's checks of a Job's own annotations (sigs.k8s.io/kueue v0.19.2, pkg/controller/jobs/job/job_webhook.go
// validatePartialAdmissionCreate, validateSyncCompletionCreate), on the Job as the API server defaulted it:
// `job-min-parallelism` is a whole number from 1 to the Job's Pod count minus one (partial admission may run it
// with fewer Pods, never with none); `job-completions-equal-parallelism` is a Go boolean, and `true` asks for an
// Indexed Job whose completions equal its parallelism. They run on every Job: one written here, and each Job a
// CronJob or a JobSet makes from its template.
import { goAtoi, goAtoiError, goInt32, goParseBool, KUEUE_KEYS } from '../../kube/kueue';
import { jsonAt, type Finding, type Rule, type RuleCode, type RuleContext } from '../../types';
import { jobParts, locationsOf, type JobParts } from '../job/jobFields';
import { inEachLocation } from '../job/wrapped';
import { asInteger, asObject, asString, report } from '../shared';
import { KUEUE_DOCS, KUEUE_REFUSES, kueueRefusal } from './kueueFields';
import { JOB_SPEC_KINDS } from '../../kube/jobSpec';

const code = (name: string, title: string): RuleCode => ({ code: `kueue/${name}`, severity: 'error', title, mirrors: 'JobWebhook.validateCreate (Kueue)', href: KUEUE_DOCS.partialAdmission });

export const KUEUE_JOB_CODES = {
  minParallelism: code('job-min-parallelism-invalid', '`kueue.x-k8s.io/job-min-parallelism` must be a whole number from 1 to the Job\'s Pod count minus one'),
  completionsEqualParallelism: code('job-completions-equal-parallelism-invalid', '`kueue.x-k8s.io/job-completions-equal-parallelism: true` needs an Indexed Job whose completions equal its parallelism'),
} satisfies Record<string, RuleCode>;

const CODES = KUEUE_JOB_CODES;

/** The Job's numbers as Kueue's webhook sees them: after SetDefaults_Job (a CronJob's template gets them when each Job is made). */
function jobNumbers(parts: JobParts): { parallelism: number | undefined; completions: number | undefined; completionMode: string | undefined } {
  const spec = parts.location.jobDefaults ? parts.defaultedSpec : parts.spec;
  const written = (field: string) => asInteger(spec[field]);
  let parallelism = written('parallelism');
  let completions = written('completions');
  if (!parts.location.jobDefaults) {
    if (completions === undefined && parallelism === undefined) completions = 1;
    parallelism ??= 1;
  }
  return { parallelism, completions, completionMode: asString(spec.completionMode) ?? (parts.location.jobDefaults ? undefined : 'NonIndexed') };
}

function annotationFindings(parts: JobParts, context: RuleContext, refusal: string): Finding[] {
  const annotations = asObject(asObject(jsonAt(context.object, parts.location.jobsMetadata))?.annotations);
  if (!annotations) return [];
  const tail = refusal ? ` ${refusal}` : '';
  const findings: Finding[] = [];
  const minParallelism = asString(annotations[KUEUE_KEYS.jobMinParallelism]);
  if (minParallelism !== undefined) {
    const at = [...parts.location.jobsMetadata, 'annotations', KUEUE_KEYS.jobMinParallelism];
    const value = goAtoi(minParallelism);
    const { parallelism, completions } = jobNumbers(parts);
    if (value === undefined) {
      findings.push(report(CODES.minParallelism, at,
        `\`${minParallelism}\` is not a whole number: Kueue reads the fewest Pods this Job may start with when it admits it partially.${tail} `
        + `Kueue's webhook answers \`metadata.annotations[${KUEUE_KEYS.jobMinParallelism}]: Invalid value: "${minParallelism}": ${goAtoiError(minParallelism)}\`.`));
    } else if (parallelism !== undefined) {
      const podsCount = completions !== undefined && completions < parallelism ? completions : parallelism;
      if (goInt32(value) >= podsCount || value <= 0n) {
        const range = podsCount <= 1
          ? `This Job runs ${podsCount} Pod at once, so Kueue cannot admit it with fewer: partial admission needs a parallelism of 2 or more. Remove the annotation, or raise \`parallelism\`.`
          : `This Job runs ${podsCount} Pods at once, so the fewest Kueue may admit it with must be 1 to ${podsCount - 1}; \`${minParallelism}\` is not. Lower the annotation, raise \`parallelism\`, or remove it.`;
        findings.push(report(CODES.minParallelism, at,
          `${range}${tail} Kueue's webhook answers \`metadata.annotations[${KUEUE_KEYS.jobMinParallelism}]: Invalid value: ${value}: should be between 0 and ${podsCount - 1}\`.`));
      }
    }
  }
  const sync = asString(annotations[KUEUE_KEYS.jobCompletionsEqualParallelism]);
  if (sync !== undefined) {
    const at = [...parts.location.jobsMetadata, 'annotations', KUEUE_KEYS.jobCompletionsEqualParallelism];
    const enabled = goParseBool(sync);
    if (enabled === undefined) {
      findings.push(report(CODES.completionsEqualParallelism, at,
        `\`${sync}\` is not a boolean as Kueue reads it: write \`"true"\` or \`"false"\`.${tail} `
        + `Kueue's webhook answers \`metadata.annotations[${KUEUE_KEYS.jobCompletionsEqualParallelism}]: Invalid value: "${sync}": strconv.ParseBool: parsing ${JSON.stringify(sync)}: invalid syntax\`.`));
    } else if (enabled) {
      const { parallelism, completions, completionMode } = jobNumbers(parts);
      if (completionMode === undefined || completionMode === 'NonIndexed') {
        findings.push(report(CODES.completionsEqualParallelism, at,
          `Kueue keeps \`completions\` equal to \`parallelism\` only for an Indexed Job; this one is NonIndexed. Set \`completionMode: Indexed\`, or remove the annotation.${tail} `
          + `Kueue's webhook answers \`metadata.annotations[${KUEUE_KEYS.jobCompletionsEqualParallelism}]: Invalid value: "${sync}": should not be enabled for NonIndexed jobs\`.`));
      }
      if ((parallelism ?? 1) !== (completions ?? 1)) {
        findings.push(report(CODES.completionsEqualParallelism, parts.at('completions'),
          `With \`${KUEUE_KEYS.jobCompletionsEqualParallelism}: "true"\` Kueue scales \`completions\` with \`parallelism\`, so they must start equal: here ${completions ?? 1} and ${parallelism ?? 1}.${tail} `
          + `Kueue's webhook answers \`spec.completions: Invalid value: ${completions ?? 'null'}: should be equal to parallelism when ${KUEUE_KEYS.jobCompletionsEqualParallelism} annotation is true\`.`));
      }
    }
  }
  return findings;
}

function check(context: RuleContext): Finding[] {
  if (context.kind === 'Job') return annotationFindings(jobParts(context), context, kueueRefusal('Job'));
  if (context.kind === 'CronJob') return locationsOf(context).flatMap((location) => annotationFindings(jobParts(context, location), context, KUEUE_REFUSES.cronJobJobs));
  return inEachLocation(context, locationsOf(context), (location) => annotationFindings(jobParts(context, location), context, ''), "Kueue's webhook");
}

export const validateKueueJobAnnotations: Rule = {
  name: 'JobWebhook.validateCreate (Kueue)',
  kinds: JOB_SPEC_KINDS,
  codes: Object.values(CODES),
  check,
};
