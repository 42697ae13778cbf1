// validateCompletions (pkg/apis/batch/validation, called by ValidateJobSpecUpdate): `completions` keeps its
// value (ValidateImmutableField), except that with ElasticIndexedJob (beta and on from 1.27, GA in 1.31) an
// Indexed Job may change it when the new `completions` equals the new `parallelism`
// ("can only be modified in tandem with spec.parallelism"). A new `completions` left out of an Indexed Job
// is reported by the create rules (validateJobSpec: Required), not here.
import { gateEnabledByDefault } from '../../kube/featureGates';
import type { Finding, RuleCode } from '../../types';
import { sameValue } from '../compare';
import { immutableFinding, immutableLine } from '../messages';
import type { UpdateContext, UpdateRule } from '../types';
import { HREF, JOB_SPEC, jobSpecOf } from './jobSpecUpdate';

const MIRRORS = 'validateCompletions';

const CODES = {
  immutable: {
    code: 'update/job/completions-immutable', severity: 'warning', mirrors: MIRRORS, reference: 'JOB-UPD-01', href: HREF.job,
    title: 'The edit changes `spec.completions` of a Job that exists (a NonIndexed Job, or any Job before 1.27): the update is refused',
  },
  withParallelism: {
    code: 'update/job/completions-without-parallelism', severity: 'warning', mirrors: MIRRORS, reference: 'JOB-UPD-01', href: HREF.elastic,
    title: 'The edit changes `spec.completions` of an Indexed Job that exists without making it equal to the new `spec.parallelism`: the update is refused',
  },
} satisfies Record<string, RuleCode>;

export const validateCompletions: UpdateRule = {
  name: MIRRORS,
  kinds: ['Job'],
  codes: Object.values(CODES),
  check(context: UpdateContext): Finding[] {
    const before = jobSpecOf(context.before);
    const after = jobSpecOf(context.after);
    if (sameValue(before.completions, after.completions)) return [];
    const path = [...JOB_SPEC, 'completions'];
    const elastic = gateEnabledByDefault('ElasticIndexedJob', context.minor);
    if (!elastic || after.completionMode !== 'Indexed') {
      const note = elastic ? 'Only an Indexed Job may scale its `completions`, together with `parallelism`.' : '';
      return [immutableFinding(CODES.immutable, path, context, 'the number of completions of an existing Job cannot change', immutableLine('spec.completions', after.completions), note)];
    }
    if (after.completions === undefined || after.completions === after.parallelism) return [];
    const line = immutableLine('spec.completions', after.completions, undefined, 'can only be modified in tandem with spec.parallelism');
    const note = `Set \`parallelism\` to the same new value (${String(after.completions)}) to scale the Indexed Job in place.`;
    return [immutableFinding(CODES.withParallelism, path, context, 'an Indexed Job changes `completions` only together with `parallelism`, to the same value', line, note, false)];
  },
};
