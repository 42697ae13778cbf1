// jobStrategy.WarningsOnCreate and WarningsForJobSpec: what the server accepts but warns about. (The Pod
// template warnings, GetWarningsForPodTemplate, belong to the pod rules.) WarningsForJobSpec runs on every
// JobSpec; the name warning is the Job's own.
import { dns1123LabelProblems, isDns1123Subdomain } from '../../kube/names';
import type { Rule, RuleCode } from '../../types';
import { DOCS, FIRST_MINOR, isIndexed, jobNameOf, jobSpecRule } from './jobFields';
import { asInteger, report } from '../shared';
import { validateJobName } from './validateJobName';

const HIGH_COMPLETIONS = 100_000;
const HIGH_PARALLELISM = 10_000;

const CODES = {
  nameNotDnsLabel: {
    code: 'job/name/not-dns-label', severity: 'warning',
    title: "The Job name is not a DNS label, but it is used in the Pods' names and hostnames",
    mirrors: 'jobStrategy.WarningsOnCreate', reference: 'JOB-META-W1', href: DOCS.dnsLabelNames,
  },
  largeIndexedJob: {
    code: 'job/completion-mode/large-indexed-job', severity: 'warning',
    title: 'An Indexed Job with more than 100000 completions and parallelism above 10000 may not track its indexes',
    mirrors: 'WarningsForJobSpec', href: DOCS.completionMode,
  },
} satisfies Record<string, RuleCode>;

/** jobStrategy.WarningsOnCreate: the Job's own name (a CronJob's name has its own warning, rules/cronjob). */
export const jobWarningsOnCreate: Rule = jobSpecRule({
  name: 'jobStrategy.WarningsOnCreate',
  only: 'ValidateJob',
  codes: [CODES.nameNotDnsLabel],
  check(parts, context) {
    const jobName = jobNameOf(parts, context);
    // A malformed name is an error elsewhere, and so is a name the Job's own checks refuse.
    if (context.minor < FIRST_MINOR.nameWarning || !jobName || !isDns1123Subdomain(jobName.name)
      || validateJobName.check(context).length > 0) return [];
    const problems = dns1123LabelProblems(jobName.name);
    if (problems.length === 0) return [];
    return [report(CODES.nameNotDnsLabel, ['metadata', 'name'],
      `The server accepts this name, but it also names this Job's Pods and their hostnames, and it is not a valid `
      + `DNS label: ${problems.join('; ')}. That can give surprising Pod hostnames. Prefer a name of at most 63 `
      + 'lower-case letters, digits and `-`.')];
  },
});

/** WarningsForJobSpec, for every JobSpec (the CronJob strategy calls it on `spec.jobTemplate.spec`). */
export const warningsForJobSpec: Rule = jobSpecRule({
  name: 'WarningsForJobSpec',
  codes: [CODES.largeIndexedJob],
  check(parts, context) {
    if (context.minor < FIRST_MINOR.largeIndexedJobWarning || !isIndexed(parts)) return [];
    const completions = asInteger(parts.defaultedSpec.completions) ?? 0;
    const parallelism = asInteger(parts.defaultedSpec.parallelism) ?? 0;
    // With backoffLimitPerIndex the same parallelism is an error (validateBackoffLimitPerIndex).
    const isError = context.minor >= FIRST_MINOR.backoffLimitPerIndex && parts.spec.backoffLimitPerIndex !== undefined;
    if (completions <= HIGH_COMPLETIONS || parallelism <= HIGH_PARALLELISM || isError) return [];
    return [report(CODES.largeIndexedJob, parts.location.path,
      `This Indexed Job has ${completions} completions and a parallelism of ${parallelism}: above 100000 `
      + 'completions and 10000 parallel Pods, Kubernetes may fail to track the completed indexes when many indexes '
      + 'fail. Lower `parallelism` to 10000 or less, or split the work over several Jobs.', 'key')];
  },
});
