// Kustomize JSON 6902 patches: a list of operations (`op`, `path`, `value`, `from`) applied to the objects a
// kustomization's `target` names. For a target of ours, each `path` (and `from`) must point into a field its
// kind has: kustomize cannot replace, remove or test a field no such object can hold, and a field it adds
// there is one the API server rejects. A `value` must have the type of its field (the schema check, with
// required fields left out: a value may be a part). Operations are those of RFC 6902, as kustomize's
// JSON-patch library decodes them. What a `remove` removes (or a `move` moves away) may be a field no such kind
// has, when the base holds that stray field: the patch repairs the object. Such a pointer is judged against the
// base objects when the workspace found them locally (KustomizationUse.base), and not at all when it did not.
// Every other operation on a field no such kind has leaves one in the object (or makes kustomize stop).
import { isMap, isScalar, isSeq, type Document, type Node, type YAMLMap } from 'yaml';
import { toServerJson } from '../document/kubectlYaml';
import { directPair, rangeForPath, walk, type OffsetRange } from '../document/paths';
import type { YamlDocument } from '../document/yamlDocument';
import { closestName } from '../schema/messages';
import { schemaAt } from '../schema/navigate';
import type { JsonSchema } from '../schema/schemas';
import { checkSchema } from '../schema/validator';
import { KINDS, type FieldPath, type Finding, type Json, type JsonObject, type KindName, type PathSegment } from '../types';
import type { BaseObject, KustomizationUse, PatchTarget } from '../workspace/context';

export const JSON6902_OPERATIONS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;

export const JSON6902_CODES = {
  op: 'kustomize/json6902-op',
  path: 'kustomize/json6902-path',
} as const;

export const JSON6902_HREF = 'https://kubectl.docs.kubernetes.io/references/kustomize/kustomization/patchesjson6902/';

interface Located {
  finding: Finding;
  range: OffsetRange;
  data: { path?: string; kind?: KindName };
}

/** The kinds of ours among a patch's targets (by kind, and by group and version when they are given). */
export function targetKinds(uses: readonly KustomizationUse[]): KindName[] {
  const kinds = new Set<KindName>();
  for (const { target } of uses) {
    const kind = ourKind(target);
    if (kind) kinds.add(kind);
  }
  return [...kinds];
}

/**
 * Kinds no other API group serves in practice: a target naming one without a group is ours. (Other groups
 * have Jobs and CronJobs, e.g. Volcano's `batch.volcano.sh/v1alpha1` serves both: a `kind: Job` or
 * `kind: CronJob` target needs its group, given or found in the kustomization's resources by
 * workspace/kustomize.ts.)
 */
const KINDS_OF_ONE_GROUP: ReadonlySet<string> = new Set(['CSIDriver']);

function ourKind(target: PatchTarget | undefined): KindName | undefined {
  if (!target?.kind || !(target.kind in KINDS)) return undefined;
  const kind = target.kind as KindName;
  const { group, version } = KINDS[kind];
  if (target.group === undefined ? !KINDS_OF_ONE_GROUP.has(kind) : target.group !== group) return undefined;
  if (target.version !== undefined && target.version !== version) return undefined;
  return kind;
}

/** A JSON pointer's segments (`~1` is `/`, `~0` is `~`); undefined when it is not a pointer. */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Where a pointer leads in a kind's schema: the field path, or the first segment that leads nowhere. */
export function resolvePointer(kind: KindName, segments: readonly string[], op: string): { path: PathSegment[] } | { failed: number; reason: string; parent: PathSegment[] } {
  const path: PathSegment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const schema = schemaAt(kind, path);
    const segment = segments[i];
    if (isListSchema(schema)) {
      const append = segment === '-' && op === 'add' && i === segments.length - 1;
      if (!append && !/^(0|[1-9]\d*)$/.test(segment)) {
        return { failed: i, parent: [...path], reason: segment === '-' ? '`-` (the end of a list) is only for `add`, as the last step' : 'a list is indexed by a number' };
      }
      path.push(append ? 0 : Number(segment));
      continue;
    }
    if (!schema || !schemaAt(kind, [...path, segment])) return { failed: i, parent: [...path], reason: 'not a field' };
    path.push(segment);
  }
  return { path };
}

function isListSchema(schema: JsonSchema | undefined): boolean {
  return !!schema && ([] as unknown[]).concat(schema.type ?? []).includes('array');
}

function scalar(map: YAMLMap, key: string): { value: unknown; node: Node } | undefined {
  const node = directPair(map, key)?.value;
  return isScalar(node) ? { value: node.value, node } : undefined;
}

function rangeOf(node: Node | null | undefined): OffsetRange {
  return node?.range ? [node.range[0], node.range[1]] : [0, 0];
}

/** The findings of a JSON 6902 operation list whose targets include our kinds; none for anything else. */
export function json6902Findings(doc: YamlDocument, uses: readonly KustomizationUse[], minor: number): Located[] {
  const operations = doc.document.contents;
  const kinds = targetKinds(uses);
  if (!isSeq(operations) || kinds.length === 0) return [];
  const out: Located[] = [];
  operations.items.forEach((operation, index) => {
    if (!isMap(operation)) return;
    const op = scalar(operation, 'op');
    if (!op || typeof op.value !== 'string') return; // nothing to judge (the value is the schema's business nowhere here)
    if (!(JSON6902_OPERATIONS as readonly string[]).includes(op.value)) {
      out.push(locate(op.node, {
        code: JSON6902_CODES.op,
        message: `\`${op.value}\` is not a JSON patch operation: kustomize stops with "Unexpected kind: ${op.value}". Use one of ${JSON6902_OPERATIONS.map((name) => `\`${name}\``).join(', ')}.`,
      }, index, 'op'));
      return;
    }
    for (const kind of kinds) {
      const problems = operationFindings(doc, operation, op.value, kind, index, minor, basesOf(uses, kind));
      if (problems.length) {
        out.push(...problems);
        break;
      }
    }
  });
  return out;
}

function locate(node: Node, finding: { code: string; message: string; severity?: Finding['severity'] }, index: number, field: string, kind?: KindName): Located {
  return {
    finding: { code: finding.code, severity: finding.severity ?? 'error', message: finding.message, path: [index, field], href: JSON6902_HREF },
    range: rangeOf(node),
    data: { path: `[${index}].${field}`, ...(kind ? { kind } : {}) },
  };
}

/** The local base objects of the uses that target `kind`, as far as the workspace found them. */
function basesOf(uses: readonly KustomizationUse[], kind: KindName): BaseObject[] {
  return uses.filter((use) => ourKind(use.target) === kind).flatMap((use) => use.base ?? []);
}

/** Whether `object` holds every step of `segments` (a list step is an index within it). */
function holds(object: Json, segments: readonly string[]): boolean {
  let current: Json | undefined = object;
  for (const segment of segments) {
    if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(segment) ? current[Number(segment)] : undefined;
    else if (current !== null && typeof current === 'object') current = Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
    else return false;
    if (current === undefined) return false;
  }
  return true;
}

function operationFindings(doc: YamlDocument, operation: YAMLMap, op: string, kind: KindName, index: number, minor: number, bases: readonly BaseObject[]): Located[] {
  const out: Located[] = [];
  let target: PathSegment[] | undefined;
  for (const field of op === 'move' || op === 'copy' ? ['from', 'path'] : ['path']) {
    const pointer = scalar(operation, field);
    if (!pointer || typeof pointer.value !== 'string') continue;
    const segments = pointerSegments(pointer.value);
    if (!segments) {
      out.push(locate(pointer.node, { code: JSON6902_CODES.path, message: `\`${pointer.value}\` is not a JSON pointer: it starts with \`/\` (\`/spec/backoffLimit\`), or is empty for the whole object.` }, index, field, kind));
      continue;
    }
    const resolved = resolvePointer(kind, segments, field === 'path' ? op : 'from');
    if ('failed' in resolved) {
      // Taking a stray field of the base away repairs the object: judged against the base, when it is known.
      const takesAway = (op === 'remove' && field === 'path') || (op === 'move' && field === 'from');
      if (takesAway && resolved.reason === 'not a field') {
        const lacking = bases.find((base) => !holds(base.object, segments));
        if (lacking) out.push(locate(pointer.node, { code: JSON6902_CODES.path, message: pointerMessage(kind, pointer.value, segments, resolved, op, field, lacking.file) }, index, field, kind));
        continue;
      }
      out.push(locate(pointer.node, { code: JSON6902_CODES.path, message: pointerMessage(kind, pointer.value, segments, resolved, op, field) }, index, field, kind));
    } else if (field === 'path') {
      // The value is checked as the item of its list, at index 0 of an otherwise empty object.
      target = resolved.path.map((segment) => (typeof segment === 'number' ? 0 : segment));
    }
  }
  const valueNode = directPair(operation, 'value')?.value;
  if (target && valueNode !== undefined && valueNode !== null && (op === 'add' || op === 'replace' || op === 'test')) {
    out.push(...valueFindings(doc, valueNode as Node, kind, target, minor).map((located) => ({ ...located, data: { ...located.data, kind } })));
  }
  return out;
}

function pointerMessage(kind: KindName, pointer: string, segments: readonly string[], failure: { failed: number; reason: string; parent: PathSegment[] }, op: string, field: string, baseFile?: string): string {
  const segment = segments[failure.failed];
  const where = failure.parent.length ? `\`${failure.parent.filter((s) => typeof s === 'string').pop()}\`` : `a ${kind}`;
  if (failure.reason !== 'not a field') return `\`${pointer}\` does not point into a ${kind}: at \`${segment}\`, ${failure.reason}.`;
  const known = Object.keys((schemaAt(kind, failure.parent)?.properties as object | undefined) ?? {});
  const suggestion = closestName(segment, known);
  const consequence = baseFile !== undefined
    ? `nor does the base object in \`${baseFile}\` hold it, so kustomize stops ("doc is missing path")`
    : op === 'add' && field === 'path'
      ? 'adding it gives the object a field the API server rejects'
      : 'no such object holds it, so kustomize stops ("doc is missing path"), and where a base holds it anyway, the object keeps a field the API server rejects';
  return `\`${pointer}\` does not point into a ${kind}: \`${segment}\` is not a field of ${where}${suggestion ? ` (did you mean \`${suggestion}\`?)` : ''}; ${consequence}.`;
}

/** The schema check of a `value` placed at its field in an otherwise empty object: types, enums, unknown fields. */
function valueFindings(doc: YamlDocument, valueNode: Node, kind: KindName, path: FieldPath, minor: number): Located[] {
  let value: Json;
  try {
    value = toServerJson(doc.document, valueNode);
  } catch {
    return [];
  }
  const skeleton = place(value, path);
  if (!skeleton) return [];
  const sourceOf = (at: FieldPath) => {
    if (!startsWith(at, path)) return undefined;
    const steps = walk(doc.document as Document, valueNode, at.slice(path.length));
    const written = steps.length === at.length - path.length + 1 ? steps[steps.length - 1].written : undefined;
    return isScalar(written) ? { source: written.source ?? String(written.value), style: String(written.type ?? 'PLAIN') } : undefined;
  };
  return checkSchema(kind, skeleton, minor, sourceOf)
    .filter((finding) => finding.code !== 'schema/required' && startsWith(finding.path, path))
    .map((finding) => {
      const relative = finding.path.slice(path.length);
      return {
        finding,
        range: rangeForPath(doc.document, valueNode, relative, finding.anchor ?? 'value'),
        data: { path: relative.length ? `value.${relative.join('.')}` : 'value' },
      };
    });
}

function startsWith(path: FieldPath, prefix: FieldPath): boolean {
  return prefix.every((segment, i) => path[i] === segment);
}

/** `value` at `path` of an empty object (list indexes are 0: the value is checked as the list's item). */
function place(value: Json, path: FieldPath): JsonObject | undefined {
  if (path.length === 0) return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  let built: Json = value;
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    built = typeof segment === 'number' ? [built] : { [segment]: built };
  }
  return built as JsonObject;
}
