// `kubeassist check --helm CHART [--values FILE]` and `--kustomize DIR`: render with the real tool when it is
// on PATH (`helm template`, `kustomize build` or `kubectl kustomize`), check the objects it prints, and report
// each finding where it was written: Helm names the template of each document (`# Source: <chart>/templates/
// <file>`), and a finding's line is found again in that template by its text; Kustomize names nothing, so the
// line is looked for in the files the kustomization reads. A line found nowhere, or in several places, is
// reported at the template (or kustomization) with the rendered object named in the message.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { readRegularFile } from '../host/files';
import type { Diagnostic } from 'vscode-languageserver-types';
import { checkedResources, FileModel, KUSTOMIZATION_FILE_NAMES, nestsDeeperThan, splitDocuments, validate, type DocumentSlice, type Settings } from '../service/index';
import { identitiesOf, type CheckedObject } from './checkFile';
import { findingOf, type Finding } from './report';
import type { ReportFile } from './sarif';

export type RenderSource = { tool: 'helm'; chart: string; values: string[] } | { tool: 'kustomize'; folder: string };

/** A rendering that could not be made: the message says why and what to do; the CLI exits with 2. */
export class RenderError extends Error {}

export interface RenderedCheck {
  /** How reports name the rendering, e.g. `helm template charts/app`. */
  name: string;
  findings: Finding[];
  /** The checked objects, at their lines in the tool's output. */
  objects: CheckedObject[];
}

/** The first of `names` that is an executable file in a folder of PATH. */
export function findTool(names: readonly string[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  const folders = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of names) {
    for (const folder of folders) {
      const path = join(folder, name);
      try {
        if (!statSync(path).isFile()) continue;
        accessSync(path, constants.X_OK);
        return path;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

const INSTALL = {
  helm: 'Install Helm (https://helm.sh/docs/intro/install/), or check the templates as they are: `kubeassist check CHART/templates`.',
  kustomize: 'Install kustomize (https://kubectl.docs.kubernetes.io/installation/kustomize/) or kubectl, or check the files as they are: `kubeassist check DIR`.',
};

/** Runs the tool and returns what it printed; throws RenderError when it is missing or fails. */
export function render(source: RenderSource, env: NodeJS.ProcessEnv = process.env): { name: string; text: string } {
  if (source.tool === 'helm') {
    const helm = findTool(['helm'], env);
    if (!helm) throw new RenderError(`--helm needs the \`helm\` command, which is not on PATH. ${INSTALL.helm}`);
    const args = ['template', source.chart, ...source.values.flatMap((file) => ['--values', file])];
    return { name: `helm template ${source.chart}`, text: run(helm, args, env, 'helm template') };
  }
  const kustomize = findTool(['kustomize'], env);
  const kubectl = kustomize ? undefined : findTool(['kubectl'], env);
  if (!kustomize && !kubectl) throw new RenderError(`--kustomize needs the \`kustomize\` or \`kubectl\` command, and neither is on PATH. ${INSTALL.kustomize}`);
  const [command, args, label] = kustomize ? [kustomize, ['build', source.folder], 'kustomize build'] : [kubectl as string, ['kustomize', source.folder], 'kubectl kustomize'];
  return { name: `${label} ${source.folder}`, text: run(command, args, env, label) };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, label: string): string {
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new RenderError(`${label} could not be run: ${result.error.message}`);
  if (result.status !== 0) {
    const said = (result.stderr || result.stdout || '').trim();
    throw new RenderError(`${label} failed (exit status ${result.status ?? 'unknown'})${said ? `:\n${said}` : ''}`);
  }
  return result.stdout;
}

/** Checks a rendering and reports each finding at its source when it can be traced there. */
export function checkRendered(source: RenderSource, rendered: { name: string; text: string }, settings: Settings): RenderedCheck {
  const model = new FileModel();
  const diagnostics = validate(model, rendered.text, settings);
  const resources = checkedResources(model, rendered.text, settings.maxFileSize);
  const identities = identitiesOf(resources);
  const objects = resources.map((resource, i) => ({ kind: resource.kind, identity: identities[i], line: resource.line + 1 }));
  const slices = splitDocuments(rendered.text);
  const tracer = source.tool === 'helm' ? helmTracer(source.chart) : kustomizeTracer(source.folder);
  const findings = diagnostics.map((diagnostic) => {
    const slice = sliceAt(slices, diagnostic.range.start.line);
    return slice ? tracer(slice, diagnostic) ?? untraced(rendered.name, slice, diagnostic, tracer.origin(slice)) : findingOf(rendered.name, diagnostic);
  });
  return { name: rendered.name, findings, objects };
}

/**
 * A rendering as the reports take files: one per file its findings were traced to (in the order first met),
 * and the rendering itself, which holds the checked objects and what names no file.
 */
export function renderedFiles(check: RenderedCheck): ReportFile[] {
  const own: ReportFile = { name: check.name, findings: [], objects: check.objects };
  const files = new Map<string, ReportFile>([[check.name, own]]);
  for (const finding of check.findings) {
    let file = files.get(finding.file);
    if (!file) files.set(finding.file, (file = { name: finding.file, path: isFile(finding.file) ? resolve(finding.file) : undefined, findings: [], objects: [] }));
    file.findings.push(finding);
  }
  return [...files.values()].filter((file) => file === own || file.findings.length > 0);
}

interface Tracer {
  (slice: DocumentSlice, diagnostic: Diagnostic): Finding | undefined;
  /** The file a rendered document comes from, when known (Helm's `# Source:`), and how to name it. */
  origin(slice: DocumentSlice): { file: string; name: string } | undefined;
}

function sliceAt(slices: readonly DocumentSlice[], line: number): DocumentSlice | undefined {
  let found: DocumentSlice | undefined;
  for (const slice of slices) if (slice.line <= line) found = slice;
  return found;
}

function lineOf(slice: DocumentSlice, fileLine: number): string {
  return linesOf(slice.text)[fileLine - slice.line] ?? '';
}

/**
 * A text's lines (no line ends) and where each normalized line occurs, worked out once per text: tracing many
 * findings of a big rendering costs a look-up each, not a pass over every line of every source.
 */
interface IndexedText {
  lines: string[];
  at: Map<string, number[]>;
}

const indexed = new Map<string, IndexedText>();

function indexOf(text: string): IndexedText {
  let found = indexed.get(text);
  if (!found) {
    const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
    const at = new Map<string, number[]>();
    lines.forEach((line, index) => {
      const key = normalize(line);
      const list = at.get(key);
      if (list) list.push(index);
      else at.set(key, [index]);
    });
    indexed.set(text, (found = { lines, at }));
  }
  return found;
}

function linesOf(text: string): string[] {
  return indexOf(text).lines;
}

/**
 * A line as both a template and a rendering may write it: no indentation, list dash, quotes or comment.
 * Written as plain scans: each step looks at each character a bounded number of times, whatever the line
 * (a line of 100,000 spaces included).
 */
function normalize(line: string): string {
  // A comment starts at a `#` after a blank.
  let cut = line.length;
  for (let i = 1; i < line.length; i++) {
    if (line[i] === '#' && /\s/.test(line[i - 1])) {
      cut = i;
      break;
    }
  }
  const content = line.slice(0, cut).trim().replace(/^-\s+/, '');
  const unquote = (text: string) => (text.length >= 2 && ((text[0] === '"' && text.endsWith('"')) || (text[0] === "'" && text.endsWith("'"))) ? text.slice(1, -1) : text);
  const pair = keyAndValue(content);
  return pair ? `${unquote(pair.key)}: ${unquote(pair.value.trim())}` : unquote(content);
}

/** `key: value` (a quoted key, or a plain one up to the first colon), when the colon ends the line or a blank follows it. */
function keyAndValue(content: string): { key: string; value: string } | undefined {
  const after = (colon: number) => {
    const rest = content.slice(colon + 1);
    if (rest !== '' && !/^\s/.test(rest)) return undefined;
    return rest.trimStart();
  };
  const quote = content[0];
  if (quote === '"' || quote === "'") {
    const close = content.indexOf(quote, 1);
    if (close !== -1) {
      let colon = close + 1;
      while (/\s/.test(content[colon] ?? '')) colon++;
      const value = content[colon] === ':' ? after(colon) : undefined;
      if (value !== undefined) return { key: content.slice(0, close + 1), value };
    }
  }
  const colon = content.indexOf(':');
  if (colon < 1) return undefined;
  const value = after(colon);
  return value === undefined ? undefined : { key: content.slice(0, colon).trimEnd(), value };
}

/** Whether a line of `text`, trimmed, is `kind: <kind>` (the kind as written, in quotes or not). */
function hasKindLine(text: string, kind: string): boolean {
  return linesOf(text).some((line) => isKindLine(line, kind));
}

function isKindLine(line: string, kind: string): boolean {
  const trimmed = line.trim();
  if (!trimmed.startsWith('kind:')) return false;
  const value = trimmed.slice(5).trim();
  const stripped = [value, value.replace(/^["']/, ''), value.replace(/["']$/, ''), value.replace(/^["']/, '').replace(/["']$/, '')];
  return stripped.includes(kind);
}

/** The finding moved to `line` (0-based) of `text`, its columns kept relative to the line's content. */
function moved(name: string, diagnostic: Diagnostic, renderedLine: string, text: string, line: number): Finding {
  const sourceLine = linesOf(text)[line];
  const shift = (sourceLine.length - sourceLine.trimStart().length) - (renderedLine.length - renderedLine.trimStart().length);
  const start = Math.max(0, diagnostic.range.start.character + shift);
  const width = diagnostic.range.end.line === diagnostic.range.start.line ? diagnostic.range.end.character - diagnostic.range.start.character : sourceLine.length - start;
  return findingOf(name, { ...diagnostic, range: { start: { line, character: start }, end: { line, character: Math.min(sourceLine.length, start + Math.max(width, 0)) } } });
}

/** Where a rendered line was written in `text`: its only line with the same content, or the same occurrence of it. */
function traceLine(renderedLine: string, occurrence: number, occurrences: number, text: string): number | undefined {
  const wanted = normalize(renderedLine);
  if (!wanted) return undefined;
  const matches = indexOf(text).at.get(wanted) ?? [];
  if (matches.length === 1) return matches[0];
  return matches.length === occurrences && matches.length > 1 ? matches[occurrence] : undefined;
}

/** Which of the equal lines of its document a rendered line is, and how many there are. */
function occurrenceIn(slice: DocumentSlice, fileLine: number): { occurrence: number; occurrences: number } {
  const { lines, at } = indexOf(slice.text);
  const matches = at.get(normalize(lines[fileLine - slice.line] ?? '')) ?? [];
  return { occurrence: matches.filter((index) => index < fileLine - slice.line).length, occurrences: matches.length };
}

/** Helm's `# Source: <chart>/templates/<file>` line: the template a rendered document comes from. */
function sourceOf(text: string): string | undefined {
  for (const line of linesOf(text)) {
    const match = /^#\s*Source:/.exec(line);
    if (match) return line.slice(match[0].length).trim() || undefined;
  }
  return undefined;
}

function helmTracer(chart: string): Tracer {
  const texts = new Map<string, string | undefined>();
  const read = (file: string) => {
    if (!texts.has(file)) texts.set(file, readRegularFile(file)?.text);
    return texts.get(file);
  };
  const origin = (slice: DocumentSlice) => {
    const source = sourceOf(slice.text);
    if (!source) return undefined;
    // `# Source: <chart name>/templates/job.yaml`: the chart's folder stands for its name.
    const inChart = source.slice(source.indexOf('/') + 1);
    return { file: join(chart, inChart), name: join(chart, inChart) };
  };
  const tracer = ((slice: DocumentSlice, diagnostic: Diagnostic) => {
    const from = origin(slice);
    const text = from && read(from.file);
    if (!from || text === undefined) return undefined;
    const rendered = lineOf(slice, diagnostic.range.start.line);
    const { occurrence, occurrences } = occurrenceIn(slice, diagnostic.range.start.line);
    const line = traceLine(rendered, occurrence, occurrences, text);
    return line === undefined ? undefined : moved(from.name, diagnostic, rendered, text, line);
  }) as Tracer;
  tracer.origin = origin;
  return tracer;
}

function kustomizeTracer(folder: string): Tracer {
  const files = kustomizationFiles(resolve(folder));
  const kustomization = KUSTOMIZATION_FILE_NAMES.map((name) => join(folder, name)).find((path) => files.has(resolve(path))) ?? folder;
  const tracer = ((slice: DocumentSlice, diagnostic: Diagnostic) => {
    const rendered = lineOf(slice, diagnostic.range.start.line);
    const wanted = normalize(rendered);
    if (!wanted) return undefined;
    const kind = kindOf(slice.text);
    const found: { file: string; text: string; line: number }[] = [];
    for (const [file, text] of files) {
      for (const line of indexOf(text).at.get(wanted) ?? []) found.push({ file, text, line });
    }
    // The kind is compared as text: rendered output is no regular expression (`kind: a(b`).
    const ofKind = found.filter((match) => kind && hasKindLine(match.text, kind));
    const only = found.length === 1 ? found[0] : ofKind.length === 1 ? ofKind[0] : undefined;
    return only ? moved(relativeName(folder, only.file), diagnostic, rendered, only.text, only.line) : undefined;
  }) as Tracer;
  tracer.origin = () => ({ file: kustomization, name: kustomization });
  return tracer;
}

function relativeName(folder: string, file: string): string {
  const root = resolve(folder);
  return file.startsWith(root) ? join(folder, file.slice(root.length)) : file;
}

/**
 * The files a kustomization reads, with their texts: its own, its resources (files, and folders with their
 * kustomizations), patches and components, on the local disk. Remote bases are not followed.
 */
function kustomizationFiles(folder: string, found = new Map<string, string>(), depth = 0): Map<string, string> {
  if (depth > 16) return found;
  const file = KUSTOMIZATION_FILE_NAMES.map((name) => join(folder, name)).find((path) => isFile(path));
  if (!file || found.has(file)) return found;
  const text = readRegularFile(file)?.text;
  if (text === undefined) return found;
  found.set(file, text);
  // `yaml` composes recursively: a kustomization nested thousands of levels deep is not followed (kustomize refuses it too).
  if (nestsDeeperThan(text)) return found;
  let contents: unknown;
  try {
    contents = parseDocument(text, { prettyErrors: false }).contents;
  } catch {
    return found;
  }
  if (!isMap(contents)) return found;
  const entries: string[] = [];
  for (const field of ['resources', 'bases', 'components', 'patchesStrategicMerge', 'crds']) {
    const list = contents.get(field, true);
    if (isSeq(list)) for (const item of list.items) if (isScalar(item) && typeof item.value === 'string') entries.push(item.value);
  }
  for (const field of ['patches', 'patchesJson6902']) {
    const list = contents.get(field, true);
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      const path = isMap(item) ? item.get('path', true) : undefined;
      if (isScalar(path) && typeof path.value === 'string') entries.push(path.value);
    }
  }
  for (const entry of entries) {
    if (entry.includes('\n') || /^[a-z]+:\/\//i.test(entry) || entry.startsWith('github.com/')) continue;
    const path = resolve(folder, entry);
    if (isFile(path)) {
      const listed = found.has(path) ? undefined : readRegularFile(path)?.text;
      if (listed !== undefined) found.set(path, listed);
    } else if (isFolder(path)) {
      kustomizationFiles(path, found, depth + 1);
    }
  }
  return found;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The value of the first top-level `kind:` line. */
function kindOf(text: string): string | undefined {
  const line = linesOf(text).find((candidate) => candidate.startsWith('kind:'));
  return line?.slice(5).trim().split(/\s/)[0] || undefined;
}

/** `metadata.name` as written on the first indented `name:` line under a top-level `metadata:` (one pass over the lines). */
function metadataNameOf(text: string): string | undefined {
  const lines = linesOf(text);
  const start = lines.findIndex((line) => line.startsWith('metadata:') && line.slice(9).trim() === '');
  if (start === -1) return undefined;
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') continue;
    if (!/^\s/.test(line)) return undefined;
    const trimmed = line.trim();
    if (trimmed.startsWith('name:')) return trimmed.slice(5).trim().split(/\s/)[0] || undefined;
  }
  return undefined;
}

/**
 * A finding whose line was not found in a source: at the template (or kustomization) it came from, on the
 * line of the object's `kind` there when that line is plain, with the rendered object and field named.
 */
function untraced(rendering: string, slice: DocumentSlice, diagnostic: Diagnostic, origin: { file: string; name: string } | undefined): Finding {
  const finding = findingOf(origin?.name ?? rendering, diagnostic);
  const kind = kindOf(slice.text) ?? 'object';
  const name = metadataNameOf(slice.text);
  let line = 1;
  const text = origin ? readRegularFile(origin.file)?.text : undefined;
  const kindLine = text === undefined ? -1 : linesOf(text).findIndex((candidate) => isKindLine(candidate, kind));
  if (kindLine >= 0) line = kindLine + 1;
  const where = `${kind}${name ? ` ${name}` : ''}${finding.path ? `, \`${finding.path}\`` : ''}, line ${diagnostic.range.start.line + 1} of the output of \`${rendering}\``;
  return { ...finding, line, column: 1, endLine: line, endColumn: 1, message: `${finding.message} (In the rendered ${where}.)` };
}

