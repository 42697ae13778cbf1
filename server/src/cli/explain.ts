// `kubeassist diff --against <git-ref> FILE...`: per object of each file, what an apply of the edit does
// (service/update/explain.ts): the fields applied in place and what that does to running Pods, the fields the
// API server refuses (the object must be recreated), new and removed objects.
import { Baseline, explainChanges, type ObjectChanges } from '../service/index';
import type { Settings } from '../service/settings';
import { Baselines, type BaselineSpec } from './against';
import { fileContext } from './context';
import { collectInputs, describeFileError, readInput } from './inputs';

type Write = (text: string) => void;

export const DIFF_USAGE = `Usage: kubeassist diff (--against <git-ref> | --against-file OLD) [--kubernetes-version 1.NN] FILE...

Says, per Job, CronJob and CSIDriver of each FILE, what \`kubectl apply\` of the file does to the object in its
version at <git-ref> (or in OLD): which changed fields are applied in place and what that does to running Pods,
and which the API server refuses, so that the object must be recreated.

Options:
  --against <git-ref>         compare each FILE with its version at <git-ref> (git show <ref>:<path> in the
                              file's repository); a file the ref does not have holds only new objects
  --against-file OLD          compare with the objects of the file OLD instead
  --kubernetes-version 1.NN   the Kubernetes release whose update rules apply (default: the newest known)
  -h, --help                  show this help

Exit status: 0 when every change applies in place, 1 when a change forces a recreate, 2 on a usage problem or a
file that cannot be read.`;

/** The lines of one file's explanation. */
export function explainLines(name: string, objects: readonly ObjectChanges[]): string[] {
  const lines: string[] = [];
  for (const object of objects) {
    const head = `${name}:${object.line}: ${object.kind} ${object.name}`;
    if (object.status !== 'changed') {
      lines.push(`${head}: ${object.status}${object.note ? ` (${object.note})` : ''}`);
      continue;
    }
    const recreate = object.changes.some((change) => change.action === 'recreate');
    lines.push(`${head}: ${recreate ? 'must be recreated' : 'updated in place'}`);
    for (const change of object.changes) {
      lines.push(`  ${change.action === 'recreate' ? 'recreate' : 'in place'}  ${change.path}: ${change.before} -> ${change.after}`);
      lines.push(`            ${change.effect}`);
    }
  }
  return lines;
}

/** Explains each file against its baseline; the exit status (0, 1: a change forces a recreate, 2: a problem). */
export function diffFiles(paths: readonly string[], spec: BaselineSpec, settings: Settings, write: Write, writeError: Write): number {
  const baselines = new Baselines(spec);
  const { inputs, problems, notes } = collectInputs(paths);
  for (const { name, problem } of problems) writeError(`kubeassist: ${name}: ${problem}\n`);
  for (const { name, note } of notes) writeError(`kubeassist: ${name}: ${note}\n`);
  const skipped = new Set<string>();
  const context = (path: string) => fileContext(path, (file, reason) => {
    if (!skipped.has(file)) writeError(`kubeassist: ${file} is ${reason}: not read\n`);
    skipped.add(file);
  });
  let failed = problems.length;
  let recreate = false;
  for (const input of inputs) {
    let text: string;
    try {
      text = readInput(input.path).text;
    } catch (error) {
      writeError(`kubeassist: ${input.name}: ${describeFileError(error)}\n`);
      failed++;
      continue;
    }
    const read = baselines.read(input.path, settings.maxFileSize);
    if (read.problem) {
      writeError(`kubeassist: ${input.name}: ${read.problem}\n`);
      failed++;
      continue;
    }
    const objects = explainChanges(read.baseline ?? new Baseline('', { label: 'nowhere' }), text, settings, context(input.path));
    for (const line of explainLines(input.name, objects)) write(`${line}\n`);
    recreate ||= objects.some((object) => object.changes.some((change) => change.action === 'recreate'));
  }
  if (failed > 0) return 2;
  return recreate ? 1 : 0;
}
