// Quick fixes for a Job's restart policy: `Never` (a failed Pod is replaced), or `OnFailure` where nothing
// else in the Job asks for Never.
import { jobSpec, restartPolicyNeverFix, setFix, jobSpecPath } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const JOB_RESTART_POLICY_FIXES: Fixes = {
  'job/restart-policy/never-or-on-failure-required': { does: 'Sets `restartPolicy: Never` (preferred) or `OnFailure`', offer: (context) => {
    const spec = jobSpec(context);
    const needsNever = spec.podFailurePolicy !== undefined || spec.backoffLimitPerIndex !== undefined;
    return [
      restartPolicyNeverFix(context),
      ...(needsNever ? [] : [setFix(context, 'Set `restartPolicy: OnFailure`', jobSpecPath(context, 'template', 'spec', 'restartPolicy'), 'OnFailure', { after: ['containers'] })]),
    ];
  } },
};
