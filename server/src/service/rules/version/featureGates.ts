// Fields whose feature gate is off by default in the chosen release: the API server (with default
// settings) drops them on create, silently, and sometimes then refuses what is left. Whether a field
// exists at all in a release is the field-availability check's business; this rule only speaks when the
// field exists but its gate is off.
import {
  describeStage, fieldInRelease, firstMinorEnabledByDefault, gateHref, gateOffUnconfirmed, gateStage, GATED_FIELDS, matchPatterns, patternTrie, type GatedField, type PatternTrie,
} from '../../kube/featureGates';
import { formatFieldPath, NEWEST_RELEASED_MINOR, type Finding, type Json, type Rule, type RuleCode, type RuleContext } from '../../types';

export const FEATURE_GATE_OFF_CODE = 'version/feature-gate-off';

const codes: readonly RuleCode[] = [
  {
    code: FEATURE_GATE_OFF_CODE,
    severity: 'warning',
    title: 'The field needs a feature gate that is off by default in the chosen Kubernetes release',
    mirrors: 'PrepareForCreate (dropDisabledFields)',
    href: 'https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/',
  },
];

function findingFor(field: GatedField, path: (string | number)[], parent: Json, minor: number): Finding | undefined {
  const stage = gateStage(field.gate, minor);
  if (stage !== 'alpha' && stage !== 'beta-off') return undefined;
  if (gateOffUnconfirmed(field.gate, minor)) return undefined; // a pre-release that may have turned it on: unchecked
  if (!fieldInRelease(field, minor)) return undefined; // not a field of this release: the field-availability check speaks
  const printed = formatFieldPath(path);
  const onFrom = firstMinorEnabledByDefault(field.gate);
  const later = onFrom !== undefined ? `it is on by default from Kubernetes 1.${onFrom}` : `no release up to 1.${NEWEST_RELEASED_MINOR} turns it on by default`;
  const rejected = field.rejectedAfterDrop?.(parent);
  const owner = field.kind === 'CronJob' ? 'CronJob' : field.kind === 'JobSet' ? 'JobSet' : `${field.kind}'s JobSet`;
  const outcome = field.droppedFromEachJob
    ? `A 1.${minor} API server with default settings keeps \`${printed}\` in the ${owner} but drops it from each Job the ${field.kind === 'CronJob' ? 'CronJob' : 'JobSet'} controller creates, silently${rejected ? `, and then ${rejected}` : ''}.`
    : rejected
      ? `A 1.${minor} API server with default settings drops \`${printed}\` on create, and then ${rejected}.`
      : `A 1.${minor} API server with default settings drops \`${printed}\` on create, silently: the object is stored without it, as if you had not written it.`;
  return {
    code: FEATURE_GATE_OFF_CODE,
    severity: 'warning',
    path,
    anchor: 'key',
    message: `\`${printed}\` needs the feature gate ${field.gate}, which is ${describeStage(stage)} in Kubernetes 1.${minor}; ${later}. ${outcome} Enable ${field.gate} on the API server (and the components that act on the field), or target a release where it is on.${field.note ? ` ${field.note}` : ''}`,
    href: gateHref(field.gate),
  };
}

/**
 * The dropped fields of a kind whose gate is off in 1.<minor> and that the release has: only these can give a
 * finding (findingFor), so the others' patterns are not even looked for. Most releases have few or none.
 */
function offFields(kind: string, minor: number): { fields: readonly GatedField[]; trie: PatternTrie } {
  const key = `${kind}|${minor}`;
  let off = OFF_FIELDS.get(key);
  if (!off) {
    const fields = GATED_FIELDS.filter((field) => {
      const stage = gateStage(field.gate, minor);
      return field.kind === kind && field.effect === 'dropped' && (stage === 'alpha' || stage === 'beta-off') && !gateOffUnconfirmed(field.gate, minor) && fieldInRelease(field, minor);
    });
    OFF_FIELDS.set(key, (off = { fields, trie: patternTrie(fields.map((field) => field.pattern)) }));
  }
  return off;
}

const OFF_FIELDS = new Map<string, { fields: readonly GatedField[]; trie: PatternTrie }>();

export const featureGatesRule: Rule = {
  name: 'featureGates',
  kinds: ['Job', 'CronJob', 'CSIDriver', 'JobSet', 'TrainingRuntime', 'ClusterTrainingRuntime'],
  codes,
  check(context: RuleContext): Finding[] {
    const findings: Finding[] = [];
    const { fields, trie } = offFields(context.kind, context.minor);
    if (fields.length === 0) return findings;
    const matches = matchPatterns(context.object, trie);
    for (const [index, field] of fields.entries()) {
      for (const match of matches[index] ?? []) {
        if (field.applies && !field.applies(match.value)) continue;
        const finding = findingFor(field, match.path, match.parent, context.minor);
        if (finding) findings.push(finding);
      }
    }
    return findings;
  },
};
