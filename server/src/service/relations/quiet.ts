// Which documents a run of the relation checks may leave unread, from their text alone (the CLI parses a
// document its checks did not need, and reads the facts of one they parsed, only when this says it may matter:
// cli/relations.ts, validate's leaveQuiet). Two kinds of them:
//
// - A workload (relations/kinds.ts CONSUMER_KINDS) whose text holds none of the words the checks start from: no
//   `csi` volume (csi-driver-name, csi-inline-volume-mode, fsgroup-not-applied, gcsfuse), no claim, ephemeral
//   volume or claim template (fsgroup-not-applied, gcsfuse), no `gke-gcsfuse/` annotation (gcsfuse), no Helm hook
//   or Argo CD annotation (helm-hook-order, argocd-sync-order). Its facts may still name a ServiceAccount or a
//   ConfigMap: only helm-hook-order, argocd-sync-order and undefined-reference read those references, and they
//   speak only with a hook or Argo CD annotation somewhere, or when the hints are asked for.
// - A ConfigMap, Secret, ServiceAccount or Namespace (ORDER_ONLY_KINDS) without a Helm hook or Argo CD
//   annotation: only those three checks look such definitions up.
//
// So a run may leave both unread while no setting asks for undefined-reference, no document of it has a Helm hook
// or an Argo CD annotation, and no kustomization sets annotations (`commonAnnotations` may add them): the run
// says so (`ordersCreation`) and reads them all otherwise. A text with a backslash (an escaped key in a quoted
// string) is always read, as is a List, a JSON or flow-style document, and a workload running csi-provisioner
// (a definition: its `--default-fstype`). test/unit/relations/quiet.test.ts holds each promise against the facts.
import { isKustomizationFile } from '../workspace/kustomize';
import type { DocumentFacts, HookAnnotations } from './factTypes';
import { DEFINITION_KINDS } from './kinds';

/** What quietMayWait reads of the workspace index (relations/workspaceIndex.ts, which reads this module). */
interface IndexedFiles {
  paths(): string[];
  documentsOf(path: string): readonly { facts: DocumentFacts }[];
}

/** Definitions only helm-hook-order, argocd-sync-order and undefined-reference look up. */
export const ORDER_ONLY_KINDS: ReadonlySet<string> = new Set(['ConfigMap', 'Secret', 'ServiceAccount', 'Namespace']);

/** Words of a text that may make a workload's own relation findings, or a definition matter to other checks. */
const SPEAKS = /\\|csi|persistentVolumeClaim|claimName|ephemeral|volumeClaimTemplate|gke-gcsfuse|helm\.sh\/hook|argocd\.argoproj\.io/;


const KIND_LINE = /^kind:[ \t]*["']?([A-Za-z]+)["']?[ \t]*(?:#.*)?$/gm;

/**
 * Whether a document's relation facts cannot matter to a run whose `ordersCreation` is false: each kind it
 * names (a top-level `kind:` line) is a workload, an order-only definition or no kind the index records, and its text
 * holds no word a check starts from.
 */
export function quietForRelations(text: string): boolean {
  if (SPEAKS.test(text)) return false;
  const first = /^(?:\s*(?:#[^\n]*)?\n)*\s*(\S)/.exec(text)?.[1];
  if (first === '{' || first === '[') return false;
  KIND_LINE.lastIndex = 0;
  for (let match = KIND_LINE.exec(text); match; match = KIND_LINE.exec(text)) {
    const kind = match[1];
    if (kind === 'List' || kind.endsWith('List')) return false;
    if (kind in DEFINITION_KINDS && !ORDER_ONLY_KINDS.has(kind)) return false;
  }
  return true;
}

/** Whether a text may hold a Helm hook or an Argo CD annotation (then the run reads every document). */
export function mayOrderCreation(text: string): boolean {
  // A Helm hook or an Argo CD annotation, or an escape that may spell one: three searches for a word are faster than
  // one regular expression of them (every file of a CLI run is scanned).
  return text.includes('\\') || text.includes('helm.sh/hook') || text.includes('argocd.argoproj.io');
}

/**
 * Whether an editor's first check of a file may leave its quiet documents for later, to be read right after its
 * diagnostics are out (the language server's background index: relations/workspaceIndex.ts setModel's `deferQuiet`).
 * As for a CLI run, nothing may order creation: no document of the file may hold a Helm hook or an Argo CD annotation,
 * no object the index holds from another file may carry one (or leave one to a template: argocd-sync-order judges a
 * quiet consumer here by the waves of what it reads there), no kustomization may be indexed (its `commonAnnotations`
 * may add them), and undefined-reference must be off. The first diagnostics are then the same as with every
 * document read.
 */
export function quietMayWait(index: IndexedFiles, path: string, texts: readonly string[], undefinedReferences: boolean): boolean {
  if (undefinedReferences || texts.some(mayOrderCreation)) return false;
  for (const other of index.paths()) {
    if (isKustomizationFile(other)) return false;
    if (other === path) continue; // what the index holds of the file itself is replaced by the texts above
    for (const { facts } of index.documentsOf(other)) if (facts.objects.some(({ annotations }) => ordersCreation(annotations))) return false;
  }
  return true;
}

/** A Helm hook or an Argo CD hook or wave, written or left to a template. */
function ordersCreation({ helmHook, argoHook, argoWave }: HookAnnotations): boolean {
  return [helmHook, argoHook, argoWave].some((read) => read.value !== undefined || read.unknown === true);
}
