// One YAML document of a file, parsed the way kubectl reads it, with its YAML-level issues and the
// Kubernetes resources it holds. Everything here is relative to the document's own text; the file
// model shifts it by the document's first line.
import { isMap, isScalar, isSeq, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { KINDS, type FieldPath, type Severity } from '../types';
import { templateView, type TemplateView } from './helmTemplate';
import { acceptedWithoutAliases, badAnchorName, goKeyIdentity, KubectlRefusal, kubectlJson, markAliasFree, refuseAsKubectl } from './kubectlJson';
import { parseKubectlYaml } from './kubectlYaml';
import { joinMultilineFlows, refoldScalars, repairUnderIndentedQuotedScalars } from './lenient';
import { decodeSingleQuoteEscapes, escapeRefusals } from './escapes';
import { jsonError } from './jsonStream';
import { LineIndex } from './lines';
import { readPart } from './markers';
import { tabRefusals } from './tabs';
import { directPair, keyString } from './paths';
import { MAX_NESTING, nestsDeeperThan } from './nesting';
import { cutContinuations, recoverTemplate } from './templateRecovery';
import { isRenderedDuplicate, templateResourceType } from './templateTree';

/** A YAML-level finding, with offsets into the document's text. */
export interface YamlIssue {
  code: string;
  severity: Severity;
  message: string;
  start: number;
  end: number;
  /** A duplicate key: its name and the line (in this document, 0-based) of its first occurrence. */
  duplicateOf?: DuplicateOf;
}

export interface DuplicateOf {
  key: string;
  /** Line (in this document, 0-based) of the first occurrence, which kubectl drops. */
  line: number;
  /** The value kubectl keeps, as written (a scalar), when it is short enough to quote. */
  kept?: string;
  /**
   * The two keys are different Go values (this one's type and the first's, say `float` and `int`) that make the
   * same JSON field: kubectl keeps either value, at random.
   */
  random?: [string, string];
}

const GO_TYPE_NAMES: Record<string, string> = { str: 'a string', int: 'an integer', float: 'a float', bool: 'a boolean' };

/** The duplicate-key message; `lineShift` moves the first occurrence's line to its place in the file. */
export function duplicateKeyMessage(duplicate: DuplicateOf, lineShift = 0): string {
  if (duplicate.random) {
    const [mine, first] = duplicate.random.map((kind) => GO_TYPE_NAMES[kind] ?? kind);
    const types = mine === first ? `two ${duplicate.random[0]} keys that are never equal` : `${mine} and ${first}`;
    return (
      `Duplicate key \`${duplicate.key}\`: go-yaml reads this key and the \`${duplicate.key}\` on line ${duplicate.line + lineShift + 1} as different keys (${types}) ` +
      'that both become this JSON field, and kubectl keeps one of the two values at random, each time it runs (sigs.k8s.io/yaml converts them from a Go map). Remove one of them.'
    );
  }
  const kept = duplicate.kept === undefined ? 'this one' : `this one (\`${duplicate.kept}\`)`;
  return (
    `Duplicate key \`${duplicate.key}\`: kubectl keeps only ${kept} and drops the \`${duplicate.key}\` on line ${duplicate.line + lineShift + 1}, ` +
    'so the API server never sees that value (go-yaml keeps the last of duplicate keys). Remove one of them.'
  );
}

/** The pair whose key starts at `offset`, its mapping, and an earlier pair of the same mapping with the same key. */
export function duplicateKeyAt(document: Document, offset: number): { map: YAMLMap; pair: Pair; key: string; first: Pair } | undefined {
  let found: { map: YAMLMap; pair: Pair; key: string; first: Pair } | undefined;
  visit(document, {
    Map(_, map) {
      const pair = map.items.find((item) => isScalar(item.key) && item.key.range?.[0] === offset);
      if (!pair) return undefined;
      const key = keyString(pair.key);
      const first = key === undefined ? undefined : map.items.find((item) => item !== pair && keyString(item.key) === key);
      if (key !== undefined && first) found = { map, pair: pair as Pair, key, first: first as Pair };
      return visit.BREAK;
    },
  });
  return found;
}

/** A top-level object, or an item of a `kind: List`, that has an apiVersion and a kind. */
export interface ResourceNode {
  apiVersion: string;
  kind: string;
  node: YAMLMap;
  /** Path of the object inside the document: [] for a top-level object, ['items', i] for a List item. */
  prefix: FieldPath;
}

const LIST_KINDS = /^(List|[A-Z][A-Za-z0-9]*List)$/;

/** Our kinds in lower case: an object of one of them, in any case, is read by the checks (kubectlRefusal). */
const OUR_KINDS = new Set(Object.keys(KINDS).map((kind) => kind.toLowerCase()));

/** What parsing a document gives; computed on first use. */
interface Reading {
  document: Document.Parsed;
  issues: YamlIssue[];
  broken: boolean;
  resources: ResourceNode[];
}

/**
 * One YAML document. It is parsed on first use of its syntax tree, issues or resources, so a document that
 * nothing asks about (no diagnostics are reported for other kinds) costs no parse.
 */
/** What a resource is and where it starts: kept when the syntax tree is dropped. */
export interface ResourceSummary {
  apiVersion: string;
  kind: string;
  /** Offset of the object's first character in the document. */
  offset: number;
  /** `metadata.name`, `metadata.generateName` and `metadata.namespace` when they are strings (how reports name the object). */
  name?: string;
  generateName?: string;
  namespace?: string;
}

export class YamlDocument {
  private reading: Reading | undefined;
  private summaries: ResourceSummary[] | undefined;
  private lineIndex: LineIndex | undefined;
  private view: TemplateView | null | undefined;
  private masked: TemplateView | undefined;

  /**
   * `json`: the document is a value of a file kubectl reads as JSON (jsonStream.ts), not YAML. `written`: the
   * text as written when it has lone CRs (`text` reads them as LFs), which kubectl does not take for line ends.
   * `headKept`: the document starts with a `---` line that kubectl hands to go-yaml (the file's first line, or
   * one right after another `---`: kubectl drops a `---` line only where it ends a document), so that go-yaml
   * reads `---#x` as text and a BOM below it as a character.
   */
  constructor(
    readonly text: string,
    private readonly options: { json?: boolean; written?: string; headKept?: boolean } = {},
  ) {}

  get headKept(): boolean {
    return !!this.options.headKept;
  }

  get json(): boolean {
    return !!this.options.json;
  }

  get written(): string | undefined {
    return this.options.written;
  }

  /**
   * The Helm template view of a document with template actions (`{{ … }}`): the YAML is parsed from its
   * masked text, and the checks ask it what is not literal. Undefined for plain YAML. When the masked text
   * does not parse, the view with the troubled lines cut out (./templateRecovery.ts), once it is read.
   */
  get template(): TemplateView | undefined {
    if (this.view === undefined) {
      this.view = templateView(this.text) ?? null;
      this.masked = this.view ?? undefined;
      if (this.view) this.read(); // settles the view: recovered, when its masked text does not parse
    }
    return this.view ?? undefined;
  }

  /**
   * The template as masked, before any line is cut out: what the cursor is read from (completion and hover
   * work on a line the checks' view had to cut). The syntax tree is of `template`'s text, not of this one.
   */
  get cursorTemplate(): TemplateView | undefined {
    void this.template;
    return this.masked;
  }

  get lines(): LineIndex {
    return (this.lineIndex ??= new LineIndex(this.text));
  }

  /** Whether the syntax tree is there now (a use of `document`, `issues` or `resources` would not parse again). */
  get parsed(): boolean {
    return this.reading !== undefined;
  }

  get document(): Document.Parsed {
    return this.read().document;
  }

  get issues(): YamlIssue[] {
    return this.read().issues;
  }

  /** True when a YAML error makes the content unreliable: no semantic checks run on it. */
  get broken(): boolean {
    return this.read().broken;
  }

  get resources(): ResourceNode[] {
    return this.read().resources;
  }

  /** The resources' apiVersion, kind and start, without parsing again once known (the status bar count). */
  get resourceSummaries(): ResourceSummary[] {
    return (this.summaries ??= this.resources.map((resource) => summaryOf(resource, this.template)));
  }

  /**
   * Drops the syntax tree: a file's documents keep their diagnostics, not their trees, so memory does not
   * grow with the file; the next use parses again. Do not hold nodes across a call that may drop them.
   */
  forgetParse(): void {
    if (this.reading) void this.resourceSummaries;
    this.reading = undefined;
  }

  private read(): Reading {
    if (this.reading) return this.reading;
    if (this.options.json) return (this.reading = readJson(this.text, this.lines));
    const template = this.template;
    if (!template) return (this.reading = readDocument(this.text, this.lines, this.options));
    const { reading, view } = readTemplate(template, this.lines);
    this.view = view;
    return (this.reading = reading);
  }
}

function readDocument(text: string, lines: LineIndex, options: { written?: string; headKept?: boolean } = {}): Reading {
  const issues: YamlIssue[] = [];
  if (nestsDeeperThan(text)) {
    const end = Math.max(1, text.trimEnd().length);
    issues.push({
      code: 'yaml/too-deep',
      severity: 'error',
      message: `This document nests more than ${MAX_NESTING} levels deep, which no Kubernetes object needs; it was not read or checked.`,
      start: 0,
      end: Math.min(end, lines.lineEnd(0) || end),
    });
    return { document: parseKubectlYaml(''), issues, broken: true, resources: [] };
  }
  // NEL, LS and PS outside quotes end lines for go-yaml (YAML 1.1): read them so, markers after them too.
  let base = text;
  let unicodeBreak: number | undefined;
  if (/[\u0085\u2028\u2029]/.test(text)) {
    base = unicodeLineBreaks(text, parseKubectlYaml(text));
    for (let offset = 0; offset < text.length && unicodeBreak === undefined; offset++) if (base[offset] !== text[offset]) unicodeBreak = offset;
  }
  // What go-yaml reads of this part: its first document, markers and directives kubectl refuses blanked.
  const part = readPart(base, options.written ?? text, options.headKept);
  issues.push(...part.issues);
  let source = part.text;
  let document = parseKubectlYaml(source);
  if (document.errors.some(isRealError)) {
    // go-yaml's leniency: flow collections indented at or left of their key, quoted continuation lines too.
    const flows = joinMultilineFlows(source);
    const quoted = repairUnderIndentedQuotedScalars(flows?.text ?? source);
    const repairedText = quoted?.text ?? flows?.text;
    const repaired = repairedText === undefined ? undefined : parseKubectlYaml(repairedText);
    if (repairedText !== undefined && repaired && repaired.errors.filter(isRealError).length < document.errors.filter(isRealError).length) {
      document = repaired;
      refoldScalars(document, source, repairedText);
      for (const offset of quoted?.joinedLines ?? []) issues.push(lenientIssue(text, lines, offset, LENIENT_QUOTED));
      for (const offset of flows?.underIndented ?? []) issues.push(lenientIssue(text, lines, offset, LENIENT_FLOW));
    }
  }
  const dedent = document.errors.some(isRealError) ? dedentedLine(source) : undefined;
  if (dedent !== undefined) {
    // The document starts indented and a later line is left of it: go-yaml ends the document there.
    const cut = parseKubectlYaml(source.slice(0, dedent));
    if (cut.errors.filter(isRealError).length < document.errors.filter(isRealError).length) {
      document = cut;
      source = source.slice(0, dedent);
      issues.push({ code: 'yaml/after-document-end', severity: 'warning', message: DEDENTED, start: dedent + (text.slice(dedent).search(/\S/) === -1 ? 0 : text.slice(dedent).search(/\S/)), end: lines.lineEnd(lines.positionAt(dedent).line) });
    }
  }
  let broken = part.refused && part.text.trim() === '';
  // An error past the last character (an unclosed bracket, say) is shown at the end of the content,
  // not on the next document's first line; one message per line is enough to find the mistake.
  const contentEnd = source.trimEnd().length;
  const reportedLines = new Set<number>();
  if (unicodeBreak !== undefined && document.errors.some(isRealError)) {
    const name = UNICODE_BREAKS[text[unicodeBreak]] ?? 'a Unicode line break';
    issues.push({
      code: 'yaml/syntax',
      severity: 'error',
      message: `kubectl reads ${name} as a line break (YAML 1.1, go-yaml), and the YAML breaks there. Remove it, or quote the value that holds it.`,
      start: unicodeBreak,
      end: unicodeBreak + 1,
    });
    reportedLines.add(lines.positionAt(unicodeBreak).line);
  }
  for (const error of document.errors) {
    if (isGoLeniency(error)) continue;
    if (error.code !== 'DUPLICATE_KEY') broken = true; // as describeYamlError's severities say
    const start = Math.min(error.pos[0], Math.max(0, contentEnd - 1));
    const line = lines.positionAt(start).line;
    if (reportedLines.has(line)) continue;
    reportedLines.add(line);
    const end = Math.min(Math.max(error.pos[1], start + 1), Math.max(contentEnd, start + 1));
    const duplicate = error.code === 'DUPLICATE_KEY' ? duplicateIssue(document, text, lines, start, end) : undefined;
    issues.push(duplicate ?? { ...describeYamlError(error.code, error.message), start, end });
  }
  if (!broken) {
    for (const [start, end] of fieldCollisions(document)) {
      if (issues.some((issue) => issue.code === 'yaml/duplicate-key' && issue.start === start)) continue;
      const duplicate = duplicateIssue(document, text, lines, start, end);
      if (duplicate) issues.push(duplicate);
    }
  }
  if (!broken) {
    if (source.includes("\\'")) decodeSingleQuoteEscapes(source, document);
    for (const refusal of [...tabRefusals(source, document), ...escapeRefusals(source, document)]) {
      const line = lines.positionAt(refusal.start).line;
      if (reportedLines.has(line)) continue;
      reportedLines.add(line);
      issues.push({ code: 'yaml/syntax', severity: 'error', ...refusal });
    }
    const resources = findResources(document.contents);
    const refusal = kubectlRefusal(document, source, resources);
    if (refusal) {
      issues.push(refusal);
      broken = true;
    }
    return { document, issues, broken, resources: broken ? [] : resources };
  }
  return { document, issues, broken, resources: [] };
}

const DEDENTED =
  'kubectl drops this and all below it: the document starts further right, and go-yaml ends the document at the first line left of its start. ' +
  'Indent the document evenly.';

const UNICODE_BREAKS: Record<string, string> = { '\u0085': 'U+0085 (next line)', '\u2028': 'U+2028 (line separator)', '\u2029': 'U+2029 (paragraph separator)' };

/** NEL, LS and PS outside quoted scalars as the line breaks go-yaml takes them for (same offsets). */
function unicodeLineBreaks(text: string, document: Document.Parsed): string {
  const quoted: [number, number][] = [];
  visit(document, {
    Scalar(_, node) {
      if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range) quoted.push([node.range[0], node.range[1]]);
    },
  });
  return text.replace(/[\u0085\u2028\u2029]/g, (char, offset: number) => (quoted.some(([start, end]) => start < offset && offset < end) ? char : '\n'));
}

/** The start of the first content line left of the document's first content line, when that one is indented. */
function dedentedLine(text: string): number | undefined {
  let rootIndent: number | undefined;
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const indent = /^ */.exec(line)![0].length;
    const body = line.slice(indent);
    if (body.trim() !== '' && !body.startsWith('#') && !/^(?:---|\.\.\.)(?:\s|$)/.test(line) && !line.startsWith('%')) {
      if (rootIndent === undefined) {
        if (indent === 0) return undefined;
        rootIndent = indent;
      } else if (indent < rootIndent) return lineStart;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return undefined;
}

const LENIENT_QUOTED =
  'Not valid YAML 1.2: this continuation line of a quoted string is not indented past its key. ' +
  'kubectl (go-yaml) accepts it, other YAML tools may not; indent it further to be safe.';
const LENIENT_FLOW =
  'Not valid YAML 1.2: this line of a `[...]` or `{...}` value is not indented past its key. ' +
  'kubectl (go-yaml) accepts it, other YAML tools may not; indent it further to be safe.';

function lenientIssue(text: string, lines: LineIndex, offset: number, message: string): YamlIssue {
  const line = lines.positionAt(offset).line;
  const first = text.slice(offset).search(/\S/);
  return { code: 'yaml/lenient-indentation', severity: 'warning', message, start: offset + (first === -1 ? 0 : first), end: lines.lineEnd(line) };
}

/**
 * What `yaml` refuses and go-yaml reads: a `#` right after a token (go-yaml reads a comment at any token's
 * start), and `\'` in double quotes (a YAML 1.1 escape; escapes.ts gives the value).
 */
function isGoLeniency(error: { code: string; message: string }): boolean {
  return (
    (error.code === 'MISSING_CHAR' && error.message.startsWith('Comments must be separated from other tokens')) ||
    (error.code === 'BAD_DQ_ESCAPE' && error.message.startsWith("Invalid escape sequence \\'"))
  );
}

/** An error that makes the text unreadable (a duplicate key and a `#` without space before it do not). */
function isRealError(error: { code: string; message: string }): boolean {
  return error.code !== 'DUPLICATE_KEY' && !isGoLeniency(error);
}

/** The warning for the duplicate key at `start`: the value kubectl keeps (this one) and the line it drops. */
function duplicateIssue(document: Document.Parsed, text: string, lines: LineIndex, start: number, end: number): YamlIssue | undefined {
  const duplicate = duplicateKeyAt(document, start);
  const firstStart = duplicate && isScalar(duplicate.first.key) ? duplicate.first.key.range?.[0] : undefined;
  if (!duplicate || firstStart === undefined) return undefined;
  const random = randomPick(duplicate.pair, duplicate.first);
  const duplicateOf: DuplicateOf = { key: duplicate.key, line: lines.positionAt(firstStart).line, ...(random ? { random } : keptValue(text, duplicate.pair)) };
  return { code: 'yaml/duplicate-key', severity: 'warning', message: duplicateKeyMessage(duplicateOf), start, end, duplicateOf };
}

/**
 * The Go types of two keys that go-yaml decodes to different values (1e3 a float, 1_000 an integer; "1000" a
 * string) but sigs.k8s.io/yaml's convertToJSONableObject turns into the same field: it ranges over the Go map,
 * in random order, so either value is the one kept. Undefined when the keys are the same Go value (the last wins).
 */
function randomPick(pair: Pair, first: Pair): [string, string] | undefined {
  const mine = goKeyIdentity(pair.key);
  const theirs = goKeyIdentity(first.key);
  return mine && theirs && mine.field === theirs.field && mine.identity !== theirs.identity ? [mine.kind, theirs.kind] : undefined;
}

/**
 * Keys that `yaml` takes for different ones and kubectl makes the same field ("1000" and 1000, true and "true"):
 * their start and end. Those it takes for the same (1000 and 1e3) are its DUPLICATE_KEY errors.
 */
function fieldCollisions(document: Document): [number, number][] {
  const found: [number, number][] = [];
  visit(document, {
    Map(_, map) {
      // Two string keys of one field are one Go value: only a key read as something else can collide.
      if (map.items.length < 2 || map.items.every((pair) => isScalar(pair.key) && typeof pair.key.value === 'string')) return;
      const seen = new Map<string, Pair>();
      for (const pair of map.items) {
        const field = goKeyIdentity(pair.key)?.field;
        if (field === undefined) continue;
        const first = seen.get(field);
        if (!first) seen.set(field, pair as Pair);
        else if (isScalar(first.key) && isScalar(pair.key) && first.key.value !== pair.key.value && pair.key.range) found.push([pair.key.range[0], pair.key.range[1]]);
      }
    },
  });
  return found;
}

/** The value kubectl keeps for a duplicate key, quoted in the message when it is a short scalar. */
function keptValue(text: string, pair: Pair): { kept?: string } {
  const value = pair.value;
  if (!isScalar(value) || !value.range) return {};
  const written = text.slice(value.range[0], value.range[1]).trim();
  return written && written.length <= 60 && !written.includes('\n') && !written.includes('`') ? { kept: written } : {};
}

/**
 * Where kubectl refuses a document that parses (go-yaml's decoding, sigs.k8s.io/yaml's keys, encoding/json):
 * kubectlJson.ts. The JSON made on the way is kept for the checks when the document is an object of one of
 * our kinds (`resources`, any case: the checks convert it again otherwise); of any other, only the refusal
 * matters, and the check makes no JSON where it can tell without.
 */
function kubectlRefusal(document: Document.Parsed, text: string, resources: readonly ResourceNode[]): YamlIssue | undefined {
  try {
    const keep = resources.some((resource) => resource.node === document.contents && OUR_KINDS.has(resource.kind.toLowerCase()));
    if (!text.includes('*')) markAliasFree(document);
    // A `&` or `*` in the text is most often in a string (a cron schedule, a shell command): one conversion
    // that meets no alias and no refused anchor name settles it without looking for names first.
    const names = text.includes('&') || text.includes('*');
    if (names && acceptedWithoutAliases(document, keep)) return undefined;
    const badName = names ? badAnchorName(document, text) : undefined;
    if (badName) throw badName;
    if (keep) kubectlJson(document);
    else refuseAsKubectl(document);
    return undefined;
  } catch (error) {
    if (!(error instanceof KubectlRefusal)) throw error;
    return { ...describeRefusal(error), start: error.start, end: Math.max(error.end, error.start + 1) };
  }
}

function describeRefusal(refusal: KubectlRefusal): Omit<YamlIssue, 'start' | 'end'> {
  const said = `(${refusal.reason === 'not-json' ? 'encoding/json' : refusal.reason === 'map-key' && !refusal.message.startsWith('invalid') ? 'sigs.k8s.io/yaml' : 'go-yaml'}: "${refusal.message}")`;
  switch (refusal.reason) {
    case 'alias':
      return refusal.message.includes('contains itself')
        ? { code: 'yaml/alias', severity: 'error', message: `kubectl refuses this alias: it points into the node that holds it ${said}.` }
        : {
          code: 'yaml/alias',
          severity: 'error',
          message: `kubectl refuses this alias: no anchor of that name comes before it in this document ${said}. Anchors do not carry over \`---\`: define the anchor above the alias, in the same document.`,
        };
    case 'anchor-name':
      return {
        code: 'yaml/alias',
        severity: 'error',
        message: `kubectl refuses this anchor or alias name ${said}: go-yaml allows only letters, digits, \`_\` and \`-\` in it. Rename it (or quote the value if \`&\` or \`*\` is meant as text).`,
      };
    case 'excessive-aliasing':
      return {
        code: 'yaml/alias-limit',
        severity: 'error',
        message: `kubectl refuses this document: its aliases (\`*name\`) expand far beyond its own size, as an "alias bomb" does ${said}; it was not checked. Use fewer nested aliases.`,
      };
    case 'not-json':
      return refusal.message.startsWith('json')
        ? { code: 'yaml/not-json', severity: 'error', message: `kubectl refuses this value: it sends JSON, which has no infinity or NaN ${said}. Quote it if you mean the text.` }
        : { code: 'yaml/not-json', severity: 'error', message: `kubectl refuses this ${said}.` };
    case 'map-key':
      return {
        code: 'yaml/not-json',
        severity: 'error',
        message: refusal.message.startsWith('invalid')
          ? `kubectl refuses a mapping or a list as a key: a JSON field name is text ${said}.`
          : refusal.message.includes('<nil>')
            ? `kubectl refuses a null key (\`~\`, \`null\` or nothing before \`:\`): a JSON field needs a name ${said}. Quote it if you mean the text.`
            : `kubectl refuses an integer key above 9223372036854775807 ${said}. Quote it.`,
      };
    case 'tag':
      return { code: 'yaml/tag', severity: 'error', message: `kubectl refuses this value: its tag does not fit it ${said}. Remove the tag or change the value.` };
    case 'merge':
      return {
        code: 'yaml/merge-key',
        severity: 'error',
        message: `kubectl refuses this merge key (\`<<\`): its value must be a mapping, an alias of one, or a list of them ${said}.`,
      };
  }
}

/**
 * A value of a file kubectl reads as JSON: encoding/json decides whether it is one; the syntax tree (and so
 * the object) is the YAML parser's, JSON being YAML. Duplicate keys: the last one wins there too.
 */
function readJson(text: string, lines: LineIndex): Reading {
  const error = jsonError(text);
  if (error) {
    const start = Math.min(error.offset, Math.max(0, text.trimEnd().length - 1));
    const issue: YamlIssue = {
      code: 'yaml/syntax',
      severity: 'error',
      message: `kubectl reads this file as JSON, because it starts with \`{\`, and this is not JSON (${error.message}). Write JSON, or start the file with a comment or \`---\` so that kubectl reads it as YAML.`,
      start,
      end: Math.max(start + 1, lines.lineEnd(lines.positionAt(start).line)),
    };
    return { document: parseKubectlYaml(''), issues: [issue], broken: true, resources: [] };
  }
  const document = parseKubectlYaml(text);
  const issues: YamlIssue[] = [];
  for (const problem of document.errors) {
    if (problem.code !== 'DUPLICATE_KEY') continue;
    const duplicate = duplicateIssue(document, text, lines, problem.pos[0], problem.pos[1]);
    if (duplicate) issues.push(duplicate);
  }
  const resources = findResources(document.contents);
  const refusal = kubectlRefusal(document, text, resources);
  if (refusal) return { document, issues: [...issues, refusal], broken: true, resources: [] };
  return { document, issues, broken: false, resources };
}

/**
 * A template, read from its masked text. Literal lines that continue what an output writes are cut into it. Its
 * syntax errors may be the masking's, not the author's (an action that renders a key, a line that only makes
 * sense rendered): the lines around them are cut out and the rest is read (./templateRecovery.ts); one that
 * still does not parse is not judged at all. Of the YAML issues only real
 * duplicates stay (both keys literal and always rendered together). Returns the view the reading is of.
 */
function readTemplate(template: TemplateView, lines: LineIndex): { reading: Reading; view: TemplateView } {
  if (template.broken) return { reading: { document: parseKubectlYaml(''), issues: [], broken: true, resources: [] }, view: template };
  let view = cutContinuations(template);
  let reading = readDocument(view.text, lines);
  if (reading.broken && !reading.issues.some((issue) => issue.code === 'yaml/too-deep')) {
    const recovered = recoverTemplate(view, (text) => {
      const attempt = readDocument(text, lines);
      return attempt.broken ? attempt.issues.find((issue) => issue.code !== 'yaml/duplicate-key')?.start ?? 0 : undefined;
    });
    if (recovered && recovered !== view) {
      view = recovered;
      reading = readDocument(view.text, lines);
    }
  }
  if (reading.broken) return { reading: { ...reading, issues: reading.issues.filter((issue) => issue.code === 'yaml/too-deep') }, view };
  const parsed = reading;
  const issues = parsed.issues.filter((issue) => {
    if (issue.code !== 'yaml/duplicate-key') return issue.code === 'yaml/too-deep';
    const duplicate = duplicateKeyAt(parsed.document, issue.start);
    return !!duplicate && isRenderedDuplicate(view, duplicate.pair, duplicate.first);
  });
  return { reading: { ...parsed, issues, resources: findResources(parsed.document.contents, (map) => templateResourceType(view, map)) }, view };
}

function describeYamlError(code: string, message: string): Omit<YamlIssue, 'start' | 'end'> {
  const text = message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  switch (code) {
    case 'DUPLICATE_KEY':
      return {
        code: 'yaml/duplicate-key',
        severity: 'warning',
        message: 'Duplicate key: this key already appears in the same mapping. kubectl keeps only the last one (go-yaml), so the API server never sees the first; remove one of them.',
      };
    case 'TAB_AS_INDENT':
      return { code: 'yaml/syntax', severity: 'error', message: 'Tabs cannot indent YAML; use spaces.' };
    default:
      return { code: 'yaml/syntax', severity: 'error', message: `YAML syntax error: ${text}.` };
  }
}

function scalarString(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function pairValue(map: YAMLMap, key: string): unknown {
  return directPair(map, key)?.value;
}

/** In a template, a name or namespace an action writes (masked text) is unknown: left out, as when absent. */
function summaryOf(resource: ResourceNode, template: TemplateView | undefined): ResourceSummary {
  const summary: ResourceSummary = { apiVersion: resource.apiVersion, kind: resource.kind, offset: resource.node.range?.[0] ?? 0 };
  const metadata = pairValue(resource.node, 'metadata');
  if (!isMap(metadata)) return summary;
  for (const key of ['name', 'generateName', 'namespace'] as const) {
    const node = pairValue(metadata, key);
    const value = scalarString(node);
    const range = isScalar(node) ? node.range : undefined;
    if (value !== undefined && !(template && range && template.overlaps(range[0], range[1]))) summary[key] = value;
  }
  return summary;
}

type ResourceType = (map: YAMLMap) => { apiVersion: string; kind: string } | undefined;

const writtenType: ResourceType = (map) => {
  const apiVersion = scalarString(pairValue(map, 'apiVersion'));
  const kind = scalarString(pairValue(map, 'kind'));
  return apiVersion !== undefined && kind !== undefined ? { apiVersion, kind } : undefined;
};

function resourceOf(node: unknown, prefix: FieldPath, typeOf: ResourceType): ResourceNode | undefined {
  if (!isMap(node)) return undefined;
  const type = typeOf(node);
  return type ? { ...type, node, prefix } : undefined;
}

function findResources(contents: Node | null, typeOf: ResourceType = writtenType): ResourceNode[] {
  const top = resourceOf(contents, [], typeOf);
  if (!top) return [];
  if (!LIST_KINDS.test(top.kind)) return [top];
  const items = pairValue(top.node, 'items');
  if (!isSeq(items)) return [top];
  const found: ResourceNode[] = [];
  items.items.forEach((item, index) => {
    const resource = resourceOf(item, ['items', index], typeOf);
    if (resource) found.push(resource);
  });
  return found;
}
