// A simulation as people read it: the CLI's text timeline and the editor's Markdown document (kubeassist simulate,
// the VS Code client's Simulate…). Pure: plain strings from the simulation's data.
import { versionLabel } from '../types';
import type { JobSimulation } from '../behaviour/job';
import type { ScenarioProblem } from '../behaviour/scenario';
import type { CronJobSimulationResult, SimulatedObject } from './simulate';

/** The simulation with the object it ran on, as `kubeassist/simulate` and `--format json` give it. */
export type SimulationView = (JobSimulation | CronJobSimulationResult) & { object?: SimulatedObject };

/** `545` -> `9m05s`, `31` -> `31s`, `90000` -> `1d01h00m`. */
export function humanDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 1000) / 1000}s`;
  const s = Math.round(seconds);
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d${two(hours)}h${two(minutes)}m`;
  if (hours > 0) return `${hours}h${two(minutes)}m${two(s % 60)}s`;
  return `${minutes}m${two(s % 60)}s`;
}

const SPEC_KEYS = ['completions', 'parallelism', 'completionMode', 'backoffLimit', 'backoffLimitPerIndex', 'maxFailedIndexes', 'activeDeadlineSeconds', 'podReplacementPolicy', 'ttlSecondsAfterFinished', 'suspend', 'managedBy'];

function decisionLine(simulation: CronJobSimulationResult): string {
  const { decision } = simulation;
  const about = decision.scheduledTime ? ` for the run scheduled at ${decision.scheduledTime}` : '';
  return `${decision.action} (${decision.reason})${about}; missed runs counted: ${decision.missed}${decision.tooManyMissed ? ' (more than 100: the controller warns TooManyMissedTimes and still starts the most recent one)' : ''}`;
}

/** The timeline as text, under a title naming the object (`file:line`), the release and the scenario. */
export function simulationText(simulation: SimulationView, file: string, scenario: string | undefined): string {
  const object = simulation.object;
  const title = (fallback: string) => `${object ? `${object.kind} ${object.name} (${file}:${object.line + 1})` : file}, Kubernetes ${versionLabel(simulation.kubernetesVersion)}, scenario: ${scenario ?? fallback}`;
  if (simulation.kind === 'CronJob') {
    const lines = [title('created a day ago, syncing now'), `  decision: ${decisionLine(simulation)}`];
    if (simulation.jobName) lines.push(`  job: ${simulation.jobName}`);
    lines.push(`  next: ${simulation.next.length ? simulation.next.join(', ') : 'none'}`);
    for (const note of simulation.notes) lines.push(`  note: ${note}`);
    return lines.join('\n') + '\n';
  }
  const lines = [title('every Pod succeeds')];
  lines.push(`  spec: ${SPEC_KEYS.filter((key) => simulation.spec[key] !== undefined).map((key) => `${key} ${String(simulation.spec[key])}`).join(', ')}`);
  const width = Math.max(4, ...simulation.timeline.map((entry) => humanDuration(entry.at).length));
  for (const entry of simulation.timeline) lines.push(`  ${humanDuration(entry.at).padStart(width)}  ${entry.event}`);
  const { status, end } = simulation;
  lines.push(end ? `  end: ${end.condition}${end.reason ? ` (${end.reason})` : ''} at ${humanDuration(end.at)} (${end.at}s)` : '  end: none: the Job never finishes under this scenario');
  lines.push(`  status: active ${status.active}, succeeded ${status.succeeded}, failed ${status.failed}` +
    (status.completedIndexes ? `, completedIndexes ${status.completedIndexes}` : '') +
    (status.failedIndexes !== null ? `, failedIndexes ${status.failedIndexes || '""'}` : ''));
  if (simulation.deletedAt !== null) lines.push(`  deleted: at ${humanDuration(simulation.deletedAt)} (ttlSecondsAfterFinished), with its Pods and their logs`);
  for (const note of simulation.notes) lines.push(`  note: ${note}`);
  return lines.join('\n') + '\n';
}

/** The simulation as a Markdown document: what ended it, the timeline as a table, the counters, the notes. */
export function simulationMarkdown(result: SimulationView | { object?: SimulatedObject; problems: ScenarioProblem[] } | null, scenario: string): string {
  if (!result) return '# KubeAssist\n\nThe manifest is not open any more.\n';
  const title = result.object ? `${result.object.kind} \`${result.object.name}\`` : 'Simulation';
  if ('problems' in result) return `# ${title}: ${scenario}\n\nNot simulated:\n\n${result.problems.map((problem) => `- \`${problem.path}\`: ${problem.message}`).join('\n')}\n`;
  const out = [`# ${title}: ${scenario}`, '', `*Kubernetes ${versionLabel(result.kubernetesVersion)}*`, ''];
  if (result.kind === 'CronJob') {
    out.push(`> ${decisionLine(result)}`, '');
    if (result.jobName) out.push(`The Job it creates: \`${result.jobName}\`.`, '');
    out.push('Next runs:', '', ...(result.next.length ? result.next.map((time) => `- ${time}`) : ['- none']));
  } else {
    const end = result.end ? `**${result.end.condition}**${result.end.reason ? ` (\`${result.end.reason}\`)` : ''} after ${humanDuration(result.end.at)} (${result.end.at} s)` : '**Never ends** under this scenario';
    out.push(`> ${end}`, '', '| at | what happens |', '|---:|---|');
    for (const entry of result.timeline) out.push(`| ${humanDuration(entry.at)} | ${entry.event.replace(/\|/g, '\\|')} |`);
    const status = result.status;
    out.push('', `Counters at the end: active ${status.active}, succeeded ${status.succeeded}, failed ${status.failed}${status.completedIndexes ? `, completed indexes ${status.completedIndexes}` : ''}${status.failedIndexes ? `, failed indexes ${status.failedIndexes}` : ''}.`);
    if (result.deletedAt !== null) out.push('', `Deleted with its Pods and their logs after ${humanDuration(result.deletedAt)} (\`ttlSecondsAfterFinished\`).`);
  }
  if (result.notes.length) out.push('', '### Notes', '', ...result.notes.map((note) => `- ${note}`));
  return `${out.join('\n')}\n`;
}
