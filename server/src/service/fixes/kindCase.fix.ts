// Quick fix for `kind/case` (reported from kube/resources.ts's classification, `wrong-kind-case`): the kind as the
// API serves it, `job` -> `Job`. The obvious repair, so preferred (check --fix applies it).
import { quickFix } from './common';
import { rootOf, type Fixes } from './types';

export const KIND_CASE_FIXES: Fixes = {
  'kind/case': {
    does: 'Writes the kind as the API serves it (`job` -> `Job`)',
    offer: (context) => {
      const root = rootOf(context);
      const scalar = root ? context.editor.scalarAt(root, ['kind']) : undefined;
      if (!scalar || !context.resource) return [];
      const kind = context.resource.kind;
      return [quickFix(`Change to \`${kind}\``, () => context.editor.replaceString(scalar, kind), { preferred: true })];
    },
  },
};
