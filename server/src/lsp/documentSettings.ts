// The settings one document is checked with: the editor's, with the nearest `.kubeassist.yaml` over them
// wherever that file speaks (the CLI reads the same file, so the editor and CI agree). Files the
// configuration ignores are not checked. Configuration files themselves are documents of their own kind.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigFiles, type ConfigFile } from '../config/configFiles';
import { CONFIG_FILE_NAME, withConfig, type Settings } from '../service/index';

export interface DocumentSettings {
  settings: Settings;
  /** The configuration file that applies, if any. */
  config?: ConfigFile;
}

export class DocumentConfigurations {
  readonly files = new ConfigFiles();

  /** `editor` with the document's configuration file over it. */
  resolve(uri: string, editor: Settings): DocumentSettings {
    const path = filePath(uri);
    const config = path === undefined ? undefined : this.files.forFile(path);
    if (!config) return { settings: editor };
    const settings = withConfig(editor, config.values);
    return { settings: path !== undefined && this.files.ignores(config, path) ? { ...settings, enable: false } : settings, config };
  }

  /** The mistakes of a configuration file, as sentences for the status bar tooltip. */
  problems(config: ConfigFile | undefined): string[] {
    return (config?.diagnostics ?? []).map((diagnostic) => `${config?.path}:${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
  }
}

/** Whether a document is a `.kubeassist.yaml` (checked, completed and hovered as configuration). */
export function isConfigDocument(uri: string): boolean {
  const path = filePath(uri);
  return basename(path ?? uri) === CONFIG_FILE_NAME;
}

export function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
