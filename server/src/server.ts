// LSP wiring: capabilities, documents, settings, and one line per request to the service.
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type CodeAction, type InitializeResult } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { normalizeSettings } from './lsp/configuration';
import { codeActionClient } from './lsp/codeActionClient';
import { guarded } from './lsp/guard';
import { DOCUMENT_INFO_REQUEST, SCHEMA_DIAGNOSTICS_NOTIFICATION, type DocumentInfoParams, type SchemaDiagnosticsParams } from './lsp/protocol';
import { ValidationScheduler } from './lsp/scheduler';
import { WorkspaceContexts } from './lsp/workspaceContext';
import {
  CODE_ACTION_KINDS, codeActions, complete, COMPLETION_TRIGGERS, documentInfo, FileModel, hover, resolveCodeAction, settingsProblems, validate, type CodeActionClient, type Settings,
} from './service/index';
import { DEFAULT_SETTINGS, settingsKey } from './service/settings';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const models = new Map<string, FileModel>();
/** What was last published per document, so that open (which also reports a content change) publishes once. */
const published = new Map<string, string>();
const log = (message: string) => connection.console.error(message);
let settings: Settings = DEFAULT_SETTINGS;
let pullConfiguration = false;
let actionClient: CodeActionClient = { snippets: false, resolve: false };
/** The VS Code client's per-document decision beside Red Hat YAML (kubeassist.schemaDiagnostics: auto). */
const schemaDecisions = new Map<string, 'on' | 'off'>();
const settingsFor = (uri: string): Settings => ({ ...settings, schemaDiagnostics: schemaDecisions.get(uri) ?? settings.schemaDiagnostics });
/** Kustomizations around each document: whether it is a patch (workspace/didChangeWatchedFiles keeps it current). */
const contexts = new WorkspaceContexts((uri) => documents.get(uri)?.getText());
const optionsFor = (uri: string) => ({ context: contexts.contextFor(uri) });

process.on('uncaughtException', (error) => log(`kubeassist: uncaught ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => log(`kubeassist: unhandled rejection ${String(reason)}`));

connection.onInitialize(guarded(log, 'initialize', {} as InitializeResult, (params): InitializeResult => {
  pullConfiguration = !!params.capabilities.workspace?.configuration;
  actionClient = codeActionClient(params.capabilities);
  contexts.initialize(params.capabilities);
  if (params.initializationOptions) settings = normalizeSettings(params.initializationOptions);
  return {
    capabilities: {
      // didSave: a saved kustomization re-checks the open documents where the client cannot watch files.
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS, resolveProvider: true },
    },
    serverInfo: { name: 'kubeassist', version: '0.1.0' },
  };
}));

connection.onInitialized(() => {
  connection.console.info(`KubeAssist language server 0.1.0 started (Node ${process.version})`);
  contexts.register(connection, log);
  void refreshSettings();
});

/** A kustomization was created, changed or deleted: patches may have become plain files or the reverse. */
function kustomizationsChanged(uris: readonly string[]): void {
  if (!contexts.changed(uris)) return;
  for (const document of documents.all()) if (!uris.includes(document.uri)) scheduler.schedule(document.uri);
}

connection.onDidChangeWatchedFiles(guarded(log, 'didChangeWatchedFiles', undefined, (params) => kustomizationsChanged(params.changes.map((change) => change.uri))));

async function refreshSettings(): Promise<void> {
  if (pullConfiguration) {
    try {
      settings = normalizeSettings(await connection.workspace.getConfiguration('kubeassist'));
    } catch (error) {
      log(`kubeassist: could not read settings: ${String(error)}`);
    }
  }
  logSettingsProblems();
  for (const document of documents.all()) scheduler.now(document.uri);
}

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
  const stamp = `${document.version}|${settingsKey(settingsFor(uri))}|${contexts.key(uri)}`;
  if (published.get(uri) === stamp) return;
  const diagnostics = validate(modelFor(uri), document.getText(), settingsFor(uri), optionsFor(uri));
  published.set(uri, stamp);
  void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
}));

function modelFor(uri: string): FileModel {
  let model = models.get(uri);
  if (!model) models.set(uri, (model = new FileModel()));
  return model;
}

connection.onCompletion(guarded(log, 'completion', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return null;
  return complete(modelFor(document.uri), document.getText(), params.position, settingsFor(document.uri), optionsFor(document.uri));
}));

connection.onHover(guarded(log, 'hover', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return null;
  return hover(modelFor(document.uri), document.getText(), params.position, settingsFor(document.uri), optionsFor(document.uri));
}));

connection.onCodeAction(guarded(log, 'codeAction', null, (params) => {
  const document = documents.get(params.textDocument.uri);
  if (!document) return null;
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

connection.onRequest(DOCUMENT_INFO_REQUEST, guarded(log, 'documentInfo', null, (params: DocumentInfoParams) => {
  const document = documents.get(params.uri);
  return document ? documentInfo(modelFor(document.uri), document.getText(), settingsFor(document.uri)) : null;
}));

// For tests and debugging only (not part of the extension's protocol): the text the server holds for a
// document, as the LSP library keeps it and as the engine's documents add up to (lone CRs read as LFs).
// The sync test compares both with the client's text after thousands of incremental changes.
connection.onRequest('kubeassist/documentText', guarded(log, 'documentText', null, (params: { uri: string }) => {
  const document = documents.get(params.uri);
  if (!document) return null;
  const modelText = modelFor(document.uri).update(document.getText()).map(({ slice }) => slice.text).join('');
  return { version: document.version, text: document.getText(), modelText };
}));

documents.onDidOpen(guarded(log, 'didOpen', undefined, (event) => {
  kustomizationsChanged([event.document.uri]);
  scheduler.now(event.document.uri);
}));
documents.onDidChangeContent(guarded(log, 'didChange', undefined, (event) => {
  kustomizationsChanged([event.document.uri]);
  scheduler.schedule(event.document.uri);
}));
documents.onDidSave(guarded(log, 'didSave', undefined, (event) => kustomizationsChanged([event.document.uri])));
documents.onDidClose(guarded(log, 'didClose', undefined, (event) => {
  kustomizationsChanged([event.document.uri]);
  scheduler.cancel(event.document.uri);
  models.delete(event.document.uri);
  schemaDecisions.delete(event.document.uri);
  published.delete(event.document.uri);
  void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
}));

documents.listen(connection);
connection.listen();
