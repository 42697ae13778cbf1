// "Simulate…" in VS Code: a quick pick of the ready scenarios (`kubeassist/scenarioPresets`), then the
// server's simulation of the object (`kubeassist/simulate`) as a Markdown timeline beside the editor, kept
// current as the manifest is edited.
import { commands, Disposable, window, type QuickPickItem } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SCENARIO_PRESETS_REQUEST, SIMULATE_REQUEST, type ScenarioPresetInfo, type SimulateParams, type SimulateResult } from '../../server/src/lsp/protocol';
import { MarkdownView, targetOf, type ObjectRef, type ViewQuery } from './markdownView';

export const SIMULATE_SCHEME = 'kubeassist-simulation';
export const SIMULATE_COMMAND = 'kubeassist.simulate';

interface PresetItem extends QuickPickItem {
  preset: ScenarioPresetInfo;
}

/** The preset and its parameters (`exit-code` asks for the code); the server says which presets there are. */
async function pickScenario(client: LanguageClient, kind: string | undefined): Promise<string | undefined> {
  const all = await client.sendRequest<ScenarioPresetInfo[]>(SCENARIO_PRESETS_REQUEST);
  const presets = all.filter((preset) => preset.kind === 'Job' || kind === undefined || kind === 'CronJob');
  const items: PresetItem[] = presets.map((preset) => ({ label: preset.name, description: preset.description, detail: preset.parameters ? `parameters: ${preset.parameters}` : undefined, preset }));
  const picked = await window.showQuickPick(items, { title: 'KubeAssist: simulate with which scenario?', placeHolder: 'a ready scenario' });
  if (!picked) return undefined;
  if (picked.preset.name !== 'exit-code') return `preset:${picked.preset.name}`;
  const code = await window.showInputBox({ title: 'Exit code of the failing container', value: '137', validateInput: (value) => (/^\d+$/.test(value) ? undefined : 'a whole number') });
  return code === undefined ? undefined : `preset:exit-code,code=${code}`;
}

export function registerSimulate(client: () => LanguageClient | undefined): Disposable {
  const view = new MarkdownView<ViewQuery>(SIMULATE_SCHEME, async (query) => {
    const running = client();
    if (!running) return '# KubeAssist\n\nThe language server is not running.\n';
    const params: SimulateParams = {
      textDocument: { uri: query.uri }, ...(query.name ? { object: query.name } : { position: { line: query.line, character: 0 } }), ...(query.scenario ? { scenario: query.scenario } : {}),
    };
    const result = await running.sendRequest<SimulateResult | null>(SIMULATE_REQUEST, params);
    return result?.markdown ?? '# KubeAssist\n\nThe manifest is not open any more.\n';
  });
  const command = commands.registerCommand(SIMULATE_COMMAND, async (ref?: ObjectRef) => {
    const target = targetOf(ref);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open a Job or CronJob manifest to simulate it.');
      return;
    }
    const running = client();
    if (!running) return;
    const scenario = await pickScenario(running, target.kind);
    if (!scenario) return;
    await view.show({ ...target, scenario }, `${target.name ?? target.kind ?? 'simulation'} (${scenario.replace(/^preset:/, '')})`);
  });
  return Disposable.from(view, command);
}
