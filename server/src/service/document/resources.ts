// The Kubernetes objects of a document: its top-level object, or the items of a `kind: List`, that have an
// apiVersion and a kind; and what is kept of each (ResourceSummary) once the syntax tree is dropped.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import type { FieldPath } from '../types';
import type { TemplateView } from './helmTemplate';
import { directPair } from './paths';

/** A top-level object, or an item of a `kind: List`, that has an apiVersion and a kind. */
export interface ResourceNode {
  apiVersion: string;
  kind: string;
  node: YAMLMap;
  /** Path of the object inside the document: [] for a top-level object, ['items', i] for a List item. */
  prefix: FieldPath;
}

const LIST_KINDS = /^(List|[A-Z][A-Za-z0-9]*List)$/;

/** What a resource is and where it starts: kept when the syntax tree is dropped. */
export interface ResourceSummary {
  apiVersion: string;
  kind: string;
  /** Offset of the object's first character in the document. */
  offset: number;
  /** `metadata.name`, `metadata.generateName` and `metadata.namespace` when they are strings (how reports name the object). */
  name?: string;
  generateName?: string;
  namespace?: string;
}

function scalarString(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function pairValue(map: YAMLMap, key: string): unknown {
  return directPair(map, key)?.value;
}

/** In a template, a name or namespace an action writes (masked text) is unknown: left out, as when absent. */
export function summaryOf(resource: ResourceNode, template: TemplateView | undefined): ResourceSummary {
  const summary: ResourceSummary = { apiVersion: resource.apiVersion, kind: resource.kind, offset: resource.node.range?.[0] ?? 0 };
  const metadata = pairValue(resource.node, 'metadata');
  if (!isMap(metadata)) return summary;
  for (const key of ['name', 'generateName', 'namespace'] as const) {
    const node = pairValue(metadata, key);
    const value = scalarString(node);
    const range = isScalar(node) ? node.range : undefined;
    if (value !== undefined && !(template && range && template.overlaps(range[0], range[1]))) summary[key] = value;
  }
  return summary;
}

export type ResourceType = (map: YAMLMap) => { apiVersion: string; kind: string } | undefined;

const writtenType: ResourceType = (map) => {
  const apiVersion = scalarString(pairValue(map, 'apiVersion'));
  const kind = scalarString(pairValue(map, 'kind'));
  return apiVersion !== undefined && kind !== undefined ? { apiVersion, kind } : undefined;
};

function resourceOf(node: unknown, prefix: FieldPath, typeOf: ResourceType): ResourceNode | undefined {
  if (!isMap(node)) return undefined;
  const type = typeOf(node);
  return type ? { ...type, node, prefix } : undefined;
}

export function findResources(contents: Node | null, typeOf: ResourceType = writtenType): ResourceNode[] {
  const top = resourceOf(contents, [], typeOf);
  if (!top) return [];
  if (!LIST_KINDS.test(top.kind)) return [top];
  const items = pairValue(top.node, 'items');
  if (!isSeq(items)) return [top];
  const found: ResourceNode[] = [];
  items.items.forEach((item, index) => {
    const resource = resourceOf(item, ['items', index], typeOf);
    if (resource) found.push(resource);
  });
  return found;
}
