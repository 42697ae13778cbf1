// Sets of completion indexes as the Job controller keeps them (indexed_job_utils.go: orderedIntervals).
export interface Interval {
  first: number;
  last: number;
}
export type OrderedIntervals = readonly Interval[];

/** Go's strconv.Atoi on what the controller reads: an optional sign and decimal digits. */
function atoi(text: string): number | undefined {
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

/** Texts read again and again by the syncs of one Job (completedIndexes, failedIndexes, success policy rules). */
const PARSED = new Map<string, OrderedIntervals>();

/**
 * parseIndexesFromString: intervals at or past `completions` end the list; a corrupted interval is skipped. The result
 * is shared with later calls for the same text (a sync reads status.completedIndexes again and again): do not change it.
 */
export function parseIndexesFromString(indexes: string, completions: number): OrderedIntervals {
  if (indexes === '') return [];
  const key = `${completions}|${indexes}`;
  const known = PARSED.get(key);
  if (known) return known;
  const result = parseIntervals(indexes, completions);
  if (PARSED.size >= 64) PARSED.clear();
  PARSED.set(key, result);
  return result;
}

function parseIntervals(indexes: string, completions: number): Interval[] {
  const result: Interval[] = [];
  for (const text of indexes.split(',')) {
    const limits = text.split('-');
    const first = atoi(limits[0]);
    if (first === undefined) continue;
    if (first >= completions) break;
    let last = first;
    if (limits.length > 1) {
      const parsed = atoi(limits[1]);
      if (parsed === undefined) continue;
      last = parsed >= completions ? completions - 1 : parsed;
    }
    const previous = result[result.length - 1];
    if (previous && previous.last === first - 1) previous.last = last;
    else result.push({ first, last });
  }
  return result;
}

/** orderedIntervals.merge */
export function mergeIntervals(a: OrderedIntervals, b: OrderedIntervals): Interval[] {
  const result: Interval[] = [];
  const append = (interval: Interval) => {
    const last = result[result.length - 1];
    if (!last || interval.first > last.last + 1) result.push({ ...interval });
    else if (last.last < interval.last) last.last = interval.last;
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) append(a[i].first < b[j].first ? a[i++] : b[j++]);
  while (i < a.length) append(a[i++]);
  while (j < b.length) append(b[j++]);
  return result;
}

/** orderedIntervals.withOrderedIndexes: `indexes` in increasing order. */
export function withOrderedIndexes(intervals: OrderedIntervals, indexes: readonly number[]): Interval[] {
  return mergeIntervals(intervals, indexes.map((index) => ({ first: index, last: index })));
}

export function totalOf(intervals: OrderedIntervals): number {
  return intervals.reduce((sum, { first, last }) => sum + last - first + 1, 0);
}

/** orderedIntervals.String: `1,3-5,7`; two consecutive numbers are written `1,2`. */
export function intervalsToString(intervals: OrderedIntervals): string {
  return intervals.map(({ first, last }) => (last > first ? `${first}${last === first + 1 ? ',' : '-'}${last}` : `${first}`)).join(',');
}

export function hasIndex(intervals: OrderedIntervals | undefined, index: number): boolean {
  return !!intervals && intervals.some(({ first, last }) => first <= index && index <= last);
}

export function sortedUnique(indexes: Iterable<number>): number[] {
  return [...new Set(indexes)].sort((a, b) => a - b);
}
