// The CLI's baselines: `--against <git-ref>` reads each file as it is at that ref (the blob `<ref>:<path>` in
// the file's own repository, as host/git.ts runs git: from the temp folder, the repository's programs off);
// `--against-file OLD` takes another file. A file the ref does not have is new: its objects are checked as
// creates only; one larger than the file's size limit is not read (a problem, like an unreadable path). Git
// runs synchronously here: the CLI has nothing else to do.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { readBlobSync, runGitSync } from '../host/git';
import { Baseline } from '../service/index';
import { readInput } from './inputs';

export type BaselineSpec = { ref: string } | { file: string };

export interface BaselineRead {
  baseline?: Baseline;
  /** Why no baseline could be read (`kubeassist: <name>: <problem>`, exit status 2). */
  problem?: string;
}

/** The largest file read at a ref when the size limit is off (`--max-file-size 0`). */
const MAX_BLOB_BYTES = 256 * 1024 * 1024;

export class Baselines {
  private readonly commits = new Map<string, string | undefined>();
  private readonly roots = new Map<string, string | undefined>();
  private fileBaseline: Baseline | undefined;

  constructor(private readonly spec: BaselineSpec) {}

  /** The baseline of one input path ('-' is standard input); `limit`: the file's size limit in characters (Infinity: none). */
  read(path: string, limit = Infinity): BaselineRead {
    if ('file' in this.spec) return this.readFile(this.spec.file);
    if (path === '-') return { problem: '--against needs a file in a git repository, not standard input (use --against-file)' };
    const { ref } = this.spec;
    const folder = realFolder(path);
    const root = this.rootOf(folder);
    if (root === undefined) return { problem: `--against ${ref}: not in a git repository (or git is not installed)` };
    const commit = this.commitOf(root, ref);
    if (commit === undefined) return { problem: `--against ${ref}: no such commit in ${root}` };
    const file = relative(root, join(folder, basename(path))).split(sep).join('/');
    const blob = readBlobSync(root, commit, file, Number.isFinite(limit) ? limit : MAX_BLOB_BYTES);
    if (!blob) return {}; // the ref does not have the file: everything in it is new
    if ('tooLarge' in blob) return { problem: `--against ${ref}: the file has ${blob.tooLarge} bytes at ${ref}, more than the size limit (${limit}; --max-file-size)` };
    return { baseline: new Baseline(blob.text, { label: `at ${ref}` }) };
  }

  private readFile(file: string): BaselineRead {
    if (!this.fileBaseline) {
      try {
        this.fileBaseline = new Baseline(readInput(file).text, { label: `in ${file}` });
      } catch (error) {
        return { problem: `--against-file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot be read'}` };
      }
    }
    return { baseline: this.fileBaseline };
  }

  private rootOf(folder: string): string | undefined {
    if (!this.roots.has(folder)) {
      let root: string | undefined;
      try {
        root = git(folder, ['rev-parse', '--show-toplevel']).trim();
      } catch {
        root = undefined;
      }
      this.roots.set(folder, root);
    }
    return this.roots.get(folder);
  }

  private commitOf(root: string, ref: string): string | undefined {
    const key = `${root}\u0000${ref}`;
    if (!this.commits.has(key)) {
      let commit: string | undefined;
      try {
        commit = git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).trim() || undefined;
      } catch {
        commit = undefined;
      }
      this.commits.set(key, commit);
    }
    return this.commits.get(key);
  }
}

function git(folder: string, args: string[]): string {
  return runGitSync(folder, args);
}

function realFolder(path: string): string {
  const folder = dirname(resolve(path));
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}
