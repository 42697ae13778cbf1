// `kubeassist check` and the workspace index: the files given (a folder's YAML files, all the paths of one run)
// are one workspace. Before the files are checked, the main thread reads each once for what it defines (the
// ConfigMaps, Secrets, claims, CSIDrivers ... that others name; a document of no such kind is not parsed), and
// every check, on this thread or a worker's, runs the relation checks of its file against that index.
import { resolve } from 'node:path';
import { readRegularFile } from '../host/files';
import { WorkspaceIndex, type IndexSnapshot } from '../service/index';
import { readOnce } from './context';
import type { Input } from './inputs';

/** The definitions index of the inputs (standard input excepted), and its snapshot for worker threads. */
export function buildIndex(inputs: readonly Input[], skip: (path: string) => boolean): { index: WorkspaceIndex; snapshot: () => IndexSnapshot } {
  const index = new WorkspaceIndex(readOnce, { definitionsOnly: true });
  const paths: string[] = [];
  for (const input of inputs) {
    if (input.path === '-' || skip(input.path)) continue;
    const path = resolve(input.path);
    paths.push(path);
    // A regular file of any size, opened without blocking (a FIFO given by name is never waited on here).
    const text = readRegularFile(path, 0)?.text;
    if (text === undefined) continue;
    try {
      index.setText(path, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      // a file the index cannot read is checked all the same, without its definitions
    }
  }
  return { index, snapshot: () => index.snapshot(paths) };
}
