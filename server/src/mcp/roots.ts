// What the MCP server may read and write: only regular files inside the roots the client grants (or, for a
// client that grants none, the folders given with `--root`, else the current folder), judged by their real
// path, so a symbolic link cannot lead out. Every read is bounded; nothing else on the disk is touched.
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A problem with a request's input, said to the agent in one plain sentence (an MCP tool error, never a stack). */
export class ToolInputError extends Error {}

export class Roots {
  private folders: string[];

  constructor(folders: readonly string[]) {
    this.folders = realFolders(folders);
  }

  /** The roots a client granted (`roots/list`): `file:` URIs; others are no folder of this machine. */
  static fromUris(uris: readonly string[]): string[] {
    return uris.filter((uri) => uri.startsWith('file:')).map((uri) => fileURLToPath(uri));
  }

  set(folders: readonly string[]): void {
    this.folders = realFolders(folders);
  }

  get list(): readonly string[] {
    return this.folders;
  }

  /** Whether a real (symlink-free) path is one of the roots or inside one. */
  contains(realPath: string): boolean {
    return this.folders.some((folder) => realPath === folder || realPath.startsWith(folder.endsWith(sep) ? folder : folder + sep));
  }

  /**
   * A path the agent named, as the real path of a regular file inside the roots (relative paths from the
   * first root). Throws a ToolInputError that says why not.
   */
  file(path: string): string {
    const real = this.real(path);
    if (!statSync(real).isFile()) throw new ToolInputError(`${path} is not a regular file`);
    return real;
  }

  /**
   * The YAML files of a path inside the roots: the file itself, or a folder's *.yaml / *.yml files in name
   * order, each named as `kubeassist check` names it (the path as given, then the rest). A link that leads
   * out of the roots is skipped and said; each real folder is visited once (no link loops).
   */
  files(path: string): { files: { real: string; name: string }[]; skipped: string[] } {
    const real = this.real(path);
    if (statSync(real).isFile()) return { files: [{ real, name: path }], skipped: [] };
    const files: { real: string; name: string }[] = [];
    const skipped: string[] = [];
    const seen = new Set<string>();
    const visit = (folder: string, name: string): void => {
      if (seen.has(folder) || seen.size > MAX_FOLDERS || files.length >= MAX_FILES) return;
      seen.add(folder);
      for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
        const entryName = name === '.' ? entry.name : `${name.replace(/[\\/]+$/, '')}/${entry.name}`;
        let target: string;
        try {
          target = realpathSync(join(folder, entry.name));
        } catch {
          continue;
        }
        if (!this.contains(target)) {
          skipped.push(`${entryName}: leads outside the granted roots`);
          continue;
        }
        const stat = statSync(target);
        if (stat.isDirectory()) visit(target, entryName);
        else if (stat.isFile() && /\.ya?ml$/i.test(entry.name)) files.push({ real: target, name: entryName });
      }
    };
    visit(real, path);
    return { files, skipped };
  }

  /** The text of a regular file inside the roots, at most `limit` bytes, its byte order mark kept aside (to write it back). */
  read(realPath: string, limit: number): { text: string; bom: string } {
    if (!this.contains(realPath)) throw new ToolInputError(`${realPath} is outside the granted roots`);
    // Without blocking: a FIFO (a kustomization.yaml that is one) would wait for a writer at the open.
    const fd = openSync(realPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) throw new ToolInputError(`${realPath} is not a regular file`);
      if (stat.size > limit) throw new ToolInputError(`${realPath} has ${stat.size} bytes; the limit is ${limit}`);
      const buffer = Buffer.alloc(stat.size);
      let read = 0;
      while (read < stat.size) {
        const n = readSync(fd, buffer, read, stat.size - read, read);
        if (n === 0) break;
        read += n;
      }
      const text = buffer.subarray(0, read).toString('utf8');
      return text.startsWith('\uFEFF') ? { text: text.slice(1), bom: '\uFEFF' } : { text, bom: '' };
    } finally {
      closeSync(fd);
    }
  }

  /** Reads a file for the engine's own look-ups (a kustomization, .kubeassist.yaml): undefined outside the roots or when not a small regular file. */
  readQuietly(path: string, limit: number): string | undefined {
    try {
      const real = realpathSync(path);
      return this.contains(real) ? this.read(real, limit).text : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes a fixed text back to a regular file inside the roots (its real path: never through a link out). */
  write(realPath: string, text: string): void {
    if (!this.contains(realPath)) throw new ToolInputError(`${realPath} is outside the granted roots`);
    writeFileSync(realPath, text);
  }

  /** The folders from a file's folder up to (and including) the root that holds it, nearest first. */
  foldersUp(realPath: string): string[] {
    const root = this.folders.filter((folder) => this.contains(realPath) && (realPath === folder || realPath.startsWith(folder + sep))).sort((a, b) => b.length - a.length)[0];
    if (!root) return [];
    const out: string[] = [];
    for (let folder = dirname(realPath); ; folder = dirname(folder)) {
      out.push(folder);
      if (folder === root || dirname(folder) === folder) break;
    }
    return out;
  }

  private real(path: string): string {
    if (this.folders.length === 0) throw new ToolInputError('no roots are granted: the client must grant a folder (roots) to read files');
    const absolute = resolve(this.folders[0], path);
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      throw new ToolInputError(`${path}: no such file or folder`);
    }
    if (!this.contains(real)) throw new ToolInputError(`${path} is outside the granted roots (${this.folders.map((folder) => relative(process.cwd(), folder) || '.').join(', ')})`);
    return real;
  }
}

/** A folder walk stops here: an agent's request is never a crawl of the whole disk. */
const MAX_FOLDERS = 10_000;
const MAX_FILES = 10_000;

function realFolders(folders: readonly string[]): string[] {
  const out: string[] = [];
  for (const folder of folders) {
    try {
      const real = realpathSync(folder);
      if (statSync(real).isDirectory() && !out.includes(real)) out.push(real);
    } catch {
      // A root that is not there grants nothing.
    }
  }
  return out;
}
