// One YAML document of a file, parsed the way kubectl reads it, with its YAML-level issues and the
// Kubernetes resources it holds. Everything here is relative to the document's own text; the file
// model shifts it by the document's first line.
import { isMap, isScalar, isSeq, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import type { FieldPath, Severity } from '../types';
import { templateView, type TemplateView } from './helmTemplate';
import { parseKubectlYaml } from './kubectlYaml';
import { repairUnderIndentedQuotedScalars } from './lenient';
import { LineIndex } from './lines';
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
  line: number;
}

/** The duplicate-key message; `line` is the 1-based line of the first occurrence in the file. */
export function duplicateKeyMessage(key: string, line: number): string {
  return `Duplicate key \`${key}\`: this mapping already sets it on line ${line}. The API server rejects the object (strict decoding: "key already set in map"); keep one of them.`;
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

  constructor(readonly text: string) {}

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
    const template = this.template;
    if (!template) return (this.reading = readDocument(this.text, this.lines));
    const { reading, view } = readTemplate(template, this.lines);
    this.view = view;
    return (this.reading = reading);
  }
}

function readDocument(text: string, lines: LineIndex): Reading {
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
  let document = parseKubectlYaml(text);
  if (document.errors.some((error) => error.code === 'MULTILINE_IMPLICIT_KEY' || error.code === 'MISSING_CHAR' || error.code === 'BAD_INDENT')) {
    const repair = repairUnderIndentedQuotedScalars(text);
    const repaired = repair && parseKubectlYaml(repair.text);
    if (repair && repaired && repaired.errors.length < document.errors.length) {
      document = repaired;
      for (const offset of repair.joinedLines) {
        const line = lines.positionAt(offset).line;
        issues.push({
          code: 'yaml/lenient-indentation',
          severity: 'warning',
          message:
            'Not valid YAML 1.2: this continuation line of a quoted string is not indented past its key. ' +
            'kubectl (go-yaml) accepts it, other YAML tools may not; indent it further to be safe.',
          start: offset + (text.slice(offset).search(/\S/) === -1 ? 0 : text.slice(offset).search(/\S/)),
          end: lines.lineEnd(line),
        });
      }
    }
  }
  let broken = false;
  // An error past the last character (an unclosed bracket, say) is shown at the end of the content,
  // not on the next document's first line; one message per line is enough to find the mistake.
  const contentEnd = text.trimEnd().length;
  const reportedLines = new Set<number>();
  for (const error of document.errors) {
    if (error.code !== 'DUPLICATE_KEY') broken = true; // as describeYamlError's severities say
    const start = Math.min(error.pos[0], Math.max(0, contentEnd - 1));
    const line = lines.positionAt(start).line;
    if (reportedLines.has(line)) continue;
    reportedLines.add(line);
    const end = Math.min(Math.max(error.pos[1], start + 1), Math.max(contentEnd, start + 1));
    const duplicate = error.code === 'DUPLICATE_KEY' ? duplicateKeyAt(document, error.pos[0]) : undefined;
    const firstStart = duplicate && isScalar(duplicate.first.key) ? duplicate.first.key.range?.[0] : undefined;
    if (duplicate && firstStart !== undefined) {
      const duplicateOf = { key: duplicate.key, line: lines.positionAt(firstStart).line };
      issues.push({ code: 'yaml/duplicate-key', severity: 'error', message: duplicateKeyMessage(duplicateOf.key, duplicateOf.line + 1), start, end, duplicateOf });
    } else {
      issues.push({ ...describeYamlError(error.code, error.message), start, end });
    }
  }
  return { document, issues, broken, resources: broken ? [] : findResources(document.contents) };
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
        severity: 'error',
        message:
          'Duplicate key: this key already appears in the same mapping. The API server rejects the object ' +
          '(strict decoding: "key already set in map"); keep one of them.',
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
