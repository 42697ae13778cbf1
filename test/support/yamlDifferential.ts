// The differential YAML test: mutated real manifests (test/support/yamlMutations.ts) read by kubectl's own
// reader (test/yaml-oracle, built from Debian's golang-go and golang-k8s-sigs-yaml-dev) and by KubeAssist,
// compared document by document (kubectl's documents: its YAMLReader's chunks):
//   - kubectl refuses a document: KubeAssist must report an error on one of its lines;
//   - kubectl accepts it: no yaml/* error on its lines, and the object KubeAssist reads (toServerJson) is the
//     JSON kubectl sends; a second document kubectl drops from the same chunk (after `...`) must be said to be
//     dropped (yaml/after-document-end).
// Used by test/unit/yaml-differential.test.ts (a bounded run in `npm test`) and scripts/yaml-diff.ts (as many
// cases as you like: `npm run yaml-diff -- --count 5000`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { FileModel } from '../../server/src/service/document/fileModel';
import { toServerJson } from '../../server/src/service/document/kubectlYaml';
import { mentionsOurKinds } from '../../server/src/service/features/diagnostics';
import { DEFAULT_SETTINGS, validate } from '../../server/src/service/index';
import { lineStarts, random } from './fuzz';
import { REPO_ROOT, sharedPath } from './shared';
import { MUTATION_NAMES, mutateManifest, mutationGroup } from './yamlMutations';

const ORACLE_SOURCE = join(REPO_ROOT, 'test', 'yaml-oracle');
const GOPATH = '/usr/share/gocode';
const SIGS_YAML = join(GOPATH, 'src', 'sigs.k8s.io', 'yaml');

export const ORACLE_INSTALL = 'apt-get install golang-go golang-k8s-sigs-yaml-dev';

/** The built oracle's path, or why there is none (the test's skip line). */
export function buildOracle(): { path: string } | { skip: string } {
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) return { skip: `kubectl's YAML reader (no \`go\` on PATH: ${ORACLE_INSTALL})` };
  if (!existsSync(SIGS_YAML)) return { skip: `kubectl's YAML reader (no sigs.k8s.io/yaml in ${GOPATH}: ${ORACLE_INSTALL})` };
  const source = readFileSync(join(ORACLE_SOURCE, 'main.go'));
  const hash = createHash('sha256').update(source).update(go.stdout).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `kubeassist-yaml-oracle-${hash}`);
  const path = join(dir, 'yaml-oracle');
  if (existsSync(path)) return { path };
  mkdirSync(dir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, GO111MODULE: 'off', GOPATH, GOFLAGS: '' };
  if (!env.GOCACHE && !env.HOME && !env.XDG_CACHE_HOME) env.GOCACHE = join(tmpdir(), 'kubeassist-go-cache');
  const partial = `${path}.${process.pid}`;
  const build = spawnSync('go', ['build', '-o', partial, '.'], { cwd: ORACLE_SOURCE, env, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building test/yaml-oracle failed:\n${build.stderr}`);
  // A rename is atomic: parallel test files never run a half-written binary.
  renameSync(partial, path);
  return { path };
}

/** One document as kubectl reads it (see test/yaml-oracle/main.go). */
export interface OracleDocument {
  line: number;
  endLine: number;
  sent?: unknown;
  error?: string;
}

interface OracleFile {
  file: string;
  jsonStream?: boolean;
  documents: OracleDocument[];
  error?: string;
}

export function runOracle(oracle: string, paths: string[]): Map<string, OracleFile> {
  const run = spawnSync(oracle, [], { input: paths.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`yaml-oracle failed: ${run.stderr}`);
  const results = new Map<string, OracleFile>();
  for (const line of run.stdout.split('\n')) {
    if (!line) continue;
    const result = JSON.parse(line) as OracleFile;
    results.set(result.file, result);
  }
  return results;
}

export interface CorpusFile {
  name: string;
  text: string;
}

/** The real manifests that hold a Job, CronJob or CSIDriver: test fixtures (not Helm templates), examples/, ../shared/corpus/real. */
export function loadManifests(): { files: CorpusFile[]; note?: string } {
  const files: CorpusFile[] = [];
  const add = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'helm') add(path);
      } else if (/\.ya?ml$/.test(name)) {
        const text = readFileSync(path, 'utf8');
        if (/^kind:\s*["']?(?:Job|CronJob|CSIDriver)\b/m.test(text) && !text.includes('{{')) files.push({ name: relative(REPO_ROOT, path), text });
      }
    }
  };
  add(join(REPO_ROOT, 'examples'));
  add(join(REPO_ROOT, 'test', 'fixtures'));
  const real = sharedPath('corpus', 'real');
  if (!existsSync(real)) return { files, note: `real corpus absent (../shared/corpus/real): mutating the repository's own manifests only` };
  add(real);
  return { files };
}

/** What KubeAssist reads and reports for a file. */
interface OurDocument {
  /** LF-counted line of the document's first content node; undefined for a document without content. */
  contentLine?: number;
  lastLine: number;
  json?: unknown;
  broken: boolean;
}

export type DisagreementKind = 'false-error' | 'silent' | 'different-object' | 'dropped-unsaid';

export interface Disagreement {
  kind: DisagreementKind;
  /** Why this disagreement is right (KubeAssist stays out of it on purpose); unexplained ones fail the test. */
  explained?: string;
  /** LF-counted line range of kubectl's document. */
  line: number;
  endLine: number;
  detail: string;
}

export interface CaseResult {
  name: string;
  source: string;
  applied: string[];
  documents: number;
  agreements: number;
  disagreements: Disagreement[];
  text: string;
}

/** LF-counted line of each offset (kubectl's LineReader counts lines at LF only). */
function lfLineOf(text: string): (offset: number) => number {
  const lf: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lf.push(i);
  return (offset) => {
    let low = 0;
    let high = lf.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (lf[middle] < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

function ourReading(text: string): { documents: OurDocument[]; diagnostics: { line: number; diagnostic: Diagnostic }[]; ours: boolean } {
  const model = new FileModel();
  const diagnostics = validate(model, text, DEFAULT_SETTINGS);
  const ours = model.documents.some(({ doc }) => mentionsOurKinds(doc));
  const toLf = lfLineOf(text);
  const starts = lineStarts(text);
  const placed = diagnostics.map((diagnostic) => ({ line: toLf(starts[diagnostic.range.start.line] + diagnostic.range.start.character), diagnostic }));
  const documents = model.documents.map(({ slice, doc }): OurDocument => {
    const lastLine = toLf(slice.offset + Math.max(0, slice.text.length - 1));
    const contents = doc.document.contents;
    if (!contents || !contents.range) return { lastLine, broken: doc.broken };
    const start = contents.range[0];
    if (doc.broken) return { contentLine: toLf(slice.offset + start), lastLine, broken: true };
    let json: unknown;
    try {
      json = toServerJson(doc.document);
    } catch {
      json = undefined;
    }
    return { contentLine: json === null ? undefined : toLf(slice.offset + start), lastLine, json, broken: false };
  });
  return { documents, diagnostics: placed, ours };
}

/** Nulls as the API server reads them: a null map value is the field's zero value, i.e. absent (as toServerJson). */
function withoutNullFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullFields);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== null) out[key] = withoutNullFields(item);
    return out;
  }
  return value;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keysA = Object.keys(a).sort();
    const keysB = Object.keys(b).sort();
    return keysA.length === keysB.length && keysA.every((key, i) => key === keysB[i] && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}

/** The first difference between two JSON values, as `path: ours vs kubectl's`. */
function firstDifference(ours: unknown, theirs: unknown, path = ''): string {
  if (ours && theirs && typeof ours === 'object' && typeof theirs === 'object' && !Array.isArray(ours) && !Array.isArray(theirs)) {
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
      const a = (ours as Record<string, unknown>)[key];
      const b = (theirs as Record<string, unknown>)[key];
      if (!sameJson(a, b)) return firstDifference(a, b, `${path}.${key}`);
    }
  }
  if (Array.isArray(ours) && Array.isArray(theirs) && ours.length === theirs.length) {
    for (let i = 0; i < ours.length; i++) if (!sameJson(ours[i], theirs[i])) return firstDifference(ours[i], theirs[i], `${path}[${i}]`);
  }
  const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 120));
  return `${path || '(document)'}: we read ${show(ours)}, kubectl sends ${show(theirs)}`;
}

const isError = (diagnostic: Diagnostic) => diagnostic.severity === DiagnosticSeverity.Error;

/**
 * An error about reading the YAML. `yaml/yaml11-scalar` is not one: it says the API server refuses the value
 * kubectl sends (a boolean where a string is needed), which is right exactly when the JSON we read is
 * kubectl's, and that is compared on its own.
 */
const isReadingError = (diagnostic: Diagnostic) => isError(diagnostic) && String(diagnostic.code).startsWith('yaml/') && diagnostic.code !== 'yaml/yaml11-scalar';

const UNICODE_FOLDING =
  'text differs only where a NEL, LS or PS line break sits in a multi-line string: go-yaml keeps LS and PS in the text where YAML 1.2 folds them to a space; no check reads that text';

/** Strings with every run of white space and Unicode line breaks made one space. */
function unicodeBreaksFolded(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[\s\u0085\u2028\u2029]+/g, ' ');
  if (Array.isArray(value)) return value.map(unicodeBreaksFolded);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unicodeBreaksFolded(item)]));
  return value;
}

const AFTER_REFUSED_SEPARATOR =
  'follows a `---` line kubectl refuses, as we say: kubectl stops there, and what the mended file holds (the file\'s first line kept, or the lines a line with lone CRs or Unicode line breaks swallowed) is not what the oracle reads on with';

/** The mutation left none of our kinds' `kind:` lines in the file (mentionsOurKinds): KubeAssist does not judge other files. */
const NOT_OURS =
  'the file no longer names a Job, CronJob, CSIDriver, JobSet or training runtime (say `kind: *alias`): KubeAssist reports nothing on files that hold none of its kinds';

const RANDOM_KEY =
  'kubectl keeps one of two values at random: go-yaml reads their keys as different values (1e3 a float, 1_000 an integer) that sigs.k8s.io/yaml makes one JSON field, ranging over a Go map; we warn so (yaml/duplicate-key) and read the last';

/** Whether the first difference is at a key our yaml/duplicate-key warning says kubectl keeps at random. */
function atRandomKey(detail: string, diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => {
    const duplicateOf = (diagnostic.data as { duplicateOf?: { key: string; random?: unknown } } | undefined)?.duplicateOf;
    return diagnostic.code === 'yaml/duplicate-key' && !!duplicateOf?.random && detail.includes(`.${duplicateOf.key}: we read `);
  });
}

/** Compares one file's documents; `agreements` counts kubectl documents on which both agree. */
export function compareFile(text: string, oracle: OracleFile): { documents: number; agreements: number; disagreements: Disagreement[] } {
  const ours = ourReading(text);
  if (oracle.jsonStream) return compareJsonStream(ours, oracle);
  const disagreements: Disagreement[] = [];
  let agreements = 0;
  const lfLines = text.split('\n');
  oracle.documents.forEach((chunk, index) => {
    const before = oracle.documents[index - 1];
    // kubectl stops at a `---` line it refuses; the oracle reads on from the next line, which is not what the
    // mended file holds when the line was the file's first (kubectl then keeps it) or swallowed lines (lone CRs).
    const separatorLine = before?.error?.startsWith('invalid Yaml document separator') ? (lfLines[before.endLine - 1] ?? '') : undefined;
    const afterRefusedSeparator = separatorLine !== undefined && (/[\r\u0085\u2028\u2029]/.test(separatorLine) || before!.endLine - 1 === 0);
    const within = (line: number) => line >= chunk.line && line < chunk.endLine;
    const diagnostics = ours.diagnostics.filter(({ line }) => within(line)).map(({ diagnostic }) => diagnostic);
    const found: Disagreement[] = [];
    const say = (kind: DisagreementKind, detail: string, explained?: string) => found.push({ kind, line: chunk.line, endLine: chunk.endLine, detail, ...(explained ? { explained } : {}) });
    if (chunk.error !== undefined) {
      if (!diagnostics.some(isError)) say('silent', `kubectl: ${chunk.error}`, ours.ours ? undefined : NOT_OURS);
    } else {
      const yamlErrors = diagnostics.filter(isReadingError);
      if (yamlErrors.length) say('false-error', `${yamlErrors[0].code}: ${yamlErrors[0].message}`);
      const docs = ours.documents.filter((doc) => doc.contentLine !== undefined && within(doc.contentLine));
      const [first, ...dropped] = docs;
      const sent = chunk.sent === undefined ? undefined : withoutNullFields(chunk.sent);
      if (sent !== undefined && !first) say('different-object', `we read nothing; kubectl sends ${JSON.stringify(sent).slice(0, 120)}`);
      else if (sent === undefined && first && !first.broken) say('different-object', `we read ${JSON.stringify(first.json).slice(0, 120)}; kubectl sends nothing`);
      else if (first && !first.broken && !sameJson(first.json, sent)) {
        const detail = firstDifference(first.json, sent);
        say('different-object', detail, sameJson(unicodeBreaksFolded(first.json), unicodeBreaksFolded(sent)) ? UNICODE_FOLDING : atRandomKey(detail, diagnostics) ? RANDOM_KEY : undefined);
      }
      for (const doc of dropped) {
        const said = ours.diagnostics.some(({ line, diagnostic }) => diagnostic.code === 'yaml/after-document-end' && line >= doc.contentLine! && line <= doc.lastLine);
        if (!said) say('dropped-unsaid', `kubectl drops the document at line ${doc.contentLine! + 1} (after \`...\`), and we do not say so`);
      }
    }
    for (const disagreement of found) if (afterRefusedSeparator && disagreement.kind !== 'false-error') disagreement.explained ??= AFTER_REFUSED_SEPARATOR;
    disagreements.push(...found);
    if (!found.length) agreements++;
  });
  return { documents: oracle.documents.length, agreements, disagreements };
}

/**
 * A file kubectl reads as JSON: its values need not sit on lines of their own, so they are compared in order,
 * and a refusal anywhere must meet an error anywhere (kubectl stops at the first bad value).
 */
function compareJsonStream(ours: ReturnType<typeof ourReading>, oracle: OracleFile): { documents: number; agreements: number; disagreements: Disagreement[] } {
  const whole = { line: 0, endLine: Number.MAX_SAFE_INTEGER };
  const refused = oracle.documents.find((doc) => doc.error !== undefined);
  const errors = ours.diagnostics.filter(({ diagnostic }) => isError(diagnostic));
  const disagreements: Disagreement[] = [];
  if (refused && !errors.length) disagreements.push({ ...whole, kind: 'silent', detail: `kubectl: ${refused.error}`, ...(ours.ours ? {} : { explained: NOT_OURS }) });
  if (!refused) {
    const yamlErrors = errors.filter(({ diagnostic }) => isReadingError(diagnostic));
    if (yamlErrors.length) disagreements.push({ ...whole, kind: 'false-error', detail: `${yamlErrors[0].diagnostic.code}: ${yamlErrors[0].diagnostic.message}` });
  }
  const sent = oracle.documents.filter((doc) => doc.error === undefined && doc.sent !== undefined);
  const read = ours.documents.filter((doc) => doc.contentLine !== undefined && !doc.broken);
  sent.forEach((doc, index) => {
    const expected = withoutNullFields(doc.sent);
    const mine = read[index];
    if (!mine) disagreements.push({ ...whole, kind: 'different-object', detail: `we read nothing; kubectl sends ${JSON.stringify(expected).slice(0, 120)}` });
    else if (!sameJson(mine.json, expected)) disagreements.push({ ...whole, kind: 'different-object', detail: firstDifference(mine.json, expected) });
  });
  return { documents: oracle.documents.length, agreements: disagreements.length ? 0 : oracle.documents.length, disagreements };
}

export interface RunOptions {
  seed: number;
  count: number;
  /** Keep the mutated files (for a look at the disagreements): their folder is returned. */
  keep?: boolean;
}

export interface RunReport {
  cases: CaseResult[];
  documents: number;
  agreements: number;
  note?: string;
  folder?: string;
}

/** Generates `count` mutated files (every mutation first in turn), reads them with kubectl's reader and ours. */
export function runDifferential(oracle: string, options: RunOptions): RunReport {
  const { files, note } = loadManifests();
  const next = random(options.seed);
  const folder = mkdtempSync(join(tmpdir(), 'kubeassist-yaml-diff-'));
  const cases: { name: string; source: string; applied: string[]; text: string; path: string }[] = [];
  for (let i = 0; i < options.count; i++) {
    // The mutation this case is for leads; a file it finds nothing to change in is passed over for another.
    const lead = MUTATION_NAMES[i % MUTATION_NAMES.length];
    let source = files[Math.floor(next() * files.length)];
    let mutant = mutateManifest(source.text, next, lead);
    for (let attempt = 0; attempt < 20 && !mutant.applied.includes(lead); attempt++) {
      source = files[Math.floor(next() * files.length)];
      mutant = mutateManifest(source.text, next, lead);
    }
    // Few files may suit a mutation (without ../shared, only the repository's own): then every file in turn.
    for (let k = 0; k < files.length && !mutant.applied.includes(lead); k++) {
      source = files[k];
      mutant = mutateManifest(source.text, next, lead);
    }
    const name = `case-${String(i).padStart(5, '0')}.yaml`;
    const path = join(folder, name);
    writeFileSync(path, mutant.text);
    cases.push({ name, source: source.name, applied: mutant.applied, text: mutant.text, path });
  }
  const verdicts = runOracle(oracle, cases.map((item) => item.path));
  const results: CaseResult[] = [];
  let documents = 0;
  let agreements = 0;
  for (const item of cases) {
    const verdict = verdicts.get(item.path);
    if (!verdict) throw new Error(`yaml-oracle gave no verdict for ${item.path}`);
    const compared = compareFile(item.text, verdict);
    documents += compared.documents;
    agreements += compared.agreements;
    results.push({ name: item.name, source: item.source, applied: item.applied, text: item.text, ...compared });
  }
  if (!options.keep) rmSync(folder, { recursive: true, force: true });
  return { cases: results, documents, agreements, note, folder: options.keep ? folder : undefined };
}

/** The disagreements grouped by kind and by the first mutation applied (its class). */
export function summarize(report: RunReport): string[] {
  const lines: string[] = [];
  const failing = report.cases.filter((item) => item.disagreements.some((disagreement) => !disagreement.explained));
  const explained = report.cases.flatMap((item) => item.disagreements.filter((disagreement) => disagreement.explained));
  const unexplained = report.cases.flatMap((item) => item.disagreements.filter((disagreement) => !disagreement.explained));
  lines.push(
    `${report.cases.length} files, ${report.documents} documents: ${report.agreements} agree; ` +
      `${unexplained.length} unexplained disagreements (in ${failing.length} files), ${explained.length} explained`,
  );
  const byKind = new Map<string, number>();
  for (const item of report.cases) for (const disagreement of item.disagreements) {
    const key = disagreement.explained
      ? `explained ${disagreement.kind}: ${disagreement.explained}`
      : `${disagreement.kind} after ${item.applied.join('+')} (${item.applied.map(mutationGroup).join('+')})`;
    byKind.set(key, (byKind.get(key) ?? 0) + 1);
  }
  for (const [key, count] of [...byKind].sort((a, b) => b[1] - a[1])) lines.push(`  ${count}× ${key}`);
  return lines;
}

