// How relations/facts.ts reads an object's fields: under what its template leaves unknown (the partial-object
// machinery), with a name kept as its template text when an action writes it.
import { walk } from '../document/paths';
import type { ResourceNode, YamlDocument } from '../document/yamlDocument';
import type { TemplateView } from '../document/helmTemplate';
import { UNKNOWN_VALUE, type Unknowns } from '../partial/unknowns';
import { jsonAt, type FieldPath, type Json, type JsonObject } from '../types';
import type { NameRef, Read, Span } from './factTypes';

/** The `range` and `with` blocks of a template: inside them `.` is not the chart's root. */
export function rebindingBlocks(view: TemplateView): Span[] {
  const blocks: Span[] = [];
  const stack: { keyword: string; start: number }[] = [];
  for (const action of view.actions) {
    if (action.kind !== 'control') continue;
    if (action.keyword === 'end') {
      const open = stack.pop();
      if (open && (open.keyword === 'range' || open.keyword === 'with')) blocks.push([open.start, action.end]);
    } else if (action.keyword !== 'else' && action.keyword) {
      stack.push({ keyword: action.keyword, start: action.start });
    }
  }
  for (const open of stack) if (open.keyword === 'range' || open.keyword === 'with') blocks.push([open.start, Number.MAX_SAFE_INTEGER]);
  return blocks;
}

/** Reads an object's fields under what its template leaves unknown. */
export class ObjectReader {
  constructor(
    readonly doc: YamlDocument,
    readonly resource: ResourceNode,
    readonly object: JsonObject,
    readonly unknowns: Unknowns | undefined,
    readonly blocks: readonly Span[],
  ) {}

  /** The JSON value at `path` when it is certain: undefined when certainly absent; 'unknown' otherwise. */
  value(path: FieldPath): Json | undefined | 'unknown' {
    const value = jsonAt(this.object, path);
    if (!this.unknowns) return value;
    if (value === UNKNOWN_VALUE) return 'unknown';
    return this.unknowns.isCertain(this.object, path) ? value : 'unknown';
  }

  string(path: FieldPath): Read<string> {
    const value = this.value(path);
    if (value === 'unknown') return { unknown: true };
    return typeof value === 'string' ? { value } : value === undefined ? {} : { unknown: true };
  }

  boolean(path: FieldPath): Read<boolean> {
    const value = this.value(path);
    if (value === 'unknown') return { unknown: true };
    return typeof value === 'boolean' ? { value } : value === undefined ? {} : { unknown: true };
  }

  number(path: FieldPath): Read<number> {
    const value = this.value(path);
    if (value === 'unknown') return { unknown: true };
    return typeof value === 'number' ? { value } : value === undefined ? {} : { unknown: true };
  }

  strings(path: FieldPath): Read<string[]> {
    const value = this.value(path);
    if (value === 'unknown' || (value !== undefined && !Array.isArray(value))) return { unknown: true };
    if (value === undefined) return {};
    if (this.unknowns && !this.unknowns.isCertainSubtree(this.object, path)) return { unknown: true };
    // A copy: the facts outlive the JSON they are read from, which the diagnostics may change (facts.ts).
    return value.every((item) => typeof item === 'string') ? { value: [...(value as string[])] } : { unknown: true };
  }

  /** Items of a list as written (a template's maybe items included), with their index. */
  items(path: FieldPath): [JsonObject, number][] {
    const value = jsonAt(this.object, path);
    if (!Array.isArray(value)) return [];
    const out: [JsonObject, number][] = [];
    value.forEach((item, index) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) out.push([item, index]);
    });
    return out;
  }

  /** Whether the list at `path` may hold items that are not written (a template's output, a `range`). */
  openList(path: FieldPath): boolean {
    return !!this.unknowns && (this.unknowns.isOpen(path) || this.unknowns.withinUnknown(path) || this.value(path) === 'unknown');
  }

  span(path: FieldPath): Span | undefined {
    const steps = walk(this.doc.document, this.resource.node, path);
    if (steps.length !== path.length + 1) return undefined;
    const written = steps[steps.length - 1].written as { range?: [number, number, number] } | undefined;
    return written?.range ? [written.range[0], written.range[1]] : undefined;
  }

  keySpan(path: FieldPath): Span | undefined {
    const steps = walk(this.doc.document, this.resource.node, path);
    if (steps.length !== path.length + 1) return undefined;
    const key = steps[steps.length - 1].pair?.key as { range?: [number, number, number] } | undefined;
    return key?.range ? [key.range[0], key.range[1]] : undefined;
  }

  /** A name: literal, or the template text that writes it. Undefined when absent or not a string. */
  name(path: FieldPath): NameRef | undefined {
    const value = jsonAt(this.object, path);
    if (typeof value !== 'string') return undefined;
    if (!this.unknowns || value !== UNKNOWN_VALUE) {
      if (this.unknowns && this.doc.template) {
        const span = this.span(path);
        if (span && this.doc.template.overlaps(span[0], span[1])) return this.templated(path);
      }
      return { text: value, key: value, literal: true };
    }
    return this.templated(path);
  }

  private templated(path: FieldPath): NameRef | undefined {
    const span = this.span(path);
    if (!span) return undefined;
    const text = unquote(this.doc.text.slice(span[0], span[1]).trim());
    const rebound = this.blocks.some(([start, end]) => span[0] >= start && span[1] <= end);
    const key = normaliseTemplate(text);
    return rebound || !key ? { text, literal: false } : { text, key, literal: false };
  }
}

function unquote(text: string): string {
  if (text.length >= 2 && (text[0] === '"' || text[0] === "'") && text[text.length - 1] === text[0]) return text.slice(1, -1);
  return text;
}

/** Template text compared as Helm renders it: spaces and trim markers aside, `template` = `include`, `$` = `.`, quotes aside. */
export function normaliseTemplate(text: string): string | undefined {
  if (!text.includes('{{')) return undefined;
  return text
    .replace(/\{\{-?\s*/g, '{{ ')
    .replace(/\s*-?\}\}/g, ' }}')
    .replace(/\s+/g, ' ')
    .replace(/\{\{ template /g, '{{ include ')
    .replace(/ \$(?=[ )])/g, ' .')
    .replace(/ \| (?:quote|squote) (?=\}\})/g, ' ');
}
