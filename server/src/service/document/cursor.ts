// Position -> field path for text being typed. A half-typed line (`  backoffLi`, `  completionMode: `,
// `- `) is usually not valid YAML, so this reads structure from indentation and dashes alone, line by
// line upward from the cursor, the way a person reads it. Flow collections are not followed, except a
// one-line list of plain values after a key (`modes: [Persistent, Eph`), whose items take values.

import type { PathSegment } from '../types';

export interface CursorContext {
  /** For 'key': the path of the mapping the key is typed in. For 'value': the path of the field. */
  path: PathSegment[];
  on: 'key' | 'value';
  /** What is typed so far of the key or the value, up to the cursor. */
  prefix: string;
  /** Column where the key (or value) being typed starts. */
  column: number;
}

interface Opening {
  type: 'item' | 'key';
  col: number;
  /** For items: the column of the item's content on the same line, or -1 for a bare `-`. */
  contentCol: number;
  name: string;
  /** For keys: the text after the colon, without a comment. */
  value: string;
  /** For keys: the column right after the colon. */
  colonEnd: number;
}

/** A quoted key and its colon (`"a b": `, `'it''s':`); a plain key is found by `plainKey`. */
const QUOTED_KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')[ \t]*:(?=[ \t]|$)/;

/**
 * The key at the start of `text` and the length up to its colon, or undefined. A plain key starts with none of
 * `#'"{[]},` nor a blank, and ends at its first `:` followed by a blank or the end of the line, with no `#`
 * before it; blanks before the colon are not part of it. One pass, so that a line of 80,000 spaces costs
 * 80,000 steps (a lazy regular expression tried the blanks again at every character).
 */
function keyAt(text: string): { key: string; length: number } | undefined {
  const quoted = QUOTED_KEY.exec(text);
  if (quoted) return { key: quoted[1], length: quoted[0].length };
  if (text === '' || /[\s#'"{[\]},]/.test(text[0])) return undefined;
  for (let i = 1; i < text.length; i++) {
    const char = text[i];
    if (char === '#') return undefined;
    if (char !== ':' || (i + 1 < text.length && text[i + 1] !== ' ' && text[i + 1] !== '\t')) continue;
    let end = i;
    while (end > 1 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    return { key: text.slice(0, end), length: i + 1 };
  }
  return undefined;
}

function unquote(key: string): string {
  if (key.startsWith('"')) return key.slice(1, -1).replace(/\\(.)/g, '$1');
  if (key.startsWith("'")) return key.slice(1, -1).replace(/''/g, "'");
  return key;
}

export function openingsOf(line: string): Opening[] {
  const openings: Opening[] = [];
  let i = 0;
  while (line[i] === ' ') i++;
  while (line[i] === '-' && (i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\r')) {
    let next = i + 1;
    while (line[next] === ' ') next++;
    const bare = next >= line.length || line[next] === '#' || line[next] === '\r';
    openings.push({ type: 'item', col: i, contentCol: bare ? -1 : next, name: '', value: '', colonEnd: -1 });
    if (bare) return openings;
    i = next;
  }
  const match = keyAt(line.slice(i));
  const lastItem = openings[openings.length - 1];
  if (!match && lastItem) lastItem.value = line.slice(i).replace(/(^|\s)#.*$/, '').trim();
  if (match) {
    const colonEnd = i + match.length;
    const value = line.slice(colonEnd).replace(/(^|\s)#.*$/, '').trim();
    openings.push({ type: 'key', col: i, contentCol: i, name: unquote(match.key), value, colonEnd });
  }
  return openings;
}

/**
 * The item being typed in a one-line flow list of plain values (`[Persistent, Eph`): its index, where it
 * starts relative to the `[`, and what is typed of it. Nested collections, quotes and comments: not followed.
 */
function flowSequenceItem(typed: string): { index: number; offset: number; prefix: string } | undefined {
  const match = /^\[([^[\]{}"'#]*)$/.exec(typed);
  if (!match) return undefined;
  const items = match[1];
  const start = items.lastIndexOf(',') + 1;
  const item = items.slice(start);
  const prefix = item.trimStart();
  let index = 0;
  for (let i = 0; i < start; i++) if (items[i] === ',') index++;
  return { index, offset: 1 + start + item.length - prefix.length, prefix };
}

function isBlockScalarHeader(value: string): boolean {
  return /^[|>][0-9+-]*$/.test(value) || /^(?:&\S+\s+)?[|>][0-9+-]*$/.test(value);
}

function isSkippable(line: string): boolean {
  return /^\s*(#.*)?\r?$/.test(line);
}

/** The cursor context at (line, character) of a YAML document's text. */
export function cursorContext(text: string, line: number, character: number): CursorContext {
  const lines = text.split('\n');
  const current = (lines[line] ?? '').replace(/\r$/, '');
  const before = current.slice(0, character);
  const openings = openingsOf(current);
  const segments: PathSegment[] = [];
  let on: 'key' | 'value' = 'key';
  let prefix: string;
  let column: number;
  let left: Opening[];
  const valueKey = [...openings].reverse().find((o) => o.type === 'key' && o.colonEnd <= character);
  let mode: 'map' | 'item';
  let col: number;
  if (valueKey) {
    on = 'value';
    segments.push(valueKey.name);
    column = valueKey.colonEnd + (current.slice(valueKey.colonEnd).length - current.slice(valueKey.colonEnd).trimStart().length);
    prefix = before.slice(Math.min(column, before.length)).trimStart();
    const item = flowSequenceItem(prefix);
    if (item) {
      segments.push(item.index);
      column += item.offset;
      prefix = item.prefix;
    }
    left = openings.filter((o) => o.type === 'item' && o.col < valueKey.col);
    mode = 'map';
    col = valueKey.col;
  } else {
    const items = openings.filter((o) => o.type === 'item' && o.col < character);
    const lastItem = items[items.length - 1];
    column = lastItem ? (lastItem.contentCol === -1 || lastItem.contentCol > character ? character : lastItem.contentCol) : before.length - before.trimStart().length;
    if (!before.trim()) column = character;
    prefix = before.slice(column).trim();
    if (/^-\s*$/.test(prefix)) prefix = '';
    left = items;
    mode = 'map';
    col = column;
  }
  let index = 0;
  const consume = (opening: Opening): 'stop' | 'continue' => {
    if (mode === 'map') {
      if (opening.type === 'item' && opening.col < col && isBlockScalarHeader(opening.value)) {
        // The cursor is inside a block scalar that is a list item.
        segments.splice(0, segments.length);
        on = 'value';
        mode = 'item';
        col = opening.col;
        index = 0;
      } else if (opening.type === 'item' && opening.col < col && (opening.contentCol === col || opening.contentCol === -1)) {
        mode = 'item';
        col = opening.col;
        index = 0;
      } else if (opening.type === 'key' && opening.col < col) {
        if (opening.value && !isBlockScalarHeader(opening.value) && !opening.value.startsWith('&')) {
          // A deeper line under a key with an inline value continues that value (a multi-line scalar).
          segments.splice(0, segments.length, opening.name);
          on = 'value';
        } else if (isBlockScalarHeader(opening.value)) {
          segments.splice(0, segments.length, opening.name);
          on = 'value';
        } else {
          segments.unshift(opening.name);
        }
        col = opening.col;
      }
    } else if (opening.type === 'item' && opening.col === col) {
      index++;
    } else if (opening.col < col || (opening.type === 'key' && opening.col === col)) {
      segments.unshift(index);
      if (opening.type === 'key') {
        segments.unshift(opening.name);
        mode = 'map';
      } else {
        index = 0;
      }
      col = opening.col;
    }
    return col === 0 && mode === 'map' && opening.col === 0 && opening.type === 'key' ? 'stop' : 'continue';
  };
  for (const opening of [...left].reverse()) consume(opening);
  for (let l = line - 1; l >= 0; l--) {
    const text = lines[l].replace(/\r$/, '');
    if (isSkippable(text)) continue;
    if (/^(---|\.\.\.)(\s|$)/.test(text)) break;
    const lineOpenings = openingsOf(text);
    if (lineOpenings.length === 0) continue;
    for (const opening of [...lineOpenings].reverse()) consume(opening);
  }
  if ((mode as 'map' | 'item') === 'item') segments.unshift(index);
  return { path: segments, on, prefix, column };
}

/** The keys already written in the mapping whose keys start at `column`, around `line` (half-typed text too). */
export function siblingKeys(text: string, line: number, column: number): Set<string> {
  const lines = text.split('\n');
  const keys = new Set<string>();
  /** Reads one line; says whether the mapping goes on past it. `up` is true while scanning upward. */
  const read = (l: number, up: boolean): boolean => {
    const content = lines[l].replace(/\r$/, '');
    if (/^(---|\.\.\.)(\s|$)/.test(content)) return false;
    if (isSkippable(content)) return true;
    const openings = openingsOf(content);
    const startsItem = openings.some((o) => o.type === 'item' && o.contentCol === column);
    if (startsItem && !up) return false; // the next list item begins
    const key = openings.find((o) => o.type === 'key' && o.col === column);
    if (key) keys.add(key.name);
    if (startsItem) return false; // the first line of this list item
    const indent = content.length - content.trimStart().length;
    return indent >= column;
  };
  const own = openingsOf((lines[line] ?? '').replace(/\r$/, ''));
  const itemStartsHere = own.some((o) => o.type === 'item' && (o.contentCol === column || o.contentCol === -1 || o.col + 2 === column));
  if (!itemStartsHere) for (let l = line - 1; l >= 0 && read(l, true); l--);
  for (let l = line + 1; l < lines.length && read(l, false); l++);
  return keys;
}

/** The indentation unit of a document: the smallest step between a key and its first nested key (2 by default). */
export function indentUnit(text: string): number {
  const match = /^( *)[^\s#-][^\n]*:[ \t]*\r?\n((?: *\r?\n)*)( +)\S/m.exec(text);
  if (!match) return 2;
  const step = match[3].length - match[1].length;
  return step >= 1 && step <= 8 ? step : 2;
}

/** Whether list items sit under their key (`key:\n  - a`) or at its column (`key:\n- a`); indented when unknown. */
export function indentsSequences(text: string): boolean {
  const match = /^( *)[^\s#-][^\n]*:[ \t]*\r?\n( *)- /m.exec(text);
  return match ? match[2].length > match[1].length : true;
}
