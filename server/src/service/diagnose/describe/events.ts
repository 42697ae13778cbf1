// The `Events:` table of kubectl describe as core/v1 Events. DescribeEvents (kubernetes/kubectl
// pkg/describe/describe.go) prints `Events:  <none>`, or a header `Type Reason Age From Message`, a rule of
// dashes and one row per event: the type, the reason, the age (`translateTimestampSince`: `14m`, `<invalid>`
// when the client's clock is behind, `<unknown>`; `30s (x2 over 59s)` for a repeated event: last seen, count,
// first seen), the source component (else the reporting controller) and the message, prefixed with the
// involved object's field path (`spec.containers{create}: ...`) when the event names one. Ages are relative
// to the moment kubectl ran, which the text does not say: they are kept as they are, never turned into times.

import { type Node, descendants, readAge } from './text';

/** The object the events are about, as far as the text names it. */
export interface InvolvedObject {
  apiVersion?: string;
  kind?: string;
  name?: string;
  namespace?: string;
}

export interface EventsResult {
  events: Record<string, unknown>[];
  /** Rows that could not be read as events. */
  unread: number;
}

/** The most events read from one table (kubectl lists at most a few hundred). */
export const MAX_EVENTS = 10_000;

const AGE = String.raw`(?:<invalid>|<unknown>|\d+[ydhms][0-9ydhms]*)`;
const AGE_CELL = new RegExp(String.raw`^(${AGE})(?: \(x(\d+) over (${AGE})\))?$`);
const ROW = new RegExp(String.raw`^(\S+)\s+(\S+)\s+(${AGE}(?: \(x\d+ over ${AGE}\))?)\s+(\S+?(?:, \S+)?)(?:\s+(.*))?$`);
const HEADER = /^Type\s+Reason\s+Age\s+From\s+Message$/;
const RULE = /^-+\s+-+\s+-+\s+-+\s+-+$/;

/** Whether a line is the Events table's header (a fragment may start there, without `Events:`). */
export function isEventsHeader(text: string): boolean {
  return HEADER.test(text);
}

/** The rows below an `Events:` line (or a header line) as Events about `involved`. */
export function readEvents(node: Node, involved: InvolvedObject): EventsResult {
  if (node.key === 'Events' && (node.value === '<none>' || node.children.length === 0)) return { events: [], unread: 0 };
  const lines = node.key === 'Events' ? descendants(node) : [node, ...descendants(node)];
  let columns: number[] | undefined;
  const events: Record<string, unknown>[] = [];
  let unread = 0;
  for (const line of lines) {
    if (HEADER.test(line.text)) {
      columns ??= wordStarts(line.indent, line.text);
      continue;
    }
    if (RULE.test(line.text)) {
      columns = wordStarts(line.indent, line.text);
      continue;
    }
    if (events.length >= MAX_EVENTS) {
      unread++;
      continue;
    }
    const cells = (columns && byColumns(line.indent, line.text, columns)) ?? byTokens(line.text);
    if (cells === undefined) {
      unread++;
      continue;
    }
    events.push(toEvent(cells, involved));
  }
  return { events, unread };
}

interface Cells {
  type: string;
  reason: string;
  age: string;
  from: string;
  message: string;
}

function wordStarts(indent: number, text: string): number[] {
  const starts: number[] = [];
  const word = /\S+/g;
  for (let match = word.exec(text); match; match = word.exec(text)) starts.push(indent + match.index);
  return starts;
}

/** Cut a row at the header's columns, when the row lines up with them (it does unless a paste moved it). */
function byColumns(indent: number, text: string, columns: number[]): Cells | undefined {
  if (columns.length !== 5) return undefined;
  const raw = ' '.repeat(indent) + text;
  for (let i = 1; i < 5; i++) {
    if (raw.length > columns[i] && raw[columns[i] - 1] !== ' ') return undefined;
  }
  const cell = (i: number): string => raw.slice(columns[i], i < 4 ? columns[i + 1] : undefined).trim();
  const cells: Cells = { type: cell(0), reason: cell(1), age: cell(2), from: cell(3), message: cell(4) };
  if (!/^\S+$/.test(cells.type) || !/^\S+$/.test(cells.reason) || !AGE_CELL.test(cells.age)) return undefined;
  if (raw.slice(0, columns[0]).trim() !== '') return undefined;
  return cells;
}

/** Read a row word by word: for rows whose spacing a paste changed, or a table without its header. */
function byTokens(text: string): Cells | undefined {
  const match = ROW.exec(text);
  if (!match) return undefined;
  return { type: match[1], reason: match[2], age: match[3], from: match[4], message: match[5] ?? '' };
}

const FIELD_PATH = /^(spec\.(?:initContainers|containers|ephemeralContainers)\{[^}]*\}): (.*)$/s;

function toEvent(cells: Cells, involved: InvolvedObject): Record<string, unknown> {
  const age = AGE_CELL.exec(cells.age);
  const lastSeen = age ? readAge(age[1]) : undefined;
  const count = age?.[2] !== undefined ? Number(age[2]) : 1;
  const firstSeen = age?.[3] !== undefined ? readAge(age[3]) : lastSeen;
  const annotations: Record<string, string> = { 'kubeassist.dev/age': cells.age };
  if (lastSeen !== undefined) annotations['kubeassist.dev/last-seen-seconds-ago'] = String(lastSeen);
  if (firstSeen !== undefined) annotations['kubeassist.dev/first-seen-seconds-ago'] = String(firstSeen);

  const involvedObject: Record<string, unknown> = { ...involved };
  let message = cells.message;
  const path = FIELD_PATH.exec(message);
  if (path) {
    involvedObject.fieldPath = path[1];
    message = path[2];
  }
  const [component, host] = cells.from.split(', ');
  const source: Record<string, unknown> = { component };
  if (host !== undefined) source.host = host;

  const metadata: Record<string, unknown> = {};
  if (involved.namespace !== undefined) metadata.namespace = involved.namespace;
  metadata.annotations = annotations;
  return { apiVersion: 'v1', kind: 'Event', metadata, involvedObject, type: cells.type, reason: cells.reason, message, count, source };
}
