// Plain-words messages for schema errors: what is wrong, what is allowed, and the way out.
import type { ErrorObject } from 'ajv';
import type { FieldPath, Finding } from '../types';
import type { JsonSchema } from './schemas';

/** How a scalar was written, so messages can tell a YAML 1.1 surprise from a real type mistake. */
export interface ScalarSource {
  /** The text as written, without quotes. */
  source: string;
  /** 'PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'. */
  style: string;
}

/** Plain scalars that YAML 1.1 (kubectl) reads as booleans, while YAML 1.2 tools read them as strings. */
const YAML11_BOOLEAN = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
/** Plain scalars that YAML 1.1 reads as octal or binary numbers. */
const YAML11_NUMBER = /^[-+]?(?:0[0-7_]+|0b[01_]+)$/;

function fieldName(path: FieldPath): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === 'string') return i === path.length - 1 ? segment : `${segment}${path.slice(i + 1).map((s) => `[${s}]`).join('')}`;
  }
  return 'the object';
}

function describeType(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number with a fraction';
    case 'boolean':
      return 'a boolean';
    default:
      return 'a mapping';
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean (true or false)',
  object: 'a mapping (key: value lines)',
  array: 'a list (lines starting with "- ")',
};

function expectedTypes(schema: unknown): string[] {
  return Array.isArray(schema) ? schema.map(String) : [String(schema)];
}

/** Closest name by edit distance, when close enough to be a likely typo. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const nearest = nearestName(name, candidates);
  return nearest && nearest.distance <= Math.max(1, Math.floor(name.length / 3)) ? nearest.name : undefined;
}

/** The candidate nearest to `name` by edit distance, ignoring case; ties go to the first. */
export function nearestName(name: string, candidates: readonly string[]): { name: string; distance: number } | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best;
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

function quoteHint(source: ScalarSource | undefined, value: unknown): string {
  const text = source?.source ?? String(value);
  return `Quote it: \`"${text.replace(/"/g, '\\"')}"\`.`;
}

function typeFinding(error: ErrorObject, path: FieldPath, schema: JsonSchema | undefined, source: ScalarSource | undefined, value: unknown): Finding {
  const expected = expectedTypes((error.params as { type?: unknown }).type);
  const name = fieldName(path);
  const wantsString = expected.includes('string');
  const plain = source?.style === 'PLAIN';
  if (wantsString && plain && (typeof value === 'boolean' || typeof value === 'number')) {
    const surprise = YAML11_BOOLEAN.test(source.source) || YAML11_NUMBER.test(source.source);
    const reading = typeof value === 'boolean' ? `the boolean \`${value}\`` : `the number \`${value}\``;
    return {
      code: surprise ? 'yaml/yaml11-scalar' : 'schema/type',
      severity: 'error',
      message: surprise
        ? `\`${source.source}\` is read as ${reading} by kubectl (YAML 1.1 rules), but \`${name}\` needs a string, so the API server rejects it. ${quoteHint(source, value)}`
        : `\`${source.source}\` is ${reading}, but \`${name}\` needs a string, so the API server rejects it. ${quoteHint(source, value)}`,
      path,
    };
  }
  const wanted = expected.map((type) => TYPE_WORDS[type] ?? type).join(' or ');
  let hint = '';
  if (typeof value === 'string' && (expected.includes('integer') || expected.includes('number')) && /^[-+]?\d+(\.\d+)?$/.test(value)) {
    hint = ' Remove the quotes.';
  } else if (typeof value === 'string' && expected.includes('boolean') && /^(true|false)$/i.test(value)) {
    hint = ' Remove the quotes.';
  } else if (typeof value === 'number' && !Number.isInteger(value) && expected.includes('integer')) {
    hint = ' Use a whole number.';
  }
  const format = schema?.['x-kubernetes-format'];
  const shown = typeof value === 'string' ? `"${value}"` : source?.source ?? JSON.stringify(value);
  return {
    code: 'schema/type',
    severity: 'error',
    message: `\`${name}\` must be ${wanted}${format ? ` (${String(format)})` : ''}, but \`${shown}\` is ${describeType(value)}.${hint}`,
    path,
  };
}

/** `schema` is the schema of the object for additionalProperties/required, else of the value itself. */
export function describeSchemaError(
  error: ErrorObject,
  path: FieldPath,
  schema: JsonSchema | undefined,
  source: ScalarSource | undefined,
  value?: unknown,
): Finding {
  const parentSchema = schema;
  const name = fieldName(path);
  switch (error.keyword) {
    case 'additionalProperties': {
      const known = Object.keys((parentSchema?.properties as object | undefined) ?? {});
      const suggestion = closestName(String(path[path.length - 1]), known);
      const where = path.length > 1 ? fieldName(path.slice(0, -1)) : 'the object';
      const hint = suggestion
        ? ` Did you mean \`${suggestion}\`?`
        : known.length && known.length <= 12
          ? ` Fields allowed here: ${known.map((k) => `\`${k}\``).join(', ')}.`
          : '';
      return {
        code: 'schema/unknown-field',
        severity: 'error',
        message: `Unknown field \`${String(path[path.length - 1])}\` in \`${where}\`.${hint} The API server rejects unknown fields (kubectl validates strictly by default).`,
        path,
        anchor: 'key',
      };
    }
    case 'required': {
      const parent = path.length > 1 ? `\`${fieldName(path.slice(0, -1))}\`` : 'the object';
      return {
        code: 'schema/required',
        severity: 'error',
        message: `Missing required field \`${String(path[path.length - 1])}\` in ${parent}: the API server rejects the object without it.`,
        path,
      };
    }
    case 'type':
      return typeFinding(error, path, parentSchema, source, value);
    case 'enum': {
      const allowed = ((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(String);
      const text = String(value);
      const sameLetters = allowed.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
      const suggestion = sameLetters ?? closestName(text, allowed);
      return {
        code: 'schema/enum',
        severity: 'error',
        message:
          `\`${text}\` is not a valid \`${name}\`.${suggestion ? ` Did you mean \`${suggestion}\`?` : ''} ` +
          `Allowed values: ${allowed.map((a) => `\`${a}\``).join(', ')}${allowed.length > 1 ? ' (case-sensitive)' : ''}.`,
        path,
      };
    }
    case 'minimum':
    case 'maximum': {
      const format = parentSchema?.['x-kubernetes-format'];
      const limits = parentSchema as { minimum?: number; maximum?: number } | undefined;
      return {
        code: 'schema/int-range',
        severity: 'error',
        message: `\`${source?.source ?? String(value)}\` is out of range for \`${name}\`: ${format ? `an ${String(format)} holds` : 'allowed are'} ${limits?.minimum} to ${limits?.maximum}.`,
        path,
      };
    }
    default:
      return { code: `schema/${error.keyword}`, severity: 'error', message: `\`${name}\` ${error.message ?? 'is invalid'}.`, path };
  }
}
