// Diagnose over texts (the CLI's files, an editor's document, an MCP tool's text or paths): the objects of every
// text diagnosed together (a Job in one file, its Pods in another), each object's findings from `validate` on its
// own text (as `kubeassist check --format json` lists them), and the status findings (codes `job/status/...`,
// `cronjob/status/...`) as its inconsistencies.
import type { Diagnostic } from 'vscode-languageserver-types';
import { FileModel } from '../../document/fileModel';
import { diagnoseObjects, type DiagnoseReport } from '../../diagnose/index';
import { isObservedObject } from '../../kube/observed';
import { minorOf, type Settings } from '../../settings';
import type { KindName } from '../../types';
import { readObjects } from './input';
import { findingsOf, type DiagnoseFinding } from './findings';

export interface DiagnoseTextInput {
  text: string;
  /** How notes and findings name it (a path, `<stdin>`, `<text>`). */
  name: string;
}

export interface DiagnoseTextOptions {
  /** The clock, seconds since the epoch. */
  now: number;
  /** Validates a text for the findings (the facade passes `validateText`; left out: no findings). */
  validate?: (model: FileModel, text: string) => Diagnostic[];
}

/** The status findings: `job/status/...` (a status update the API server refuses) and `job/status-inconsistent/...` (a status the built-in controller would not write). */
const STATUS_CODE = /^(job|cronjob)\/status(\/|-)/;

/** Every Job and CronJob of the texts, diagnosed in `settings.kubernetesVersion`. */
export function diagnoseTexts(inputs: readonly DiagnoseTextInput[], settings: Settings, options: DiagnoseTextOptions): DiagnoseReport {
  const objects: unknown[] = [];
  const notes: string[] = [];
  const findings: DiagnoseFinding[] = [];
  for (const input of inputs) {
    const model = new FileModel();
    const read = readObjects(model, input.text, input.name);
    objects.push(...read.objects);
    notes.push(...read.notes);
    if (options.validate && !read.describe && read.objects.some(holdsJobOrCronJob) && input.text.length <= (settings.maxFileSize || Infinity)) {
      findings.push(...findingsOf(model, input.text, input.name, options.validate(model, input.text), settings));
    }
  }
  const report = diagnoseObjects(objects, { now: options.now, minor: minorOf(settings.kubernetesVersion) });
  for (const diagnosis of report.objects) {
    const own = findings.filter((finding) => finding.object.kind === diagnosis.kind && finding.object.name === diagnosis.name && (finding.object.namespace ?? 'default') === diagnosis.namespace);
    diagnosis.findings = own.map(({ object: _object, ...finding }) => finding);
    diagnosis.inconsistencies = own.filter((finding) => STATUS_CODE.test(finding.code)).map((finding) => ({ message: finding.message, path: finding.path ?? '' }));
  }
  report.notes.unshift(...notes);
  return report;
}

function holdsJobOrCronJob(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const object = value as Record<string, unknown>;
  if (object.kind === 'Job' || object.kind === 'CronJob') return true;
  return Array.isArray(object.items) && object.items.some((item) => typeof item === 'object' && item !== null && ((item as Record<string, unknown>).kind === 'Job' || (item as Record<string, unknown>).kind === 'CronJob'));
}

/** Whether an object is an observed Job or CronJob (the code lens says Diagnose above it). */
export function isObservedJob(kind: KindName, object: unknown): boolean {
  return (kind === 'Job' || kind === 'CronJob') && isObservedObject(object);
}
