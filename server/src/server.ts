// LSP wiring: capabilities, documents, settings, and one line per request to the service.
import { pathToFileURL } from 'node:url';
import { createConnection, DidChangeWatchedFilesNotification, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type CodeAction, type CodeLens, type InitializeResult } from 'vscode-languageserver/node';
import { version } from '../../package.json';
import { normalizeSettings } from './lsp/configuration';
import { codeActionClient } from './lsp/codeActionClient';
import { CodeLensAnswers } from './lsp/codeLenses';
import { GitBaselines } from './lsp/gitBaseline';
import { guarded } from './lsp/guard';
import { EDITOR_DOCUMENTS } from './lsp/editorDocuments';
import { DocumentConfigurations, isConfigDocument } from './lsp/documentSettings';
import { diagnoseLive, kubeContexts } from './lsp/diagnoseLive';
import { runAgentTool } from './mcp/tools';
import {
  AGENT_TOOL_REQUEST, DIAGNOSE_LIVE_REQUEST, DOCUMENT_INFO_REQUEST, KUBE_CONTEXTS_REQUEST, EXPLAIN_REQUEST, SCENARIO_PRESETS_REQUEST, SCHEMA_DIAGNOSTICS_NOTIFICATION, SIMULATE_REQUEST, WORKSPACE_TRUST_NOTIFICATION,
  type AgentToolParams, type AgentToolResult, type DocumentInfo, type DocumentInfoParams, type ExplainParams, type ExplainResult, type ScenarioPresetInfo,
  type SchemaDiagnosticsParams, type SimulateParams, type SimulateResult, type WorkspaceTrustParams, VIEW_REQUEST, type ViewParams, type ViewResult,
  type DiagnoseLiveParams, type DiagnoseLiveResult,
} from './lsp/protocol';
import { ViewPages } from './lsp/views';
import { ValidationScheduler } from './lsp/scheduler';
import { DIAGNOSE_REQUEST, type DiagnoseParams, type DiagnoseResult } from './lsp/protocol';
import { diagnoseDocument } from './lsp/diagnose';
import { KUSTOMIZATION_WATCHERS, WorkspaceContexts } from './lsp/workspaceContext';
import { OPEN_FILE_BUDGET, WorkspaceIndexer } from './lsp/workspaceIndex';
import {
  CODE_ACTION_KINDS, codeActions, complete, completeConfig, COMPLETION_TRIGGERS, CONFIG_FILE_NAME, documentInfo, explainFile, explanationMarkdown, FileModel, fileMarkdown, hover,
  hoverConfig, inlayHints, readConfig, relationDefinition, relationReferences, resolveCodeAction, SCENARIO_PRESETS, settingsProblems, simulate, simulationMarkdown, validate, type CodeActionClient,
  type RelationInput, type ScenarioInput, type Settings,
} from './service/index';
import { minorOf } from './service/settings';
import type { KindName } from './service/types';
import { DEFAULT_SETTINGS, settingsKey } from './service/settings';

const connection = createConnection(ProposedFeatures.all);
/** The open documents, each with its file model (lsp/editorDocuments.ts: it takes the incremental changes itself). */
const documents = new TextDocuments(EDITOR_DOCUMENTS);
/** What was last published per document, so that open (which also reports a content change) publishes once. */
const published = new Map<string, string>();
const log = (message: string) => connection.console.error(message);
let settings: Settings = DEFAULT_SETTINGS;
let pullConfiguration = false;
let actionClient: CodeActionClient = { snippets: false, resolve: false };
/** Whether the client lets us ask it to fetch inlay hints and code lenses again (they depend on the settings). */
let refreshes = { inlayHints: false, codeLenses: false };
/** Code lenses: with their commands, or (a client that resolves them) filled in codeLens/resolve. */
const lensAnswers = new CodeLensAnswers();
/** The Explain view's last page per document, kept while what it reads is unchanged. */
const viewPages = new ViewPages();
/** The VS Code client's per-document decision beside Red Hat YAML (kubeassist.schemaDiagnostics: auto). */
const schemaDecisions = new Map<string, 'on' | 'off'>();
/** `.kubeassist.yaml` files: the nearest one over the editor settings, for each document. */
const configurations = new DocumentConfigurations();
/** Whether the client registers file watchers for us (`.kubeassist.yaml` and kustomization files). */
let watchesFiles = false;
const settingsFor = (uri: string): Settings => configurations.resolve(uri, { ...settings, schemaDiagnostics: schemaDecisions.get(uri) ?? settings.schemaDiagnostics }).settings;
/** Kustomizations around each document: whether it is a patch (workspace/didChangeWatchedFiles keeps it current). */
const contexts = new WorkspaceContexts((uri) => documents.get(uri)?.getText(), (message) => connection.console.warn(message));
/** Whether the client trusts the workspace (VS Code's Restricted Mode: no git until it does). */
let workspaceTrusted = true;
/** The workspace folders (their paths), and whether the client shows progress the server starts. */
let workspaceFolders: string[] = [];
let workDoneProgress = false;
const folderPaths = (uris: readonly string[]) => uris.map((uri) => WorkspaceIndexer.pathOf(uri)).filter((path): path is string => path !== undefined);
/** The workspace index: every YAML file of the workspace folders, for the relation checks and navigation. */
const indexer = new WorkspaceIndexer({
  log: (message) => connection.console.info(message),
  openText: (uri) => documents.get(uri)?.getText(),
  ignored: (path) => configurations.files.ignores(configurations.files.forFile(path), path),
  busy: () => scheduler.pending,
  changed: () => {
    for (const document of documents.all()) scheduler.schedule(document.uri);
  },
  completed: (uri) => documents.get(uri) && scheduler.now(uri),
  progress: async () => {
    if (!workDoneProgress) return { begin: () => undefined, report: () => undefined, done: () => undefined };
    return connection.window.createWorkDoneProgress();
  },
});
/** Open documents whose relations have been checked once: later edits read no other document (the background does). */
const relationsChecked = new Set<string>();
const relationsFor = (uri: string): (RelationInput & { onIncomplete: () => void }) | undefined => {
  const path = WorkspaceIndexer.pathOf(uri);
  if (!path || !settingsFor(uri).relations.enable) return undefined;
  const first = !relationsChecked.has(uri);
  // The first check reads at most OPEN_FILE_BUDGET unparsed documents, and leaves the quiet ones (relations/quiet.ts)
  // to the background where they cannot speak yet: the diagnostics are out first, the rest is read right after.
  return { index: indexer.index, path, budget: first ? OPEN_FILE_BUDGET : 0, deferQuiet: first, onIncomplete: () => indexer.openModel(uri, () => documents.get(uri)?.model) };
};
const optionsFor = (uri: string) => ({ context: contexts.contextFor(uri), relations: relationsFor(uri) });

/** The clock of a CronJob schedule's next runs on hover: KUBEASSIST_NOW (an ISO time) fixes it, for tests. */
const fixedNow = process.env.KUBEASSIST_NOW ? Date.parse(process.env.KUBEASSIST_NOW) / 1000 : undefined;
const nowSeconds = () => (fixedNow !== undefined && !Number.isNaN(fixedNow) ? fixedNow : Date.now() / 1000);

process.on('uncaughtException', (error) => log(`kubeassist: uncaught ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => log(`kubeassist: unhandled rejection ${String(reason)}`));

connection.onInitialize(guarded(log, 'initialize', {} as InitializeResult, (params): InitializeResult => {
  pullConfiguration = !!params.capabilities.workspace?.configuration;
  actionClient = codeActionClient(params.capabilities);
  lensAnswers.setClient(params.capabilities);
  watchesFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
  refreshes = { inlayHints: params.capabilities.workspace?.inlayHint?.refreshSupport === true, codeLenses: params.capabilities.workspace?.codeLens?.refreshSupport === true };
  workspaceFoldersChange = params.capabilities.workspace?.workspaceFolders === true;
  workDoneProgress = params.capabilities.window?.workDoneProgress === true;
  workspaceFolders = folderPaths((params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri }] : [])).map((folder) => folder.uri));
  if (params.initializationOptions) settings = normalizeSettings(params.initializationOptions);
  workspaceTrusted = (params.initializationOptions as { workspaceTrusted?: unknown } | undefined)?.workspaceTrusted !== false;
  if (!workspaceTrusted) connection.console.info('kubeassist: the workspace is not trusted (Restricted Mode): git is not run, so there are no update checks against HEAD until it is trusted.');
  contexts.setWorkspaceFolders((params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri }] : [])).map((folder) => folder.uri));
  return {
    capabilities: {
      // didSave: a saved `.kubeassist.yaml` or kustomization re-checks the open documents where the client
      // cannot watch files, and the update checks look at HEAD again.
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      inlayHintProvider: true,
      codeLensProvider: { resolveProvider: true },
      codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS, resolveProvider: true },
      // Kustomizations are looked for up to the workspace folder of a document, never above it.
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'kubeassist', version },
  };
}));

/** Whether the client tells us when workspace folders come and go. */
let workspaceFoldersChange = false;

connection.onInitialized(() => {
  if (workspaceFoldersChange) {
    connection.workspace.onDidChangeWorkspaceFolders(guarded(log, 'didChangeWorkspaceFolders', undefined, (event) => {
      contexts.changeWorkspaceFolders(event.added.map((folder) => folder.uri), event.removed.map((folder) => folder.uri));
      const removed = new Set(folderPaths(event.removed.map((folder) => folder.uri)));
      workspaceFolders = [...workspaceFolders.filter((folder) => !removed.has(folder)), ...folderPaths(event.added.map((folder) => folder.uri))];
      if (settings.relations.enable) indexer.start(workspaceFolders, settings.relations.exclude);
      else indexer.stop();
      for (const document of documents.all()) scheduler.schedule(document.uri);
    }));
  }
  connection.console.info(`KubeAssist language server ${version} started (Node ${process.version})`);
  if (watchesFiles) {
    // YAML files for the workspace index (kustomization.yaml and Chart.yaml among them), `Kustomization`, `.kubeassist.yaml`.
    const watchers = [{ globPattern: `**/${CONFIG_FILE_NAME}` }, ...KUSTOMIZATION_WATCHERS, { globPattern: '**/*.yaml' }, { globPattern: '**/*.yml' }];
    void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers })
      .catch((error) => log(`kubeassist: cannot watch ${CONFIG_FILE_NAME} and kustomization files: ${String(error)}`));
  }
  void refreshSettings();
});

/** A `.kubeassist.yaml` was created, changed or deleted: read the files again and re-check every open document. */
function configurationsChanged(): void {
  configurations.files.forget();
  for (const document of documents.all()) scheduler.now(document.uri);
}

/** A kustomization was created, changed or deleted: patches may have become plain files or the reverse. */
function kustomizationsChanged(uris: readonly string[]): void {
  if (!contexts.changed(uris)) return;
  for (const document of documents.all()) if (!uris.includes(document.uri)) scheduler.schedule(document.uri);
}

/** The watched files (one registration for both kinds) or a saved document changed: whichever of the two it is. */
function filesChanged(uris: readonly string[]): void {
  if (uris.some((uri) => isConfigDocument(uri)) || configurations.files.changed()) configurationsChanged();
  kustomizationsChanged(uris);
  if (settings.relations.enable) indexer.filesChanged(uris);
}

connection.onDidChangeWatchedFiles(guarded(log, 'didChangeWatchedFiles', undefined, (params) => filesChanged(params.changes.map((change) => change.uri))));

async function refreshSettings(): Promise<void> {
  if (pullConfiguration) {
    try {
      settings = normalizeSettings(await connection.workspace.getConfiguration('kubeassist'));
    } catch (error) {
      log(`kubeassist: could not read settings: ${String(error)}`);
    }
  }
  logSettingsProblems();
  if (settings.relations.enable) indexer.start(workspaceFolders, settings.relations.exclude);
  else indexer.stop();
  for (const document of documents.all()) {
    refreshBaseline(document.uri);
    scheduler.now(document.uri);
  }
  // The defaults shown as inlay hints follow the release and kubeassist.inlayHints.defaults.
  if (refreshes.inlayHints) void connection.sendRequest('workspace/inlayHint/refresh').catch(() => undefined);
  if (refreshes.codeLenses) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
}

/** Update checks: each file's baseline is the file at HEAD, read by git in the background (lsp/gitBaseline.ts). */
const baselines = new GitBaselines((message) => connection.console.info(message), (uri) => documents.get(uri) && scheduler.now(uri), (uri) => settingsFor(uri).maxFileSize);
const updateChecksFor = (uri: string) => workspaceTrusted && !isConfigDocument(uri) && settingsFor(uri).updateChecks === 'git';
const refreshBaseline = (uri: string) => updateChecksFor(uri) && baselines.refresh(uri);

connection.onNotification(WORKSPACE_TRUST_NOTIFICATION, guarded(log, 'workspaceTrust', undefined, (params: WorkspaceTrustParams) => {
  if (params.trusted !== true || workspaceTrusted) return;
  workspaceTrusted = true;
  for (const document of documents.all()) refreshBaseline(document.uri);
}));

/** Settings that do nothing are no diagnostic of any file: the log says so once (and the status bar tooltip). */
let loggedSettingsProblems = '';
function logSettingsProblems(): void {
  const problems = settingsProblems(settings);
  if (problems.join('\n') === loggedSettingsProblems) return;
  loggedSettingsProblems = problems.join('\n');
  for (const problem of problems) connection.console.warn(problem);
}

connection.onDidChangeConfiguration(guarded(log, 'didChangeConfiguration', undefined, (change) => {
  if (!pullConfiguration && change.settings) settings = normalizeSettings(change.settings);
  void refreshSettings();
}));

const scheduler = new ValidationScheduler(guarded(log, 'validation', undefined, (uri: string) => {
  const document = documents.get(uri);
  if (!document) return;
  const configDocument = isConfigDocument(uri);
  const model = modelFor(uri);
  model.baseline = baselines.get(uri);
  const generation = indexer.index.generation;
  const stamp = `${document.version}|${configDocument ? CONFIG_FILE_NAME : settingsKey(settingsFor(uri))}|${model.baseline?.id ?? ''}|${contexts.key(uri)}|${generation}`;
  if (published.get(uri) === stamp) return;
  indexer.touch();
  const options = optionsFor(uri);
  if (options.relations) indexer.readOthers(uri);
  const diagnostics = !configDocument ? validate(model, document.getText(), settingsFor(uri), options) : settings.enable ? readConfig(document.getText()).diagnostics : [];
  relationsChecked.add(uri);
  // This file's definitions changed what the other open files' relation checks see.
  if (indexer.index.generation !== generation) for (const other of documents.all()) if (other.uri !== uri) scheduler.schedule(other.uri);
  published.set(uri, stamp);
  void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
}));

/** The file model of an open document (a fresh one for a document the server does not hold). */
function modelFor(uri: string): FileModel {
  return documents.get(uri)?.model ?? new FileModel();
}

connection.onCompletion(guarded(log, 'completion', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return null;
  if (isConfigDocument(document.uri)) return completeConfig(document.getText(), params.position);
  return complete(modelFor(document.uri), document.getText(), params.position, settingsFor(document.uri), optionsFor(document.uri));
}));

connection.onHover(guarded(log, 'hover', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return null;
  if (isConfigDocument(document.uri)) return hoverConfig(document.getText(), params.position);
  return hover(modelFor(document.uri), document.getText(), params.position, settingsFor(document.uri), { ...optionsFor(document.uri), nowSeconds: nowSeconds() });
}));

connection.onDefinition(guarded(log, 'definition', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  const relations = document && !isConfigDocument(document.uri) ? relationsFor(document.uri) : undefined;
  if (!document || !relations) return null;
  return relationDefinition(modelFor(document.uri), document.getText(), params.position, relations);
}));

connection.onReferences(guarded(log, 'references', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  const relations = document && !isConfigDocument(document.uri) ? relationsFor(document.uri) : undefined;
  if (!document || !relations) return null;
  return relationReferences(modelFor(document.uri), document.getText(), params.position, relations, params.context.includeDeclaration);
}));

connection.languages.inlayHint.on(guarded(log, 'inlayHint', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return null;
  return inlayHints(modelFor(document.uri), document.getText(), params.range, settingsFor(document.uri));
}));

connection.onCodeLens(guarded(log, 'codeLens', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document || isConfigDocument(document.uri)) return null;
  return lensAnswers.lenses(modelFor(document.uri), document.getText(), document.uri, settingsFor(document.uri));
}));

connection.onCodeLensResolve((lens) => guarded(log, 'codeLens/resolve', lens, (unresolved: CodeLens) => lensAnswers.resolve(unresolved))(lens));

connection.onRequest(EXPLAIN_REQUEST, guarded(log, 'explain', null, (params: ExplainParams): ExplainResult | null => {
  const document = documents.get(params.uri);
  if (!document || isConfigDocument(document.uri)) return null;
  const settings = settingsFor(document.uri);
  const targeted = params.line !== undefined || params.kind !== undefined || params.name !== undefined;
  const target = targeted ? { ...(params.line !== undefined ? { line: params.line } : {}), ...(params.kind ? { kind: params.kind as KindName } : {}), ...(params.name ? { name: params.name } : {}) } : undefined;
  const objects = explainFile(modelFor(document.uri), document.getText(), settings, { nowSeconds: nowSeconds() }, target);
  const file = decodeURIComponent(document.uri.slice(document.uri.lastIndexOf('/') + 1));
  const markdown = target && objects.length ? explanationMarkdown(objects[0], file) : fileMarkdown(file, objects);
  return { kubernetesVersion: `1.${minorOf(settings.kubernetesVersion)}`, objects, markdown };
}));

connection.onRequest(DIAGNOSE_REQUEST, guarded(log, 'diagnose', null, (params: DiagnoseParams): DiagnoseResult | null => (documents.get(params.uri) && !isConfigDocument(params.uri) ? diagnoseDocument(documents.get(params.uri)!.getText(), params.uri, settingsFor(params.uri), params, nowSeconds()) : null)));

connection.onCodeAction(guarded(log, 'codeAction', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document || isConfigDocument(document.uri)) return null;
  return codeActions(modelFor(document.uri), document.getText(), { uri: document.uri, version: document.version }, params, settingsFor(document.uri), actionClient, optionsFor(document.uri));
}));

connection.onCodeActionResolve((action) => guarded(log, 'codeAction/resolve', action, (unresolved: CodeAction) => {
  const document = documents.get((unresolved.data as { uri?: string } | undefined)?.uri ?? '');
  if (!document) return unresolved;
  return resolveCodeAction(modelFor(document.uri), document.getText(), { uri: document.uri, version: document.version }, unresolved, settingsFor(document.uri), actionClient);
})(action));

connection.onNotification(SCHEMA_DIAGNOSTICS_NOTIFICATION, guarded(log, 'schemaDiagnostics', undefined, (params: SchemaDiagnosticsParams) => {
  schemaDecisions.set(params.uri, params.schemaDiagnostics === 'off' ? 'off' : 'on');
  if (documents.get(params.uri)) scheduler.now(params.uri);
}));

// The VS Code language-model tools (client/src/languageModelTools.ts) run the agent tools here: one engine.
connection.onRequest(AGENT_TOOL_REQUEST, guarded(log, 'agentTool', { error: 'internal error (see the KubeAssist log)' } as AgentToolResult, (params: AgentToolParams): AgentToolResult =>
  runAgentTool(params.tool, params.input ?? {}, nowSeconds(), params.uri ? { settings: settingsFor(params.uri), context: contexts.contextFor(params.uri) } : { settings, context: {} })));

connection.onRequest(DOCUMENT_INFO_REQUEST, guarded(log, 'documentInfo', null, (params: DocumentInfoParams): DocumentInfo | null => {
  const document = documents.get(params.uri);
  if (!document || isConfigDocument(document.uri)) return null;
  const editor: Settings = { ...settings, schemaDiagnostics: schemaDecisions.get(document.uri) ?? settings.schemaDiagnostics };
  const { settings: effective, config } = configurations.resolve(document.uri, editor);
  const info = documentInfo(modelFor(document.uri), document.getText(), effective);
  return {
    ...info,
    settingsProblems: [...info.settingsProblems, ...configurations.problems(config)],
    kubernetesVersionSource: config?.values.kubernetesVersion ? 'configFile' : 'settings',
    ...(config ? { configFile: pathToFileURL(config.path).href } : {}),
  };
}));

connection.onRequest<SimulateResult | null, void>(SIMULATE_REQUEST, guarded(log, 'simulate', null, (params: SimulateParams): SimulateResult | null => {
  const document = documents.get(params?.textDocument?.uri);
  if (!document || isConfigDocument(document.uri)) return null;
  const object = typeof params.object === 'number' || typeof params.object === 'string' ? params.object : undefined;
  const position = params.position && Number.isInteger(params.position.line) ? params.position : undefined;
  const scenario: ScenarioInput = typeof params.scenario === 'string' ? params.scenario
    : Array.isArray(params.scenario) ? (params.scenario as ScenarioInput) : params.scenario && typeof params.scenario === 'object' ? ([params.scenario] as ScenarioInput) : undefined;
  const answer = simulate(modelFor(document.uri), document.getText(), settingsFor(document.uri), { object, position }, scenario, nowSeconds());
  const result: SimulateResult = answer.simulation ? { object: answer.object, ...answer.simulation } : { object: answer.object, problems: answer.problems };
  const label = typeof params.scenario === 'string' ? params.scenario : scenario ? 'the given scenario' : 'every Pod succeeds';
  return { ...result, markdown: simulationMarkdown(result, label) };
}));

connection.onRequest<ViewResult | null, void>(VIEW_REQUEST, guarded(log, 'view', null, (params: ViewParams): ViewResult | null => {
  const document = documents.get(params?.uri);
  if (!document || isConfigDocument(document.uri) || !Number.isInteger(params.line)) return null;
  return viewPages.page(modelFor(document.uri), document.getText(), settingsFor(document.uri), params, nowSeconds());
}));

connection.onRequest(SCENARIO_PRESETS_REQUEST, guarded(log, 'scenarioPresets', [], (): ScenarioPresetInfo[] =>
  SCENARIO_PRESETS.map(({ name, parameters, description, kind }) => ({ name, parameters, description, kind }))));

// "Diagnose a Job in the cluster…": a live read (GET only) with the user's kubeconfig, never in Restricted Mode.
const liveContext = () => ({ trusted: workspaceTrusted, folders: workspaceFolders, settings, now: nowSeconds() });
connection.onRequest(KUBE_CONTEXTS_REQUEST, guarded(log, 'kubeContexts', { contexts: [], files: [], inWorkspace: [], error: 'internal error (see the KubeAssist log)' }, () => kubeContexts(liveContext())));
connection.onRequest(DIAGNOSE_LIVE_REQUEST, (params: DiagnoseLiveParams): Promise<DiagnoseLiveResult> => diagnoseLive(params, liveContext()).catch((error: unknown) => {
  log(`kubeassist: diagnoseLive failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return { error: 'Internal error (see the KubeAssist log).' };
}));

// For tests and debugging only (not part of the extension's protocol): the text the server holds for a
// document, as its file model made it of the incremental changes (lsp/editorDocuments.ts) and as the model's
// documents add up to (lone CRs read as LFs). The sync test compares both with the client's text after
// thousands of incremental changes.
connection.onRequest('kubeassist/documentText', guarded(log, 'documentText', null, (params: { uri: string }) => {
  const document = documents.get(params.uri);
  if (!document) return null;
  const modelText = modelFor(document.uri).update(document.getText()).map(({ slice }) => slice.text).join('');
  return { version: document.version, text: document.getText(), modelText };
}));

documents.onDidOpen(guarded(log, 'didOpen', undefined, (event) => {
  kustomizationsChanged([event.document.uri]);
  // The first diagnostics come before git is started for the baseline (starting a process costs the server 20 to 40
  // ms of a big file's open); the update checks follow when it answers, as they always did. vscode-jsonrpc writes a
  // message in an immediate of its own: git starts in the next one, once the diagnostics are on their way.
  scheduler.now(event.document.uri);
  const uri = event.document.uri;
  setImmediate(guarded(log, 'didOpen', undefined, () => documents.get(uri) && refreshBaseline(uri)));
}));
documents.onDidChangeContent(guarded(log, 'didChange', undefined, (event) => {
  indexer.touch();
  kustomizationsChanged([event.document.uri]);
  if (updateChecksFor(event.document.uri)) baselines.refreshIfStale(event.document.uri);
  scheduler.schedule(event.document.uri);
}));
// Without file watching, a save is the moment a configuration or a kustomization may have changed (in this
// editor or another); the update checks look at HEAD again.
documents.onDidSave(guarded(log, 'didSave', undefined, (event) => {
  filesChanged([event.document.uri]);
  refreshBaseline(event.document.uri);
}));
documents.onDidClose(guarded(log, 'didClose', undefined, (event) => {
  kustomizationsChanged([event.document.uri]);
  scheduler.cancel(event.document.uri);
  baselines.forget(event.document.uri);
  lensAnswers.forget(event.document.uri);
  viewPages.forget(event.document.uri);
  relationsChecked.delete(event.document.uri);
  indexer.closed(event.document.uri);
  schemaDecisions.delete(event.document.uri);
  published.delete(event.document.uri);
  void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
}));

documents.listen(connection);
connection.listen();
