// What the workspace says about each open document (the engine's DocumentContext): whether a kustomization
// beside or above it uses it as a patch. Kustomization files are read from the open documents first, then
// from the disk, and kept until one of them changes: the client reports it (workspace/didChangeWatchedFiles
// with KUSTOMIZATION_WATCHERS, registered by server.ts where the client can), or the server sees it opened,
// edited or saved. The search goes up to the workspace folder that holds the document and never above it (a
// document outside every folder: its own folder only; no folders at all: up to the file system's root), and
// reads regular files of bounded size only (host/files.ts, through lsp/diskTexts.ts): a kustomization that is
// `/dev/zero` or a FIFO, or lists one, is skipped, and the log says so once.
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiskTexts } from './diskTexts';
import { isKustomizationFile, KUSTOMIZATION_FILE_NAMES, kustomizeContext, type DocumentContext } from '../service/index';

/** The file watchers that report kustomization files anywhere in the workspace. */
export const KUSTOMIZATION_WATCHERS = KUSTOMIZATION_FILE_NAMES.map((name) => ({ globPattern: `**/${name}` }));

export class WorkspaceContexts {
  private readonly files: DiskTexts;
  private readonly contexts = new Map<string, DocumentContext>();
  /** The workspace folders, as local paths. */
  private folders: string[] = [];

  /** `openText(uri)`: the text of an open document, which wins over the disk; `note`: one line for the log. */
  constructor(openText: (uri: string) => string | undefined, note: (message: string) => void = () => undefined) {
    this.skipped = (path, reason) => {
      if (this.deepNoted.has(path)) return;
      this.deepNoted.add(path);
      note(`kubeassist: ${path} is ${reason}: not read (a kustomization, or a file one lists).`);
    };
    this.files = new DiskTexts(openText, (path, reason) => note(`kubeassist: ${path} is ${reason}: not read (a kustomization, or a file one lists).`));
  }

  /** Kustomizations (and files they list) too deeply nested to read: the log says so once until one changes. */
  private readonly skipped: (path: string, reason: string) => void;
  private readonly deepNoted = new Set<string>();

  isKustomization(uri: string): boolean {
    return uri.startsWith('file:') && isKustomizationFile(uri);
  }

  setWorkspaceFolders(uris: readonly string[]): void {
    this.folders = uris.flatMap((uri) => localPath(uri) ?? []);
    this.forget();
  }

  changeWorkspaceFolders(added: readonly string[], removed: readonly string[]): void {
    const gone = new Set(removed.flatMap((uri) => localPath(uri) ?? []));
    this.folders = [...this.folders.filter((folder) => !gone.has(folder)), ...added.flatMap((uri) => localPath(uri) ?? [])];
    this.forget();
  }

  /** The context of a document (file: URIs only; other documents have none). */
  contextFor(uri: string): DocumentContext {
    if (!uri.startsWith('file:') || this.isKustomization(uri)) return {};
    let context = this.contexts.get(uri);
    if (!context) {
      try {
        const path = fileURLToPath(uri);
        context = kustomizeContext(path, (file) => this.files.read(file), this.searchTop(path), this.skipped);
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
    this.forget();
    return true;
  }

  private forget(): void {
    this.files.forget();
    this.contexts.clear();
    this.deepNoted.clear();
  }

  /** The highest folder searched for a file: the outermost workspace folder holding it, or its own folder. */
  private searchTop(path: string): string | undefined {
    if (this.folders.length === 0) return undefined;
    const holding = this.folders.filter((folder) => path.startsWith(folder.endsWith(sep) ? folder : folder + sep));
    return holding.length ? holding.reduce((outer, folder) => (folder.length < outer.length ? folder : outer)) : dirname(path);
  }
}

function localPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri).replace(/[\\/]+$/, '') || sep;
  } catch {
    return undefined;
  }
}
