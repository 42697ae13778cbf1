// Every field of a Kubeflow Trainer training runtime the catalogue explains (trainer.kubeflow.org/v1alpha1 of
// Trainer v2.3.0), in our own words: its ML policy and PodGroup policy, and its JobSet template, which reads the
// JobSet's entries moved to `spec.template.spec` (catalogue/jobset.ts). What the Trainer fills in the JobSet it
// builds for each TrainJob is said where it matters.
import { atJobSpecSchemaPath } from '../kube/jobSpec';
import { JOBSET_FIELDS, JOBSET_SPEC_FIELDS } from './jobset';
import { ON_OFF, type FieldDoc } from './types';

const DOCS = 'https://www.kubeflow.org/docs/components/trainer/operator-guides/runtime/';

const OWN: FieldDoc[] = [
  {
    path: 'apiVersion',
    summary: 'The API group and version: `trainer.kubeflow.org/v1alpha1`',
    details: 'Served by Kubeflow Trainer\'s CustomResourceDefinitions; KubeAssist follows Trainer v2.3.0.',
    values: { 'trainer.kubeflow.org/v1alpha1': 'The version Kubeflow Trainer serves.' },
    docs: DOCS,
  },
  {
    path: 'kind',
    summary: 'The type of object: `TrainingRuntime`, a runtime of its namespace (`ClusterTrainingRuntime` serves every namespace)',
    values: { TrainingRuntime: 'A runtime TrainJobs of its namespace use.' },
    docs: DOCS,
  },
  {
    path: 'metadata',
    summary: 'Name, namespace and labels of the runtime; TrainJobs name it in `runtimeRef`',
    details: 'The label `trainer.kubeflow.org/framework` tells the SDK which framework the runtime runs.',
    docs: DOCS,
  },
  {
    path: 'spec',
    summary: 'The blueprint of a training: the ML policy, the PodGroup policy, and the JobSet every TrainJob gets',
    docs: DOCS,
  },
  {
    path: 'spec.mlPolicy',
    summary: 'How many nodes, and which framework sets up the processes on them (at most one of torch, mpi, jax, xgboost, flux)',
    details:
      'The framework decides the environment the Trainer injects (torchrun\'s `PET_*` variables, MPI\'s hostfile and SSH keys ...). A ' +
      'TrainJob may change the node count.',
    interactions: [{ text: 'Only one framework.', rule: 'trainingruntime/one-ml-policy' }],
    docs: DOCS,
  },
  {
    path: 'spec.mlPolicy.numNodes',
    summary: 'How many Pods the `trainer` step runs (its Job\'s parallelism and completions); a TrainJob may override it',
    default: '1',
    docs: DOCS,
  },
  { path: 'spec.mlPolicy.torch', summary: 'PyTorch distributed: the Trainer runs torchrun on every node with the rendezvous settings', docs: DOCS },
  {
    path: 'spec.mlPolicy.torch.envInjection',
    summary: 'Also give the `PET_*` variables to other containers (the `node` container always gets them)',
    docs: DOCS,
  },
  { path: 'spec.mlPolicy.torch.envInjection.targets', summary: 'The replicatedJobs and containers that get the variables too', docs: DOCS },
  { path: 'spec.mlPolicy.torch.envInjection.targets[].jobName', summary: 'The replicatedJob whose containers get the variables', docs: DOCS },
  {
    path: 'spec.mlPolicy.torch.envInjection.targets[].containerNames',
    summary: 'Its containers that get the variables; never `node`, which always does',
    interactions: [{ text: 'Must not name `node`.', rule: 'trainingruntime/env-injection-node' }],
    docs: DOCS,
  },
  { path: 'spec.mlPolicy.mpi', summary: 'MPI: the Trainer writes a hostfile and SSH keys and starts the launcher', docs: DOCS },
  { path: 'spec.mlPolicy.mpi.numProcPerNode', summary: 'Processes (slots) per node in the hostfile', default: '1', docs: DOCS },
  {
    path: 'spec.mlPolicy.mpi.mpiImplementation',
    summary: 'Which MPI the images hold',
    default: 'OpenMPI',
    values: { OpenMPI: 'Open MPI: the only implementation this Trainer release takes.', '': 'The same as leaving it out: OpenMPI.' },
    docs: DOCS,
  },
  { path: 'spec.mlPolicy.mpi.sshAuthMountPath', summary: 'Where the SSH keys are mounted in the containers', default: 'the root user\'s SSH folder', docs: DOCS },
  {
    path: 'spec.mlPolicy.mpi.runLauncherAsNode',
    summary: 'Whether the launcher also runs training processes, as one of the nodes',
    values: ON_OFF('The launcher counts as a node: the `node` step runs one Pod fewer.', 'The launcher only starts the others.'),
    docs: DOCS,
  },
  { path: 'spec.mlPolicy.jax', summary: 'JAX distributed: the Trainer sets up the coordinator address and process ids', docs: DOCS },
  { path: 'spec.mlPolicy.xgboost', summary: 'XGBoost distributed: the Trainer sets up the tracker', docs: DOCS },
  { path: 'spec.mlPolicy.flux', summary: 'Flux Framework: the Trainer sets up a Flux instance across the nodes', docs: DOCS },
  {
    path: 'spec.mlPolicy.flux.numProcPerNode',
    summary: 'Flux processes per node',
    limits: ['at least 1'],
    interactions: [{ text: 'At least 1.', rule: 'trainingruntime/flux-num-proc-per-node' }],
    docs: DOCS,
  },
  { path: 'spec.podGroupPolicy', summary: 'Gang scheduling: start all Pods of a TrainJob together, or none (coscheduling or Volcano)', docs: DOCS },
  { path: 'spec.podGroupPolicy.coscheduling', summary: 'The scheduler-plugins coscheduling PodGroup', docs: DOCS },
  { path: 'spec.podGroupPolicy.coscheduling.scheduleTimeoutSeconds', summary: 'How long to wait for every Pod to fit before giving up', docs: DOCS },
  { path: 'spec.podGroupPolicy.volcano', summary: 'Volcano\'s PodGroup', docs: DOCS },
  { path: 'spec.podGroupPolicy.volcano.networkTopology', summary: 'Keep the Pods within a network tier (Volcano network-aware scheduling)', docs: DOCS },
  {
    path: 'spec.podGroupPolicy.volcano.networkTopology.mode',
    summary: 'Whether the tier limit is required or only preferred',
    values: { hard: 'The Pods must fit within the tier.', soft: 'Volcano tries to, and schedules anyway.' },
    docs: DOCS,
  },
  { path: 'spec.podGroupPolicy.volcano.networkTopology.highestTierAllowed', summary: 'The highest network tier the Pods may spread across', docs: DOCS },
  {
    path: 'spec.template',
    summary: 'The JobSet every TrainJob that uses this runtime gets, named after the TrainJob',
    details:
      'A JobSet spec as JobSet has it. The Trainer fills parts of it for each TrainJob: every replicatedJob\'s `parallelism` and ' +
      '`completions`, the trainer\'s image, command, arguments, environment and resources, volumes and mounts. A replicatedJob labelled ' +
      '`trainer.kubeflow.org/trainjob-ancestor-step` is a step of the TrainJob: `trainer` (container `node`), `dataset-initializer` or ' +
      '`model-initializer`, each with `replicas: 1`.',
    interactions: [
      { text: 'A step runs exactly one Job.', rule: 'trainingruntime/step-replicas' },
      { text: 'A step needs its container.', rule: 'trainingruntime/step-container' },
    ],
    docs: DOCS,
  },
  { path: 'spec.template.metadata', summary: 'Labels and annotations the JobSet gets (Kueue reads its queue from these too)', docs: DOCS },
];

const JOBSET_SPEC = { pattern: ['spec', 'template', 'spec'] } as const;

/** A JobSet entry (from its root `spec`) moved to the runtime's JobSet template. */
function inRuntime(doc: FieldDoc): FieldDoc {
  const rebase = (path: string) => atJobSpecSchemaPath(JOBSET_SPEC, path);
  const example = doc.example?.startsWith('spec:\n')
    ? `spec:\n  template:\n    spec:\n${doc.example.slice('spec:\n'.length).replace(/^(?=.)/gm, '    ')}`
    : doc.example;
  return {
    ...doc, path: rebase(doc.path),
    interactions: doc.interactions?.map((interaction) => (interaction.field?.startsWith('spec.') ? { ...interaction, field: rebase(interaction.field) } : interaction)),
    ...(example ? { example } : {}),
  };
}

/** The JobSet entries below `spec` (its own and its templates' Job fields), as the runtime's. */
const JOBSET_IN_TEMPLATE: FieldDoc[] = JOBSET_FIELDS.filter((doc) => doc.path.startsWith('spec.') && doc.path !== 'spec').map(inRuntime);

export const TRAINING_RUNTIME_FIELDS: readonly FieldDoc[] = [
  ...OWN, inRuntime({ ...(JOBSET_SPEC_FIELDS[0] as FieldDoc), path: 'spec' }), ...JOBSET_IN_TEMPLATE,
];

export const CLUSTER_TRAINING_RUNTIME_FIELDS: readonly FieldDoc[] = TRAINING_RUNTIME_FIELDS.map((doc) => {
  if (doc.path === 'metadata') return { ...doc, summary: 'Name and labels of the cluster-wide runtime; TrainJobs of every namespace name it in `runtimeRef`' };
  if (doc.path === 'kind') return { ...doc, summary: 'The type of object: `ClusterTrainingRuntime`, a runtime of every namespace', values: { ClusterTrainingRuntime: 'A runtime TrainJobs of every namespace use.' } };
  return doc;
});
