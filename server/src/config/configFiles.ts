// Finding and reading `.kubeassist.yaml` for the CLI and the language server alike: the nearest one at or
// above a file's folder, as .editorconfig is found (no merging: the nearest file is the configuration), or
// the one `--config` names. Each folder's answer and each file's reading are kept until `forget()`; the
// language server calls it when a configuration file changes, `changed()` tells it when it cannot watch.
import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { readRegularFile } from '../host/files';
import { compileGlob, CONFIG_FILE_NAME, isIgnored, readConfig, type ConfigValues, type IgnoreGlob } from '../service/index';

export interface ConfigFile {
  /** Absolute path of the file. */
  path: string;
  values: ConfigValues;
  /** Its mistakes, on its own text (config/* codes). */
  diagnostics: Diagnostic[];
  globs: IgnoreGlob[];
}

interface Reading {
  config: ConfigFile | undefined;
  stamp: string;
}

export class ConfigFiles {
  /** Folder -> the configuration file that applies to the files in it (undefined: none). */
  private readonly nearest = new Map<string, string | undefined>();
  private readonly readings = new Map<string, Reading>();

  /** The configuration for a file (an absolute or relative path): the nearest `.kubeassist.yaml` above it. */
  forFile(file: string): ConfigFile | undefined {
    const path = this.nearestFrom(dirname(resolve(file)));
    return path === undefined ? undefined : this.read(path);
  }

  /** The configuration for standard input: the nearest one above the current folder. */
  forFolder(folder: string): ConfigFile | undefined {
    const path = this.nearestFrom(resolve(folder));
    return path === undefined ? undefined : this.read(path);
  }

  /** A file named by `--config`; undefined when it does not exist or is a folder. */
  named(file: string): ConfigFile | undefined {
    const path = resolve(file);
    return stampOf(path) === undefined ? undefined : this.read(path);
  }

  /** Whether a file is left out by its configuration's `ignore` globs. */
  ignores(config: ConfigFile | undefined, file: string): boolean {
    if (!config || config.globs.length === 0) return false;
    const inFolder = relative(dirname(config.path), resolve(file));
    if (!inFolder || inFolder.startsWith('..') || isAbsolute(inFolder)) return false;
    return isIgnored(inFolder.split(sep).join('/'), config.globs);
  }

  /** Drops what is known: the next question reads the files again. */
  forget(): void {
    this.nearest.clear();
    this.readings.clear();
  }

  /** Whether a configuration file read before has changed (or gone) since: for clients that cannot watch files. */
  changed(): boolean {
    for (const [path, reading] of this.readings) if (stampOf(path) !== reading.stamp) return true;
    return false;
  }

  private nearestFrom(folder: string): string | undefined {
    const known: string[] = [];
    let found: string | undefined;
    for (let current = folder; ; current = dirname(current)) {
      if (this.nearest.has(current)) {
        found = this.nearest.get(current);
        break;
      }
      known.push(current);
      const candidate = join(current, CONFIG_FILE_NAME);
      if (stampOf(candidate) !== undefined) {
        found = candidate;
        break;
      }
      if (dirname(current) === current) break;
    }
    for (const folderOnTheWay of known) this.nearest.set(folderOnTheWay, found);
    return found;
  }

  private read(path: string): ConfigFile | undefined {
    const cached = this.readings.get(path);
    if (cached) return cached.config;
    const stamp = stampOf(path) ?? 'missing';
    let config: ConfigFile | undefined;
    try {
      // A regular file of bounded size only (host/files.ts): a `.kubeassist.yaml` that leads to a FIFO or a device is absent.
      const text = readRegularFile(path)?.text;
      if (text === undefined) throw new Error('not read');
      const { values, diagnostics } = readConfig(text.replace(/^\uFEFF/, ''));
      const globs = (values.ignore ?? []).map(compileGlob).filter((glob): glob is IgnoreGlob => 'matches' in glob);
      config = { path, values, diagnostics, globs };
    } catch {
      config = undefined; // unreadable: as if absent (the CLI says so when --config names it)
    }
    this.readings.set(path, { config, stamp });
    return config;
  }
}

/** Size and modification time of a regular file, or undefined. */
function stampOf(path: string): string | undefined {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat?.isFile() ? `${stat.size}:${stat.mtimeMs}` : undefined;
  } catch {
    return undefined; // a folder on the way that cannot be read: no configuration there
  }
}
