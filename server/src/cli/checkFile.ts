// Checking one file for `kubeassist check`: read it, fix it when asked, and say what was found in plain data
// that crosses a worker-thread boundary (no class instances, no functions). The same function runs on the
// main thread (`--jobs 1`, few files) and in the workers (cli/pool.ts).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { unifiedDiff } from './unifiedDiff';
import { Baseline, checkedResources, FileModel, fixText, validate, type CheckedResource, type Settings } from '../service/index';
import { KINDS, type KindName } from '../service/types';
import { fileContext } from './context';
import { describeFileError, diffNames, pathInside, readInput } from './inputs';
import { relationFacts, type FileRelations } from './relations';
import { findingOf, type ReportedFinding } from './report';

export interface FileTask {
  /** Position in the input order: results are reported in it. */
  index: number;
  /** The file to read, or '-' for standard input (then `text` holds it). */
  path: string;
  /** How reports name it. */
  name: string;
  /** Index into the settings table the check was started with (one entry per configuration in use). */
  settings: number;
  text?: string;
  /** The file's previous version (`--against`), for the update checks. */
  baseline?: { text: string; label: string };
  /** Found in a folder but really outside it (a symbolic link out of the tree): `--fix` does not rewrite it. */
  outside?: string;
}

export interface CheckOptions {
  fix: boolean;
  dryRun: boolean;
  /** Keep findings silenced by disable comments (SARIF lists them as suppressed). */
  suppressed: boolean;
  /** Read the file's relation facts for the run's workspace index (cli/relations.ts). */
  relations?: boolean;
  /** Leave unread the documents whose relation facts matter only to creation order (relations/quiet.ts). */
  deferQuiet?: boolean;
}

/** A Job or CSIDriver that was checked, named as reports name it (`Job/default/pi`, `CSIDriver/ebs.csi.aws.com`). */
export interface CheckedObject {
  kind: KindName;
  identity: string;
  /** 1-based line of its first key. */
  line: number;
}

export interface FileResult {
  index: number;
  /** False when the file could not be read or checked (`problem` says why). */
  checked: boolean;
  problem?: string;
  findings: ReportedFinding[];
  objects: CheckedObject[];
  /** Findings fixed by `--fix`. */
  fixed: number;
  /** What goes to standard output besides the report: the fixed text (`--fix -`) or the diff (`--dry-run`). */
  output?: string;
  /** Lines for standard error: files read beside it that were skipped, a fix not written (`kubeassist: ` first). */
  notes?: string[];
  /** With `options.relations`: what the relation pass needs of the file. */
  relations?: FileRelations;
}

/** The checks of one file, its relation checks aside: those run once every file is checked (cli/relations.ts). */
export function checkFile(task: FileTask, settings: Settings, options: CheckOptions): FileResult {
  const result: FileResult = { index: task.index, checked: false, findings: [], objects: [], fixed: 0 };
  let text: string;
  let bom = '';
  try {
    if (task.text !== undefined) text = task.text;
    else ({ text, bom } = readInput(task.path));
  } catch (error) {
    result.problem = describeFileError(error);
    return result;
  }
  // A file a kustomization beside or above it lists as a patch is checked as one (cli/context.ts).
  const notes: string[] = [];
  const context = fileContext(task.path, (path, reason) => notes.push(`${pathInside(resolve('.'), path) ?? path} is ${reason}: not read`));
  if (notes.length) result.notes = notes;
  if (options.fix && task.outside !== undefined) {
    // A symbolic link out of the folder given: checked, never rewritten (the fix would land outside the tree).
    (result.notes ??= []).push(`${task.name}: not fixed: it leads to ${task.outside}, outside the folder given`);
    options = { ...options, fix: false, dryRun: false };
  }
  try {
    if (options.fix) {
      const fixed = fixText(text, settings, { context });
      if (options.dryRun) result.output = unifiedDiff(text, fixed.text, diffNames(task.path));
      else if (task.path === '-') result.output = fixed.text;
      else if (fixed.text !== text) writeFileSync(task.path, bom + fixed.text);
      result.fixed = fixed.fixed;
      text = fixed.text;
    }
    const model = new FileModel();
    if (task.baseline) model.baseline = new Baseline(task.baseline.text, { label: task.baseline.label });
    const diagnostics = validate(model, text, settings, { suppressed: options.suppressed, context, relationFacts: options.relations, leaveQuiet: options.relations && options.deferQuiet });
    const resources = checkedResources(model, text, settings.maxFileSize);
    const identities = identitiesOf(resources);
    result.objects = resources.map((resource, i) => ({ kind: resource.kind, identity: identities[i], line: resource.line + 1 }));
    const objectOf = objectsByDocument(model, resources, identities);
    result.findings = diagnostics.map((diagnostic) => ({
      ...findingOf(task.name, diagnostic),
      object: (diagnostic.data as { object?: string } | undefined)?.object ?? objectOf(diagnostic),
      ...suppressionOf(diagnostic),
    }));
    if (options.relations && task.path !== '-') {
      const tail = diagnostics[diagnostics.length - 1]?.code === 'file/too-large' && model.pastLimit(settings.maxFileSize) ? 1 : 0;
      result.relations = relationFacts(task.path, model, text, settings, tail, !!options.deferQuiet);
    }
    result.checked = true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    result.problem = code ? describeFileError(error) : `internal error while checking (please report it): ${(error as Error).message}`;
  }
  return result;
}

/** `Job/<namespace or default>/<name>`, `CSIDriver/<name>`; `<generateName>*` or `#n` (the n-th of its kind) without a name. */
export function identitiesOf(resources: readonly CheckedResource[]): string[] {
  const ordinal = new Map<KindName, number>();
  return resources.map((resource) => {
    const n = (ordinal.get(resource.kind) ?? 0) + 1;
    ordinal.set(resource.kind, n);
    const name = resource.name ?? (resource.generateName !== undefined ? `${resource.generateName}*` : `#${n}`);
    return KINDS[resource.kind].namespaced ? `${resource.kind}/${resource.namespace || 'default'}/${name}` : `${resource.kind}/${name}`;
  });
}

/**
 * The object a finding belongs to; a YAML problem outside any object: `document N` (1-based) of the file.
 * The documents' objects are grouped once, so a file of 100,000 documents with a finding in each costs
 * 100,000 look-ups, not 100,000 scans of every object.
 */
function objectsByDocument(model: FileModel, resources: readonly CheckedResource[], identities: readonly string[]): (diagnostic: Diagnostic) => string | undefined {
  const documentIndex = new Map(model.documents.map((placed, index) => [placed, index]));
  const inDocument = new Map<number, { entry: CheckedResource; i: number }[]>();
  resources.forEach((entry, i) => {
    const list = inDocument.get(entry.document);
    if (list) list.push({ entry, i });
    else inDocument.set(entry.document, [{ entry, i }]);
  });
  return (diagnostic) => {
    const placed = model.documentAtLine(diagnostic.range.start.line);
    const document = placed && documentIndex.get(placed);
    if (document === undefined) return undefined;
    const resource = (diagnostic.data as { resource?: number } | undefined)?.resource;
    const candidates = inDocument.get(document) ?? [];
    const owner = resource === undefined ? (candidates.length === 1 ? candidates[0] : undefined) : candidates.find(({ entry }) => entry.resource === resource);
    return owner ? identities[owner.i] : `document ${document + 1}`;
  };
}

function suppressionOf(diagnostic: Diagnostic): { suppressedBy?: string } {
  const suppressedBy = (diagnostic.data as { suppressedBy?: string } | undefined)?.suppressedBy;
  return suppressedBy === undefined ? {} : { suppressedBy };
}
