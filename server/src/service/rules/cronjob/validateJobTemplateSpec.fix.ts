// Quick fixes for ValidateJobTemplateSpec: remove what a job template may not have.
import { removeFix } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';

export const JOB_TEMPLATE_SPEC_FIXES: Fixes = {
  'cronjob/job-template/selector-forbidden': {
    does: 'Removes `selector` (each Job gets a generated one)',
    offer: (context) => [removeFix(context, 'Remove `selector`', context.path, { preferred: true })],
  },
  'cronjob/job-template/manual-selector-not-supported': {
    does: 'Removes `manualSelector`',
    offer: (context) => [removeFix(context, 'Remove `manualSelector`', context.path, { preferred: true })],
  },
};
