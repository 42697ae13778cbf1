// The relation checks as an editor and the CLI see them: diagnostics on the objects of a file (with the other
// end as related information), go to definition from a reference, find references from a definition, and the
// line a hover adds on a reference. The workspace index (relations/workspaceIndex.ts) is the front door's: it
// feeds it the workspace's files, and passes it here with the file's path.
import { pathToFileURL } from 'node:url';
import { Diagnostic, DiagnosticSeverity, type Location, type Position, type Range } from 'vscode-languageserver-types';
import { movedRange } from '../document/lines';
import type { FileModel } from '../document/fileModel';
import type { ObjectFacts, Reference } from '../relations/facts';
import { DEFINITION_KINDS } from '../relations/kinds';
import { RELATION_RULES } from '../relations/checks/index';
import { resolveReference, shortPath } from '../relations/resolve';
import type { RelationFinding } from '../relations/rule';
import { cachedFacts, type DefinitionEntry, type IndexedDocument, type WorkspaceIndex } from '../relations/workspaceIndex';
import { effectiveSeverity, minorOf, settingsKey, type Settings } from '../settings';
import type { YamlDocument } from '../document/yamlDocument';
import { formatFieldPath, type Severity } from '../types';
import { SOURCE, suppressions, type DiagnosticData, type Suppression } from './diagnostics';

/** What a front door passes for a file: its workspace's index and the file's path in it. */
export interface RelationInput {
  index: WorkspaceIndex;
  path: string;
  /**
   * At most this many documents the checks have not parsed are read now (an editor's big file: the rest are
   * read in the background, see WorkspaceIndex.setModel); Infinity in the CLI.
   */
  budget?: number;
  /**
   * The file's first check in an editor: its documents quiet for relations are left for the background too, where
   * nothing could make them speak (relations/quiet.ts quietMayWait, asked by validate, which then reads none of their
   * facts: their diagnostics come first).
   */
  deferQuiet?: boolean;
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const HREFS = new Map(RELATION_RULES.flatMap((rule) => rule.codes.map((code) => [code.code, code.href] as const)));

export function uriOf(path: string): string {
  return path.includes('://') ? path : pathToFileURL(path).href;
}

/** `Deployment/default/web`, `CSIDriver/ebs.csi.aws.com`: how reports name an object (as cli/checkFile.ts names ours). */
export function objectName(object: ObjectFacts): string {
  const name = object.name?.text ?? '(unnamed)';
  const clusterWide = DEFINITION_KINDS[object.kind] && !DEFINITION_KINDS[object.kind].namespaced;
  return clusterWide ? `${object.kind}/${name}` : `${object.kind}/${object.namespace.value?.text || 'default'}/${name}`;
}

/**
 * The relation diagnostics of a file: the model is brought into the index first. `complete` is false when
 * documents were left for later (`budget`): the caller reads them in the background and asks again.
 */
export function relationDiagnostics(model: FileModel, settings: Settings, input: RelationInput, suppressed = false): { diagnostics: Diagnostic[]; complete: boolean } {
  if (!settings.enable || !settings.relations.enable) return { diagnostics: [], complete: true };
  const { complete } = input.index.setModel(input.path, model, input.budget ?? Infinity, input.deferQuiet);
  const diagnostics: Diagnostic[] = [];
  // Documents past `kubeassist.maxFileSize` are not checked (features/limits.ts says so once).
  const past = model.pastLimit(settings.maxFileSize);
  const checked = past && new Set(model.documents.filter(({ slice }) => slice.offset + slice.text.length <= settings.maxFileSize).map(({ doc }) => doc));
  // A document's findings change only with its text (a new YamlDocument), with the settings, and with what the
  // checks read of the index (the definitions of the names and kinds they looked up, the scopes): an edit
  // elsewhere in the file, or one that renames a definition this document does not name, re-checks nothing here.
  const key = `${settingsKey(settings)}|${input.path}|${suppressed}`;
  const generation = input.index.generation;
  const minor = minorOf(settings.kubernetesVersion);
  const relationSettings = { undefinedReferences: settings.relations.undefinedReferences };
  // The documents whose results hold are read first (a function of its own that calls no check, so that it is
  // compiled small), the others checked after; the list is sorted by place at the end, and no two documents share
  // a line.
  const documents = input.index.documentsOf(input.path);
  const stale = keptResults(documents, checked, { key, index: input.index, generation }, diagnostics);
  for (const document of stale) {
    const place = documents[document];
    const first = diagnostics.length;
    const { reads } = input.index.recording(() => checkDocument(place, document));
    resultCache.set(place.doc!, { key, index: input.index, generation, reads, line: place.line, diagnostics: diagnostics.slice(first) });
  }
  diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { diagnostics, complete };

  function checkDocument(indexed: IndexedDocument, document: number): void {
    const doc = indexed.doc;
    if (!doc) return;
    const place = { ...indexed, doc };
    const rangeOf = (span: [number, number]): Range => ({ start: at(place, span[0]), end: at(place, span[1]) });
    let silenced: Map<number, Suppression> | undefined;
    for (const object of place.facts.objects) {
      for (const rule of RELATION_RULES) {
        let findings: RelationFinding[];
        try {
          findings = rule.check({ path: input.path, index: input.index, object, document, rangeOf, settings: relationSettings, minor });
        } catch (error) {
          console.error(`kubeassist: relation check ${rule.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
          continue;
        }
        for (const finding of findings) {
          const severity = effectiveSeverity(finding.code, finding.severity, settings);
          if (severity === 'off') continue;
          const range = rangeOf(finding.span);
          const diagnostic = Diagnostic.create(range, finding.message, SEVERITY[severity], finding.code, SOURCE);
          const href = HREFS.get(finding.code);
          if (href) diagnostic.codeDescription = { href };
          if (finding.related.length) diagnostic.relatedInformation = finding.related.map((end) => ({ location: { uri: uriOf(end.path), range: end.range }, message: end.message }));
          const data: DiagnosticData & { object: string } = { path: formatFieldPath(finding.path), object: objectName(object) };
          silenced ??= suppressions(place.doc);
          const comment = silenced.get(range.start.line - place.line);
          if (comment && (comment.codes.size === 0 || comment.codes.has(finding.code))) {
            if (!suppressed) continue;
            data.suppressedBy = comment.text;
          } else if (finding.fix) {
            const here = finding.fix.edits.filter((edit) => edit.path === input.path).map(({ range: editRange, newText }) => ({ range: editRange, newText }));
            const elsewhere = new Map<string, { range: Range; newText: string }[]>();
            for (const edit of finding.fix.edits) {
              if (edit.path === input.path) continue;
              const list = elsewhere.get(edit.path) ?? [];
              list.push({ range: edit.range, newText: edit.newText });
              elsewhere.set(edit.path, list);
            }
            data.fixes = [{ title: finding.fix.title, edits: here, ...(elsewhere.size ? { documents: [...elsewhere].map(([path, edits]) => ({ uri: uriOf(path), edits })) } : {}) }];
          }
          diagnostic.data = data;
          diagnostics.push(diagnostic);
        }
      }
    }
  }
}

/** A document's relation findings: under which settings, with which index at which generation, and what the checks read of it. */
const resultCache = new WeakMap<YamlDocument, { key: string; index: WorkspaceIndex; generation: number; reads: readonly string[]; line: number; diagnostics: Diagnostic[] }>();

/**
 * The kept results of the documents whose results still hold, added to `out` (moved to the document's line); the
 * indexes of the others, which are to be checked again.
 */
function keptResults(
  documents: readonly IndexedDocument[],
  checked: Set<YamlDocument> | undefined,
  { key, index, generation }: { key: string; index: WorkspaceIndex; generation: number },
  out: Diagnostic[],
): number[] {
  const stale: number[] = [];
  for (let document = 0; document < documents.length; document++) {
    const place = documents[document];
    if (!place.doc || (checked && !checked.has(place.doc))) continue;
    const cached = resultCache.get(place.doc);
    if (!cached || cached.key !== key || cached.index !== index || !index.unchangedSince(cached.generation, cached.reads)) {
      stale.push(document);
      continue;
    }
    cached.generation = generation;
    const delta = place.line - cached.line;
    if (delta) {
      // The range moves with the document; related places and fixes are the definitions' (they move with those).
      cached.diagnostics = cached.diagnostics.map((diagnostic) => ({ ...diagnostic, range: movedRange(diagnostic.range, delta) }));
      cached.line = place.line;
    }
    for (let i = 0; i < cached.diagnostics.length; i++) out.push(cached.diagnostics[i]);
  }
  return stale;
}

function at(place: IndexedDocument & { doc: YamlDocument }, offset: number): Position {
  const position = place.doc.lines.positionAt(offset);
  return { line: position.line + place.line, character: position.character };
}

/** What is at a position of an open file: the object and, when the cursor is on one, its reference or its own name. */
function targetAt(model: FileModel, text: string, position: Position, input: RelationInput): { object: ObjectFacts; reference?: Reference; name?: boolean } | undefined {
  model.update(text);
  const placed = model.documentAtLine(position.line);
  if (!placed) return undefined;
  const offset = placed.doc.lines.offsetAt({ line: position.line - placed.slice.line, character: position.character });
  const facts = cachedFacts(placed.doc, 'all');
  for (const object of facts.objects) {
    const reference = object.references.find((candidate) => offset >= candidate.span[0] && offset <= candidate.span[1]);
    if (reference) return { object, reference };
    if (object.nameSpan && offset >= object.nameSpan[0] && offset <= object.nameSpan[1]) return { object, name: true };
  }
  void input;
  return undefined;
}

function locationOf(entry: { path: string; range: Range }): Location {
  return { uri: uriOf(entry.path), range: entry.range };
}

/** Go to definition from a reference: the objects it names. */
export function relationDefinition(model: FileModel, text: string, position: Position, input: RelationInput): Location[] {
  const target = targetAt(model, text, position, input);
  if (!target?.reference) return [];
  input.index.setModel(input.path, model);
  return resolveReference(input.index, input.path, target.object, target.reference).map(locationOf);
}

/** Find references from a definition's name (or from a reference to it): every object of the workspace that names it. */
export function relationReferences(model: FileModel, text: string, position: Position, input: RelationInput, includeDeclaration: boolean): Location[] {
  const target = targetAt(model, text, position, input);
  if (!target) return [];
  input.index.setModel(input.path, model);
  let definitions: DefinitionEntry[];
  if (target.reference) {
    definitions = resolveReference(input.index, input.path, target.object, target.reference);
  } else {
    const key = target.object.name?.key;
    definitions = key ? input.index.definitions(target.object.kind, key).filter((definition) => definition.object === target.object) : [];
  }
  if (!definitions.length) return [];
  const out: Location[] = includeDeclaration ? definitions.map(locationOf) : [];
  const seen = new Set<string>();
  for (const definition of definitions) {
    const key = definition.object.name?.key;
    if (!key) continue;
    for (const entry of input.index.referencesTo(definition.object.kind, key)) {
      if (!resolveReference(input.index, entry.path, entry.owner, entry.reference).some((found) => found.object === definition.object)) continue;
      const id = `${entry.path}\u0000${entry.range.start.line}\u0000${entry.range.start.character}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(locationOf(entry));
    }
  }
  return out;
}

/** What a hover on a reference adds: the object it resolves to, or that none does. */
export function relationHover(model: FileModel, text: string, position: Position, input: RelationInput): { markdown: string; range: Range } | undefined {
  const target = targetAt(model, text, position, input);
  if (!target?.reference) return undefined;
  input.index.setModel(input.path, model);
  const { reference, object } = target;
  const placed = model.documentAtLine(position.line);
  if (!placed) return undefined;
  const range: Range = {
    start: { line: placed.slice.line + placed.doc.lines.positionAt(reference.span[0]).line, character: placed.doc.lines.positionAt(reference.span[0]).character },
    end: { line: placed.slice.line + placed.doc.lines.positionAt(reference.span[1]).line, character: placed.doc.lines.positionAt(reference.span[1]).character },
  };
  const found = resolveReference(input.index, input.path, object, reference);
  const name = `${reference.target} \`${reference.name.text}\``;
  if (!reference.name.key) return { markdown: `**${name}**: its name is written by a template action inside \`range\` or \`with\`, so the workspace cannot say which object it is.`, range };
  if (!found.length) {
    const files = input.index.size;
    if (files <= 1) return undefined; // no workspace indexed (a single file opened): nothing to say of others
    return {
      markdown: `**${name}**: no ${reference.target} of this name${reference.target === 'CSIDriver' ? '' : ' in this namespace'} in the workspace (${files} file${files === 1 ? '' : 's'} indexed). ` +
        (reference.target === 'CSIDriver' ? 'A driver needs no CSIDriver object; without one the defaults apply (attach required, Persistent volumes only).' : 'It must exist in the cluster before the Pods start.'),
      range,
    };
  }
  const lines = found.slice(0, 5).map((definition) => {
    const namespace = definition.object.namespace.value?.text;
    const where = `${shortPath(definition.path)}:${definition.range.start.line + 1}`;
    return `- [\`${where}\`](${uriOf(definition.path)}#L${definition.range.start.line + 1})${namespace ? ` (namespace \`${namespace}\`)` : ''}${definition.object.generated ? ', generated by the kustomization' : ''}${describeDefinition(definition)}`;
  });
  const more = found.length > 5 ? `\n- and ${found.length - 5} more` : '';
  return { markdown: `**${name}** is defined in the workspace:\n${lines.join('\n')}${more}`, range };
}

function describeDefinition(definition: DefinitionEntry): string {
  const spec = definition.object.spec;
  const hook = definition.object.annotations.helmHook.value;
  const parts: string[] = [];
  if (hook) parts.push(`Helm hook \`${hook}\``);
  if (spec.volumeLifecycleModes?.value) parts.push(`volumeLifecycleModes ${spec.volumeLifecycleModes.value.map((mode) => `\`${mode}\``).join(', ')}`);
  if (spec.fsGroupPolicy?.value) parts.push(`fsGroupPolicy \`${spec.fsGroupPolicy.value}\``);
  if (spec.provisioner?.value) parts.push(`provisioner \`${spec.provisioner.value}\``);
  return parts.length ? `: ${parts.join('; ')}` : '';
}
