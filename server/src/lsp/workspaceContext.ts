// What the workspace says about each open document (the engine's DocumentContext): whether a kustomization
// beside or above it uses it as a patch. Kustomization files are read from the open documents first, then
// from the disk, and kept until one of them changes: the client reports it (workspace/didChangeWatchedFiles
// with KUSTOMIZATION_WATCHERS, registered by server.ts where the client can), or the server sees it opened,
// edited or saved.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isKustomizationFile, KUSTOMIZATION_FILE_NAMES, kustomizeContext, type DocumentContext } from '../service/index';

/** The file watchers that report kustomization files anywhere in the workspace. */
export const KUSTOMIZATION_WATCHERS = KUSTOMIZATION_FILE_NAMES.map((name) => ({ globPattern: `**/${name}` }));

export class WorkspaceContexts {
  private readonly files = new Map<string, string | undefined>();
  private readonly contexts = new Map<string, DocumentContext>();

  /** `openText(uri)`: the text of an open document, which wins over the disk. */
  constructor(private readonly openText: (uri: string) => string | undefined) {}

  isKustomization(uri: string): boolean {
    return uri.startsWith('file:') && isKustomizationFile(uri);
  }

  /** The context of a document (file: URIs only; other documents have none). */
  contextFor(uri: string): DocumentContext {
    if (!uri.startsWith('file:') || this.isKustomization(uri)) return {};
    let context = this.contexts.get(uri);
    if (!context) {
      try {
        context = kustomizeContext(fileURLToPath(uri), (path) => this.read(path));
      } catch {
        context = {};
      }
      this.contexts.set(uri, context);
    }
    return context;
  }

  /** A key that changes when the document's context does (for the "already published" check). */
  key(uri: string): string {
    const context = this.contextFor(uri);
    return context.kustomizePatch ? JSON.stringify(context.kustomizePatch) : '';
  }

  /** Forgets what was read when one of `uris` is a kustomization file; says whether documents need checking again. */
  changed(uris: readonly string[]): boolean {
    if (!uris.some((uri) => this.isKustomization(uri))) return false;
    this.files.clear();
    this.contexts.clear();
    return true;
  }

  private read(path: string): string | undefined {
    const open = this.openText(pathToFileURL(path).href);
    if (open !== undefined) return open;
    if (!this.files.has(path)) {
      let text: string | undefined;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        text = undefined;
      }
      this.files.set(path, text);
    }
    return this.files.get(path);
  }
}
