// What `kubeassist check` reads: the paths as the user gave them, folders searched for YAML files, standard
// input; and the problems of a path that cannot be read, in words (never Node's error text).
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export interface Input {
  /** The file to read, or '-' for standard input. */
  path: string;
  /** How findings name it: the path as given (a file found in a folder: the folder as given, then the rest). */
  name: string;
}

/** A path that could not be read, as `kubeassist: <name>: <problem>` says it. */
export interface InputProblem {
  name: string;
  problem: string;
}

/** The files to check, in the order given (a folder's files in name order), and the paths that failed. */
export function collectInputs(paths: readonly string[]): { inputs: Input[]; problems: InputProblem[] } {
  const inputs: Input[] = [];
  const problems: InputProblem[] = [];
  /** `known`: what the folder listing said the entry is (a file or a folder), so that it needs no stat of its own. */
  const visit = (path: string, name: string, given: boolean, known?: 'file' | 'folder'): void => {
    if (known === 'file' && !/\.ya?ml$/i.test(path)) return;
    let isDirectory: boolean;
    try {
      isDirectory = known ? known === 'folder' : statSync(path).isDirectory();
    } catch (error) {
      problems.push({ name, problem: describeFileError(error) });
      return;
    }
    if (!isDirectory) {
      if (given || /\.ya?ml$/i.test(path)) inputs.push({ path, name });
      return;
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      problems.push({ name, problem: describeFileError(error) });
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      // Symbolic links (and file systems that do not say) are looked at through a stat.
      const kind = entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : undefined;
      visit(join(path, entry.name), name === '.' ? entry.name : `${name.replace(/[\\/]+$/, '')}/${entry.name}`, false, kind);
    }
  };
  for (const path of paths) {
    if (path === '-') inputs.push({ path, name: '<stdin>' });
    else visit(path, path, true);
  }
  return { inputs, problems };
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
