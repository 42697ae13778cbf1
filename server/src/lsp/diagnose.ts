// `kubeassist/diagnose`: the Jobs and CronJobs of an open document diagnosed from its text (an export, with the
// Pods and events pasted beside it), at the server's clock or the request's `now`; with a target (the code lens),
// that object first, followed by the Jobs of a CronJob.
import { diagnose, diagnosisMarkdown, type ObjectDiagnosis, type Settings } from '../service/index';
import type { DiagnoseParams, DiagnoseResult } from './protocol';

export function diagnoseDocument(text: string, uri: string, settings: Settings, params: DiagnoseParams, nowSeconds: number): DiagnoseResult {
  const parsed = typeof params.now === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(params.now) ? Date.parse(params.now) : NaN;
  const now = Number.isNaN(parsed) ? nowSeconds : parsed / 1000;
  const name = decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
  const report = diagnose([{ text, name }], settings, { now });
  const objects = params.kind && params.name ? targeted(report.objects, params.kind, params.name) : report.objects;
  const focused = { objects, notes: report.notes };
  return { ...focused, markdown: diagnosisMarkdown(focused) };
}

/** The target first, then its CronJob's Jobs, then the rest. */
function targeted(objects: ObjectDiagnosis[], kind: string, name: string): ObjectDiagnosis[] {
  const target = objects.find((object) => object.kind === kind && object.name === name);
  if (!target) return objects;
  const own = new Set((target.active ?? []).map((ref) => ref.name));
  const jobs = objects.filter((object) => object !== target && object.kind === 'Job' && own.has(object.name));
  return [target, ...jobs, ...objects.filter((object) => object !== target && !jobs.includes(object))];
}
