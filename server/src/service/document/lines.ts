// Offset <-> line/character conversion for one text, in UTF-16 code units as LSP counts them.

/**
 * In a list ordered so that `before` holds for a first run of its items and for none after: how many items that
 * run has (the index of the first item it does not hold for). A binary search.
 */
export function partitionPoint<T>(list: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(list[middle])) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface Position {
  line: number;
  character: number;
}

/** The index of the first item at or after `line` (items in order of their lines). */
export function firstAtOrAfter(items: readonly { line: number }[], line: number): number {
  return partitionPoint(items, (item) => item.line < line);
}

/** A position moved down by `lines` lines (up when negative), its character as it is. */
export function movedPosition(position: Position, lines: number): Position {
  return { line: position.line + lines, character: position.character };
}

/** A range moved down by `lines` lines (up when negative), its characters as they are. */
export function movedRange(range: { start: Position; end: Position }, lines: number): { start: Position; end: Position } {
  return { start: movedPosition(range.start, lines), end: movedPosition(range.end, lines) };
}

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))];
  }

  /** End of the line's content, before its line break. */
  lineEnd(line: number): number {
    const next = line + 1 < this.starts.length ? this.starts[line + 1] - 1 : this.text.length;
    return next > this.lineStart(line) && this.text[next - 1] === '\r' ? next - 1 : next;
  }

  /** The line's content, without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= clamped) low = middle;
      else high = middle - 1;
    }
    // An offset inside a CRLF line break is the end of the line's content: LSP ranges stop there.
    return { line: low, character: Math.min(clamped, this.lineEnd(low)) - this.starts[low] };
  }

  /**
   * A position that lies in the text: a character past the end of its line is the line's end (as LSP says);
   * undefined past the last line, or for what is no position (negative or fractional numbers).
   */
  clamp(position: Position): Position | undefined {
    const { line, character } = position ?? {};
    if (!Number.isInteger(line) || !Number.isInteger(character) || line < 0 || character < 0 || line >= this.starts.length) return undefined;
    return { line, character: Math.min(character, this.lineEnd(line) - this.starts[line]) };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.text.length;
    const start = this.lineStart(position.line);
    return Math.min(start + Math.max(0, position.character), this.lineEnd(position.line));
  }
}
