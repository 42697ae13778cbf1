// Shared vocabulary of the service layer. Plain data only: no editor, no connection.

/** One step of a field path: a field or map key (string) or a list index (number). */
export type PathSegment = string | number;
/** A path from the root of one Kubernetes object, e.g. ['spec', 'podFailurePolicy', 'rules', 0, 'action']. */
export type FieldPath = readonly PathSegment[];

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/**
 * Which part of the node at `path` a finding underlines.
 * - 'value' (default): the value; when the field is absent, the key of its nearest present ancestor.
 * - 'key': the field's key (unknown fields, forbidden fields).
 * - 'entry': the whole list entry or key/value pair.
 */
export type Anchor = 'value' | 'key' | 'entry';

/** What a rule or the schema check reports, before the engine turns the path into a range. */
export interface Finding {
  /** Stable rule code, e.g. 'job/pod-failure-policy/exit-code-values-order'. Never reuse or rename. */
  code: string;
  severity: Severity;
  /** Says what is wrong, why the API server refuses it (or why it matters), and the way out. */
  message: string;
  path: FieldPath;
  anchor?: Anchor;
  /** Kubernetes documentation page for the rule or field. */
  href?: string;
  /**
   * The API server's own error text for this mistake, word for word (what `kubectl apply` prints), when the
   * message a person reads says it in other words: tools get it in `data.serverMessage` and `--format json`.
   */
  serverMessage?: string;
}

/** Kubernetes releases we know the API of. */
export const MIN_MINOR = 23;
export const MAX_MINOR = 38;
/**
 * Releases offered before their own data can be read (no OpenAPI document, no release notes of the .0): each is
 * the release before plus what its development sources say (scripts/releases/<release>.json, docs/releases.md),
 * the user picks it, it is never the default and every place that lists releases labels it "(pre-release)".
 */
export const PRERELEASE_MINORS: readonly number[] = [38];
/**
 * The newest released release: test/unit/release-deltas.test.ts fails when the schema generator knows a newer one
 * that is not a pre-release.
 */
export const DEFAULT_KUBERNETES_VERSION = '1.37';

/** The newest release that is not a pre-release (the default's minor). */
export const NEWEST_RELEASED_MINOR = Number(DEFAULT_KUBERNETES_VERSION.split('.')[1]);

/** Whether 1.<minor> is offered as a pre-release (PRERELEASE_MINORS). */
export function isPrerelease(minor: number): boolean {
  return PRERELEASE_MINORS.includes(minor);
}

/** "1.37", or "1.38 (pre-release)": how a release is named wherever a person reads a list of them. */
export function releaseLabel(minor: number): string {
  return isPrerelease(minor) ? `1.${minor} (pre-release)` : `1.${minor}`;
}

/** releaseLabel of a "1.NN" string (what explain and simulate print); other text is returned as it is. */
export function versionLabel(version: string): string {
  const minor = /^1\.(\d+)$/.exec(version)?.[1];
  return minor === undefined ? version : releaseLabel(Number(minor));
}

/** "1.23 to 1.37 and 1.38 (pre-release)": the releases we know, as one phrase for help texts and errors. */
export function releaseRangeLabel(): string {
  let lastReleased = MAX_MINOR;
  while (lastReleased > MIN_MINOR && isPrerelease(lastReleased)) lastReleased--;
  const pre = Array.from({ length: MAX_MINOR - lastReleased }, (_, i) => releaseLabel(lastReleased + 1 + i));
  return [`1.${MIN_MINOR} to 1.${lastReleased}`, ...pre].join(pre.length > 1 ? ', ' : ' and ');
}

/**
 * The kinds we check, keyed as the API server names them: Kubernetes' own, and the custom resources that wrap
 * a Job template (JobSet; Kubeflow Trainer's training runtimes, which wrap a JobSet template).
 */
export type KindName = 'Job' | 'CronJob' | 'CSIDriver' | 'JobSet' | 'TrainingRuntime' | 'ClusterTrainingRuntime';

export const KINDS: Record<KindName, { apiVersion: string; group: string; version: string; namespaced: boolean }> = {
  Job: { apiVersion: 'batch/v1', group: 'batch', version: 'v1', namespaced: true },
  CronJob: { apiVersion: 'batch/v1', group: 'batch', version: 'v1', namespaced: true },
  CSIDriver: { apiVersion: 'storage.k8s.io/v1', group: 'storage.k8s.io', version: 'v1', namespaced: false },
  JobSet: { apiVersion: 'jobset.x-k8s.io/v1alpha2', group: 'jobset.x-k8s.io', version: 'v1alpha2', namespaced: true },
  TrainingRuntime: { apiVersion: 'trainer.kubeflow.org/v1alpha1', group: 'trainer.kubeflow.org', version: 'v1alpha1', namespaced: true },
  ClusterTrainingRuntime: { apiVersion: 'trainer.kubeflow.org/v1alpha1', group: 'trainer.kubeflow.org', version: 'v1alpha1', namespaced: false },
};

/** A plain JSON value, as the API server decodes a manifest (YAML 1.1 scalars, nulls dropped). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** What a rule sees. */
export interface RuleContext {
  kind: KindName;
  /** The object as written (after YAML 1.1 reading; map entries whose value is null are dropped, as Go does). */
  object: JsonObject;
  /** The same object after the API server's create-time defaulting (kube/defaults.ts). */
  defaulted: JsonObject;
  /** Kubernetes minor release, MIN_MINOR..MAX_MINOR (23..38; 38 a pre-release). */
  minor: number;
  /**
   * Where the object keeps its JobSpecs (kube/jobSpec.ts), read by the engine from the object as written. Set
   * for a partial object, whose views (partial/trackedObject.ts) would stop a rule that counted them itself;
   * without it the rules count them on `object`.
   */
  jobSpecPaths?: readonly FieldPath[];
  /**
   * Set when the object is one the API server returned (`kubectl get -o yaml|json`: kube/observed.ts): the fields
   * that mark it (`metadata.uid`, `status`, ...) and every field the server or a controller wrote. `object` and
   * `defaulted` are then the request its author could have sent (those fields removed, `status` kept), so a
   * create-time rule needs no notion of exports; a status rule reads `object.status` and may read this.
   */
  observed?: { markers: readonly string[]; serverFields: readonly FieldPath[] };
  /** JobSet feature gates the cluster's JobSet controller runs with, over their defaults (`kubeassist.jobset.featureGates`). */
  jobSetFeatureGates?: Readonly<Record<string, boolean>>;
}

/** Metadata of one rule code, for the rule table, settings and hover. */
export interface RuleCode {
  code: string;
  severity: Severity;
  /** One line: what the rule checks. */
  title: string;
  /** The Kubernetes function it mirrors, e.g. 'validatePodFailurePolicyRule', or 'WarningsOnCreate', or '-' */
  mirrors: string;
  /** Id in ../shared/reference/k8s-validation-rules.md, e.g. 'JOB-PFP-04', when there is one. */
  reference?: string;
  href?: string;
  /** What its quick fix does, when it has one (the "Quick fix" column of docs/rules.md). */
  fix?: string;
}

/** A family of rules: one file, one Kubernetes function (or a small group). */
export interface Rule {
  /** Family name, usually the Kubernetes function it mirrors. */
  name: string;
  kinds: readonly KindName[];
  codes: readonly RuleCode[];
  check(context: RuleContext): Finding[];
  /**
   * The same checks as `check`, split into pieces that read different fields (rules/job/jobFields.ts `inJobSpecParts`).
   * Only partial objects use them: a Helm template or a Kustomize patch runs each piece on its own, so a
   * piece whose fields are written still reports when another piece needs a field that is not.
   */
  parts?: readonly ((context: RuleContext) => Finding[])[];
}

/** Map-typed fields whose keys are printed in brackets in Kubernetes field paths. */
const MAP_FIELDS = new Set([
  'labels', 'annotations', 'matchLabels', 'nodeSelector', 'limits', 'requests', 'overhead', 'data',
  'binaryData', 'stringData', 'volumeAttributes', 'capacity', 'allocatable', 'parameters', 'sysctls',
]);

/** The value at `path` of a JSON value (list indexes only into lists), or undefined. */
export function jsonAt(value: Json | undefined, path: FieldPath): Json | undefined {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? (typeof segment === 'number' ? current[segment] : undefined) : current[String(segment)];
  }
  return current;
}

/** The largest int32: the bound of most numeric API fields, and the "no limit" value of some defaults. */
export const MAX_INT32 = 2147483647;

/** `{key: value, list: [a, b]}`: a value on one line, the way YAML's flow style writes it (strings unquoted). */
export function flowYaml(value: Json): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(flowYaml).join(', ')}]`;
  return `{${Object.entries(value).map(([key, item]) => `${key}: ${flowYaml(item)}`).join(', ')}}`;
}

/** Formats a path the way the API server prints it: `spec.template.metadata.labels[job-name]`, `rules[0].action`. */
export function formatFieldPath(path: FieldPath): string {
  let out = '';
  path.forEach((segment, i) => {
    const previous = i > 0 ? path[i - 1] : undefined;
    if (typeof segment === 'number' || (typeof previous === 'string' && MAP_FIELDS.has(previous))) {
      out += `[${segment}]`;
    } else {
      out += out ? `.${segment}` : segment;
    }
  });
  return out;
}
