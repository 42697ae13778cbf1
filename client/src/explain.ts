// "Explain" in VS Code: the code lens above each Job, CronJob and CSIDriver (or the command on the cursor's
// object) opens what the server says it will do (`kubeassist/explain`) as a Markdown document beside the editor
// that follows the manifest as it is edited.
import { commands, Disposable, window } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { EXPLAIN_REQUEST, type ExplainParams, type ExplainResult } from '../../server/src/lsp/protocol';
import { MarkdownView, targetOf, type ObjectRef, type ViewQuery } from './markdownView';

export const EXPLAIN_SCHEME = 'kubeassist-explain';
export const EXPLAIN_COMMAND = 'kubeassist.explain';

export function registerExplain(client: () => LanguageClient | undefined): Disposable {
  const view = new MarkdownView<ViewQuery>(EXPLAIN_SCHEME, async (query) => {
    const running = client();
    if (!running) return '# KubeAssist\n\nThe language server is not running.\n';
    const params: ExplainParams = { uri: query.uri, line: query.line, ...(query.kind ? { kind: query.kind } : {}), ...(query.name ? { name: query.name } : {}) };
    const result = await running.sendRequest<ExplainResult | null>(EXPLAIN_REQUEST, params);
    return result?.markdown ?? '# KubeAssist\n\nThe manifest is not open any more.\n';
  });
  const command = commands.registerCommand(EXPLAIN_COMMAND, async (ref?: ObjectRef) => {
    const target = targetOf(ref);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open a Job, CronJob or CSIDriver manifest to explain it.');
      return;
    }
    await view.show(target, target.kind ? `${target.kind}${target.name ? ` ${target.name}` : ''}` : 'explained');
  });
  return Disposable.from(view, command);
}
