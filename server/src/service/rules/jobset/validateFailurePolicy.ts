// validateFailurePolicy of JobSet's webhook (sigs.k8s.io/jobset v0.12.0 pkg/webhooks/jobset_webhook.go), on the
// rules as the webhook's Default left them (a rule without a name is `failurePolicyRule<index>`): the RestartJob
// actions need the RestartJob gate (alpha, off by default, so refused unless `kubeassist.jobset.featureGates` says
// the cluster turned it on; then no replicatedJob may have more than 1024 replicas), rule names are 1 to 128 characters of
// `^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$` and unique, targets name replicatedJobs of the JobSet, and
// `onJobFailureReasons` are reasons a Job fails with.
import { JOB_FAILURE_REASONS, jobSetGateEnabled, MAX_REPLICAS_WITH_RESTART_JOB } from '../../kube/jobset';
import type { Finding, RuleCode } from '../../types';
import { oneOf } from '../meta/report';
import { asArray, asInteger, asObject, asString, objectEntries, report } from '../shared';
import { JOBSET_DOCS, jobSetRule, replicatedJobName, webhookSays, type JobSetCheck } from './jobSetFields';

const code = (name: string, title: string, severity: RuleCode['severity'] = 'error'): RuleCode => ({
  code: `jobset/failure-policy/${name}`, severity, title, mirrors: 'validateFailurePolicy (JobSet webhook)',
  href: name === 'restart-job-gate' ? JOBSET_DOCS.featureGates : JOBSET_DOCS.failurePolicy,
});

export const FAILURE_POLICY_CODES = {
  restartJobGate: code('restart-job-gate', '`RestartJob` actions need JobSet\'s RestartJob feature gate (alpha, off by default)'),
  restartJobReplicas: code('restart-job-replicas', 'With a `RestartJob` action, no replicatedJob may have more than 1024 `replicas`'),
  ruleNameLength: code('rule-name-length', 'A failure policy rule name is 1 to 128 characters long'),
  ruleNameInvalid: code('rule-name-invalid', 'A failure policy rule name starts with a letter and holds letters, digits, `_`, `,` and `:`'),
  ruleNameDuplicate: code('rule-name-duplicate', 'Failure policy rule names must be unique'),
  unknownTarget: code('unknown-target', '`targetReplicatedJobs` of a rule must name replicatedJobs of this JobSet'),
  unknownReason: code('unknown-reason', '`onJobFailureReasons` must be reasons a Job fails with'),
} satisfies Record<string, RuleCode>;

const CODES = FAILURE_POLICY_CODES;
const RULE_NAME = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;
const RESTART_JOB_ACTIONS = new Set(['RestartJob', 'RestartJobAndIgnoreMaxRestarts']);

const restartJobGate: JobSetCheck = (parts, context) => {
  const rules = objectEntries(asObject(parts.spec.failurePolicy)?.rules);
  const first = rules.find(([rule]) => RESTART_JOB_ACTIONS.has(String(rule.action)));
  if (!first) return [];
  if (jobSetGateEnabled('RestartJob', context.jobSetFeatureGates)) {
    // The webhook stops at the first replicatedJob over the limit.
    const over = parts.replicatedJobs.find((entry) => (asInteger(entry.defaulted.replicas) ?? 1) > MAX_REPLICAS_WITH_RESTART_JOB);
    if (!over) return [];
    return [report(CODES.restartJobReplicas, [...over.path, 'replicas'],
      `${replicatedJobName(over)} has ${String(over.defaulted.replicas)} replicas, but with a \`${String(first[0].action)}\` rule the JobSet counts the restarts of each Job `
      + `in a list of at most ${MAX_REPLICAS_WITH_RESTART_JOB}: use ${MAX_REPLICAS_WITH_RESTART_JOB} replicas or fewer, or \`RestartJobSet\`. `
      + webhookSays(`JobSet cannot have a failure policy rule with RestartJob or RestartJobAndIgnoreMaxRestarts action and a replicated job with replicas > ${MAX_REPLICAS_WITH_RESTART_JOB}`))];
  }
  return [report(CODES.restartJobGate, parts.at('failurePolicy', 'rules', first[1], 'action'),
    `\`${String(first[0].action)}\` recreates only the failed Job, but it is behind JobSet's feature gate RestartJob (alpha, off by default): unless the JobSet `
    + 'controller runs with `--feature-gates=RestartJob=true`, its webhook refuses the JobSet. Use `RestartJobSet` (every Job is recreated) or `FailJobSet`; '
    + 'if your cluster turned the gate on, say so with `kubeassist.jobset.featureGates` (`jobset.featureGates` in .kubeassist.yaml). '
    + webhookSays('RestartJob and RestartJobAndIgnoreMaxRestarts failure policy actions are not allowed when RestartJob feature gate is disabled'))];
};

/** The rules as the webhook sees them, with their written indexes. */
function defaultedRules(parts: Parameters<JobSetCheck>[0]) {
  return objectEntries(asObject(parts.defaultedSpec.failurePolicy)?.rules);
}

const ruleNames: JobSetCheck = (parts) => {
  const findings: Finding[] = [];
  const byName = new Map<string, number[]>();
  for (const [rule, index] of defaultedRules(parts)) {
    const name = asString(rule.name);
    if (name === undefined) continue;
    byName.set(name, [...(byName.get(name) ?? []), index]);
    const at = parts.at('failurePolicy', 'rules', index, 'name');
    if (name.length < 1 || name.length > 128) {
      findings.push(report(CODES.ruleNameLength, at,
        `This rule name is ${name.length} characters long; a failure policy rule name has 1 to 128. ${webhookSays(`invalid failure policy rule name of length ${name.length}, the rule name must be at least 1 characters long and at most 128 characters long`)}`));
    }
    if (!RULE_NAME.test(name)) {
      findings.push(report(CODES.ruleNameInvalid, at,
        `\`${name}\` is not a valid rule name: it must start with a letter, hold only letters, digits, \`_\`, \`,\` and \`:\`, and end with a letter, a digit or \`_\` `
        + `(no \`-\`, no spaces). The name shows in the JobSet's restart reason \`FailurePolicy_<name>\`. ${webhookSays(`invalid failure policy rule name '${name}', a failure policy rule name must start with an alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'`)}`));
    }
  }
  for (const [name, indexes] of byName) {
    if (indexes.length < 2) continue;
    for (const index of indexes.slice(1)) {
      findings.push(report(CODES.ruleNameDuplicate, parts.at('failurePolicy', 'rules', index, 'name'),
        `Another rule is already named \`${name}\`: rule names must be unique, so that the restart reason says which rule acted. Rename one. `
        + webhookSays(`rule names are not unique, rules with indices [${indexes.join(' ')}] all have the same name '${name}'`)));
    }
  }
  return findings;
};

const targets: JobSetCheck = (parts) => {
  const names = new Set(parts.replicatedJobs.map((entry) => entry.name));
  return defaultedRules(parts).flatMap(([rule, index]) => (asArray(rule.targetReplicatedJobs) ?? []).flatMap((target, position) => {
    if (typeof target !== 'string' || names.has(target)) return [];
    return [report(CODES.unknownTarget, parts.at('failurePolicy', 'rules', index, 'targetReplicatedJobs', position),
      `\`${target}\` is not a replicatedJob of this JobSet, so this rule would never match a failure there. Fix the name, or leave the list out to `
      + `match every replicatedJob. ${webhookSays(`invalid replicatedJob name '${target}' in failure policy does not appear in .spec.ReplicatedJobs`)}`)];
  }));
};

const reasons: JobSetCheck = (parts) => defaultedRules(parts).flatMap(([rule, index]) => (asArray(rule.onJobFailureReasons) ?? []).flatMap((reason, position) => {
  if (typeof reason !== 'string' || JOB_FAILURE_REASONS.includes(reason)) return [];
  const sameLetters = JOB_FAILURE_REASONS.find((candidate) => candidate.toLowerCase() === reason.toLowerCase());
  return [report(CODES.unknownReason, parts.at('failurePolicy', 'rules', index, 'onJobFailureReasons', position),
    `\`${reason}\` is not a reason a Job fails with${sameLetters ? ` (did you mean \`${sameLetters}\`?)` : ''}: use ${oneOf(JOB_FAILURE_REASONS)}. `
    + webhookSays(`invalid job failure reason '${reason}' in failure policy is not a recognized job failure reason`))];
}));

export const validateJobSetFailurePolicy = jobSetRule({
  name: 'validateFailurePolicy (JobSet webhook)',
  codes: Object.values(CODES),
  parts: [restartJobGate, ruleNames, targets, reasons],
});
