// The service facade: pure functions over text and settings. The LSP server and the CLI both call
// these; neither holds a check of its own.
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { FileModel } from './document/fileModel';
import { codeActions as codeActionsFor, fixText as fixTextWith, type CodeActionClient, type DocumentRef } from './features/codeActions';
import { diagnoseDocument } from './features/diagnostics';
import { uncheckedDocumentsDiagnostic } from './features/limits';
import { ruleKeyProblem } from './codes';
import { classify, mayNameOurKinds } from './kube/resources';
import { minorOf, settingsKey, type Settings } from './settings';
import type { KindName } from './types';
import { contextKey, type DocumentContext } from './workspace/context';

export { FileModel } from './document/fileModel';
export { CODE_ACTION_KINDS, FIX_ALL_KIND, resolveCodeAction, type CodeActionClient } from './features/codeActions';
export { complete, COMPLETION_TRIGGERS } from './features/completion';
export { hover } from './features/hover';
export { DEFAULT_SETTINGS, type Settings } from './settings';
export type { DocumentContext } from './workspace/context';
export { isKustomizationFile, KUSTOMIZATION_FILE_NAMES, kustomizeContext } from './workspace/kustomize';

/** What a front door may tell the engine about a file besides its text and settings. */
export interface ValidateOptions {
  /** What the workspace says about the file (a Kustomize patch): see workspace/kustomize.ts. */
  context?: DocumentContext;
}

/**
 * Diagnostics for a whole file. Pass the same FileModel for successive versions to reuse work. Helm
 * templates are checked where their text is literal; a Kustomize patch is checked as a patch when
 * `options.context` says so (or its strategic-merge directives do).
 */
export function validate(model: FileModel, text: string, settings: Settings, options: ValidateOptions = {}): Diagnostic[] {
  if (!settings.enable) return [];
  model.update(text);
  const key = `${settingsKey(settings)}|${contextKey(options.context)}`;
  const diagnostics = model.diagnostics(key, (doc) => diagnoseDocument(doc, settings, options.context), settings.maxFileSize);
  const unchecked = model.pastLimit(settings.maxFileSize);
  if (unchecked) diagnostics.push(...uncheckedDocumentsDiagnostic(unchecked.first, unchecked.count, model.documents.length, settings));
  return diagnostics;
}

/** One-shot validation of a text (CLI, tests). */
export function validateText(text: string, settings: Settings, options: ValidateOptions = {}): Diagnostic[] {
  return validate(new FileModel(), text, settings, options);
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

/** The Job and CSIDriver objects of a file that get checked (the status bar count, the corpus test). */
export function checkedResources(model: FileModel, text: string, maxFileSize = Infinity): { kind: KindName; line: number }[] {
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
  options: ValidateOptions = {},
): CodeAction[] {
  return codeActionsFor(model, text, document, params, validate(model, text, settings, options), settings, client, (fixed) => validateText(fixed, settings, options));
}

/** `kubeassist check --fix`: the text with every preferred fix applied, checked again until none is left. */
export function fixText(text: string, settings: Settings, options: ValidateOptions = {}): { text: string; fixed: number } {
  return fixTextWith(text, settings, (model, current) => validate(model, current, settings, options));
}
