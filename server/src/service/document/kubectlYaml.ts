// Reading YAML the way kubectl does: kubectl converts YAML to JSON with go-yaml v2 (through
// sigs.k8s.io/yaml). We parse with `yaml` in its YAML 1.1 mode, with the scalar tags replaced by go-yaml's
// own resolution (goYaml.ts), so a node's value is what go-yaml decodes; the JSON the API server receives is
// built by kubectlJson.ts, which also says where kubectl refuses a document. Plain block YAML is read by our own
// reader into the same nodes `yaml` makes (blockYaml.ts), everything else by `yaml`.
import { parseDocument, type Document, type DocumentOptions, type ParseOptions, type ScalarTag, type SchemaOptions, type Tags } from 'yaml';
import type { Json, JsonObject } from '../types';
import { readBlockYaml } from './blockYaml';
import { goScalar, goScalarJson, plainScalarKind, type GoScalar } from './goYaml';
import { claimConverted, keptConversion, kubectlJson, setField, type Converted } from './kubectlJson';

const YAML_TAG = 'tag:yaml.org,2002:';

/**
 * A plain scalar test that asks go-yaml's resolution (a RegExp, as the parser calls `.test` on it). The
 * parser asks the int test, then both float tests, of every plain scalar that is not a bool or null: go-yaml
 * makes a number only of a scalar that starts with a digit, a sign or a dot (its resolveTable), and the
 * last scalar's kind is remembered for the next test.
 */
class GoResolvesTo extends RegExp {
  constructor(private readonly kinds: readonly GoScalar['kind'][]) {
    super('(?:)');
  }
  override test(value: string): boolean {
    if (!mayBeNumber(value)) return false;
    return (this.kinds as readonly string[]).includes(lastKindOf(value));
  }
}

/** Whether go-yaml may read a plain scalar as a number (goYaml.ts hintOf: sign, digit or dot). */
function mayBeNumber(value: string): boolean {
  const first = value.charCodeAt(0);
  return (first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46; // 0-9 + - .
}

let lastPlain: string | undefined;
let lastKind: ReturnType<typeof plainScalarKind> = 'str';

function lastKindOf(value: string): ReturnType<typeof plainScalarKind> {
  if (value !== lastPlain) {
    lastKind = plainScalarKind(value);
    lastPlain = value;
  }
  return lastKind;
}

/** The value go-yaml gives a scalar with an explicit tag; the source text where go-yaml refuses it (kubectlJson says so). */
function explicitly(tag: string) {
  return (source: string) => {
    const scalar = goScalar(source, false, tag);
    return 'refused' in scalar ? source : goScalarJson(scalar);
  };
}

/** The 1.1 schema's tags, with go-yaml's scalar resolution (int, float, bool, null) and its string-valued timestamps and binaries. */
let goTags: Tags | undefined;

function goYamlTags(tags: Tags): Tags {
  // The parser asks for every document; the YAML 1.1 list it passes is always the same.
  return (goTags ??= buildGoYamlTags(tags));
}

function buildGoYamlTags(tags: Tags): Tags {
  const out: Tags = [];
  for (const tag of tags) {
    if (typeof tag === 'string') continue;
    const name = tag.tag;
    const scalar = tag as ScalarTag;
    if ((name === `${YAML_TAG}int` || name === `${YAML_TAG}float`) && !scalar.format) {
      const kinds: GoScalar['kind'][] = name.endsWith('int') ? ['int', 'uint'] : ['float'];
      out.push({ ...scalar, test: new GoResolvesTo(kinds), resolve: (source: string) => goScalarJson(goScalar(source, true) as GoScalar) } satisfies ScalarTag);
      out.push({ ...scalar, default: false, test: undefined, resolve: explicitly(name) } satisfies ScalarTag);
    } else if (name === `${YAML_TAG}bool` || name === `${YAML_TAG}null`) {
      out.push(tag); // the YAML 1.1 words are go-yaml's exactly
    } else if (name === `${YAML_TAG}map` || name === `${YAML_TAG}seq` || name === `${YAML_TAG}str` || name === `${YAML_TAG}merge`) {
      out.push(tag);
    }
    // Left out: the other int and float formats (go-yaml's resolution covers them), sexagesimal numbers and
    // timestamps (strings for go-yaml), and !!omap, !!pairs, !!set (go-yaml reads their plain collection).
  }
  for (const name of ['bool', 'null'].map((kind) => `${YAML_TAG}${kind}`)) {
    out.push({ tag: name, default: false, resolve: explicitly(name), identify: () => false } satisfies ScalarTag);
  }
  for (const name of ['binary', 'timestamp'].map((kind) => `${YAML_TAG}${kind}`)) {
    out.push({ tag: name, default: false, resolve: explicitly(name), identify: () => false } satisfies ScalarTag);
  }
  return out;
}

export const KUBECTL_PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  customTags: goYamlTags,
  keepSourceTokens: false,
  prettyErrors: false,
  uniqueKeys: true,
  strict: false,
};

/** Kept for callers that name the alias limit; go-yaml's own guard (kubectlJson.ts) decides now. */
export const MAX_ALIAS_COUNT = 1000;

export function parseKubectlYaml(text: string): Document.Parsed {
  // Broken text makes thousands of YAMLErrors; capturing a stack trace for each cost most of the parse.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return readBlockYaml(text, KUBECTL_PARSE_OPTIONS) ?? parseDocument(text, KUBECTL_PARSE_OPTIONS);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * The JSON the API server receives for a YAML node, with Go's reading of null: a map entry whose value is
 * null is dropped (it decodes to the field's zero value, i.e. "absent"). Keys become strings as
 * sigs.k8s.io/yaml writes them (`yes:` is the key "true"). Throws a KubectlRefusal where kubectl refuses
 * the document (an unknown anchor, excessive aliasing, a value JSON cannot hold, ...).
 */
export function toServerJson(document: Document, node: unknown = document.contents): Json {
  // The whole document's JSON is shared (kubectlJson keeps it): the caller gets a copy.
  if (node === document.contents) return dropNulls(kubectlJson(document, node));
  return serverJson(claimConverted(document, node));
}

/**
 * toServerJson, taking over the JSON the refusal check made of the document (yamlDocument.ts) instead of
 * converting it again: for the one reader of each parse that needs every object, the diagnostics.
 */
export function claimServerJson(document: Document, node: unknown = document.contents): Json {
  return serverJson(claimConverted(document, node));
}

/**
 * toServerJson for a reader that changes nothing and keeps no part of what it reads (the relation facts): the
 * JSON the refusal check made of the document, shared, copied only to drop its null fields. A later claim
 * (claimServerJson) still gets it, and may change it.
 */
export function readServerJson(document: Document, node: unknown = document.contents): Json {
  return serverJson(keptConversion(document, node));
}

/** A conversion the caller owns, without its null fields (a copy only when it has some). */
function serverJson({ json, nullFields }: Converted): Json {
  return nullFields ? dropNulls(json) : (json as Json);
}

function dropNulls(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => dropNulls(item));
  if (typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === null || item === undefined) continue;
      setField(out, key, dropNulls(item));
    }
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}
