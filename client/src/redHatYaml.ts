// Beside Red Hat YAML: reads its state (installed, `yaml.validate`, `yaml.schemas`) and our
// `kubeassist.schemaDiagnostics` for each YAML document, and tells the server the decision
// (schemaDecision.ts) before the document is opened there and whenever it changes.
// No dependency on the extension is declared: it is looked up by id and may be absent.
import { Disposable, extensions, workspace, type TextDocument } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SCHEMA_DIAGNOSTICS_NOTIFICATION, type SchemaDiagnosticsParams } from '../../server/src/lsp/protocol';
import { decideSchemaDiagnostics, type SchemaDiagnosticsSetting } from './schemaDecision';

const RED_HAT_YAML = 'redhat.vscode-yaml';

export function schemaDiagnosticsFor(document: TextDocument): 'on' | 'off' {
  const setting = workspace.getConfiguration('kubeassist', document).get<SchemaDiagnosticsSetting>('schemaDiagnostics', 'auto');
  const yaml = workspace.getConfiguration('yaml', document);
  return decideSchemaDiagnostics(
    setting,
    { uri: document.uri.toString(), languageId: document.languageId, text: document.getText() },
    { present: extensions.getExtension(RED_HAT_YAML) !== undefined, validate: yaml.get('validate', true), schemas: yaml.get('schemas') },
  );
}

export class SchemaDiagnosticsDecisions implements Disposable {
  private readonly sent = new Map<string, 'on' | 'off'>();
  private readonly subscriptions: Disposable[];

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.subscriptions = [
      workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('yaml') || event.affectsConfiguration('kubeassist.schemaDiagnostics')) this.refreshAll();
      }),
      extensions.onDidChange(() => this.refreshAll()),
      workspace.onDidChangeTextDocument((event) => this.refresh(event.document)),
      workspace.onDidCloseTextDocument((document) => this.sent.delete(document.uri.toString())),
    ];
  }

  /** Called by the client's didOpen middleware, so the first diagnostics already follow the decision. */
  async beforeOpen(document: TextDocument): Promise<void> {
    await this.send(document, schemaDiagnosticsFor(document));
  }

  private refreshAll(): void {
    for (const document of workspace.textDocuments) this.refresh(document);
  }

  private refresh(document: TextDocument): void {
    const uri = document.uri.toString();
    if (!this.sent.has(uri)) return; // not opened in the server (not YAML, or not yet)
    const decision = schemaDiagnosticsFor(document);
    if (this.sent.get(uri) !== decision) void this.send(document, decision);
  }

  private async send(document: TextDocument, schemaDiagnostics: 'on' | 'off'): Promise<void> {
    const uri = document.uri.toString();
    this.sent.set(uri, schemaDiagnostics);
    const params: SchemaDiagnosticsParams = { uri, schemaDiagnostics };
    await this.client()?.sendNotification(SCHEMA_DIAGNOSTICS_NOTIFICATION, params);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
