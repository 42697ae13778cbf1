// Files the language server reads beside the open documents (kustomizations and the files they list, the
// index's Chart.yaml): an open document's text wins, else the disk's, read once and kept until the file
// changes. Only regular files of bounded size are read (host/files.ts); a skipped one is said once.
import { pathToFileURL } from 'node:url';
import { readRegularFile } from '../host/files';

export class DiskTexts {
  private readonly texts = new Map<string, string | undefined>();
  private readonly skipped = new Set<string>();

  /** `openText(uri)`: the text of an open document; `skipped`: told once of each file that is not read, and why. */
  constructor(private readonly openText: (uri: string) => string | undefined, private readonly onSkipped: (path: string, reason: string) => void = () => undefined) {}

  read(path: string): string | undefined {
    const open = this.openText(pathToFileURL(path).href);
    if (open !== undefined) return open;
    if (!this.texts.has(path)) {
      const read = readRegularFile(path);
      if (read?.skipped !== undefined && !this.skipped.has(path)) {
        this.skipped.add(path);
        this.onSkipped(path, read.skipped);
      }
      this.texts.set(path, read?.text);
    }
    return this.texts.get(path);
  }

  /** Forgets one file's text (it changed), or all. */
  forget(path?: string): void {
    if (path === undefined) this.texts.clear();
    else this.texts.delete(path);
  }
}
