// Explanations as text (a terminal) and as Markdown (the editor's document, `--format markdown`).
import { versionLabel } from '../../types';
import type { PlacedExplanation } from './index';
import type { ObjectExplanation } from './types';

function title(explanation: ObjectExplanation): string {
  return `${explanation.kind} ${explanation.name ?? '(no name)'}${explanation.namespace ? ` in ${explanation.namespace}` : ''}`;
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The defaults, split into the object's own and those set on each Job of a CronJob. */
function defaultLines(explanation: ObjectExplanation): { own: string[]; eachJob: string[] } {
  const line = (entry: ObjectExplanation['defaults'][number]) => `${entry.path}: ${valueText(entry.value)} (${entry.by})`;
  return { own: explanation.defaults.filter((entry) => !entry.onEachJob).map(line), eachJob: explanation.defaults.filter((entry) => entry.onEachJob).map(line) };
}

/** The headings of the defaults: the object's own, and those each Job it creates gets. */
function defaultHeadings(explanation: ObjectExplanation): { own: string; eachJob: string } {
  switch (explanation.kind) {
    case 'JobSet': return { own: 'Set by JobSet\'s webhook and CRD defaults', eachJob: 'Set on each Job the JobSet creates' };
    case 'TrainingRuntime':
    case 'ClusterTrainingRuntime': return { own: 'Set on each TrainJob\'s JobSet (JobSet\'s webhook and CRD defaults)', eachJob: 'Set on each Job of those JobSets' };
    default: return { own: 'Set by the API server\'s defaults', eachJob: 'Set on each Job the CronJob creates' };
  }
}

/** `file:line: Kind name (Kubernetes 1.NN)` and the sections, indented. */
export function explanationText(file: string, placed: PlacedExplanation): string {
  const { explanation } = placed;
  const out = [`${file}:${placed.line + 1}: ${title(explanation)} (Kubernetes ${versionLabel(explanation.kubernetesVersion)})`, `  ${explanation.summary}`];
  for (const section of explanation.sections) {
    out.push('', `  ${section.title}`);
    for (const line of section.lines) out.push(`    ${line}`);
  }
  const { own, eachJob } = defaultLines(explanation);
  const headings = defaultHeadings(explanation);
  if (own.length) out.push('', `  ${headings.own}`, ...own.map((line) => `    ${line}`));
  if (eachJob.length) out.push('', `  ${headings.eachJob}`, ...eachJob.map((line) => `    ${line}`));
  if (explanation.notes.length) out.push('', '  Notes', ...explanation.notes.map((line) => `    ${line}`));
  return `${out.join('\n')}\n`;
}

function markdownLine(line: string): string {
  return line.startsWith('- ') ? `  ${line}` : `- ${line}`;
}

/** One object as Markdown, its title at heading level 2. */
export function explanationMarkdown(placed: PlacedExplanation, file?: string): string {
  const { explanation } = placed;
  const where = file ? ` · ${file}:${placed.line + 1}` : ` · line ${placed.line + 1}`;
  const out = [`## ${explanation.kind} \`${explanation.name ?? '(no name)'}\``, '', `*Kubernetes ${versionLabel(explanation.kubernetesVersion)}${where}*`, '', `> ${explanation.summary}`];
  for (const section of explanation.sections) {
    out.push('', `### ${section.title}`, '', ...section.lines.map(markdownLine));
  }
  const table = (heading: string, rows: ObjectExplanation['defaults']) => {
    if (!rows.length) return;
    out.push('', `### ${heading}`, '', '| field | value | set by |', '|---|---|---|', ...rows.map((row) => `| \`${row.path}\` | \`${valueText(row.value)}\` | ${row.by} |`));
  };
  const headings = defaultHeadings(explanation);
  table(headings.own, explanation.defaults.filter((entry) => !entry.onEachJob));
  table(headings.eachJob, explanation.defaults.filter((entry) => entry.onEachJob));
  if (explanation.notes.length) out.push('', '### Notes', '', ...explanation.notes.map((note) => `- ${note}`));
  return `${out.join('\n')}\n`;
}

/** A whole file's explanations as one Markdown document (the editor's "Explain" view). */
export function fileMarkdown(file: string, explanations: readonly PlacedExplanation[]): string {
  const head = `# What ${file} will do\n`;
  if (!explanations.length) return `${head}\nNo Job, CronJob, CSIDriver, JobSet or training runtime in this file (a Helm template is not explained: its actions decide the values).\n`;
  return [head, ...explanations.map((placed) => explanationMarkdown(placed))].join('\n');
}
