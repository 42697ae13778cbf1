// The `+k8s:` comment tags of the Go API types in ../shared/k8s-api-types (core/v1, batch/v1, storage/v1
// `types.go` of one release), on every field and type a kind reaches: Kubernetes' declarative validation
// (validation-gen) reads these tags, so each one is a check the API server makes (or a code generator's note).
// Fields are walked as test/support/goTypes.ts walks them (json names, embedded structs flattened, pointers,
// lists, maps); types of other packages (ObjectMeta, Quantity, ...) are leaves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type GoPackage = 'core' | 'batch' | 'storage';

const FILES: Record<GoPackage, string> = { core: 'core-v1-types.go', batch: 'batch-v1-types.go', storage: 'storage-v1-types.go' };
/** How each file names core/v1; every other qualifier is a package not read here. */
const CORE_QUALIFIERS: Record<GoPackage, string> = { core: '', batch: 'corev1', storage: 'v1' };
const BUILTIN = new Set(['string', 'bool', 'byte', 'int', 'int32', 'int64', 'uint32', 'uint64', 'float32', 'float64']);

interface TaggedField {
  /** The JSON name, or '' for an embedded struct whose fields are promoted. */
  json: string;
  type: string;
  tags: string[];
}

type TaggedType = { kind: 'struct'; fields: TaggedField[]; tags: string[] } | { kind: 'alias'; type: string; tags: string[] };

/** The `+k8s:` tags of the comment group just above a line (a blank line ends a group). */
function tagsOf(group: readonly string[]): string[] {
  return group.map((line) => /^\/\/\s*(\+k8s:.*)$/.exec(line)?.[1]?.trim()).filter((tag): tag is string => !!tag);
}

function parse(text: string): Map<string, TaggedType> {
  const types = new Map<string, TaggedType>();
  let current: TaggedField[] | undefined;
  let group: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('//')) {
      group.push(line);
      continue;
    }
    if (line === '') {
      group = [];
      continue;
    }
    const tags = tagsOf(group);
    group = [];
    if (current) {
      if (line === '}') {
        current = undefined;
        continue;
      }
      const field = /^(?:(\w+)\s+)?([*\w.[\]]+)\s+`([^`]*)`/.exec(line);
      if (!field) continue;
      const name = /json:"([^"]*)"/.exec(field[3])?.[1]?.split(',')[0];
      if (name === '-') continue;
      const embedded = field[1] === undefined;
      current.push({ json: embedded && !name ? '' : name ?? field[1] ?? '', type: field[2], tags });
      continue;
    }
    const struct = /^type (\w+) struct \{$/.exec(line);
    if (struct) {
      current = [];
      types.set(struct[1], { kind: 'struct', fields: current, tags });
      continue;
    }
    const alias = /^type (\w+) (?:= )?([*\w.[\]]+)$/.exec(line);
    if (alias) types.set(alias[1], { kind: 'alias', type: alias[2], tags });
  }
  return types;
}

/** One `+k8s:` tag where a kind reaches it. */
export interface FoundTag {
  /** `JobSpec.maxFailedIndexes` for a field's tag, `JobSpec` for a type's. */
  owner: string;
  /** The tag as written, e.g. `+k8s:alpha(since: "1.37")=+k8s:dependentRequired("backoffLimitPerIndex")`. */
  tag: string;
  /** The first field path it was reached at, e.g. `CronJob spec.jobTemplate.spec.maxFailedIndexes`. */
  example: string;
}

/** Every `+k8s:` tag on the fields and types `roots` reach (each owner and tag once). */
export function goTags(typesDir: string, roots: readonly { pkg: GoPackage; type: string }[]): FoundTag[] {
  const packages = new Map<GoPackage, Map<string, TaggedType>>();
  const typesOf = (name: GoPackage) => {
    let parsed = packages.get(name);
    if (!parsed) packages.set(name, (parsed = parse(readFileSync(join(typesDir, FILES[name]), 'utf8'))));
    return parsed;
  };
  const found = new Map<string, FoundTag>();
  const add = (owner: string, tags: readonly string[], example: string) => {
    for (const tag of tags) if (!found.has(`${owner} ${tag}`)) found.set(`${owner} ${tag}`, { owner, tag, example });
  };
  const visited = new Set<string>();
  const visitType = (expression: string, from: GoPackage, path: string): void => {
    let type = expression.replace(/^\*/, '');
    if (type === '[]byte') return;
    if (type.startsWith('[]')) return visitType(type.slice(2), from, `${path}[]`);
    if (type.startsWith('map[')) return visitType(type.slice(type.indexOf(']') + 1), from, `${path}{}`);
    let pkg = from;
    const dot = type.indexOf('.');
    if (dot >= 0) {
      if (type.slice(0, dot) !== CORE_QUALIFIERS[from]) return; // another package: a leaf
      pkg = 'core';
      type = type.slice(dot + 1);
    }
    if (BUILTIN.has(type)) return;
    const definition = typesOf(pkg).get(type);
    if (!definition) throw new Error(`${FILES[pkg]}: no type ${type} (reached at ${path})`);
    add(type, definition.tags, path);
    if (definition.kind === 'alias') return visitType(definition.type, pkg, path);
    const key = `${pkg}.${type}`;
    if (visited.has(key)) return;
    visited.add(key);
    for (const field of definition.fields) {
      const fieldPath = field.json === '' ? path : `${path}${path.endsWith(' ') ? '' : '.'}${field.json}`;
      if (field.json !== '') add(`${type}.${field.json}`, field.tags, fieldPath);
      else add(type, field.tags, path);
      visitType(field.type, pkg, fieldPath);
    }
  };
  for (const root of roots) visitType(root.type, root.pkg, `${root.type} `);
  return [...found.values()];
}
