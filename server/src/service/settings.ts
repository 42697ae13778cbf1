// The user's settings as the service sees them (the LSP layer reads them from the client).
import { DEFAULT_KUBERNETES_VERSION, MAX_MINOR, MIN_MINOR, type Severity } from './types';

export type RuleSetting = Severity | 'off';

const RULE_SETTINGS = new Set<RuleSetting>(['error', 'warning', 'information', 'hint', 'off']);

/** A rule's severity as a user may write it (`info` for `information`); undefined when it is none. */
export function ruleSettingOf(value: unknown): RuleSetting | undefined {
  const setting = value === 'info' ? 'information' : value;
  return typeof setting === 'string' && RULE_SETTINGS.has(setting as RuleSetting) ? (setting as RuleSetting) : undefined;
}

/** The default of `kubeassist.maxFileSize`: about 5,000 documents; checking it whole takes a few seconds. */
export const DEFAULT_MAX_FILE_SIZE = 5_000_000;

/** `maxFileSize` as users write it (characters, 0: no limit) as Settings hold it (Infinity: no limit). */
export function fileSizeLimit(characters: number): number {
  return characters === 0 ? Infinity : characters;
}

export interface Settings {
  enable: boolean;
  /** "1.23" to "1.38" (MIN_MINOR to MAX_MINOR; 1.38 a pre-release). */
  kubernetesVersion: string;
  /** Severity per rule code, or per code prefix ending in '/' (e.g. "schema/"); 'off' silences it. */
  rules: Record<string, RuleSetting>;
  /**
   * Characters of a file that get checked: documents ending past it are not checked (one information
   * diagnostic says so), and a document larger than it gets no completion or hover. Infinity: no limit.
   */
  maxFileSize: number;
  /**
   * 'off' leaves plain schema findings (SCHEMA_CHECKER_CODES) and plain key completions to another schema
   * checker that already covers the document (Red Hat YAML with a Kubernetes schema); the VS Code client
   * decides this per document. Rule, YAML 1.1 and version findings stay either way.
   */
  schemaDiagnostics: 'on' | 'off';
  /**
   * 'git': an object that the file's previous version (its baseline: the file at HEAD in the editor, `--against`
   * in the CLI) already holds is checked as an update too (service/update/); 'off': every object is a create.
   */
  updateChecks: 'git' | 'off';
  /** `kubeassist.inlayHints.defaults`: show the values the API server's defaulting sets (absent: shown). */
  inlayHintDefaults?: boolean;
  /** The workspace index and the relation checks between objects (service/relations/). */
  relations: RelationSettings;
  /**
   * JobSet feature gates the cluster's JobSet controller runs with (`--feature-gates`), over JobSet's defaults
   * (kube/jobset.ts JOBSET_FEATURE_GATES): `{ RestartJob: true }` lets the webhook take what that gate allows.
   */
  jobSetFeatureGates?: Record<string, boolean>;
}

export interface RelationSettings {
  /** Index the workspace and run the relation checks (`kubeassist check --no-relations` turns them off). */
  enable: boolean;
  /** The opt-in hints about ServiceAccounts, ConfigMaps, Secrets and claims a kustomization or chart does not define. */
  undefinedReferences: boolean;
  /** Globs (relative to a workspace folder) of files the index leaves out, besides `.kubeassist.yaml`'s `ignore`. */
  exclude: string[];
}

export const DEFAULT_RELATION_SETTINGS: RelationSettings = { enable: true, undefinedReferences: false, exclude: [] };

/** Findings any Kubernetes JSON Schema gives too: the ones 'off' leaves to it. */
export const SCHEMA_CHECKER_CODES: ReadonlySet<string> = new Set(['schema/unknown-field', 'schema/type', 'schema/enum', 'schema/required', 'schema/int-range']);

export const DEFAULT_SETTINGS: Settings = {
  enable: true, kubernetesVersion: DEFAULT_KUBERNETES_VERSION, rules: {}, maxFileSize: DEFAULT_MAX_FILE_SIZE, schemaDiagnostics: 'on', updateChecks: 'git',
  relations: DEFAULT_RELATION_SETTINGS,
};

/** `kubeassist.jobset.featureGates` as a user may write it: gate names with true or false; anything else dropped. */
export function jobSetFeatureGatesOf(value: unknown): Record<string, boolean> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const gates = Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean');
  return gates.length ? Object.fromEntries(gates) : undefined;
}

/** The minor release of a "1.NN" version string; anything else falls back to the default. */
export function minorOf(version: string): number {
  return supportedMinor(version) ?? Number(DEFAULT_KUBERNETES_VERSION.split('.')[1]);
}

export function isValidVersion(version: string): boolean {
  return supportedMinor(version) !== undefined;
}

/** The minor release of "1.NN" (or "v1.NN.P") when it is one we know, MIN_MINOR to MAX_MINOR. */
function supportedMinor(version: string): number | undefined {
  const match = /^v?1\.(\d+)(?:\.\d+)?$/.exec(version.trim());
  const minor = match ? Number(match[1]) : NaN;
  return minor >= MIN_MINOR && minor <= MAX_MINOR ? minor : undefined;
}

/** The severity a code is reported with under these settings, or 'off'. */
export function effectiveSeverity(code: string, severity: Severity, settings: Settings): RuleSetting {
  const exact = settings.rules[code];
  if (exact) return exact;
  let best: { prefix: string; setting: RuleSetting } | undefined;
  for (const [prefix, setting] of Object.entries(settings.rules)) {
    if (prefix.endsWith('/') && code.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) best = { prefix, setting };
  }
  return best ? best.setting : severity;
}

/**
 * `upper`'s rule settings over `lower`'s, wherever `upper` speaks: a key of `lower` is dropped when `upper`
 * has the same key or a prefix (ending in `/`) that covers it, so that no `lower` key can win over an
 * `upper` one under effectiveSeverity (exact code first, then the longest prefix). `.kubeassist.yaml` over
 * the editor's `kubeassist.rules`; `--rule` over `.kubeassist.yaml`.
 */
export function layerRules(lower: Record<string, RuleSetting>, upper: Record<string, RuleSetting>): Record<string, RuleSetting> {
  const prefixes = Object.keys(upper).filter((key) => key.endsWith('/'));
  const kept = Object.entries(lower).filter(([key]) => !Object.hasOwn(upper, key) && !prefixes.some((prefix) => key.startsWith(prefix)));
  return { ...Object.fromEntries(kept), ...upper };
}

/** A stable key: results computed under equal keys are interchangeable. */
export function settingsKey(settings: Settings): string {
  return JSON.stringify([settings.enable, minorOf(settings.kubernetesVersion), Object.entries(settings.rules).sort(), settings.maxFileSize, settings.schemaDiagnostics, settings.updateChecks, settings.relations.enable, settings.relations.undefinedReferences, Object.entries(settings.jobSetFeatureGates ?? {}).sort()]);
}
