// Every quick fix by finding code (bound in families.ts). Turns a finding into the fix data its diagnostic carries, and finds a lazy fix again at resolve time.
import type { Range, TextEdit } from 'vscode-languageserver-types';
import { YamlEditor, type FixData, type OffsetEdit } from '../document/edits';
import { toServerJson } from '../document/kubectlYaml';
import type { OffsetRange } from '../document/paths';
import type { YamlDocument } from '../document/yamlDocument';
import { applyDefaults, isObject } from '../kube/defaults';
import { classify } from '../kube/resources';
import type { FieldPath } from '../types';
import { FIXES_BY_CODE } from './families';
import type { FixContext, FixProvider, FixResource, QuickFix } from './types';

let providers: Map<string, FixProvider> | undefined;

/** All fix providers by code. */
export function fixProviders(): ReadonlyMap<string, FixProvider> {
  providers ??= new Map(Object.entries(FIXES_BY_CODE).map(([code, entry]) => [code, entry.offer]));
  return providers;
}

/** The object at `index` of a document's resources, as rules see it; undefined when it is not ours or not a mapping. */
export function fixResource(doc: YamlDocument, index: number | undefined): FixResource | undefined {
  const resource = index === undefined ? undefined : doc.resources[index];
  if (!resource) return undefined;
  const classification = classify(resource.apiVersion, resource.kind);
  if (classification.status === 'other') return undefined;
  let object;
  try {
    object = toServerJson(doc.document, resource.node);
  } catch {
    return undefined; // alias bomb: no fixes
  }
  if (!isObject(object)) return undefined;
  return { kind: classification.kind, node: resource.node, object, defaulted: applyDefaults(classification.kind, object) };
}

/** One editor per parsed document: it reads the document's layout once. */
const editors = new WeakMap<YamlDocument, YamlEditor>();

export function fixContext(
  doc: YamlDocument, finding: { code: string; path: FieldPath; range: OffsetRange }, resource: FixResource | undefined, minor: number,
  extra: Pick<FixContext, 'baseline' | 'file'> = {},
): FixContext {
  let editor = editors.get(doc);
  if (!editor) editors.set(doc, (editor = new YamlEditor(doc)));
  return { ...finding, doc, editor, resource, minor, ...extra };
}

/** The fixes for one finding, preferred first. A failing provider offers nothing rather than failing the check. */
export function quickFixes(context: FixContext): QuickFix[] {
  const provider = fixProviders().get(context.code);
  if (!provider) return [];
  try {
    const fixes = provider(context);
    return [...fixes.filter((fix) => fix.preferred), ...fixes.filter((fix) => !fix.preferred)];
  } catch (error) {
    console.error(`kubeassist: fixes for ${context.code} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return [];
  }
}

/** What a diagnostic carries in `data.fixes`: eager fixes with their edits, lazy ones with the path to find them again. */
export function fixData(context: FixContext): FixData[] {
  const out: FixData[] = [];
  for (const fix of quickFixes(context)) {
    const data: FixData = { title: fix.title };
    if (fix.preferred) data.preferred = true;
    if (fix.lazy) {
      data.lazy = { path: context.path };
    } else {
      const edits = safeEdits(fix);
      if (!edits) continue;
      data.edits = edits.map((edit) => toTextEdit(context.doc, edit));
    }
    out.push(data);
  }
  return out;
}

export function safeEdits(fix: QuickFix): OffsetEdit[] | undefined {
  try {
    return fix.edits();
  } catch (error) {
    console.error(`kubeassist: fix "${fix.title}" failed: ${error instanceof Error ? error.stack : String(error)}`);
    return undefined;
  }
}

export function toRange(doc: YamlDocument, start: number, end: number): Range {
  return { start: doc.lines.positionAt(start), end: doc.lines.positionAt(end) };
}

export function toTextEdit(doc: YamlDocument, edit: OffsetEdit): TextEdit {
  return { range: toRange(doc, edit.start, edit.end), newText: edit.text };
}
