// What `kubeassist check` tells the engine about a file besides its text: the kustomizations around it that
// use it as a patch, read from the disk (each kustomization file once per run).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { kustomizeContext, type DocumentContext } from '../service/index';

const texts = new Map<string, string | undefined>();

function read(path: string): string | undefined {
  if (!texts.has(path)) {
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      text = undefined;
    }
    texts.set(path, text);
  }
  return texts.get(path);
}

/** The context of a file given on the command line; none for standard input. */
export function fileContext(path: string): DocumentContext {
  if (path === '-') return {};
  try {
    return kustomizeContext(resolve(path), read);
  } catch {
    return {};
  }
}
