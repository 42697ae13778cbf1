// go-yaml (and so kubectl) accepts a multi-line quoted scalar whose continuation lines are not indented
// past the key that owns it, as older CRD generators write them. YAML 1.2 (and `yaml`) rejects them.
// We rewrite such line breaks into spaces in a shadow copy of the text, which keeps every offset the
// same, so nodes parsed from the shadow text still point at the right characters of the real text.

export interface LenientRepair {
  /** The shadow text, same length as the input. */
  text: string;
  /** Offsets (in the input) of the first character of each continuation line that was joined. */
  joinedLines: number[];
}

/** Returns a repaired shadow text, or undefined when there is nothing go-yaml would read differently. */
export function repairUnderIndentedQuotedScalars(text: string): LenientRepair | undefined {
  const chars = text.split('');
  const joinedLines: number[] = [];
  let lineStart = 0;
  while (lineStart < text.length) {
    const lineEnd = endOfLine(text, lineStart);
    const opening = findOpenQuote(text, lineStart, lineEnd);
    if (!opening) {
      lineStart = lineEnd + 1;
      continue;
    }
    const ownerIndent = indentOf(text, lineStart);
    // Continue scanning the quoted scalar over the following lines until its closing quote.
    let cursor = lineEnd + 1;
    let closed = false;
    while (cursor < text.length && !closed) {
      const nextEnd = endOfLine(text, cursor);
      const contentStart = cursor + indentOf(text, cursor);
      if (contentStart < nextEnd && indentOf(text, cursor) <= ownerIndent) {
        // Join: the line break (and a CR before it) becomes spaces; folding already turns it into a space.
        chars[cursor - 1] = ' ';
        if (cursor >= 2 && text[cursor - 2] === '\r') chars[cursor - 2] = ' ';
        joinedLines.push(cursor);
      }
      closed = closesQuote(text, contentStart, nextEnd, opening.quote);
      cursor = nextEnd + 1;
    }
    lineStart = cursor;
  }
  return joinedLines.length ? { text: chars.join(''), joinedLines } : undefined;
}

function endOfLine(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline === -1 ? text.length : newline;
}

function indentOf(text: string, lineStart: number): number {
  let i = lineStart;
  while (text[i] === ' ') i++;
  return i - lineStart;
}

/** A quoted scalar that opens on this line (as a mapping value or sequence item) and does not close on it. */
function findOpenQuote(text: string, start: number, end: number): { quote: string } | undefined {
  const line = text.slice(start, end);
  const match = /^\s*(?:-\s+)*(?:[^\s#'"][^#]*?:\s+|-\s+)(['"])/.exec(line);
  if (!match) return undefined;
  const quote = match[1];
  const bodyStart = start + match[0].length;
  return closesQuote(text, bodyStart, end, quote) ? undefined : { quote };
}

/** Whether the quoted scalar closes between `from` and `end`. */
function closesQuote(text: string, from: number, end: number, quote: string): boolean {
  for (let i = from; i < end; i++) {
    const c = text[i];
    if (quote === '"' && c === '\\') {
      i++;
      continue;
    }
    if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") {
        i++;
        continue;
      }
      return true;
    }
  }
  return false;
}
