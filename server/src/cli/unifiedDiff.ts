// A unified diff of two texts, for `kubeassist check --fix --dry-run`: what `--fix` would write, in the
// form `git apply` and `patch` take. Lines are compared whole, line endings included (CRLF stays
// visible as such); Myers' algorithm keeps it fast for the few changed lines a fix makes.

type Op = { kind: ' ' | '-' | '+'; line: string; oldIndex: number; newIndex: number };

interface Lines {
  lines: string[];
  /** Whether the text ends without a line break (its last line gets "\ No newline at end of file"). */
  noFinalNewline: boolean;
}

function splitLines(text: string): Lines {
  if (text === '') return { lines: [], noFinalNewline: false };
  const lines = text.split('\n');
  const noFinalNewline = lines[lines.length - 1] !== '';
  if (!noFinalNewline) lines.pop();
  return { lines, noFinalNewline };
}

/** The shortest edit script from `a` to `b` (Myers, O((N+M)D)). */
function editScript(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const before = trace[d];
    const k = x - y;
    const previousK = k === -d || (k !== d && before[offset + k - 1] < before[offset + k + 1]) ? k + 1 : k - 1;
    const previousX = before[offset + previousK];
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push({ kind: ' ', line: a[x - 1], oldIndex: x - 1, newIndex: y - 1 });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === previousX) ops.push({ kind: '+', line: b[y - 1], oldIndex: x, newIndex: y - 1 });
      else ops.push({ kind: '-', line: a[x - 1], oldIndex: x - 1, newIndex: y });
    }
    x = previousX;
    y = previousY;
  }
  return ops.reverse();
}

/** A hunk's line span as GNU diff writes it: the count is left out when it is 1. */
function span(start: number, count: number): string {
  return count === 1 ? `${start}` : `${start},${count}`;
}

/**
 * `--- <from>` / `+++ <to>` (e.g. `a/job.yaml`, `b/job.yaml`) and hunks with `context` lines around each
 * change; '' when the texts are equal.
 */
export function unifiedDiff(oldText: string, newText: string, names: { from: string; to: string }, context = 3): string {
  if (oldText === newText) return '';
  const before = splitLines(oldText);
  const after = splitLines(newText);
  const ops = editScript(before.lines, after.lines);
  // The last line differs when only its final line break does.
  const lastOld = before.lines.length - 1;
  const lastNew = after.lines.length - 1;
  if (before.noFinalNewline !== after.noFinalNewline) {
    const index = ops.findIndex((op) => op.kind === ' ' && op.oldIndex === lastOld && op.newIndex === lastNew);
    if (index !== -1) {
      const op = ops[index];
      ops.splice(index, 1, { ...op, kind: '-', newIndex: op.newIndex }, { ...op, kind: '+', oldIndex: op.oldIndex + 1 });
    }
  }
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index !== -1);
  const hunks: [number, number][] = [];
  for (const index of changed) {
    const start = Math.max(0, index - context);
    const end = Math.min(ops.length - 1, index + context);
    const last = hunks[hunks.length - 1];
    if (last && start <= last[1] + 1) last[1] = end;
    else hunks.push([start, end]);
  }
  let out = `--- ${names.from}\n+++ ${names.to}\n`;
  for (const [start, end] of hunks) {
    const slice = ops.slice(start, end + 1);
    const oldLines = slice.filter((op) => op.kind !== '+');
    const newLines = slice.filter((op) => op.kind !== '-');
    const oldStart = oldLines.length ? oldLines[0].oldIndex + 1 : slice[0].oldIndex;
    const newStart = newLines.length ? newLines[0].newIndex + 1 : slice[0].newIndex;
    out += `@@ -${span(oldStart, oldLines.length)} +${span(newStart, newLines.length)} @@\n`;
    for (const op of slice) {
      out += `${op.kind}${op.line}\n`;
      const endsOld = op.kind !== '+' && op.oldIndex === lastOld && before.noFinalNewline;
      const endsNew = op.kind !== '-' && op.newIndex === lastNew && after.noFinalNewline;
      if (endsOld || endsNew) out += '\\ No newline at end of file\n';
    }
  }
  return out;
}

/** A change of whole lines: `deleted` lines of the old text from line `start` (0-based) give way to `inserted`. */
interface LineChange {
  start: number;
  deleted: number;
  inserted: string;
}

/**
 * The changes from one text to another as LSP text edits on the old text (0-based lines, UTF-16 columns), each
 * a run of whole lines, line ends included, found with the same shortest edit script as the diff. Applied to
 * the old text, they give the new one exactly (a missing final line break included).
 */
export function lineEdits(oldText: string, newText: string): { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[] {
  if (oldText === newText) return [];
  const withEnds = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const a = withEnds(oldText);
  const b = withEnds(newText);
  const changes: LineChange[] = [];
  let open: LineChange | undefined;
  let oldLine = 0;
  for (const op of editScript(a, b)) {
    if (op.kind === ' ') {
      open = undefined;
      oldLine = op.oldIndex + 1;
      continue;
    }
    if (!open) changes.push((open = { start: op.kind === '-' ? op.oldIndex : oldLine, deleted: 0, inserted: '' }));
    if (op.kind === '-') {
      open.deleted++;
      oldLine = op.oldIndex + 1;
    } else open.inserted += op.line;
  }
  const position = (line: number) => (line < a.length || a.length === 0 || a[a.length - 1].endsWith('\n') ? { line, character: 0 } : { line: a.length - 1, character: a[a.length - 1].length });
  return changes.map((change) => ({
    range: { start: position(change.start), end: position(change.start + change.deleted) },
    newText: change.inserted,
  }));
}
