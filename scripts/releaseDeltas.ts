// Kubernetes releases that have no OpenAPI document in ../shared/openapi (1.36 and later): each one is the
// release before it plus a reviewed, committed delta, scripts/releases/<release>.json. A delta lists what
// the release changes in the types our kinds reach (types and fields added or removed, fields renamed,
// required fields, list semantics) with the feature gate of each new field and where each fact comes from;
// test/unit/release-deltas.test.ts checks the result against the Go types in ../shared/k8s-api-types.
//
// The schema snippets of a delta are OpenAPI v3 as the documents write it, with `$ref` naming a type
// directly ("io.k8s.api.core.v1.PodSchedulingGroup"). Only facts go into a delta: no description prose.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const RELEASES_DIR = resolve(__dirname, 'releases');

/** The OpenAPI schemas of one document (`components.schemas`), as far as a delta touches them. */
export type DocumentTypes = Record<string, DeltaSchema>;

export interface DeltaSchema {
  type?: string;
  format?: string;
  properties?: Record<string, DeltaSchema>;
  items?: DeltaSchema;
  required?: string[];
  $ref?: string;
  [keyword: string]: unknown;
}

interface Sourced {
  /** Where the fact was read; names from the delta's `sources`, with details. At least one. */
  sources: string[];
  /** Added after the Go types in ../shared/k8s-api-types/<release> were taken (a beta tag). */
  afterGoTypes?: boolean;
}

export type DeltaChange = Sourced &
  (
    | { addType: string; schema: DeltaSchema }
    | { removeType: string }
    | {
        addField: string;
        type: string;
        schema: DeltaSchema;
        /** The feature gate that guards the field, as kube/featureGates.ts names it. */
        gate?: string;
        required?: boolean;
        /** The values the API names for the field (or its items); written as an enum only when `enforced`. */
        values?: string[];
        items?: boolean;
        enforced?: boolean;
      }
    | { removeField: string; type: string }
    | { renameField: string; to: string; type: string }
    /** An existing field joins (`requireField`) or leaves (`unrequireField`) its type's OpenAPI `required` list. */
    | { requireField: string; type: string }
    | { unrequireField: string; type: string }
  );

export interface ReleaseDelta {
  release: string;
  base: string;
  goTypes: { tag: string; note?: string };
  sources: Record<string, string>;
  changes: DeltaChange[];
  /** Changes of the release that touch no schema (gate stages, validation rules): for the reviewer, with sources. */
  notInSchema?: { what: string; sources: string[] }[];
  file: string;
}

export function minorOf(release: string): number {
  return Number(release.split('.')[1]);
}

/** Every delta of `dir`, oldest first. Each must follow the release before it. */
export function readDeltas(dir = RELEASES_DIR): ReleaseDelta[] {
  if (!existsSync(dir)) return [];
  const deltas = readdirSync(dir)
    .filter((name) => /^1\.\d+\.json$/.test(name))
    .map((name) => ({ ...(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Omit<ReleaseDelta, 'file'>), file: name }))
    .sort((a, b) => minorOf(a.release) - minorOf(b.release));
  for (const delta of deltas) {
    if (delta.file !== `${delta.release}.json`) throw new Error(`${delta.file}: its release is ${delta.release}`);
    if (minorOf(delta.base) !== minorOf(delta.release) - 1) throw new Error(`${delta.file}: base ${delta.base} is not the release before ${delta.release}`);
    for (const change of delta.changes) {
      if (!change.sources?.length) throw new Error(`${delta.file}: ${describeChange(change)} names no source`);
    }
  }
  return deltas;
}

export function describeChange(change: DeltaChange): string {
  if ('addType' in change) return `addType ${change.addType}`;
  if ('removeType' in change) return `removeType ${change.removeType}`;
  if ('addField' in change) return `addField ${change.type}.${change.addField}`;
  if ('removeField' in change) return `removeField ${change.type}.${change.removeField}`;
  if ('requireField' in change) return `requireField ${change.type}.${change.requireField}`;
  if ('unrequireField' in change) return `unrequireField ${change.type}.${change.unrequireField}`;
  return `renameField ${change.type}.${change.renameField} -> ${change.to}`;
}

/** `$ref: "io.k8s..."` -> the documents' `#/components/schemas/io.k8s...`, everywhere in a snippet. */
function expandRefs(schema: DeltaSchema): DeltaSchema {
  const out: DeltaSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$ref' && typeof value === 'string') out.$ref = value.startsWith('#/') ? value : `#/components/schemas/${value}`;
    else if (keyword === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, DeltaSchema>).map(([field, node]) => [field, expandRefs(node)]));
    } else if ((keyword === 'items' || keyword === 'additionalProperties') && value && typeof value === 'object') {
      out[keyword] = expandRefs(value as DeltaSchema);
    } else out[keyword] = structuredClone(value);
  }
  return out;
}

/**
 * The documents of `delta.release`: a copy of the base release's documents (keyed by file name) with the
 * changes applied. A change that finds nothing to change (a field that is already there, a type that no
 * document defines) stops the generator: the delta no longer describes its base.
 */
export function applyDelta(base: Readonly<Record<string, DocumentTypes>>, delta: ReleaseDelta): Record<string, DocumentTypes> {
  const documents = structuredClone(base) as Record<string, DocumentTypes>;
  const all = Object.values(documents);
  const fail = (change: DeltaChange, why: string): never => {
    throw new Error(`scripts/releases/${delta.file}: ${describeChange(change)}: ${why}`);
  };
  for (const change of delta.changes) {
    if ('addType' in change) {
      if (all.some((types) => types[change.addType])) fail(change, `the ${delta.base} documents already define it`);
      for (const types of all) types[change.addType] = expandRefs(change.schema);
      continue;
    }
    if ('removeType' in change) {
      if (!all.some((types) => types[change.removeType])) fail(change, `no ${delta.base} document defines it`);
      for (const types of all) delete types[change.removeType];
      continue;
    }
    const owners = all.map((types) => types[change.type]).filter((owner): owner is DeltaSchema => owner !== undefined);
    if (!owners.length) fail(change, `no ${delta.base} document defines ${change.type}`);
    for (const owner of owners) {
      const properties = (owner.properties ??= {});
      if ('addField' in change) {
        if (properties[change.addField]) fail(change, `${delta.base} already has it`);
        properties[change.addField] = expandRefs(change.schema);
        if (change.required) owner.required = [...(owner.required ?? []), change.addField];
      } else if ('requireField' in change) {
        if (!properties[change.requireField]) fail(change, `${delta.base} does not have it`);
        if (owner.required?.includes(change.requireField)) fail(change, `${delta.base} already requires it`);
        owner.required = [...(owner.required ?? []), change.requireField];
      } else if ('unrequireField' in change) {
        const required = owner.required ?? [];
        if (!required.includes(change.unrequireField)) fail(change, `${delta.base} does not require it`);
        owner.required = required.filter((field) => field !== change.unrequireField);
        if (!owner.required.length) delete owner.required;
      } else if ('removeField' in change) {
        if (!properties[change.removeField]) fail(change, `${delta.base} does not have it`);
        delete properties[change.removeField];
        if (owner.required) owner.required = owner.required.filter((field) => field !== change.removeField);
      } else {
        if (!properties[change.renameField]) fail(change, `${delta.base} does not have it`);
        if (properties[change.to]) fail(change, `${delta.base} already has ${change.to}`);
        properties[change.to] = properties[change.renameField];
        delete properties[change.renameField];
        if (owner.required) owner.required = owner.required.map((field) => (field === change.renameField ? change.to : field));
      }
    }
  }
  return documents;
}

export interface KnownRelease {
  release: string;
  from: 'openapi' | 'delta';
}

/**
 * The releases the generator can produce: every folder of `openapiRoot` that holds all `documentNames`,
 * then every delta that follows a known release. Without ../shared/openapi only the deltas are known.
 */
export function knownReleases(openapiRoot: string, documentNames: readonly string[], deltas = readDeltas()): KnownRelease[] {
  const documented = existsSync(openapiRoot)
    ? readdirSync(openapiRoot).filter((name) => /^1\.\d+$/.test(name) && documentNames.every((document) => existsSync(join(openapiRoot, name, document))))
    : [];
  const known: KnownRelease[] = documented.map((release) => ({ release, from: 'openapi' as const }));
  for (const delta of deltas) {
    if (!known.some((entry) => entry.release === delta.release)) known.push({ release: delta.release, from: 'delta' });
  }
  return known.sort((a, b) => minorOf(a.release) - minorOf(b.release));
}

/** One line for the generator's output: `1.23 to 1.35 from the OpenAPI documents; 1.36, 1.37 from scripts/releases/`. */
export function describeKnownReleases(known: readonly KnownRelease[]): string {
  const span = (from: KnownRelease['from']): string => {
    const releases = known.filter((entry) => entry.from === from).map((entry) => entry.release);
    if (!releases.length) return '';
    return from === 'openapi' && releases.length > 2 ? `${releases[0]} to ${releases[releases.length - 1]}` : releases.join(', ');
  };
  const parts = [span('openapi') && `${span('openapi')} from the OpenAPI documents`, span('delta') && `${span('delta')} from scripts/releases/`];
  return parts.filter(Boolean).join('; ');
}
