// Reading YAML the way kubectl does: kubectl converts YAML to JSON with go-yaml v2 (through
// sigs.k8s.io/yaml), which resolves plain scalars by YAML 1.1 rules with a few differences
// from the YAML 1.1 spec. We use `yaml` with its 1.1 schema and adjust it to go-yaml.
import { isMap, isScalar, isSeq, parseDocument, YAMLMap, YAMLSeq, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions, type ToJSOptions, type Tags } from 'yaml';
import type { Json, JsonObject } from '../types';

/** YAML 1.1 tags that go-yaml v2 does not apply when decoding into interface{}. */
const GO_YAML_UNSUPPORTED = new Set(['TIME']); // sexagesimal `1:20` stays a string in go-yaml

function goYamlTags(tags: Tags): Tags {
  return tags.filter((tag) => {
    if (typeof tag === 'string') return tag !== 'timestamp' && tag !== 'intTime' && tag !== 'floatTime';
    if (tag.tag === 'tag:yaml.org,2002:timestamp') return false; // go-yaml keeps timestamps as strings for interface{}
    if ('format' in tag && tag.format && GO_YAML_UNSUPPORTED.has(tag.format)) return false;
    return true;
  });
}

export const KUBECTL_PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  customTags: goYamlTags,
  keepSourceTokens: false,
  prettyErrors: false,
  uniqueKeys: true,
  strict: false,
};

/** Bounds alias expansion: a "billion laughs" document fails fast instead of eating memory. */
export const MAX_ALIAS_COUNT = 1000;

export function parseKubectlYaml(text: string): Document.Parsed {
  // Broken text makes thousands of YAMLErrors; capturing a stack trace for each cost most of the parse.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parseDocument(text, KUBECTL_PARSE_OPTIONS);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * The JSON the API server receives for a YAML node, with Go's reading of null: a map entry whose value is
 * null is dropped (it decodes to the field's zero value, i.e. "absent"). Keys become strings as
 * sigs.k8s.io/yaml writes them (`yes:` is the key "true"). Throws a ReferenceError when aliases expand
 * beyond MAX_ALIAS_COUNT.
 */
export function toServerJson(document: Document, node: unknown = document.contents): Json {
  try {
    return plainJson(node);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
  }
  const options: ToJSOptions = { maxAliasCount: MAX_ALIAS_COUNT, mapAsMap: false };
  const raw: unknown = node === document.contents ? document.toJS(options) : toJsOf(document, node, options);
  return dropNulls(raw);
}

/** Thrown by plainJson for a tree it does not convert: `toJS` and `dropNulls` take it instead. */
const NOT_PLAIN = new Error('not plain YAML');

/**
 * The same JSON as `dropNulls(toJS(node))`, in one pass, for the trees kubectl users write: plain mappings
 * with string keys, plain sequences, scalars. Anything `toJS` treats specially (an alias, a merge key `<<`,
 * a tagged collection such as `!!set`, a key that is not a string, `__proto__`, a key written twice) or a
 * scalar that is not a string, number, boolean or null throws NOT_PLAIN, and the caller converts it the
 * long way. Every object is built once, instead of once by `toJS` and again without its nulls.
 */
function plainJson(node: unknown): Json {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) return plainScalar(node.value);
  if (isMap(node)) {
    if (Object.getPrototypeOf(node) !== YAMLMap.prototype) throw NOT_PLAIN;
    const out: JsonObject = {};
    let dropped: string[] | undefined;
    for (const { key, value } of node.items) {
      if (!isScalar(key) || typeof key.value !== 'string' || key.value === '<<' || key.value === '__proto__') throw NOT_PLAIN;
      const name = key.value;
      // A key written twice: toJS keeps the last value at the first key's place, which this pass does not redo.
      if (out[name] !== undefined || dropped?.includes(name)) throw NOT_PLAIN;
      const item = isScalar(value) ? value.value : value;
      // Go reads a null map value as the field's zero value, i.e. absent (dropNulls drops it).
      if (item === null || item === undefined) (dropped ??= []).push(name);
      else out[name] = isScalar(value) ? plainScalar(item) : plainJson(value);
    }
    return out;
  }
  if (isSeq(node)) {
    if (Object.getPrototypeOf(node) !== YAMLSeq.prototype) throw NOT_PLAIN;
    return node.items.map((item) => (item === null || isScalar(item) || isMap(item) || isSeq(item) ? plainJson(item) : notPlain()));
  }
  throw NOT_PLAIN;
}

function plainScalar(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  throw NOT_PLAIN;
}

function notPlain(): never {
  throw NOT_PLAIN;
}

function toJsOf(document: Document, node: unknown, options: ToJSOptions): unknown {
  // Aliases inside `node` resolve against the anchors of the whole document.
  return isMap(node) || isSeq(node) || isScalar(node) ? node.toJS(document, options) : null;
}

function dropNulls(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => dropNulls(item));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === null || item === undefined) continue;
      out[key] = dropNulls(item);
    }
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}
