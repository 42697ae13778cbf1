// `kubectl describe job|cronjob|pod` text, as users paste it, turned into Kubernetes-shaped objects: a batch/v1
// Job or CronJob, a core/v1 Pod, and the core/v1 Events of its `Events:` table. kubectl prints several objects
// one after the other, each starting with `Name:` (`kubectl describe jobs` lists every Job of the namespace;
// pkg/cmd/describe separates them with blank lines). A paste may carry the command above the output
// (`$ kubectl describe job pi -n ns`), elide fields with `...`, or be only the Events table: what the text does
// not show stays out of the objects, and `notes` says so in sentences. Pure and bounded (see text.ts).

import { type InvolvedObject, isEventsHeader, readEvents } from './events';
import { readCronJob } from './cronjob';
import { readJob } from './job';
import { type ObjectRead } from './meta';
import { readPod } from './pod';
import { type CommandHint, type Line, type Node, buildTree, descendants, minIndent, prepare, readCommand, splitField } from './text';

export interface DescribeParse {
  /** Jobs, CronJobs and Pods (each marked with the annotation `kubeassist.dev/source: kubectl-describe`), then their Events. */
  objects: unknown[];
  /** What could not be read, in sentences. */
  notes: string[];
}

/** The most objects read from one text. */
export const MAX_OBJECTS = 10_000;
/** The most notes returned (one text of many objects repeats the same few kinds of note). */
export const MAX_NOTES = 200;

const CRONJOB_KEYS = ['Schedule', 'Concurrency Policy', 'Last Schedule Time', 'Active Jobs', 'Successful Job History Limit', 'Starting Deadline Seconds'];
const JOB_KEYS = ['Pods Statuses', 'Completion Mode', 'Backoff Limit', 'Completed Indexes', 'Completed At', 'Parallelism', 'Completions', 'Active Deadline Seconds'];
const POD_KEYS = ['Status', 'IP', 'IPs', 'Node', 'QoS Class', 'Containers', 'Priority', 'Init Containers', 'Conditions'];
const SHARED_KEYS = ['Name', 'Namespace', 'Labels', 'Annotations', 'Selector', 'Controlled By', 'Start Time', 'Pod Template', 'Events', 'Reason', 'Message'];
const KNOWN_KEYS = new Set([...CRONJOB_KEYS, ...JOB_KEYS, ...POD_KEYS, ...SHARED_KEYS]);

type Kind = 'Job' | 'CronJob' | 'Pod';

interface Chunk {
  lines: Line[];
  hint?: CommandHint;
  elided: boolean;
}

/**
 * Objects read from `kubectl describe` text, or undefined when the text is not describe output (YAML, JSON,
 * binary, prose). Never throws; linear in the length of the text, which is capped.
 */
export function parseDescribe(text: string): DescribeParse | undefined {
  if (typeof text !== 'string' || looksBinary(text)) return undefined;
  const { lines, notes: general } = prepare(text);
  const notes: string[] = [];
  const chunks = splitObjects(lines);
  const objects: unknown[] = [];
  const events: unknown[] = [];
  let recognised = false;
  let relative = false;
  for (const chunk of chunks.slice(0, MAX_OBJECTS)) {
    const read = readChunk(chunk);
    if (read === undefined) continue;
    recognised = true;
    if (read.object !== undefined) objects.push(read.object);
    events.push(...read.events);
    if (read.events.length > 0) relative = true;
    notes.push(...read.notes);
  }
  if (!recognised) return undefined;
  if (chunks.length > MAX_OBJECTS) general.push(`Only the first ${MAX_OBJECTS} objects of the text were read.`);
  if (relative) {
    general.push(
      'Event times in kubectl describe are ages relative to when it ran (Age 14m, 30s (x2 over 59s)), which the text does not say: each Event keeps its Age in the annotation kubeassist.dev/age (and in seconds, kubeassist.dev/last-seen-seconds-ago and kubeassist.dev/first-seen-seconds-ago); no absolute time was made up.',
    );
  }
  const unique = [...new Set([...general, ...notes])];
  if (unique.length > MAX_NOTES) unique.splice(MAX_NOTES, unique.length - MAX_NOTES, `... and ${unique.length - MAX_NOTES} more notes like these.`);
  return { objects: [...objects, ...events], notes: unique };
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65_536);
  if (sample.includes('\u0000')) return true;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) control++;
  }
  return control > sample.length / 100;
}

const ELISION = /^(?:\.{3,}|…|\[\.{3,}\]|\[…\])$/;
const FENCE = /^(?:```|~~~)/;

/** Cut the lines into objects: a `Name:` line not deeper than the current object's starts the next one. */
function splitObjects(lines: readonly Line[]): Chunk[] {
  const chunks: Chunk[] = [];
  let current: (Chunk & { base: number; named: boolean }) | undefined;
  let hint: CommandHint | undefined;
  let elided = false;
  for (const line of lines) {
    if (FENCE.test(line.text)) continue;
    const command = line.indent <= 1 ? readCommand(line.text) : undefined;
    if (command !== undefined && line.text.search(/(?:kubectl|k|oc|kubecolor)\s+describe/) <= 60) {
      current = undefined;
      hint = command;
      continue;
    }
    if (ELISION.test(line.text)) {
      if (current !== undefined) current.elided = true;
      else elided = true;
      continue;
    }
    const isName = splitField(line.text)?.key === 'Name';
    if (current === undefined || (isName && (!current.named || line.indent <= current.base))) {
      current = { lines: [], hint, elided, base: line.indent, named: isName };
      hint = undefined;
      elided = false;
      chunks.push(current);
    }
    current.lines.push(line);
  }
  return chunks.map(({ lines: chunkLines, hint: chunkHint, elided: chunkElided }) => ({ lines: chunkLines, hint: chunkHint, elided: chunkElided }));
}

interface ChunkRead {
  object?: unknown;
  events: unknown[];
  notes: string[];
}

function readChunk(chunk: Chunk): ChunkRead | undefined {
  const base = minIndent(chunk.lines);
  let roots = buildTree(chunk.lines.map((l) => ({ ...l, indent: l.indent - base })));
  // Events is the last section kubectl prints: rows a paste moved to the left margin are still its rows.
  const eventsAt = roots.findIndex((r) => r.key === 'Events' && r.value === '' && r.children.length === 0);
  if (eventsAt >= 0 && eventsAt < roots.length - 1) {
    roots[eventsAt].children = roots.slice(eventsAt + 1);
    roots = roots.slice(0, eventsAt + 1);
  }
  const keys = new Set(roots.map((r) => r.key).filter((k): k is string => k !== undefined));
  const known = [...keys].filter((k) => KNOWN_KEYS.has(k));
  const eventsNode = findEvents(roots);
  const hasName = keys.has('Name');
  const kind = kindOf(keys, chunk.hint, eventsNode);
  const notes: string[] = [];
  if (chunk.elided) notes.push(`${label(kind, roots, chunk.hint)}: the text leaves fields out (a "..." line); only what it shows was read.`);

  const describeLike = known.length >= 2 || (hasName && eventsNode !== undefined) || (eventsNode !== undefined && eventsNode.children.length > 0) || (eventsNode !== undefined && eventsNode.key === undefined);
  if (!describeLike) return undefined;

  const fieldCount = known.filter((k) => k !== 'Events').length;
  if (fieldCount === 0) {
    // Only an Events table: the events, about the object the command names (if it does).
    const involved = involvedFromHint(kind, chunk.hint);
    const read = eventsNode ? readEvents(eventsNode, involved) : { events: [], unread: 0 };
    if (read.events.length === 0 && read.unread === 0) return undefined;
    notes.push(`${label(kind, roots, chunk.hint)}: the text holds only an Events table; the object's own fields are not in it.`);
    if (involved.kind === undefined) notes.push('The events name no object kind (no describe command or Name: line above them): they cannot be matched to a Job or Pod.');
    if (read.unread > 0) notes.push(`${read.unread} line(s) of the Events table could not be read as events.`);
    return { events: read.events, notes };
  }
  if (kind === undefined) {
    notes.push(`An object (${hasName ? `Name: ${roots.find((r) => r.key === 'Name')?.value}` : 'no Name: line'}) is not recognisably a Job, CronJob or Pod describe; it was not read.`);
    return { events: [], notes };
  }
  const read: ObjectRead = kind === 'Job' ? readJob(roots) : kind === 'CronJob' ? readCronJob(roots) : readPod(roots);
  notes.push(...read.notes);
  if (!hasName) notes.push(`A ${kind} describe without its Name: line: the object has no name.`);
  if (kind === 'Job') notes.push('kubectl describe job does not print status.conditions: whether and why the Job ended shows only in Completed At and in the events (BackoffLimitExceeded, DeadlineExceeded, ...).');
  applyHint(read, chunk.hint);
  const object = dropEmpty(read.object);
  const node = read.eventsNode ?? eventsNode;
  const events = node ? readEvents(node, read.involved) : { events: [], unread: 0 };
  if (node === undefined && hasName) notes.push(`${label(kind, roots)}: the text has no Events section (it was cut, or kubectl ran with --show-events=false).`);
  if (events.unread > 0) notes.push(`${label(kind, roots)}: ${events.unread} line(s) of the Events table could not be read as events.`);
  return { object, events: events.events, notes };
}

/** The Events section of an object, or a bare Events table (its header line) in a fragment. */
function findEvents(roots: Node[]): Node | undefined {
  for (const root of roots) {
    if (root.key === 'Events') return root;
  }
  for (const root of roots) {
    for (const node of [root, ...descendants(root)]) {
      if (node.key === 'Events') return node;
      if (isEventsHeader(node.text)) return node;
    }
  }
  return undefined;
}

function kindOf(keys: Set<string>, hint: CommandHint | undefined, events: Node | undefined): Kind | undefined {
  if (CRONJOB_KEYS.some((k) => keys.has(k))) return 'CronJob';
  if (JOB_KEYS.some((k) => keys.has(k))) return 'Job';
  if (POD_KEYS.some((k) => keys.has(k))) return 'Pod';
  if (hint?.kind !== undefined) return hint.kind;
  // A describe cut down to its name and events: who wrote the events says whose they are.
  const sources = events ? descendants(events).map((n) => n.text) : [];
  if (sources.some((t) => /\s(job-controller)\s/.test(t))) return 'Job';
  if (sources.some((t) => /\s(cronjob-controller)\s/.test(t))) return 'CronJob';
  if (sources.some((t) => /\s(kubelet|default-scheduler)(,|\s)/.test(t))) return 'Pod';
  return undefined;
}

function involvedFromHint(kind: Kind | undefined, hint: CommandHint | undefined): InvolvedObject {
  const involved: InvolvedObject = {};
  if (kind !== undefined) {
    involved.apiVersion = kind === 'Pod' ? 'v1' : 'batch/v1';
    involved.kind = kind;
  }
  if (hint?.name !== undefined) involved.name = hint.name;
  if (hint?.namespace !== undefined) involved.namespace = hint.namespace;
  return involved;
}

/** The command's namespace fills in a describe cut before its Namespace: line. */
function applyHint(read: ObjectRead, hint: CommandHint | undefined): void {
  const metadata = read.object.metadata as Record<string, unknown>;
  if (hint?.namespace !== undefined && metadata.namespace === undefined) {
    metadata.namespace = hint.namespace;
    read.involved.namespace = hint.namespace;
  }
  if (hint?.name !== undefined && metadata.name === undefined) {
    metadata.name = hint.name;
    read.involved.name = hint.name;
  }
}

/** A describe shows no spec or status at all for some pastes: leave those out rather than claim them empty. */
function dropEmpty(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if ((key === 'spec' || key === 'status') && typeof value === 'object' && value !== null && Object.keys(value).length === 0) continue;
    out[key] = value;
  }
  return out;
}

function label(kind: Kind | undefined, roots: Node[], hint?: CommandHint): string {
  const name = roots.find((r) => r.key === 'Name')?.value ?? hint?.name;
  const namespace = roots.find((r) => r.key === 'Namespace')?.value ?? hint?.namespace;
  if (name) return `${kind ?? 'An object'} ${namespace ? `${namespace}/` : ''}${name}`;
  return kind ? `A ${kind} (its name is not in the text)` : 'An object (its kind and name are not in the text)';
}
