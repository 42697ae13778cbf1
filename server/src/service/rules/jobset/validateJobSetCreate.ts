// jobSetWebhook.ValidateCreate (sigs.k8s.io/jobset v0.12.0 pkg/webhooks/jobset_webhook.go), after the webhook's
// Default: the network subdomain, managedBy, and for each replicatedJob its `replicas × parallelism`, its group
// name, the names the controller will give its Jobs and Pods (`<jobset>-<replicatedJob>-<job index>`, then
// `-<pod index>-<5 random>`: DNS-1035 labels of at most 63 characters), its dependsOn; the success policy's
// targets; the coordinator. The failure policy is validateFailurePolicy.ts, the claim policies
// validateVolumeClaimPolicies.ts. A refusal here is the JobSet's own: `kubectl apply` fails.
import { CONTROLLER_LABELS, genJobName, genPodName, jobSetGateEnabled, subdomainOf } from '../../kube/jobset';
import { byteLength, dns1035LabelProblems, dns1035LabelServerMessages, dns1123SubdomainProblems, dns1123SubdomainServerMessages, labelValueProblems } from '../../kube/names';
import { MAX_INT32, type Finding, type RuleCode } from '../../types';
import { listProblems } from '../meta/report';
import { asArray, asInteger, asObject, asString, objectEntries, report } from '../shared';
import { JOBSET_DOCS, jobSetRule, replicatedJobName, webhookSays, type JobSetCheck, type ReplicatedJobEntry } from './jobSetFields';

const code = (name: string, title: string, href: string, severity: RuleCode['severity'] = 'error'): RuleCode => ({
  code: `jobset/${name}`, severity, title, mirrors: 'jobSetWebhook.ValidateCreate', href,
});

export const JOBSET_CREATE_CODES = {
  inPlaceRestartGate: code('in-place-restart-gate', '`restartStrategy: InPlaceRestart` needs JobSet\'s InPlaceRestart feature gate (alpha, off by default)', JOBSET_DOCS.featureGates),
  inPlaceRestartJob: code('in-place-restart-job', 'With InPlaceRestart, each replicatedJob needs `backoffLimit: 2147483647`, `podReplacementPolicy: Failed` and `completions` equal to `parallelism`', JOBSET_DOCS.failurePolicy),
  dependsOnFirst: code('depends-on-first', 'The first replicatedJob cannot have `dependsOn`', JOBSET_DOCS.dependsOn),
  dependsOnUnknown: code('depends-on-unknown', '`dependsOn` must name this or an earlier replicatedJob', JOBSET_DOCS.dependsOn),
  subdomainInvalid: code('subdomain-invalid', '`network.subdomain` must be a DNS-1035 label (it names the headless Service)', JOBSET_DOCS.network),
  managedByInvalid: code('managed-by-invalid', '`managedBy` must be a domain-prefixed path of at most 63 characters', JOBSET_DOCS.api),
  replicasTimesParallelism: code('replicas-times-parallelism', '`replicas × parallelism` of a replicatedJob must not exceed 2147483647', JOBSET_DOCS.api),
  groupNameInvalid: code('group-name-invalid', '`groupName` must be a DNS-1035 label', JOBSET_DOCS.api),
  jobNameInvalid: code('job-name-invalid', 'The Job names `<jobset>-<replicatedJob>-<index>` must be DNS-1035 labels of at most 63 characters', JOBSET_DOCS.api),
  podNameTooLong: code('pod-name-too-long', 'The Pod names `<jobset>-<replicatedJob>-<job index>-<pod index>-<5 random>` must fit 63 characters', JOBSET_DOCS.api),
  successPolicyUnknownTarget: code('success-policy-unknown-target', '`successPolicy.targetReplicatedJobs` must name replicatedJobs of this JobSet', JOBSET_DOCS.successPolicy),
  coordinatorUnknown: code('coordinator-unknown', '`coordinator.replicatedJob` must name a replicatedJob of this JobSet', JOBSET_DOCS.coordinator),
  coordinatorJobIndex: code('coordinator-job-index', '`coordinator.jobIndex` must be below the replicatedJob\'s `replicas`', JOBSET_DOCS.coordinator),
  coordinatorNotIndexed: code('coordinator-not-indexed', 'The coordinator\'s replicatedJob must be Indexed, with `completions` set', JOBSET_DOCS.coordinator),
  coordinatorPodIndex: code('coordinator-pod-index', '`coordinator.podIndex` must be below the replicatedJob\'s `completions`', JOBSET_DOCS.coordinator),
  coordinatorLabel: code('coordinator-label-invalid', 'The coordinator endpoint (`<pod hostname>.<subdomain>`) must fit a label value (63 characters)', JOBSET_DOCS.coordinator),
} satisfies Record<string, RuleCode>;

const CODES = JOBSET_CREATE_CODES;

/** DNS-1035 problems as the webhook words them: its own sentence for a length over 63. */
function dns1035Messages(value: string, tooLong: string): string[] {
  return dns1035LabelServerMessages(value).map((message) => (message.includes('must be no more than 63 characters') ? tooLong : message));
}

const inPlaceRestartGate: JobSetCheck = (parts, context) => {
  const strategy = asObject(parts.spec.failurePolicy)?.restartStrategy;
  if (strategy !== 'InPlaceRestart' || jobSetGateEnabled('InPlaceRestart', context.jobSetFeatureGates)) return [];
  return [report(CODES.inPlaceRestartGate, parts.at('failurePolicy', 'restartStrategy'),
    '`InPlaceRestart` restarts healthy Pods in place instead of recreating every Job, but it is behind JobSet\'s feature gate InPlaceRestart '
    + '(alpha, off by default): unless the JobSet controller runs with `--feature-gates=InPlaceRestart=true`, its webhook refuses the JobSet. '
    + 'Use `Recreate` (the default) or `BlockingRecreate`; if your cluster turned the gate on, say so with `kubeassist.jobset.featureGates` '
    + `(\`jobset.featureGates\` in .kubeassist.yaml). ${webhookSays('InPlaceRestart restart strategy cannot be set when InPlaceRestart feature gate is disabled')}`)];
};

/**
 * With the InPlaceRestart gate on, what the webhook asks of every replicatedJob's Job template: one part per field,
 * so that one the text does not settle (a training runtime's `completions`) leaves the others judged.
 */
function inPlaceRestartJobs(field: 'backoffLimit' | 'podReplacementPolicy' | 'completions'): JobSetCheck {
  return (parts, context) => {
    const strategy = asObject(parts.spec.failurePolicy)?.restartStrategy;
    if (strategy !== 'InPlaceRestart' || !jobSetGateEnabled('InPlaceRestart', context.jobSetFeatureGates)) return [];
    return parts.replicatedJobs.flatMap((entry) => {
      const spec = asObject(asObject(entry.written.template)?.spec);
      const specPath = [...entry.path, 'template', 'spec'];
      const name = entry.name ?? '';
      const written = spec?.[field] !== undefined;
      const at = written ? [...specPath, field] : specPath;
      const anchor = written ? undefined : 'key' as const;
      if (field === 'backoffLimit' && spec?.backoffLimit !== MAX_INT32) {
        return [report(CODES.inPlaceRestartJob, at,
          `With \`restartStrategy: InPlaceRestart\` the JobSet restarts failed Pods itself, so the Job of ${replicatedJobName(entry)} must never fail on its own: set \`backoffLimit: ${MAX_INT32}\`. `
          + webhookSays(`replicatedJob ${name}: must be set to ${MAX_INT32} (MaxInt32) when in-place restart is enabled`), anchor)];
      }
      if (field === 'podReplacementPolicy' && spec?.podReplacementPolicy !== 'Failed') {
        return [report(CODES.inPlaceRestartJob, at,
          `With \`restartStrategy: InPlaceRestart\` a Pod is replaced only once it has failed, never while it terminates: set \`podReplacementPolicy: Failed\` in the Job of ${replicatedJobName(entry)}. `
          + webhookSays(`replicatedJob ${name}: must be set to Failed when in-place restart is enabled`), anchor)];
      }
      if (field === 'completions') {
        const completions = spec?.completions;
        const parallelism = spec?.parallelism;
        if (completions !== undefined && parallelism !== undefined && completions === parallelism) return [];
        return [report(CODES.inPlaceRestartJob, at,
          `With \`restartStrategy: InPlaceRestart\` every Pod of the Job of ${replicatedJobName(entry)} runs at once: write \`completions\` and \`parallelism\`, equal. `
          + webhookSays(`replicatedJob ${name}: completions and parallelism must be set and equal to each other when in-place restart is enabled`), anchor)];
      }
      return [];
    });
  };
}

const dependsOn: JobSetCheck = (parts) => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const entry of parts.replicatedJobs) {
    if (entry.name !== undefined) seen.add(entry.name);
    const list = asArray(entry.written.dependsOn);
    if (entry.index === 0 && list !== undefined) {
      findings.push(report(CODES.dependsOnFirst, [...entry.path, 'dependsOn'],
        'The first replicatedJob starts the JobSet, so it cannot wait for another: the order of `replicatedJobs` is the order of '
        + `the dependencies. Move this replicatedJob after the one it waits for, or remove \`dependsOn\`. ${webhookSays("DependsOn can't be set for the first ReplicatedJob")}`, 'key'));
    }
    for (const [dependency, position] of objectEntries(list)) {
      const name = asString(dependency.name);
      if (name === undefined || seen.has(name)) continue;
      findings.push(report(CODES.dependsOnUnknown, [...entry.path, 'dependsOn', position, 'name'],
        `\`${name}\` is not a replicatedJob listed before ${replicatedJobName(entry)}: a replicatedJob can only wait for one above it in `
        + `\`replicatedJobs\`. Fix the name, or reorder the list. ${webhookSays(`replicatedJob: ${entry.name ?? ''} cannot depend on replicatedJob: ${name}`)}`));
    }
  }
  return findings;
};

const subdomain: JobSetCheck = (parts) => {
  const value = asString(asObject(parts.spec.network)?.subdomain);
  if (!value) return [];
  const problems = [...new Set([...dns1123SubdomainProblems(value), ...dns1035LabelProblems(value)])];
  if (!problems.length) return [];
  const at = parts.at('network', 'subdomain');
  const server = [...dns1123SubdomainServerMessages(value), ...dns1035Messages(value, '.spec.network.subdomain is too long, must be less than 63 characters')];
  return [report(CODES.subdomainInvalid, at,
    `\`${value}\` cannot be the JobSet's subdomain: ${listProblems(problems)}. It names the headless Service that gives the Pods their `
    + `DNS names, so it must be a DNS-1035 label: lower-case letters, digits and \`-\`, starting with a letter, at most 63 characters. ${webhookSays(`spec.network.subdomain: Invalid value: "${value}": ${server[0]}`)}`)];
};

/** RFC 3986 path characters (IsDomainPrefixedPath). */
const HTTP_PATH = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;

const managedBy: JobSetCheck = (parts) => {
  const value = asString(parts.spec.managedBy);
  if (value === undefined) return [];
  const slash = value.indexOf('/');
  const domain = slash < 0 ? value : value.slice(0, slash);
  const path = slash < 0 ? '' : value.slice(slash + 1);
  const problems: string[] = [];
  if (slash < 0 || domain === '' || path === '') problems.push('it must be a domain, a `/` and a path, such as `kueue.x-k8s.io/multikueue`');
  else {
    problems.push(...dns1123SubdomainProblems(domain).map((problem) => `in the domain before \`/\`, ${problem}`));
    if (!HTTP_PATH.test(path)) problems.push('the path after `/` may only use letters, digits and URL path characters');
  }
  if (byteLength(value) > 63) problems.push('it is longer than 63 characters');
  if (!problems.length) return [];
  return [report(CODES.managedByInvalid, parts.at('managedBy'),
    `\`${value}\` is not a valid \`managedBy\`: ${listProblems(problems)}. Leave the field out (or write \`jobset.sigs.k8s.io/jobset-controller\`) `
    + 'for the JobSet controller to run the JobSet; another value hands it to that controller (MultiKueue uses `kueue.x-k8s.io/multikueue`).')];
};

const replicasTimesParallelism: JobSetCheck = (parts) => parts.replicatedJobs.flatMap((entry) => {
  const replicas = asInteger(entry.defaulted.replicas) ?? 1;
  const parallelism = asInteger(asObject(asObject(entry.written.template)?.spec)?.parallelism) ?? 1;
  if (parallelism * replicas <= MAX_INT32) return [];
  return [report(CODES.replicasTimesParallelism, [...entry.path, 'replicas'],
    `${replicatedJobName(entry)} would run ${replicas} Jobs of ${parallelism} Pods: more than ${MAX_INT32} Pods at once, which JobSet's `
    + `counters cannot hold. Lower \`replicas\` or \`parallelism\`. ${webhookSays(`the product of replicas and parallelism must not exceed ${MAX_INT32} for replicatedJob '${entry.name ?? ''}'`)}`)];
});

const groupName: JobSetCheck = (parts) => parts.replicatedJobs.flatMap((entry) => {
  const value = asString(entry.defaulted.groupName);
  if (value === undefined) return [];
  const problems = dns1035LabelProblems(value);
  if (!problems.length) return [];
  const server = dns1035Messages(value, '.spec.replicatedJob[].groupName is too long, must be less than 63 characters');
  return [report(CODES.groupNameInvalid, [...entry.path, 'groupName'],
    `\`${value === '' ? '""' : value}\` is not a valid group name: ${listProblems(problems)}. The controller writes it into the label \`${CONTROLLER_LABELS.groupName}\` `
    + `of each Job and Pod; leave \`groupName\` out for \`default\`. ${webhookSays(`spec.replicatedJobs[${entry.index}].groupName: Invalid value: "${value}": ${server[0]}`)}`)];
});

const generatedNames: JobSetCheck = (parts) => {
  const jobSet = parts.name;
  // A malformed JobSet name is the metadata rules' finding; the Job names would only repeat it.
  if (jobSet === undefined || dns1123SubdomainProblems(jobSet).length) return [];
  return parts.replicatedJobs.flatMap((entry) => namesOf(jobSet, entry));
};

function namesOf(jobSet: string, entry: ReplicatedJobEntry): Finding[] {
  if (entry.name === undefined) return [];
  const replicas = asInteger(entry.defaulted.replicas) ?? 1;
  const jobName = genJobName(jobSet, entry.name, replicas - 1);
  const at = [...entry.path, 'name'];
  const jobProblems = dns1035LabelProblems(jobName);
  const findings: Finding[] = [];
  if (jobProblems.length) {
    const tooLong = byteLength(jobName) > 63;
    const way = tooLong
      ? `Shorten the JobSet's name (${byteLength(jobSet)} characters) or this replicatedJob's (${byteLength(entry.name)})`
      : 'Use lower-case letters, digits and `-` in both names, and start the JobSet\'s name with a letter';
    const server = dns1035Messages(jobName, 'JobSet name is too long, job names generated for this JobSet will exceed 63 characters');
    findings.push(report(CODES.jobNameInvalid, at,
      `The controller names each Job of ${replicatedJobName(entry)} \`<jobset>-<replicatedJob>-<index>\`, and the last one, \`${jobName}\`, is not a `
      + `DNS-1035 label: ${listProblems(jobProblems)}. ${way}. ${webhookSays(`spec.replicatedJobs[${entry.index}].name: Invalid value: "${jobName}": ${server[0]}`)}`));
  }
  const spec = asObject(asObject(entry.defaulted.template)?.spec);
  const completions = asInteger(asObject(asObject(entry.written.template)?.spec)?.completions);
  if (spec?.completionMode !== 'Indexed' || completions === undefined) return findings;
  const podName = `${genPodName(jobSet, entry.name, replicas - 1, completions - 1)}-abcde`;
  const podProblems = dns1035LabelProblems(podName);
  if (podProblems.length && !jobProblems.length) {
    findings.push(report(CODES.podNameTooLong, at,
      `The Pods of ${replicatedJobName(entry)} are named \`<jobset>-<replicatedJob>-<job index>-<pod index>-<5 random>\`; the last one, like \`${podName}\`, `
      + `is ${byteLength(podName)} characters long and must be a DNS-1035 label of at most 63: ${listProblems(podProblems)}. Shorten the JobSet's or the `
      + `replicatedJob's name. ${webhookSays(`spec.replicatedJobs[${entry.index}].name: Invalid value: "${jobName}": ${dns1035Messages(podName, 'JobSet name is too long, pod names generated for this JobSet will exceed 63 characters')[0]}`)}`));
  }
  return findings;
}

const successPolicyTargets: JobSetCheck = (parts) => {
  const names = new Set(parts.replicatedJobs.map((entry) => entry.name));
  const targets = asArray(asObject(parts.spec.successPolicy)?.targetReplicatedJobs) ?? [];
  return targets.flatMap((target, index) => {
    if (typeof target !== 'string' || names.has(target)) return [];
    return [report(CODES.successPolicyUnknownTarget, parts.at('successPolicy', 'targetReplicatedJobs', index),
      `\`${target}\` is not a replicatedJob of this JobSet, so the success policy could never count it. Name one of ${[...names].filter(Boolean).map((name) => `\`${name}\``).join(', ') || 'the replicatedJobs'}. `
      + webhookSays(`invalid replicatedJob name '${target}' does not appear in .spec.ReplicatedJobs`))];
  });
};

const coordinator: JobSetCheck = (parts) => {
  const written = asObject(parts.spec.coordinator);
  if (!written) return [];
  const name = asString(written.replicatedJob);
  if (name === undefined) return [];
  const entry = parts.replicatedJobs.find((candidate) => candidate.name === name);
  const at = (...segments: string[]) => parts.at('coordinator', ...segments);
  if (!entry) {
    return [report(CODES.coordinatorUnknown, at('replicatedJob'),
      `\`${name}\` is not a replicatedJob of this JobSet: the coordinator must be one of its Pods. ${webhookSays(`coordinator replicatedJob ${name} does not exist`)}`)];
  }
  const replicas = asInteger(entry.defaulted.replicas) ?? 1;
  const jobIndex = asInteger(written.jobIndex) ?? 0;
  if (jobIndex < 0 || jobIndex >= replicas) {
    return [report(CODES.coordinatorJobIndex, at('jobIndex'),
      `${replicatedJobName(entry)} has ${replicas} Job${replicas === 1 ? '' : 's'} (indexes 0 to ${replicas - 1}), so job index ${jobIndex} does not exist. `
      + webhookSays(`coordinator job index ${jobIndex} is invalid for replicatedJob ${name}`))];
  }
  const spec = asObject(asObject(entry.defaulted.template)?.spec);
  const completions = asInteger(asObject(asObject(entry.written.template)?.spec)?.completions);
  if (spec?.completionMode !== 'Indexed' || completions === undefined) {
    return [report(CODES.coordinatorNotIndexed, at('replicatedJob'),
      `The coordinator is named by its Pod's completion index, so ${replicatedJobName(entry)} must be an Indexed Job with \`completions\` set. `
      + webhookSays('job for coordinator pod must be indexed completion mode, and completions number must be set'))];
  }
  const podIndex = asInteger(written.podIndex) ?? 0;
  if (podIndex < 0 || podIndex >= completions) {
    return [report(CODES.coordinatorPodIndex, at('podIndex'),
      `${replicatedJobName(entry)} has completions ${completions} (Pod indexes 0 to ${completions - 1}), so pod index ${podIndex} does not exist. `
      + webhookSays(`coordinator pod index ${podIndex} is invalid for replicatedJob ${name} job index ${jobIndex}`))];
  }
  const jobSet = parts.name;
  const subdomainName = subdomainOf(parts.defaultedSpec, jobSet);
  if (jobSet === undefined || subdomainName === undefined) return [];
  const endpoint = `${genPodName(jobSet, name, jobIndex, podIndex)}.${subdomainName}`;
  const problems = labelValueProblems(endpoint);
  if (!problems.length) return [];
  return [report(CODES.coordinatorLabel, at(),
    `The controller labels every Job and Pod with the coordinator's address, \`${endpoint}\`, and that is not a valid label value: ${listProblems(problems)}. `
    + `Shorten the JobSet's, the replicatedJob's or the subdomain's name. ${webhookSays(`spec will lead to invalid label value "${endpoint}" for coordinator label "${CONTROLLER_LABELS.coordinator}"`)}`, 'key')];
};

export const validateJobSetCreate = jobSetRule({
  name: 'jobSetWebhook.ValidateCreate',
  codes: Object.values(CODES),
  parts: [inPlaceRestartGate, inPlaceRestartJobs('backoffLimit'), inPlaceRestartJobs('podReplacementPolicy'), inPlaceRestartJobs('completions'), dependsOn, subdomain, managedBy, replicasTimesParallelism, groupName, generatedNames, successPolicyTargets, coordinator],
});
