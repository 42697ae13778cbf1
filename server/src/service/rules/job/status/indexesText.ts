// validateIndexesFormat / parseIndexInterval and validateFailedIndexesNotOverlapCompleted
// (pkg/apis/batch/validation/validation.go), with the server's own error texts: the status checks quote them.
// Numbers go through Go's strconv.Atoi (a leading `+` is accepted, anything else not decimal is refused).

export interface IndexInterval { first: number; last: number }

export type IndexesReading =
  | { ok: true; intervals: IndexInterval[]; total: number }
  | { ok: false; serverText: string; kind: 'format' | 'range' | 'order' };

const ATOI = /^[+-]?[0-9]+$/;
const MAX_INT = 2 ** 63;

function atoi(text: string): number | undefined {
  if (!ATOI.test(text)) return undefined;
  const value = Number(text);
  return Math.abs(value) >= MAX_INT ? undefined : value;
}

/** parseIndexInterval: one `x` or `x-y`, each below `completions`, x < y. */
function parseInterval(text: string, completions: number): { interval: IndexInterval } | { serverText: string; kind: 'format' | 'range' | 'order' } {
  const limits = text.split('-');
  if (limits.length > 2) {
    return { serverText: `the fragment ${JSON.stringify(text)} violates the requirement that an index interval can have at most two parts separated by '-'`, kind: 'format' };
  }
  const first = atoi(limits[0]);
  if (first === undefined) return { serverText: `cannot convert string to integer for index: ${JSON.stringify(limits[0])}`, kind: 'format' };
  if (first >= completions) return { serverText: `too large index: ${JSON.stringify(limits[0])}`, kind: 'range' };
  if (limits.length === 1) return { interval: { first, last: first } };
  const last = atoi(limits[1]);
  if (last === undefined) return { serverText: `cannot convert string to integer for index: ${JSON.stringify(limits[1])}`, kind: 'format' };
  if (last >= completions) return { serverText: `too large index: ${JSON.stringify(limits[1])}`, kind: 'range' };
  if (first >= last) return { serverText: `non-increasing order, previous: ${first}, current: ${last}`, kind: 'order' };
  return { interval: { first, last } };
}

/** validateIndexesFormat: the intervals in increasing order, without overlaps; the first problem as the server words it. */
export function readIndexes(text: string, completions: number): IndexesReading {
  if (text.length === 0) return { ok: true, intervals: [], total: 0 };
  const intervals: IndexInterval[] = [];
  let total = 0;
  for (const fragment of text.split(',')) {
    const parsed = parseInterval(fragment, completions);
    if ('serverText' in parsed) return { ok: false, serverText: parsed.serverText, kind: parsed.kind };
    const previous = intervals[intervals.length - 1];
    if (previous && previous.last >= parsed.interval.first) {
      return { ok: false, serverText: `non-increasing order, previous: ${previous.last}, current: ${parsed.interval.first}`, kind: 'order' };
    }
    intervals.push(parsed.interval);
    total += parsed.interval.last - parsed.interval.first + 1;
  }
  return { ok: true, intervals, total };
}

/**
 * validateFailedIndexesNotOverlapCompleted: the first index in both sets, walking the two interval lists side by
 * side; intervals that do not parse are skipped (their format is reported by the format checks).
 */
export function firstOverlap(completed: string, failed: string, completions: number): number | undefined {
  if (completed.length === 0 || failed.length === 0) return undefined;
  const parse = (fragment: string) => {
    const parsed = parseInterval(fragment, completions);
    return 'interval' in parsed ? parsed.interval : undefined;
  };
  const completedParts = completed.split(',');
  const failedParts = failed.split(',');
  let c = 0;
  let f = 0;
  let cInterval = parse(completedParts[0]);
  let fInterval = parse(failedParts[0]);
  while (c < completedParts.length && f < failedParts.length) {
    if (!cInterval) {
      c++;
      if (c < completedParts.length) cInterval = parse(completedParts[c]);
    } else if (!fInterval) {
      f++;
      if (f < failedParts.length) fInterval = parse(failedParts[f]);
    } else {
      if (cInterval.first <= fInterval.last && fInterval.first <= cInterval.last) return Math.max(cInterval.first, fInterval.first);
      if (cInterval.first <= fInterval.first) {
        c++;
        if (c < completedParts.length) cInterval = parse(completedParts[c]);
      } else {
        f++;
        if (f < failedParts.length) fInterval = parse(failedParts[f]);
      }
    }
  }
  return undefined;
}

/** `0-2,5` as words: "indexes 0-2 and 5". */
export function describeIntervals(intervals: readonly IndexInterval[]): string {
  const parts = intervals.map(({ first, last }) => (first === last ? `${first}` : `${first}-${last}`));
  if (parts.length === 0) return 'no index';
  const single = intervals.length === 1 && intervals[0].first === intervals[0].last;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `${single ? 'index' : 'indexes'} ${list}`;
}
