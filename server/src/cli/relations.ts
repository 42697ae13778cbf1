// `kubeassist check` and the workspace index: the files given (a folder's YAML files, all the paths of one run)
// are one workspace. Each file is read and parsed once: the thread that checks it also reads its relation facts
// (what it defines for the others; for its own objects that may have relation findings, the facts of each
// document) and hands them back as plain data. Once every file is checked, the main thread makes the index of
// the run from those definitions (kustomizations and Chart.yaml files, which change the scopes, it reads itself),
// and the relation checks run, on the same threads, on the files whose objects may have relation findings only.
import { resolve } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { readRegularFile } from '../host/files';
import {
  cachedFacts,
  FileModel,
  isKustomizationFile,
  mayOrderCreation,
  quietDocument,
  relationDiagnostics,
  rememberFacts,
  splitDocuments,
  WorkspaceIndex,
  type DefinitionEntry,
  type DocumentFacts,
  type IndexSnapshot,
  type Settings,
} from '../service/index';
import { readOnce } from './context';
import { findingOf, type ReportedFinding } from './report';

/** What a file gives the relation pass: read while it was checked. */
export interface FileRelations {
  /** What it defines, for the other files' relation checks. */
  definitions: DefinitionEntry[];
  /**
   * When an object of it may have relation findings (it names others or runs Pods), or a document was left unread:
   * its text and each document's facts (null: left unread, relations/quiet.ts).
   */
  text?: string;
  facts?: (DocumentFacts | null)[];
  /** Whether an object of it may have relation findings (the relation pass checks it). */
  candidate?: boolean;
  /** A document was left unread: read it when the run's creation order matters after all. */
  deferred?: boolean;
  /** A document of it may hold a Helm hook or an Argo CD annotation (relations/quiet.ts mayOrderCreation). */
  ordersCreation?: boolean;
  /** Findings validate adds after sorting the others (the file/too-large note): the relation findings go before them. */
  tail: number;
}

/** A file's relation checks, as a task for a thread (plain data). */
export interface RelationTask {
  index: number;
  path: string;
  name: string;
  settings: number;
  text: string;
  facts: (DocumentFacts | null)[];
}

export interface RelationResult {
  index: number;
  findings: ReportedFinding[];
}

/** Chart.yaml and kustomization files change the scopes: the main thread reads them itself, as the index always has. */
function changesScopes(path: string): boolean {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1) === 'Chart.yaml' || isKustomizationFile(path);
}

const EMPTY: DocumentFacts = { objects: [] };
/** One index per thread to read a file's definitions in (emptied after each file). */
let scratch: WorkspaceIndex | undefined;

/**
 * The relation facts of a file just checked (`model` holds its documents, parsed or not). Documents parsed by the
 * checks give their facts without another parse; the others are parsed only when they may hold what the index
 * records. With `defer`, a document whose facts cannot matter unless the run orders creation (relations/quiet.ts)
 * is left unread, parsed or not: the checks did not read its facts either (validate's leaveQuiet), and a run that
 * orders creation reads it again (readFacts).
 */
export function relationFacts(path: string, model: FileModel, text: string, settings: Settings, tail: number, defer: boolean): FileRelations {
  const documents = model.update(text);
  const absolute = resolve(path);
  scratch ??= new WorkspaceIndex(() => undefined, { definitionsOnly: true });
  // The checks read no facts of a quiet document (validate's leaveQuiet), parsed or not: it is left unread.
  const unread = documents.map(({ doc }) => defer && quietDocument(doc));
  // Every document's facts, as the relation checks have always read them (those past the size limit define names too).
  const checks = settings.enable && settings.relations.enable;
  const facts = checks ? documents.map(({ doc }, i) => (unread[i] ? null : cachedFacts(doc, 'all'))) : undefined;
  let definitions: DefinitionEntry[] = [];
  if (!changesScopes(absolute)) {
    // The index has always split a file as `splitDocuments` does; a JSON stream or lone CRs are split otherwise by
    // the checks (FileModel): such a file's definitions are read from its own split, as before.
    const slices = splitDocuments(text);
    const sameSplit = slices.length === documents.length && slices.every((slice, i) => slice.line === documents[i].slice.line && slice.text === documents[i].slice.text);
    try {
      if (sameSplit) {
        definitions = scratch.definitionsOf(absolute, documents.map(({ slice, doc }, i) => ({ line: slice.line, doc, facts: unread[i] ? EMPTY : cachedFacts(doc, 'definitions') })));
      } else {
        scratch.setText(absolute, text);
        definitions = scratch.definitionsIn(absolute);
      }
    } catch {
      // a file the index cannot read is checked all the same, without its definitions
    }
    scratch.remove(absolute);
  }
  const result: FileRelations = { definitions, tail };
  if (documents.some(({ doc }) => mayOrderCreation(doc.text))) result.ordersCreation = true;
  // Only an object that names others or runs Pods can have a relation finding (relations/checks/: each reads
  // the object's references or its Pods).
  const within = (i: number) => documents[i].slice.offset + documents[i].slice.text.length <= settings.maxFileSize;
  if (facts?.some((document, i) => document && within(i) && document.objects.some((object) => object.references.length || object.pods.length))) result.candidate = true;
  if (unread.some(Boolean)) result.deferred = true;
  if (result.candidate || result.deferred) {
    result.text = text;
    result.facts = facts;
  }
  return result;
}

/** A file whose documents left unread are read after all (the run's creation order matters). */
export interface FactsTask {
  index: number;
  path: string;
  settings: number;
  text: string;
  tail: number;
}

export interface FactsResult {
  index: number;
  reread: FileRelations;
}

export function readFacts(task: FactsTask, settings: Settings): FactsResult {
  return { index: task.index, reread: relationFacts(task.path, new FileModel(), task.text, settings, task.tail, false) };
}

/** Whether a kustomization of the run sets annotations (`commonAnnotations` may add a Helm hook or an Argo CD wave). */
export function setsAnnotations(snapshot: IndexSnapshot): boolean {
  return snapshot.scopes.some(([, scopes]) => scopes.some((scope) => scope.kind === 'kustomization' && !!scope.annotations && Object.keys(scope.annotations).length > 0));
}

/** The index of the run as plain data: the files' definitions, the scope files read here, every file's scopes. */
export function runSnapshot(files: readonly { path: string; definitions: DefinitionEntry[] }[]): IndexSnapshot {
  const index = new WorkspaceIndex(readOnce, { definitionsOnly: true });
  const paths = files.map((file) => resolve(file.path));
  for (const path of paths) {
    if (!changesScopes(path)) continue;
    // A regular file of any size, opened without blocking (a FIFO given by name is never waited on here).
    const text = readRegularFile(path, 0)?.text;
    if (text === undefined) continue;
    try {
      index.setText(path, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      // a file the index cannot read is checked all the same, without its definitions
    }
  }
  const snapshot = index.snapshot(paths);
  const seen = new Set<string>();
  files.forEach((file, i) => {
    if (seen.has(paths[i])) return;
    seen.add(paths[i]);
    if (!changesScopes(paths[i]) && file.definitions.length) snapshot.files.push({ path: paths[i], definitions: file.definitions });
  });
  return snapshot;
}

/** The relation findings of one file, against the run's index (made from its snapshot on this thread). */
export function checkRelations(task: RelationTask, settings: Settings, suppressed: boolean, index: WorkspaceIndex): RelationResult {
  const model = new FileModel();
  const documents = model.update(task.text);
  // A document left unread (null) cannot have relation findings in this run, nor define what its checks look up.
  documents.forEach(({ doc }, i) => rememberFacts(doc, task.facts[i] ?? EMPTY));
  const { diagnostics } = relationDiagnostics(model, settings, { index, path: resolve(task.path) }, suppressed);
  return {
    index: task.index,
    findings: diagnostics.map((diagnostic) => ({ ...findingOf(task.name, diagnostic), object: (diagnostic.data as { object?: string } | undefined)?.object, ...suppressionOf(diagnostic) })),
  };
}

function suppressionOf(diagnostic: Diagnostic): { suppressedBy?: string } {
  const suppressedBy = (diagnostic.data as { suppressedBy?: string } | undefined)?.suppressedBy;
  return suppressedBy === undefined ? {} : { suppressedBy };
}

/** A file's findings with its relation findings, in the order validate gives them: sorted by place, the tail last. */
export function withRelationFindings(findings: readonly ReportedFinding[], related: readonly ReportedFinding[], tail: number): ReportedFinding[] {
  if (!related.length) return [...findings];
  const head = [...findings.slice(0, findings.length - tail), ...related];
  head.sort((a, b) => a.line - b.line || a.column - b.column);
  return [...head, ...findings.slice(findings.length - tail)];
}
