// Completion in Kustomize patches: the strategic-merge directives beside a mapping's fields (`$patch`,
// `$retainKeys`, `$setElementOrder/<list>`, `$deleteFromPrimitiveList/<list>`) and the values of `$patch`;
// in a JSON 6902 operation list, the operations and the field names a `path` (or `from`) continues with.
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Position, type Range } from 'vscode-languageserver-types';
import { fieldDoc, schemaPathOf } from '../catalogue/index';
import { JSON6902_OPERATIONS, pointerSegments, resolvePointer, targetKinds } from '../partial/json6902';
import { PATCH_DIRECTIVES, PATCH_STRATEGIES } from '../partial/strategicMerge';
import { schemaAt } from '../schema/navigate';
import type { JsonSchema } from '../schema/schemas';
import type { KindName } from '../types';
import type { KustomizationUse } from '../workspace/context';
import type { PositionContext } from './position';
import { typeLabel } from './types';

const DIRECTIVE_DOCS: Record<string, string> = {
  [PATCH_DIRECTIVES.patch]: 'How this mapping (or the list this item is in) merges into the base: `merge` (the default), `replace` it whole, or `delete` it.',
  [PATCH_DIRECTIVES.retainKeys]: 'The only fields of this mapping to keep after the merge; the base\'s other fields are dropped.',
  [PATCH_DIRECTIVES.setElementOrder]: 'The order of the merged list\'s items, by their merge key (for a list of objects, e.g. `- name: main`).',
  [PATCH_DIRECTIVES.deleteFromPrimitiveList]: 'Values to remove from the base\'s list of plain values.',
};

function isList(schema: JsonSchema | undefined): boolean {
  return !!schema && ([] as unknown[]).concat(schema.type ?? []).includes('array');
}

/** The directive keys a strategic-merge patch may write in the mapping whose schema is `schema`. */
export function directiveItems(kind: KindName, path: readonly (string | number)[], schema: JsonSchema, present: ReadonlySet<string>, replace: Range, itemIndent: string): CompletionItem[] {
  const items: CompletionItem[] = [];
  const add = (label: string, insert: string, doc: string) => {
    if (present.has(label)) return;
    items.push({
      label, kind: CompletionItemKind.Keyword, detail: 'strategic-merge directive', documentation: doc, sortText: `2_${label}`,
      filterText: label, insertTextFormat: InsertTextFormat.Snippet, textEdit: { range: replace, newText: insert },
    });
  };
  add(PATCH_DIRECTIVES.patch, `\\${PATCH_DIRECTIVES.patch}: \${1|${PATCH_STRATEGIES.join(',')}|}`, DIRECTIVE_DOCS[PATCH_DIRECTIVES.patch]);
  add(PATCH_DIRECTIVES.retainKeys, `\\${PATCH_DIRECTIVES.retainKeys}: [$1]`, DIRECTIVE_DOCS[PATCH_DIRECTIVES.retainKeys]);
  // Only lists that merge item by item take these: keyed lists of objects, and sets of plain values.
  for (const name of Object.keys((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    const listType = schemaAt(kind, [...path, name])?.['x-kubernetes-list-type'];
    const directive = listType === 'map' ? PATCH_DIRECTIVES.setElementOrder : listType === 'set' ? PATCH_DIRECTIVES.deleteFromPrimitiveList : undefined;
    if (directive) add(`${directive}${name}`, `\\${directive}${name}:\n${itemIndent}- $1`, DIRECTIVE_DOCS[directive]);
  }
  return items;
}

/** The values of `$patch`. */
export function patchStrategyItems(replace: Range): CompletionItem[] {
  return PATCH_STRATEGIES.map((value, index) => ({ label: value, kind: CompletionItemKind.EnumMember, sortText: String(index), textEdit: { range: replace, newText: value } }));
}

/**
 * Completion in a JSON 6902 operation list whose kustomizations target one of our kinds: `op` values, and
 * for `path`/`from` the fields that can follow the part already typed. Undefined when the cursor is elsewhere.
 */
export function json6902Items(context: PositionContext, uses: readonly KustomizationUse[], position: Position): CompletionItem[] | undefined {
  const { cursor } = context;
  if (cursor.on !== 'value' || cursor.path.length !== 2 || typeof cursor.path[0] !== 'number') return undefined;
  const field = cursor.path[1];
  const typed = cursor.prefix.replace(/^["']/, '');
  const replaceFrom = (length: number): Range => ({ start: { line: position.line, character: position.character - length }, end: position });
  if (field === 'op') {
    return JSON6902_OPERATIONS.map((op, index) => ({ label: op, kind: CompletionItemKind.EnumMember, sortText: String(index), textEdit: { range: replaceFrom(typed.length), newText: op } }));
  }
  if (field !== 'path' && field !== 'from') return undefined;
  const kind = targetKinds(uses)[0];
  if (!kind) return [];
  const slash = typed.lastIndexOf('/');
  const segments = pointerSegments(typed.slice(0, Math.max(0, slash))) ?? [];
  const resolved = resolvePointer(kind, segments, 'add');
  if ('failed' in resolved) return [];
  const schema = schemaAt(kind, resolved.path);
  const lead = slash === -1 ? '/' : '';
  const last = typed.slice(slash + 1);
  const range = replaceFrom(last.length);
  if (isList(schema)) {
    return ['0', '-'].map((step, index) => ({ label: `${lead}${step}`, kind: CompletionItemKind.Value, detail: step === '-' ? 'the end of the list (add)' : 'the first item', sortText: String(index), textEdit: { range, newText: `${lead}${step}` } }));
  }
  return Object.keys((schema?.properties as Record<string, JsonSchema> | undefined) ?? {}).map((name) => {
    const fieldPath = [...resolved.path, name];
    const entry = fieldDoc(kind, schemaPathOf(fieldPath));
    const escaped = name.replace(/~/g, '~0').replace(/\//g, '~1');
    return {
      label: `${lead}${escaped}`, kind: CompletionItemKind.Property, detail: typeLabel(schemaAt(kind, fieldPath)),
      documentation: entry?.summary, filterText: `${lead}${escaped}`, textEdit: { range, newText: `${lead}${escaped}` },
    };
  });
}
