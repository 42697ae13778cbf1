// Running git on a workspace's repository, for the language server (the update checks against HEAD) and the
// CLI (`--against <ref>`), the way VS Code's git extension guards it: the workspace is not trusted to choose
// what runs. git starts in the temp folder and is pointed at the repository with `-C` (never started in the
// workspace: a `git` program there would run in its place where PATH has an empty entry, or on Windows), with
// settings that keep the repository's own configuration from running programs or reaching the network
// (fsmonitor, hooks, credential helpers, lazy fetches of a partial clone), never prompting. Only reading
// commands run, and a file is read from git's object store as it is (`cat-file`: no filters, no textconv),
// after its size is known to be within the limit.
import { execFile, execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';

/** Settings that override the repository's where they could run a program or open a connection. */
const HARDENED = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'credential.helper=', '-c', 'protocol.allow=never'];
/** Variables of ours that would point git at another repository than `-C` names. */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_COMMON_DIR', 'GIT_NAMESPACE'];
const TIMEOUT_MS = 15000;

/** The command line for git in `folder`: `-C folder`, the hardened settings, then `args`. */
export function gitArguments(folder: string, args: readonly string[]): string[] {
  return ['-C', folder, ...HARDENED, ...args];
}

/** Where git starts, and the environment it gets. */
export function gitOptions(): { cwd: string; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!REPOSITORY_VARIABLES.includes(key)) env[key] = value;
  Object.assign(env, { GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_NO_LAZY_FETCH: '1', GIT_PAGER: 'cat', LC_ALL: 'C' });
  return { cwd: tmpdir(), env };
}

/** Runs git in the background; resolves with its output, rejects with the error (its `code`, and `stderr`). */
export type RunGit = (folder: string, args: readonly string[], maxBytes?: number) => Promise<string>;

export const runGit: RunGit = (folder, args, maxBytes = 1024 * 1024) =>
  new Promise((resolve, reject) => {
    execFile('git', gitArguments(folder, args), { ...gitOptions(), maxBuffer: maxBytes, timeout: TIMEOUT_MS, windowsHide: true },
      (error, stdout, stderr) => (error ? reject(Object.assign(error, { stderr })) : resolve(stdout)));
  });

/** Runs git and waits for it (the CLI has nothing else to do); throws as execFileSync does. */
export function runGitSync(folder: string, args: readonly string[], maxBytes = 1024 * 1024): string {
  return execFileSync('git', gitArguments(folder, args), { ...gitOptions(), encoding: 'utf8', maxBuffer: maxBytes, timeout: TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
}

/** A file as a commit holds it: its text, too large (with its size), or absent (the commit has no such file). */
export type BlobRead = { text: string } | { tooLarge: number } | undefined;

/**
 * `<commit>:<file>` of the repository at `root`, when it has at most `maxBytes` bytes (0: any size, up to the
 * buffer git output is collected in). The size is asked first, so a large file is never read.
 */
export async function readBlob(run: RunGit, root: string, commit: string, file: string, maxBytes: number): Promise<BlobRead> {
  const object = `${commit}:${file}`;
  const size = await run(root, ['cat-file', '-s', object]).then((out) => Number(out.trim()), () => undefined);
  if (size === undefined || Number.isNaN(size)) return undefined;
  if (maxBytes > 0 && size > maxBytes) return { tooLarge: size };
  const text = await run(root, ['cat-file', 'blob', object], size + 1024).catch(() => undefined);
  return text === undefined ? undefined : { text };
}

/** The same, for the CLI. */
export function readBlobSync(root: string, commit: string, file: string, maxBytes: number): BlobRead {
  const object = `${commit}:${file}`;
  let size: number;
  try {
    size = Number(runGitSync(root, ['cat-file', '-s', object]).trim());
  } catch {
    return undefined;
  }
  if (Number.isNaN(size)) return undefined;
  if (maxBytes > 0 && size > maxBytes) return { tooLarge: size };
  try {
    return { text: runGitSync(root, ['cat-file', 'blob', object], size + 1024) };
  } catch {
    return undefined;
  }
}
