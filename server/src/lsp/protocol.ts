// KubeAssist's own LSP messages, shared by the server and the VS Code client. Plain types only.
import type { CronJobSimulationResult, DiagnoseReport, JobSimulation, ObjectExplanation, ScenarioProblem, SimulatedObject } from '../service/index';

/** Client -> server: how the engine should treat one document's plain schema findings (see Settings). */
export const SCHEMA_DIAGNOSTICS_NOTIFICATION = 'kubeassist/schemaDiagnostics';
export interface SchemaDiagnosticsParams {
  uri: string;
  schemaDiagnostics: 'on' | 'off';
}

/** Client -> server: what the status bar shows for one document. */
export const DOCUMENT_INFO_REQUEST = 'kubeassist/documentInfo';
export interface DocumentInfoParams {
  uri: string;
}
export interface DocumentInfo {
  /** The release the document is checked against, "1.NN". */
  kubernetesVersion: string;
  /** The same as a person reads it: "1.37", or "1.38 (pre-release)". */
  kubernetesVersionLabel?: string;
  /** Job, CronJob and CSIDriver objects that get checked (0: not a Kubernetes file of ours, or checking is off). */
  checkedResources: number;
  schemaDiagnostics: 'on' | 'off';
  /**
   * Settings that do nothing (a `kubeassist.rules` key that matches no code) and the mistakes of the
   * document's `.kubeassist.yaml` (`path:line: message`), one sentence each.
   */
  settingsProblems: string[];
  /** Who set `kubernetesVersion`: the `.kubeassist.yaml` in `configFile`, or the editor settings (or their default). */
  kubernetesVersionSource: 'configFile' | 'settings';
  /** The `.kubeassist.yaml` that applies to the document (a file URI), when there is one. */
  configFile?: string;
}

/**
 * Client -> server: run one of the agent tools (the MCP server's `check`, `fix`, `explain`, `simulate`, `rules`) in the running
 * language server, for the VS Code language-model tools. With `uri`, the document's own settings
 * (kubeassist.*, its .kubeassist.yaml) and kustomization context are the base; the input's win over them.
 */
export const AGENT_TOOL_REQUEST = 'kubeassist/agentTool';
export type AgentToolName = 'check' | 'fix' | 'explain' | 'simulate' | 'diagnose' | 'rules';
/** The VS Code language-model tools' names, as package.json's `contributes.languageModelTools` declares them. */
export const LANGUAGE_MODEL_TOOLS: Record<AgentToolName, string> = {
  check: 'kubeassist_check', fix: 'kubeassist_fix', explain: 'kubeassist_explain', simulate: 'kubeassist_simulate', diagnose: 'kubeassist_diagnose', rules: 'kubeassist_rules',
};
/** The MCP server definition provider, as package.json's `contributes.mcpServerDefinitionProviders` declares it. */
export const MCP_PROVIDER_ID = 'kubeassist.mcp';
export interface AgentToolParams {
  tool: AgentToolName;
  /** The tool's input, as the MCP tool takes it (text-based: `text`, `fileName`, `kubernetesVersion`, `rules`; `query` for rules). */
  input: Record<string, unknown>;
  uri?: string;
}
/** The tool's output (the MCP tool's structured content), or its error in one plain sentence. */
export interface AgentToolResult {
  output?: Record<string, unknown>;
  error?: string;
}

/**
 * Client -> server: what a document's Jobs, CronJobs and CSIDrivers will do (README "Explain"). Without `line`,
 * `kind` and `name`: every object of the file; with them: the first object of that kind and name, else the one
 * at (or last starting before) the zero-based `line`. Null when the document is not open.
 */
export const EXPLAIN_REQUEST = 'kubeassist/explain';
export interface ExplainParams {
  uri: string;
  line?: number;
  kind?: string;
  name?: string;
}
export interface ExplainResult {
  /** The release explained, "1.NN". */
  kubernetesVersion: string;
  /** Each object with the zero-based line of its first key; `explanation` is documented in README "Explain". */
  objects: { line: number; explanation: ObjectExplanation }[];
  /** The same as a Markdown document (what the VS Code client shows beside the editor). */
  markdown: string;
}

/**
 * Client -> server: what a Job (or each Job of a CronJob) will do under a scenario (the behaviour model behind
 * `kubeassist simulate`). Answers the simulation, or `{ problems }` when the scenario or the object is not usable,
 * or null for a document the server does not hold.
 */
export const SIMULATE_REQUEST = 'kubeassist/simulate';
export interface SimulateParams {
  textDocument: { uri: string };
  /** Which Job or CronJob: its number among the file's Jobs and CronJobs (0-based), or its name. Default: the first. */
  object?: number | string;
  /** Or a position inside the object (as a code lens or a cursor gives it). */
  position?: { line: number; character: number };
  /**
   * A ready scenario (`preset:all-fail`, `preset:exit-code,code=137,container=main`, ...), or a scenario as JSON:
   * one document (`{pods: [...], then: fail}`), or the documents of a scenario file. Default: every Pod succeeds.
   */
  scenario?: string | Record<string, unknown> | Record<string, unknown>[];
}
export type SimulateResult = (
  | ({ object?: SimulatedObject } & JobSimulation)
  | ({ object?: SimulatedObject } & CronJobSimulationResult)
  | { object?: SimulatedObject; problems: ScenarioProblem[] }
) & {
  /** The same as a Markdown document (what the VS Code client's "Simulate…" shows beside the editor). */
  markdown?: string;
};

/** Client -> server: the ready scenarios (`preset:NAME`) the editor's "Simulate…" offers. */
export const SCENARIO_PRESETS_REQUEST = 'kubeassist/scenarioPresets';
export interface ScenarioPresetInfo {
  name: string;
  /** The parameters it takes, `name=value` comma-separated after the name. */
  parameters: string;
  description: string;
  kind: 'Job' | 'CronJob';
}

/**
 * Client -> server, in `initializationOptions` (`{ workspaceTrusted: false }`) and then as a notification when
 * the user grants trust: whether the workspace is trusted (VS Code's Restricted Mode). An untrusted
 * workspace gets every check but no program run on its behalf: no git, so no update checks against HEAD.
 * Clients that say nothing are trusted.
 */
export const WORKSPACE_TRUST_NOTIFICATION = 'kubeassist/workspaceTrust';
export interface WorkspaceTrustParams {
  trusted: boolean;
}

/**
 * Client -> server: a rendered view of one object for the VS Code client's panel (README "Rendered views"): the
 * explanation, a simulation or a diagnosis as one HTML page with its pictures, whose field names link to the
 * manifest (`command:kubeassist.revealField`). Null when the document is not open.
 */
export const VIEW_REQUEST = 'kubeassist/view';
export type ViewKind = 'explain' | 'simulate' | 'diagnose';
export interface ViewParams {
  uri: string;
  view: ViewKind;
  /** The object: the zero-based line of (or inside) it, and its kind and name when known (as the code lens gives them). */
  line: number;
  kind?: string;
  name?: string;
  /** simulate: a preset (`preset:NAME,...`), or a scenario file's text (YAML). */
  scenario?: string;
  /** The viewer's IANA time zone: a CronJob's runs are also said in it. */
  viewerZone?: string;
}
export interface ViewResult {
  title: string;
  /** A whole page that loads nothing (no script, nothing remote): set it as the webview's HTML. */
  html: string;
  /** The text alternatives of its pictures, in order (what a screen reader or an agent reads). */
  pictures: { id: string; title: string; text: string }[];
}

/** The command a view's field link runs: reveal [uri, line, character] in the manifest's editor. */
export const REVEAL_FIELD_COMMAND = 'kubeassist.revealField';

/**
 * Client -> server: what happened to the Jobs and CronJobs of a document that holds what the cluster returned
 * (`kubectl get -o yaml`: the object, its Pods, its events), why, and what happens next (README "Diagnose").
 * With `kind` and `name` (a code lens), that object first and its CronJob's Jobs with it; `now` (RFC 3339) fixes
 * the clock. Null when the document is not open.
 */
export const DIAGNOSE_REQUEST = 'kubeassist/diagnose';
export interface DiagnoseParams {
  uri: string;
  line?: number;
  kind?: string;
  name?: string;
  now?: string;
}
export interface DiagnoseResult extends DiagnoseReport {
  /** The same as a Markdown document (what the VS Code client shows beside the editor), each object's verdict first. */
  markdown: string;
}

/**
 * Client -> server: the contexts of the user's kubeconfig (as kubectl finds it: KUBECONFIG, else ~/.kube/config),
 * for "Diagnose a Job in the cluster…". `error` says why there are none (no kubeconfig, Restricted Mode).
 */
export const KUBE_CONTEXTS_REQUEST = 'kubeassist/kubeContexts';
export interface KubeContextsResult {
  contexts: { name: string; cluster: string; namespace?: string; current: boolean }[];
  /** The kubeconfig files read. */
  files: string[];
  /** The files inside a workspace folder, which are read only once the user agrees (`allowWorkspaceKubeconfig`). */
  inWorkspace: string[];
  error?: string;
}

/**
 * Client -> server: read a Job or CronJob, its Pods and their events from the cluster (GET only, the user's
 * kubeconfig; never in Restricted Mode) and diagnose them. A kubeconfig inside a workspace folder is read only with
 * `allowWorkspaceKubeconfig`; without it the answer is `{ needsConsent: [files] }`.
 */
export const DIAGNOSE_LIVE_REQUEST = 'kubeassist/diagnoseLive';
export interface DiagnoseLiveParams {
  kind: 'job' | 'cronjob';
  name: string;
  namespace?: string;
  context?: string;
  allowWorkspaceKubeconfig?: boolean;
}
export interface DiagnoseLiveResult {
  /** What to show beside the editor. */
  markdown?: string;
  /** The diagnosis (as `kubeassist diagnose --format json` prints it), the read's notes after its own. */
  report?: DiagnoseReport;
  /** The objects read, as the API server returned them. */
  objects?: unknown[];
  /** What could not be read, one sentence each. */
  notes?: string[];
  /** Where the objects came from: `context kind (https://127.0.0.1:6443/), namespace batch`. */
  source?: string;
  /** Why nothing could be read, one sentence. */
  error?: string;
  /** Kubeconfig files inside a workspace folder: ask the user, then ask again with allowWorkspaceKubeconfig. */
  needsConsent?: string[];
}
