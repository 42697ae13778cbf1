// The editor's baseline for update checks: each open file as committed at HEAD, read with `git` in the file's
// repository. Everything here runs in the background (child processes, callbacks): typing never waits for git.
// Results are cached per HEAD commit; HEAD's commit id is checked again when a document opens or is saved,
// and at most every few seconds while it is edited, so a commit, checkout or pull is seen at the next of those.
// No git, a folder outside any repository, a file not committed yet: no baseline, every object is a create;
// the first two say so once in the log. git runs as host/git.ts runs it (never in the workspace folder,
// with the repository's own programs turned off), and a committed file larger than the document's
// `kubeassist.maxFileSize` is not read (the log says so once): an open file that large is not checked either.
import { access, realpath } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBlob, runGit, type RunGit } from '../host/git';
import { Baseline } from '../service/index';

export type { RunGit } from '../host/git';

type Log = (message: string) => void;

/** How often, at most, typing in a document checks HEAD again. */
const RECHECK_WHILE_TYPING_MS = 5000;
/** The largest committed file read when `kubeassist.maxFileSize` is 0 (no limit). */
const MAX_BLOB_BYTES = 64 * 1024 * 1024;
/** Baselines kept per (repository, commit, path): the open files of a few HEADs. */
const MAX_CACHED = 200;

interface Repository {
  root: string;
}

interface DocumentState {
  /** The HEAD commit the baseline was read at ('' before any commit). */
  commit?: string;
  baseline?: Baseline;
  checkedAt: number;
  running: boolean;
  again: boolean;
  /**
   * The last check found the document's folder in no repository: typing does not ask git again (each ask starts a
   * process, costly for a server holding a big file); opening and saving the document still do.
   */
  outside?: boolean;
}

export class GitBaselines {
  private readonly documents = new Map<string, DocumentState>();
  private readonly repositories = new Map<string, Promise<Repository | undefined>>();
  private readonly cache = new Map<string, Baseline | null>();
  private readonly logged = new Set<string>();
  private gitMissing = false;

  /**
   * `changed(uri)` is called when a document's baseline appears, changes or goes; `maxFileSize(uri)` is the
   * document's `kubeassist.maxFileSize` (characters; Infinity: no limit).
   */
  constructor(private readonly log: Log, private readonly changed: (uri: string) => void, private readonly maxFileSize: (uri: string) => number, private readonly git: RunGit = runGit) {}

  /** The baseline known now for a document (undefined until git has answered, or when there is none). */
  get(uri: string): Baseline | undefined {
    return this.documents.get(uri)?.baseline;
  }

  /** Checks HEAD again for the document, in the background (on open and save). */
  refresh(uri: string): void {
    const path = filePathOf(uri);
    if (!path || this.gitMissing) return;
    let state = this.documents.get(uri);
    if (!state) this.documents.set(uri, (state = { checkedAt: 0, running: false, again: false }));
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    state.checkedAt = Date.now();
    void this.read(uri, path, state).finally(() => {
      state.running = false;
      if (state.again && this.documents.get(uri) === state) {
        state.again = false;
        this.refresh(uri);
      }
    });
  }

  /** While the document is edited: checks HEAD again when the last check is a few seconds old. */
  refreshIfStale(uri: string): void {
    const state = this.documents.get(uri);
    if (state && !state.running && !state.outside && Date.now() - state.checkedAt >= RECHECK_WHILE_TYPING_MS) this.refresh(uri);
  }

  forget(uri: string): void {
    this.documents.delete(uri);
  }

  private async read(uri: string, path: string, state: DocumentState): Promise<void> {
    try {
      const folder = await realpath(dirname(path)).catch(() => dirname(path));
      const repository = await this.repositoryOf(folder);
      state.outside = !repository;
      if (!repository) return this.set(uri, state, undefined, undefined);
      const commit = await this.git(repository.root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).then((out) => out.trim(), () => '');
      if (commit === state.commit && this.documents.get(uri) === state) return;
      const file = relative(repository.root, join(folder, basename(path))).split(sep).join('/');
      const baseline = commit ? await this.baselineAt(repository.root, commit, file, folder, this.maxFileSize(uri)) : undefined;
      this.set(uri, state, commit, baseline);
    } catch (error) {
      this.failed(error, dirname(path));
    }
  }

  private set(uri: string, state: DocumentState, commit: string | undefined, baseline: Baseline | undefined): void {
    if (this.documents.get(uri) !== state) return; // closed meanwhile
    const before = state.baseline;
    state.commit = commit;
    state.baseline = baseline;
    if (before !== baseline) this.changed(uri);
  }

  /** The repository holding a folder (cached per folder), or undefined outside any. */
  private repositoryOf(folder: string): Promise<Repository | undefined> {
    let found = this.repositories.get(folder);
    if (!found) {
      found = this.git(folder, ['rev-parse', '--show-toplevel']).then(
        (out) => ({ root: out.trim() }),
        (error) => {
          this.repositories.delete(folder); // asked again next time: the folder may become a repository
          this.failed(error, folder);
          return undefined;
        },
      );
      this.repositories.set(folder, found);
    }
    return found;
  }

  /**
   * The file at a commit, as a baseline; none when the commit does not have the file (all its objects are new)
   * or holds it larger than `limit` characters (about bytes).
   */
  private async baselineAt(root: string, commit: string, file: string, folder: string, limit: number): Promise<Baseline | undefined> {
    const maxBytes = Number.isFinite(limit) ? limit : MAX_BLOB_BYTES;
    const key = `${root}\u0000${commit}\u0000${file}\u0000${maxBytes}`;
    if (this.cache.has(key)) return this.cache.get(key) ?? undefined;
    const read = await readBlob(this.git, root, commit, file, maxBytes);
    if (read && 'tooLarge' in read) {
      this.once(`large:${root}:${commit}:${file}`, `kubeassist: ${file} at HEAD has ${read.tooLarge} bytes, more than kubeassist.maxFileSize (${maxBytes}): it is not read, and the file's objects are checked as new (no update checks).`);
    }
    const baseline = read && 'text' in read ? new Baseline(read.text, { label: 'at HEAD', helmChart: await inHelmChart(folder, root) }) : null;
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, baseline);
    return baseline ?? undefined;
  }

  /** One line in the log per cause: git missing (then no more tries), or a folder outside any repository. */
  private failed(error: unknown, folder: string): void {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT') {
      this.gitMissing = true;
      this.once('git', 'kubeassist: git is not installed (or not on PATH): no update checks against HEAD (kubeassist.updateChecks).');
      return;
    }
    const stderr = String((error as { stderr?: unknown } | undefined)?.stderr ?? (error as Error | undefined)?.message ?? error).trim().split('\n')[0];
    // A folder that is no repository, or not there at all (a client's made-up URI): the same for us.
    if (/not a git repository|cannot change to/i.test(stderr)) {
      this.once(`folder:${folder}`, `kubeassist: ${folder} is not in a git repository: its files are checked as new objects (no update checks).`);
      return;
    }
    this.once(`error:${folder}`, `kubeassist: git in ${folder} says "${stderr}": its files are checked as new objects (no update checks).`);
  }

  private once(key: string, message: string): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.log(message);
  }
}

/** The local path of a `file:` URI, or undefined for other schemes (untitled documents have no baseline). */
function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** Whether a Chart.yaml lies in the folder or above it, up to the repository's root. */
async function inHelmChart(folder: string, root: string): Promise<boolean> {
  for (let current = folder; ; current = dirname(current)) {
    if (await access(join(current, 'Chart.yaml')).then(() => true, () => false)) return true;
    if (current === root || dirname(current) === current || !current.startsWith(root)) return false;
  }
}
