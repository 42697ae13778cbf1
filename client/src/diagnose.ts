// "Diagnose" in VS Code: the code lens above a Job or CronJob the API server returned (an export) opens what
// happened to it, why and what comes next (each object's verdict first, the Pods observed as a timeline) as a
// rendered view beside the editor (viewPanel.ts), following the file as it is edited.
import { commands, window, type Disposable } from 'vscode';
import { targetOf, type ObjectRef } from './objectRef';
import type { ViewPanels } from './viewPanel';

export const DIAGNOSE_COMMAND = 'kubeassist.diagnose';

export function registerDiagnose(panels: ViewPanels): Disposable {
  return commands.registerCommand(DIAGNOSE_COMMAND, async (ref?: ObjectRef) => {
    const target = targetOf(ref);
    if (!target) {
      void window.showInformationMessage('KubeAssist: open the output of `kubectl get job NAME -o yaml` (with its Pods and events, if you have them) to diagnose it.');
      return;
    }
    await panels.show({ ...target, view: 'diagnose' });
  });
}
