// What Kubeflow Trainer refuses in a TrainingRuntime or ClusterTrainingRuntime (kubeflow/trainer v2.3.0): its
// webhook's validateReplicatedJobs (pkg/webhooks/trainingruntime_webhook.go: a replicatedJob labelled as a
// TrainJob step runs exactly one Job and holds that step's container) and the CEL rules of its CRD (one ML
// policy at most, flux's numProcPerNode at least 1, torch's extra environment never aimed at the `node`
// container). The JobSet template inside is checked by the JobSet rules (rules/jobset/) and every Job rule.
import { ANCESTOR_CONTAINERS, ANCESTOR_LABEL, NODE, TRAINER_DOCS } from '../../kube/trainer';
import { jsonAt, type Finding, type Rule, type RuleCode, type RuleContext } from '../../types';
import { asArray, asInteger, asLabels, asObject, asString, objectEntries, report } from '../shared';

const code = (name: string, title: string, mirrors: string): RuleCode => ({ code: `trainingruntime/${name}`, severity: 'error', title, mirrors, href: TRAINER_DOCS });

export const TRAINING_RUNTIME_CODES = {
  stepReplicas: code('step-replicas', 'A replicatedJob labelled as a TrainJob step must have `replicas: 1`', 'validateReplicatedJobs (Trainer webhook)'),
  stepContainer: code('step-container', 'A replicatedJob labelled as a TrainJob step must have that step\'s container', 'validateReplicatedJobs (Trainer webhook)'),
  onePolicy: code('one-ml-policy', '`mlPolicy` configures at most one of torch, mpi, jax, xgboost, flux', 'CRD CEL rule on mlPolicy'),
  fluxProcesses: code('flux-num-proc-per-node', '`mlPolicy.flux.numProcPerNode` must be at least 1', 'CRD CEL rule on mlPolicy.flux.numProcPerNode'),
  envInjectionNode: code('env-injection-node', '`envInjection.targets[].containerNames` must not name the `node` container', 'CRD CEL rule on mlPolicy.torch.envInjection'),
} satisfies Record<string, RuleCode>;

const CODES = TRAINING_RUNTIME_CODES;
const POLICIES = ['torch', 'mpi', 'jax', 'xgboost', 'flux'];
const REPLICATED_JOBS = ['spec', 'template', 'spec', 'replicatedJobs'];

function steps(context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  for (const [entry, index] of objectEntries(jsonAt(context.object, REPLICATED_JOBS))) {
    const labels = asLabels(asObject(asObject(entry.template)?.metadata)?.labels);
    const step = labels?.[ANCESTOR_LABEL];
    const container = step === undefined ? undefined : ANCESTOR_CONTAINERS[step];
    if (!container) continue;
    const at = [...REPLICATED_JOBS, index];
    const replicas = entry.replicas === undefined ? 1 : asInteger(entry.replicas);
    if (replicas !== undefined && replicas !== 1) {
      findings.push(report(CODES.stepReplicas, [...at, 'replicas'],
        `This replicatedJob is the TrainJob's \`${step}\` step (label \`${ANCESTOR_LABEL}\`), which runs as exactly one Job: set \`replicas: 1\` `
        + `(scale with \`mlPolicy.numNodes\` instead). The Trainer's webhook answers \`spec.template.spec.replicatedJobs[${index}].replicas: Invalid value: ${replicas}: always must be 1\`.`));
    }
    const containers = asArray(asObject(asObject(asObject(asObject(entry.template)?.spec)?.template)?.spec)?.containers);
    if (containers && !containers.some((candidate) => asString(asObject(candidate)?.name) === container)) {
      findings.push(report(CODES.stepContainer, [...at, 'template', 'spec', 'template', 'spec', 'containers'],
        `The \`${step}\` step needs a container named \`${container}\`: the Trainer puts the TrainJob's settings (image, command, environment) into that one. `
        + `Rename the main container to \`${container}\`. The Trainer's webhook answers \`... must contain the required container for the ancestor: ${step}\`.`, 'key'));
    }
  }
  return findings;
}

function policies(context: RuleContext): Finding[] {
  const policy = asObject(jsonAt(context.object, ['spec', 'mlPolicy']));
  if (!policy) return [];
  const findings: Finding[] = [];
  const set = POLICIES.filter((name) => policy[name] !== undefined);
  if (set.length > 1) {
    findings.push(report(CODES.onePolicy, ['spec', 'mlPolicy', set[1]],
      `\`mlPolicy\` sets ${set.map((name) => `\`${name}\``).join(' and ')}: a runtime trains with one framework. Keep one. `
      + 'The API server answers `spec.mlPolicy: Invalid value: "object": Only one of the policy can be configured`.', 'key'));
  }
  const flux = asInteger(asObject(policy.flux)?.numProcPerNode);
  if (flux !== undefined && flux < 1) {
    findings.push(report(CODES.fluxProcesses, ['spec', 'mlPolicy', 'flux', 'numProcPerNode'],
      `Flux starts \`numProcPerNode\` processes on each node; ${flux} starts none. Use 1 or more. The API server answers \`spec.mlPolicy.flux.numProcPerNode: Invalid value: "integer": NumProcPerNode in fluxPolicy must be >= 1\`.`));
  }
  for (const [target, index] of objectEntries(asObject(asObject(policy.torch)?.envInjection)?.targets)) {
    const names = asArray(target.containerNames) ?? [];
    if (!names.includes(NODE)) continue;
    findings.push(report(CODES.envInjectionNode, ['spec', 'mlPolicy', 'torch', 'envInjection', 'targets', index, 'containerNames'],
      'The `node` container always gets the PET_* variables: list only the other containers here. The API server answers '
      + `\`spec.mlPolicy.torch.envInjection.targets[${index}].containerNames: Invalid value: "array": containerNames must not include the main node container because PET_* envs are always injected into it\`.`));
  }
  return findings;
}

export const validateTrainingRuntime: Rule = {
  name: 'TrainingRuntime webhook and CRD rules',
  kinds: ['TrainingRuntime', 'ClusterTrainingRuntime'],
  codes: Object.values(CODES),
  check: (context) => [...steps(context), ...policies(context)],
  parts: [steps, policies],
};
