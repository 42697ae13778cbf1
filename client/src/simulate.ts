// "Simulate…" in VS Code: a quick pick of the ready scenarios (`kubeassist/scenarioPresets`) or a scenario file,
// then the server's simulation of the object as a rendered view beside the editor (viewPanel.ts: the timeline
// chart or the CronJob calendar, the report), kept current as the manifest is edited.
import { commands, window, workspace, type Disposable, type QuickPickItem } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SCENARIO_PRESETS_REQUEST, type ScenarioPresetInfo } from '../../server/src/lsp/protocol';
import { targetOf, type ObjectRef } from './objectRef';
import type { ViewPanels } from './viewPanel';

export const SIMULATE_COMMAND = 'kubeassist.simulate';

interface ScenarioItem extends QuickPickItem {
  preset?: ScenarioPresetInfo;
}

/** The largest scenario file read (a scenario is a few dozen lines). */
const MAX_SCENARIO_BYTES = 1_000_000;

/** A scenario file the user picks: its text, or undefined (cancelled, too large, unreadable: said). */
async function pickScenarioFile(): Promise<{ scenario: string; label: string } | undefined> {
  const [file] = (await window.showOpenDialog({ title: 'KubeAssist: a scenario file', canSelectMany: false, filters: { 'Scenario (YAML)': ['yaml', 'yml'] } })) ?? [];
  if (!file) return undefined;
  const stat = await workspace.fs.stat(file);
  if (stat.size > MAX_SCENARIO_BYTES) {
    void window.showWarningMessage(`KubeAssist: ${file.fsPath} is ${stat.size} bytes; a scenario file is read up to ${MAX_SCENARIO_BYTES}.`);
    return undefined;
  }
  const text = Buffer.from(await workspace.fs.readFile(file)).toString('utf8');
  return { scenario: text, label: file.path.slice(file.path.lastIndexOf('/') + 1) };
}

/** The preset and its parameters (`exit-code` asks for the code), or a scenario file; the server says which presets there are. */
async function pickScenario(client: LanguageClient, kind: string | undefined): Promise<{ scenario: string; label?: string } | undefined> {
  const all = await client.sendRequest<ScenarioPresetInfo[]>(SCENARIO_PRESETS_REQUEST);
  const presets = all.filter((preset) => preset.kind === 'Job' || kind === undefined || kind === 'CronJob');
  const items: ScenarioItem[] = presets.map((preset) => ({ label: preset.name, description: preset.description, detail: preset.parameters ? `parameters: ${preset.parameters}` : undefined, preset }));
  items.push({ label: 'Scenario file…', description: 'what the Pods do, as a YAML file (README "Simulate")' });
  const picked = await window.showQuickPick(items, { title: 'KubeAssist: simulate with which scenario?', placeHolder: 'a ready scenario, or a scenario file' });
  if (!picked) return undefined;
  if (!picked.preset) return pickScenarioFile();
  if (picked.preset.name !== 'exit-code') return { scenario: `preset:${picked.preset.name}` };
  const code = await window.showInputBox({ title: 'Exit code of the failing container', value: '137', validateInput: (value) => (/^\d+$/.test(value) ? undefined : 'a whole number') });
  return code === undefined ? undefined : { scenario: `preset:exit-code,code=${code}` };
}

export function registerSimulate(client: () => LanguageClient | undefined, panels: ViewPanels): Disposable {
  return commands.registerCommand(SIMULATE_COMMAND, async (ref?: ObjectRef, preset?: string) => {
    const target = targetOf(ref);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open a Job or CronJob manifest to simulate it.');
      return;
    }
    const running = client();
    if (!running) return;
    // A test (or a keybinding) may name the scenario; a person picks one.
    const picked = typeof preset === 'string' && preset.startsWith('preset:') ? { scenario: preset } : await pickScenario(running, target.kind);
    if (!picked) return;
    await panels.show({ ...target, view: 'simulate', scenario: picked.scenario, ...(picked.label ? { scenarioLabel: picked.label } : {}) });
  });
}

