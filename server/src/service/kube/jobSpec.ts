// Where a JobSpec lives in the kinds that hold one, and what the API server applies to it there. One
// engine: every Job rule, default, gate, fix, completion and hover reads a JobSpec through this table, so a
// CronJob's `spec.jobTemplate.spec` and each Job template of a JobSet get the same checks as a Job's `spec`,
// at the paths the server prints. A kind keeps one JobSpec (Job, CronJob) or one per replicatedJob (JobSet, and
// the JobSet template of a Kubeflow training runtime): the JobSpec *locations of an object*.
//
//   Job      ValidateJob: ValidateObjectMeta, validateGeneratedSelector, ValidateJobSpec (validateJobSpec plus
//            the selector checks), the Indexed hostname check on the Job's name; SetDefaults_Job first.
//   CronJob  ValidateCronJobCreate -> validateCronJobSpec -> ValidateJobTemplateSpec: validateJobSpec only, then
//            "`selector` will be auto-generated" and manualSelector must not be true. The Job's name, selector
//            and labels do not exist yet (the CronJob controller makes them for each run), and only the Pod and
//            pod-failure-policy defaults run (SetObjectDefaults_CronJob calls no SetDefaults_Job).
//   JobSet   No one validates the Job templates when the JobSet is created (its webhook checks its own fields).
//            The JobSet controller creates each Job (jobset_controller.go constructJob: the template's labels,
//            annotations and spec, the name `<jobset>-<replicatedJob>-<index>`, its own labels and annotations
//            added, no selector) and the batch API server applies ValidateJob to it, after SetDefaults_Job: a
//            mistake there is accepted with the JobSet and refused Job by Job, as a JobCreationFailed event.
//   Training runtime  Its `spec.template` is a JobSet template: each TrainJob that uses the runtime gets a JobSet
//            built from it (named after the TrainJob), whose Jobs meet the same fate.
import { jsonAt, type FieldPath, type Json, type KindName, type PathSegment } from '../types';

/** Who turns a Job template into Jobs, and where a refused Job shows. */
export interface JobCreator {
  /** The kind that holds the template: 'JobSet', 'TrainingRuntime', 'ClusterTrainingRuntime'. */
  kind: KindName;
  /** The JobSet spec in the object: a JobSet's `spec`, a training runtime's `spec.template.spec`. */
  jobSetSpec: FieldPath;
  /** The JobSet's metadata in the object (its name when the object names the JobSet: a JobSet's own). */
  jobSetMetadata: FieldPath;
  /** The JobSet takes the object's name (a JobSet), or another object's (a training runtime: the TrainJob's). */
  jobSetNamedByObject: boolean;
}

export interface JobSpecLocation {
  kind: KindName;
  /** The JobSpec's path in the object: ['spec'] in a Job, ['spec', 'replicatedJobs', 0, 'template', 'spec'] in a JobSet. */
  path: FieldPath;
  /** The same with '*' for the list index of a replicatedJob (the pattern of kube/featureGates.ts). */
  pattern: FieldPath;
  /** The server function that validates the JobSpec there. */
  validatedBy: 'ValidateJob' | 'ValidateJobTemplateSpec';
  /** SetDefaults_Job runs on it (completions, parallelism, completionMode, backoffLimit, podReplacementPolicy ...). */
  jobDefaults: boolean;
  /**
   * Before validating, the server generates the selector and the Pod template labels from the Job's name and
   * UID (a Job without `manualSelector: true`). A CronJob's template has no selector: the CronJob controller's
   * Jobs get theirs when they are created.
   */
  generatesSelector: boolean;
  /** How messages name where the JobSpec is: "this Job", "this CronJob's job template". */
  owner: string;
  /** Where the Job's own metadata is written (its labels and annotations); undefined in a CronJob. */
  jobMetadata?: FieldPath;
  /**
   * Where the labels and annotations of the Jobs made from this JobSpec are written: a Job's `metadata`, a
   * CronJob's `spec.jobTemplate.metadata` (copied into each Job it creates), a replicatedJob's `template.metadata`.
   */
  jobsMetadata: FieldPath;
  /** For a Job template a controller turns into Jobs: who, and where a refusal shows. */
  createdBy?: JobCreator;
  /** The replicatedJob entry that holds the template (`spec.replicatedJobs[0]`), in a JobSet. */
  replicatedJob?: FieldPath;
}

interface LocationShape extends Omit<JobSpecLocation, 'path' | 'jobMetadata' | 'jobsMetadata' | 'replicatedJob'> {
  jobsMetadata?: FieldPath;
  /** Of a kind with replicatedJobs: where the list is. */
  replicatedJobs?: FieldPath;
  jobMetadata?: FieldPath;
}

const JOB_SET: JobCreator = { kind: 'JobSet', jobSetSpec: ['spec'], jobSetMetadata: ['metadata'], jobSetNamedByObject: true };
const runtime = (kind: KindName): JobCreator => ({ kind, jobSetSpec: ['spec', 'template', 'spec'], jobSetMetadata: ['spec', 'template', 'metadata'], jobSetNamedByObject: false });

function replicatedJobsShape(creator: JobCreator, owner: string): LocationShape {
  const replicatedJobs = [...creator.jobSetSpec, 'replicatedJobs'];
  return {
    kind: creator.kind, pattern: [...replicatedJobs, '*', 'template', 'spec'], validatedBy: 'ValidateJob', jobDefaults: true, generatesSelector: true,
    owner, createdBy: creator, replicatedJobs,
  };
}

const SHAPES: readonly LocationShape[] = [
  {
    kind: 'Job', pattern: ['spec'], validatedBy: 'ValidateJob', jobDefaults: true, generatesSelector: true, owner: 'this Job', jobMetadata: ['metadata'],
    jobsMetadata: ['metadata'],
  },
  {
    kind: 'CronJob', pattern: ['spec', 'jobTemplate', 'spec'], validatedBy: 'ValidateJobTemplateSpec', jobDefaults: false, generatesSelector: false,
    owner: "this CronJob's job template", jobsMetadata: ['spec', 'jobTemplate', 'metadata'],
  },
  replicatedJobsShape(JOB_SET, "each Job of this JobSet's replicatedJob"),
  replicatedJobsShape(runtime('TrainingRuntime'), "each Job of this runtime's replicatedJob"),
  replicatedJobsShape(runtime('ClusterTrainingRuntime'), "each Job of this runtime's replicatedJob"),
];

const SHAPE_OF = new Map<KindName, LocationShape>(SHAPES.map((shape) => [shape.kind, shape]));

/** The kinds that hold a JobSpec: the rules written for a JobSpec run on each. */
export const JOB_SPEC_KINDS: readonly KindName[] = SHAPES.map((shape) => shape.kind);

/** The kinds that hold their Job templates in a list of replicatedJobs (a JobSet's, a runtime's JobSet template's). */
export const WRAPPING_KINDS: readonly KindName[] = SHAPES.filter((shape) => shape.replicatedJobs).map((shape) => shape.kind);

/** The one location of each kind with a single JobSpec: every rule asks for it on every object (read only). */
const SINGLE = new Map<LocationShape, JobSpecLocation>();

function located(shape: LocationShape, index?: number): JobSpecLocation {
  if (!shape.replicatedJobs) {
    let single = SINGLE.get(shape);
    if (!single) {
      const { replicatedJobs: _, jobsMetadata, ...rest } = shape;
      SINGLE.set(shape, (single = Object.freeze({ ...rest, path: shape.pattern, jobsMetadata: jobsMetadata ?? ['metadata'] })));
    }
    return single;
  }
  const { replicatedJobs, jobsMetadata: _, ...rest } = shape;
  const entry = [...replicatedJobs, index ?? '*'];
  const metadata = [...entry, 'template', 'metadata'];
  return { ...rest, path: [...entry, 'template', 'spec'], replicatedJob: entry, jobMetadata: metadata, jobsMetadata: metadata };
}

/**
 * The JobSpec locations of an object: one for a Job or a CronJob; one per entry of a JobSet's replicatedJobs.
 * On a partial object (a Helm template, a patch) `paths` are the JobSpec paths the engine read from the object
 * as written (RuleContext.jobSpecPaths), before any view could stop a read.
 */
export function jobSpecLocations(kind: KindName, object: Json | undefined, paths?: readonly FieldPath[]): JobSpecLocation[] {
  const shape = SHAPE_OF.get(kind);
  if (!shape) return [];
  if (!shape.replicatedJobs) return [located(shape)];
  if (paths) return paths.map((path) => jobSpecLocationAt(kind, path)).filter((location): location is JobSpecLocation => location !== undefined);
  const list = jsonAt(object, shape.replicatedJobs);
  return Array.isArray(list) ? list.map((_, index) => located(shape, index)) : [];
}

/** The paths of `jobSpecLocations`, for RuleContext.jobSpecPaths. */
export function jobSpecPaths(kind: KindName, object: Json | undefined): FieldPath[] {
  return jobSpecLocations(kind, object).map((location) => location.path);
}

/** The location that holds `path` (a field inside a JobSpec, or the JobSpec itself); undefined elsewhere. */
export function jobSpecLocationAt(kind: KindName | undefined, path: FieldPath): JobSpecLocation | undefined {
  const shape = kind ? SHAPE_OF.get(kind) : undefined;
  if (!shape || path.length < shape.pattern.length) return undefined;
  const matches = shape.pattern.every((segment, i) => (segment === '*' ? typeof path[i] === 'number' : segment === path[i]));
  if (!matches) return undefined;
  const index = shape.pattern.indexOf('*');
  return located(shape, index >= 0 ? (path[index] as number) : undefined);
}

/** The location of a kind with a single JobSpec (Job, CronJob); for a JobSet, its pattern with '*' for the index. */
export function jobSpecLocation(kind: KindName | undefined): JobSpecLocation | undefined {
  const shape = kind ? SHAPE_OF.get(kind) : undefined;
  return shape ? located(shape) : undefined;
}

/** The JobSpec's value at a location (undefined when absent). */
export function jobSpecAt(location: JobSpecLocation, object: Json | undefined): Json | undefined {
  return jsonAt(object, location.path);
}

/** A Job path written from a Job's root (`['spec', 'completions']`), moved to where the location keeps its JobSpec. */
export function atJobSpec(location: Pick<JobSpecLocation, 'path'>, jobPath: FieldPath): FieldPath {
  if (jobPath[0] !== 'spec') throw new Error(`not a JobSpec path: ${jobPath.join('.')}`);
  return [...location.path, ...jobPath.slice(1)];
}

/** A schema path of a location's JobSpec: `spec.replicatedJobs[].template.spec` (list indexes as `[]`). */
export function jobSpecSchemaPath(location: Pick<JobSpecLocation, 'pattern'>): string {
  let out = '';
  for (const segment of location.pattern) out += segment === '*' || typeof segment === 'number' ? '[]' : out ? `.${segment}` : segment;
  return out;
}

/** The same for a schema path (`spec.completions` -> `spec.jobTemplate.spec.completions`). */
export function atJobSpecSchemaPath(location: Pick<JobSpecLocation, 'pattern'>, jobSchemaPath: string): string {
  if (jobSchemaPath !== 'spec' && !jobSchemaPath.startsWith('spec.')) throw new Error(`not a JobSpec path: ${jobSchemaPath}`);
  return `${jobSpecSchemaPath(location)}${jobSchemaPath.slice('spec'.length)}`;
}

/** A path below the Job's own metadata at a location; undefined where the Job has no metadata yet (a CronJob). */
export function atJobMetadata(location: JobSpecLocation, ...segments: PathSegment[]): FieldPath | undefined {
  return location.jobMetadata ? [...location.jobMetadata, ...segments] : undefined;
}

/** What a metadata path belongs to: a batch Job (made or written), a JobSet (made or written), a replicatedJob. */
export type MetadataPlace = 'Job' | 'JobSet' | 'replicatedJob';

/**
 * What the metadata at `path` belongs to, for the keys tools read there: a Job's own metadata, the metadata of
 * the Jobs a template makes (a CronJob's `spec.jobTemplate.metadata`, a replicatedJob's `template.metadata`,
 * which is also the replicatedJob's), a JobSet's (its own, or the one a training runtime's template makes).
 */
export function metadataPlaces(kind: KindName | undefined, path: FieldPath): ReadonlySet<MetadataPlace> {
  const shape = kind ? SHAPE_OF.get(kind) : undefined;
  const places = new Set<MetadataPlace>();
  if (!shape) return places;
  const matches = (candidate: FieldPath) => candidate.length === path.length && candidate.every((segment, i) => (segment === '*' ? typeof path[i] === 'number' : segment === path[i]));
  const own = path.length === 1 && path[0] === 'metadata';
  if ((own && kind === 'Job') || matches(located(shape).jobsMetadata)) places.add('Job');
  if (shape.replicatedJobs && matches(located(shape).jobsMetadata)) places.add('replicatedJob');
  if ((own && kind === 'JobSet') || (shape.createdBy && !shape.createdBy.jobSetNamedByObject && matches(shape.createdBy.jobSetMetadata))) places.add('JobSet');
  return places;
}
