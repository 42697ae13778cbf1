// Quick fixes for validatePodFailurePolicy: `restartPolicy: Never`, `backoffLimitPerIndex` for FailIndex,
// an action for a rule without one, the container a misspelt `containerName` meant; and the exit-code fixes.
import { backoffLimitPerIndexFix, containerNames, quickFix, restartPolicyNeverFix } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';
import { closestName } from '../../schema/messages';
import { ON_EXIT_CODES_FIXES } from './podFailurePolicyOnExitCodes.fix';

const ACTIONS = ['FailJob', 'FailIndex', 'Ignore', 'Count'];

/** Replaces the string at the finding's path with `value`, keeping its quotes. */
function changeTo(context: FixContext, value: string, title = `Change to \`${value}\``, preferred = false): QuickFix {
  const root = rootOf(context);
  return quickFix(title, () => {
    const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
    return scalar ? context.editor.replaceString(scalar, value) : undefined;
  }, { preferred });
}

function containerNameFixes(context: FixContext): QuickFix[] {
  const root = rootOf(context);
  const written = root ? context.editor.scalarAt(root, context.path)?.value : undefined;
  const names = [...containerNames(context)];
  const closest = typeof written === 'string' ? closestName(written, names) : undefined;
  return [
    ...(closest ? [changeTo(context, closest, `Change to \`${closest}\``, true)] : []),
    ...names.filter((name) => name !== closest).map((name) => changeTo(context, name)),
    quickFix('Remove `containerName` (check every container)', () => (root ? context.editor.remove(root, context.path) : undefined)),
  ];
}

export const POD_FAILURE_POLICY_FIXES: Fixes = {
  ...ON_EXIT_CODES_FIXES,
  'job/pod-failure-policy/restart-policy-must-be-never': { does: 'Sets `restartPolicy: Never`', offer: (context) => [restartPolicyNeverFix(context)] },
  'job/pod-failure-policy/fail-index-needs-backoff-limit-per-index': {
    does: 'Adds `backoffLimitPerIndex: 1` (and `completionMode: Indexed` when needed); or changes the action to `FailJob`',
    offer: (context) => [backoffLimitPerIndexFix(context), changeTo(context, 'FailJob')],
  },
  'job/pod-failure-policy/action-required': {
    does: 'Sets `action: FailJob`, `Ignore` or `Count`',
    offer: (context) => ACTIONS.filter((action) => action !== 'FailIndex').map((action) => changeTo(context, action, `Set \`action: ${action}\``)),
  },
  'job/pod-failure-policy/unknown-container-name': {
    does: 'Changes to the closest container name (preferred) or another one; removes `containerName`',
    offer: containerNameFixes,
  },
};
