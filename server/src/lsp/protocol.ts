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
