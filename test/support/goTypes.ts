// Reads the Go API types of ../shared/k8s-api-types (core/v1, batch/v1, storage/v1 `types.go`) far enough
// to list the JSON field paths a Job spec and a CSIDriver spec can hold: struct fields with their `json`
// names, embedded structs (`json:",inline"`, or `json:""` from 1.37 on) flattened into their parent,
// pointers, lists (`[]`) and maps (`{}`). Types of other packages (ObjectMeta, Quantity, IntOrString, ...)
// are leaves: the schema side of the comparison skips what lies below them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type GoPackage = 'core' | 'batch' | 'storage';

interface GoField {
  /** The JSON name, or '' for an embedded struct whose fields are promoted. */
  json: string;
  type: string;
}

type GoType = { kind: 'struct'; fields: GoField[] } | { kind: 'alias'; type: string };

const FILES: Record<GoPackage, string> = { core: 'core-v1-types.go', batch: 'batch-v1-types.go', storage: 'storage-v1-types.go' };

/** How each file names core/v1 in its imports; every other qualifier is a package we do not read. */
const CORE_QUALIFIERS: Record<GoPackage, string> = { core: '', batch: 'corev1', storage: 'v1' };

const BUILTIN = new Set(['string', 'bool', 'byte', 'int', 'int32', 'int64', 'uint32', 'uint64', 'float32', 'float64']);

/** The named types of one `types.go`: structs with their fields, and type definitions (`type X string`). */
export function parseGoTypes(text: string): Map<string, GoType> {
  const types = new Map<string, GoType>();
  let current: GoField[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (current) {
      if (line === '}') {
        current = undefined;
        continue;
      }
      if (line === '' || line.startsWith('//')) continue;
      const field = /^(?:(\w+)\s+)?([*\w.[\]]+)\s+`([^`]*)`/.exec(line);
      if (!field) continue;
      const tag = /json:"([^"]*)"/.exec(field[3])?.[1];
      const name = tag?.split(',')[0];
      if (name === '-') continue;
      const embedded = field[1] === undefined;
      current.push({ json: embedded && !name ? '' : name ?? field[1] ?? '', type: field[2] });
      continue;
    }
    const struct = /^type (\w+) struct \{$/.exec(line);
    if (struct) {
      current = [];
      types.set(struct[1], { kind: 'struct', fields: current });
      continue;
    }
    const alias = /^type (\w+) (?:= )?([*\w.[\]]+)$/.exec(line);
    if (alias) types.set(alias[1], { kind: 'alias', type: alias[2] });
  }
  return types;
}

/** The JSON names of a struct's own fields (embedded structs not expanded), or undefined when there is no such struct. */
export function goStructFields(typesDir: string, pkg: GoPackage, typeName: string): string[] | undefined {
  const definition = parseGoTypes(readFileSync(join(typesDir, FILES[pkg]), 'utf8')).get(typeName);
  return definition?.kind === 'struct' ? definition.fields.map((field) => field.json).filter(Boolean) : undefined;
}

export interface GoFieldPaths {
  /** Every field path below the root, `spec.template.spec.containers[].name` style. */
  paths: Set<string>;
  /** Paths whose type belongs to a package we do not read: the schema may have more below them. */
  externalLeaves: Set<string>;
}

/** The field paths of `rootType` (a type of `pkg`), each prefixed with `prefix`. */
export function goFieldPaths(typesDir: string, pkg: GoPackage, rootType: string, prefix: string): GoFieldPaths {
  const packages = new Map<GoPackage, Map<string, GoType>>();
  const typesOf = (name: GoPackage): Map<string, GoType> => {
    let parsed = packages.get(name);
    if (!parsed) packages.set(name, (parsed = parseGoTypes(readFileSync(join(typesDir, FILES[name]), 'utf8'))));
    return parsed;
  };
  const paths = new Set<string>();
  const externalLeaves = new Set<string>();

  const visitType = (expression: string, from: GoPackage, path: string, onPath: readonly string[]): void => {
    let type = expression.replace(/^\*/, '');
    if (type === '[]byte') return;
    if (type.startsWith('[]')) {
      visitType(type.slice(2), from, `${path}[]`, onPath);
      return;
    }
    if (type.startsWith('map[')) {
      visitType(type.slice(type.indexOf(']') + 1), from, `${path}{}`, onPath);
      return;
    }
    let pkg = from;
    const dot = type.indexOf('.');
    if (dot >= 0) {
      if (type.slice(0, dot) !== CORE_QUALIFIERS[from]) {
        externalLeaves.add(path.replace(/(\[\]|\{\})+$/, ''));
        return;
      }
      pkg = 'core';
      type = type.slice(dot + 1);
    }
    if (BUILTIN.has(type)) return;
    const definition = typesOf(pkg).get(type);
    if (!definition) throw new Error(`${FILES[pkg]}: no type ${type} (reached at ${path})`);
    if (definition.kind === 'alias') {
      visitType(definition.type, pkg, path, onPath);
      return;
    }
    const key = `${pkg}.${type}`;
    if (onPath.includes(key)) return;
    for (const field of definition.fields) {
      if (field.json === '') {
        visitType(field.type, pkg, path, [...onPath, key]);
        continue;
      }
      const fieldPath = path ? `${path}.${field.json}` : field.json;
      paths.add(fieldPath);
      visitType(field.type, pkg, fieldPath, [...onPath, key]);
    }
  };

  visitType(rootType, pkg, prefix, []);
  return { paths, externalLeaves };
}
