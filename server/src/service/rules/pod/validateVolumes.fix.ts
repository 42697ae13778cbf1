// Quick fixes for the volume checks: say `emptyDir: {}` out loud, keep one source of two.
import { removeFix, setFix, valueAt } from '../../fixes/common';
import type { Fixes } from '../../fixes/types';
import { isObject } from '../../kube/defaults';
import { volumeSourcesOf } from './volumeSources';

export const VOLUME_FIXES: Fixes = {
  'pod/volume-source-implicit-empty-dir': {
    does: 'Adds `emptyDir: {}`, what the server makes of a volume without a source',
    offer: (context) => [setFix(context, 'Add `emptyDir: {}`', [...context.path, 'emptyDir'], {}, { preferred: true, after: ['name'] })],
  },
  'pod/volume-source-multiple': {
    does: 'Removes the extra source (or, as an alternative, the first one)',
    offer: (context) => {
      const extra = context.path[context.path.length - 1];
      const volumePath = context.path.slice(0, -1);
      const volume = valueAt(context, volumePath);
      const first = isObject(volume) ? volumeSourcesOf(volume, context.minor).kept[0] : undefined;
      return [
        removeFix(context, `Remove \`${String(extra)}\``, context.path),
        ...(first && first !== extra ? [removeFix(context, `Remove \`${first}\` and keep \`${String(extra)}\``, [...volumePath, first], { lazy: true })] : []),
      ];
    },
  },
};
