// Links from a rendered view to the manifest: a field path the report writes in code (`spec.backoffLimit`,
// `spec.podFailurePolicy.rules[1]`, `backoffLimit: 6`) points at that field of the object the view is about, or at
// its nearest written parent when the manifest leaves it to a default (document/paths.ts rangeForPath).
import type { Position } from 'vscode-languageserver-types';
import { lastStartingAtOrBefore, type FileModel } from '../../document/fileModel';
import type { YamlDocument } from '../../document/yamlDocument';
import { rangeForPath } from '../../document/paths';
import type { FieldPath, PathSegment } from '../../types';

const PATH = /^(spec|metadata|status)((\.[A-Za-z][A-Za-z0-9_-]*)|(\[\d+\]))+$/;
const KEY_VALUE = /^([a-z][A-Za-z0-9]*): ?\S/;
/** Where a bare `key: value` of a report is most likely written, in the order the reports speak of them. */
const KEY_HOMES: FieldPath[] = [['spec'], ['spec', 'template', 'spec'], ['spec', 'jobTemplate', 'spec'], ['spec', 'jobTemplate', 'spec', 'template', 'spec']];

/** `spec.rules[1].action` -> ['spec', 'rules', 1, 'action']. */
export function parseFieldPath(text: string): FieldPath | undefined {
  if (!PATH.test(text)) return undefined;
  const path: PathSegment[] = [];
  for (const [, key, index] of text.matchAll(/([A-Za-z][A-Za-z0-9_-]*)|\[(\d+)\]/g)) path.push(index !== undefined ? Number(index) : key);
  return path;
}

/**
 * A resolver for the code spans of the view of the object that starts at `objectLine`: the position of the field a
 * span names, or undefined (not a field, or no such object). The document is parsed once, for every span.
 */
export function fieldLocator(model: FileModel, text: string, objectLine: number): (code: string) => Position | undefined {
  const source = fieldSource(model, text, objectLine);
  if (!source) return () => undefined;
  const { doc, index, firstLine } = source;
  // The document as JSON, made once for all the spans that need it (a page names dozens of fields).
  let json: unknown;
  let converted = false;
  const documentJson = () => {
    if (!converted) [json, converted] = [doc.document.toJS({ maxAliasCount: 50 }), true];
    return json;
  };
  const resolve = (path: FieldPath, exact: boolean): Position | undefined => {
    const resource = doc.resources[index];
    if (!resource) return undefined;
    const [start] = rangeForPath(doc.document, resource.node, path, 'key');
    if (exact && !hasPath(documentJson(), [...resource.prefix, ...path])) return undefined;
    const position = doc.lines.positionAt(start);
    return { line: firstLine + position.line, character: position.character };
  };
  return (code) => {
    const path = parseFieldPath(code);
    if (path) return resolve(path, false);
    const keyValue = KEY_VALUE.exec(code);
    if (!keyValue) return undefined;
    for (const home of KEY_HOMES) {
      const position = resolve([...home, keyValue[1]], true);
      if (position) return position;
    }
    return undefined;
  };
}

/**
 * The object whose fields the view of the object that starts at `objectLine` links to: the last one starting at or
 * before that line, found from the documents' summaries (no document is parsed); its document, index there, and the
 * document's first line in the file.
 */
export function fieldSource(model: FileModel, text: string, objectLine: number): { doc: YamlDocument; index: number; firstLine: number } | undefined {
  const documents = model.update(text);
  // Back from the last document starting at or before the line: the first with an object starting at or before it
  // holds the answer (the documents before it end above its objects).
  for (let at = lastStartingAtOrBefore(documents, objectLine); at >= 0; at--) {
    const { slice, doc } = documents[at];
    let found: { index: number; line: number } | undefined;
    doc.resourceSummaries.forEach((summary, index) => {
      const line = slice.line + doc.lines.positionAt(summary.offset).line;
      if (line > objectLine || (found && found.line > line)) return;
      found = { index, line };
    });
    if (found) return { doc, index: found.index, firstLine: slice.line };
  }
  return undefined;
}


function hasPath(root: unknown, path: FieldPath): boolean {
  let at = root;
  for (const step of path) {
    if (typeof at !== 'object' || at === null) return false;
    at = (at as Record<string | number, unknown>)[step];
    if (at === undefined) return false;
  }
  return true;
}
