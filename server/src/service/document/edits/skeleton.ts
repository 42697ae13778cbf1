// Writing a new value (a skeleton) as YAML text in the document's habits: block pairs and list items at a
// column, flow collections, scalars quoted only when needed; placeholders become snippet tab stops.
import type { Layout } from './layout';
import type { OffsetEdit } from './offsetEdit';
import { doubleQuoted, isPlainSafe, quoted, stringText } from './scalars';

/** A value to write: strings are quoted when YAML would read them otherwise, numbers and booleans are written plain. */
export type Skeleton = string | number | boolean | Placeholder | readonly Skeleton[] | { readonly [key: string]: Skeleton };

/** A value the user is expected to change: written as `value` in plain text, as a tab stop in a snippet. */
export interface Placeholder {
  placeholder: string | number;
  /** Offered as a snippet choice (`${1|a,b|}`); the plain text uses `placeholder`. */
  choices?: readonly string[];
}

export function placeholder(value: string | number, choices?: readonly string[]): Placeholder {
  return choices ? { placeholder: value, choices } : { placeholder: value };
}

export function isPlaceholder(value: Skeleton): value is Placeholder {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && ['string', 'number'].includes(typeof (value as Placeholder).placeholder)
    && Object.keys(value).every((key) => key === 'placeholder' || key === 'choices');
}

/** Whether a skeleton is a list or a mapping (a placeholder is a scalar). */
export function isStructured(value: Skeleton): boolean {
  return typeof value === 'object' && value !== null && !isPlaceholder(value);
}

function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

/** Builds the plain text and the snippet text of an insertion side by side, in the layout of one document. */
export class Writer {
  text = '';
  snippet = '';
  private tabStop = 0;
  hasPlaceholders = false;
  /** Whether the text being written is inside a flow collection. */
  flow = false;
  /** JSON style (a flow mapping with double-quoted keys): every key and string double-quoted. */
  json = false;

  constructor(private readonly layout: Layout) {}

  write(text: string): void {
    this.text += text;
    this.snippet += escapeSnippet(text);
  }

  placeholder(value: Placeholder, written: string): void {
    this.tabStop++;
    this.hasPlaceholders = true;
    this.text += written;
    this.snippet += value.choices
      ? `\${${this.tabStop}|${value.choices.map((choice) => choice.replace(/[,|\\$}]/g, (c) => `\\${c}`)).join(',')}|}`
      : `\${${this.tabStop}:${escapeSnippet(written)}}`;
  }

  edit(start: number, end: number): OffsetEdit {
    return this.hasPlaceholders ? { start, end, text: this.text, snippet: this.snippet } : { start, end, text: this.text };
  }

  /** `\n<indent>key: value` for a block mapping whose keys start at `column`. */
  writeBlockPair(key: string, value: Skeleton, column: number): void {
    this.write(`${this.layout.eol}${' '.repeat(column)}${this.keyText(key)}:`);
    this.writeBlockValue(value, column);
  }

  /** The value part after `key:` for a key at `column`. */
  writeBlockValue(value: Skeleton, column: number): void {
    if (isStructured(value) && Object.keys(value).length === 0) {
      // An empty list or mapping has no block form: `emptyDir: {}`, `args: []` (a bare `key:` would be null).
      this.write(' ');
      this.writeFlow(value);
    } else if (Array.isArray(value)) {
      const dashColumn = column + (this.layout.indentedSequences ? this.layout.unit : 0);
      for (const item of value) {
        this.write(`${this.layout.eol}${' '.repeat(dashColumn)}- `);
        this.writeItem(item, dashColumn + 2);
      }
    } else if (isStructured(value)) {
      for (const [name, entry] of Object.entries(value as Record<string, Skeleton>)) this.writeBlockPair(name, entry, column + this.layout.unit);
    } else {
      this.write(' ');
      this.writeScalar(value);
    }
  }

  /** A list item after its `- `: a mapping's first key on the dash line, the others at `column`. */
  private writeItem(item: Skeleton, column: number): void {
    if (isStructured(item) && !Array.isArray(item)) {
      Object.entries(item as Record<string, Skeleton>).forEach(([name, entry], index) => {
        if (index > 0) this.write(`${this.layout.eol}${' '.repeat(column)}`);
        this.write(`${this.keyText(name)}:`);
        this.writeBlockValue(entry, column);
      });
    } else if (Array.isArray(item)) {
      this.writeFlow(item);
    } else {
      this.writeScalar(item);
    }
  }

  /** A value in flow style (`[a, b]`, `{k: v}`), wherever it stands. */
  writeFlow(value: Skeleton): void {
    const flow = this.flow;
    this.flow = true;
    this.writeFlowValue(value);
    this.flow = flow;
  }

  private writeFlowValue(value: Skeleton): void {
    if (Array.isArray(value)) {
      this.write('[');
      value.forEach((item, index) => {
        if (index > 0) this.write(', ');
        this.writeFlow(item);
      });
      this.write(']');
    } else if (isStructured(value)) {
      this.write('{');
      Object.entries(value as Record<string, Skeleton>).forEach(([name, entry], index) => {
        if (index > 0) this.write(', ');
        this.write(`${this.keyText(name, this.json)}: `);
        this.writeFlow(entry);
      });
      this.write('}');
    } else {
      this.writeScalar(value);
    }
  }

  writeScalar(value: Skeleton): void {
    const text = (string: string) => (this.json ? doubleQuoted(string) : stringText(this.layout, string, undefined, this.flow));
    if (isPlaceholder(value)) this.placeholder(value, typeof value.placeholder === 'number' ? String(value.placeholder) : text(value.placeholder));
    else if (typeof value === 'string') this.write(text(value));
    else this.write(String(value));
  }

  /** A key, plain when it is safe; `json` (a flow mapping in JSON style) double-quotes it. */
  keyText(key: string, json = false): string {
    if (json) return doubleQuoted(key);
    return isPlainSafe(key) ? key : quoted(this.layout, key);
  }
}
