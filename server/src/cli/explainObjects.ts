// `kubeassist explain FILE... [--format text|markdown|json] [--kubernetes-version 1.NN]`: what each Job, CronJob
// and CSIDriver of the files will do once created (service/features/explain), for a terminal, a Markdown page or
// a tool. The JSON shape is documented in README "Explain".
import { explainFile, explainPictures, explanationMarkdown, explanationText, FileModel, htmlPage, stackedSvg, type ObjectExplanation, type Picture } from '../service/index';
import { minorOf, type Settings } from '../service/settings';
import { collectInputs, describeFileError, readInput } from './inputs';

type Write = (text: string) => void;

export const EXPLAIN_FORMATS = ['text', 'markdown', 'json', 'svg', 'html'] as const;
export type ExplainFormat = (typeof EXPLAIN_FORMATS)[number];

export const EXPLAIN_USAGE = `Usage: kubeassist explain [--format text|markdown|json|svg|html] [--kubernetes-version 1.NN] FILE...

Says what each Job, CronJob, CSIDriver, JobSet and training runtime of each FILE will do once created, after the
API server's defaults: how many Pods and how many at a time, the retry budget and what restartPolicy counts, each
pod failure policy rule, what fails the Job first and how soon, when it and its Pods are deleted; for a CronJob its next five runs
in its time zone, what happens to a missed or an overlapping run and the names of its Jobs; for a CSIDriver what
the kubelet and the attach/detach controller do; for a JobSet (or a runtime's JobSet template) the Jobs it creates,
when it succeeds and what a failed Job does. FILE may be a folder (its *.yaml and *.yml files) or -.

Options:
  --format FORMAT             text (default), markdown, json (one object: { kubernetesVersion, objects: [{ file,
                              line, explanation }] }; README "Explain" documents explanation), svg (the pictures: a
                              Job's Pods if every one fails at once, a CronJob's runs over the next week, as one
                              standalone SVG) or html (one self-contained page: the Markdown rendered, the pictures
                              in it with their text alternatives; it loads nothing)
  --kubernetes-version 1.NN   the release to explain for (default: the newest)
  --now TIME                  the time the next CronJob runs count from (RFC 3339; default: now)

Exit status: 0, or 2 on a usage problem or a file that cannot be read (the others are still explained).`;

export interface ExplainCommand {
  paths: string[];
  format: ExplainFormat;
  nowSeconds: number;
}

/** Explains every input; the exit status. */
export function explainFiles(command: ExplainCommand, settings: Settings, write: Write, writeError: Write, readStdin: () => string): number {
  const { inputs, problems } = collectInputs(command.paths);
  for (const { name, problem } of problems) writeError(`kubeassist: ${name}: ${problem}\n`);
  let failed = problems.length;
  const objects: { file: string; line: number; explanation: ObjectExplanation }[] = [];
  const markdown: string[] = [];
  const pictures: Picture[] = [];
  for (const input of inputs) {
    let text: string;
    try {
      text = input.path === '-' ? readStdin() : readInput(input.path).text;
    } catch (error) {
      writeError(`kubeassist: ${input.name}: ${describeFileError(error)}\n`);
      failed++;
      continue;
    }
    const model = new FileModel();
    const placed = explainFile(model, text, settings, { nowSeconds: command.nowSeconds });
    for (const entry of placed) {
      if (command.format === 'text') write(explanationText(input.name, entry));
      else if (command.format !== 'json') markdown.push(explanationMarkdown(entry, input.name));
      if (command.format === 'svg' || command.format === 'html') pictures.push(...explainPictures(model, text, settings, entry, command.nowSeconds));
      objects.push({ file: input.name, line: entry.line + 1, explanation: entry.explanation });
    }
  }
  if (command.format === 'markdown') write(markdown.length ? `${markdown.join('\n')}` : 'No Job, CronJob or CSIDriver found.\n');
  if (command.format === 'svg') {
    if (pictures.length) write(`${stackedSvg(pictures)}\n`);
    else writeError('kubeassist: no Job or CronJob to draw (a CSIDriver, a JobSet or a runtime has no picture: --format html or markdown says what it does)\n');
  }
  if (command.format === 'html') write(htmlPage('KubeAssist: explain', markdown.length ? markdown.join('\n') : 'No Job, CronJob or CSIDriver found.\n', pictures));
  if (command.format === 'json') write(`${JSON.stringify({ kubernetesVersion: `1.${minorOf(settings.kubernetesVersion)}`, objects }, null, 2)}\n`);
  if (command.format === 'text' && !objects.length) write('No Job, CronJob or CSIDriver found.\n');
  return failed > 0 ? 2 : 0;
}
