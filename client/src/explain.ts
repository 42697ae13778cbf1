// "Explain" in VS Code: the code lens above each Job, CronJob and CSIDriver (or the command on the cursor's
// object) opens what the server says it will do (`kubeassist/explain`) as a Markdown document beside the editor,
// a virtual document (scheme `kubeassist-explain`) that follows the manifest as it is edited.
import { commands, Disposable, EventEmitter, Uri, ViewColumn, window, workspace, type TextDocumentContentProvider } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { EXPLAIN_REQUEST, type ExplainParams, type ExplainResult } from '../../server/src/lsp/protocol';

export const EXPLAIN_SCHEME = 'kubeassist-explain';
export const EXPLAIN_COMMAND = 'kubeassist.explain';

/** What a code lens passes (server/src/service/features/codeLens.ts ObjectRef). */
export interface ObjectRef {
  uri: string;
  line: number;
  kind?: string;
  name?: string;
}

/** `kubeassist-explain:/<file> — <Kind> <name>.md?<the reference as JSON>`: the `.md` makes it a Markdown document. */
export function explainUri(ref: ObjectRef): Uri {
  const file = decodeURIComponent(ref.uri.slice(ref.uri.lastIndexOf('/') + 1));
  const what = ref.kind ? ` — ${ref.kind}${ref.name ? ` ${ref.name}` : ''}` : '';
  return Uri.from({ scheme: EXPLAIN_SCHEME, path: `/${file}${what}.md`, query: JSON.stringify(ref) });
}

function refOf(uri: Uri): ObjectRef | undefined {
  try {
    const ref = JSON.parse(uri.query) as ObjectRef;
    return typeof ref.uri === 'string' && typeof ref.line === 'number' ? ref : undefined;
  } catch {
    return undefined;
  }
}

export class ExplainView implements TextDocumentContentProvider, Disposable {
  private readonly changes = new EventEmitter<Uri>();
  readonly onDidChange = this.changes.event;
  private readonly subscriptions: Disposable[];
  private readonly open = new Map<string, Uri>();
  private timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.subscriptions = [
      this.changes,
      workspace.registerTextDocumentContentProvider(EXPLAIN_SCHEME, this),
      commands.registerCommand(EXPLAIN_COMMAND, (ref?: ObjectRef) => this.show(ref)),
      // Keep the explanation current: the server has the edit once the change is sent, so ask again shortly after.
      workspace.onDidChangeTextDocument((event) => this.sourceChanged(event.document.uri.toString())),
      workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('kubeassist')) for (const uri of this.open.values()) this.changes.fire(uri);
      }),
      workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === EXPLAIN_SCHEME) this.open.delete(document.uri.toString());
      }),
    ];
  }

  private sourceChanged(source: string): void {
    for (const uri of this.open.values()) {
      if (refOf(uri)?.uri !== source) continue;
      const key = uri.toString();
      clearTimeout(this.timers.get(key));
      this.timers.set(key, setTimeout(() => this.changes.fire(uri), 250));
    }
  }

  /** The command: the lens's object, or the one at the cursor of the active editor. */
  async show(ref?: ObjectRef): Promise<void> {
    const editor = window.activeTextEditor;
    const target = ref ?? (editor ? { uri: editor.document.uri.toString(), line: editor.selection.active.line } : undefined);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open a Job, CronJob or CSIDriver manifest to explain it.');
      return;
    }
    const uri = explainUri(target);
    this.open.set(uri.toString(), uri);
    const document = await workspace.openTextDocument(uri);
    await window.showTextDocument(document, { viewColumn: ViewColumn.Beside, preserveFocus: true, preview: true });
  }

  async provideTextDocumentContent(uri: Uri): Promise<string> {
    const ref = refOf(uri);
    const client = this.client();
    if (!ref || !client) return '# KubeAssist\n\nThe language server is not running.\n';
    this.open.set(uri.toString(), uri);
    const params: ExplainParams = { uri: ref.uri, line: ref.line, ...(ref.kind ? { kind: ref.kind } : {}), ...(ref.name ? { name: ref.name } : {}) };
    try {
      const result = await client.sendRequest<ExplainResult | null>(EXPLAIN_REQUEST, params);
      return result?.markdown ?? '# KubeAssist\n\nThe manifest is not open any more.\n';
    } catch (error) {
      return `# KubeAssist\n\nCould not explain: ${String(error)}\n`;
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
