// validateJobSpec, the Indexed completion mode block: an Indexed Job needs a completion count, and its
// parallelism is capped so that `.status.completedIndexes` stays bounded. (An unknown mode is the
// schema check's enum finding.)
import type { Finding, Rule, RuleCode } from '../../types';
import { DOCS, isIndexed, jobSpecRule } from './jobFields';
import { asInteger, report } from '../shared';

/** maxParallelismForIndexedJob in the API server. */
export const MAX_INDEXED_PARALLELISM = 100_000;

const CODES = {
  completionsRequired: {
    code: 'job/completion-mode/indexed-requires-completions', severity: 'error',
    title: 'An Indexed Job needs `completions`', mirrors: 'validateJobSpec', reference: 'JOB-IDX-02', href: DOCS.completionMode,
  },
  parallelismTooLarge: {
    code: 'job/completion-mode/indexed-parallelism-too-large', severity: 'error',
    title: 'An Indexed Job allows `parallelism` up to 100000', mirrors: 'validateJobSpec', reference: 'JOB-IDX-03', href: DOCS.completionMode,
  },
  completionsDefaulted: {
    code: 'job/completion-mode/indexed-completions-defaulted', severity: 'warning',
    title: 'An Indexed Job without `completions` or `parallelism` runs a single index (the API asks for `completions`)',
    mirrors: '-', href: DOCS.completionMode,
  },
} satisfies Record<string, RuleCode>;

export const validateCompletionMode: Rule = jobSpecRule({
  name: 'validateJobSpec (completionMode)',
  codes: Object.values(CODES),
  check(parts) {
    if (!isIndexed(parts)) return [];
    const { spec, defaultedSpec } = parts;
    const findings: Finding[] = [];
    if (defaultedSpec.completions === undefined) {
      // In a Job only reachable with `parallelism` set: with both omitted the server sets both to 1. A
      // CronJob's job template gets no Job defaults, so there it is reachable without parallelism too.
      const why = !parts.location.jobDefaults
        ? "In a CronJob's job template the server does not default `completions` (the Job defaults come later), so it must be written."
        : parts.location.createdBy && spec.completionMode === undefined
          ? "JobSet's webhook makes every Job `Indexed` when `completionMode` is left out, and because `parallelism` is set, `completions` is not defaulted."
          : 'Because `parallelism` is set, `completions` is not defaulted.';
      findings.push(report(CODES.completionsRequired, parts.at('completions'),
        'An Indexed Job needs `completions`: each Pod gets an index from 0 to completions-1, and the Job completes '
        + `when every index has succeeded. ${why} Set \`completions\` to the number of indexes. `
        + `The API server answers \`${parts.printed('completions')}: Required value: when completion mode is Indexed\`.`));
    } else if (spec.completions === undefined && spec.parallelism === undefined && !(parts.location.createdBy && spec.completionMode === undefined)) {
      // (A JobSet makes its Jobs Indexed by default: one Pod with index 0 is then what the author left as it is.)
      findings.push(report(CODES.completionsDefaulted, parts.at('completionMode'),
        'This Indexed Job sets neither `completions` nor `parallelism`, so the server sets both to 1: it runs a single '
        + 'Pod with index 0. The API asks an Indexed Job to state `completions`; set it to the number of indexes you want.'));
    }
    const parallelism = asInteger(spec.parallelism);
    if (parallelism !== undefined && parallelism > MAX_INDEXED_PARALLELISM) {
      findings.push(report(CODES.parallelismTooLarge, parts.at('parallelism'),
        `\`parallelism\` is ${parallelism}, but an Indexed Job allows at most ${MAX_INDEXED_PARALLELISM}: the limit keeps `
        + 'the list of completed indexes in the Job status small. Lower `parallelism` to 100000 or less.'));
    }
    return findings;
  },
});
