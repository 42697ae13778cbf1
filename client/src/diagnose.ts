// "Diagnose" in VS Code: the code lens above a Job or CronJob the API server returned (an export) opens what
// happened to it, why and what comes next (`kubeassist/diagnose`, each object's verdict first) as a Markdown
// document beside the editor that follows the file as it is edited (markdownView.ts).
import { commands, Disposable, window } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DIAGNOSE_REQUEST, type DiagnoseParams, type DiagnoseResult } from '../../server/src/lsp/protocol';
import { MarkdownView, targetOf, type ObjectRef, type ViewQuery } from './markdownView';

export const DIAGNOSE_SCHEME = 'kubeassist-diagnose';
export const DIAGNOSE_COMMAND = 'kubeassist.diagnose';

export function registerDiagnose(client: () => LanguageClient | undefined): Disposable {
  const view = new MarkdownView<ViewQuery>(DIAGNOSE_SCHEME, async (query) => {
    const running = client();
    if (!running) return '# KubeAssist\n\nThe language server is not running.\n';
    const params: DiagnoseParams = { uri: query.uri, line: query.line, ...(query.kind ? { kind: query.kind } : {}), ...(query.name ? { name: query.name } : {}) };
    const result = await running.sendRequest<DiagnoseResult | null>(DIAGNOSE_REQUEST, params);
    return result?.markdown ?? '# KubeAssist\n\nThe file is not open any more.\n';
  });
  const command = commands.registerCommand(DIAGNOSE_COMMAND, async (ref?: ObjectRef) => {
    const target = targetOf(ref);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open the output of `kubectl get job NAME -o yaml` (with its Pods and events, if you have them) to diagnose it.');
      return;
    }
    await view.show(target, `Diagnose ${target.kind ? `${target.kind}${target.name ? ` ${target.name}` : ''}` : ''}`.trim());
  });
  return Disposable.from(view, command);
}
