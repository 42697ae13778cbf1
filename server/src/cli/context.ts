// What `kubeassist check` tells the engine about a file besides its text: the kustomizations around it that
// use it as a patch, read from the disk (each kustomization file once per run). Only regular files of bounded
// size are read (host/files.ts): a kustomization that is `/dev/zero` or a FIFO, or lists one, is skipped, and
// `skipped` hears of it (the CLI says so on standard error, once per file).
import { dirname, resolve } from 'node:path';
import { readRegularFile } from '../host/files';
import { kustomizeContext, type DocumentContext } from '../service/index';

const texts = new Map<string, string | undefined>();
/** Kustomizations (and files they list) too deeply nested to read, said once per run like the files skipped. */
const deepNoted = new Set<string>();

/** A file that was not read: its path and why (`a FIFO (named pipe), not a regular file`). */
export type Skipped = (path: string, reason: string) => void;

/** A file's text, read once per run (kustomizations, Chart.yaml); undefined when it cannot be read or is skipped. */
export function readOnce(path: string, skipped: Skipped = () => undefined): string | undefined {
  if (!texts.has(path)) {
    const file = readRegularFile(path);
    if (file?.skipped !== undefined) skipped(path, file.skipped);
    texts.set(path, file?.text);
  }
  return texts.get(path);
}

/**
 * Folders with no kustomization in them or above them (within the levels kustomizeContext looks at): the files
 * in them have no context. kustomizeContext reads the same files for every file of a folder, each once per run
 * (readOnce), so a folder where it read none holds nothing for its other files either.
 */
const bare = new Set<string>();

/** The context of a file given on the command line; none for standard input. */
export function fileContext(path: string, skipped: Skipped = () => undefined): DocumentContext {
  if (path === '-') return {};
  const file = resolve(path);
  const folder = dirname(file);
  if (bare.has(folder)) return {};
  let found = false;
  try {
    const context = kustomizeContext(file, (read) => {
      const text = readOnce(read, skipped);
      if (text !== undefined) found = true;
      return text;
    }, undefined, (file, reason) => {
      if (!deepNoted.has(file)) skipped(file, reason);
      deepNoted.add(file);
    });
    if (!found) bare.add(folder);
    return context;
  } catch {
    return {};
  }
}
