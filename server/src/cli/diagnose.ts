// `kubeassist diagnose FILE... | - [--format text|markdown|json|svg|html] [--now TIME] [--kubernetes-version 1.NN]`: what
// happened to a Job or CronJob that exists, why, and what happens next, from `kubectl get -o yaml|json` output (the
// Job or CronJob, its Pods, its events; several files are one body of evidence). Each input is read once and at most
// MAX_DIAGNOSE_BYTES: a bigger one is refused with a sentence, the others are still read. The JSON shape is public:
// README "Diagnose".
import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { diagnose, diagnosisMarkdown, diagnosisPictures, diagnosisText, htmlPage, stackedSvg, type DiagnoseReport } from '../service/index';
import type { Settings } from '../service/settings';
import { describeFileError } from './inputs';

type Write = (text: string) => void;

export const DIAGNOSE_FORMATS = ['text', 'markdown', 'json', 'svg', 'html'] as const;
export type DiagnoseFormat = (typeof DIAGNOSE_FORMATS)[number];

/** The most bytes read of one input (a Job's Pod list of several thousand Pods fits). */
export const MAX_DIAGNOSE_BYTES = 20_000_000;

export const DIAGNOSE_USAGE = `Usage: kubeassist diagnose [--format text|markdown|json|svg|html] [--now TIME] [--kubernetes-version 1.NN] FILE... | -

Says what happened to a Job or CronJob that exists, why, and what happens next, from what the cluster returned:
  kubectl get job NAME -o yaml > job.yaml
  kubectl get pods -l batch.kubernetes.io/job-name=NAME -o yaml > pods.yaml     (optional: the Pods)
  kubectl get events --field-selector involvedObject.name=NAME -o yaml > ev.yaml (optional: the events)
  kubeassist diagnose job.yaml pods.yaml ev.yaml
For each Job: the verdict first, then its state and since when, the condition that ended it, the counters, the
failures counted against backoffLimit (per index with backoffLimitPerIndex), the Pod, container, exit code or
signal and the podFailurePolicy rule that decided it, what holds it back (image pulls, missing ConfigMaps,
unschedulable Pods, FailedCreate events, a sidecar still running), what happens next and when (the next Pod after
the back-off, activeDeadlineSeconds, the TTL that deletes it with its Pods and logs), what to change in the
manifest, and what the evidence does not show with the command that shows it. For a CronJob: its last and next
runs in its zone, whether runs were missed and why, and its Jobs. FILE is YAML or JSON (a List, several
documents); - is standard input. Each file is read up to ${MAX_DIAGNOSE_BYTES.toLocaleString('en-US')} bytes.

Options:
  --format FORMAT             text (default), markdown, json (one object: { objects, notes }; README "Diagnose"),
                              svg (each Job's observed Pods as a timeline chart, one standalone SVG) or html (one
                              self-contained page: the report, the charts and their text alternatives)
  --now TIME                  the clock (RFC 3339, e.g. 2026-12-01T12:00:00Z; default: now): what is next and
                              what was missed count from it
  --kubernetes-version 1.NN   the release whose controllers to mirror (default: the newest)

Exit status: 0 when a Job or CronJob was diagnosed, 1 when none was found, 2 on a usage problem or a file that
cannot be read (the others are still read).`;

export interface DiagnoseCommand {
  paths: string[];
  format: DiagnoseFormat;
  nowSeconds: number;
}

/** An input's text, or why it was not read: at most `max` bytes, read once (a FIFO or standard input alike). */
export async function readBounded(path: string, max: number, stdin: () => Readable): Promise<{ text: string } | { problem: string }> {
  if (path !== '-') {
    try {
      const stat = statSync(path);
      if (stat.isDirectory()) return { problem: 'is a folder' };
      if (!stat.isFile() && !stat.isFIFO()) return { problem: 'not a file' };
      if (stat.isFile() && stat.size > max) return { problem: tooLarge(stat.size, max) };
    } catch (error) {
      return { problem: describeFileError(error) };
    }
  }
  const stream = path === '-' ? stdin() : createReadStream(path);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      total += buffer.length;
      if (total > max) {
        stream.destroy();
        return { problem: tooLarge(undefined, max) };
      }
      chunks.push(buffer);
    }
  } catch (error) {
    return { problem: describeFileError(error) };
  }
  const text = Buffer.concat(chunks, total).toString('utf8');
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

function tooLarge(size: number | undefined, max: number): string {
  return `${size !== undefined ? `${size.toLocaleString('en-US')} bytes: ` : ''}larger than the ${max.toLocaleString('en-US')} bytes diagnose reads; not read. Give the Pods of one Job (kubectl get pods -l batch.kubernetes.io/job-name=NAME -o json), or a few of them.`;
}

export async function diagnoseFiles(command: DiagnoseCommand, settings: Settings, write: Write, writeError: Write, stdin: () => Readable): Promise<number> {
  const inputs: { text: string; name: string }[] = [];
  let failed = 0;
  for (const path of command.paths) {
    const name = path === '-' ? '<stdin>' : path;
    const read = await readBounded(path, MAX_DIAGNOSE_BYTES, stdin);
    if ('problem' in read) {
      writeError(`kubeassist: ${name}: ${read.problem}\n`);
      failed++;
      continue;
    }
    inputs.push({ text: read.text, name });
  }
  const report = diagnose(inputs, settings, { now: command.nowSeconds });
  writeDiagnosis(report, command.format, write, writeError);
  if (failed) return 2;
  return report.objects.length ? 0 : 1;
}

/** The report in a format; `preface` (where it was read from) goes before the text, Markdown and HTML. */
export function writeDiagnosis(report: DiagnoseReport, format: DiagnoseFormat, write: Write, writeError: Write, preface = ''): void {
  if (format === 'json') write(`${JSON.stringify(report, null, 2)}\n`);
  else if (format === 'markdown') write(`${preface}${diagnosisMarkdown(report)}`);
  else if (format === 'svg') {
    const pictures = diagnosisPictures(report);
    if (pictures.length) write(`${stackedSvg(pictures)}\n`);
    else writeError('kubeassist: no Pods to draw: give the Job\'s Pods (kubectl get pods -l batch.kubernetes.io/job-name=NAME -o yaml) beside it\n');
  } else if (format === 'html') write(htmlPage('KubeAssist: diagnose', `${preface}${diagnosisMarkdown(report)}`, diagnosisPictures(report)));
  else write(`${preface}${diagnosisText(report)}`);
}
