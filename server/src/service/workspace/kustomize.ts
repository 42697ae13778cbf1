// Which kustomizations use a file as a patch: the kustomization file (`kustomization.yaml`,
// `kustomization.yml` or `Kustomization`) of the file's folder and of each folder above it, read through a
// reader the front door supplies (the language server: open documents first, then the disk; the CLI: the
// disk). A file is a patch when one of them lists it under `patches` (with `path`), `patchesStrategicMerge`
// or `patchesJson6902`. Nothing here touches the file system itself.
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isMap, isScalar, isSeq, parseAllDocuments, parseDocument, type Node, type YAMLMap } from 'yaml';
import type { DocumentContext, KustomizationUse, PatchTarget } from './context';

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

/**
 * What the kustomizations around `file` (an absolute path) say about it. `stopAt` (a folder, e.g. the
 * workspace root) ends the search upward after that folder.
 */
export function kustomizeContext(file: string, read: FileReader, stopAt?: string): DocumentContext {
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
      const target = targetOf(entry.get('target', true));
      if (target?.kind && target.group === undefined) Object.assign(target, groupOfResources(kustomization, contents, target.kind, read));
      out.push(use(field, target));
    }
  }
  return out;
}

/**
 * A target that names a kind but no group (`kind: Job`) matches that kind in any group (Volcano's Jobs are
 * `batch.volcano.sh` Jobs). When every object of that kind among the kustomization's local resources has the
 * same apiVersion, that is the target's group and version; otherwise (none found, remote bases, several
 * groups) the target stays without group.
 */
function groupOfResources(kustomization: string, contents: YAMLMap, kind: string, read: FileReader): Pick<PatchTarget, 'group' | 'version'> {
  const apiVersions = new Set<string>();
  const seen = new Set<string>();
  const visitFile = (path: string, depth: number): void => {
    if (seen.has(path) || depth > 8) return;
    seen.add(path);
    const text = read(path);
    if (text === undefined) return;
    for (const document of parseAllDocuments(text, { prettyErrors: false })) {
      const object = document.contents;
      if (!isMap(object)) continue;
      if (scalarValue(object.get('kind', true)) === kind) apiVersions.add(String(scalarValue(object.get('apiVersion', true))));
    }
  };
  const visitKustomization = (folder: string, map: YAMLMap, depth: number): void => {
    for (const field of ['resources', 'bases', 'components']) {
      for (const entry of items(map.get(field, true))) {
        const value = scalarValue(entry);
        if (typeof value !== 'string' || value.includes('://') || value.includes('\n')) continue;
        const path = resolve(folder, value);
        const nested = KUSTOMIZATION_FILE_NAMES.map((name) => join(path, name)).find((file) => read(file) !== undefined);
        if (!nested) {
          visitFile(path, depth);
          continue;
        }
        if (seen.has(nested) || depth > 8) continue;
        seen.add(nested);
        const inner = parseMap(read(nested));
        if (inner) visitKustomization(path, inner, depth + 1);
      }
    }
  };
  visitKustomization(dirname(kustomization), contents, 0);
  if (apiVersions.size !== 1) return {};
  const [apiVersion] = [...apiVersions];
  const slash = apiVersion.lastIndexOf('/');
  return slash === -1 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

function parseMap(text: string | undefined): YAMLMap | undefined {
  if (text === undefined) return undefined;
  try {
    const contents = parseDocument(text, { prettyErrors: false }).contents;
    return isMap(contents) ? contents : undefined;
  } catch {
    return undefined;
  }
}

function items(node: unknown): unknown[] {
  return isSeq(node) ? node.items : [];
}

function scalarValue(node: unknown): unknown {
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
