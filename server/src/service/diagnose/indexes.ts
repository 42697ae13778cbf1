// The index sets of JobStatus (`completedIndexes`, `failedIndexes`: "1,3-5,7"), as indexed_job_utils.go
// parseIndexesFromString reads them; undefined when the text is not such a set.

/** The indexes of a set, at most `max` of them (a huge range is not expanded). */
export function parseIndexes(text: string, max = 100_000): number[] | undefined {
  if (text === '') return [];
  const out: number[] = [];
  for (const part of text.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first) return undefined;
    for (let i = first; i <= last && out.length < max; i++) out.push(i);
  }
  return out;
}

/** How many indexes a set holds, without expanding it. */
export function countIndexes(text: string): number | undefined {
  if (text === '') return 0;
  let count = 0;
  for (const part of text.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first) return undefined;
    count += last - first + 1;
  }
  return count;
}
