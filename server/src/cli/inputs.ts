// What `kubeassist check` reads: the paths as the user gave them, folders searched for YAML files, standard
// input; and the problems of a path that cannot be read, in words (never Node's error text). A folder search
// visits each real folder and file once (a symbolic link back up the tree is no loop), skips what is not a
// regular file (a FIFO would block, `/dev/zero` would not end) with a note, and marks a file whose real path
// lies outside the folder given (a symbolic link out of the tree), which `--fix` then does not rewrite.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { describeKind } from '../host/files';

export interface Input {
  /** The file to read, or '-' for standard input. */
  path: string;
  /** How findings name it: the path as given (a file found in a folder: the folder as given, then the rest). */
  name: string;
  /** Found in a folder but really outside it (through a symbolic link): its real path. `--fix` leaves it alone. */
  outside?: string;
}

/** A path that could not be read, as `kubeassist: <name>: <problem>` says it. */
export interface InputProblem {
  name: string;
  problem: string;
}

/** What a folder search left out, and why: `kubeassist: <name>: <note>` on standard error (no failure). */
export interface InputNote {
  name: string;
  note: string;
}

/** The files to check, in the order given (a folder's files in name order), the paths that failed, and what was left out. */
export function collectInputs(paths: readonly string[]): { inputs: Input[]; problems: InputProblem[]; notes: InputNote[] } {
  const inputs: Input[] = [];
  const problems: InputProblem[] = [];
  const notes: InputNote[] = [];
  /** Real paths already visited by a folder search (folders and files). */
  const seen = new Set<string>();
  const realPath = (path: string): string | undefined => {
    try {
      return realpathSync.native(path);
    } catch {
      return undefined;
    }
  };
  /** `root`: the real path of the folder given on the command line that the search started from. */
  const walk = (path: string, name: string, root: string): number => {
    const real = realPath(path);
    if (real === undefined || seen.has(real)) return 0;
    seen.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      problems.push({ name, problem: describeFileError(error) });
      return 0;
    }
    let found = 0;
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const child = join(path, entry.name);
      const childName = name === '.' ? entry.name : `${name.replace(/[\\/]+$/, '')}/${entry.name}`;
      const yaml = /\.ya?ml$/i.test(entry.name);
      if (entry.isFile() && !yaml) continue;
      // Symbolic links (and file systems that do not say) are looked at through a stat.
      let stat: Stats | undefined;
      if (!entry.isFile() && !entry.isDirectory()) {
        try {
          stat = statSync(child);
        } catch (error) {
          if (yaml) problems.push({ name: childName, problem: describeFileError(error) });
          continue;
        }
      }
      if (entry.isDirectory() || stat?.isDirectory()) {
        found += walk(child, childName, root);
        continue;
      }
      if (!yaml) continue;
      if (stat && !stat.isFile()) {
        notes.push({ name: childName, note: `skipped: ${describeKind(stat)}, not a regular file` });
        continue;
      }
      found++;
      // A regular file's real path is its folder's and its name (a symbolic link is resolved by the system).
      const file = entry.isFile() ? join(real, entry.name) : (realPath(child) ?? resolve(child));
      if (seen.has(file)) continue;
      seen.add(file);
      inputs.push({ path: child, name: childName, ...(pathInside(root, file) === undefined ? { outside: file } : {}) });
    }
    return found;
  };
  for (const path of paths) {
    if (path === '-') {
      inputs.push({ path, name: '<stdin>' });
      continue;
    }
    let stat: Stats;
    try {
      stat = statSync(path);
    } catch (error) {
      problems.push({ name: path, problem: describeFileError(error) });
      continue;
    }
    if (stat.isDirectory()) {
      const root = realPath(path) ?? resolve(path);
      if (seen.has(root)) continue; // searched already, as a folder given before or inside one
      const failed = problems.length;
      if (walk(path, path, root) === 0 && problems.length === failed) notes.push({ name: path, note: 'no *.yaml or *.yml file in it' });
    } else if (stat.isFile() || stat.isFIFO()) {
      // A FIFO named on the command line is read as a pipe is (`kubeassist check <(helm template ...)`).
      inputs.push({ path, name: path });
      seen.add(realPath(path) ?? resolve(path));
    } else {
      problems.push({ name: path, problem: `${describeKind(stat)}, not a file` });
    }
  }
  return { inputs, problems, notes };
}

/** The text of a file or of standard input, without a byte order mark (kept aside to write it back). */
export function readInput(path: string): { text: string; bom: string } {
  const text = path === '-' ? readFileSync(0, 'utf8') : readFileSync(path, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? { text: text.slice(1), bom: '\uFEFF' } : { text, bom: '' };
}

/** A file-system error in a few words, like a shell says it. */
export function describeFileError(error: unknown): string {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOENT': return 'no such file';
    case 'ENOTDIR': return 'no such file (a part of the path is not a folder)';
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'is a folder';
    case 'ELOOP': return 'too many levels of symbolic links';
    case 'ENAMETOOLONG': return 'file name too long';
    case 'EMFILE':
    case 'ENFILE': return 'too many open files';
    default: return 'cannot be read';
  }
}

/**
 * The two file names of a `--dry-run` diff for a file, so that the diff applies where a user would apply
 * it: inside a git repository, `a/<path from the repository root>` and `b/...` (`git apply` at the root
 * of that repository); elsewhere the absolute path on both lines, with no prefix (`git apply -p0
 * --unsafe-paths`, or `patch -p0`). Standard input has no file: `a/<stdin>`.
 */
export function diffNames(path: string): { from: string; to: string } {
  if (path === '-') return { from: 'a/<stdin>', to: 'b/<stdin>' };
  const absolute = resolve(path);
  const root = repositoryRoot(dirname(absolute));
  if (!root) return { from: absolute, to: absolute };
  const inRepository = relative(root, absolute).split(sep).join('/');
  return { from: `a/${inRepository}`, to: `b/${inRepository}` };
}

/** `path` relative to `folder` with `/` separators when it is inside it; undefined when it is not (or is the folder). */
export function pathInside(folder: string, path: string): string | undefined {
  const inside = relative(folder, path);
  return !inside || inside.startsWith('..') || isAbsolute(inside) ? undefined : inside.split(sep).join('/');
}

/** The nearest folder at or above `folder` that holds `.git` (a folder, or a file in a worktree). */
export function repositoryRoot(folder: string): string | undefined {
  for (let current = folder; ; current = dirname(current)) {
    if (existsSync(join(current, '.git'))) return current;
    if (dirname(current) === current || !isAbsolute(current)) return undefined;
  }
}
