// Quick fixes for the exit-code requirement of a pod failure policy rule: one canonical list (increasing,
// each code once, no 0 with `In`) repairs the order, the repeats and the 0 at once.
import { quickFix, valueAt } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';

function exitCodeListFix(context: FixContext): QuickFix[] {
  const valuesPath = context.path.slice(0, context.path.lastIndexOf('values') + 1);
  const values = valueAt(context, valuesPath);
  const operator = valueAt(context, [...valuesPath.slice(0, -1), 'operator']);
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'number' && Number.isInteger(value))) return [];
  const codes = values as number[];
  const dropZero = (list: number[]) => (operator === 'In' ? list.filter((code) => code !== 0) : list);
  const canonical = dropZero([...new Set(codes)].sort((a, b) => a - b));
  if (canonical.length === 0) return []; // an empty list is an error of its own
  const same = (list: number[]) => list.length === canonical.length && list.every((code, i) => code === canonical[i]);
  const repeated = codes[Number(context.path[context.path.length - 1])];
  let title = `Change the exit codes to \`[${canonical.join(', ')}]\``;
  if (context.code.endsWith('exit-code-zero-with-in') && same(dropZero(codes))) title = 'Remove exit code 0';
  else if (context.code.endsWith('duplicate-exit-code') && same([...new Set(codes)])) title = `Remove the repeated exit code ${repeated}`;
  else if (context.code.endsWith('exit-codes-not-ordered') && same([...codes].sort((a, b) => a - b))) title = 'Sort the exit codes';
  const root = rootOf(context);
  return [quickFix(title, () => {
    const seq = root ? context.editor.seqAt(root, valuesPath) : undefined;
    return seq ? context.editor.rewriteList(seq, canonical) : undefined;
  }, { preferred: true })];
}

function operatorFixes(context: FixContext): QuickFix[] {
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
  if (!scalar) return [];
  return ['In', 'NotIn'].map((operator) => quickFix(`Set \`operator: ${operator}\``, () => context.editor.replaceString(scalar, operator)));
}

export const ON_EXIT_CODES_FIXES: Fixes = {
  'job/pod-failure-policy/exit-code-zero-with-in': { does: 'Removes 0 from the list (and sorts it, each code once)', offer: exitCodeListFix },
  'job/pod-failure-policy/duplicate-exit-code': { does: 'Removes the repeat (and sorts the list)', offer: exitCodeListFix },
  'job/pod-failure-policy/exit-codes-not-ordered': { does: 'Sorts the exit codes (each once)', offer: exitCodeListFix },
  'job/pod-failure-policy/operator-required': { does: 'Sets `operator: In` or `NotIn`', offer: operatorFixes },
};
