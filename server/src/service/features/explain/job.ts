// What a Job does, from its stored JobSpec (kube/created.ts: dropped fields gone, SetDefaults_Job applied), in the
// words of the Job controller's decisions (pkg/controller/job: manageJob, syncJob, matchPodFailurePolicy,
// pastBackoffLimitOnFailure, backoff_utils.go; pkg/controller/ttlafterfinished). The same sections serve a Job
// and each Job of a CronJob.
import { gateEnabledByDefault } from '../../kube/featureGates';
import { isObject } from '../../kube/defaults';
import { MAX_INT32, type Json, type JsonObject } from '../../types';
import type { ExplainSection, JobFacts, PodFailurePolicyRuleFacts, TimeToFailure } from './types';
import { code, durationWords, integerOr, listWords, plural, stringOr } from './words';

const JOB_CONTROLLER = 'kubernetes.io/job-controller';

/** Who the explanation speaks of: "the Job" or "each Job" (a CronJob's template). */
export interface JobWording {
  /** 'CronJob', 'JobSet': each Job of a template. */
  owner: 'Job' | 'CronJob' | 'JobSet';
  /** The Job's name, for the Indexed hostnames (`<name>-<index>`); absent for a CronJob's Jobs or generateName. */
  name?: string;
}

/** The time to failure if every Pod fails at once: behaviour/job's simulation of the Job (undefined: not available). */
export type FailureTimeline = (spec: JsonObject, minor: number) => TimeToFailure | undefined;

function podSpecOf(spec: JsonObject): JsonObject {
  const template = isObject(spec.template) ? spec.template : {};
  return isObject(template.spec) ? template.spec : {};
}

/** The facts of a stored JobSpec in 1.<minor>. */
export function jobFacts(spec: JsonObject, minor: number, timeline?: FailureTimeline): JobFacts {
  const restartPolicy = stringOr(podSpecOf(spec).restartPolicy, 'Always');
  const completions = integerOr(spec.completions, null);
  const parallelism = integerOr(spec.parallelism, 1) ?? 1;
  const managedBy = typeof spec.managedBy === 'string' && spec.managedBy !== JOB_CONTROLLER ? spec.managedBy : null;
  const backoffLimitPerIndex = integerOr(spec.backoffLimitPerIndex, null);
  const indexed = spec.completionMode === 'Indexed';
  const failureReasons = ['PodFailurePolicy', 'BackoffLimitExceeded', 'DeadlineExceeded', 'MaxFailedIndexesExceeded', 'FailedIndexes'].filter((reason) =>
    (reason !== 'PodFailurePolicy' || podFailureRules(spec).some((rule) => isObject(rule) && rule.action === 'FailJob'))
    && (reason !== 'DeadlineExceeded' || spec.activeDeadlineSeconds !== undefined)
    && (reason !== 'MaxFailedIndexesExceeded' || (backoffLimitPerIndex !== null && spec.maxFailedIndexes !== undefined))
    && (reason !== 'FailedIndexes' || (indexed && backoffLimitPerIndex !== null)));
  return {
    completionMode: stringOr(spec.completionMode, 'NonIndexed'),
    completions,
    parallelism,
    podsAtATime: completions === null ? parallelism : Math.min(parallelism, completions),
    restartPolicy,
    backoffLimit: integerOr(spec.backoffLimit, 6) ?? 6,
    counts: restartPolicy === 'OnFailure' ? 'failed-pods-and-container-restarts' : 'failed-pods',
    backoffLimitPerIndex,
    maxFailedIndexes: integerOr(spec.maxFailedIndexes, null),
    podReplacementPolicy: stringOr(spec.podReplacementPolicy, null),
    podFailurePolicy: isObject(spec.podFailurePolicy) ? podFailureRules(spec).map((rule, index) => describeRule(rule, index, backoffLimitPerIndex !== null)) : null,
    successPolicy: successRules(spec),
    failureReasons,
    activeDeadlineSeconds: integerOr(spec.activeDeadlineSeconds, null),
    ttlSecondsAfterFinished: integerOr(spec.ttlSecondsAfterFinished, null),
    suspend: spec.suspend === true,
    managedBy: managedBy && gateEnabledByDefault('JobManagedBy', minor) ? managedBy : null,
    timeToFailure: managedBy ? null : timeline?.(spec, minor) ?? null,
  };
}

/** The success policy's rules as written (SuccessPolicyRule: succeededIndexes, succeededCount). */
function successRules(spec: JsonObject): JobFacts['successPolicy'] {
  const policy = isObject(spec.successPolicy) ? spec.successPolicy : undefined;
  if (!policy || !Array.isArray(policy.rules)) return null;
  return policy.rules.filter(isObject).map((rule) => ({
    ...(typeof rule.succeededIndexes === 'string' ? { succeededIndexes: rule.succeededIndexes } : {}),
    ...(typeof rule.succeededCount === 'number' ? { succeededCount: rule.succeededCount } : {}),
  }));
}

function podFailureRules(spec: JsonObject): Json[] {
  const policy = isObject(spec.podFailurePolicy) ? spec.podFailurePolicy : undefined;
  return policy && Array.isArray(policy.rules) ? policy.rules : [];
}

const ACTION_EFFECTS: Record<string, string> = {
  FailJob: 'the Job fails at once (condition `Failed`, reason `PodFailurePolicy`) and its running Pods are deleted',
  FailIndex: 'the Pod\'s index fails and is not retried; the other indexes go on',
  Ignore: 'the failure is not counted against `backoffLimit` and a replacement Pod is created (the wait before it still grows)',
  Count: 'the failure counts against `backoffLimit` as if no rule matched',
};

/** matchPodFailurePolicy, one rule: when it matches and what its action does. */
function describeRule(rule: Json, index: number, hasBackoffLimitPerIndex: boolean): PodFailurePolicyRuleFacts {
  const entry = isObject(rule) ? rule : {};
  const action = stringOr(entry.action, '');
  let when = 'never (the rule names neither exit codes nor Pod conditions)';
  const onExitCodes = isObject(entry.onExitCodes) ? entry.onExitCodes : undefined;
  if (onExitCodes) {
    const values = Array.isArray(onExitCodes.values) ? onExitCodes.values.filter((value): value is number => typeof value === 'number') : [];
    const who = typeof onExitCodes.containerName === 'string' ? `the container (or init container) ${code(onExitCodes.containerName)}` : 'a container or init container';
    const codes = listWords(values.map(String), 'or');
    when = onExitCodes.operator === 'In'
      ? `${who} ends with exit code ${codes}`
      : onExitCodes.operator === 'NotIn'
        ? `${who} ends with an exit code other than 0 and ${codes}`
        : `never (operator ${code(String(onExitCodes.operator))} is unknown: the requirement is not met)`;
  } else if (Array.isArray(entry.onPodConditions)) {
    const patterns = entry.onPodConditions.filter(isObject).map((pattern) => `${code(stringOr(pattern.type, '?'))} = ${code(stringOr(pattern.status, 'True'))}`);
    when = patterns.length ? `the failed Pod has the condition ${listWords(patterns, 'or')}` : 'never (no condition patterns)';
  }
  let effect = ACTION_EFFECTS[action] ?? `none: the action ${code(action)} is unknown, so the rule is skipped`;
  if (action === 'FailIndex' && !hasBackoffLimitPerIndex) effect = 'none: FailIndex needs `backoffLimitPerIndex`, so the rule is skipped';
  return { index, action, when, effect };
}

/** The explanation's sections for a stored JobSpec. */
export function jobSections(facts: JobFacts, wording: JobWording, minor: number): ExplainSection[] {
  const the = wording.owner === 'Job' ? 'the Job' : 'each Job';
  const The = wording.owner === 'Job' ? 'The Job' : 'Each Job';
  const sections: ExplainSection[] = [];
  if (facts.managedBy) {
    sections.push({
      id: 'controller', title: 'Controller',
      lines: [`\`managedBy: ${facts.managedBy}\`: the built-in Job controller leaves ${the} alone. That controller creates its Pods and writes its status; what follows is what the built-in controller would do, and holds only as far as the other one mirrors it.`],
    });
  }
  sections.push({ id: 'pods', title: 'Pods', lines: podLines(facts, the, The, wording) });
  sections.push({ id: 'retries', title: 'Retries', lines: retryLines(facts, the) });
  if (facts.podFailurePolicy) sections.push({ id: 'podFailurePolicy', title: 'Pod failure policy', lines: policyLines(facts) });
  if (facts.completionMode === 'Indexed') sections.push({ id: 'indexes', title: 'Per index', lines: indexLines(facts, wording, minor) });
  sections.push({ id: 'failure', title: 'What fails it first', lines: failureLines(facts, the, The) });
  sections.push({ id: 'cleanup', title: 'When it is deleted', lines: cleanupLines(facts, the, wording) });
  return sections;
}

function podLines(facts: JobFacts, the: string, The: string, wording: JobWording): string[] {
  const lines: string[] = [];
  if (facts.suspend) lines.push(`Created suspended (\`suspend: true\`): no Pods run until \`suspend\` is set to false; \`startTime\` and the deadline count from then.`);
  if (facts.parallelism === 0) lines.push('`parallelism: 0`: no Pod runs until parallelism is raised.');
  if (facts.completions === null) {
    lines.push(`A work queue: ${the} runs ${plural(facts.parallelism, 'Pod')} at a time; once one of them succeeds no new Pod starts, and ${the} is complete when the rest have finished (completions is unset).`);
  } else if (facts.completionMode === 'Indexed') {
    lines.push(`Indexed: one Pod per index from 0 to ${facts.completions - 1} until each index has succeeded, at most ${plural(facts.podsAtATime, 'Pod')} at a time.`);
  } else {
    lines.push(`Runs Pods until ${facts.completions} ${facts.completions === 1 ? 'has' : 'have'} succeeded, at most ${plural(facts.podsAtATime, 'Pod')} at a time${facts.parallelism > (facts.completions ?? 0) && facts.completions !== 0 ? ` (parallelism ${facts.parallelism} is more than the ${facts.completions} still needed)` : ''}.`);
  }
  if (facts.podReplacementPolicy === 'Failed') {
    lines.push('A failed Pod is replaced once it has fully terminated (`podReplacementPolicy: Failed`): a Pod still shutting down is not replaced yet, so fewer Pods may run for a while.');
  } else if (facts.podReplacementPolicy === 'TerminatingOrFailed') {
    lines.push('A Pod is replaced as soon as it is deleted or fails (`podReplacementPolicy: TerminatingOrFailed`): for a moment the old and the new Pod may both run.');
  }
  void wording;
  void The;
  return lines;
}

function limitWords(limit: number): string {
  return limit >= MAX_INT32 ? 'no practical limit (2147483647)' : String(limit);
}

function retryLines(facts: JobFacts, the: string): string[] {
  const lines: string[] = [];
  const limit = facts.backoffLimit;
  if (facts.counts === 'failed-pods-and-container-restarts') {
    lines.push(`\`restartPolicy: OnFailure\`: the kubelet restarts a failing container inside its Pod (with its own back-off, 10 s doubling to 5 minutes). The Job controller adds up the restarts of the containers of its running Pods: ${the} fails when they reach ${limitWords(limit)}${limit === 0 ? ' (with 0, at the first restart)' : ''} (\`pastBackoffLimitOnFailure\`), or when more than ${limitWords(limit)} Pods have failed outright. Its running Pods are then deleted, and their logs with them.`);
  } else {
    lines.push(`\`restartPolicy: ${facts.restartPolicy}\`: every failed Pod counts once. ${the[0].toUpperCase()}${the.slice(1)} fails when more than ${limitWords(limit)} Pods have failed${limit < MAX_INT32 ? ` (at the ${ordinal(limit + 1)} failure)` : ''}: \`backoffLimit: ${limit}\`.`);
  }
  lines.push('Before each replacement Pod the controller waits 10 s, 20 s, 40 s ... doubling with each failure since the last success, up to 10 minutes (`DefaultJobPodFailureBackOff`, `MaxJobPodFailureBackOff`).');
  if (facts.backoffLimitPerIndex !== null) {
    lines.push(`\`backoffLimitPerIndex: ${facts.backoffLimitPerIndex}\`: each index has its own budget; an index fails after ${facts.backoffLimitPerIndex + 1} failed Pods and is not retried, with its own back-off per index.`);
  }
  return lines;
}

function ordinal(value: number): string {
  const suffix = value % 100 >= 11 && value % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][value % 10] ?? 'th';
  return `${value}${suffix}`;
}

function policyLines(facts: JobFacts): string[] {
  const rules = facts.podFailurePolicy ?? [];
  const lines = ['Rules are tried in order on each failed Pod; the first that matches decides (exit code 0 never matches; containers are looked at before init containers):'];
  for (const rule of rules) lines.push(`Rule ${rule.index + 1} (${code(rule.action)}): when ${rule.when}, ${rule.effect}.`);
  lines.push(`No rule matches: the failure counts against \`backoffLimit\` (${limitWords(facts.backoffLimit)}), like any failure without a policy. That includes Pods that fail without a terminated container (deleted, or never started) unless a condition rule names them.`);
  return lines;
}

function indexLines(facts: JobFacts, wording: JobWording, minor: number): string[] {
  const lines: string[] = [];
  const host = wording.name ? `\`${wording.name}-<index>\`` : '`<job name>-<index>`';
  lines.push(`Each Pod gets its index in the annotation \`batch.kubernetes.io/job-completion-index\`${minor >= 28 ? ', the label of the same name' : ''} and the variable \`JOB_COMPLETION_INDEX\`, and the hostname ${host}.`);
  if (facts.backoffLimitPerIndex !== null) {
    if (facts.maxFailedIndexes !== null) {
      lines.push(`As soon as more than ${facts.maxFailedIndexes} ${facts.maxFailedIndexes === 1 ? 'index has' : 'indexes have'} failed, the Job fails (reason \`MaxFailedIndexesExceeded\`) and its running Pods are deleted.`);
    } else {
      lines.push('Without `maxFailedIndexes` every index runs to its end; if any index failed, the Job then ends `Failed` with reason `FailedIndexes` (the API documentation says `Complete`; the controller marks it Failed).');
    }
  } else {
    lines.push('The indexes share one retry budget (`backoffLimit`): a failing index uses up the retries of all.');
  }
  // matchSuccessPolicy: the first rule met ends the Job (SuccessCriteriaMet, then Complete once its Pods are gone).
  for (const [index, rule] of (facts.successPolicy ?? []).entries()) {
    const which = rule.succeededIndexes !== undefined
      ? rule.succeededCount !== undefined ? `${rule.succeededCount} of the indexes ${rule.succeededIndexes}` : `the indexes ${rule.succeededIndexes}`
      : `any ${rule.succeededCount} indexes`;
    lines.push(`Success rule ${index + 1}: once ${which} have succeeded, the Job is done (\`SuccessCriteriaMet\`, then \`Complete\`) and its other Pods are deleted.`);
  }
  return lines;
}

function failureLines(facts: JobFacts, the: string, The: string): string[] {
  const lines: string[] = [];
  const reasons: Record<string, string> = {
    PodFailurePolicy: 'a `FailJob` rule of the pod failure policy matches (`PodFailurePolicy`)',
    BackoffLimitExceeded: `too many failures for \`backoffLimit\` (\`BackoffLimitExceeded\`)`,
    DeadlineExceeded: `\`activeDeadlineSeconds\` passes (\`DeadlineExceeded\`): ${facts.activeDeadlineSeconds} s after the start, whatever the retries left`,
    MaxFailedIndexesExceeded: 'more indexes failed than `maxFailedIndexes` (`MaxFailedIndexesExceeded`)',
    FailedIndexes: 'every index has ended and some failed (`FailedIndexes`)',
  };
  lines.push(`The controller checks, in this order: ${facts.failureReasons.map((reason) => reasons[reason]).join('; then ')}.`);
  const timeline = facts.timeToFailure;
  if (timeline?.ifEveryPodFailsAtOnce) {
    const { seconds, reason } = timeline.ifEveryPodFailsAtOnce;
    const rounds = timeline.rounds ?? 1;
    const waits = timeline.waits.length ? `: back-off waits of ${listWords(timeline.waits.map((wait) => `${wait} s`))}` : '';
    lines.push(`If every Pod fails as soon as it starts (exit code 1), ${the} is \`Failed\` (\`${reason}\`) ${durationWords(seconds)} after it starts${waits}.`);
    const what = facts.counts === 'failed-pods-and-container-restarts' ? plural(rounds, 'run') + ' of the container' : plural(rounds, 'round') + ' of Pods';
    lines.push(`Each second a Pod runs before it fails adds ${plural(rounds, 'second')} (${what}): Pods that fail after 30 s take about ${durationWords(seconds + 30 * rounds)}.`);
  } else if (timeline) {
    lines.push(`Pods that fail as soon as they start (exit code 1) do not fail ${the} within 200 Pods: a per-index budget, or a rule that ignores the failure, keeps it retrying.`);
  } else if (!facts.managedBy) {
    lines.push('The time to failure could not be computed here.');
  }
  lines.push(facts.activeDeadlineSeconds !== null
    ? `Worst case: ${durationWords(facts.activeDeadlineSeconds)} after the start, the deadline fails it whatever its Pods do.`
    : `Worst case: no bound. Without \`activeDeadlineSeconds\`, a Pod that never ends keeps ${the} running forever.`);
  void The;
  return lines;
}

function cleanupLines(facts: JobFacts, the: string, wording: JobWording): string[] {
  const lines: string[] = [];
  if (facts.ttlSecondsAfterFinished !== null) {
    lines.push(`${facts.ttlSecondsAfterFinished === 0 ? 'As soon as' : `${durationWords(facts.ttlSecondsAfterFinished)} after`} ${the} finishes (\`Complete\` or \`Failed\`), the TTL controller deletes it, and its Pods with it: their logs are gone then.`);
  } else if (wording.owner === 'CronJob') {
    lines.push('Without `ttlSecondsAfterFinished`, finished Jobs stay until the CronJob\'s history limits delete them (with their Pods and logs).');
  } else if (wording.owner === 'JobSet') {
    lines.push('Without `ttlSecondsAfterFinished` in the template, each Job stays as long as its JobSet; a restart of the JobSet deletes it (with its Pods and logs) and creates it again.');
  } else {
    lines.push('Without `ttlSecondsAfterFinished` the Job stays after it finishes, and so do its finished Pods and their logs, until someone deletes it.');
  }
  lines.push('When a Job fails, its still running Pods are deleted at once (with their logs); finished Pods stay until the Job goes.');
  return lines;
}
