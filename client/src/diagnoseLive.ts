// "KubeAssist: Diagnose a Job in the cluster…": asks for the context (the kubeconfig's, from the server), the
// Job or CronJob and the namespace, then has the language server read it (GET only; the server holds the host
// access and knows the workspace trust) and shows the diagnosis as Markdown beside the editor. Nothing is read in
// Restricted Mode, and a kubeconfig inside the workspace only after the user agrees.
import { commands, Disposable, EventEmitter, ProgressLocation, Uri, ViewColumn, window, workspace, type TextDocumentContentProvider } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  DIAGNOSE_LIVE_REQUEST, KUBE_CONTEXTS_REQUEST, type DiagnoseLiveParams, type DiagnoseLiveResult, type KubeContextsResult,
} from '../../server/src/lsp/protocol';

export const DIAGNOSE_LIVE_COMMAND = 'kubeassist.diagnoseLive';
const SCHEME = 'kubeassist-live';
const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** `job/NAME` or `cronjob/NAME` (jobs, cj ... as kubectl spells them), or why not. */
export function parseTarget(text: string): { kind: 'job' | 'cronjob'; name: string } | string {
  const [kind, name, extra] = text.trim().split('/');
  const kinds: Record<string, 'job' | 'cronjob'> = { job: 'job', jobs: 'job', 'job.batch': 'job', cronjob: 'cronjob', cronjobs: 'cronjob', cj: 'cronjob', 'cronjob.batch': 'cronjob' };
  const k = kinds[(kind ?? '').toLowerCase()];
  if (!k || !name || extra !== undefined) return 'Write job/NAME or cronjob/NAME.';
  if (!NAME.test(name)) return `"${name}" is not a Kubernetes object name (lowercase letters, digits, '-' and '.').`;
  return { kind: k, name };
}

class LiveDocuments implements TextDocumentContentProvider, Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changes = new EventEmitter<Uri>();
  readonly onDidChange = this.changes.event;
  private readonly registration = workspace.registerTextDocumentContentProvider(SCHEME, this);
  provideTextDocumentContent(uri: Uri): string {
    return this.texts.get(uri.toString()) ?? '# KubeAssist\n\nThis diagnosis is gone: run "Diagnose a Job in the cluster…" again.\n';
  }
  async show(title: string, markdown: string): Promise<void> {
    const uri = Uri.from({ scheme: SCHEME, path: `/${title}.md` });
    this.texts.set(uri.toString(), markdown);
    this.changes.fire(uri);
    const document = await workspace.openTextDocument(uri);
    await window.showTextDocument(document, { viewColumn: ViewColumn.Beside, preserveFocus: true, preview: true });
  }
  dispose(): void {
    this.registration.dispose();
    this.changes.dispose();
  }
}

export function registerDiagnoseLive(client: () => LanguageClient | undefined): Disposable {
  const documents = new LiveDocuments();
  let lastTarget = '';
  const command = commands.registerCommand(DIAGNOSE_LIVE_COMMAND, async () => {
    if (!workspace.isTrusted) {
      void window.showWarningMessage('KubeAssist reads no cluster in Restricted Mode: trust the workspace first.');
      return;
    }
    const running = client();
    if (!running) {
      void window.showErrorMessage('KubeAssist: the language server is not running.');
      return;
    }
    const found = await running.sendRequest<KubeContextsResult>(KUBE_CONTEXTS_REQUEST, {});
    if (found.error) {
      void window.showErrorMessage(`KubeAssist: ${found.error}`);
      return;
    }
    if (found.contexts.length === 0) {
      void window.showErrorMessage(`KubeAssist: the kubeconfig (${found.files.join(', ')}) has no contexts.`);
      return;
    }
    const ordered = [...found.contexts].sort((a, b) => Number(b.current) - Number(a.current));
    const picked = await window.showQuickPick(ordered.map((c) => ({
      label: c.name, description: `${c.current ? 'current · ' : ''}cluster ${c.cluster}${c.namespace ? ` · namespace ${c.namespace}` : ''}`, context: c,
    })), { title: 'Diagnose a Job in the cluster (read-only): context', placeHolder: 'The kubeconfig context to read with' });
    if (!picked) return;
    const targetText = await window.showInputBox({
      title: 'Diagnose a Job in the cluster (read-only): which object', prompt: 'job/NAME or cronjob/NAME', value: lastTarget, placeHolder: 'job/pi',
      validateInput: (text) => (typeof parseTarget(text) === 'string' ? (parseTarget(text) as string) : undefined),
    });
    if (targetText === undefined) return;
    const target = parseTarget(targetText);
    if (typeof target === 'string') return;
    lastTarget = targetText.trim();
    const namespace = await window.showInputBox({
      title: 'Diagnose a Job in the cluster (read-only): namespace', prompt: 'The namespace', value: picked.context.namespace ?? 'default',
      validateInput: (text) => (/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(text.trim()) ? undefined : 'A namespace name: lowercase letters, digits and \'-\'.'),
    });
    if (namespace === undefined) return;
    const params: DiagnoseLiveParams = { kind: target.kind, name: target.name, namespace: namespace.trim(), context: picked.context.name };
    const ask = () => window.withProgress({ location: ProgressLocation.Notification, title: `KubeAssist: reading ${target.kind}/${target.name} from ${picked.context.name}…` },
      () => running.sendRequest<DiagnoseLiveResult>(DIAGNOSE_LIVE_REQUEST, params));
    let result = await ask();
    if (result.needsConsent) {
      const files = result.needsConsent.join(', ');
      const answer = await window.showWarningMessage(
        `The kubeconfig ${files} is inside the workspace. A kubeconfig names the server your credentials go to and may run a program (an exec plugin). Read it?`,
        { modal: true }, 'Read It');
      if (answer !== 'Read It') return;
      params.allowWorkspaceKubeconfig = true;
      result = await ask();
    }
    if (result.error !== undefined || result.markdown === undefined) {
      void window.showErrorMessage(`KubeAssist: ${result.error ?? 'nothing was read.'}`);
      return;
    }
    await documents.show(`${target.kind}-${target.name} (${picked.context.name}, ${params.namespace})`, result.markdown);
  });
  return Disposable.from(documents, command);
}
