// Completion: the keys allowed at the cursor (from the schema, minus those present, required first),
// the values that make sense there (the schema's enums and the Pod API's listed values of the chosen release,
// without the values the kind refuses, also for an item of a list; booleans, restart policies a Job accepts,
// apiVersion/kind pairs), well-known label and annotation keys, and whole new documents. Works on half-typed YAML.
import {
  CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList, type Position, type Range,
} from 'vscode-languageserver-types';
import { fieldDoc, wellKnownKey, wellKnownKeys } from '../catalogue/index';
import type { FieldDoc } from '../catalogue/types';
import { indentsSequences, indentUnit, siblingKeys } from '../document/cursor';
import type { FileModel } from '../document/fileModel';
import { DESCRIPTORS } from '../kube/cron';
import { isObject } from '../kube/defaults';
import { jobSpecAt, jobSpecLocationAt, metadataPlaces, type JobSpecLocation } from '../kube/jobSpec';
import { TIME_ZONE_NAMES } from '../kube/timeZones';
import { availabilityOf, schemaPathOf } from '../schema/fieldAvailability';
import { schemaAt } from '../schema/navigate';
import { namedValues } from '../schema/values';
import type { JsonSchema } from '../schema/schemas';
import { minorOf, type Settings } from '../settings';
import { KINDS, type KindName, type PathSegment } from '../types';
import { hasPatchDirectives, PATCH_DIRECTIVES } from '../partial/strategicMerge';
import type { DocumentContext } from '../workspace/context';
import { directiveItems, json6902Items, patchStrategyItems } from './patchCompletion';
import { positionContext, positionIn, type PositionContext } from './position';
import { describeSchedule } from './schedule';
import { parseStandard } from '../kube/cron';
import { DOCUMENT_SNIPPETS, fieldSnippet, hasPolicyShape } from './snippets';
import { typeLabel } from './types';

export const COMPLETION_TRIGGERS = [' ', ':', '-', '/'];

/** `options.context`: what the workspace says of the file (a Kustomize patch gets directives, a JSON 6902 patch its paths). */
export function complete(model: FileModel, text: string, asked: Position, settings: Settings, options: { context?: DocumentContext } = {}): CompletionList {
  const position = positionIn(model, text, asked);
  const context = position && positionContext(model, text, position, settings);
  const items = position && context ? itemsFor(context, position, settings, options.context ?? {}) : [];
  return { isIncomplete: false, items };
}

function itemsFor(context: PositionContext, position: Position, settings: Settings, workspace: DocumentContext): CompletionItem[] {
  const { cursor } = context;
  const replace: Range = { start: { line: position.line, character: position.character - cursor.prefix.length }, end: position };
  const minor = minorOf(settings.kubernetesVersion);
  const patch = workspace.kustomizePatch;
  if (patch && !context.kind) {
    const operations = json6902Items(context, patch.uses, position);
    if (operations) return spacedAfterColon(context, position, operations);
  }
  if (cursor.on === 'value') return spacedAfterColon(context, position, valueItems(context, replace, minor));
  if (!context.kind) return context.path.length === 0 ? rootItems(context, replace) : [];
  const path = context.path;
  if (isLabelsOrAnnotations(path)) return wellKnownKeyItems(context.kind, path, replace);
  // A new item of a list of plain values (`volumeLifecycleModes:\n- `) takes values, not keys.
  const here = schemaAt(context.kind, path);
  if (typeof path[path.length - 1] === 'number' && here && !here.properties) return valueItems(context, replace, minor);
  const keys = keyItems(context.kind, context, path, replace, minor);
  if (here?.properties && (patch || hasPatchDirectives(context.placed.doc.text))) {
    const { doc } = context.placed;
    const itemIndent = ' '.repeat(context.cursor.column + (indentsSequences(doc.text) ? indentUnit(doc.text) : 0));
    keys.push(...directiveItems(context.kind, path, here, siblingKeys(doc.text, context.line, context.cursor.column), replace, itemIndent));
  }
  // Another schema checker covers this document and offers the plain keys; keep the ones with a policy shape.
  return settings.schemaDiagnostics === 'off' ? keys.filter((item) => hasPolicyShape(item.label) || item.label.startsWith('$')) : keys;
}

function isLabelsOrAnnotations(path: PathSegment[]): boolean {
  const last = path[path.length - 1];
  return last === 'labels' || last === 'annotations' || (last === 'matchLabels' && path[path.length - 2] === 'selector');
}

function markdown(value: string) {
  return { kind: MarkupKind.Markdown, value };
}

function docText(doc: FieldDoc | undefined): string | undefined {
  if (!doc) return undefined;
  const parts = [doc.summary];
  if (doc.default) parts.push(`Default: ${doc.default}`);
  if (doc.interactions?.length) parts.push(doc.interactions.map((i) => `- ${i.text}`).join('\n'));
  return parts.join('\n\n');
}

function keyItems(kind: KindName, context: PositionContext, path: PathSegment[], replace: Range, minor: number): CompletionItem[] {
  const schema = schemaAt(kind, path);
  const properties = schema?.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const { doc } = context.placed;
  const present = siblingKeys(doc.text, context.line, context.cursor.column);
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const layout = { column: context.cursor.column, unit: indentUnit(doc.text), indentedSequences: indentsSequences(doc.text) };
  const items: CompletionItem[] = [];
  for (const name of Object.keys(properties)) {
    if (present.has(name) && name !== context.cursor.prefix) continue;
    const fieldPath = [...path, name];
    const since = availabilityOf(kind, fieldPath)?.since;
    if (since && Number(since.split('.')[1]) > minor) continue;
    const fieldSchema = schemaAt(kind, fieldPath);
    const entry = fieldDoc(kind, schemaPathOf(fieldPath));
    const isRequired = required.has(name);
    items.push({
      label: name,
      kind: CompletionItemKind.Property,
      detail: `${typeLabel(fieldSchema)}${isRequired ? ' (required)' : ''}`,
      documentation: entry ? markdown(docText(entry) ?? '') : undefined,
      sortText: `${isRequired ? '0' : '1'}_${name}`,
      filterText: name,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range: replace, newText: fieldSnippet(name, fieldSchema, layout, offeredValues(kind, fieldPath, minor, entry)) },
    });
  }
  return items;
}

/** The values to offer for the field at `path` in 1.<minor>: named by the schema, not refused by the kind, not empty. */
function offeredValues(kind: KindName, path: PathSegment[], minor: number, entry: FieldDoc | undefined): string[] {
  return (namedValues(kind, path, minor)?.values ?? []).filter((value) => value !== '' && !entry?.rejected?.[value]);
}

function valueItems(context: PositionContext, replace: Range, minor: number): CompletionItem[] {
  const path = context.path;
  const field = path[path.length - 1];
  if (path.length === 1 && field === 'apiVersion') return apiVersionItems(context, replace);
  if (path.length === 1 && field === 'kind') return kindItems(context, replace);
  if (!context.kind) return [];
  if (field === PATCH_DIRECTIVES.patch) return patchStrategyItems(replace);
  if (typeof field === 'string' && isLabelsOrAnnotations(path.slice(0, -1))) return wellKnownValueItems(field, context, replace);
  if (field === 'fieldPath' && path[path.length - 2] === 'fieldRef') return fieldPathItems(replace);
  if (context.kind === 'CronJob' && path.length === 2 && path[0] === 'spec' && field === 'schedule') return scheduleItems(context, replace);
  if (context.kind === 'CronJob' && path.length === 2 && path[0] === 'spec' && field === 'timeZone') return timeZoneItems(context, replace);
  const schema = schemaAt(context.kind, path);
  if (!schema) return [];
  const entry = fieldDoc(context.kind, schemaPathOf(path));
  let values = offeredValues(context.kind, path, minor, entry);
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (values.length === 0 && types.includes('boolean')) values = ['true', 'false'];
  const location = jobSpecLocationAt(context.kind, path);
  if (location && schemaPathOf(path) === schemaPathOf([...location.path, 'template', 'spec', 'restartPolicy'])) values = jobRestartPolicies(context, location, entry);
  return values.map((value, index) => ({
    label: value,
    kind: CompletionItemKind.EnumMember,
    documentation: entry?.values?.[value] ? markdown(entry.values[value]) : undefined,
    sortText: String(index).padStart(3, '0'),
    textEdit: { range: replace, newText: value },
  }));
}

/** Right after `key:` (the `:` trigger), a value needs a space before it to stay YAML. */
function spacedAfterColon(context: PositionContext, position: Position, items: CompletionItem[]): CompletionItem[] {
  const line = context.placed.doc.lines.lineText(context.line);
  if (line[position.character - context.cursor.prefix.length - 1] !== ':') return items;
  for (const item of items) {
    if (item.textEdit && 'newText' in item.textEdit) item.textEdit.newText = ` ${item.textEdit.newText}`;
  }
  return items;
}

/**
 * The restart policies the catalogue says a Job accepts (Never first: the one to prefer); with a pod failure
 * policy or per-index backoff only Never fits.
 */
function jobRestartPolicies(context: PositionContext, location: JobSpecLocation, entry: FieldDoc | undefined): string[] {
  const written = jobSpecAt(location, context.object);
  const spec = isObject(written) ? written : undefined;
  const text = context.placed.doc.text;
  const needsNever = spec ? spec.podFailurePolicy !== undefined || spec.backoffLimitPerIndex !== undefined : /^\s*(podFailurePolicy|backoffLimitPerIndex):/m.test(text);
  const accepted = Object.keys(entry?.values ?? {});
  return needsNever ? accepted.filter((value) => value === 'Never') : accepted;
}

/** The `@` descriptors the server's parser accepts, then common schedules; each says when it runs. */
const SCHEDULES: readonly string[] = [
  ...Object.keys(DESCRIPTORS), '*/5 * * * *', '*/15 * * * *', '0 * * * *', '0 */6 * * *', '0 0 * * *', '0 3 * * *', '30 2 * * 1-5',
  '0 9 * * 1-5', '0 0 * * 0', '0 0 1 * *', '0 0 1 1 *',
];

/**
 * A value as YAML needs it: quoted (a plain `*` starts an alias, `@` is reserved), in the quote the user opened;
 * the range also takes the closing quote the editor may have put after the cursor.
 */
function quotedValue(context: PositionContext, replace: Range, value: string, alwaysQuote: boolean): { newText: string; range: Range } {
  const opened = context.cursor.prefix[0] === '"' || context.cursor.prefix[0] === "'" ? context.cursor.prefix[0] : undefined;
  const quote = opened ?? (alwaysQuote ? '"' : '');
  const line = context.placed.doc.lines.lineText(context.line);
  const closes = opened !== undefined && line[context.character] === opened;
  const range = closes ? { start: replace.start, end: { line: replace.end.line, character: replace.end.character + 1 } } : replace;
  return { newText: `${quote}${value}${quote}`, range };
}

function scheduleItems(context: PositionContext, replace: Range): CompletionItem[] {
  return SCHEDULES.map((schedule, index) => {
    const parsed = parseStandard(schedule);
    const words = 'schedule' in parsed ? describeSchedule(parsed.schedule) : '';
    const { newText, range } = quotedValue(context, replace, schedule, true);
    return {
      label: schedule,
      kind: CompletionItemKind.Value,
      detail: DESCRIPTORS[schedule] ? `${words} (= ${DESCRIPTORS[schedule]})` : words,
      sortText: String(index).padStart(3, '0'),
      filterText: newText,
      textEdit: { range, newText },
    };
  });
}

function timeZoneItems(context: PositionContext, replace: Range): CompletionItem[] {
  return TIME_ZONE_NAMES.filter((name) => name !== 'Factory').map((name) => {
    const { newText, range } = quotedValue(context, replace, name, false);
    // Etc/UTC first: the one to pick when the clock zone should not matter.
    return { label: name, kind: CompletionItemKind.EnumMember, sortText: name === 'Etc/UTC' ? '0' : `1${name}`, filterText: newText, textEdit: { range, newText } };
  });
}

function apiVersionItems(context: PositionContext, replace: Range): CompletionItem[] {
  const kinds = (Object.keys(KINDS) as KindName[]).filter((kind) => !context.kind || kind === context.kind || !/^kind:/m.test(context.placed.doc.text));
  // One item per apiVersion (Job and CronJob share batch/v1), naming its kinds.
  const byVersion = new Map<string, KindName[]>();
  for (const kind of kinds) byVersion.set(KINDS[kind].apiVersion, [...(byVersion.get(KINDS[kind].apiVersion) ?? []), kind]);
  return [...byVersion].map(([apiVersion, names]) => ({
    label: apiVersion,
    kind: CompletionItemKind.Module,
    detail: names.join(', '),
    textEdit: { range: replace, newText: apiVersion },
  }));
}

/** The kinds we check; with one of our apiVersions written in the document, that version's kinds only. */
function kindItems(context: PositionContext, replace: Range): CompletionItem[] {
  const written = /^apiVersion\s*:\s*["']?([^\s"'#]+)/m.exec(context.placed.doc.text)?.[1];
  const all = Object.keys(KINDS) as KindName[];
  const ofVersion = all.filter((kind) => KINDS[kind].apiVersion === written);
  return (ofVersion.length ? ofVersion : all).map((kind) => ({
    label: kind,
    kind: CompletionItemKind.Class,
    detail: KINDS[kind].apiVersion,
    textEdit: { range: replace, newText: kind },
  }));
}

function rootItems(context: PositionContext, replace: Range): CompletionItem[] {
  const empty = context.placed.doc.text.split('\n').every((line) => /^\s*(#.*)?$/.test(line) || /^(---|\.\.\.)/.test(line) || line.trim() === context.cursor.prefix);
  const items: CompletionItem[] = [];
  if (empty) {
    DOCUMENT_SNIPPETS.forEach((snippet, index) =>
      items.push({
        label: snippet.label,
        kind: CompletionItemKind.Snippet,
        detail: snippet.description,
        documentation: markdown('```yaml\n' + snippet.body.replace(/\$\{\d+\|([^,|]*)[^}]*\}|\$\{\d+:([^}]*)\}/g, '$1$2') + '```'),
        sortText: `0_${index}`,
        filterText: `${snippet.label} apiVersion kind`,
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: { range: replace, newText: snippet.body },
      }),
    );
  }
  const present = siblingKeys(context.placed.doc.text, context.line, 0);
  for (const name of ['apiVersion', 'kind']) {
    if (present.has(name)) continue;
    items.push({ label: name, kind: CompletionItemKind.Property, sortText: `1_${name}`, textEdit: { range: replace, newText: `${name}: ` }, command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } });
  }
  return items;
}

function wellKnownKeyItems(kind: KindName | undefined, path: PathSegment[], replace: Range): CompletionItem[] {
  const field = String(path[path.length - 1]);
  const type = field === 'annotations' ? 'annotation' : 'label';
  const ofTheObject = path.length === 2 && path[0] === 'metadata';
  // Kueue, JobSet and the Trainer read their keys on a Job, a JobSet or a replicatedJob, also where a template makes them.
  const places = metadataPlaces(kind, path.slice(0, -1));
  return wellKnownKeys()
    // Keys the server or a controller sets are explained on hover, not offered: writing them is pointless or wrong.
    .filter((key) => key.type.includes(type) && !key.type.includes('volume context') && key.setBy.startsWith('you'))
    // A tool's keys (Helm hooks, Kueue's queue) are read on the object itself, not on its Pod template.
    .filter((key) => (key.readOn ? key.readOn.some((place) => places.has(place)) : ofTheObject || !key.objectOnly))
    .map((key) => ({
      label: key.key,
      kind: CompletionItemKind.Constant,
      detail: `${key.type} · set by ${key.setBy}`,
      documentation: markdown(`${key.holds}\n\nWhere: ${key.where}`),
      textEdit: { range: replace, newText: `${key.key}: ` },
    }));
}

/**
 * The values a tool reads for a well-known key (`helm.sh/hook: pre-install`); for a comma-separated list,
 * the item being typed after the last comma, leaving out the items already written.
 */
function wellKnownValueItems(key: string, context: PositionContext, replace: Range): CompletionItem[] {
  const known = wellKnownKey(key);
  if (!known?.values) return [];
  const typed = context.cursor.prefix.replace(/^["']/, '');
  const done = known.list ? typed.split(',').slice(0, -1).map((item) => item.trim()) : [];
  const current = known.list ? typed.slice(typed.lastIndexOf(',') + 1) : typed;
  const range: Range = { start: { line: replace.end.line, character: replace.end.character - current.length }, end: replace.end };
  return Object.entries(known.values)
    .filter(([value]) => !done.includes(value))
    .map(([value, meaning], index) => ({
      label: value,
      kind: CompletionItemKind.EnumMember,
      detail: `${known.key} · ${known.project ?? 'Kubernetes'}`,
      documentation: markdown(meaning),
      sortText: String(index).padStart(3, '0'),
      textEdit: { range, newText: value },
    }));
}

const FIELD_PATHS: [string, string][] = [
  ["metadata.annotations['batch.kubernetes.io/job-completion-index']", 'The index of this Pod in an Indexed Job'],
  ["metadata.labels['batch.kubernetes.io/job-name']", 'The name of the Job that created this Pod'],
  ["metadata.labels['batch.kubernetes.io/controller-uid']", 'The UID of the Job that created this Pod'],
  ['metadata.name', 'The Pod name'],
  ['metadata.namespace', 'The Pod namespace'],
  ['metadata.uid', 'The Pod UID'],
  ['spec.nodeName', 'The node the Pod runs on'],
  ['spec.serviceAccountName', 'The Pod service account'],
  ['status.podIP', 'The Pod IP address'],
  ['status.hostIP', 'The node IP address'],
];

function fieldPathItems(replace: Range): CompletionItem[] {
  return FIELD_PATHS.map(([value, description], index) => ({
    label: value,
    kind: CompletionItemKind.Value,
    detail: description,
    sortText: String(index).padStart(2, '0'),
    textEdit: { range: replace, newText: value },
  }));
}
