// Shared reading of a JobSpec for the Job rule families, built on the type-safe readers of ../shared: every
// accessor returns undefined for a wrong type and the rules skip silently. A rule reads the JobSpec at each of
// its object's locations (kube/jobSpec.ts) and reports at `parts.at(...)`, so one rule serves a Job's `spec`, a
// CronJob's `spec.jobTemplate.spec` and each Job template of a JobSet (its findings there say where the refusal
// shows: rules/job/wrapped.ts).
import { jobSpecLocation, jobSpecLocations, JOB_SPEC_KINDS, type JobSpecLocation } from '../../kube/jobSpec';
import { generatedNameFor } from '../../kube/names';
import { formatFieldPath, jsonAt, type FieldPath, type Finding, type Json, type JsonObject, type PathSegment, type Rule, type RuleContext } from '../../types';
import { asArray, asObject, asString } from '../shared';
import { inEachLocation, jobNameAt } from './wrapped';

/** The pieces of a JobSpec that most rules need, as written and as defaulted, and where it is. */
export interface JobParts {
  location: JobSpecLocation;
  spec: JsonObject;
  defaultedSpec: JsonObject;
  template: JsonObject | undefined;
  /** The defaulted pod spec (`restartPolicy` filled in); undefined when the template has none. */
  podSpec: JsonObject | undefined;
  /** A path below the JobSpec: `at('backoffLimit')` is `spec.backoffLimit` in a Job, `spec.jobTemplate.spec.backoffLimit` in a CronJob. */
  at(...segments: PathSegment[]): FieldPath;
  /**
   * The same path as the API server prints it: from the object's root, except in a Job template a controller
   * turns into Jobs, where the batch API server prints it from the Job's (`spec.completions`).
   */
  printed(...segments: PathSegment[]): string;
  /**
   * Where a finding about the Job's own metadata goes: `metadata.name` of a Job; in a JobSet, the replicatedJob's
   * `name` (the Job's name is made from it) and its template's `metadata`. Undefined in a CronJob's template.
   */
  jobMeta(...segments: PathSegment[]): FieldPath | undefined;
}

/** The location of a kind with one JobSpec; a JobSet's are per replicatedJob (`jobSpecLocations`). */
function onlyLocation(context: RuleContext): JobSpecLocation {
  const location = jobSpecLocation(context.kind);
  if (!location || location.replicatedJob) throw new Error(`a ${context.kind} has no single JobSpec: pass its location`);
  return location;
}

/**
 * The parts, each read when first used: a check that needs only `spec` never touches the template, which
 * on a partial object (a Kustomize patch, a Helm template) may be unknown.
 */
export function jobParts(context: RuleContext, location: JobSpecLocation = onlyLocation(context)): JobParts {
  // One reading per object and location, shared by every JobSpec family (a family reads only, the parts are lazy).
  let byLocation = PARTS.get(context);
  if (!byLocation) PARTS.set(context, (byLocation = new Map()));
  const key = location.path.join('\u0000');
  let parts = byLocation.get(key);
  if (!parts) byLocation.set(key, (parts = readJobParts(context, location)));
  return parts;
}

const PARTS = new WeakMap<RuleContext, Map<string, JobParts>>();

function readJobParts(context: RuleContext, location: JobSpecLocation): JobParts {
  const at = (...segments: PathSegment[]): FieldPath => [...location.path, ...segments];
  let spec: JsonObject | undefined;
  let defaultedSpec: JsonObject | undefined;
  return {
    location,
    get spec() {
      return (spec ??= asObject(jsonAt(context.object, location.path)) ?? {});
    },
    get defaultedSpec() {
      return (defaultedSpec ??= asObject(jsonAt(context.defaulted, location.path)) ?? {});
    },
    get template() {
      return asObject(this.spec.template);
    },
    get podSpec() {
      return asObject(asObject(this.defaultedSpec.template)?.spec);
    },
    at,
    printed: (...segments) => formatFieldPath(location.createdBy ? ['spec', ...segments] : at(...segments)),
    jobMeta: (...segments) => {
      if (location.replicatedJob && segments[0] === 'name') return [...location.replicatedJob, 'name'];
      return location.jobMetadata ? [...location.jobMetadata, ...segments] : undefined;
    },
  };
}

/** The JobSpec locations of the rule's object (on a partial object, those the engine read before the views). */
export function locationsOf(context: RuleContext): JobSpecLocation[] {
  return jobSpecLocations(context.kind, context.object, context.jobSpecPaths);
}

/** One check of a family written for a JobSpec. */
export type JobSpecCheck = (parts: JobParts, context: RuleContext) => Finding[];

/** A rule family written once for a JobSpec, wherever a kind keeps one (or only under ValidateJob). */
export interface JobSpecRule extends Omit<Rule, 'kinds' | 'check' | 'parts'> {
  /** ValidateJob: only a Job's own spec (its name, generated selector and labels); undefined: every JobSpec. */
  only?: JobSpecLocation['validatedBy'];
  check: JobSpecCheck;
  /** The same checks split into independent pieces for partial objects (`inJobSpecParts`; see Rule.parts). */
  parts?: readonly JobSpecCheck[];
}

export function jobSpecRule(rule: JobSpecRule): Rule {
  const { only, check, parts, ...rest } = rule;
  const kinds = JOB_SPEC_KINDS.filter((kind) => !only || jobSpecLocation(kind)?.validatedBy === only);
  const onContext = (part: JobSpecCheck) => (context: RuleContext) =>
    inEachLocation(context, locationsOf(context), (location) => part(jobParts(context, location), context));
  return { ...rest, kinds, check: onContext(check), ...(parts && { parts: parts.map(onContext) }) };
}

/**
 * A JobSpec family's `check` made of independent pieces, in the order they report: `check` runs them all on
 * one reading of the parts; on a partial object (partial/partialObject.ts) each runs alone and stays silent
 * alone when it reads a field the text does not settle.
 */
export function inJobSpecParts(...parts: JobSpecCheck[]): Pick<JobSpecRule, 'check' | 'parts'> {
  return { check: (jobSpec, context) => parts.flatMap((part) => part(jobSpec, context)), parts };
}

export function isIndexed(parts: JobParts): boolean {
  return parts.defaultedSpec.completionMode === 'Indexed';
}

/**
 * The pod restart policy the server validates: written, or `Always` when omitted (also when the
 * template has no `spec` at all: Go defaults the zero PodSpec). Undefined for a wrong type.
 */
export function podRestartPolicy(parts: JobParts): string | undefined {
  // A JobSet's webhook gives a Pod template without a restart policy `OnFailure` (kube/jobset.ts).
  if (parts.template?.spec === undefined) return parts.location.createdBy ? 'OnFailure' : 'Always';
  return parts.podSpec ? asString(parts.podSpec.restartPolicy) : undefined;
}

/** Names of the template's containers and init containers, which `onExitCodes.containerName` may use. */
export function templateContainerNames(parts: JobParts): Set<string> {
  const podSpec = asObject(parts.template?.spec);
  const names = new Set<string>();
  for (const list of [podSpec?.containers, podSpec?.initContainers]) {
    for (const container of asArray(list) ?? []) {
      const name = asString(asObject(container)?.name);
      if (name !== undefined) names.add(name);
    }
  }
  return names;
}

/**
 * The name the server validates: `metadata.name`, or, when only `generateName` is given, the name the
 * server will generate (its 5 random lower-case alphanumerics stood in for by a placeholder).
 */
export function effectiveJobName(context: RuleContext): { name: string; generated: boolean } | undefined {
  return effectiveName(context.object);
}

/** `metadata.name`, or the name `metadata.generateName` gives (a placeholder for the random part). */
export function effectiveName(object: Json | undefined): { name: string; generated: boolean } | undefined {
  const metadata = asObject(jsonAt(object, ['metadata']));
  const name = asString(metadata?.name);
  if (name) return { name, generated: false };
  const generateName = asString(metadata?.generateName);
  if (generateName) return { name: generatedNameFor(generateName), generated: true };
  return undefined;
}

/**
 * The name of the Job at a location: a Job's own; the name the JobSet controller gives each Job of a
 * replicatedJob (the longest, of its last index); undefined in a CronJob's template (each run is named then).
 */
export function jobNameOf(parts: JobParts, context: RuleContext): { name: string; generated: boolean } | undefined {
  if (parts.location.kind === 'Job') return effectiveJobName(context);
  return parts.location.createdBy ? jobNameAt(parts.location, context) : undefined;
}

/** A user selector only counts as manual with `manualSelector: true`; anything else means generation. */
export function isManualSelector(parts: JobParts): boolean {
  return parts.spec.manualSelector === true;
}

/** First Kubernetes minor release in which each feature is on by default (before it, fields are dropped or absent). */
export const FIRST_MINOR = {
  podFailurePolicy: 26, // beta, on by default; alpha (off) in 1.25
  prefixedJobLabels: 27, // batch.kubernetes.io/job-name and /controller-uid generated and required
  nameWarning: 27, // WarningsOnCreate: name not a DNS label
  largeIndexedJobWarning: 28, // WarningsForJobSpec
  backoffLimitPerIndex: 29, // beta, on by default; alpha (off) in 1.28, fields dropped
  podReplacementPolicy: 29, // beta, on by default; alpha (off) in 1.28
  successPolicy: 31, // beta, on by default; alpha (off) in 1.30
  managedBy: 32, // beta, on by default; alpha (off) in 1.30 and 1.31
} as const;

const JOB_DOCS = 'https://kubernetes.io/docs/concepts/workloads/controllers/job/';
export const DOCS = {
  podTemplate: `${JOB_DOCS}#pod-template`,
  podSelector: `${JOB_DOCS}#specifying-your-own-pod-selector`,
  parallelism: `${JOB_DOCS}#controlling-parallelism`,
  completionMode: `${JOB_DOCS}#completion-mode`,
  backoffLimit: `${JOB_DOCS}#pod-backoff-failure-policy`,
  backoffLimitPerIndex: `${JOB_DOCS}#backoff-limit-per-index`,
  podFailurePolicy: `${JOB_DOCS}#pod-failure-policy`,
  successPolicy: `${JOB_DOCS}#success-policy`,
  termination: `${JOB_DOCS}#job-termination-and-cleanup`,
  podReplacementPolicy: `${JOB_DOCS}#pod-replacement-policy`,
  managedBy: `${JOB_DOCS}#delegation-of-managing-a-job-object-to-external-controller`,
  ttlAfterFinished: 'https://kubernetes.io/docs/concepts/workloads/controllers/ttlafterfinished/',
  dnsLabelNames: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-label-names',
  labelSyntax: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#syntax-and-character-set',
  labelSelectors: 'https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
  jobNameLabel: 'https://kubernetes.io/docs/reference/labels-annotations-taints/#batchkubernetesiojob-name',
} as const;

/** `value` as it appears in a message. */
export function quote(value: Json | undefined): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}
