// Writes scripts/crds/<crd>.json, the facts `npm run gen:schemas` reads about the custom resources we check,
// from the CRDs of the pinned releases (scripts/crdTypes.ts CRD_SOURCES):
//
//   npm run gen:crds -- <crd.yaml> ...     (the CRD files at the commits CRD_SOURCES names)
//
// Only facts travel: field names, types, formats, enums, defaults, required lists, list semantics, limits and
// the CEL rules. Description prose stays behind. Each embedded Kubernetes type (a JobSet's Job template, its
// PVC templates) becomes a marker naming the type, once its shape is checked against our Kubernetes types of
// the release the project builds on (with controller-gen's five-field ObjectMeta); a training runtime's
// embedded JobSet spec becomes a marker once it is checked equal to the JobSet CRD's own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CRD_SOURCES, CRDS_DIR, factsFileOf, KEPT_KEYWORDS, withEmbeddedObjectMeta, withPersistentVolumeClaim, type CrdFacts, type CrdNode, type CrdSource, type Types, type TypeSchema } from './crdTypes';
import { DEFAULT_OPENAPI_ROOT, ReleaseReader } from './gen-schemas';
import { readDeltas } from './releaseDeltas';

/** Where each CRD embeds a Kubernetes type, and which (a synthetic PersistentVolumeClaim: gen-schemas makes it). */
const EMBEDDED_KUBERNETES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  JobSet: {
    'spec.replicatedJobs[].template': 'io.k8s.api.batch.v1.JobTemplateSpec',
    'spec.volumeClaimPolicies[].templates[]': 'io.k8s.api.core.v1.PersistentVolumeClaim',
  },
  TrainingRuntime: { 'spec.template.metadata': 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' },
  ClusterTrainingRuntime: { 'spec.template.metadata': 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' },
};

/** Where a CRD embeds another CRD's type (checked equal to that CRD's subtree), and the marker it gets. */
const EMBEDDED_CRD: Readonly<Record<string, { path: string; kind: string; from: string; marker: string }>> = {
  TrainingRuntime: { path: 'spec.template.spec', kind: 'JobSet', from: 'spec', marker: 'jobset.x-k8s.io.v1alpha2.JobSetSpec' },
  ClusterTrainingRuntime: { path: 'spec.template.spec', kind: 'JobSet', from: 'spec', marker: 'jobset.x-k8s.io.v1alpha2.JobSetSpec' },
};

interface CrdDocument {
  kind?: string;
  metadata?: { name?: string };
  spec?: { group: string; scope: 'Namespaced' | 'Cluster'; names: { kind: string }; versions: { name: string; served: boolean; storage: boolean; schema: { openAPIV3Schema: Record<string, unknown> } }[] };
}

function prune(node: Record<string, unknown>): CrdNode {
  const out: Record<string, unknown> = {};
  for (const keyword of KEPT_KEYWORDS) {
    const value = node[keyword];
    if (value === undefined) continue;
    if (keyword === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, Record<string, unknown>>).map(([field, child]) => [field, prune(child)]));
    } else if (keyword === 'items' || (keyword === 'additionalProperties' && typeof value === 'object')) {
      out[keyword] = prune(value as Record<string, unknown>);
    } else if (keyword === 'x-kubernetes-validations') {
      out[keyword] = (value as { rule: string; message?: string }[]).map(({ rule, message }) => (message ? { rule, message } : { rule }));
    } else out[keyword] = structuredClone(value);
  }
  return out as CrdNode;
}

/** The node at a field path (`spec.replicatedJobs[].template`). */
function nodeAt(root: CrdNode, path: string): CrdNode {
  let node: CrdNode | undefined = root;
  for (const step of path.split('.')) {
    const field = step.replace(/\[\]$/, '');
    node = node?.properties?.[field];
    if (step.endsWith('[]')) node = node?.items;
    if (!node) throw new Error(`the CRD has no ${path}`);
  }
  return node;
}

function replaceAt(root: CrdNode, path: string, replacement: CrdNode): void {
  const steps = path.split('.');
  const last = steps.pop() as string;
  const parent = steps.length ? nodeAt(root, steps.join('.')) : root;
  const field = last.replace(/\[\]$/, '');
  const properties = parent.properties as Record<string, CrdNode>;
  if (last.endsWith('[]')) properties[field] = { ...properties[field], items: replacement };
  else properties[field] = replacement;
}

/** Differences in shape (field names, list items, map values) between a CRD subtree and a Kubernetes type. */
function shapeDifferences(crd: CrdNode, type: TypeSchema, types: Types, path: string, out: string[] = []): string[] {
  const resolved = resolve(type, types);
  if (crd.properties || resolved.properties) {
    const ours = Object.keys(resolved.properties ?? {});
    const theirs = Object.keys(crd.properties ?? {});
    for (const field of ours.filter((name) => !theirs.includes(name))) out.push(`${path}.${field}: ours only`);
    for (const field of theirs.filter((name) => !ours.includes(name))) out.push(`${path}.${field}: the CRD's only`);
    const ourRequired = new Set(resolved.required ?? []);
    const theirRequired = new Set(crd.required ?? []);
    for (const field of ourRequired) if (!theirRequired.has(field) && theirs.includes(field)) out.push(`${path}.${field}: required in ours only`);
    for (const field of theirRequired) if (!ourRequired.has(field)) out.push(`${path}.${field}: required in the CRD only`);
    for (const field of theirs.filter((name) => ours.includes(name))) {
      shapeDifferences((crd.properties ?? {})[field], (resolved.properties ?? {})[field], types, `${path}.${field}`, out);
    }
  }
  if (crd.items && resolved.items) shapeDifferences(crd.items, resolved.items, types, `${path}[]`, out);
  if (typeof crd.additionalProperties === 'object' && typeof resolved.additionalProperties === 'object') {
    shapeDifferences(crd.additionalProperties, resolved.additionalProperties, types, `${path}{}`, out);
  }
  return out;
}

function resolve(type: TypeSchema, types: Types): TypeSchema {
  let current = type;
  for (let depth = 0; depth < 8; depth++) {
    const target = current.$ref ?? ((current.allOf as TypeSchema[] | undefined)?.length === 1 ? (current.allOf as TypeSchema[])[0].$ref : undefined);
    if (!target) return current;
    current = types[target.replace(/^#\/components\/schemas\//, '')] ?? {};
  }
  return current;
}

/** Our Kubernetes types of a release, with the embedded variants the generator uses (and the synthetic PVC). */
function kubernetesTypes(release: string): Types {
  const reader = new ReleaseReader(DEFAULT_OPENAPI_ROOT, readDeltas());
  return withPersistentVolumeClaim(structuredClone(reader.types(release, 'batch-v1.json')) as Types);
}

function checkEmbeddedKubernetes(source: CrdSource, schema: CrdNode): void {
  const types = kubernetesTypes(source.kubernetesApi);
  for (const [path, typeName] of Object.entries(EMBEDDED_KUBERNETES[source.kind] ?? {})) {
    const node = nodeAt(schema, path);
    const variant = withEmbeddedObjectMeta(types, typeName);
    // A PVC template's status is the claim's, written by the volume controller: its shape is not compared.
    const compared = typeName.endsWith('.PersistentVolumeClaim') ? { ...node, properties: { ...node.properties } } : node;
    if (compared !== node) delete (compared.properties as Record<string, CrdNode>).status;
    const differences = shapeDifferences(compared, { $ref: `#/components/schemas/${variant}` }, types, path)
      .filter((difference) => !difference.endsWith('.status: ours only'))
      // An ephemeral volume's claim template keeps our full ObjectMeta (crdTypes.ts EMBEDDING_TYPES).
      .filter((difference) => !/\.ephemeral\.volumeClaimTemplate\.metadata\.[A-Za-z]+: ours only$/.test(difference));
    if (differences.length) {
      throw new Error(`${source.crd} ${path} is not ${typeName} of Kubernetes ${source.kubernetesApi}:\n  ${differences.join('\n  ')}`);
    }
    replaceAt(schema, path, { 'x-kubeassist-embedded': typeName });
  }
}

function main(args: readonly string[]): number {
  if (!args.length) {
    console.error('gen:crds: pass the CRD files of the pinned releases:');
    for (const source of CRD_SOURCES) console.error(`  ${source.repository} ${source.release} (${source.commit}) ${source.path}`);
    return 1;
  }
  const documents = new Map<string, CrdDocument>();
  for (const file of args) {
    const document = parse(readFileSync(file, 'utf8')) as CrdDocument;
    if (document.kind !== 'CustomResourceDefinition' || !document.metadata?.name) throw new Error(`${file} is not a CustomResourceDefinition`);
    documents.set(document.metadata.name, document);
  }
  const schemas = new Map<string, CrdNode>();
  const written: string[] = [];
  for (const source of CRD_SOURCES) {
    const document = documents.get(source.crd);
    if (!document?.spec) throw new Error(`gen:crds: no CRD ${source.crd} among the files (${source.repository} ${source.path})`);
    if (document.spec.names.kind !== source.kind) throw new Error(`${source.crd} defines ${document.spec.names.kind}, not ${source.kind}`);
    const served = document.spec.versions.filter((version) => version.served);
    if (served.length !== 1) throw new Error(`${source.crd}: expected one served version, found ${served.map((version) => version.name).join(', ')}`);
    const schema = prune(served[0].schema.openAPIV3Schema);
    schemas.set(source.kind, structuredClone(schema)); // as the CRD has it, for a CRD that embeds this one
    checkEmbeddedKubernetes(source, schema);
    const embedded = EMBEDDED_CRD[source.kind];
    if (embedded) {
      const theirs = schemas.get(embedded.kind);
      if (!theirs) throw new Error(`${source.crd} embeds ${embedded.kind}, which CRD_SOURCES must list first`);
      const ours = JSON.stringify(nodeAt(schema, embedded.path));
      const expected = JSON.stringify(nodeAt(theirs, embedded.from));
      if (ours !== expected) throw new Error(`${source.crd} ${embedded.path} differs from the ${embedded.kind} CRD's ${embedded.from}: pin releases that agree`);
      replaceAt(schema, embedded.path, { 'x-kubeassist-embedded': embedded.marker });
    }
    const facts: CrdFacts = {
      $comment:
        `Generated by npm run gen:crds from ${source.repository} ${source.release} (${source.commit}), ${source.path}, ` +
        `licensed ${source.licence}. Facts only: descriptions left out, embedded types named. Do not edit.`,
      source,
      group: document.spec.group,
      version: served[0].name,
      kind: source.kind,
      scope: document.spec.scope,
      schema,
    };
    mkdirSync(CRDS_DIR, { recursive: true });
    const file = factsFileOf(source);
    writeFileSync(join(CRDS_DIR, file), `${JSON.stringify(facts, null, 2)}\n`);
    written.push(file);
  }
  console.log(`gen:crds: wrote scripts/crds/${written.join(', ')}`);
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`gen:crds: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
