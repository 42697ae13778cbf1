// The fuzzer behind test/fuzz/fuzz.test.ts (bounded) and `npm run fuzz` (long runs): real manifests (the
// shared corpus and examples/) broken in the ways editors and users break them, fed to the real server over
// stdio as open, incremental and full changes, completion, hover and code actions at random positions, and the
// code lenses, status bar and Explain view VS Code asks for after a keystroke.
// A run fails on: an exception the server logs ("failed", "uncaught", "unhandled") or anything on its
// stderr, an error response, an answer later than 1 s, a range outside the document, or a server that
// no longer answers a normal request at the end.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Diagnostic, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TestServer } from './lspClient';
import { REPO_ROOT, sharedPath } from './shared';

const REAL_CORPUS = sharedPath('corpus', 'real');
const ANSWER_WITHIN_MS = 1000;
/** Corpus files are cut to this many characters: the fuzzer is about shapes, the bench about size. */
const MAX_START_TEXT = 60_000;

/** A small deterministic generator (mulberry32): a seed replays a run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface CorpusFile {
  name: string;
  text: string;
}

/** The examples, the Helm and Kustomize fixtures, and the real corpus when it is there (`note` says when it is not). */
function loadCorpus(): { files: CorpusFile[]; note?: string } {
  const files: CorpusFile[] = [];
  const add = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) add(path);
      else if (/\.ya?ml$/.test(name)) files.push({ name: relative(dirname(REPO_ROOT), path), text: readFileSync(path, 'utf8').slice(0, MAX_START_TEXT) });
    }
  };
  add(join(REPO_ROOT, 'examples'));
  // Real Helm templates and Kustomize patches: the template view and partial objects get broken text too.
  add(join(REPO_ROOT, 'test', 'fixtures', 'helm'));
  add(join(REPO_ROOT, 'test', 'fixtures', 'kustomize'));
  if (!existsSync(REAL_CORPUS)) return { files, note: `real corpus absent (${REAL_CORPUS}): fuzzing examples/ only` };
  add(REAL_CORPUS);
  return { files };
}

type Next = () => number;
const pick = <T>(next: Next, items: readonly T[]): T => items[Math.floor(next() * items.length)];
const between = (next: Next, low: number, high: number) => low + Math.floor(next() * (high - low + 1));

const ODD_CHARACTERS = ['\0', '\x01', '\x7f', '\t', '\r', '\r\n', '\n', '\ufeff', '\u2028', 'é', '😀', '\ud83d', ':', '-', '?', '[', ']', '{', '}', ',', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', ' '];
const HUGE_NUMBERS = ['99999999999999999999999999999', '1e999', '-1e999', '0x' + 'f'.repeat(40), '-9223372036854775809', '.inf', '0o777777777777777777777', '1_000_000_000_000_000_000', '0b' + '1'.repeat(80)];

function aliasBomb(): string {
  const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 9; i++) levels.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  return levels.join('\n') + '\n';
}

/** A piece of text that breaks YAML in one of the ways the issue lists. */
function snippet(next: Next): string {
  switch (between(next, 0, 12)) {
    case 0: return '\t';
    case 1: return pick(next, ['{{ .Values.image }}', '{{- if .Values.enabled }}', '{{', '}}']);
    case 2: return pick(next, ['*alias', '*a0', '&anchor ', '&a0 ', '<<: *a0\n', '*']);
    case 3: return '\0';
    case 4: return pick(next, HUGE_NUMBERS);
    case 5: {
      const depth = next() < 0.05 ? 10_000 : between(next, 10, 300);
      return pick(next, ['['.repeat(depth), '{a: '.repeat(depth), '- '.repeat(depth), `${'['.repeat(depth)}${']'.repeat(depth)}`]);
    }
    case 6: return 'x'.repeat(next() < 0.1 ? 50_000 : between(next, 100, 10_000));
    case 7: return pick(next, ['---\n', '...\n', '--- !!map\n', '%YAML 1.1\n---\n', '\n---\n']);
    case 8: return pick(next, ODD_CHARACTERS);
    case 9: return aliasBomb();
    case 10: return pick(next, ['kind: Job\n', 'apiVersion: batch/v1\n', 'kind: List\nitems:\n- ', '  template:\n    spec:\n      containers:\n      - name: x\n', 'spec:\n  completions: 3\n', 'kind: CSIDriver\n']);
    case 11: return Array.from({ length: between(next, 1, 8) }, () => pick(next, ODD_CHARACTERS)).join('');
    default: return ' '.repeat(between(next, 1, 6));
  }
}

/** The offset each line starts at, as LSP counts lines (LF, CRLF or a lone CR ends one). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) continue;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return starts;
}

/** A mutated text: truncations, deleted or duplicated lines, flipped characters, shifted indentation, snippets. */
function mutate(text: string, next: Next): string {
  let out = text;
  for (let round = between(next, 1, 3); round > 0; round--) {
    const lines = out.split('\n');
    const line = between(next, 0, Math.max(0, lines.length - 1));
    switch (between(next, 0, 6)) {
      case 0:
        out = out.slice(0, between(next, 0, out.length));
        break;
      case 1:
        lines.splice(line, between(next, 1, 5));
        out = lines.join('\n');
        break;
      case 2:
        lines.splice(line, 0, ...lines.slice(line, line + between(next, 1, 5)));
        out = lines.join('\n');
        break;
      case 3: {
        const chars = [...out];
        for (let i = between(next, 1, 8); i > 0 && chars.length; i--) chars[between(next, 0, chars.length - 1)] = pick(next, ODD_CHARACTERS);
        out = chars.join('');
        break;
      }
      case 4: {
        const count = between(next, 1, 10);
        const shift = between(next, -3, 3);
        for (let i = line; i < Math.min(lines.length, line + count); i++) lines[i] = shift >= 0 ? ' '.repeat(shift) + lines[i] : lines[i].replace(new RegExp(`^ {0,${-shift}}`), '');
        out = lines.join('\n');
        break;
      }
      default: {
        const at = next() < 0.5 ? between(next, 0, out.length) : out.split('\n').slice(0, line).join('\n').length + (line ? 1 : 0);
        out = out.slice(0, at) + snippet(next) + out.slice(at);
      }
    }
  }
  return out;
}

/**
 * A random range of `text` as an editor's change names one: two random positions in order (the same one, with
 * probability `caret`: typing at the cursor), as LSP counts lines and characters.
 */
export function randomRange(text: string, next: () => number, caret: number): Range {
  const starts = lineStarts(text);
  const lengths = lineLengths(text);
  const position = () => {
    const line = between(next, 0, starts.length - 1);
    return { line, character: between(next, 0, lengths[line]) };
  };
  let start = position();
  let end = next() < caret ? start : position();
  if (end.line < start.line || (end.line === start.line && end.character < start.character)) [start, end] = [end, start];
  return { start, end };
}

/** `text` with `range` replaced by `insert`. */
export function applyRange(text: string, range: Range, insert: string): string {
  const starts = lineStarts(text);
  return text.slice(0, starts[range.start.line] + range.start.character) + insert + text.slice(starts[range.end.line] + range.end.character);
}

/** The length of each line's content (before its line break), as LSP counts lines. */
export function lineLengths(text: string): number[] {
  const starts = lineStarts(text);
  return starts.map((start, i) => {
    let end = i + 1 < starts.length ? starts[i + 1] : text.length;
    if (end > start && text.charCodeAt(end - 1) === 10) end--;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    return end - start;
  });
}

function inside(range: Range, lengths: number[]): boolean {
  const ok = (p: { line: number; character: number }) => p.line >= 0 && p.line < lengths.length && p.character >= 0 && p.character <= lengths[p.line];
  const ordered = range.start.line < range.end.line || (range.start.line === range.end.line && range.start.character <= range.end.character);
  return ok(range.start) && ok(range.end) && ordered;
}

/** A random incremental change, and the text after it (applied as the LSP library applies it). */
function randomChange(text: string, next: Next): { change: TextDocumentContentChangeEvent; text: string } {
  if (next() < 0.05) {
    const whole = mutate(text, next);
    return { change: { text: whole }, text: whole };
  }
  const range = randomRange(text, next, 0.6);
  const insert = next() < 0.3 ? '' : next() < 0.5 ? pick(next, ['a', ' ', '\n', '-', ':', '1', 'Job', '  ']) : snippet(next);
  return { change: { range, text: insert }, text: applyRange(text, range, insert) };
}

export interface FuzzOptions {
  seed: number;
  count?: number;
  seconds?: number;
  progress?: (message: string) => void;
  /** How late an answer may come before it counts as a failure (default ANSWER_WITHIN_MS; raise it on a busy machine). */
  answerWithinMs?: number;
}

export interface FuzzReport {
  iterations: number;
  requests: number;
  notifications: number;
  seconds: number;
  slowestMs: number;
  failures: string[];
  note?: string;
}

interface Slot {
  uri: string;
  text: string;
  version: number;
  open: boolean;
  texts: Map<number, string>;
  diagnostics: Diagnostic[];
}

const LOG_FAILURE = /failed|uncaught|unhandled/i;

export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const next = random(options.seed);
  const answerWithinMs = options.answerWithinMs ?? ANSWER_WITHIN_MS;
  const corpus = loadCorpus();
  if (corpus.note) options.progress?.(corpus.note);
  const server = await TestServer.start();
  const failures: string[] = [];
  const fail = (message: string) => {
    if (failures.length < 50) failures.push(message);
  };
  /** Saves a text that made a failure, to replay it by hand. */
  const keep = (text: string) => {
    const path = join(tmpdir(), `kubeassist-fuzz-${options.seed}-${failures.length}.yaml`);
    writeFileSync(path, text);
    return path;
  };
  const slots: Slot[] = [0, 1, 2].map((i) => ({ uri: `file:///fuzz/slot-${i}.yaml`, text: '', version: 0, open: false, texts: new Map(), diagnostics: [] }));
  /** Diagnostics are checked against the text of the version they were published for. */
  const checkPublished = () => {
    for (const params of server.published.splice(0)) {
      const slot = slots.find((s) => s.uri === params.uri);
      if (!slot) continue;
      const text = params.version === undefined ? slot.text : slot.texts.get(params.version);
      if (text === undefined) continue; // a version already forgotten: nothing to compare with
      const lengths = lineLengths(text);
      for (const diagnostic of params.diagnostics) {
        if (!inside(diagnostic.range, lengths)) fail(`diagnostic ${diagnostic.code} at ${JSON.stringify(diagnostic.range)} outside ${slot.uri} v${params.version} (${lengths.length} lines; text in ${keep(text)})`);
      }
      if (params.version === slot.version) slot.diagnostics = params.diagnostics;
    }
  };
  const hasCodeActions = await server
    .request('textDocument/codeAction', { textDocument: { uri: 'file:///none.yaml' }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } })
    .then(() => true, (error: { code?: number }) => error?.code !== -32601);
  const hasCodeLens = await server.request('textDocument/codeLens', { textDocument: { uri: 'file:///none.yaml' } }).then(
    () => true,
    (error: { code?: number }) => error?.code !== -32601,
  );
  const isKubeAssist = await server.request('kubeassist/documentInfo', { uri: 'file:///none.yaml' }).then(
    () => true,
    () => false,
  );

  let requests = 0;
  let notifications = 0;
  let slowestMs = 0;
  let slowest = '';
  async function ask<R>(method: string, params: unknown, text?: string): Promise<R | undefined> {
    requests++;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        server.request<R>(method, params),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${answerWithinMs} ms`)), answerWithinMs))),
      ]);
      return answer;
    } catch (error) {
      fail(`${method} ${JSON.stringify(params).slice(0, 300)}: ${error instanceof Error ? error.message : JSON.stringify(error)}${text === undefined ? '' : ` (text in ${keep(text)})`}`);
      return undefined;
    } finally {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (ms > slowestMs) {
        slowestMs = ms;
        slowest = method;
      }
    }
  }
  const notify = async (method: string, params: unknown) => {
    notifications++;
    await server.connection.sendNotification(method, params);
  };

  const started = performance.now();
  let iterations = 0;
  const done = () =>
    (options.count !== undefined && iterations >= options.count) ||
    (options.seconds !== undefined && performance.now() - started >= options.seconds * 1000) ||
    failures.length > 0;
  while (!done()) {
    iterations++;
    const slot = pick(next, slots);
    if (!slot.open || next() < 0.08) {
      if (slot.open) await notify('textDocument/didClose', { textDocument: { uri: slot.uri } });
      slot.text = mutate(pick(next, corpus.files).text, next);
      // Versions go on rising across a close and a reopen: a late publish for the document closed before names a
      // version the new one never had, so it is not checked against the new text.
      slot.version++;
      slot.texts = new Map([[slot.version, slot.text]]);
      slot.diagnostics = [];
      slot.open = true;
      await notify('textDocument/didOpen', { textDocument: { uri: slot.uri, languageId: 'yaml', version: slot.version, text: slot.text } });
    } else {
      const changes: TextDocumentContentChangeEvent[] = [];
      for (let i = between(next, 1, 3); i > 0; i--) {
        const { change, text } = randomChange(slot.text, next);
        changes.push(change);
        slot.text = text;
      }
      slot.version++;
      slot.texts.set(slot.version, slot.text);
      slot.texts.delete(slot.version - 20);
      await notify('textDocument/didChange', { textDocument: { uri: slot.uri, version: slot.version }, contentChanges: changes });
    }
    const lengths = lineLengths(slot.text);
    const position = () => {
      const line = between(next, 0, lengths.length - 1);
      return { line, character: between(next, 0, lengths[line]) };
    };
    const textDocument = { uri: slot.uri };
    const checkRanges = (what: string, ranges: Range[]) => {
      for (const range of ranges) if (!inside(range, lengths)) fail(`${what} range ${JSON.stringify(range)} outside ${slot.uri} v${slot.version} (text in ${keep(slot.text)})`);
    };
    const completion = await ask<{ items?: CompletionLike[] } | CompletionLike[] | null>('textDocument/completion', { textDocument, position: position() }, slot.text);
    const items = Array.isArray(completion) ? completion : (completion?.items ?? []);
    checkRanges('completion', items.flatMap(completionRanges));
    const hover = await ask<{ range?: Range } | null>('textDocument/hover', { textDocument, position: position() }, slot.text);
    if (hover?.range) checkRanges('hover', [hover.range]);
    if (hasCodeActions) {
      const a = position();
      const b = next() < 0.5 ? a : position();
      const range = a.line < b.line || (a.line === b.line && a.character <= b.character) ? { start: a, end: b } : { start: b, end: a };
      const diagnostics = next() < 0.7 && slot.diagnostics.length ? [pick(next, slot.diagnostics)] : [];
      const actions = await ask<ActionLike[] | null>('textDocument/codeAction', { textDocument, range: diagnostics[0]?.range ?? range, context: { diagnostics } }, slot.text);
      checkRanges('code action', (actions ?? []).flatMap((action) => actionRanges(action, slot.uri)));
    }
    // What VS Code asks after each keystroke besides (no random draw here: a seed's run stays what it was): the code
    // lenses of the whole file, the status bar's information, and now and then the Explain view's page.
    if (hasCodeLens) {
      const lenses = await ask<{ range: Range }[] | null>('textDocument/codeLens', { textDocument }, slot.text);
      checkRanges('code lens', (lenses ?? []).map((lens) => lens.range));
    }
    if (isKubeAssist) {
      await ask('kubeassist/documentInfo', { uri: slot.uri }, slot.text);
      if (iterations % 4 === 0) await ask('kubeassist/view', { uri: slot.uri, view: 'explain', line: 0 }, slot.text);
    }
    checkPublished();
    // A logged exception is the server's own catch (the user got an empty answer): keep the text it was asked about.
    for (const message of server.logs.splice(0)) if (LOG_FAILURE.test(message)) fail(`server log: ${message.slice(0, 2000)} (asked about ${slot.uri} v${slot.version}; text in ${keep(slot.text)})`);
    for (const chunk of server.stderr.splice(0)) if (chunk.trim()) fail(`server stderr: ${chunk.slice(0, 2000)}`);
    if (server.process.exitCode !== null) fail(`server exited with ${server.process.exitCode}`);
    if (options.progress && iterations % 1000 === 0) {
      options.progress(`${iterations} iterations, ${requests} requests, ${((performance.now() - started) / 1000).toFixed(0)} s, slowest answer ${slowestMs.toFixed(0)} ms (${slowest})`);
    }
  }

  // Afterwards the server still answers a normal request, with the right answer.
  if (!failures.length) {
    const uri = 'file:///fuzz/after.yaml';
    const text = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: after\nspec:\n  completionMode: indexed\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: main\n        image: busybox\n';
    try {
      const diagnostics = await server.open(uri, text);
      if (!diagnostics.some((d) => d.code === 'schema/enum')) fail(`after the run, a normal Job got ${JSON.stringify(diagnostics.map((d) => d.code))}`);
      const hover = await ask<{ contents: unknown } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 5, character: 4 } });
      if (!hover) fail('after the run, hover on completionMode answered nothing');
    } catch (error) {
      fail(`after the run, the server did not answer: ${String(error)}`);
    }
  }
  for (const message of server.logs.splice(0)) if (LOG_FAILURE.test(message)) fail(`server log: ${message.slice(0, 2000)}`);
  await server.stop();
  return { iterations, requests, notifications, seconds: (performance.now() - started) / 1000, slowestMs, failures, note: corpus.note };
}

interface CompletionLike {
  textEdit?: { range?: Range; insert?: Range; replace?: Range };
  additionalTextEdits?: { range: Range }[];
}

function completionRanges(item: CompletionLike): Range[] {
  const ranges: Range[] = [];
  if (item.textEdit?.range) ranges.push(item.textEdit.range);
  if (item.textEdit?.insert) ranges.push(item.textEdit.insert);
  if (item.textEdit?.replace) ranges.push(item.textEdit.replace);
  for (const edit of item.additionalTextEdits ?? []) ranges.push(edit.range);
  return ranges;
}

interface ActionLike {
  diagnostics?: { range: Range }[];
  edit?: { changes?: Record<string, { range: Range }[]>; documentChanges?: { textDocument?: { uri: string }; edits?: { range: Range }[] }[] };
}

function actionRanges(action: ActionLike, uri: string): Range[] {
  const ranges: Range[] = [];
  for (const edit of action.edit?.changes?.[uri] ?? []) ranges.push(edit.range);
  for (const change of action.edit?.documentChanges ?? []) {
    if (change.textDocument?.uri === uri) for (const edit of change.edits ?? []) ranges.push(edit.range);
  }
  return ranges;
}
