// A Helm (Go) template read as the YAML it will render to, as far as its text is literal. Every `{{ … }}`
// action is masked without moving any offset: an action alone on its line becomes blank (an `if`, an
// `end`, a `{{- toYaml .Values.x | nindent 8 }}`), an action inside a line becomes a run of `x` (a value,
// part of a value, or a key). The rest of the engine parses the masked text and asks this view what is
// not literal: which scalars overlap an action (their value is unknown), which lines an output action
// fills (the mapping or list there may hold anything), and which lines sit in a branch of an
// `if`/`with`/`range` (they may be absent, or repeated). `define` bodies render elsewhere: blanked.

/** One `{{ … }}` action: its offsets in the text, what it does, and whether it is alone on its line(s). */
export interface TemplateAction {
  start: number;
  /** Offset just past the closing `}}`. */
  end: number;
  /** 'output' writes text where it stands; 'control' opens, splits or closes a block; 'silent' writes nothing. */
  kind: 'output' | 'control' | 'silent';
  keyword?: BlockKeyword | 'else' | 'end';
  /** Nothing but whitespace and other actions on the lines the action spans. */
  standalone: boolean;
  /**
   * For an output that writes lines of its own (standalone, or `key: {{ … | nindent N }}` ending its line):
   * the columns at which those lines may start (from `nindent N` / `indent N`, else its own column), or
   * 'unknown' when the indentation is computed. Such an output is blank in the masked text.
   */
  columns?: number[] | 'unknown';
}

type BlockKeyword = 'if' | 'with' | 'range' | 'define' | 'block';

/** One branch of a block: the text that is rendered only when the branch is taken (or repeated, for `range`). */
export interface TemplateBranch {
  start: number;
  end: number;
  /** Index of its block, and of the branch within it (`if` 0, `else if` 1, `else` 2 ...). */
  block: number;
  index: number;
  repeated: boolean;
}

const KEYWORD = /^(if|else|end|range|with|define|block|template|break|continue)\b/;
const ASSIGNMENT = /^\$[A-Za-z0-9_]*\s*:?=/;
const INDENT = /\b(n?indent)\s+([^\s|)}]+)/g;

export class TemplateView {
  constructor(
    /** The masked text: same length and line breaks as the template. */
    readonly text: string,
    readonly actions: readonly TemplateAction[],
    readonly branches: readonly TemplateBranch[],
    /** An action never closed, or a block structure the view cannot follow: nothing in it is judged. */
    readonly broken: boolean,
  ) {}

  /** Whether [start, end) touches an action (or a masked `define` body). */
  overlaps(start: number, end: number): boolean {
    // Actions are sorted and never overlap: only the last one that starts before `end` can reach `start`.
    const index = this.lastActionStartingBefore(end);
    return index >= 0 && this.actions[index].end > start;
  }

  /** Whether the text from `start` to `end` overlaps an action or touches one at either end. */
  touches(start: number, end: number): boolean {
    return this.overlaps(Math.max(0, start - 1), Math.max(end, start + 1) + 1);
  }

  /** Whether `offset` lies inside an action (strictly after its first brace, up to its last). */
  inside(offset: number): boolean {
    const index = this.lastActionStartingBefore(offset);
    return index >= 0 && offset < this.actions[index].end && offset > this.actions[index].start;
  }

  /**
   * The branches `offset` lies in that do not also hold every one of `context` (the node's owner and its
   * siblings): what makes a node conditional relative to its parent.
   */
  branchesOf(offset: number, context: readonly number[]): TemplateBranch[] {
    const found: TemplateBranch[] = [];
    for (const branch of this.branches) {
      if (offset < branch.start || offset >= branch.end) continue;
      if (context.length && context.every((other) => other >= branch.start && other < branch.end)) continue;
      found.push(branch);
    }
    return found;
  }

  private lastActionStartingBefore(offset: number): number {
    let low = -1;
    let high = this.actions.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.actions[middle].start < offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** Whether a text holds template actions at all. */
export function hasTemplateActions(text: string): boolean {
  return text.includes('{{');
}

/** The template view of a text with actions; undefined for plain YAML. */
export function templateView(text: string): TemplateView | undefined {
  if (!hasTemplateActions(text)) return undefined;
  const { actions, closed } = lexActions(text);
  markStandalone(text, actions);
  const { branches, defines, balanced } = blockStructure(actions, text.length);
  return new TemplateView(mask(text, actions, defines), actions, branches, !closed || !balanced);
}

/** Finds the actions: `{{` to the matching `}}`, past strings, raw strings, characters and comments. */
function lexActions(text: string): { actions: TemplateAction[]; closed: boolean } {
  const actions: TemplateAction[] = [];
  for (let open = text.indexOf('{{'); open !== -1; open = text.indexOf('{{', open)) {
    const close = actionEnd(text, open);
    if (close === -1) {
      actions.push({ start: open, end: text.length, kind: 'silent', standalone: false });
      return { actions, closed: false };
    }
    actions.push(describe(text, open, close));
    open = close;
  }
  return { actions, closed: true };
}

/** Offset past the `}}` that closes the action opened at `open`, or -1. */
function actionEnd(text: string, open: number): number {
  let i = open + 2;
  if (text[i] === '-' && /\s/.test(text[i + 1] ?? '')) i += 2;
  while (i < text.length && /\s/.test(text[i])) i++;
  if (text.startsWith('/*', i)) {
    const commentEnd = text.indexOf('*/', i + 2);
    if (commentEnd === -1) return -1;
    const close = text.indexOf('}}', commentEnd + 2);
    return close === -1 ? -1 : close + 2;
  }
  for (; i < text.length; i++) {
    const char = text[i];
    if (char === '}' && text[i + 1] === '}') return i + 2;
    if (char === '"' || char === "'") {
      for (i++; i < text.length && text[i] !== char && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (char === '`') {
      const rawEnd = text.indexOf('`', i + 1);
      if (rawEnd === -1) return -1;
      i = rawEnd;
    }
  }
  return -1;
}

function describe(text: string, start: number, end: number): TemplateAction {
  const body = text.slice(start + 2, end - 2).replace(/^-\s/, '').replace(/\s-$/, '').trim();
  if (body.startsWith('/*')) return { start, end, kind: 'silent', standalone: false };
  const keyword = KEYWORD.exec(body)?.[1];
  switch (keyword) {
    case 'if': case 'with': case 'range': case 'define': case 'block':
      return { start, end, kind: 'control', keyword, standalone: false };
    case 'else': case 'end':
      return { start, end, kind: 'control', keyword, standalone: false };
    case 'break': case 'continue':
      return { start, end, kind: 'silent', standalone: false };
    default:
      return { start, end, kind: ASSIGNMENT.test(body) ? 'silent' : 'output', standalone: false };
  }
}

/**
 * An action is standalone when the lines it spans hold nothing but whitespace and actions. A standalone
 * output writes lines of its own: record where they may start.
 */
function markStandalone(text: string, actions: TemplateAction[]): void {
  let i = 0;
  while (i < actions.length) {
    const groupStart = text.lastIndexOf('\n', actions[i].start - 1) + 1;
    let groupEnd = lineEndAt(text, actions[i].end);
    let j = i + 1;
    while (j < actions.length && actions[j].start < groupEnd) {
      groupEnd = Math.max(groupEnd, lineEndAt(text, actions[j].end));
      j++;
    }
    let literal = false;
    let cursor = groupStart;
    for (let k = i; k < j && !literal; k++) {
      literal = /\S/.test(text.slice(cursor, actions[k].start));
      cursor = actions[k].end;
    }
    literal ||= /\S/.test(text.slice(cursor, groupEnd));
    for (let k = i; k < j; k++) {
      const action = actions[k];
      action.standalone = !literal;
      if (action.kind !== 'output') continue;
      if (!literal) action.columns = outputColumns(text, action);
      else if (startsItsOwnLines(text, actions, k, groupStart, groupEnd)) action.columns = nindentColumns(text, action);
    }
    i = j;
  }
}

/**
 * `labels: {{- include "labels" . | nindent 4 }}` (then more labels on the next lines): an output that ends
 * its line after a key and starts with a line break writes lines of its own under that key. So does one after
 * a list item's dash (`- {{- include "container" . | nindent 10 }}`, then more fields of that item).
 */
function startsItsOwnLines(text: string, actions: readonly TemplateAction[], index: number, lineStart: number, lineEnd: number): boolean {
  const action = actions[index];
  if (nindentColumns(text, action) === undefined) return false;
  const others = actions.filter((other, k) => k !== index && other.start < lineEnd && other.end > lineStart);
  const outside = (from: number, to: number) => {
    let rest = text.slice(from, to);
    for (const other of others) if (other.start >= from && other.end <= to) rest = rest.replace(text.slice(other.start, other.end), '');
    return rest;
  };
  const before = outside(lineStart, action.start);
  return !/\S/.test(outside(action.end, lineEnd)) && (/:\s*$/.test(before) || /^\s*(?:-\s+)*-\s*$/.test(before));
}

function nindentColumns(text: string, action: TemplateAction): number[] | 'unknown' | undefined {
  const indents = [...text.slice(action.start, action.end).matchAll(INDENT)];
  const last = indents[indents.length - 1];
  if (!last || last[1] !== 'nindent') return undefined;
  return /^\d+$/.test(last[2]) ? [Number(last[2])] : 'unknown';
}

function lineEndAt(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

function outputColumns(text: string, action: TemplateAction): number[] | 'unknown' {
  const column = action.start - (text.lastIndexOf('\n', action.start - 1) + 1);
  const body = text.slice(action.start, action.end);
  const indents = [...body.matchAll(INDENT)];
  const last = indents[indents.length - 1];
  if (!last) return [column];
  const amount = /^\d+$/.test(last[2]) ? Number(last[2]) : undefined;
  if (amount === undefined) return 'unknown';
  if (last[1] === 'nindent') return [amount];
  // `indent N`: the first line starts after what precedes the action on its line, the others at N.
  const trimsBefore = body.startsWith('{{-');
  return trimsBefore || column === 0 ? [amount] : [amount, column + amount];
}

/** The branches of every block, the `define` bodies (rendered elsewhere), and whether ends matched opens. */
function blockStructure(actions: TemplateAction[], length: number): { branches: TemplateBranch[]; defines: [number, number][]; balanced: boolean } {
  const branches: TemplateBranch[] = [];
  const defines: [number, number][] = [];
  interface Open { keyword: BlockKeyword; start: number; branchStart: number; index: number; block: number }
  const stack: Open[] = [];
  let blocks = 0;
  let balanced = true;
  const close = (open: Open, end: number) => {
    branches.push({ start: open.branchStart, end, block: open.block, index: open.index, repeated: open.keyword === 'range' && open.index === 0 });
  };
  for (const action of actions) {
    if (action.kind !== 'control') continue;
    if (action.keyword === 'else') {
      // An `else` whose block opened in an earlier document of the file: its first branch starts here.
      const open = stack[stack.length - 1] ?? { keyword: 'if' as const, start: 0, branchStart: 0, index: 0, block: blocks++ };
      if (!stack.length) stack.push(open);
      close(open, action.start);
      open.branchStart = action.end;
      open.index++;
    } else if (action.keyword === 'end') {
      const open = stack.pop();
      if (!open) {
        branches.push({ start: 0, end: action.start, block: blocks++, index: 0, repeated: false });
        continue;
      }
      if (open.keyword === 'define') defines.push([open.start, action.end]);
      else close(open, action.start);
    } else {
      stack.push({ keyword: action.keyword as BlockKeyword, start: action.start, branchStart: action.end, index: 0, block: blocks++ });
    }
  }
  // A block left open renders to the end of the text (its `end` may be in a later document of the file).
  for (const open of stack) {
    if (open.keyword === 'define') {
      defines.push([open.start, length]);
      balanced = false;
    } else {
      close(open, length);
    }
  }
  return { branches, defines, balanced };
}

/**
 * The masked text. A standalone action becomes blank, a `define` body too; inside a line, an output action
 * becomes a run of `x` on its first line (a value, part of one, or a key), and a control action becomes
 * blank (it writes nothing, so the items around it stay items: `['a'{{ if .x }}, 'b'{{ end }}]`).
 */
function mask(text: string, actions: readonly TemplateAction[], defines: readonly [number, number][]): string {
  const out: string[] = [];
  let cursor = 0;
  const blank = (from: number, to: number) => text.slice(from, to).replace(/[^\r\n]/g, ' ');
  for (const action of actions) {
    out.push(text.slice(cursor, action.start));
    if (action.standalone || action.kind !== 'output' || action.columns) {
      out.push(blank(action.start, action.end));
    } else {
      const firstLineEnd = text.indexOf('\n', action.start);
      const split = firstLineEnd === -1 || firstLineEnd > action.end ? action.end : firstLineEnd;
      out.push('x'.repeat(split - action.start), blank(split, action.end));
    }
    cursor = action.end;
  }
  out.push(text.slice(cursor));
  let masked = out.join('');
  for (const [from, to] of defines) masked = masked.slice(0, from) + blank(from, to) + masked.slice(to);
  return keepBlockScalarsOpen(text, masked);
}

const BLOCK_SCALAR_HEADER = /(?:^|[\s:-])[|>][0-9+-]*[ \t]*(?:#.*)?$/;

/**
 * A blanked action line right after a block scalar's header (`- |` then `{{- range ... }}`) would be a
 * leading empty line longer than the scalar's indentation, which YAML refuses. Such a line gets a `#` at
 * the indentation of the scalar's first content line: it reads as part of the (unknown) scalar.
 */
function keepBlockScalarsOpen(text: string, masked: string): string {
  const lines = masked.split('\n');
  const original = text.split('\n');
  let pending: number[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (!line.trim()) {
      if (pending && original[i].trim()) pending.push(i);
      continue;
    }
    if (pending?.length) {
      const indent = line.length - line.trimStart().length;
      for (const index of pending) if (lines[index].replace(/\r$/, '').length > indent) lines[index] = lines[index].slice(0, indent) + '#' + lines[index].slice(indent + 1);
    }
    pending = BLOCK_SCALAR_HEADER.test(line) ? [] : undefined;
  }
  return lines.join('\n');
}
