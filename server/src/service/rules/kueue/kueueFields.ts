// What the Kueue rules share: their documentation and the sentences that say who Kueue's webhook refuses.
import type { KindName } from '../../types';

export const KUEUE_DOCS = {
  jobs: 'https://kueue.sigs.k8s.io/docs/tasks/run/jobs/',
  partialAdmission: 'https://kueue.sigs.k8s.io/docs/tasks/run/jobs/#partial-admission',
  jobSets: 'https://kueue.sigs.k8s.io/docs/tasks/run/jobsets/',
} as const;

/** Who Kueue's webhook refuses, for an object written here. */
export function kueueRefusal(kind: KindName): string {
  return kind === 'Job' ? "Kueue's webhook refuses the Job: `kubectl apply` fails." : `Kueue's webhook refuses the ${kind}: \`kubectl apply\` fails.`;
}

export const KUEUE_REFUSES = {
  cronJobJobs: "The CronJob is accepted, but Kueue's webhook refuses each Job it creates from this template (the CronJob shows a `FailedCreate` event).",
  runtimeJobSet: (kind: KindName): string =>
    `The ${kind} is accepted, but these labels go to the JobSet the Trainer builds for each TrainJob, and Kueue's webhook refuses that JobSet.`,
} as const;
