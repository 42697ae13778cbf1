// The schema of any field path, following local $refs: for messages (allowed fields, formats, ranges)
// and, later, for completion and hover.
import type { FieldPath, KindName } from '../types';
import { SCHEMAS, type JsonSchema } from './schemas';

function deref(root: JsonSchema, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 16; depth++) {
    const name = current.$ref.replace(/^#\/definitions\//, '');
    current = (root.definitions as Record<string, JsonSchema> | undefined)?.[name.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

/** The (dereferenced) schema at `path` of a `kind` object, or undefined where the schema says nothing. */
export function schemaAt(kind: KindName, path: FieldPath): JsonSchema | undefined {
  const root = SCHEMAS[kind];
  let current = deref(root, root);
  for (const segment of path) {
    if (!current) return undefined;
    if (typeof segment === 'number') {
      current = deref(root, current.items as JsonSchema | undefined);
    } else {
      const properties = current.properties as Record<string, JsonSchema> | undefined;
      const next = properties?.[segment] ?? (typeof current.additionalProperties === 'object' ? (current.additionalProperties as JsonSchema) : undefined);
      current = deref(root, next);
    }
  }
  return current;
}
