// Short type names as Kubernetes users know them: int32, string, []Container, map[string]string ...
import type { JsonSchema } from '../schema/schemas';

export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.slice(schema.$ref.lastIndexOf('.') + 1);
  const types = ([] as unknown[]).concat(schema.type ?? []).map(String);
  const format = schema['x-kubernetes-format'];
  if (types.includes('integer') && types.includes('string')) return 'int-or-string';
  if (types.includes('string') && types.includes('number')) return 'quantity';
  if (types.includes('integer')) return typeof format === 'string' ? format : 'integer';
  if (types.includes('array')) return `[]${typeLabel(schema.items as JsonSchema | undefined)}`;
  if (types.includes('object') && !schema.properties && typeof schema.additionalProperties === 'object') {
    return `map[string]${typeLabel(schema.additionalProperties as JsonSchema)}`;
  }
  if (types.includes('object') || schema.properties) return 'object';
  return types[0] ?? 'any';
}
