// Real manifests rewritten in the ways YAML lets people write the same (or nearly the same) thing: the input
// of the differential YAML test (test/support/yamlDifferential.ts). Every mutation is named after what it
// does, and grouped in the classes of issue 20 (indentation, quoting, flow collections, tabs, comments,
// anchors/aliases/merge keys, tags, directives, document markers, BOMs, line ends, duplicate keys, YAML 1.1
// scalars, map keys). Deterministic: a seed gives the same files on every machine. Whether kubectl accepts a
// mutated file is not decided here; the oracle (test/yaml-oracle) says.
import { parseAllDocuments } from 'yaml';
import { random } from './fuzz';

type Next = () => number;
const pick = <T>(next: Next, items: readonly T[]): T => items[Math.floor(next() * items.length)];
const between = (next: Next, low: number, high: number) => low + Math.floor(next() * (high - low + 1));

/** A file's lines (LF-split, no line ends) and what the line-level mutations may touch. */
interface Lines {
  lines: string[];
}

type Mutation = (state: Lines, next: Next) => boolean;

/** `key: value` (also after `- `): the key's column, the key, the text after `: ` (may be empty). */
const KEY_LINE = /^( *)((?:- +)*)([A-Za-z_][\w.\/-]*):(?: +(.*))?$/;
/** A plain scalar value we can rewrite: no quotes, flow, anchors, tags, block indicators or comments. */
const PLAIN_VALUE = /^[^\s#&*!|>'"[\]{}%@`,][^#]*$/;

interface KeyLine {
  index: number;
  /** Column of the key (past any `- `). */
  column: number;
  key: string;
  value: string;
}

function keyLine(lines: string[], index: number): KeyLine | undefined {
  const match = KEY_LINE.exec(lines[index]);
  if (!match) return undefined;
  return { index, column: match[1].length + match[2].length, key: match[3], value: (match[4] ?? '').trimEnd() };
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Lines that are block-structure lines: not block-scalar content, not inside a multi-line flow or quoted scalar. */
function structureLines(lines: string[]): boolean[] {
  const structural = lines.map(() => true);
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const ownIndent = indentOf(line);
    const body = line.replace(/\s+#.*$/, '');
    if (/(?:^|[:-]\s+)[|>][-+0-9]*\s*$/.test(body)) {
      // A block scalar: the lines indented past this one (and blank lines) are its content.
      let j = i + 1;
      while (j < lines.length && (lines[j].trim() === '' || indentOf(lines[j]) > ownIndent)) structural[j++] = false;
      i = j;
      continue;
    }
    const open = (body.match(/[[{]/g) ?? []).length - (body.match(/[\]}]/g) ?? []).length;
    const quotes = /:\s+(["'])/.exec(body);
    if (open > 0 && !quotes) {
      let depth = open;
      let j = i + 1;
      while (j < lines.length && depth > 0) {
        structural[j] = false;
        depth += (lines[j].match(/[[{]/g) ?? []).length - (lines[j].match(/[\]}]/g) ?? []).length;
        j++;
      }
      i = j;
      continue;
    }
    if (quotes) {
      const after = body.slice(quotes.index + quotes[0].length);
      if (!closes(after, quotes[1])) {
        let j = i + 1;
        while (j < lines.length) {
          structural[j] = false;
          if (closes(lines[j], quotes[1])) break;
          j++;
        }
        i = j + 1;
        continue;
      }
    }
    i++;
  }
  return structural;
}

function closes(text: string, quote: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return true;
    }
  }
  return false;
}

/** The key lines among the structure lines, optionally only those with a plain scalar value. */
function keyLines(lines: string[], filter: (key: KeyLine) => boolean = () => true): KeyLine[] {
  const structural = structureLines(lines);
  const found: KeyLine[] = [];
  lines.forEach((_, index) => {
    if (!structural[index]) return;
    const key = keyLine(lines, index);
    if (key && filter(key)) found.push(key);
  });
  return found;
}

/** One of the key lines (that pass `filter`), chosen at random. */
function pickKey(lines: string[], next: Next, filter?: (key: KeyLine) => boolean): KeyLine | undefined {
  const candidates = keyLines(lines, filter);
  return candidates.length ? pick(next, candidates) : undefined;
}

const plainScalar = (key: KeyLine) => key.value !== '' && PLAIN_VALUE.test(key.value);
const emptyValue = (key: KeyLine) => key.value === '';

/** The index after the last line of `key`'s value (its nested lines; a compact sequence at its own column). */
function valueEnd(lines: string[], key: KeyLine): number {
  let j = key.index + 1;
  let end = j;
  while (j < lines.length) {
    const line = lines[j];
    if (line.trim() === '') {
      j++;
      continue;
    }
    if (/^(?:---|\.\.\.)(?:\s|$)/.test(line) || line.startsWith('%')) break;
    const indent = indentOf(line);
    const compactItem = key.value === '' && indent === key.column && line.trimStart().startsWith('- ');
    if (indent <= key.column && !compactItem && !(line.trimStart().startsWith('#') && indent > key.column)) break;
    j++;
    end = j;
  }
  return end;
}

/** Index ranges of the documents (split at `---` lines), for mutations that need one. */
function documentRanges(lines: string[]): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  let start = 0;
  lines.forEach((line, index) => {
    if (/^---(?:\s|$)/.test(line) && index > start) {
      ranges.push({ start, end: index });
      start = index;
    }
  });
  ranges.push({ start, end: lines.length });
  return ranges.filter((range) => lines.slice(range.start, range.end).some((line) => KEY_LINE.test(line)));
}

function documentOf(lines: string[], index: number): { start: number; end: number } | undefined {
  return documentRanges(lines).find((range) => index >= range.start && index < range.end);
}

function quoteDouble(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function quoteSingle(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function setValue(lines: string[], key: KeyLine, value: string): void {
  const prefix = lines[key.index].slice(0, key.column + key.key.length + 1);
  lines[key.index] = value === '' ? prefix : `${prefix} ${value}`;
}

function insertSibling(lines: string[], key: KeyLine, text: string): void {
  lines.splice(valueEnd(lines, key), 0, ...text.split('\n').map((line) => ' '.repeat(key.column) + line));
}

const NEW_KEYS = ['note', 'owner', 'team', 'x-extra', 'tier', 'example.com/flag'];

// ---- the mutations, by class ----

const YAML11_VALUES = [
  'yes', 'no', 'on', 'off', 'y', 'n', 'Y', 'N', 'Yes', 'NO', 'On', 'OFF', 'true', 'True', 'TRUE', 'tRUE', 'false', 'False',
  '0644', '0o644', '0o0', '0x1F', '0X1f', '0b101', '0B1', '1_000', '+12', '-0', '.5', '-.5', '1.', '0.', '1e3', '1E3', '1e+3', '6.8523015e+5',
  '685_230.15', '190:20:30', '1:20', '-1:30', '.inf', '-.Inf', '+.INF', '.NaN', '.nan', '~', 'null', 'Null', 'NULL', '', '2001-12-14',
  '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10 -5', '=', '<<', '.', '-', '0', '00', '08', '0x', '12e', '1__0', '_1', '9223372036854775807',
  '9223372036854775808', '-9223372036854775809', '18446744073709551616', '0xFFFFFFFFFFFFFFFFFF', '1e400', '3.14159265358979323846', '0.1',
  '1.0', '-1.5e-3', '+.5', '0o', '0b', '0b2', '0o8', '1,000', 'TRUE!', 'n/a', 'Off-peak', '1.2.3', '0.0.0.0', '::1', '@x', '`x', '%x',
];

const YAML11_KEYS = [
  'yes', 'no', 'on', 'off', 'y', 'n', 'true', 'False', '1', '0644', '0o17', '0x10', '1.5', '0.1', '3.14159265358979', '1e3', '.inf', '-.inf',
  '.nan', '~', 'null', 'NULL', '2001-12-14', '1:20', '1_000', '=', '<<', '"~"', "'null'", '? ', '[a, b]', '{a: 1}', '!!null ""',
  '!!str null', '!!int "7"', '9223372036854775808', '-0', '+1',
];

const TAGGED = (value: string): string[] => [
  `!!str ${value}`, `!!float ${/^[0-9.]+$/.test(value) ? value : '1'}`, `!!float 3`, `!!float "2.5"`, `!!int "7"`, `!!int 0x1F`, `!!int 1_000`, `!!bool yes`,
  `!!bool "true"`, `!!binary ${Buffer.from(value).toString('base64')}`, `!!binary |\n  ${Buffer.from(value + value).toString('base64')}`, '!!null ~',
  '!!null ""', `!custom ${value}`, `! ${value}`, `!<tag:yaml.org,2002:str> ${value}`, `!<tag:yaml.org,2002:int> 12`, `!!timestamp 2001-12-14`,
  `!!str`, `!!map {}`, `!!seq []`, `!!set {a, b}`, `!!omap [a: 1]`, `!e!x ${value}`, `!!python/str ${value}`, `!!int yes`, `!!float .inf`,
];

const mutations: Record<string, { group: string; apply: Mutation }> = {
  'indent-width': {
    group: 'indentation',
    apply: ({ lines }, next) => {
      const factor = pick(next, [2, 3]);
      for (let i = 0; i < lines.length; i++) {
        const indent = indentOf(lines[i]);
        if (indent && !lines[i].startsWith('\t')) lines[i] = ' '.repeat(indent * factor) + lines[i].slice(indent);
      }
      return true;
    },
  },
  'compact-sequence': {
    group: 'indentation',
    apply: ({ lines }, next) => {
      const candidates = keyLines(lines, emptyValue).filter((key) => {
        const first = lines.slice(key.index + 1).find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
        return !!first && first.trimStart().startsWith('- ') && indentOf(first) > key.column;
      });
      if (!candidates.length) return false;
      const key = pick(next, candidates);
      const end = valueEnd(lines, key);
      const first = lines.slice(key.index + 1).find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))!;
      const shift = indentOf(first) - key.column;
      for (let i = key.index + 1; i < end; i++) lines[i] = lines[i].slice(Math.min(shift, indentOf(lines[i])));
      return true;
    },
  },
  misindent: {
    group: 'indentation',
    apply: ({ lines }, next) => {
      const candidates = keyLines(lines).filter((key) => key.index > 0);
      if (!candidates.length) return false;
      const key = pick(next, candidates);
      lines[key.index] = next() < 0.5 ? ' ' + lines[key.index] : lines[key.index].replace(/^ /, '');
      return true;
    },
  },
  'under-indented-quoted-line': {
    group: 'indentation',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, (key) => plainScalar(key) && key.value.length > 2);
      if (!key) return false;
      const cut = between(next, 1, key.value.length - 1);
      const quote = pick(next, ['"', "'"]);
      const column = pick(next, [0, key.column, key.column + 1]);
      const escape = (text: string) => (quote === '"' ? text.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : text.replace(/'/g, "''"));
      setValue(lines, key, `${quote}${escape(key.value.slice(0, cut))}`);
      lines.splice(key.index + 1, 0, `${' '.repeat(column)}${escape(key.value.slice(cut))}${quote}`);
      return true;
    },
  },
  'block-scalar': {
    group: 'indentation',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      const header = pick(next, ['|', '|-', '|+', '>', '>-', '|2', '>1', '|-2']);
      const indent = ' '.repeat(key.column + pick(next, [1, 2, 4]));
      setValue(lines, key, header);
      const content = [indent + key.value];
      if (next() < 0.5) content.push(indent + '  more');
      if (next() < 0.3) content.push('', indent + 'last');
      lines.splice(key.index + 1, 0, ...content);
      return true;
    },
  },
  'quote-value': {
    group: 'quoting',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      setValue(lines, key, next() < 0.5 ? quoteDouble(key.value) : quoteSingle(key.value));
      return true;
    },
  },
  'unquote-value': {
    group: 'quoting',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, (key) => /^(["'])[^"'\\#:]*\1$/.test(key.value));
      if (!key) return false;
      setValue(lines, key, key.value.slice(1, -1));
      return true;
    },
  },
  'quote-key': {
    group: 'quoting',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next);
      if (!key) return false;
      const quoted = next() < 0.5 ? `"${key.key}"` : `'${key.key}'`;
      const line = lines[key.index];
      lines[key.index] = line.slice(0, key.column) + quoted + line.slice(key.column + key.key.length);
      return true;
    },
  },
  'escape-sequence': {
    group: 'quoting',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      const escape = pick(next, ['\\\'', '\\uD800', '\\x41', '\\u00e9', '\\t', '\\/', '\\U0001F600', '\\N', '\\_', '\\ ', '\\L', '\\P', '\\e', '\\0', '\\a', '\\\t', '\\q', '\\x4', '\\u12']);
      const body = quoteDouble(key.value).slice(1, -1);
      const at = between(next, 0, body.length);
      setValue(lines, key, `"${body.slice(0, at)}${escape}${body.slice(at)}"`);
      return true;
    },
  },
  'folded-plain': {
    group: 'quoting',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, (key) => plainScalar(key) && key.value.includes(' '));
      if (!key) return false;
      const space = key.value.indexOf(' ');
      setValue(lines, key, key.value.slice(0, space));
      const continuation = ' '.repeat(key.column + pick(next, [0, 1, 2, 4])) + key.value.slice(space + 1);
      lines.splice(key.index + 1, 0, ...(next() < 0.3 ? ['', continuation] : [continuation]));
      return true;
    },
  },
  'flow-mapping': {
    group: 'flow',
    apply: ({ lines }, next) => {
      const candidates = keyLines(lines, emptyValue).filter((key) => {
        const end = valueEnd(lines, key);
        if (end <= key.index + 1) return false;
        const children = lines.slice(key.index + 1, end).filter((line) => line.trim() !== '');
        const column = indentOf(children[0] ?? '');
        return children.every((line) => {
          const match = KEY_LINE.exec(line);
          return indentOf(line) === column && !!match && !match[2] && PLAIN_VALUE.test((match[4] ?? '').trim()) && !(match[4] ?? '').includes(',');
        });
      });
      if (!candidates.length) return false;
      const key = pick(next, candidates);
      const end = valueEnd(lines, key);
      const entries = lines.slice(key.index + 1, end).filter((line) => line.trim() !== '').map((line) => line.trim());
      const style = between(next, 0, 3);
      const replacement =
        style === 0 ? [`{${entries.join(', ')}}`]
        : style === 1 ? [`{ ${entries.join(',')} }`]
        : style === 2 ? ['{', ...entries.map((entry) => ' '.repeat(key.column + 2) + entry + ','), ' '.repeat(pick(next, [0, key.column, key.column + 2])) + '}']
        : [`{${entries.join(', ')},}`];
      setValue(lines, key, replacement[0]);
      lines.splice(key.index + 1, end - key.index - 1, ...replacement.slice(1));
      return true;
    },
  },
  'flow-sequence': {
    group: 'flow',
    apply: ({ lines }, next) => {
      const candidates = keyLines(lines, emptyValue).filter((key) => {
        const end = valueEnd(lines, key);
        const items = lines.slice(key.index + 1, end).filter((line) => line.trim() !== '');
        return items.length > 0 && items.every((line) => /^ *- +[^\s#&*!|>'"[\]{}%@`,:][^#:,]*$/.test(line) || /^ *- +"[^"\\]*"$/.test(line));
      });
      if (!candidates.length) return false;
      const key = pick(next, candidates);
      const end = valueEnd(lines, key);
      const items = lines.slice(key.index + 1, end).filter((line) => line.trim() !== '').map((line) => line.trim().slice(2).trim());
      const style = between(next, 0, 4);
      let replacement: string[];
      if (style === 0) replacement = [`[${items.join(', ')}]`];
      else if (style === 1) replacement = [`[${items.join(', ')}, ]`];
      else {
        // One item per line; the closing bracket at some column, perhaps left of the key (as formatters write it).
        const itemColumn = key.column + pick(next, [1, 2, 4]);
        const comment = style === 3 ? pick(next, [' # note', '# note', ' #note']) : '';
        replacement = ['[', ...items.map((item, index) => ' '.repeat(itemColumn) + item + (index < items.length - 1 || next() < 0.5 ? ',' : '') + (index === 0 ? comment : '')), ' '.repeat(pick(next, [0, Math.max(0, key.column - 2), key.column, key.column + 1])) + ']'];
        if (style === 4) replacement = [`[${items[0]},${pick(next, [' # note', '# note'])}`, ...items.slice(1).map((item) => ' '.repeat(itemColumn) + item + ','), ' '.repeat(pick(next, [0, key.column])) + ']'];
      }
      setValue(lines, key, replacement[0]);
      lines.splice(key.index + 1, end - key.index - 1, ...replacement.slice(1));
      return true;
    },
  },
  'flow-document': {
    group: 'flow',
    apply: (state, next) => {
      const ranges = documentRanges(state.lines);
      if (!ranges.length) return false;
      const range = next() < 0.7 ? ranges[0] : pick(next, ranges);
      const text = state.lines.slice(range.start, range.end).join('\n');
      const parsed = parseAllDocuments(text, { version: '1.1' });
      if (!Array.isArray(parsed) || parsed.length !== 1 || parsed[0].errors.length) return false;
      let object: unknown;
      try {
        object = parsed[0].toJS({ maxAliasCount: 100 });
      } catch {
        return false;
      }
      if (!object || typeof object !== 'object') return false;
      const style = between(next, 0, 3);
      let json: string;
      try {
        json = style === 0 ? JSON.stringify(object, null, 2) : style === 1 ? JSON.stringify(object) : style === 2 ? JSON.stringify(object).replace(/"([A-Za-z_][\w]*)":/g, '$1: ') : '# json\n' + JSON.stringify(object, null, 1);
      } catch {
        return false; // an alias to its own ancestor: no JSON writes it (the mutation passes the file over)
      }
      const marker = /^---/.test(state.lines[range.start]) ? [state.lines[range.start]] : [];
      state.lines.splice(range.start, range.end - range.start, ...marker, ...json.split('\n'));
      return true;
    },
  },
  'tab-after-colon': {
    group: 'tabs',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      const prefix = lines[key.index].slice(0, key.column + key.key.length + 1);
      lines[key.index] = `${prefix}${pick(next, ['\t', ' \t', '\t '])}${key.value}`;
      return true;
    },
  },
  'tab-indent': {
    group: 'tabs',
    apply: ({ lines }, next) => {
      const candidates = keyLines(lines).filter((key) => key.column > 0);
      if (!candidates.length) return false;
      const key = pick(next, candidates);
      lines[key.index] = lines[key.index].replace(/^ +/, pick(next, ['\t', ' '.repeat(Math.max(0, key.column - 1)) + '\t', '\t' + ' '.repeat(key.column)]));
      return true;
    },
  },
  'tab-comment': {
    group: 'tabs',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next);
      if (!key) return false;
      const at = next() < 0.5 ? key.index + 1 : key.index;
      lines.splice(at, 0, pick(next, ['\t# note', '  \t# note', '\t  # note', '\t', ' \t ']));
      return true;
    },
  },
  'tab-in-value': {
    group: 'tabs',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      const value = next() < 0.5 ? `${key.value}\t` : `${key.value.slice(0, 1)}\t${key.value.slice(1)}`;
      setValue(lines, key, next() < 0.3 ? `${value}\t# note` : value);
      return true;
    },
  },
  'comment-line': {
    group: 'comments',
    apply: ({ lines }, next) => {
      const at = between(next, 0, lines.length);
      lines.splice(at, 0, ' '.repeat(between(next, 0, 12)) + pick(next, ['# note', '#', '#note: x', '# --- not a marker', '#\t tab']));
      return true;
    },
  },
  'trailing-comment': {
    group: 'comments',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, (key) => plainScalar(key) || emptyValue(key));
      if (!key) return false;
      lines[key.index] += pick(next, [' # note', '  #note', '#no-space', ' #', ' # a: b', '\t# tab']);
      return true;
    },
  },
  'anchor-alias': {
    group: 'anchors',
    apply: ({ lines }, next) => {
      const candidates = keyLines(lines, (key) => plainScalar(key) || emptyValue(key));
      if (candidates.length < 2) return false;
      const key = pick(next, candidates);
      const range = documentOf(lines, key.index);
      const later = keyLines(lines).filter((other) => other.index > key.index && range && other.index < range.end);
      const name = pick(next, ['a', 'base', 'x1', 'anchor-name']);
      const line = lines[key.index];
      const valueAt = key.column + key.key.length + 1;
      lines[key.index] = key.value === '' ? `${line.slice(0, valueAt)} &${name}` : `${line.slice(0, valueAt)} &${name} ${key.value}`;
      const target = later.length ? pick(next, later) : key;
      insertSibling(lines, target, `${pick(next, NEW_KEYS)}: *${name}`);
      return true;
    },
  },
  'alias-to-missing-anchor': {
    group: 'anchors',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      setValue(lines, key, pick(next, ['*missing', '*a', '*other']));
      return true;
    },
  },
  'alias-before-anchor': {
    group: 'anchors',
    apply: ({ lines }, next) => {
      const candidates = keyLines(lines, plainScalar);
      if (candidates.length < 2) return false;
      const first = candidates[between(next, 0, candidates.length - 2)];
      const second = pick(next, candidates.filter((key) => key.index > first.index));
      setValue(lines, second, `&later ${second.value}`);
      setValue(lines, first, '*later');
      return true;
    },
  },
  'alias-to-other-document': {
    group: 'anchors',
    apply: ({ lines }, next) => {
      const ranges = documentRanges(lines);
      if (ranges.length < 2) return false;
      const inFirst = keyLines(lines, plainScalar).filter((key) => key.index < ranges[0].end);
      const inLater = keyLines(lines, plainScalar).filter((key) => key.index >= ranges[1].start);
      if (!inFirst.length || !inLater.length) return false;
      const anchor = pick(next, inFirst);
      const alias = pick(next, inLater);
      setValue(lines, alias, '*shared');
      setValue(lines, anchor, `&shared ${anchor.value}`);
      return true;
    },
  },
  'merge-key': {
    group: 'anchors',
    apply: ({ lines }, next) => {
      // A mapping of scalars gets `<<: *defaults` first, last or in the middle; the defaults share its keys.
      const candidates = keyLines(lines, emptyValue).filter((key) => {
        const end = valueEnd(lines, key);
        return lines.slice(key.index + 1, end).some((line) => {
          const child = KEY_LINE.exec(line);
          return !!child && !child[2] && PLAIN_VALUE.test((child[4] ?? '').trim());
        });
      });
      if (!candidates.length) return false;
      const key = pick(next, candidates);
      const end = valueEnd(lines, key);
      const children = lines
        .map((_, index) => index)
        .filter((index) => index > key.index && index < end)
        .map((index) => keyLine(lines, index))
        .filter((child): child is KeyLine => !!child && plainScalar(child));
      const column = children[0].column;
      const siblings = children.filter((child) => child.column === column);
      if (!siblings.length) return false;
      const shared = siblings.slice(0, between(next, 1, siblings.length)).map((child) => `${child.key}: ${pick(next, ['merged', '7', 'true', child.value])}`);
      const extra = pick(next, NEW_KEYS) + ': from-merge';
      const name = pick(next, ['defaults', 'd']);
      const range = documentOf(lines, key.index);
      if (!range) return false;
      const topKey = keyLines(lines).find((top) => top.index >= range.start && top.index < range.end && top.column === 0);
      if (!topKey) return false;
      const merged = next() < 0.3 ? `<<: [*${name}, *${name}2]` : `<<: *${name}`;
      const position = pick(next, ['first', 'last', 'middle']);
      const at = position === 'first' ? siblings[0].index : position === 'last' ? valueEnd(lines, siblings[siblings.length - 1]) : valueEnd(lines, siblings[0]);
      lines.splice(at, 0, ' '.repeat(column) + merged);
      // The anchored defaults go before the document's first top-level key.
      const defaults = next() < 0.5 ? [`x-defaults: &${name} {${[...shared, extra].join(', ')}}`] : [`x-defaults: &${name}`, ...[...shared, extra].map((entry) => '  ' + entry)];
      if (merged.includes(`*${name}2`)) defaults.push(`x-more: &${name}2 {${extra}2}`);
      lines.splice(topKey.index, 0, ...defaults);
      return true;
    },
  },
  tag: {
    group: 'tags',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      const tagged = pick(next, TAGGED(key.value));
      const [first, ...rest] = tagged.split('\n');
      setValue(lines, key, first);
      lines.splice(key.index + 1, 0, ...rest.map((line) => ' '.repeat(key.column) + line));
      if (tagged.startsWith('!e!')) {
        const range = documentOf(lines, key.index);
        if (range) lines.splice(range.start, /^---/.test(lines[range.start]) ? 1 : 0, '%TAG !e! tag:example.com,2000:', '---');
      }
      return true;
    },
  },
  directive: {
    group: 'directives',
    apply: ({ lines }, next) => {
      const ranges = documentRanges(lines);
      if (!ranges.length) return false;
      const range = pick(next, ranges);
      const directive = pick(next, ['%YAML 1.1', '%YAML 1.2', '%YAML 1.1 # c', '%TAG ! tag:example.com,2000:', '%FOO bar', '%YAML 2.0']);
      const hasMarker = /^---/.test(lines[range.start]);
      if (hasMarker && next() < 0.8) lines.splice(range.start, 0, directive);
      else lines.splice(range.start, 0, directive, '---');
      return true;
    },
  },
  'document-end': {
    group: 'document markers',
    apply: ({ lines }, next) => {
      const ranges = documentRanges(lines);
      if (!ranges.length) return false;
      const separators = lines.map((line, index) => (/^---\s*$/.test(line) && index > 0 ? index : -1)).filter((index) => index > 0);
      const choice = between(next, 0, 3);
      if (choice === 0 && separators.length) {
        lines[pick(next, separators)] = '...'; // the next document follows in the same chunk
      } else if (choice === 1 && separators.length) {
        lines.splice(pick(next, separators), 0, '...');
      } else if (choice === 2) {
        lines.push('...');
      } else {
        // Content after `...` with no `---`: a comment, or a whole second document.
        const range = pick(next, ranges);
        lines.splice(range.end, 0, '...', ...pick(next, [['# trailing comment'], ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: after-end'], ['junk: [']]));
      }
      return true;
    },
  },
  'separator-text': {
    group: 'document markers',
    apply: ({ lines }, next) => {
      const separators = lines.map((line, index) => (/^---\s*$/.test(line) ? index : -1)).filter((index) => index >= 0);
      const text = pick(next, ['--- !!map', '--- # comment', '---#x', '----', '--- >', '---  ', '---\t', '--- {}', '--- |', '--- &a', '--- !!str', '---  # spaced']);
      if (separators.length && next() < 0.7) lines[pick(next, separators)] = text;
      else lines.unshift(text);
      return true;
    },
  },
  'document-start': {
    group: 'document markers',
    apply: ({ lines }, next) => {
      const choice = between(next, 0, 3);
      if (choice === 0) lines.unshift('---');
      else if (choice === 1) lines.push('---');
      else if (choice === 2) lines.unshift('---', '---');
      else {
        const separators = lines.map((line, index) => (/^---\s*$/.test(line) ? index : -1)).filter((index) => index >= 0);
        if (!separators.length) return false;
        lines.splice(pick(next, separators), 0, '---', '# empty document');
      }
      return true;
    },
  },
  'duplicate-key': {
    group: 'duplicate keys',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, (key) => plainScalar(key) || emptyValue(key));
      if (!key) return false;
      if (key.value === '') {
        // A whole block key again, later in the same mapping: the later one replaces it entirely.
        const end = valueEnd(lines, key);
        const block = lines.slice(key.index, end).map((line) => line.slice(Math.min(key.column, indentOf(line))));
        const changed = block.map((line, index) => (index === 0 ? line : line.replace(/: ([^\s#].*)$/, ': changed')));
        lines.splice(end, 0, ...changed.map((line) => ' '.repeat(key.column) + line));
        return true;
      }
      const value = pick(next, ['other', '2', 'true', key.value, '"quoted"']);
      insertSibling(lines, key, `${pick(next, [key.key, `"${key.key}"`])}: ${value}`);
      return true;
    },
  },
  'flow-duplicate-key': {
    group: 'duplicate keys',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      insertSibling(lines, key, `${pick(next, NEW_KEYS)}: {a: 1, b: 2, a: ${pick(next, ['3', 'x', '~'])}}`);
      return true;
    },
  },
  'yaml11-scalar': {
    group: 'YAML 1.1 scalars',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, (key) => plainScalar(key) || key.value.startsWith('"') || key.value.startsWith("'"));
      if (!key) return false;
      const value = pick(next, YAML11_VALUES);
      if (next() < 0.5) setValue(lines, key, value);
      else insertSibling(lines, key, `${pick(next, NEW_KEYS)}: ${value}`);
      return true;
    },
  },
  'yaml11-key': {
    group: 'map keys',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      const name = pick(next, YAML11_KEYS);
      insertSibling(lines, key, name === '? ' ? pick(next, ['?\n: empty', '? \n: empty', ': empty']) : `${name}: ${pick(next, ['x', '1', '~', 'yes'])}`);
      return true;
    },
  },
  'trailing-whitespace': {
    group: 'indentation',
    apply: ({ lines }, next) => {
      for (let i = 0; i < lines.length; i++) if (lines[i].trim() && next() < 0.3) lines[i] += pick(next, [' ', '  ', '\t', ' \t']);
      return true;
    },
  },
  'complex-key': {
    group: 'map keys',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, plainScalar);
      if (!key) return false;
      insertSibling(lines, key, pick(next, ['? [a, b]\n: x', '? {a: 1}\n: x', '? - a\n: x', '? |\n  block\n: x', '? long key\n: x', '*none : x', '"quoted: key": x', 'a:b: x', '?x: 1']));
      return true;
    },
  },
  'explicit-key': {
    group: 'map keys',
    apply: ({ lines }, next) => {
      const key = pickKey(lines, next, (key) => plainScalar(key) && !/^ *- /.test(lines[key.index]));
      if (!key) return false;
      const indent = ' '.repeat(key.column);
      lines.splice(key.index, 1, `${indent}? ${key.key}`, `${indent}: ${key.value}`);
      return true;
    },
  },
};

/** Whole-text mutations, applied after the line mutations: byte-order marks and line ends. */
const textMutations: Record<string, { group: string; apply: (text: string, next: Next) => string | undefined }> = {
  'bom-at-start': { group: 'BOMs', apply: (text) => '\ufeff' + text },
  'bom-at-document-start': {
    group: 'BOMs',
    apply: (text, next) => {
      const separators = [...text.matchAll(/^---[^\n]*\n/gm)].map((match) => match.index! + match[0].length);
      if (!separators.length) return undefined;
      const at = pick(next, separators);
      return text.slice(0, at) + '\ufeff' + text.slice(at);
    },
  },
  'bom-inside-a-line': {
    group: 'BOMs',
    apply: (text, next) => {
      const values = [...text.matchAll(/: [^\s#\n]/g)].map((match) => match.index! + 2);
      if (!values.length) return undefined;
      const at = pick(next, values);
      return text.slice(0, at) + '\ufeff' + text.slice(at);
    },
  },
  'unicode-line-break': {
    group: 'line ends',
    apply: (text, next) => {
      // NEL, LS and PS end lines in YAML 1.1 (go-yaml), not in YAML 1.2.
      const char = pick(next, ['\u0085', '\u2028', '\u2029']);
      const places = next() < 0.5 ? [...text.matchAll(/: [^\s#\n]/g)].map((match) => match.index! + 2 + between(next, 0, 1)) : [...text.matchAll(/\n/g)].map((match) => match.index!);
      if (!places.length) return undefined;
      const at = pick(next, places);
      return text.slice(0, at) + char + text.slice(text[at] === '\n' && next() < 0.5 ? at + 1 : at);
    },
  },
  crlf: { group: 'line ends', apply: (text) => text.replace(/\n/g, '\r\n') },
  'crlf-some-lines': { group: 'line ends', apply: (text, next) => text.replace(/\n/g, () => (next() < 0.3 ? '\r\n' : '\n')) },
  'lone-cr': { group: 'line ends', apply: (text) => text.replace(/\n/g, '\r') },
  'lone-cr-some-lines': { group: 'line ends', apply: (text, next) => text.replace(/\n/g, () => (next() < 0.1 ? '\r' : '\n')) },
};

export const MUTATION_NAMES = [...Object.keys(mutations), ...Object.keys(textMutations)];

/** The class (issue 20's words) of a mutation. */
export function mutationGroup(name: string): string {
  return mutations[name]?.group ?? textMutations[name]?.group ?? 'unknown';
}

export interface Mutant {
  text: string;
  /** The mutations applied, in order. */
  applied: string[];
}

/**
 * One mutated file: 1–3 line mutations (the first one named by `first`, when given, so that every class is
 * covered), then with some chance a BOM or line-end change.
 */
export function mutateManifest(original: string, next: Next, first?: string): Mutant {
  const state: Lines = { lines: original.replace(/\r\n?/g, '\n').replace(/^\ufeff/, '').split('\n') };
  const applied: string[] = [];
  const lineNames = Object.keys(mutations);
  const wanted: string[] = [];
  if (first && mutations[first]) wanted.push(first);
  for (let rounds = between(next, first ? 0 : 1, 2); rounds > 0; rounds--) wanted.push(pick(next, lineNames));
  for (const name of wanted) if (mutations[name].apply(state, next)) applied.push(name);
  let text = state.lines.join('\n');
  const textNames = Object.keys(textMutations);
  const textWanted = first && textMutations[first] ? [first] : next() < 0.15 ? [pick(next, textNames)] : [];
  for (const name of textWanted) {
    const changed = textMutations[name].apply(text, next);
    if (changed !== undefined) {
      text = changed;
      applied.push(name);
    }
  }
  return { text, applied };
}

export { random };
