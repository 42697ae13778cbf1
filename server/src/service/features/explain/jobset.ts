// What a JobSet will do once created, and what a training runtime's JobSet template makes of each TrainJob: the
// Jobs the JobSet controller creates (constructJobsFromTemplate, placement.GenJobName), when the set succeeds
// (executeSuccessPolicy, numJobsExpectedToSucceed), what a failed Job does (executeFailurePolicy: no policy fails
// the set; the first matching rule acts; no matching rule restarts it, counting towards maxRestarts), the order
// of start (startup policy, dependsOn: dependencyReachedStatus), the network and the TTL
// (executeTTLAfterFinishedPolicy), in the words of sigs.k8s.io/jobset (kube/jobset.ts names the release). Each
// replicated Job is then explained as a Job (explain/job.ts), with the defaults the webhook and the batch API
// server give it (kube/defaults.ts).
import { isObject } from '../../kube/defaults';
import { genJobName, JOBSET_RELEASE } from '../../kube/jobset';
import { MAX_INT32, type JsonObject } from '../../types';
import { jobFacts, jobSections, type FailureTimeline } from './job';
import type { ExplainSection, JobSetFacts, ReplicatedJobFacts } from './types';
import { code, durationWords, integerOr, listWords, plural, stringOr } from './words';

/** Who the JobSet is: a JobSet of that name, or the template a runtime gives each TrainJob. */
export interface JobSetWording {
  owner: 'JobSet' | 'TrainingRuntime';
  /** The JobSet's name (a runtime's JobSets are named after each TrainJob). */
  name?: string;
}

/** The facts of a stored JobSet spec (the webhook's and the CRD's defaults, and SetDefaults_Job in each template). */
export function jobSetFacts(spec: JsonObject, minor: number, timeline?: FailureTimeline): JobSetFacts {
  const replicatedJobs: ReplicatedJobFacts[] = [];
  for (const entry of Array.isArray(spec.replicatedJobs) ? spec.replicatedJobs : []) {
    if (!isObject(entry)) continue;
    const templateSpec = isObject(entry.template) && isObject(entry.template.spec) ? entry.template.spec : undefined;
    const dependsOn = Array.isArray(entry.dependsOn)
      ? entry.dependsOn.filter(isObject).map((item) => ({ name: stringOr(item.name, ''), status: stringOr(item.status, '') }))
      : [];
    replicatedJobs.push({
      name: stringOr(entry.name, ''),
      replicas: integerOr(entry.replicas, 1) ?? 1,
      groupName: stringOr(entry.groupName, 'default'),
      dependsOn,
      job: templateSpec ? jobFacts(templateSpec, minor, timeline) : null,
    });
  }
  const success = isObject(spec.successPolicy) ? spec.successPolicy : {};
  const operator = stringOr(success.operator, 'All');
  const targets = stringsOf(success.targetReplicatedJobs);
  const counted = replicatedJobs.filter((entry) => targets.length === 0 || targets.includes(entry.name));
  const failure = isObject(spec.failurePolicy) ? spec.failurePolicy : undefined;
  const network = isObject(spec.network) ? spec.network : {};
  const startup = isObject(spec.startupPolicy) ? spec.startupPolicy : {};
  return {
    replicatedJobs,
    totalJobs: replicatedJobs.reduce((sum, entry) => sum + entry.replicas, 0),
    successPolicy: { operator, targetReplicatedJobs: targets },
    jobsToSucceed: operator === 'Any' ? 1 : counted.reduce((sum, entry) => sum + entry.replicas, 0),
    failurePolicy: failure
      ? {
        maxRestarts: integerOr(failure.maxRestarts, 0) ?? 0,
        restartStrategy: stringOr(failure.restartStrategy, 'Recreate'),
        rules: (Array.isArray(failure.rules) ? failure.rules : []).filter(isObject).map((rule, index) => ({
          name: stringOr(rule.name, `failurePolicyRule${index}`),
          action: stringOr(rule.action, ''),
          onJobFailureReasons: stringsOf(rule.onJobFailureReasons),
          onJobFailureMessagePatterns: stringsOf(rule.onJobFailureMessagePatterns),
          targetReplicatedJobs: stringsOf(rule.targetReplicatedJobs),
        })),
      }
      : null,
    startupPolicyOrder: stringOr(startup.startupPolicyOrder, 'AnyOrder'),
    dnsHostnames: network.enableDNSHostnames !== false,
    subdomain: typeof network.subdomain === 'string' && network.subdomain !== '' ? network.subdomain : null,
    ttlSecondsAfterFinished: integerOr(spec.ttlSecondsAfterFinished, null),
    suspend: spec.suspend === true,
    managedBy: typeof spec.managedBy === 'string' && spec.managedBy !== 'jobset.sigs.k8s.io/jobset-controller' ? spec.managedBy : null,
  };
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The JobSet's own sections, then each replicated Job's as a Job's (ids `replicatedJobs.<name>.<id>`). */
export function jobSetSections(facts: JobSetFacts, wording: JobSetWording, minor: number): ExplainSection[] {
  const sections: ExplainSection[] = [];
  const setName = wording.name ?? (wording.owner === 'TrainingRuntime' ? '<trainjob>' : '<jobset>');
  const the = wording.owner === 'TrainingRuntime' ? 'each JobSet' : 'the JobSet';
  const The = wording.owner === 'TrainingRuntime' ? 'Each JobSet' : 'The JobSet';
  if (facts.managedBy) {
    sections.push({
      id: 'managedBy', title: 'Managed elsewhere',
      lines: [`\`managedBy: ${facts.managedBy}\`: the JobSet controller leaves ${the} alone; what follows is what it would do.`],
    });
  }
  sections.push({ id: 'jobs', title: 'The Jobs it creates', lines: jobsLines(facts, setName, The) });
  sections.push({ id: 'startup', title: 'Order of start', lines: startupLines(facts) });
  sections.push({ id: 'success', title: 'When it succeeds', lines: successLines(facts, the) });
  sections.push({ id: 'failure', title: 'When a Job fails', lines: failureLines(facts, the, The) });
  sections.push({ id: 'network', title: 'Pod hostnames', lines: networkLines(facts, setName) });
  sections.push({ id: 'cleanup', title: 'When it is deleted', lines: cleanupLines(facts, the) });
  for (const entry of facts.replicatedJobs) {
    if (!entry.job) continue;
    const name = entry.name || '<entry>';
    for (const section of jobSections(entry.job, { owner: 'JobSet', name: `${setName}-${name}-<job index>` }, minor)) {
      sections.push({ ...section, id: `replicatedJobs.${name}.${section.id}`, title: `Each Job of ${name}: ${section.title.toLowerCase()}` });
    }
  }
  return sections;
}

function jobsLines(facts: JobSetFacts, setName: string, The: string): string[] {
  if (facts.replicatedJobs.length === 0) return [`${The} lists no \`replicatedJobs\`: it creates no Job.`];
  const lines = facts.replicatedJobs.map((entry) => {
    const name = entry.name || '<entry>';
    const names = entry.replicas === 1
      ? code(genJobName(setName, name, 0))
      : `${code(genJobName(setName, name, 0))} to ${code(genJobName(setName, name, entry.replicas - 1))}`;
    const pods = entry.job
      ? entry.job.completions === null ? `, each a work queue of ${plural(entry.job.parallelism, 'Pod')}` : `, each running ${plural(entry.job.completions, 'Pod')} to success${entry.job.podsAtATime > 1 ? ` (${entry.job.podsAtATime} at a time)` : ''}`
      : '';
    return `${code(name)}: ${plural(entry.replicas, 'Job')} (${names})${pods}.`;
  });
  lines.unshift(`${The} creates ${plural(facts.totalJobs, 'Job')} from ${plural(facts.replicatedJobs.length, 'entry', 'entries')} of \`replicatedJobs\`, each a full Job the batch API server validates when the controller creates it (a refusal shows only as a \`JobCreationFailed\` event on the JobSet):`);
  if (facts.suspend) lines.push('`suspend: true`: the Jobs are created suspended, and get Pods only when the JobSet is resumed (as Kueue does when it admits the workload).');
  return lines;
}

function startupLines(facts: JobSetFacts): string[] {
  const lines: string[] = [];
  if (facts.startupPolicyOrder === 'InOrder') {
    lines.push(`\`startupPolicy: InOrder\`: the entries start one after another in the order written (${listWords(facts.replicatedJobs.map((entry) => code(entry.name || '<entry>')))}); the Jobs of the next entry are created once every Job of the previous one has started (all its Jobs ready, succeeded or failed).`);
  } else {
    lines.push('All entries\' Jobs are created at once (`startupPolicy: AnyOrder`, the default).');
  }
  for (const entry of facts.replicatedJobs) {
    if (!entry.dependsOn.length) continue;
    const waits = entry.dependsOn.map((dependency) => dependency.status === 'Complete'
      ? `every Job of ${code(dependency.name)} has succeeded`
      : `every Job of ${code(dependency.name)} is ready (or has finished)`);
    lines.push(`${code(entry.name || '<entry>')} waits (\`dependsOn\`) until ${listWords(waits)}: its Jobs are created only then.`);
  }
  return lines;
}

function successLines(facts: JobSetFacts, the: string): string[] {
  const { operator, targetReplicatedJobs } = facts.successPolicy;
  const over = targetReplicatedJobs.length ? `of ${listWords(targetReplicatedJobs.map((name) => code(name)))}` : 'of every entry';
  const lines = [operator === 'Any'
    ? `\`successPolicy: Any\`: the first Job ${over} that succeeds completes ${the}.`
    : `${the[0].toUpperCase()}${the.slice(1)} is \`Completed\` once ${facts.jobsToSucceed === 1 ? 'the Job' : `all ${facts.jobsToSucceed} Jobs`} ${over} ${facts.jobsToSucceed === 1 ? 'has' : 'have'} succeeded (\`operator: All\`${targetReplicatedJobs.length ? '' : ', the default'}).`];
  lines.push('Once it is Completed (or Failed), the controller deletes the Jobs still running, with their Pods and logs.');
  return lines;
}

function failureLines(facts: JobSetFacts, the: string, The: string): string[] {
  const policy = facts.failurePolicy;
  if (!policy) return [`Without \`failurePolicy\`, the first Job that fails fails ${the} (reason \`FailedJobs\`): nothing is retried at the JobSet's level. Each Job retries its own Pods first (its \`backoffLimit\`).`];
  const lines: string[] = [];
  const restart = policy.restartStrategy === 'BlockingRecreate'
    ? 'every Job is deleted, and new ones are created only once all the old ones are gone (`restartStrategy: BlockingRecreate`)'
    : policy.restartStrategy === 'InPlaceRestart'
      ? 'the Pods are restarted in place where the cluster supports it (`restartStrategy: InPlaceRestart`)'
      : 'every Job is deleted and created again at once (`restartStrategy: Recreate`), with new Pods: the old Pods\' logs are gone';
  policy.rules.forEach((rule, index) => {
    const job = rule.targetReplicatedJobs.length ? `a Job of ${listWords(rule.targetReplicatedJobs.map((name) => code(name)), 'or')}` : 'a Job';
    const how = [
      rule.onJobFailureReasons.length ? `with reason ${listWords(rule.onJobFailureReasons.map((reason) => code(reason)), 'or')}` : '',
      rule.onJobFailureMessagePatterns.length ? `with a message matching ${listWords(rule.onJobFailureMessagePatterns.map((pattern) => code(pattern)), 'or')}` : '',
    ].filter(Boolean);
    lines.push(`Rule ${index + 1} (${code(rule.name)}): when ${job} fails${how.length ? ` ${how.join(' and ')}` : ''}, ${actionWords(rule.action, policy.maxRestarts, restart, the)}.`);
  });
  lines.push(`${policy.rules.length ? 'Any other failed Job (no rule matches: the default action, `RestartJobSet`)' : 'A failed Job (no rules: the default action, `RestartJobSet`)'}: ${actionWords('RestartJobSet', policy.maxRestarts, restart, the)}.`);
  lines.push('The rules are tried in order; the first that matches a failed Job acts (of its matching Jobs, the one that failed first).');
  if (policy.maxRestarts >= MAX_INT32) lines.push(`${The} is restarted practically without limit.`);
  return lines;
}

function actionWords(action: string, maxRestarts: number, restart: string, the: string): string {
  switch (action) {
    case 'FailJobSet': return `${the} fails at once (\`FailJobSet\`)`;
    case 'RestartJobSet': return maxRestarts === 0
      ? `${the} fails (\`maxRestarts\` is 0, so no restart is left: \`ReachedMaxRestarts\`)`
      : `${the} restarts: ${restart}; after ${plural(maxRestarts, 'restart')} that count, the next such failure fails it (\`ReachedMaxRestarts\`)`;
    case 'RestartJobSetAndIgnoreMaxRestarts': return `${the} restarts without counting towards \`maxRestarts\`: ${restart}`;
    case 'RestartJob': return 'only the failed Job is created again, counting towards `maxRestarts` (JobSet\'s RestartJob gate, alpha)';
    case 'RestartJobAndIgnoreMaxRestarts': return 'only the failed Job is created again, without counting (JobSet\'s RestartJob gate, alpha)';
    default: return `the action ${code(action)} applies`;
  }
}

function networkLines(facts: JobSetFacts, setName: string): string[] {
  if (!facts.dnsHostnames) return ['`enableDNSHostnames: false`: no headless Service; Pods reach each other by IP only.'];
  const subdomain = facts.subdomain ?? setName;
  return [`A headless Service ${code(subdomain)} gives each Pod of an Indexed Job a DNS name: \`<jobset>-<entry>-<job index>-<pod index>.${subdomain}\` (for instance ${code(`${setName}-${facts.replicatedJobs[0]?.name || '<entry>'}-0-0.${subdomain}`)}); the names resolve before the Pods are ready (\`publishNotReadyAddresses\`).`];
}

function cleanupLines(facts: JobSetFacts, the: string): string[] {
  if (facts.ttlSecondsAfterFinished === null) return [`Without \`ttlSecondsAfterFinished\` ${the} stays after it finishes, with its finished Jobs and their Pods, until someone deletes it.`];
  return [`${facts.ttlSecondsAfterFinished === 0 ? 'As soon as' : `${durationWords(facts.ttlSecondsAfterFinished)} after`} ${the} finishes, the JobSet controller deletes it, and its Jobs and Pods with it: their logs are gone then.`];
}

/** The one-sentence summary: how many Jobs, when the set succeeds, what a failure does. */
export function jobSetSummary(facts: JobSetFacts, owner: JobSetWording['owner']): string {
  const creates = owner === 'TrainingRuntime' ? 'Each TrainJob of this runtime gets a JobSet of' : 'Creates';
  const entries = facts.replicatedJobs.map((entry) => `${entry.name || '<entry>'} × ${entry.replicas}`).join(', ');
  const success = facts.successPolicy.operator === 'Any' ? 'succeeds at the first successful Job' : `succeeds when ${plural(facts.jobsToSucceed, 'Job')} have succeeded`;
  const policy = facts.failurePolicy;
  const failure = !policy
    ? 'the first failed Job fails it'
    : `a failed Job ${policy.maxRestarts === 0 ? 'fails it (`maxRestarts: 0`)' : `restarts it, up to ${plural(policy.maxRestarts, 'time')}`}${policy.rules.length ? ' unless a rule says otherwise' : ''}`;
  return `${creates} ${plural(facts.totalJobs, 'Job')}${entries ? ` (${entries})` : ''}; ${success}; ${failure}. JobSet ${JOBSET_RELEASE}.`;
}
