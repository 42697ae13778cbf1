// Quick fixes for the YAML issues found while reading a document (yamlDocument.ts): a duplicate key (keep
// one of the two), and a quoted string's continuation line that only go-yaml accepts (indent it).
import { isPair, isScalar, visit, type Pair } from 'yaml';
import { quickFix } from './common';
import type { FixContext, Fixes, QuickFix } from './types';
import { duplicateKeyAt } from '../document/yamlDocument';

function duplicateKeyFixes(context: FixContext): QuickFix[] {
  const found = duplicateKeyAt(context.doc.document, context.range[0]);
  if (!found) return [];
  return [
    quickFix(`Remove this \`${found.key}\` (keep the first one)`, () => context.editor.removePair(found.map, found.pair)),
    quickFix(`Keep this \`${found.key}\`, remove the first one`, () => context.editor.removePair(found.map, found.first)),
  ];
}

/** The pair whose quoted value contains `offset`. */
function pairAround(context: FixContext, offset: number): Pair | undefined {
  let found: Pair | undefined;
  visit(context.doc.document, {
    Pair(_, pair) {
      const value = pair.value;
      if (isPair(pair) && isScalar(value) && value.range && value.range[0] < offset && offset < value.range[1]) {
        found = pair as Pair;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function lenientIndentationFixes(context: FixContext): QuickFix[] {
  const pair = pairAround(context, context.range[0]);
  const keyStart = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
  if (keyStart === undefined) return [];
  const { lines, text } = context.doc;
  const line = lines.positionAt(context.range[0]).line;
  const start = lines.lineStart(line);
  // Deeper than the key, so that every YAML reader sees the line as part of the string.
  const indent = ' '.repeat(lines.positionAt(keyStart).character + context.editor.unit);
  const current = /^ */.exec(text.slice(start))![0];
  if (current.length >= indent.length) return [];
  return [quickFix('Indent the line under its key', () => ({ start, end: start + current.length, text: indent }), { preferred: true })];
}

export const YAML_FIXES: Fixes = {
  'yaml/duplicate-key': { does: 'Removes this key or the first one', offer: duplicateKeyFixes },
  'yaml/lenient-indentation': { does: 'Indents the continuation line under its key', offer: lenientIndentationFixes },
};
