// Quick fixes for the success policy: make the Job Indexed, write `succeededIndexes` in canonical interval
// form (`0-2,5`), and lower `succeededCount` to what can be reached.
import { indexedFix, numberFix, quickFix, valueAt, jobSpecPath } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';
import { parseIndexes } from './indexesFormat';

const code = (name: string) => `job/success-policy/${name}`;

/**
 * The indexes a malformed list most likely means, in the form the Job controller writes them: increasing,
 * merged intervals, `a-b` for three or more indexes, two neighbours as `a,b`. `exact` is false when the
 * repair changed the set (indexes at or above `completions` dropped, a reversed interval turned round).
 */
export function canonicalIndexes(text: string, completions: number): { text: string; exact: boolean } | undefined {
  const intervals: [number, number][] = [];
  let exact = true;
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = /^\+?(\d+)(?:\s*-\s*\+?(\d+))?$/.exec(entry);
    if (!match) return undefined;
    let first = Number(match[1]);
    let last = match[2] === undefined ? first : Number(match[2]);
    if (first > last) {
      [first, last] = [last, first];
      exact = false;
    }
    if (last >= completions) {
      exact = false;
      last = completions - 1;
    }
    if (first <= last) intervals.push([first, last]);
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [first, last] of intervals) {
    const previous = merged[merged.length - 1];
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  if (merged.length === 0) return undefined;
  const written = merged.map(([first, last]) => (first === last ? `${first}` : last === first + 1 ? `${first},${last}` : `${first}-${last}`)).join(',');
  return { text: written, exact };
}

function succeededIndexesFix(context: FixContext): QuickFix[] {
  const completions = valueAt(context, jobSpecPath(context, 'completions'), true);
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
  if (typeof completions !== 'number' || !scalar || typeof scalar.value !== 'string') return [];
  const canonical = canonicalIndexes(scalar.value, completions);
  if (!canonical || canonical.text === scalar.value || 'error' in parseIndexes(canonical.text, completions)) return [];
  const title = canonical.exact ? `Rewrite as \`${canonical.text}\`` : `Rewrite as \`${canonical.text}\` (indexes below ${completions} only)`;
  return [quickFix(title, () => context.editor.replaceString(scalar, canonical.text), { preferred: canonical.exact })];
}

/** The bound a `succeededCount` above it is lowered to: the completions, or the number of listed indexes. */
function countFix(context: FixContext, bound: (rulePath: (string | number)[]) => number | undefined): QuickFix[] {
  const value = bound(context.path.slice(0, -1));
  return value === undefined ? [] : [numberFix(context, `Set \`succeededCount: ${value}\``, context.path, value)];
}

export const SUCCESS_POLICY_FIXES: Fixes = {
  [code('requires-indexed')]: { does: 'Sets `completionMode: Indexed` (and `completions` when missing)', offer: (context) => [indexedFix(context)] },
  [code('invalid-succeeded-indexes')]: {
    does: 'Rewrites the list in canonical interval form (`0-2,5`); preferred when the indexes stay the same',
    offer: succeededIndexesFix,
  },
  [code('succeeded-count-above-completions')]: {
    does: 'Sets `succeededCount` to `completions`',
    offer: (context) => countFix(context, () => {
      const completions = valueAt(context, jobSpecPath(context, 'completions'), true);
      return typeof completions === 'number' ? completions : undefined;
    }),
  },
  [code('succeeded-count-above-indexes')]: {
    does: 'Sets `succeededCount` to the number of listed indexes',
    offer: (context) => countFix(context, (rulePath) => {
      const indexes = valueAt(context, [...rulePath, 'succeededIndexes']);
      const completions = valueAt(context, jobSpecPath(context, 'completions'), true);
      if (typeof indexes !== 'string' || typeof completions !== 'number') return undefined;
      const parsed = parseIndexes(indexes, completions);
      return 'total' in parsed && parsed.total > 0 ? parsed.total : undefined;
    }),
  },
};
