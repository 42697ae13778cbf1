// "Explain" in VS Code: the code lens above each Job, CronJob and CSIDriver (or the command on the cursor's
// object) opens what the server says it will do as a rendered view beside the editor (viewPanel.ts: the
// explanation, its pictures, field names linked to the manifest), kept current as the manifest is edited.
import { commands, window, type Disposable } from 'vscode';
import { targetOf, type ObjectRef } from './objectRef';
import type { ViewPanels } from './viewPanel';

export const EXPLAIN_COMMAND = 'kubeassist.explain';

export function registerExplain(panels: ViewPanels): Disposable {
  return commands.registerCommand(EXPLAIN_COMMAND, async (ref?: ObjectRef) => {
    const target = targetOf(ref);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open a Job, CronJob or CSIDriver manifest to explain it.');
      return;
    }
    await panels.show({ ...target, view: 'explain' });
  });
}
