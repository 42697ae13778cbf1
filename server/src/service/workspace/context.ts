// What the engine is told about a document beyond its text: facts of the workspace around it, computed by
// the front doors (./kustomize.ts, with their own file reader) and passed in with the text. Plain data:
// results depend on it, so it is part of what cached results are keyed by.
import type { JsonObject } from '../types';

/** A `target` of a Kustomize patch: which objects it applies to. */
export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
  namespace?: string;
}

/** A local object a patch's target selects, as one of the kustomization's resource files writes it. */
export interface BaseObject {
  /** The file, relative to the patch's folder (`../base/cronjob.yaml`), for messages. */
  file: string;
  object: JsonObject;
}

/** One kustomization that lists the document as a patch. */
export interface KustomizationUse {
  /** The kustomization file, as the front door names files (a path). */
  kustomization: string;
  /** The same file relative to the patch's folder, for messages (`../kustomization.yaml`). */
  relative: string;
  /** The field that lists the patch. */
  field: 'patches' | 'patchesStrategicMerge' | 'patchesJson6902';
  target?: PatchTarget;
  /**
   * For a patch with a target: the local objects the target certainly selects (workspace/kustomize.ts). Absent
   * when none was found for certain: a remote or missing base, a selection by labels, a base that another
   * kustomization patches or renames first.
   */
  base?: BaseObject[];
}

export interface DocumentContext {
  /** The document is a Kustomize patch of these kustomizations (strategic merge, or JSON 6902 operations). */
  kustomizePatch?: { kind: 'strategic' | 'json6902'; uses: KustomizationUse[] };
}

/** A key for caching results per context. */
export function contextKey(context: DocumentContext | undefined): string {
  return context?.kustomizePatch ? JSON.stringify(context.kustomizePatch) : '';
}
