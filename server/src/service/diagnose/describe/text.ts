// The text of `kubectl describe` as lines and an indentation tree. kubectl writes each object through a
// PrefixWriter (two spaces per level) into a tabwriter (kubernetes/kubectl pkg/describe/describe.go:
// tabbedString, `tabwriter.Init(buf, 0, 8, 2, ' ', 0)`): a field is `Key:` then padding then its value, the
// lines of a multi-line value (labels, annotations, tolerations) are padded to the value's column, and a
// section's children sit deeper. So the structure is the indentation; the tree below is built in one pass.
// Everything here is bounded: the text, each line and the number of lines are capped before any work.

/** The most text read; the rest is left with a note (a describe of one Job is a few kilobytes). */
export const MAX_TEXT = 8 * 1024 * 1024;
/** The most of one line read: kubectl shortens annotation values to 140 characters, messages are short. */
export const MAX_LINE = 16 * 1024;
/** The most (non-blank) lines read. */
export const MAX_LINES = 100_000;

export interface Line {
  /** 1-based line number in the input. */
  no: number;
  indent: number;
  /** The line without its indentation and trailing whitespace. */
  text: string;
}

export interface Node extends Line {
  /** `Key` of `Key:  value`, when the line is a field. */
  key?: string;
  /** The value after the key (trimmed); '' for a section header. */
  value: string;
  /** Column where the value starts on the line (for continuation lines aligned to it). */
  valueColumn: number;
  children: Node[];
}

export interface Prepared {
  lines: Line[];
  notes: string[];
}

/** Lines of the text: tabs expanded, CR removed, over-long lines cut, blank lines dropped. */
export function prepare(text: string): Prepared {
  const notes: string[] = [];
  let input = text;
  if (input.length > MAX_TEXT) {
    const cut = input.lastIndexOf('\n', MAX_TEXT);
    input = input.slice(0, cut > 0 ? cut : MAX_TEXT);
    notes.push(`Only the first ${MAX_TEXT} characters of the text were read; the rest was left out.`);
  }
  const lines: Line[] = [];
  let longLines = 0;
  let start = 0;
  let no = 0;
  while (start <= input.length) {
    if (lines.length >= MAX_LINES) {
      notes.push(`Only the first ${MAX_LINES} lines of the text were read; the rest was left out.`);
      break;
    }
    let end = input.indexOf('\n', start);
    if (end < 0) end = input.length;
    no++;
    let raw = input.slice(start, Math.min(end, start + MAX_LINE));
    if (end - start > MAX_LINE) longLines++;
    start = end + 1;
    if (raw.includes('\r')) raw = raw.replace(/\r/g, '');
    if (raw.includes('\t')) raw = expandTabs(raw);
    const text = raw.trim();
    if (text === '') continue;
    lines.push({ no, indent: raw.length - raw.trimStart().length, text });
  }
  if (longLines > 0) notes.push(`${longLines} line(s) longer than ${MAX_LINE} characters were cut to that length.`);
  return { lines, notes };
}

function expandTabs(raw: string): string {
  let out = '';
  for (const ch of raw) {
    if (ch === '\t') out += ' '.repeat(8 - (out.length % 8));
    else out += ch;
  }
  return out;
}

const KEY = /^([A-Za-z][A-Za-z0-9._/()-]*(?: [A-Za-z0-9._/()-]+)*):(?:\s+(.*))?$/;

/** `Key:  value` → key and value; undefined for a line that is not a field. */
export function splitField(text: string): { key: string; value: string } | undefined {
  const colon = text.indexOf(':');
  if (colon < 1 || colon > 64) return undefined;
  const match = KEY.exec(text);
  if (!match) return undefined;
  return { key: match[1], value: (match[2] ?? '').trim() };
}

/** The indentation tree of some lines (each node's parent is the nearest line above it indented less). */
export function buildTree(lines: readonly Line[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const line of lines) {
    const field = splitField(line.text);
    const value = field === undefined ? '' : field.value;
    const node: Node = {
      no: line.no,
      indent: line.indent,
      text: line.text,
      key: field?.key,
      value,
      valueColumn: value !== '' ? line.indent + line.text.length - value.length : line.indent,
      children: [],
    };
    while (stack.length > 0 && stack[stack.length - 1].indent >= line.indent) stack.pop();
    if (stack.length === 0) roots.push(node);
    else stack[stack.length - 1].children.push(node);
    stack.push(node);
  }
  return roots;
}

/** Every line below a node, in order (a table's rows, a list's items); iterative, whatever the depth. */
export function descendants(node: Node): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [...node.children].reverse();
  while (stack.length > 0) {
    const next = stack.pop() as Node;
    out.push(next);
    for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]);
  }
  return out;
}

/** The smallest indentation of some lines (a loop: a spread of a huge array would overflow the stack). */
export function minIndent(lines: readonly Line[]): number {
  let min = Infinity;
  for (const line of lines) if (line.indent < min) min = line.indent;
  return min === Infinity ? 0 : min;
}

/** A field's value followed by the lines below it: a label list, a toleration list, an annotation block. */
export function valueLines(node: Node): Node[] {
  const first: Node = { ...node, text: node.value, indent: node.valueColumn, children: [] };
  return [...(node.value === '' ? [] : [first]), ...descendants(node)];
}

export function isNone(value: string): boolean {
  return value === '' || value === '<none>' || value === '<unset>';
}

/** `Labels:` (and `Node-Selectors:`, `Selector:`) as kubectl prints them: `k=v` one a line, or `<none>`. */
export function readLabels(node: Node): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const line of valueLines(node)) {
    for (const pair of line.text.split(',')) {
      const at = pair.indexOf('=');
      if (at > 0) labels[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
    }
  }
  return labels;
}

/**
 * `Annotations:` as printAnnotationsMultiline writes them: `key: value` on one line, or `key:` and the value's
 * lines two columns deeper (a value over 140 characters is shortened and ends with `...`). The
 * last-applied-configuration annotation is one kubectl never prints. Returns the annotations and the keys
 * whose values kubectl shortened.
 */
export function readAnnotations(node: Node): { annotations: Record<string, string>; shortened: string[] } {
  const annotations: Record<string, string> = {};
  const shortened: string[] = [];
  const lines = valueLines(node);
  if (lines.length === 0 || isNone(lines[0].text)) return { annotations, shortened };
  const column = lines[0].indent;
  let current: string | undefined;
  for (const line of lines) {
    if (current !== undefined && line.indent > column) {
      annotations[current] = annotations[current] === '' ? line.text : `${annotations[current]}\n${line.text}`;
      // shorten(s, maxAnnotationLen-2): the first 138 characters and `...`
      if (line.text.length === 141 && line.text.endsWith('...')) shortened.push(current);
      continue;
    }
    const at = line.text.indexOf(':');
    if (at <= 0) continue;
    current = line.text.slice(0, at).trim();
    annotations[current] = line.text.slice(at + 1).trim();
  }
  return { annotations, shortened: [...new Set(shortened)] };
}

export function readInt(value: string): number | undefined {
  const match = /^(-?\d{1,15})s?$/.exec(value.trim());
  return match ? Number(match[1]) : undefined;
}

/** `target[key]` = the whole number `value` writes, when it writes one (`<unset>` and the like leave it out). */
export function setInt(target: Record<string, unknown>, key: string, value: string): void {
  const n = readInt(value);
  if (n !== undefined) target[key] = n;
}

export function readBool(value: string): boolean | undefined {
  const lower = value.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const RFC1123 = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (?:([+-])(\d{2})(\d{2})|(UTC|GMT|Z))$/;

/**
 * A time as describe prints it (Go's time.RFC1123Z, `Mon, 02 Dec 2019 15:20:11 +0200`) in RFC 3339 UTC, as the
 * API writes it. undefined for anything else: a zone name other than UTC cannot be turned into an offset.
 */
export function readTime(value: string): string | undefined {
  const match = RFC1123.exec(value.trim());
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2]);
  if (month < 0) return undefined;
  const [day, year, hour, minute, second] = [match[1], match[3], match[4], match[5], match[6]].map(Number);
  let offset = 0;
  if (match[7]) offset = (match[7] === '-' ? -1 : 1) * (Number(match[8]) * 60 + Number(match[9]));
  const ms = Date.UTC(year, month, day, hour, minute, second) - offset * 60_000;
  if (!Number.isFinite(ms) || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** An age as apimachinery's HumanDuration writes it (`61s`, `3m2s`, `2d3h`, `5y10d`) in seconds. */
export function readAge(value: string): number | undefined {
  const match = /^(?:(\d+)y)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === '') return undefined;
  const [y, d, h, m, s] = match.slice(1).map((part) => Number(part ?? 0));
  return (((y * 365 + d) * 24 + h) * 60 + m) * 60 + s;
}

/** What a command line above the output says: `kubectl describe job NAME -n NS`, `k describe po NAME`. */
export interface CommandHint {
  kind?: 'Job' | 'CronJob' | 'Pod';
  name?: string;
  namespace?: string;
}

const RESOURCES: Record<string, CommandHint['kind']> = {
  job: 'Job', jobs: 'Job', 'job.batch': 'Job', 'jobs.batch': 'Job',
  cronjob: 'CronJob', cronjobs: 'CronJob', cj: 'CronJob', 'cronjob.batch': 'CronJob', 'cronjobs.batch': 'CronJob',
  pod: 'Pod', pods: 'Pod', po: 'Pod',
};

/** The `describe` command on a line (after any prompt), or undefined. */
export function readCommand(text: string): CommandHint | undefined {
  const match = /(?:^|[\s$#>])(?:kubectl|k|oc|kubecolor|microk8s kubectl)\s+describe\s+(.*)$/.exec(text);
  if (!match) return undefined;
  const words = match[1].split(/\s+/).filter((w) => w !== '');
  const hint: CommandHint = {};
  const names: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '-n' || word === '--namespace') hint.namespace = words[++i];
    else if (word.startsWith('--namespace=')) hint.namespace = word.slice('--namespace='.length);
    else if (word.startsWith('-')) {
      if ((word === '-l' || word === '--selector' || word === '--context') && i + 1 < words.length) i++;
    } else names.push(word);
  }
  const [resource, name] = names;
  if (resource === undefined) return hint;
  const slash = resource.indexOf('/');
  const kind = RESOURCES[(slash > 0 ? resource.slice(0, slash) : resource).toLowerCase()];
  if (kind === undefined) return undefined;
  hint.kind = kind;
  const named = slash > 0 ? resource.slice(slash + 1) : name;
  if (named !== undefined && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(named)) hint.name = named;
  return hint;
}
