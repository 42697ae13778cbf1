// Reading a file the workspace names, for the CLI and the language server alike (kustomizations and the files
// they list, `.kubeassist.yaml`, templates a rendering traces back to): regular files only, and at most a
// bounded number of bytes. A name that leads to `/dev/zero`, a FIFO, a socket or a folder (directly or
// through a symbolic link) is skipped with the reason in words, never read: reading one would not end, or
// block until someone writes to it.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open as openAsync, stat as statAsync, type FileHandle } from 'node:fs/promises';

/** The largest file read beside the checked ones: the default `kubeassist.maxFileSize`, in bytes. */
export const MAX_WORKSPACE_FILE_BYTES = 5_000_000;

/** The text of a file, or why it was not read; undefined when there is no such file (or a folder, or it cannot be opened). */
export type FileRead = { text: string; skipped?: undefined } | { text?: undefined; skipped: string };

/** What kind of thing a path leads to, in words: `a FIFO (named pipe)`, `a device`, ... */
export function describeKind(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * A regular file's text (UTF-8), when it has at most `maxBytes` bytes (0: any size). The file is opened
 * without blocking and checked again once open, so a name swapped for a FIFO after the first look is not
 * waited on either.
 */
export function readRegularFile(path: string, maxBytes = MAX_WORKSPACE_FILE_BYTES): FileRead | undefined {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return undefined;
  }
  if (stat.isDirectory()) return undefined;
  const refused = refusal(stat, maxBytes);
  if (refused) return refused;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) return refusal(opened, 0);
    const limit = maxBytes > 0 ? maxBytes : Number.MAX_SAFE_INTEGER;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(Math.max(opened.size - total, 0) + 1, 1 << 20, limit - total + 1));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > limit) return { skipped: tooLarge(maxBytes) };
      chunks.push(chunk.subarray(0, read));
    }
    return { text: Buffer.concat(chunks, total).toString('utf8') };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Why a file is not read, from what stat says of it (undefined: a regular file within the bound, read it). */
function refusal(stat: Stats, maxBytes: number): { skipped: string } | undefined {
  if (!stat.isFile()) return { skipped: `${describeKind(stat)}, not a regular file` };
  if (maxBytes > 0 && stat.size > maxBytes) return { skipped: tooLarge(maxBytes) };
  return undefined;
}

function tooLarge(maxBytes: number): string {
  return `larger than ${maxBytes.toLocaleString('en-US')} bytes`;
}

/**
 * readRegularFile without blocking the thread (the language server's background reads of the workspace
 * index): the same rules, the file opened without blocking and looked at again once open.
 */
export async function readRegularFileAsync(path: string, maxBytes = MAX_WORKSPACE_FILE_BYTES): Promise<FileRead | undefined> {
  let handle: FileHandle;
  try {
    const stat = await statAsync(path);
    if (stat.isDirectory()) return undefined;
    const refused = refusal(stat, maxBytes);
    if (refused) return refused;
    handle = await openAsync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const refused = refusal(await handle.stat(), maxBytes);
    if (refused) return refused;
    const buffer = await handle.readFile();
    if (maxBytes > 0 && buffer.length > maxBytes) return { skipped: tooLarge(maxBytes) };
    return { text: buffer.toString('utf8') };
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
