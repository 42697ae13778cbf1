// The status bar item on Kubernetes YAML files: the target release and how many Job/CronJob/CSIDriver objects
// are checked (asked of the server, which found them by apiVersion + kind); a click changes the release, or
// opens the `.kubeassist.yaml` that sets it.
import { ConfigurationTarget, Disposable, languages, StatusBarAlignment, Uri, window, workspace, type StatusBarItem, type TextDocument } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DOCUMENT_INFO_REQUEST, type DocumentInfo, type DocumentInfoParams } from '../../server/src/lsp/protocol';

export const SELECT_VERSION_COMMAND = 'kubeassist.selectKubernetesVersion';

export class KubernetesStatusBar implements Disposable {
  private readonly item: StatusBarItem;
  private readonly subscriptions: Disposable[];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly client: LanguageClient) {
    this.item = window.createStatusBarItem('kubeassist.status', StatusBarAlignment.Right, 100);
    this.item.name = 'KubeAssist';
    this.item.command = SELECT_VERSION_COMMAND;
    this.subscriptions = [
      this.item,
      window.onDidChangeActiveTextEditor(() => void this.update()),
      languages.onDidChangeDiagnostics((event) => {
        const active = window.activeTextEditor?.document.uri.toString();
        if (event.uris.some((uri) => uri.toString() === active)) void this.update();
      }),
      workspace.onDidChangeTextDocument((event) => {
        if (event.document === window.activeTextEditor?.document) this.updateSoon();
      }),
      workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('kubeassist')) this.updateSoon();
      }),
    ];
    void this.update();
  }

  private updateSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), 300);
  }

  private async update(): Promise<void> {
    const document = window.activeTextEditor?.document;
    const info = document && (document.languageId === 'yaml' || document.languageId === 'helm') ? await this.documentInfo(document) : undefined;
    if (!info || info.checkedResources === 0 || document !== window.activeTextEditor?.document) {
      this.item.hide();
      return;
    }
    const resources = `${info.checkedResources} ${info.checkedResources === 1 ? 'resource' : 'resources'}`;
    const configFile = info.kubernetesVersionSource === 'configFile' && info.configFile ? Uri.parse(info.configFile) : undefined;
    const release = info.kubernetesVersionLabel ?? info.kubernetesVersion;
    this.item.text = `$(check) Kubernetes ${release} · ${resources}`;
    this.item.command = configFile ? { title: 'Open .kubeassist.yaml', command: 'vscode.open', arguments: [configFile] } : SELECT_VERSION_COMMAND;
    this.item.tooltip =
      `KubeAssist checks ${resources} in this file against Kubernetes ${release}` +
      (configFile ? `, set by ${workspace.asRelativePath(configFile)}` : '') +
      (info.schemaDiagnostics === 'off' ? ' (plain schema errors are left to Red Hat YAML).' : '.') +
      (release !== info.kubernetesVersion ? `\n${info.kubernetesVersion} is checked against what its development sources say; what they do not settle is left unchecked.` : '') +
      (configFile ? '\nClick to open it and change the version there.' : '\nClick to change the Kubernetes version.') +
      (info.settingsProblems.length ? `\n\n${info.settingsProblems.join('\n')}` : '');
    this.item.show();
  }

  private async documentInfo(document: TextDocument): Promise<DocumentInfo | undefined> {
    try {
      const params: DocumentInfoParams = { uri: document.uri.toString() };
      return (await this.client.sendRequest<DocumentInfo | null>(DOCUMENT_INFO_REQUEST, params)) ?? undefined;
    } catch {
      return undefined; // server starting or stopped: no item
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/**
 * A quick pick of the releases the extension knows (`versions`, with the setting's enumDescriptions in
 * `descriptions`: a pre-release says so); writes `kubeassist.kubernetesVersion` where it is set.
 */
export async function selectKubernetesVersion(versions: string[], descriptions: string[] = []): Promise<void> {
  const document = window.activeTextEditor?.document;
  const configuration = workspace.getConfiguration('kubeassist', document);
  const current = configuration.get<string>('kubernetesVersion');
  const picked = await window.showQuickPick(
    versions.map((version, i) => {
      const notes = [/^\d+\.\d+ \(pre-release\)/.test(descriptions[i] ?? '') ? 'pre-release' : '', version === current ? 'current' : ''].filter(Boolean);
      return { label: version, description: notes.length ? notes.join(', ') : undefined, detail: notes.includes('pre-release') ? descriptions[i] : undefined };
    }),
    { title: 'Kubernetes version to check against', placeHolder: `Now ${current}` },
  );
  if (!picked || picked.label === current) return;
  const inspected = configuration.inspect<string>('kubernetesVersion');
  const target = inspected?.workspaceFolderValue !== undefined
    ? ConfigurationTarget.WorkspaceFolder
    : inspected?.workspaceValue !== undefined || workspace.workspaceFolders?.length
      ? ConfigurationTarget.Workspace
      : ConfigurationTarget.Global;
  await configuration.update('kubernetesVersion', picked.label, target);
}
