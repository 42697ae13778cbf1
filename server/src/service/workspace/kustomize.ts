// Which kustomizations use a file as a patch: the kustomization file (`kustomization.yaml`,
// `kustomization.yml` or `Kustomization`) of the file's folder and of each folder above it, read through a
// reader the front door supplies (the language server: open documents first, then the disk; the CLI: the
// disk). A file is a patch when one of them lists it under `patches` (with `path`), `patchesStrategicMerge`
// or `patchesJson6902`. A patch given a target also gets the local objects the target selects (its base), so
// that what it needs of them can be judged against them. Nothing here touches the file system itself.
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isMap, isScalar, isSeq, parseAllDocuments, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';
import { MAX_NESTING, nestsDeeperThan } from '../document/nesting';
import type { JsonObject } from '../types';
import type { BaseObject, DocumentContext, KustomizationUse, PatchTarget } from './context';

/** The text of a file, or undefined when there is none (or it cannot be read). */
export type FileReader = (path: string) => string | undefined;

/** The names kustomize looks for in a folder, in its order. */
export const KUSTOMIZATION_FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'] as const;

/** Folders above a file that are searched at most (a kustomization lists files below its own folder). */
const MAX_LEVELS = 32;

export function isKustomizationFile(path: string): boolean {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return (KUSTOMIZATION_FILE_NAMES as readonly string[]).includes(name);
}

/** A file that was not read, and why, for the front door's log (`... is nested more than 200 levels deep`). */
export type SkippedFile = (path: string, reason: string) => void;

/**
 * What the kustomizations around `file` (an absolute path) say about it. `stopAt` (a folder, e.g. the
 * workspace root) ends the search upward after that folder. A kustomization, or a file one lists, that nests
 * deeper than MAX_NESTING is not parsed (as kustomize's reader is bounded too, the file is broken or hostile):
 * it counts as unread, and `skipped` hears of it once per call.
 */
export function kustomizeContext(file: string, given: FileReader, stopAt?: string, skipped?: SkippedFile): DocumentContext {
  const noted = new Set<string>();
  const read: FileReader = (path) => {
    const text = given(path);
    if (skipped && text !== undefined && !noted.has(path) && nestsDeeperThan(text)) {
      noted.add(path);
      skipped(path, `nested more than ${MAX_NESTING} levels deep`);
    }
    return text;
  };
  const target = resolve(file);
  const uses: KustomizationUse[] = [];
  let folder = dirname(target);
  for (let level = 0; level < MAX_LEVELS; level++) {
    for (const name of KUSTOMIZATION_FILE_NAMES) {
      const path = join(folder, name);
      const text = read(path);
      if (text === undefined) continue;
      uses.push(...usesIn(path, text, target, read));
      break; // kustomize refuses a folder with more than one: the first is the one it would read
    }
    const parent = dirname(folder);
    if (parent === folder || (stopAt !== undefined && resolve(stopAt) === folder)) break;
    folder = parent;
  }
  if (uses.length === 0) return {};
  const kind = uses.some((use) => use.field === 'patchesJson6902') || (uses.every((use) => use.field === 'patches') && looksLikeOperations(read(target)))
    ? 'json6902'
    : 'strategic';
  if (kind === 'json6902') for (const use of uses) addBase(use, target, read);
  return { kustomizePatch: { kind, uses } };
}

/** A JSON 6902 patch file is a list of operations; a strategic-merge patch is an object. */
function looksLikeOperations(text: string | undefined): boolean {
  const first = text?.split('\n').map((line) => line.trim()).find((line) => line && !line.startsWith('#') && line !== '---');
  return !!first && (first.startsWith('- ') || first === '-' || first.startsWith('['));
}

/** The entries of one kustomization that name `file` as a patch. */
function usesIn(kustomization: string, text: string, file: string, read: FileReader): KustomizationUse[] {
  const contents = parseMap(text);
  if (!contents) return [];
  const folder = dirname(kustomization);
  const names = (path: unknown) => typeof path === 'string' && !path.includes('\n') && resolve(folder, path) === file;
  const use = (field: KustomizationUse['field'], target?: PatchTarget): KustomizationUse => ({
    kustomization,
    relative: relative(dirname(file), kustomization).split(sep).join('/'),
    field,
    ...(target ? { target } : {}),
  });
  const out: KustomizationUse[] = [];
  for (const entry of items(contents.get('patchesStrategicMerge', true))) {
    if (isScalar(entry) && names(entry.value)) out.push(use('patchesStrategicMerge'));
  }
  for (const field of ['patchesJson6902', 'patches'] as const) {
    for (const entry of items(contents.get(field, true))) {
      if (!isMap(entry) || !names(scalarValue(entry.get('path', true)))) continue;
      const targetNode = entry.get('target', true);
      const target = targetOf(targetNode);
      if (target?.kind && target.group === undefined) Object.assign(target, groupOfResources(kustomization, contents, target.kind, read));
      const used = use(field, target);
      if (target && selectsByLabels(targetNode)) selectedByLabels.add(used);
      out.push(used);
    }
  }
  return out;
}

/** Uses whose target also selects by labels or annotations: which objects it selects is not known here. */
const selectedByLabels = new WeakSet<KustomizationUse>();

function selectsByLabels(node: unknown): boolean {
  return isMap(node) && (node.has('labelSelector') || node.has('annotationSelector'));
}

/** One object of the local files a kustomization reads. */
interface LocalObject {
  path: string;
  document: Document;
  node: YAMLMap;
  /** False below a nested kustomization that changes what it reads (patches, names): it may differ once built. */
  asWritten: boolean;
}

/** Fields of a kustomization that change the objects it reads before a kustomization above sees them. */
const TRANSFORMING_FIELDS = ['patches', 'patchesStrategicMerge', 'patchesJson6902', 'namePrefix', 'nameSuffix', 'replacements', 'transformers', 'components'];

/**
 * The objects of the local files a kustomization reads (`resources`, `bases`, `components`), through nested
 * kustomizations, at most 8 deep; remote entries and files the reader does not have are left out. A file (or
 * nested kustomization) that nests deeper than MAX_NESTING (document/nesting.ts) is not parsed: what it holds is
 * unknown, so the answer is `unread` and no base is judged without it.
 */
function localObjects(kustomization: string, contents: YAMLMap, read: FileReader): LocalObject[] | 'unread' {
  const out: LocalObject[] = [];
  const seen = new Set<string>();
  let unread = false;
  const visitFile = (path: string, depth: number, asWritten: boolean): void => {
    if (seen.has(path) || depth > 8) return;
    seen.add(path);
    const text = read(path);
    if (text === undefined) return;
    if (nestsDeeperThan(text)) {
      unread = true;
      return;
    }
    for (const document of parseAllDocuments(text, { prettyErrors: false })) {
      const node = document.contents;
      if (isMap(node)) out.push({ path, document: document as Document, node, asWritten });
    }
  };
  const visitKustomization = (folder: string, map: YAMLMap, depth: number, asWritten: boolean): void => {
    for (const { path, nested } of kustomizationEntries(folder, map, read)) {
      if (!nested) {
        visitFile(path, depth, asWritten);
        continue;
      }
      if (seen.has(nested) || depth > 8) continue;
      seen.add(nested);
      const innerText = read(nested);
      if (innerText !== undefined && nestsDeeperThan(innerText)) unread = true;
      const inner = parseMap(innerText);
      if (inner) visitKustomization(path, inner, depth + 1, asWritten && !TRANSFORMING_FIELDS.some((name) => inner.has(name)));
    }
  };
  visitKustomization(dirname(kustomization), contents, 0, true);
  return unread ? 'unread' : out;
}

/**
 * A target that names a kind but no group (`kind: Job`) matches that kind in any group (Volcano's Jobs are
 * `batch.volcano.sh` Jobs). When every object of that kind among the kustomization's local resources has the
 * same apiVersion, that is the target's group and version; otherwise (none found, remote bases, several
 * groups) the target stays without group.
 */
function groupOfResources(kustomization: string, contents: YAMLMap, kind: string, read: FileReader): Pick<PatchTarget, 'group' | 'version'> {
  const apiVersions = new Set<string>();
  const objects = localObjects(kustomization, contents, read);
  if (objects === 'unread') return {};
  for (const { node } of objects) {
    if (scalarValue(node.get('kind', true)) === kind) apiVersions.add(String(scalarValue(node.get('apiVersion', true))));
  }
  if (apiVersions.size !== 1) return {};
  const [apiVersion] = [...apiVersions];
  const slash = apiVersion.lastIndexOf('/');
  return slash === -1 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/**
 * The local objects a use's target certainly selects, as their files write them (resmap Select: kind, group
 * and version as given, name and namespace as anchored regular expressions). None when the target selects by
 * labels, or an object of its kind comes from a kustomization that changes what it reads.
 */
function addBase(use: KustomizationUse, patchFile: string, read: FileReader): void {
  const target = use.target;
  if (!target?.kind || selectedByLabels.has(use)) return;
  const contents = parseMap(read(use.kustomization));
  if (!contents) return;
  const base: BaseObject[] = [];
  const objects = localObjects(use.kustomization, contents, read);
  if (objects === 'unread') return;
  for (const local of objects) {
    const selected = selects(target, local.node);
    if (selected === false) continue;
    if (selected === undefined || !local.asWritten) return;
    let object: unknown;
    try {
      object = local.document.toJS({ maxAliasCount: 100 });
    } catch {
      return; // an alias bomb: nothing is judged against this base
    }
    if (!object || typeof object !== 'object' || Array.isArray(object)) return;
    base.push({ file: relative(dirname(patchFile), local.path).split(sep).join('/'), object: object as JsonObject });
  }
  if (base.length) use.base = base;
}

/** Whether the target selects the object; undefined when that cannot be told here. */
function selects(target: PatchTarget, node: YAMLMap): boolean | undefined {
  const apiVersion = scalarValue(node.get('apiVersion', true));
  const metadata = node.get('metadata', true);
  const field = (key: string) => (isMap(metadata) ? scalarValue(metadata.get(key, true)) : undefined);
  if (scalarValue(node.get('kind', true)) !== target.kind || typeof apiVersion !== 'string') return false;
  const slash = apiVersion.lastIndexOf('/');
  const [group, version] = slash === -1 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
  if ((target.group !== undefined && target.group !== group) || (target.version !== undefined && target.version !== version)) return false;
  const name = matchesAnchored(target.name, field('name'));
  const namespace = matchesAnchored(target.namespace, field('namespace'));
  if (name === false || namespace === false) return false;
  return name === undefined || namespace === undefined ? undefined : true;
}

/**
 * kustomize's selector matching of a name or namespace: the pattern as a regular expression anchored at both
 * ends (Go's, linear in time). A pattern with more than literal characters and `.` is not run here (a
 * workspace's pattern must not make JavaScript's backtracking engine spin): undefined, not known.
 */
function matchesAnchored(pattern: string | undefined, value: unknown): boolean | undefined {
  if (pattern === undefined || pattern === '') return true;
  if (typeof value !== 'string') return false;
  if (/[\\^$|?*+()[\]{}]/.test(pattern)) return undefined;
  return value.length === pattern.length && pattern.split('').every((char, i) => char === '.' || char === value[i]);
}

/**
 * What a kustomization builds from, in order: the local entries of `resources`, `bases` and `components` (no
 * remote URL), each a file or a folder with a kustomization of its own (`nested`), with the field that lists it.
 */
export function kustomizationEntries(folder: string, contents: YAMLMap, read: FileReader): { path: string; nested?: string; field: 'resources' | 'bases' | 'components' }[] {
  const out: { path: string; nested?: string; field: 'resources' | 'bases' | 'components' }[] = [];
  for (const field of ['resources', 'bases', 'components'] as const) {
    for (const entry of items(contents.get(field, true))) {
      const value = scalarValue(entry);
      if (typeof value !== 'string' || value.includes('://') || value.includes('\n')) continue;
      const path = resolve(folder, value);
      const nested = KUSTOMIZATION_FILE_NAMES.map((name) => join(path, name)).find((file) => read(file) !== undefined);
      out.push(nested ? { path, nested, field } : { path, field });
    }
  }
  return out;
}

/**
 * A YAML text's top-level mapping, or undefined (not YAML, not a mapping, or nested deeper than MAX_NESTING:
 * `yaml` composes recursively, so such a kustomization is not parsed but skipped as unreadable, like a file the
 * reader does not have; checked as a document, it gets yaml/too-deep).
 */
export function parseMap(text: string | undefined): YAMLMap | undefined {
  if (text === undefined || nestsDeeperThan(text)) return undefined;
  try {
    const contents = parseDocument(text, { prettyErrors: false }).contents;
    return isMap(contents) ? contents : undefined;
  } catch {
    return undefined;
  }
}

export function items(node: unknown): unknown[] {
  return isSeq(node) ? node.items : [];
}

export function scalarValue(node: unknown): unknown {
  return isScalar(node) ? node.value : undefined;
}

function targetOf(node: unknown): PatchTarget | undefined {
  if (!isMap(node)) return undefined;
  const target: PatchTarget = {};
  for (const key of ['group', 'version', 'kind', 'name', 'namespace'] as const) {
    const value = scalarValue((node as { get(key: string, keep: true): Node | undefined }).get(key, true));
    if (typeof value === 'string') target[key] = value;
  }
  return target;
}
