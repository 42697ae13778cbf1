// What Kubeflow Trainer (kubeflow/trainer v2.3.0, trainer.kubeflow.org/v1alpha1) reads in a training runtime,
// as far as our checks need it (pkg/constants/constants.go). What it fills in the JobSet it builds for each
// TrainJob is partial/trainerOwned.ts.

/** The Trainer release whose runtime API and webhook KubeAssist mirrors (README: "Custom resources"). */
export const TRAINER_RELEASE = 'v2.3.0';

export const TRAINER_DOCS = 'https://www.kubeflow.org/docs/components/trainer/operator-guides/runtime/';

/** The label that tells the Trainer which step of a TrainJob a replicatedJob is. */
export const ANCESTOR_LABEL = 'trainer.kubeflow.org/trainjob-ancestor-step';

/** Each ancestor step and the container it must have (the Trainer fills that container from the TrainJob). */
export const ANCESTOR_CONTAINERS: Readonly<Record<string, string>> = {
  trainer: 'node',
  'model-initializer': 'model-initializer',
  'dataset-initializer': 'dataset-initializer',
};

/** The trainer's own container and job: the PET_* variables always go there (torch). */
export const NODE = 'node';
