// The service facade: pure functions over text and settings. The LSP server and the CLI both call
// these; neither holds a check of its own.
import type { Diagnostic } from 'vscode-languageserver-types';
import { FileModel, isTemplated } from './document/fileModel';
import { diagnoseDocument } from './features/diagnostics';
import { settingsKey, type Settings } from './settings';

export { FileModel } from './document/fileModel';
export { DEFAULT_SETTINGS, type Settings } from './settings';

/** Diagnostics for a whole file. Pass the same FileModel for successive versions to reuse work. */
export function validate(model: FileModel, text: string, settings: Settings): Diagnostic[] {
  if (!settings.enable || isTemplated(text)) return [];
  model.update(text);
  return model.diagnostics(settingsKey(settings), (doc) => diagnoseDocument(doc, settings));
}

/** One-shot validation of a text (CLI, tests). */
export function validateText(text: string, settings: Settings): Diagnostic[] {
  return validate(new FileModel(), text, settings);
}
