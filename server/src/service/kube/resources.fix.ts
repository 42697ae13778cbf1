// Quick fix for `kind/api-version` (reported from resources.ts's classification): the apiVersion that
// serves the kind.
import { quickFix } from '../fixes/common';
import { rootOf, type Fixes } from '../fixes/types';
import { KINDS } from '../types';

export const RESOURCE_FIXES: Fixes = {
  'kind/api-version': { does: 'Changes `apiVersion` to `batch/v1` (Job) or `storage.k8s.io/v1` (CSIDriver)', offer: (context) => {
    const root = rootOf(context);
    const scalar = root ? context.editor.scalarAt(root, ['apiVersion']) : undefined;
    if (!scalar || !context.resource) return [];
    const expected = KINDS[context.resource.kind].apiVersion;
    return [quickFix(`Change to \`${expected}\``, () => context.editor.replaceString(scalar, expected), { preferred: true })];
  } },
};
