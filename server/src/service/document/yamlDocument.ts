// One YAML document of a file, parsed the way kubectl reads it, with its YAML-level issues and the
// Kubernetes resources it holds. Everything here is relative to the document's own text; the file
// model shifts it by the document's first line. How it is read: reading.ts; its issues: yamlIssues.ts and
// duplicateKeys.ts; its objects: resources.ts.
import type { Document } from 'yaml';
import { hasTemplateActions, templateView, type TemplateView } from './helmTemplate';
import { LineIndex } from './lines';
import { readDocument, readJson, readTemplate, type Reading } from './reading';
import { summaryOf, type ResourceNode, type ResourceSummary } from './resources';
import type { YamlIssue } from './yamlIssues';

export { duplicateKeyMessage, type DuplicateOf, type YamlIssue } from './yamlIssues';
export { duplicateKeyAt } from './duplicateKeys';
export type { ResourceNode, ResourceSummary } from './resources';

/**
 * One YAML document. It is parsed on first use of its syntax tree, issues or resources, so a document that
 * nothing asks about (no diagnostics are reported for other kinds) costs no parse.
 */
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
    private readonly options: { json?: boolean; written?: string; headKept?: boolean; parsedInto?: Set<YamlDocument> } = {},
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

  /** Whether the document holds template actions (`{{`), asked once per text (its file's answer is its documents'). */
  get templateActions(): boolean {
    return (this.actions ??= hasTemplateActions(this.text));
  }
  private actions: boolean | undefined;

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
   * The JSON of the document's object will be read (the relation facts of any kind): the parse keeps the JSON its
   * refusal check makes instead of checking without it and converting again later.
   */
  wantJson(): void {
    this.jsonWanted = true;
  }
  private jsonWanted = false;

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
    this.options.parsedInto?.add(this);
    if (this.options.json) return (this.reading = readJson(this.text, this.lines));
    const template = this.template;
    if (!template) return (this.reading = readDocument(this.text, this.lines, this.jsonWanted ? { ...this.options, keepJson: true } : this.options));
    const { reading, view } = readTemplate(template, this.lines);
    this.view = view;
    return (this.reading = reading);
  }
}
