// Where a quoted scalar opens on a line, as a mapping value or a sequence item (go-yaml's leniency, lenient.ts):
// the match of OPENING below. The pattern backtracks: on a line of n sequence indicators (`- - - ...`), each
// number of them it gives back rescans the rest of the line for a key, n² steps (2.7 s for a 20,000-character
// line). A line with more than a few indicators is read by `quoteOpeningScan` instead: the pattern's choices in
// its order, with what the rescans look for (the next `: ` a quote follows, the next `#`) found once for the line.

/** White space is spaces and tabs (\s would take a BOM for one, which go-yaml reads as text). The key is plain, single-quoted ('' an escaped quote) or double-quoted (\ escapes), as go-yaml reads any of them. */
export const OPENING = /^[ \t]*(?:-[ \t]+)*(?:(?:[^\s#'"][^#]*?|'(?:[^']|'')*'[ \t]*|"(?:[^"\\]|\\.)*"[ \t]*):[ \t]+|-[ \t]+)(['"])/;

/** Up to this many sequence indicators before the key, the pattern's steps stay within a few times the line. */
const FEW_INDICATORS = 4;

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isQuote = (c: string | undefined) => c === "'" || c === '"';
/** `\s` as the pattern reads it, for one character. */
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** The quote that opens, and where its body starts (the match's length); undefined when none opens. */
export function quoteOpening(line: string): { quote: string; bodyStart: number } | undefined {
  if (indicators(line) > FEW_INDICATORS) return quoteOpeningScan(line);
  const match = OPENING.exec(line);
  return match ? { quote: match[1], bodyStart: match[0].length } : undefined;
}

/** How many sequence indicators (`-` and blanks) start the line, after its indentation. */
function indicators(line: string): number {
  let count = 0;
  for (let p = pastBlanks(line, 0); (p = pastIndicator(line, p)) !== -1; ) count++;
  return count;
}

/** Past the blanks from `at` on. */
function pastBlanks(line: string, at: number): number {
  while (isBlank(line[at])) at++;
  return at;
}

/** Past one sequence indicator at `at` (`-` and all the blanks after it); -1 when none starts there. */
function pastIndicator(line: string, at: number): number {
  return line[at] === '-' && isBlank(line[at + 1]) ? pastBlanks(line, at + 2) : -1;
}

/** quoteOpening in steps linear in the line, whatever it holds. */
export function quoteOpeningScan(line: string): { quote: string; bodyStart: number } | undefined {
  const n = line.length;
  // The places after 0, 1, 2, ... sequence indicators.
  const starts = [pastBlanks(line, 0)];
  for (let p = pastIndicator(line, starts[0]); p !== -1; p = pastIndicator(line, p)) starts.push(p);
  // valueQuote[i]: where the quote is when `:` at i is followed by blanks and a quote (else -1).
  const valueQuote = new Int32Array(n + 1).fill(-1);
  const blanksEnd = new Int32Array(n + 1);
  blanksEnd[n] = n;
  for (let i = n - 1; i >= 0; i--) blanksEnd[i] = isBlank(line[i]) ? blanksEnd[i + 1] : i;
  for (let i = 0; i < n; i++) {
    if (line[i] === ':' && isBlank(line[i + 1]) && isQuote(line[blanksEnd[i + 1]])) valueQuote[i] = blanksEnd[i + 1];
  }
  // nextColon[i]: the first such `:` at or after i; nextHash[i]: the first `#` at or after i (n when none).
  const nextColon = new Int32Array(n + 1);
  const nextHash = new Int32Array(n + 1);
  nextColon[n] = n;
  nextHash[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    nextColon[i] = valueQuote[i] >= 0 ? i : nextColon[i + 1];
    nextHash[i] = line[i] === '#' ? i : nextHash[i + 1];
  }
  const opened = (quoteAt: number) => ({ quote: line[quoteAt], bodyStart: quoteAt + 1 });
  // The pattern takes as many indicators as it can first, and gives them back one at a time.
  for (let k = starts.length - 1; k >= 0; k--) {
    const at = starts[k];
    const c = line[at];
    // A plain key: its first character, then the shortest run without `#` up to a `:` its value follows.
    if (c !== undefined && !isSpace(c) && c !== '#' && !isQuote(c) && at + 1 <= n) {
      const colon = nextColon[at + 1];
      if (colon < n && nextHash[at + 1] >= colon) return opened(valueQuote[colon]);
    }
    if (c === "'") {
      const found = singleQuotedKey(line, at, valueQuote, blanksEnd);
      if (found !== undefined) return opened(found);
    }
    if (c === '"') {
      const found = doubleQuotedKey(line, at, valueQuote, blanksEnd);
      if (found !== undefined) return opened(found);
    }
    // `-` and blanks, then the quote: the indicator given back is the item the quote opens.
    if (c === '-' && isBlank(line[at + 1]) && isQuote(line[blanksEnd[at + 1]])) return opened(blanksEnd[at + 1]);
  }
  return undefined;
}

/**
 * `'...'` (`''` an escaped quote), blanks, then a `:` its value follows: where that quote is. The pattern may end the
 * key at any quote it reaches, but each one before the last is followed by another quote, never by blanks and a `:`.
 */
function singleQuotedKey(line: string, at: number, valueQuote: Int32Array, blanksEnd: Int32Array): number | undefined {
  for (let i = at + 1; i < line.length; i++) {
    if (line[i] !== "'") continue;
    if (line[i + 1] === "'") {
      i++;
      continue;
    }
    const colon = blanksEnd[i + 1];
    return valueQuote[colon] >= 0 ? valueQuote[colon] : undefined;
  }
  return undefined;
}

/** `"..."` (`\` escapes the next character), blanks, then a `:` its value follows: where that quote is. */
function doubleQuotedKey(line: string, at: number, valueQuote: Int32Array, blanksEnd: Int32Array): number | undefined {
  for (let i = at + 1; i < line.length; i++) {
    if (line[i] === '\\') {
      // `\\.`: any character but a line terminator.
      if (i + 1 >= line.length || LINE_TERMINATOR.test(line[i + 1])) return undefined;
      i++;
      continue;
    }
    if (line[i] !== '"') continue;
    const colon = blanksEnd[i + 1];
    return valueQuote[colon] >= 0 ? valueQuote[colon] : undefined;
  }
  return undefined;
}
