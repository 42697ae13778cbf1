// The VS Code client: start the bundled language server over IPC, pass settings, the per-document decision
// beside Red Hat YAML and whether the workspace is trusted, show the status bar item, the explanations and
// simulations (explain.ts, simulate.ts), and offer the agent tools (languageModelTools.ts, which run in the
// server). Nothing else.
import * as path from 'node:path';
import { commands, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { registerDiagnoseLive } from './diagnoseLive';
import { registerExplain } from './explain';
import { registerDiagnose } from './diagnose';
import { registerAgentTools } from './languageModelTools';
import { registerSimulate } from './simulate';
import { ViewPanels } from './viewPanel';
import { WORKSPACE_TRUST_NOTIFICATION, type WorkspaceTrustParams } from '../../server/src/lsp/protocol';
import { SchemaDiagnosticsDecisions } from './redHatYaml';
import { KubernetesStatusBar, SELECT_VERSION_COMMAND, selectKubernetesVersion } from './statusBar';

let client: LanguageClient | undefined;

/**
 * V8 flags for the language server as VS Code starts it, on its own Node (Electron's, never the V8 that made
 * dist/engine.cache, which the .vsix leaves out). There V8 sized the young generation for a large heap: the open of
 * a 1,000-document file peaked at 140 to 144 MiB against 117 to 121 with semi-spaces of at most 4 MiB, and neither
 * the open nor an edit took longer (issue 30; docs/performance.md, "The young generation under another Node").
 * Not for a Node that would take the code cache (a flag V8 counts in the cache's check makes it refuse the cache):
 * other editors run `node dist/server.js --stdio` as it is, and may pass the flag on a Node of their own.
 */
const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4'];

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  // That Node refuses dist/engine.cache: the server keeps a code cache of its own for it in the extension's private
  // storage, so that later starts do not compile the engine again (scripts/build.mjs engineFacade).
  const env = context.globalStorageUri.scheme === 'file' ? { KUBEASSIST_CODE_CACHE_DIR: context.globalStorageUri.fsPath } : {};
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_EXEC_ARGV], env } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_EXEC_ARGV, '--nolazy', '--inspect=6011'], env } },
  };
  const decisions = new SchemaDiagnosticsDecisions(() => client);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: 'yaml', scheme: 'file' },
      { language: 'yaml', scheme: 'untitled' },
      // Chart templates, where the Kubernetes extension names their language `helm`.
      { language: 'helm', scheme: 'file' },
    ],
    synchronize: { configurationSection: 'kubeassist' },
    // Restricted Mode: the server runs no git (update checks) until the user trusts the workspace.
    initializationOptions: () => ({ workspaceTrusted: workspace.isTrusted }),
    middleware: {
      didOpen: async (document, next) => {
        await decisions.beforeOpen(document);
        return next(document);
      },
    },
  };
  client = new LanguageClient('kubeassist', 'KubeAssist', serverOptions, clientOptions);
  const panels = new ViewPanels(() => client);
  const versionSetting = context.extension.packageJSON.contributes.configuration.properties['kubeassist.kubernetesVersion'] as { enum: string[]; enumDescriptions?: string[] };
  const versions = versionSetting.enum;
  context.subscriptions.push(
    decisions,
    commands.registerCommand('kubeassist.showServerLog', () => client?.outputChannel.show(true)),
    commands.registerCommand(SELECT_VERSION_COMMAND, () => selectKubernetesVersion(versions, versionSetting.enumDescriptions)),
    panels,
    registerExplain(panels),
    registerSimulate(() => client, panels),
    registerDiagnoseLive(() => client),
    registerDiagnose(panels),
    workspace.onDidGrantWorkspaceTrust(() => {
      if (client?.isRunning()) void client.sendNotification(WORKSPACE_TRUST_NOTIFICATION, { trusted: true } satisfies WorkspaceTrustParams);
    }),
  );
  await client.start();
  const agentTools = registerAgentTools(context, () => client);
  context.subscriptions.push(new KubernetesStatusBar(client), ...agentTools.registrations);
  client.outputChannel.appendLine(agentTools.summary);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
