// The Job templates a controller turns into Jobs (a JobSet's replicatedJobs; a training runtime's JobSet
// template): every Job and pod-template rule runs at each of them, and what it finds there is a refusal the
// JobSet's own create never shows. The batch API server refuses each Job the JobSet controller creates
// (jobset_controller.go constructJob, then createJobs: the error becomes a JobCreationFailed event), while the
// JobSet stays accepted and never starts. The findings say so, and where to look.
import { genJobName, JOB_CREATION_FAILED } from '../../kube/jobset';
import type { JobSpecLocation } from '../../kube/jobSpec';
import { dns1035LabelProblems, generatedNameFor } from '../../kube/names';
import { UnknownRead } from '../../partial/trackedObject';
import { jsonAt, type FieldPath, type Finding, type Json, type RuleContext } from '../../types';
import { asInteger, asObject, asString } from '../shared';

/**
 * Runs a check at each location and returns what it finds. At a wrapped location (a JobSet's Job template) the
 * errors say where the refusal shows; a read the text does not settle (a Helm template, a patch) stops that
 * location only, so a known replicatedJob is still checked beside a templated one.
 */
export function inEachLocation(
  context: RuleContext, locations: readonly JobSpecLocation[], run: (location: JobSpecLocation) => Finding[], refuser = 'the batch API server',
): Finding[] {
  return locations.flatMap((location) => {
    if (!location.createdBy) return run(location);
    let findings: Finding[];
    try {
      findings = run(location);
    } catch (error) {
      if (error instanceof UnknownRead) return [];
      throw error;
    }
    return findings.map((finding) => {
      const placed = { ...finding, path: inObject(location, finding.path) };
      return finding.severity === 'error' ? { ...placed, message: `${finding.message} ${refusedJobsNote(location, context, refuser)}` } : placed;
    });
  });
}

/**
 * A finding's path in the object. A check may report from the Job's root, as the batch API server prints it
 * for the Job the controller creates (`spec.selector`, `metadata.name`): that moves to where the template
 * keeps it (the Job's name comes from the replicatedJob's). A path already in the object stays.
 */
export function inObject(location: JobSpecLocation, path: FieldPath): FieldPath {
  const within = location.replicatedJob ?? location.path;
  const absolute = within.every((segment, i) => path[i] === segment);
  if (absolute || !location.replicatedJob || !location.jobMetadata) return path;
  if (path[0] === 'spec') return [...location.path, ...path.slice(1)];
  if (path[0] === 'metadata') return path[1] === 'name' ? [...location.replicatedJob, 'name'] : [...location.jobMetadata, ...path.slice(1)];
  return path;
}

/** What a refusal at a wrapped location means for the object the user writes. */
export function refusedJobsNote(location: JobSpecLocation, context: RuleContext, refuser = 'the batch API server'): string {
  const creator = location.createdBy;
  if (!creator || !location.replicatedJob) return '';
  const name = readOrUndefined(() => asString(jsonAt(context.object, [...location.replicatedJob as (string | number)[], 'name'])));
  const which = name ? `replicatedJob \`${name}\`` : `replicatedJob #${Number(location.replicatedJob[location.replicatedJob.length - 1]) + 1}`;
  if (creator.kind === 'JobSet') {
    return `This JobSet is accepted (its webhook does not check the Job template), but ${refuser} refuses each Job the `
      + `JobSet controller creates from ${which}: the JobSet never starts, and \`kubectl describe jobset\` shows a \`${JOB_CREATION_FAILED}\` event.`;
  }
  return `This ${creator.kind} is accepted, but every TrainJob that uses it gets a JobSet whose Jobs from ${which} ${refuser} `
    + `refuses: that JobSet shows a \`${JOB_CREATION_FAILED}\` event and the TrainJob never runs.`;
}

/**
 * The name the JobSet controller gives the last Job of a replicatedJob (`<jobset>-<replicatedJob>-<replicas-1>`,
 * the longest), as the batch API server validates it. Undefined when the JobSet's name is not the object's (a
 * training runtime's JobSet is named after each TrainJob), when a part is not known, or when the JobSet's
 * webhook refuses the name (not a DNS-1035 label: rules/jobset/ reports that, and no Job is ever created).
 */
export function jobNameAt(location: JobSpecLocation, context: RuleContext): { name: string; generated: boolean } | undefined {
  const creator = location.createdBy;
  if (!creator?.jobSetNamedByObject || !location.replicatedJob) return undefined;
  const metadata = asObject(jsonAt(context.object, creator.jobSetMetadata));
  const name = asString(metadata?.name);
  const generateName = asString(metadata?.generateName);
  const jobSet = name || (generateName ? generatedNameFor(generateName) : undefined);
  const entry = asObject(jsonAt(context.defaulted, location.replicatedJob));
  const replicatedJob = asString(entry?.name);
  const replicas = asInteger(entry?.replicas);
  if (!jobSet || replicatedJob === undefined || replicas === undefined || replicas < 1) return undefined;
  const jobName = genJobName(jobSet, replicatedJob, replicas - 1);
  return dns1035LabelProblems(jobName).length ? undefined : { name: jobName, generated: !name };
}

function readOrUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof UnknownRead) return undefined;
    throw error;
  }
}

/** A value read from a view, or undefined when the text does not settle it. */
export function settled(read: () => Json | undefined): Json | undefined {
  return readOrUndefined(read);
}
