// Where the masked text of a Helm template (./helmTemplate.ts) cannot stand for what renders, lines are cut out
// and the rest is still read. Each cut is whole lines, blanked without moving an offset, and becomes (part of)
// an output action that writes lines at the cut's indentation: the mapping or list it lands in is open, the
// value it stood for unknown, so what was cut can never cause a finding.
// - Continuations: literal lines right below a standalone output, indented deeper than the lines it writes
//   (`containers:` at 6, `{{- include "container" . | nindent 8 }}`, then `volumeMounts:` at 10), continue what
//   it wrote (the last item's fields): they belong to the output. Only where the output writes below the line
//   above it: an output written left of it (a wrong `nindent` in a branch rarely taken) continues nothing.
// - Parse errors: an action writes something the masking cannot stand in for (a line that only makes sense
//   rendered). The cut starts at the nearest line at or above the error that holds an action: first its
//   deeper-indented lines below it (what the action's line owns), then that line with them; failing that, the
//   next such line above.
import { TemplateView, type TemplateAction } from './helmTemplate';

/** Parses tried at most per template (each a parse of one document). */
const MAX_ATTEMPTS = 12;
/** Lines above a parse error searched for the action that caused it. */
const MAX_LINES_UP = 40;

interface Cut {
  start: number;
  end: number;
  /** The column the cut lines are written at (where their content lands). */
  column: number;
}

/**
 * A view of the same template whose masked text parses, with the cut regions as open outputs; undefined when
 * no cut near the errors makes it parse. `firstError` parses a masked text: the offset of its first error, or
 * undefined when it is YAML.
 */
export function recoverTemplate(view: TemplateView, firstError: (text: string) => number | undefined): TemplateView | undefined {
  let text = view.text;
  let actions: TemplateAction[] = [...view.actions];
  const tried = new Set<string>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const error = firstError(text);
    if (error === undefined) return attempt === 0 ? view : new TemplateView(text, actions, view.branches, view.broken);
    const cut = nextCut(text, actions, error, tried);
    if (!cut) return undefined;
    text = text.slice(0, cut.start) + text.slice(cut.start, cut.end).replace(/[^\r\n]/g, ' ') + text.slice(cut.end);
    const written: TemplateAction = { start: cut.start, end: cut.end, kind: 'output', standalone: true, columns: [cut.column] };
    actions = [...actions.filter((action) => action.end <= cut.start || action.start >= cut.end), written].sort((a, b) => a.start - b.start);
  }
  return undefined;
}

/** The view with the literal lines that continue a standalone output's lines cut into that output. */
export function cutContinuations(view: TemplateView): TemplateView {
  let text = view.text;
  let actions: TemplateAction[] = [...view.actions];
  let changed = false;
  const lines = linesOf(text);
  for (const output of view.actions) {
    if (output.kind !== 'output' || !output.standalone || !Array.isArray(output.columns) || !output.columns.length) continue;
    if (!actions.includes(output)) continue; // inside an earlier cut
    const column = Math.min(...output.columns);
    const first = lines.findIndex((line) => output.start <= line.end);
    let above = first - 1;
    while (above >= 0 && isBlank(text.slice(lines[above].start, lines[above].end))) above--;
    if (above < 0 || indentation(text.slice(lines[above].start, lines[above].end)) >= column) continue;
    let index = lines.findIndex((line) => output.end <= line.end) + 1;
    if (index === 0) continue;
    let last = -1;
    for (; index < lines.length; index++) {
      const line = text.slice(lines[index].start, lines[index].end);
      if (isBlank(line)) continue;
      if (indentation(line) <= column) break;
      last = index;
    }
    if (last === -1) continue;
    const end = lines[last].end;
    // Another action reaching past the cut's end would be left half masked: then the lines stay as they are.
    if (actions.some((action) => action.start < end && action.end > end)) continue;
    text = text.slice(0, output.end) + text.slice(output.end, end).replace(/[^\r\n]/g, ' ') + text.slice(end);
    const merged: TemplateAction = { ...output, end };
    actions = [...actions.filter((action) => action.end <= output.start || action.start >= end), merged].sort((a, b) => a.start - b.start);
    changed = true;
  }
  return changed ? new TemplateView(text, actions, view.branches, view.broken) : view;
}

/** A text's lines: start and end offsets (end before the line break, `\r` included in the line). */
function linesOf(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    out.push({ start, end: end === -1 ? text.length : end });
    if (end === -1) return out;
    start = end + 1;
  }
}

function indentation(line: string): number {
  return line.length - line.trimStart().length;
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** The next cut not yet tried for the error at `offset`. */
function nextCut(text: string, actions: readonly TemplateAction[], offset: number, tried: Set<string>): Cut | undefined {
  const lines = linesOf(text);
  const lineText = (index: number) => text.slice(lines[index].start, lines[index].end);
  let errorLine = lines.findIndex((line) => offset <= line.end);
  if (errorLine === -1) errorLine = lines.length - 1;
  const holdsAction = (index: number) => actions.some((action) => action.start <= lines[index].end && action.end > lines[index].start);
  for (let index = errorLine; index >= 0 && index >= errorLine - MAX_LINES_UP; index--) {
    if (isBlank(lineText(index)) || !holdsAction(index)) continue;
    const own = indentation(lineText(index));
    // What the line owns: the lines below it indented deeper (blank ones between them too, not after the last).
    let last = index;
    for (let next = index + 1; next < lines.length; next++) {
      const line = lineText(next);
      if (isBlank(line)) continue;
      if (indentation(line) <= own) break;
      last = next;
    }
    const childColumns = Array.from({ length: last - index }, (_, i) => lineText(index + 1 + i)).filter((line) => !isBlank(line)).map(indentation);
    const candidates: (Cut & { key: string })[] = [];
    if (last > index) candidates.push({ key: `${index}:below`, start: lines[index + 1].start, end: lines[last].end, column: Math.min(...childColumns) });
    candidates.push({ key: `${index}:with`, start: lines[index].start + own, end: lines[last].end, column: own });
    for (const candidate of candidates) {
      if (tried.has(candidate.key)) continue;
      tried.add(candidate.key);
      // A cut ends where an action ends: one that reaches across its edge would be left half masked.
      if (actions.some((action) => (action.start < candidate.start && action.end > candidate.start) || (action.start < candidate.end && action.end > candidate.end))) continue;
      return candidate;
    }
  }
  return undefined;
}
