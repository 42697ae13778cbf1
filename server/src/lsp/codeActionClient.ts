// What the client can take in a code action: snippet edits (skeletons with tab stops) and lazy edits
// resolved with codeAction/resolve. Clients that say nothing get plain edits, built at once.
import type { ClientCapabilities } from 'vscode-languageserver/node';
import type { CodeActionClient } from '../service/index';

export function codeActionClient(capabilities: ClientCapabilities): CodeActionClient {
  const workspaceEdit = capabilities.workspace?.workspaceEdit;
  const codeAction = capabilities.textDocument?.codeAction;
  return {
    snippets: workspaceEdit?.snippetEditSupport === true && workspaceEdit.documentChanges === true,
    resolve: codeAction?.dataSupport === true && (codeAction.resolveSupport?.properties ?? []).includes('edit'),
  };
}
