// Inlay hints: after a CronJob's `schedule` value, when it runs in a few words and in which time zone
// (`at 03:00 every day (Europe/Berlin)`), for CronJobs the API server would accept the schedule of; and, at the
// end of the line of the mapping that would hold them, the values the API server's defaulting sets for fields
// the manifest leaves out (`backoffLimit: 6`), in the chosen release (`kubeassist.inlayHints.defaults` turns
// these off). Not in Helm templates: what an action writes is unknown.
import { InlayHint, type Range } from 'vscode-languageserver-types';
import { lastStartingAtOrBefore, type FileModel } from '../document/fileModel';
import { rangeForPath } from '../document/paths';
import type { YamlDocument } from '../document/yamlDocument';
import { isObject } from '../kube/defaults';
import { mayNameOurKinds } from '../kube/resources';
import { minorOf, type Settings } from '../settings';
import { checkedObjects as convertedObjects } from '../update/objects';
import { flowYaml, jsonAt, type JsonObject, type KindName, type PathSegment } from '../types';
import { defaultsSet } from './explain/defaults';
import { scheduleReadingOf, shortSummary } from './schedule';

type Node = YamlDocument['resources'][number]['node'];

export function inlayHints(model: FileModel, text: string, range: Range, settings: Settings): InlayHint[] {
  if (!settings.enable || model.holdsTemplateActions(text)) return [];
  const minor = minorOf(settings.kubernetesVersion);
  const key = `${minor}|${settings.inlayHintDefaults !== false}`;
  const hints: InlayHint[] = [];
  const documents = model.update(text);
  // From the document holding the range's first line (the documents before it end above the range).
  for (let at = Math.max(0, lastStartingAtOrBefore(documents, range.start.line)); at < documents.length; at++) {
    const { slice, doc } = documents[at];
    if (slice.offset + slice.text.length > (settings.maxFileSize || Infinity)) break;
    if (slice.line > range.end.line) break;
    const lastLine = slice.line + doc.lines.lineCount - 1;
    if (lastLine < range.start.line || !mayNameOurKinds(doc.text)) continue;
    const inRange = (line: number) => line >= range.start.line && line <= range.end.line;
    for (const hint of documentHints(model, doc, key, minor, settings)) {
      const line = hint.position.line + slice.line;
      if (inRange(line)) hints.push({ ...hint, position: { line, character: hint.position.character } });
    }
  }
  return hints;
}


/**
 * A document's hints, relative to its first line, once per document text and release: the editor asks for the
 * visible lines after each keystroke, and only the edited document is read again.
 */
function documentHints(model: FileModel, doc: YamlDocument, key: string, minor: number, settings: Settings): readonly InlayHint[] {
  const known = hintCache.get(doc);
  if (known?.key === key) return known.hints;
  const parsedBefore = doc.parsed;
  const hints: InlayHint[] = [];
  for (const { kind, object, node } of convertedObjects(doc)) {
    if (kind === 'CronJob') {
      const hint = scheduleHint(doc, node, object, 0);
      if (hint) hints.push(hint);
    }
    if (settings.inlayHintDefaults !== false) hints.push(...defaultHints(doc, node, kind, object, minor, 0));
  }
  model.release(doc, parsedBefore);
  hintCache.set(doc, { key, hints });
  return hints;
}

const hintCache = new WeakMap<YamlDocument, { key: string; hints: readonly InlayHint[] }>();

function scheduleHint(doc: YamlDocument, node: Node, object: JsonObject, firstLine: number): InlayHint | undefined {
  const reading = scheduleReadingOf(object);
  if (!reading) return undefined;
  const [, end] = rangeForPath(doc.document, node, ['spec', 'schedule'], 'value');
  const at = doc.lines.positionAt(end);
  const hint = InlayHint.create({ line: at.line + firstLine, character: at.character }, shortSummary(reading));
  hint.paddingLeft = true;
  return hint;
}

/** One hint per defaulted field, at the end of the line of its parent's key (`spec:`, `- type: DisruptionTarget`). */
function defaultHints(doc: YamlDocument, node: Node, kind: KindName, object: JsonObject, minor: number, firstLine: number): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const entry of defaultsSet(kind, object, minor)) {
    const parent: PathSegment[] = entry.at.slice(0, -1);
    if (!isObject(jsonAt(object, parent))) continue; // no mapping to hang the hint on
    const [start] = rangeForPath(doc.document, node, parent, 'key');
    const line = doc.lines.positionAt(start).line;
    const character = doc.lines.lineText(line).trimEnd().length;
    const field = String(entry.at[entry.at.length - 1]);
    const hint = InlayHint.create({ line: line + firstLine, character }, `${field}: ${flowYaml(entry.value)}`);
    hint.paddingLeft = true;
    hint.tooltip = defaultTooltip(kind, entry.by, entry.onEachJob === true, minor);
    hints.push(hint);
  }
  return hints;
}

/** Who sets a default, and on what: the object itself, or each Job its template makes. */
function defaultTooltip(kind: KindName, by: string, onEachJob: boolean, minor: number): string {
  const release = `Kubernetes 1.${minor}`;
  if (kind === 'CronJob') return onEachJob ? `Set on each Job this CronJob creates (${by}, ${release}).` : `Set by the API server when the object is created (${by}, ${release}).`;
  if (kind === 'JobSet' || kind === 'TrainingRuntime' || kind === 'ClusterTrainingRuntime') {
    const jobSet = kind === 'JobSet' ? 'this JobSet' : 'the JobSet of each TrainJob of this runtime';
    return onEachJob ? `Set on each Job ${jobSet} creates (${by}, ${release}).` : `Set on ${jobSet} when it is created (${by}).`;
  }
  return `Set by the API server when the object is created (${by}, ${release}).`;
}
