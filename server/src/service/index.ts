// The service facade: pure functions over text and settings. The LSP server and the CLI both call
// these; neither holds a check of its own.
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { FileModel, isTemplated } from './document/fileModel';
import { codeActions as codeActionsFor, fixText as fixTextWith, type CodeActionClient, type DocumentRef } from './features/codeActions';
import { diagnoseDocument } from './features/diagnostics';
import { uncheckedDocumentsDiagnostic } from './features/limits';
import { ruleKeyProblem } from './codes';
import { classify, mayNameOurKinds } from './kube/resources';
import { minorOf, settingsKey, type Settings } from './settings';
import type { KindName } from './types';

export { FileModel } from './document/fileModel';
export { CODE_ACTION_KINDS, FIX_ALL_KIND, resolveCodeAction, type CodeActionClient } from './features/codeActions';
export { complete, COMPLETION_TRIGGERS } from './features/completion';
export { hover } from './features/hover';
export { inlayHints } from './features/inlayHints';
export { DEFAULT_SETTINGS, type Settings } from './settings';

/** Diagnostics for a whole file. Pass the same FileModel for successive versions to reuse work. */
export function validate(model: FileModel, text: string, settings: Settings): Diagnostic[] {
  if (!settings.enable || isTemplated(text)) return [];
  model.update(text);
  const diagnostics = model.diagnostics(settingsKey(settings), (doc) => diagnoseDocument(doc, settings), settings.maxFileSize);
  const unchecked = model.pastLimit(settings.maxFileSize);
  if (unchecked) diagnostics.push(...uncheckedDocumentsDiagnostic(unchecked.first, unchecked.count, model.documents.length, settings));
  return diagnostics;
}

/** One-shot validation of a text (CLI, tests). */
export function validateText(text: string, settings: Settings): Diagnostic[] {
  return validate(new FileModel(), text, settings);
}

/** What the editor's status bar shows for a file: the target release, how many objects get checked, and settings that do nothing. */
export function documentInfo(model: FileModel, text: string, settings: Settings): { kubernetesVersion: string; checkedResources: number; schemaDiagnostics: 'on' | 'off'; settingsProblems: string[] } {
  return {
    kubernetesVersion: `1.${minorOf(settings.kubernetesVersion)}`,
    checkedResources: settings.enable ? checkedResources(model, text, settings.maxFileSize).length : 0,
    schemaDiagnostics: settings.schemaDiagnostics,
    settingsProblems: settingsProblems(settings),
  };
}

/** Settings that do nothing, in words for the log and the status bar: `kubeassist.rules` keys that match no code. */
export function settingsProblems(settings: Settings): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(settings.rules)) {
    const problem = ruleKeyProblem(key);
    if (problem) problems.push(`kubeassist.rules: ${problem}; the setting has no effect.`);
  }
  return problems;
}

/** The Job, CronJob and CSIDriver objects of a file that get checked (the status bar count, the corpus test). */
export function checkedResources(model: FileModel, text: string, maxFileSize = Infinity): { kind: KindName; line: number }[] {
  if (isTemplated(text)) return [];
  const found: { kind: KindName; line: number }[] = [];
  for (const { slice, doc } of model.update(text)) {
    if (slice.offset + slice.text.length > maxFileSize) break; // not checked: see kubeassist.maxFileSize
    if (!mayNameOurKinds(doc.text)) continue;
    for (const resource of doc.resourceSummaries) {
      const classification = classify(resource.apiVersion, resource.kind);
      if (classification.status !== 'checked') continue;
      found.push({ kind: classification.kind, line: slice.line + doc.lines.positionAt(resource.offset).line });
    }
  }
  return found;
}

/** Quick fixes for the diagnostics of a `textDocument/codeAction` request, and `source.fixAll.kubeassist`. */
export function codeActions(
  model: FileModel,
  text: string,
  document: DocumentRef,
  params: Parameters<typeof codeActionsFor>[3],
  settings: Settings,
  client: CodeActionClient,
): CodeAction[] {
  return codeActionsFor(model, text, document, params, validate(model, text, settings), settings, client, (fixed) => validateText(fixed, settings));
}

/** `kubeassist check --fix`: the text with every preferred fix applied, checked again until none is left. */
export function fixText(text: string, settings: Settings): { text: string; fixed: number } {
  return fixTextWith(text, settings, (model, current) => validate(model, current, settings));
}
