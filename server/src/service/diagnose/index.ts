// Diagnose: what a Job or CronJob that exists did, why, and what happens next, from the Kubernetes objects a user
// has (the Job or CronJob, and when given its Pods and events; `List`s flattened). Pure: the clock is a parameter.
// Linear in the objects given: each is read once, matched through maps.
import type { DiagnoseReport, ObjectDiagnosis } from './types';
import { diagnoseCronJob } from './cronjob';
import { diagnoseJob } from './job';
import { controllerOf, describeUnmatchedEvents, describeUnmatchedPods, jobNameLabel, jobsNamedBy, matchEvents, matchJobsToCronJobs, matchPods, sortObjects, type EventInput, type EventTarget } from './objects';
import { Notes } from './read';
import { diagnosisClock, evidenceTime } from './clock';

export type { DiagnoseReport, ObjectDiagnosis } from './types';

export interface DiagnoseOptions {
  /** The clock, in seconds since the epoch (the CLI's --now). */
  now: number;
  /** The Kubernetes minor release whose controllers to mirror (37 for 1.37). */
  minor: number;
}

/** The diagnosis of every Job and CronJob among `objects` (plain Kubernetes JSON objects, `List`s allowed). */
export function diagnoseObjects(input: readonly unknown[], options: DiagnoseOptions): DiagnoseReport {
  const notes = new Notes();
  const sorted = sortObjects(input, notes);
  const first = matchPods(sorted.jobs, sorted.pods);
  // Events about Jobs not given (a describe of only the Events table): those Jobs too, from their events.
  const firstEvents = matchEvents(sorted.jobs.map((meta) => ({ kind: 'Job', meta })), sorted.events.filter((event) => event.kind === 'Job'));
  // Pods (or Job events) whose Job was not given: that Job, known only by name, diagnosed from them.
  // Only when no Job or CronJob was given: Pods of another Job beside a Job given match no Job given (a note).
  const synthetic = sorted.jobs.length || sorted.cronJobs.length ? [] : jobsNamedBy(first.unmatched, firstEvents.unmatched);
  for (const job of synthetic) notes.add(`Job ${job.namespace}/${job.name} was not given: what is said of it rests on its ${first.unmatched.some((pod) => controllerOf(pod.raw)?.name === job.name || jobNameLabel(pod.raw) === job.name) ? 'Pods' : 'events'} alone (kubectl get job ${job.name === '(no name)' ? 'NAME' : job.name} -o yaml shows the rest).`);
  sorted.jobs.push(...synthetic);
  const { byJob, unmatched } = synthetic.length ? matchPods(sorted.jobs, sorted.pods) : first;
  const matchedPods = byJob.flat();
  const targets: EventTarget[] = [
    ...sorted.jobs.map((meta) => ({ kind: 'Job', meta })),
    ...sorted.cronJobs.map((meta) => ({ kind: 'CronJob', meta })),
    ...matchedPods.map((meta) => ({ kind: 'Pod', meta })),
  ];
  const events = matchEvents(targets, sorted.events);
  const jobEvents = (i: number) => events.byTarget[i];
  const cronJobEvents = (i: number) => events.byTarget[sorted.jobs.length + i];
  const podEvents = new Map<string, EventInput[]>();
  matchedPods.forEach((pod, i) => {
    const found = events.byTarget[sorted.jobs.length + sorted.cronJobs.length + i];
    if (found.length) podEvents.set(pod.uid ?? pod.name, found);
  });
  const podsGiven = sorted.pods.length > 0;
  const eventsGiven = sorted.events.length > 0;
  const clock = diagnosisClock(options.now, evidenceTime([sorted.jobs, sorted.cronJobs, sorted.pods], sorted.events));
  if (clock.note) notes.add(clock.note);
  const context = { now: clock.now, minor: options.minor, notes };
  const jobDiagnoses = sorted.jobs.map((job, i) => diagnoseJob(job, { pods: byJob[i], events: jobEvents(i), podEvents, podsGiven, eventsGiven }, context));
  const owners = matchJobsToCronJobs(sorted.cronJobs, sorted.jobs);
  const objects: ObjectDiagnosis[] = [];
  const placed = new Set<number>();
  sorted.cronJobs.forEach((cronJob, c) => {
    const own = owners.map((owner, j) => (owner === c ? j : -1)).filter((j) => j !== -1);
    const jobs = own.map((j) => ({ name: sorted.jobs[j].name, namespace: sorted.jobs[j].namespace, finished: jobDiagnoses[j].state === 'complete' || jobDiagnoses[j].state === 'failed' }));
    objects.push(diagnoseCronJob(cronJob, { events: cronJobEvents(c), jobs, eventsGiven }, context));
    for (const j of own) {
      objects.push(jobDiagnoses[j]);
      placed.add(j);
    }
  });
  jobDiagnoses.forEach((diagnosis, j) => {
    if (!placed.has(j)) objects.push(diagnosis);
  });
  if (unmatched.length) notes.add(describeUnmatchedPods(unmatched, sorted.jobs.length));
  if (events.unmatched.length) notes.add(describeUnmatchedEvents(events.unmatched));
  if (!sorted.jobs.length && !sorted.cronJobs.length && !sorted.pods.length) notes.add('No Job or CronJob was given: diagnose needs the Job (`kubectl get job NAME -o yaml`) or the CronJob, with its Pods and events when you have them.');
  return { objects, notes: notes.list };
}
