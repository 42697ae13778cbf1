// KubeAssist's own LSP messages, shared by the server and the VS Code client. Plain types only.

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
 * Client -> server: run one of the agent tools (the MCP server's `check`, `fix`, `rules`) in the running
 * language server, for the VS Code language-model tools. With `uri`, the document's own settings
 * (kubeassist.*, its .kubeassist.yaml) and kustomization context are the base; the input's win over them.
 */
export const AGENT_TOOL_REQUEST = 'kubeassist/agentTool';
export type AgentToolName = 'check' | 'fix' | 'rules';
/** The VS Code language-model tools' names, as package.json's `contributes.languageModelTools` declares them. */
export const LANGUAGE_MODEL_TOOLS: Record<AgentToolName, string> = { check: 'kubeassist_check', fix: 'kubeassist_fix', rules: 'kubeassist_rules' };
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
