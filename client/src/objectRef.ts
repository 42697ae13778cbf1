// The object a view is about: what a code lens passes, or the one at the cursor of the active editor.
import { window } from 'vscode';

/** What a code lens passes (server/src/service/features/codeLens.ts ObjectRef). */
export interface ObjectRef {
  uri: string;
  line: number;
  kind?: string;
  name?: string;
}

/** The lens's object, or the one at the cursor of the active editor. */
export function targetOf(ref: ObjectRef | undefined): ObjectRef | undefined {
  if (ref && typeof ref.uri === 'string') return ref;
  const editor = window.activeTextEditor;
  return editor ? { uri: editor.document.uri.toString(), line: editor.selection.active.line } : undefined;
}
