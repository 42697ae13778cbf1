// Quick fix for `kind/api-version` and `kind/api-version-deprecated` (reported from resources.ts's
// classification): the apiVersion that serves the kind.
import { quickFix } from './common';
import { rootOf, type FixEntry, type Fixes } from './types';
import { KINDS } from '../types';

const SERVED_VERSION: FixEntry = {
  does: 'Changes `apiVersion` to the one that serves the kind: `batch/v1` (Job, CronJob), `storage.k8s.io/v1` (CSIDriver), `jobset.x-k8s.io/v1alpha2` (JobSet), `trainer.kubeflow.org/v1alpha1` (training runtimes)',
  offer: (context) => {
    const root = rootOf(context);
    const scalar = root ? context.editor.scalarAt(root, ['apiVersion']) : undefined;
    if (!scalar || !context.resource) return [];
    const expected = KINDS[context.resource.kind].apiVersion;
    return [quickFix(`Change to \`${expected}\``, () => context.editor.replaceString(scalar, expected), { preferred: true })];
  },
};

export const RESOURCE_FIXES: Fixes = {
  'kind/api-version': SERVED_VERSION,
  'kind/api-version-deprecated': SERVED_VERSION,
};
