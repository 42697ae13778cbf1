// The open documents as the server keeps them (issue 30): each holds its FileModel, which takes the editor's
// incremental changes itself. A keystroke replaces the text of the document it touches, not the whole file:
// the LSP library's TextDocument made a new copy of the file's text per change (1 MiB a keystroke in a
// 1,000-document file, and the garbage of it). `getText()` is the model's text, its documents joined without
// a copy: handed back to the engine, the model knows it as its own and reads nothing again.
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import { FileModel } from '../service/index';

export class EditorDocument {
  readonly model = new FileModel();

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    text: string,
  ) {
    this.model.update(text);
  }

  getText(): string {
    return this.model.currentText;
  }
}

export const EDITOR_DOCUMENTS: TextDocumentsConfiguration<EditorDocument> = {
  create: (uri, languageId, version, text) => new EditorDocument(uri, languageId, version, text),
  update: (document, changes: TextDocumentContentChangeEvent[], version) => {
    document.model.applyChanges(changes.map((change) => ('range' in change ? { range: change.range, text: change.text } : { text: change.text })));
    document.version = version;
    return document;
  },
};
