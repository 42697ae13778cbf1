// Where a JobSpec lives in the kinds that hold one, and what the API server applies to it there. One
// engine: every Job rule, default, gate, fix, completion and hover reads a JobSpec through this table, so a
// CronJob's `spec.jobTemplate.spec` gets the same checks as a Job's `spec`, at the paths the server prints.
//
//   Job      ValidateJob: ValidateObjectMeta, validateGeneratedSelector, ValidateJobSpec (validateJobSpec plus
//            the selector checks), the Indexed hostname check on the Job's name; SetDefaults_Job first.
//   CronJob  ValidateCronJobCreate -> validateCronJobSpec -> ValidateJobTemplateSpec: validateJobSpec only, then
//            "`selector` will be auto-generated" and manualSelector must not be true. The Job's name, selector
//            and labels do not exist yet (the CronJob controller makes them for each run), and only the Pod and
//            pod-failure-policy defaults run (SetObjectDefaults_CronJob calls no SetDefaults_Job).
import { jsonAt, type FieldPath, type Json, type KindName } from '../types';

export interface JobSpecLocation {
  kind: KindName;
  /** The JobSpec's path in the object: ['spec'] in a Job, ['spec', 'jobTemplate', 'spec'] in a CronJob. */
  path: FieldPath;
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
}

export const JOB_SPEC_LOCATIONS: readonly JobSpecLocation[] = [
  { kind: 'Job', path: ['spec'], validatedBy: 'ValidateJob', jobDefaults: true, generatesSelector: true, owner: 'this Job' },
  {
    kind: 'CronJob', path: ['spec', 'jobTemplate', 'spec'], validatedBy: 'ValidateJobTemplateSpec', jobDefaults: false, generatesSelector: false,
    owner: "this CronJob's job template",
  },
];

const BY_KIND = new Map<KindName, JobSpecLocation>(JOB_SPEC_LOCATIONS.map((location) => [location.kind, location]));

/** Where the kind keeps its JobSpec; undefined for a kind without one (CSIDriver). */
export function jobSpecLocation(kind: KindName | undefined): JobSpecLocation | undefined {
  return kind ? BY_KIND.get(kind) : undefined;
}

/** The kinds that hold a JobSpec: the rules written for a JobSpec run on each. */
export const JOB_SPEC_KINDS: readonly KindName[] = JOB_SPEC_LOCATIONS.map((location) => location.kind);

/** The Pod template's path in the kind (`spec.template`, `spec.jobTemplate.spec.template`). */
export function podTemplatePath(kind: KindName | undefined): FieldPath | undefined {
  const location = jobSpecLocation(kind);
  return location ? [...location.path, 'template'] : undefined;
}

/** The JobSpec's value in an object of the kind (undefined when absent or the kind has none). */
export function jobSpecOf(kind: KindName, object: Json | undefined): Json | undefined {
  const location = jobSpecLocation(kind);
  return location ? jsonAt(object, location.path) : undefined;
}

/** A Job path written from a Job's root (`['spec', 'completions']`), moved to where the kind keeps its JobSpec. */
export function atJobSpec(location: JobSpecLocation, jobPath: FieldPath): FieldPath {
  if (jobPath[0] !== 'spec') throw new Error(`not a JobSpec path: ${jobPath.join('.')}`);
  return [...location.path, ...jobPath.slice(1)];
}

/** The same for a schema path (`spec.completions` -> `spec.jobTemplate.spec.completions`). */
export function atJobSpecSchemaPath(location: JobSpecLocation, jobSchemaPath: string): string {
  if (jobSchemaPath !== 'spec' && !jobSchemaPath.startsWith('spec.')) throw new Error(`not a JobSpec path: ${jobSchemaPath}`);
  return `${location.path.join('.')}${jobSchemaPath.slice('spec'.length)}`;
}
