// validateIndexesFormat / parseIndexInterval: the text form of a set of Job indexes, such as `1,3-5,7`.
// Mirrors Go's reading: each number goes through strconv.Atoi (so `+3` and `007` are accepted), an
// interval `x-y` needs x < y, and intervals must increase without overlapping.

export type IndexesResult = { total: number } | { error: string };

const DECIMAL = /^\+?[0-9]+$/;

export function parseIndexes(text: string, completions: number): IndexesResult {
  if (text.length === 0) return { total: 0 };
  let lastIndex: number | undefined;
  let total = 0;
  for (const interval of text.split(',')) {
    const parsed = parseInterval(interval, completions);
    if ('error' in parsed) return parsed;
    const [first, last] = parsed.interval;
    if (lastIndex !== undefined && lastIndex >= first) {
      return { error: `indexes must increase without repeats or overlaps, but ${first} comes after ${lastIndex}` };
    }
    total += last - first + 1;
    lastIndex = last;
  }
  return { total };
}

function parseInterval(text: string, completions: number): { interval: [number, number] } | { error: string } {
  if (text === '') return { error: 'there is an empty entry (a stray or trailing comma)' };
  const limits = text.split('-');
  if (limits.length > 2) return { error: `\`${text}\` has more than one \`-\` (an interval is \`first-last\`)` };
  const numbers: number[] = [];
  for (const limit of limits) {
    if (limit === '') return { error: `\`${text}\` has an empty index next to its \`-\` (indexes cannot be negative)` };
    if (!DECIMAL.test(limit)) return { error: `\`${limit}\` is not a decimal index` };
    const index = Number(limit);
    if (index >= completions) return { error: `index ${limit} is not below \`completions\` (${completions})` };
    numbers.push(index);
  }
  const [first, last = first] = numbers as [number, number?];
  if (numbers.length === 2 && first >= last) {
    return { error: `in \`${text}\` the first index must be lower than the last (write a single index without \`-\`)` };
  }
  return { interval: [first, last] };
}
