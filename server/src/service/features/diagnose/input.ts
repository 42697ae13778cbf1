// The objects a text holds for diagnose: kubectl's JSON (a stream of values, read with JSON.parse: a 1,000-Pod
// list stays fast) or YAML as kubectl reads it (every document, `List`s kept whole: the engine flattens them), or
// else `kubectl describe` text (describe.ts). Never throws: what cannot be read is a sentence.
import { readsAsJson, splitJsonStream } from '../../document/jsonStream';
import { toServerJson } from '../../document/kubectlYaml';
import type { FileModel } from '../../document/fileModel';
import { readDescribe } from './describe';

export interface ReadObjects {
  objects: unknown[];
  notes: string[];
  /** Read as YAML through the FileModel (its documents can be validated without parsing again). */
  yaml: boolean;
  /** Read from `kubectl describe` text: no manifest to validate. */
  describe?: boolean;
}

export function readObjects(model: FileModel, text: string, name: string): ReadObjects {
  if (!text.trim()) return { objects: [], notes: [`${name}: empty.`], yaml: false };
  if (readsAsJson(text)) {
    const objects: unknown[] = [];
    for (const slice of splitJsonStream(text)) {
      if (!slice.text.trim()) continue;
      try {
        objects.push(JSON.parse(slice.text));
      } catch (error) {
        return withDescribe(text, name, objects, `${name}: not JSON from line ${slice.line + 1} on (${(error as Error).message.replace(/^JSON\.parse: /, '')}); the rest is left out.`);
      }
    }
    return { objects, notes: [], yaml: false };
  }
  const objects: unknown[] = [];
  let broken: string | undefined;
  for (const { slice, doc } of model.update(text)) {
    const error = doc.issues.find((issue) => issue.severity === 'error');
    if (error && doc.broken) {
      broken ??= `${name}: line ${slice.line + doc.lines.positionAt(error.start).line + 1}: ${error.message}`;
      continue;
    }
    let value: unknown;
    try {
      value = toServerJson(doc.document);
    } catch {
      broken ??= `${name}: a document could not be read (too many aliases).`;
      continue;
    }
    if (value !== null && typeof value === 'object') objects.push(value);
  }
  // `kubectl describe` text often reads as YAML (`Name:  pi`), without a kind: it is describe's.
  if (objects.every((value) => !hasKind(value))) {
    const described = readDescribe(text);
    if (described) return { objects: described.objects, notes: described.notes.map((note) => `${name}: ${note}`), yaml: false, describe: true };
  }
  if (broken && !objects.length) return withDescribe(text, name, objects, `${broken} (neither YAML nor JSON as kubectl reads it).`);
  if (!objects.length) {
    const described = readDescribe(text);
    if (described) return { objects: described.objects, notes: described.notes.map((note) => `${name}: ${note}`), yaml: false, describe: true };
    return { objects, notes: [`${name}: no Kubernetes object in it.`], yaml: true };
  }
  return { objects, notes: broken ? [broken] : [], yaml: true };
}

function withDescribe(text: string, name: string, objects: unknown[], problem: string): ReadObjects {
  const described = objects.length ? undefined : readDescribe(text);
  if (described) return { objects: described.objects, notes: described.notes.map((note) => `${name}: ${note}`), yaml: false, describe: true };
  return { objects, notes: [problem], yaml: false };
}

function hasKind(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).kind === 'string';
}
