// A kustomization's generated ConfigMaps and Secrets (configMapGenerator, secretGenerator) as the workspace index
// holds them: definitions of the kustomization file, with the annotations kustomize gives them.
import type { Range } from 'vscode-languageserver-types';
import type { ObjectFacts } from './facts';
import type { Generated } from './scope';

/** A kustomization's generated ConfigMaps and Secrets, as definitions of the kustomization file. */
export function generatedDefinitions(path: string, generated: readonly Generated[], text: string | undefined): { path: string; object: ObjectFacts; range: Range }[] {
  const lineStarts = text === undefined ? undefined : [0, ...[...text.matchAll(/\n/g)].map((match) => (match.index ?? 0) + 1)];
  const position = (offset: number) => {
    if (!lineStarts) return { line: 0, character: 0 };
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++;
    return { line, character: offset - lineStarts[line] };
  };
  return generated.map((item) => ({
    path,
    object: {
      apiVersion: 'v1',
      kind: item.kind,
      prefix: [],
      name: { text: item.name, key: item.name, literal: true },
      namespace: item.namespace ? { value: { text: item.namespace, key: item.namespace, literal: true } } : {},
      at: item.span[0],
      nameSpan: item.span,
      annotations: generatedAnnotations(item.annotations),
      spec: {},
      pods: [],
      references: [],
      generated: true,
    },
    range: { start: position(item.span[0]), end: position(item.span[1]) },
  }));
}

/** The ordering annotations kustomize gives a generated object (relations/scope.ts generatorsOf). */
function generatedAnnotations(annotations: Readonly<Record<string, string>>): ObjectFacts['annotations'] {
  const at = (key: string) => (key in annotations ? { value: annotations[key] } : {});
  return { helmHook: at('helm.sh/hook'), helmWeight: at('helm.sh/hook-weight'), helmDeletePolicy: at('helm.sh/hook-delete-policy'), argoHook: at('argocd.argoproj.io/hook'), argoWave: at('argocd.argoproj.io/sync-wave') };
}
