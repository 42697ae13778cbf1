// "Simulate…" in VS Code: a quick pick of the ready scenarios (server/src/service/behaviour/presets.ts), then the
// server's simulation of the object (`kubeassist/simulate`) as a Markdown timeline beside the editor, kept
// current as the manifest is edited.
import { commands, Disposable, window, type QuickPickItem } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SIMULATE_REQUEST, type SimulateParams, type SimulateResult } from '../../server/src/lsp/protocol';
import { SCENARIO_PRESETS, type ScenarioPreset } from '../../server/src/service/behaviour/presets';
import { MarkdownView, targetOf, type ObjectRef, type ViewQuery } from './markdownView';

export const SIMULATE_SCHEME = 'kubeassist-simulation';
export const SIMULATE_COMMAND = 'kubeassist.simulate';

/** `545` -> `9m05s`, `31` -> `31s`. */
function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 1000) / 1000}s`;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours ? `${hours}h${String(minutes).padStart(2, '0')}m${rest}s` : `${minutes}m${rest}s`;
}

/** The simulation as Markdown: what ended it, the timeline, the counters, the notes. */
export function simulationMarkdown(result: SimulateResult | null, scenario: string): string {
  if (!result) return '# KubeAssist\n\nThe manifest is not open any more.\n';
  const title = result.object ? `${result.object.kind} \`${result.object.name}\`` : 'Simulation';
  if ('problems' in result) return `# ${title}: ${scenario}\n\nNot simulated:\n\n${result.problems.map((problem) => `- \`${problem.path}\`: ${problem.message}`).join('\n')}\n`;
  const end = result.end ? `**${result.end.condition}**${result.end.reason ? ` (\`${result.end.reason}\`)` : ''} after ${duration(result.end.at)} (${result.end.at} s)` : '**Never ends** under this scenario';
  const out = [`# ${title}: ${scenario}`, '', `*Kubernetes ${result.kubernetesVersion}*`, '', `> ${end}`, '', '| at | what happens |', '|---:|---|'];
  for (const entry of result.timeline) out.push(`| ${duration(entry.at)} | ${entry.event.replace(/\|/g, '\\|')} |`);
  const status = result.status;
  out.push('', `Counters at the end: active ${status.active}, succeeded ${status.succeeded}, failed ${status.failed}${status.completedIndexes ? `, completed indexes ${status.completedIndexes}` : ''}${status.failedIndexes ? `, failed indexes ${status.failedIndexes}` : ''}.`);
  if (result.deletedAt !== null) out.push('', `Deleted with its Pods and their logs after ${duration(result.deletedAt)} (\`ttlSecondsAfterFinished\`).`);
  if (result.notes.length) out.push('', '### Notes', '', ...result.notes.map((note) => `- ${note}`));
  return `${out.join('\n')}\n`;
}

interface PresetItem extends QuickPickItem {
  preset: ScenarioPreset;
}

/** The preset and its parameters (`exit-code` asks for the code). */
async function pickScenario(kind: string | undefined): Promise<string | undefined> {
  const presets = SCENARIO_PRESETS.filter((preset) => preset.kind === 'Job' || kind === undefined || kind === 'CronJob');
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
    return simulationMarkdown(await running.sendRequest<SimulateResult | null>(SIMULATE_REQUEST, params), query.scenario ?? 'every Pod succeeds');
  });
  const command = commands.registerCommand(SIMULATE_COMMAND, async (ref?: ObjectRef) => {
    const target = targetOf(ref);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open a Job or CronJob manifest to simulate it.');
      return;
    }
    const scenario = await pickScenario(target.kind);
    if (!scenario) return;
    await view.show({ ...target, scenario }, `${target.name ?? target.kind ?? 'simulation'} (${scenario.replace(/^preset:/, '')})`);
  });
  return Disposable.from(view, command);
}
