// The rendered views beside the editor: Explain, Simulate… and Diagnose as a webview panel that shows the server's
// page (`kubeassist/view`: the report rendered, its pictures, field names linked to the manifest), asked again
// shortly after the manifest changes. The page runs no script: its links are VS Code command links, allowed for
// the view's own commands only; the theme's colours reach it as CSS variables (light, dark, high contrast).
import { commands, Disposable, Position, Range, Selection, TextEditorRevealType, Uri, ViewColumn, window, workspace, type WebviewPanel } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { REVEAL_FIELD_COMMAND, VIEW_REQUEST, type ViewKind, type ViewParams, type ViewResult } from '../../server/src/lsp/protocol';
import type { ObjectRef } from './objectRef';

export interface ViewTarget extends ObjectRef {
  view: ViewKind;
  scenario?: string;
  /** How the panel's tab names the scenario (a file's name rather than its text). */
  scenarioLabel?: string;
}

const TITLES: Record<ViewKind, string> = { explain: 'Explain', simulate: 'Simulation', diagnose: 'Diagnose' };

function viewerZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function waitingPage(message: string): string {
  const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><style>body{font-family:var(--vscode-font-family);color:var(--vscode-foreground);padding:16px 24px}</style></head><body><p>${escaped}</p></body></html>`;
}

/** Every open view: one panel per view, file and object; it follows its manifest as it is edited. */
export class ViewPanels implements Disposable {
  private readonly panels = new Map<string, { panel: WebviewPanel; target: ViewTarget; timer?: NodeJS.Timeout }>();
  private readonly subscriptions: Disposable[];

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.subscriptions = [
      workspace.onDidChangeTextDocument((event) => this.sourceChanged(event.document.uri.toString())),
      workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('kubeassist')) for (const key of this.panels.keys()) void this.refresh(key);
      }),
      commands.registerCommand(REVEAL_FIELD_COMMAND, (uri: string, line: number, character: number) => revealField(uri, line, character)),
    ];
  }

  /** Opens (or brings forward) the view of a target beside the editor. */
  async show(target: ViewTarget): Promise<void> {
    const key = JSON.stringify([target.view, target.uri, target.name ?? target.line, target.scenario ?? '']);
    const open = this.panels.get(key);
    if (open) {
      open.target = target;
      open.panel.reveal(ViewColumn.Beside, true);
      await this.refresh(key);
      return;
    }
    const panel = window.createWebviewPanel('kubeassist.view', this.tabTitle(target), { viewColumn: ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: false,
      enableCommandUris: [REVEAL_FIELD_COMMAND, 'kubeassist.explain', 'kubeassist.simulate', 'kubeassist.diagnose'],
      enableFindWidget: true,
      localResourceRoots: [],
    });
    panel.webview.html = waitingPage('Asking the KubeAssist server…');
    this.panels.set(key, { panel, target });
    panel.onDidDispose(() => {
      clearTimeout(this.panels.get(key)?.timer);
      this.panels.delete(key);
    });
    await this.refresh(key);
  }

  private tabTitle(target: ViewTarget, name?: string): string {
    const what = name ?? target.name ?? target.kind ?? '';
    const scenario = target.view === 'simulate' && (target.scenarioLabel ?? target.scenario) ? ` (${(target.scenarioLabel ?? target.scenario ?? '').replace(/^preset:/, '')})` : '';
    return `${TITLES[target.view]}: ${what}${scenario}`.replace(/: $/, '');
  }

  private async refresh(key: string): Promise<void> {
    const open = this.panels.get(key);
    const running = this.client();
    if (!open) return;
    if (!running) {
      open.panel.webview.html = waitingPage('The KubeAssist language server is not running.');
      return;
    }
    const { target } = open;
    const params: ViewParams = {
      uri: target.uri, view: target.view, line: target.line, ...(target.kind ? { kind: target.kind } : {}), ...(target.name ? { name: target.name } : {}),
      ...(target.scenario ? { scenario: target.scenario } : {}), ...(viewerZone() ? { viewerZone: viewerZone() } : {}),
    };
    try {
      const result = await running.sendRequest<ViewResult | null>(VIEW_REQUEST, params);
      if (!this.panels.has(key)) return;
      open.panel.webview.html = result?.html ?? waitingPage('The manifest is not open any more.');
      if (result) open.panel.title = this.tabTitle(target, target.name);
    } catch (error) {
      open.panel.webview.html = waitingPage(`KubeAssist could not render this view: ${String(error)}`);
    }
  }

  private sourceChanged(source: string): void {
    for (const [key, open] of this.panels) {
      if (open.target.uri !== source) continue;
      clearTimeout(open.timer);
      open.timer = setTimeout(() => void this.refresh(key), 250);
    }
  }

  dispose(): void {
    for (const { panel, timer } of this.panels.values()) {
      clearTimeout(timer);
      panel.dispose();
    }
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/** A field link of a view: the manifest's editor, with the cursor on the field. */
async function revealField(uri: string, line: number, character: number): Promise<void> {
  if (typeof uri !== 'string' || !Number.isInteger(line) || !Number.isInteger(character)) return;
  const document = await workspace.openTextDocument(Uri.parse(uri));
  const visible = window.visibleTextEditors.find((editor) => editor.document.uri.toString() === uri);
  const editor = await window.showTextDocument(document, { viewColumn: visible?.viewColumn ?? ViewColumn.One, preserveFocus: false });
  const position = new Position(line, character);
  editor.selection = new Selection(position, position);
  editor.revealRange(new Range(position, position), TextEditorRevealType.InCenterIfOutsideViewport);
}
