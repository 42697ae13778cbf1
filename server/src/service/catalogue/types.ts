// The catalogue: what we know about each Job, CronJob and CSIDriver field, and about the Pod template fields a Job
// author touches most, in our own words. Hover, completion, quick fixes and the rule messages' links read
// it; nothing repeats it.

/** A field's path in schema form: dotted names from the object root, `[]` after a list field. */
export type SchemaPath = string;

export type Maturity = 'GA' | 'beta' | 'alpha';

export interface Interaction {
  /** One sentence: what the other field requires, forbids or changes. */
  text: string;
  /** The other field, as a schema path. */
  field?: SchemaPath;
  /** The diagnostic code that enforces it, when there is one (must exist in server/src/service/codes.ts). */
  rule?: string;
}

export interface FieldDoc {
  path: SchemaPath;
  /** One line, plain words, no trailing period needed. Shown first in hover and in completion items. */
  summary: string;
  /** A few short Markdown paragraphs: what it really does, when to use it. */
  details?: string;
  /** The default as the API server applies it, in words (`6; 2147483647 when backoffLimitPerIndex is set`). */
  default?: string;
  /** Allowed values of an enum (or common values of an open string), each with what it does. */
  values?: Record<string, string>;
  /**
   * Values the schema allows but the API server refuses for this kind, each with why (a Job's
   * `restartPolicy: Always`). Completion leaves them out; hover names them as refused.
   */
  rejected?: Record<string, string>;
  /** Limits the server enforces (`at most 20 rules`, `at least 600`). */
  limits?: string[];
  /** Maturity in the newest release (MAX_MINOR) and its feature gate; the first release comes from schemas/field-versions.json. */
  maturity?: Maturity;
  featureGate?: string;
  /** 'immutable' (after creation), 'mutable', or a sentence (`mutable since 1.29; immutable before`). */
  mutability?: string;
  /** For a field an update may change: what the change does to what runs (`kubeassist diff`). */
  onUpdate?: string;
  interactions?: Interaction[];
  /** A short YAML example of the field in context (valid as shown). */
  example?: string;
  /** The most specific kubernetes.io page for the field. */
  docs?: string;
}

/** The `values` of a boolean field: what `true` and what `false` do. */
export const ON_OFF = (whenTrue: string, whenFalse: string): Record<string, string> => ({ true: whenTrue, false: whenFalse });

/** A well-known label or annotation key (or volume-context key). */
export interface WellKnownKey {
  key: string;
  /** 'label', 'annotation', 'label and annotation', 'volume context', 'finalizer', 'env var'. */
  type: string;
  /** Where it appears: e.g. 'Pods of Indexed Jobs', 'Job template labels and selector'. */
  where: string;
  /** What it holds. */
  holds: string;
  /** Who sets it: 'the Job controller', 'the API server at create', 'the kubelet', 'you'. */
  setBy: string;
  /** The diagnostic code that checks a value you write for it, when there is one (must exist in server/src/service/codes.ts). */
  rule?: string;
  docs?: string;
  /** The tool that reads the key, when it is not Kubernetes itself (its documentation is then `docs`). */
  project?: 'Helm' | 'Argo CD' | 'Kueue' | 'JobSet' | 'Kubeflow Trainer';
  /** The key belongs on the object's own metadata (the Job), not on its Pod template's. */
  objectOnly?: boolean;
  /**
   * Whose metadata the tool reads it on, when not just the object's: a batch Job's (written, or made from a
   * CronJob's or a replicatedJob's template), a JobSet's (or the one a training runtime makes), a replicatedJob's.
   */
  readOn?: readonly ('Job' | 'JobSet' | 'replicatedJob')[];
  /** The values it takes, each with what it does: completion offers them, hover explains them. */
  values?: Record<string, string>;
  /** The value is a comma-separated list of `values`. */
  list?: boolean;
}
