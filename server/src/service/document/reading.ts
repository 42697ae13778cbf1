// Reading one document's text the way kubectl does: YAML (go-yaml's leniencies, its refusals, the lines it
// drops), JSON (encoding/json), or a Helm template's masked text; with the YAML issues found on the way.
import { visit, type Document } from 'yaml';
import { KINDS } from '../types';
import type { TemplateView } from './helmTemplate';
import { acceptedWithoutAliases, badAnchorName, KubectlRefusal, kubectlJson, markAliasFree, refuseAsKubectl } from './kubectlJson';
import { parseKubectlYaml } from './kubectlYaml';
import { joinMultilineFlows, refoldScalars, repairUnderIndentedQuotedScalars } from './lenient';
import { decodeSingleQuoteEscapes, escapeRefusals } from './escapes';
import { jsonError } from './jsonStream';
import type { LineIndex } from './lines';
import { readPart } from './markers';
import { tabRefusals } from './tabs';
import { MAX_NESTING, nestsDeeperThan } from './nesting';
import { cutContinuations, recoverTemplate } from './templateRecovery';
import { isRenderedDuplicate, templateResourceType } from './templateTree';
import { duplicateIssue, duplicateKeyAt, fieldCollisions } from './duplicateKeys';
import { findResources, type ResourceNode } from './resources';
import type { YamlIssue } from './yamlIssues';

/** Our kinds in lower case: an object of one of them, in any case, is read by the checks (kubectlRefusal). */
const OUR_KINDS = new Set(Object.keys(KINDS).map((kind) => kind.toLowerCase()));

/** What parsing a document gives; computed on first use. */
export interface Reading {
  document: Document.Parsed;
  issues: YamlIssue[];
  broken: boolean;
  resources: ResourceNode[];
}

/**
 * The reading of a document nested deeper than MAX_NESTING (nesting.ts): one finding, nothing parsed. `yaml`
 * composes recursively, and so does every walk after it; no parse of a document's text may skip this.
 */
function tooDeep(text: string, lines: LineIndex): Reading | undefined {
  if (!nestsDeeperThan(text)) return undefined;
  const end = Math.max(1, text.trimEnd().length);
  const issue: YamlIssue = {
    code: 'yaml/too-deep',
    severity: 'error',
    message: `This document nests more than ${MAX_NESTING} levels deep, which no Kubernetes object needs; it was not read or checked.`,
    start: 0,
    end: Math.min(end, lines.lineEnd(0) || end),
  };
  return { document: parseKubectlYaml(''), issues: [issue], broken: true, resources: [] };
}

export function readDocument(text: string, lines: LineIndex, options: { written?: string; headKept?: boolean; keepJson?: boolean } = {}): Reading {
  const deep = tooDeep(text, lines);
  if (deep) return deep;
  const issues: YamlIssue[] = [];
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
  // What is parsed is not always the text checked above: Unicode line breaks became LFs (after a U+2028, a run
  // of `- ` on the same line is a plain scalar above and thousands of nested lists below), markers were blanked.
  const deepSource = source === text ? undefined : tooDeep(source, lines);
  if (deepSource) return deepSource;
  let document = parseKubectlYaml(source);
  if (document.errors.some(isRealError)) {
    // go-yaml's leniency: flow collections indented at or left of their key, quoted continuation lines too.
    const flows = joinMultilineFlows(source);
    const quoted = repairUnderIndentedQuotedScalars(flows?.text ?? source);
    const repairedText = quoted?.text ?? flows?.text;
    const repaired = repairedText === undefined || nestsDeeperThan(repairedText) ? undefined : parseKubectlYaml(repairedText);
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
    const refusal = kubectlRefusal(document, source, resources, options.keepJson);
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
  const end = Math.max(offset, lines.lineEnd(line));
  // The first character of this line's content: a line of blanks (a CR among them) has none, and the search must not
  // run on into the next line (the range would end before it starts).
  const first = text.slice(offset, end).search(/\S/);
  return { code: 'yaml/lenient-indentation', severity: 'warning', message, start: offset + (first === -1 ? 0 : first), end };
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

/**
 * Where kubectl refuses a document that parses (go-yaml's decoding, sigs.k8s.io/yaml's keys, encoding/json):
 * kubectlJson.ts. The JSON made on the way is kept for the checks when the document is an object of one of
 * our kinds (`resources`, any case: the checks convert it again otherwise), or when its reader asked for it
 * (`keepJson`: the relation facts of a ConfigMap or a Deployment read its JSON); of any other, only the refusal
 * matters, and the check makes no JSON where it can tell without.
 */
function kubectlRefusal(document: Document.Parsed, text: string, resources: readonly ResourceNode[], keepJson = false): YamlIssue | undefined {
  try {
    const keep = resources.some((resource) => resource.node === document.contents && (keepJson || OUR_KINDS.has(resource.kind.toLowerCase())));
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
export function readJson(text: string, lines: LineIndex): Reading {
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
  // JSON.parse took it, at any depth; the YAML parser that makes the syntax tree would not.
  const deep = tooDeep(text, lines);
  if (deep) return deep;
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
export function readTemplate(template: TemplateView, lines: LineIndex): { reading: Reading; view: TemplateView } {
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
