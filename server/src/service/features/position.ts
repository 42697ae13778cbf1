// What is at a position: the YAML document, the Job, CronJob or CSIDriver it belongs to, and the field path
// relative to that object. Shared by completion, hover and code actions; works on half-typed text.
import type { Position } from 'vscode-languageserver-types';
import { cursorContext, type CursorContext } from '../document/cursor';
import type { FileModel, PlacedDocument } from '../document/fileModel';
import type { Settings } from '../settings';
import { pathAtOffset } from '../document/paths';
import { classify } from '../kube/resources';
import type { ResourceNode, YamlDocument } from '../document/yamlDocument';
import { KINDS, type JsonObject, type KindName, type PathSegment } from '../types';
import { toServerJson } from '../document/kubectlYaml';
import { isObject } from '../kube/defaults';

export interface PositionContext {
  placed: PlacedDocument;
  /** Line and character relative to the YAML document. */
  line: number;
  character: number;
  offset: number;
  cursor: CursorContext;
  /** The parsed object at the position, when the document parses and the object is ours. */
  resource?: ResourceNode;
  /** The kind of the object at the position, when it is ours (or being typed as ours). */
  kind?: KindName;
  /** The cursor's path relative to that object (List item prefix removed). */
  path: PathSegment[];
  /** The object as the API server would read it, when the document parses. */
  object?: JsonObject;
  /** The path on the parsed syntax tree relative to `resource`, when the document parses. */
  tree?: { path: PathSegment[]; on: 'key' | 'value' };
}

const TOP_KIND = /^kind:[ \t]*["']?([A-Za-z]+)["']?[ \t]*(?:#.*)?$/m;
const TOP_API_VERSION = /^apiVersion:[ \t]*["']?([\w.\-/]+)["']?[ \t]*(?:#.*)?$/m;

/**
 * A position as it lies in the text: its character past the end of its line is the line's end (as LSP says);
 * none past the last line, or for what is no position (a negative or fractional number), so that a client
 * asking about a line the text no longer has gets an empty answer rather than an error.
 */
export function positionIn(model: FileModel, text: string, position: Position): Position | undefined {
  if (!Number.isInteger(position?.line) || position.line < 0) return undefined;
  model.update(text);
  const placed = model.documentAtLine(position.line);
  const inDocument = placed?.doc.lines.clamp({ line: position.line - placed.slice.line, character: position.character });
  return placed && inDocument && { line: inDocument.line + placed.slice.line, character: inDocument.character };
}

/**
 * The context at a position (one `positionIn` gave). None when KubeAssist is disabled, inside a template action (`{{ … }}`), or in
 * a document larger than `kubeassist.maxFileSize` (too costly to read). A Helm template is read through its
 * masked text, so the lines around the cursor read as the YAML they render to.
 */
export function positionContext(model: FileModel, text: string, position: Position, settings: Settings): PositionContext | undefined {
  if (!settings.enable) return undefined;
  model.update(text);
  const placed = model.documentAtLine(position.line);
  if (!placed || placed.slice.text.length > (settings.maxFileSize || Infinity)) return undefined;
  const { doc, slice } = placed;
  const line = position.line - slice.line;
  const offset = doc.lines.offsetAt({ line, character: position.character });
  const template = doc.cursorTemplate;
  if (template?.inside(offset)) return undefined;
  const cursor = cursorContext(template ? template.text : doc.text, line, position.character);
  const context: PositionContext = { placed, line, character: position.character, offset, cursor, path: cursor.path };
  // A parsed object that contains the offset decides the kind and the path prefix (List items). A document
  // too big to parse for one request reads apiVersion and kind from its lines, as half-typed text does.
  for (const resource of tooBigToParse(doc) ? [] : doc.resources) {
    const range = resource.node.range;
    if (!range || offset < range[0] || offset > range[2]) continue;
    const classification = classify(resource.apiVersion, resource.kind);
    if (classification.status !== 'checked') return context;
    context.kind = classification.kind;
    context.resource = resource;
    context.path = stripPrefix(cursor.path, resource.prefix);
    try {
      const object = toServerJson(doc.document, resource.node);
      if (isObject(object)) context.object = object;
    } catch {
      // Too many aliases: no object; completion and hover still work from the text.
    }
    const tree = pathAtOffset(doc.document, resource.node, offset);
    if (tree) context.tree = { path: tree.path as PathSegment[], on: tree.on };
    return context;
  }
  // Half-typed text: read apiVersion and kind from the document's top-level lines.
  const kind = TOP_KIND.exec(doc.text)?.[1];
  const apiVersion = TOP_API_VERSION.exec(doc.text)?.[1];
  if (kind && apiVersion) {
    const classification = classify(apiVersion, kind);
    if (classification.status === 'checked') context.kind = classification.kind;
  } else if (kind && Object.prototype.hasOwnProperty.call(KINDS, kind)) {
    context.kind = kind as KindName;
  }
  return context;
}

/**
 * Lines plus flow-collection items above which completion and hover do not parse a document (validation does,
 * in the background): a 2 MB document with a 1,000,000-item list takes seconds and gigabytes to parse, which a
 * hover would wait for each time its tree had been dropped. A real Job or CSIDriver has a few hundred.
 */
const MAX_PARSED_ITEMS = 100_000;
const weights = new WeakMap<YamlDocument, boolean>();

function tooBigToParse(doc: YamlDocument): boolean {
  let heavy = weights.get(doc);
  if (heavy === undefined) {
    let items = 0;
    const text = doc.text;
    for (let i = 0; i < text.length && items <= MAX_PARSED_ITEMS; i++) if (text.charCodeAt(i) === 10 || text.charCodeAt(i) === 44) items++;
    weights.set(doc, (heavy = items > MAX_PARSED_ITEMS));
  }
  return heavy;
}

function stripPrefix(path: PathSegment[], prefix: readonly PathSegment[]): PathSegment[] {
  if (prefix.length === 0) return path;
  return prefix.every((segment, i) => path[i] === segment) ? path.slice(prefix.length) : path;
}
