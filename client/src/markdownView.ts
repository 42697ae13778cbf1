// A read-only Markdown document beside the editor, computed by the server from a manifest and asked again
// shortly after the manifest changes (a virtual document of its own URI scheme): the explanations and the
// simulations of client/src/explain.ts and client/src/simulate.ts.
import { Disposable, EventEmitter, Uri, ViewColumn, window, workspace, type TextDocumentContentProvider } from 'vscode';

/** What a code lens passes (server/src/service/features/codeLens.ts ObjectRef). */
export interface ObjectRef {
  uri: string;
  line: number;
  kind?: string;
  name?: string;
}

/** The document's query: the object, and what else the content needs (a scenario). */
export interface ViewQuery extends ObjectRef {
  scenario?: string;
}

export class MarkdownView<Q extends ViewQuery> implements TextDocumentContentProvider, Disposable {
  private readonly changes = new EventEmitter<Uri>();
  readonly onDidChange = this.changes.event;
  private readonly subscriptions: Disposable[];
  private readonly open = new Map<string, Uri>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly scheme: string, private readonly content: (query: Q) => Promise<string>) {
    this.subscriptions = [
      this.changes,
      workspace.registerTextDocumentContentProvider(scheme, this),
      // Keep it current: the server has the edit once the change is sent, so ask again shortly after.
      workspace.onDidChangeTextDocument((event) => this.sourceChanged(event.document.uri.toString())),
      workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('kubeassist')) for (const uri of this.open.values()) this.changes.fire(uri);
      }),
      workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === scheme) this.open.delete(document.uri.toString());
      }),
    ];
  }

  /** `<scheme>:/<file> — <title>.md?<query as JSON>`: the `.md` makes it a Markdown document. */
  uriOf(query: Q, title: string): Uri {
    const file = decodeURIComponent(query.uri.slice(query.uri.lastIndexOf('/') + 1));
    return Uri.from({ scheme: this.scheme, path: `/${file}${title ? ` — ${title}` : ''}.md`, query: JSON.stringify(query) });
  }

  async show(query: Q, title: string): Promise<void> {
    const uri = this.uriOf(query, title);
    this.open.set(uri.toString(), uri);
    const document = await workspace.openTextDocument(uri);
    await window.showTextDocument(document, { viewColumn: ViewColumn.Beside, preserveFocus: true, preview: true });
  }

  private sourceChanged(source: string): void {
    for (const uri of this.open.values()) {
      if (queryOf(uri)?.uri !== source) continue;
      const key = uri.toString();
      clearTimeout(this.timers.get(key));
      this.timers.set(key, setTimeout(() => this.changes.fire(uri), 250));
    }
  }

  async provideTextDocumentContent(uri: Uri): Promise<string> {
    const query = queryOf(uri) as Q | undefined;
    if (!query) return '# KubeAssist\n\nNothing to show.\n';
    this.open.set(uri.toString(), uri);
    try {
      return await this.content(query);
    } catch (error) {
      return `# KubeAssist\n\n${String(error)}\n`;
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

function queryOf(uri: Uri): ViewQuery | undefined {
  try {
    const query = JSON.parse(uri.query) as ViewQuery;
    return typeof query.uri === 'string' && typeof query.line === 'number' ? query : undefined;
  } catch {
    return undefined;
  }
}

/** The lens's object, or the one at the cursor of the active editor. */
export function targetOf(ref: ObjectRef | undefined): ObjectRef | undefined {
  if (ref && typeof ref.uri === 'string') return ref;
  const editor = window.activeTextEditor;
  return editor ? { uri: editor.document.uri.toString(), line: editor.selection.active.line } : undefined;
}
