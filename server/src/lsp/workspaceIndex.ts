// The workspace index in the language server: every YAML file of the workspace folders, read from the disk
// in the background and kept current from file watching, with the open editors' texts over the disk's. The
// engine's WorkspaceIndex holds what the files say; this file reads them: a walk that skips `node_modules`,
// `vendor` and hidden folders, the `kubeassist.relations.exclude` globs and `.kubeassist.yaml`'s `ignore`,
// reads regular files only (up to a size), follows no symbolic link out of the workspace, and hands the texts
// to the engine a few at a time while the server is idle, reporting progress (window/workDoneProgress).
import { opendir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readRegularFileAsync } from '../host/files';
import { DiskTexts } from './diskTexts';
import { filePath } from './documentSettings';
import { compileGlob, isIgnored, WorkspaceIndex, type FileModel, type IgnoreGlob } from '../service/index';

/** Folders no manifest of the workspace lives in. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'vendor', 'bower_components', '__pycache__']);
/** Files larger than this are not read in the background (an open editor's text is indexed whatever its size). */
export const INDEX_MAX_FILE_BYTES = 2 * 1024 * 1024;
/** At most this many files are indexed (the log says when more are left out). */
export const INDEX_MAX_FILES = 100_000;
/** How long one slice of indexing may hold the server, and how long the server must have been idle. */
const SLICE_MS = 20;
const IDLE_MS = 150;
/**
 * Documents of an open file that its first check parses for the relations beyond those its own checks parse;
 * the rest (and any an edit leaves) are read in the background, in slices of BACKGROUND_BUDGET.
 */
export const OPEN_FILE_BUDGET = 10;
const BACKGROUND_BUDGET = 40;

export interface IndexerHost {
  log(message: string): void;
  /** The text of an open document, which wins over the disk. */
  openText(uri: string): string | undefined;
  /** Whether a file is left out by its `.kubeassist.yaml` (`ignore`). */
  ignored(path: string): boolean;
  /** Whether the server has work of its own waiting (a validation to run). */
  busy(): boolean;
  /** What the files define changed: the open documents' relation checks are stale. */
  changed(): void;
  /** An open document's remaining documents were read: check it again. */
  completed(uri: string): void;
  /** Reports progress while the first index of the workspace is built. */
  progress(): Promise<{ begin(title: string, percentage?: number, message?: string): void; report(percentage: number, message: string): void; done(): void }>;
}

export class WorkspaceIndexer {
  private made: WorkspaceIndex | undefined;
  /** Chart.yaml and kustomization files for the scopes: an open editor's text, else the disk's. */
  private readonly texts: DiskTexts;
  private folders: string[] = [];
  private exclude: { folder: string; globs: IgnoreGlob[] }[] = [];
  private queue: string[] = [];
  private readonly queued = new Set<string>();
  private readonly ready: { path: string; text: string | undefined }[] = [];
  private readonly models = new Map<string, () => FileModel | undefined>();
  private reading = 0;
  private walking = false;
  /** Folders or excludes changed during a walk: walk again after it. */
  private walkAgain = false;
  /** The folders and excludes of the last start (undefined: stopped, or never started). */
  private started: string | undefined;
  /** The index was left alone while the relation checks were off: the next walk reads every file again. */
  private stale = false;
  private timer: NodeJS.Timeout | undefined;
  /** The server starting counts as activity: the first documents are opened before the index takes a turn. */
  private lastActivity = Date.now();
  private total = 0;
  private done = 0;
  private reporter: Awaited<ReturnType<IndexerHost['progress']>> | undefined;
  private building = false;
  /** Whether the first index of the workspace folders is complete. */
  built = false;

  constructor(private readonly host: IndexerHost) {
    this.texts = new DiskTexts(host.openText);
  }

  /** Made on first use: the engine loads after `initialize` has been answered (see scripts/build.mjs). */
  get index(): WorkspaceIndex {
    return (this.made ??= new WorkspaceIndex((path) => this.texts.read(path)));
  }

  /** The path the index knows a document by; undefined for a document that is no file. */
  static pathOf(uri: string): string | undefined {
    return filePath(uri);
  }

  /** Something happened that the user waits for: indexing steps aside for a while. */
  touch(): void {
    this.lastActivity = Date.now();
  }

  /**
   * Starts indexing the workspace folders with these excludes; called again (settings or folders changed), it
   * forgets the files now outside them and walks again for the new ones (files already indexed are not read
   * again: the watchers keep them current).
   */
  start(folders: readonly string[], exclude: readonly string[]): void {
    const key = JSON.stringify([folders, exclude]);
    if (key === this.started) return;
    this.started = key;
    this.folders = [...folders];
    this.exclude = this.folders.map((folder) => ({ folder, globs: exclude.map((glob) => compileGlob(glob)).filter((glob): glob is IgnoreGlob => !('problem' in glob)) }));
    if (this.made) {
      for (const path of this.made.paths()) {
        if (this.models.has(path) || this.host.openText(pathToFileURL(path).href) !== undefined) continue;
        if (!this.inside(path) || this.excluded(path)) this.made.remove(path);
      }
    }
    if (!this.folders.length) return;
    if (this.walking) this.walkAgain = true;
    else void this.walk();
  }

  /** The relation checks were turned off: what the index holds may go stale, so the next start reads everything again. */
  stop(): void {
    if (this.started === undefined) return;
    this.started = undefined;
    this.stale = true;
  }

  /** The files a watcher reports: read again (or forgotten), unless an editor holds them. */
  filesChanged(uris: readonly string[]): void {
    for (const uri of uris) {
      const path = WorkspaceIndexer.pathOf(uri);
      if (!path || !this.isIndexed(path) || this.host.openText(uri) !== undefined) continue;
      this.texts.forget(path);
      this.enqueue(path);
    }
  }

  /** An open document's model is read by the engine when it is checked; here only its leftovers are. */
  openModel(uri: string, model: () => FileModel | undefined): void {
    const path = WorkspaceIndexer.pathOf(uri);
    if (!path) return;
    this.models.set(path, model);
    this.schedule();
  }

  /**
   * Reads now what other open files left for the background (their quiet documents, relations/quiet.ts, or those past
   * the open's budget), before a check of `uri` looks their objects up: a file opened right after another sees all of it.
   * The index's generation changes, and the caller checks those files again as it does after any change of the index.
   */
  readOthers(uri: string): void {
    const own = WorkspaceIndexer.pathOf(uri);
    for (const [path, modelOf] of [...this.models]) {
      if (path === own) continue;
      this.models.delete(path);
      const model = modelOf();
      if (model) this.index.setModel(path, model);
    }
  }

  /** A closed document goes back to its text on the disk. */
  closed(uri: string): void {
    const path = WorkspaceIndexer.pathOf(uri);
    if (!path) return;
    this.models.delete(path);
    this.texts.forget(path);
    // A file of the workspace goes back to its disk text; one from elsewhere leaves the index.
    if (this.inside(path) && this.isIndexed(path) && !this.excluded(path)) this.enqueue(path);
    else this.index.remove(path);
  }

  private inside(path: string): boolean {
    return this.folders.some((folder) => path.startsWith(folder.endsWith(sep) ? folder : folder + sep));
  }

  private isIndexed(path: string): boolean {
    return /\.ya?ml$/i.test(path) || /(^|[\\/])Kustomization$/.test(path);
  }

  private excluded(path: string): boolean {
    for (const { folder, globs } of this.exclude) {
      if (!globs.length) continue;
      const inside = relative(folder, path);
      if (inside && !inside.startsWith('..') && isIgnored(inside.split(sep).join('/'), globs)) return true;
    }
    return this.host.ignored(path);
  }

  private enqueue(path: string): void {
    if (this.queued.has(path)) return;
    this.queued.add(path);
    this.queue.push(path);
    this.total++;
    this.schedule();
  }

  /** Whether the server has been left alone long enough for the index to take its turn. */
  private idle(): boolean {
    return !this.host.busy() && Date.now() - this.lastActivity >= IDLE_MS;
  }

  /** Resolves once the server is idle: the walk reads folders only then, as the slices index only then. */
  private async whenIdle(): Promise<void> {
    while (!this.idle()) await new Promise((resolve) => setTimeout(resolve, Math.max(20, IDLE_MS - (Date.now() - this.lastActivity))));
  }

  private async walk(): Promise<void> {
    this.walking = true;
    if (!this.building) {
      this.building = true;
      this.total = this.queue.length + this.reading + this.ready.length;
      this.done = 0;
      this.reporter = await this.host.progress().catch(() => undefined);
      this.reporter?.begin('KubeAssist: indexing Kubernetes manifests', 0, 'looking for YAML files');
    }
    const seen = new Set<string>();
    let files = 0;
    const visit = async (folder: string, root: string, depth: number): Promise<void> => {
      if (depth > 64 || files >= INDEX_MAX_FILES) return;
      let real: string;
      try {
        real = await realpath(folder);
      } catch {
        return;
      }
      if (seen.has(real) || (real !== root && !real.startsWith(root + sep))) return; // a link out of the workspace, or a loop
      seen.add(real);
      await this.whenIdle();
      let directory;
      try {
        directory = await opendir(folder);
      } catch {
        return;
      }
      for await (const entry of directory) {
        if (files >= INDEX_MAX_FILES) break;
        const path = join(folder, entry.name);
        if (entry.isDirectory() || entry.isSymbolicLink()) {
          if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
          if (entry.isSymbolicLink()) {
            const target = await realpath(path).catch(() => undefined);
            if (!target || (target !== root && !target.startsWith(root + sep))) continue;
            const kind = await stat(path).catch(() => undefined);
            if (kind?.isDirectory()) await visit(path, root, depth + 1);
            else if (kind?.isFile() && this.isIndexed(path) && !this.excluded(path)) {
              files++;
              this.discovered(path);
            }
            continue;
          }
          await visit(path, root, depth + 1);
        } else if (entry.isFile() && this.isIndexed(path) && !this.excluded(path)) {
          files++;
          this.discovered(path);
        }
      }
    };
    await this.whenIdle();
    for (const folder of this.folders) {
      const root = await realpath(folder).catch(() => folder);
      await visit(folder, root, 0);
    }
    if (files >= INDEX_MAX_FILES) this.host.log(`kubeassist: the workspace index holds the first ${INDEX_MAX_FILES} YAML files; the others are not indexed (kubeassist.relations.exclude leaves folders out).`);
    this.walking = false;
    this.stale = false;
    if (this.walkAgain) {
      this.walkAgain = false;
      void this.walk();
      return;
    }
    this.schedule();
  }

  /** A file the walk found: read unless the index holds it already (then the watchers keep it current). */
  private discovered(path: string): void {
    if (!this.stale && this.index.has(path)) return;
    this.enqueue(path);
  }

  /** Reads files ahead of the indexing slices, a few at a time. */
  private pumpReads(): void {
    while (this.reading < 8 && this.queue.length && this.ready.length < 256 && this.idle()) {
      const path = this.queue.shift() as string;
      this.queued.delete(path);
      this.reading++;
      void this.readFromDisk(path).then((text) => {
        this.reading--;
        this.ready.push({ path, text });
        this.schedule(0);
        this.pumpReads();
      });
    }
  }

  private async readFromDisk(path: string): Promise<string | undefined> {
    return (await readRegularFileAsync(path, INDEX_MAX_FILE_BYTES))?.text;
  }

  private schedule(delay = 10): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.slice();
    }, delay);
  }

  /** One slice of work while the server is idle: texts into the index, then an open file's leftovers. */
  private slice(): void {
    if (!this.idle()) {
      this.schedule(Math.max(20, IDLE_MS - (Date.now() - this.lastActivity)));
      return;
    }
    this.pumpReads();
    const start = Date.now();
    let changed = false;
    while (this.ready.length && Date.now() - start < SLICE_MS) {
      const { path, text } = this.ready.shift() as { path: string; text: string | undefined };
      const uri = pathToFileURL(path).href;
      if (this.host.openText(uri) !== undefined) continue; // the editor's text is the file's
      const before = this.index.generation;
      // Excludes or folders may have changed since the file was queued.
      const wanted = this.inside(path) && !this.excluded(path);
      try {
        this.index.setText(path, wanted ? text : undefined);
      } catch (error) {
        this.host.log(`kubeassist: indexing ${path} failed: ${error instanceof Error ? error.stack : String(error)}`);
      }
      if (this.index.generation !== before) changed = true;
      this.done++;
    }
    this.pumpReads();
    for (const [path, modelOf] of this.models) {
      if (Date.now() - start >= SLICE_MS) break;
      const model = modelOf();
      if (!model) {
        this.models.delete(path);
        continue;
      }
      const { complete } = this.index.setModel(path, model, BACKGROUND_BUDGET);
      if (complete) {
        this.models.delete(path);
        this.host.completed(pathToFileURL(path).href);
      }
    }
    const pending = this.ready.length + this.queue.length + this.reading;
    if (this.building) this.reporter?.report(this.total ? Math.floor((this.done / this.total) * 100) : 0, `${this.done} of ${this.total} files`);
    if (!pending && !this.walking && this.building) {
      this.building = false;
      this.built = true;
      this.reporter?.done();
      this.reporter = undefined;
      this.host.log(`kubeassist: indexed ${this.index.size} of ${this.total} YAML files of the workspace.`);
      this.host.changed();
    } else if (changed && !this.building) {
      this.host.changed();
    }
    if (pending || this.walking || this.models.size) this.schedule(this.ready.length || this.queue.length ? 0 : 10);
  }
}
