// Quick fixes for the mount and device checks: a volume name close to a typo, the closest propagation or
// read-only mode, `readOnly: true` where recursiveReadOnly needs it, a relative subPath.
import { allowedValueFixes, quickFix, removeFix, setFix, valueAt } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';
import { isObject } from '../../kube/defaults';
import { closestName } from '../../schema/messages';

/** The pod spec above a container path such as [..., 'spec', 'containers', 0, 'volumeMounts', 1, 'name']. */
function volumeNames(context: FixContext): string[] {
  const specEnd = context.path.findIndex((segment) => segment === 'containers' || segment === 'initContainers');
  const volumes = specEnd > 0 ? valueAt(context, [...context.path.slice(0, specEnd), 'volumes']) : undefined;
  return Array.isArray(volumes) ? volumes.flatMap((volume) => (isObject(volume) && typeof volume.name === 'string' ? [volume.name] : [])) : [];
}

function replaceText(context: FixContext, title: string, value: string, preferred: boolean): QuickFix {
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
  return quickFix(title, () => (scalar ? context.editor.replaceString(scalar, value) : undefined), preferred ? { preferred } : {});
}

/** "Change to `data`": the volume a misspelt name most likely meant. */
function closestVolumeFix(context: FixContext): QuickFix[] {
  const written = valueAt(context, context.path);
  if (typeof written !== 'string') return [];
  const names = volumeNames(context);
  const closest = names.find((name) => name.toLowerCase() === written.toLowerCase()) ?? closestName(written, names);
  return closest ? [replaceText(context, `Change to \`${closest}\``, closest, true)] : [];
}

const mountField = (context: FixContext, field: string) => [...context.path.slice(0, -1), field];

export const VOLUME_MOUNT_FIXES: Fixes = {
  'pod/volume-mount-not-found': { does: 'Changes to the volume name the typo most likely meant', offer: closestVolumeFix },
  'pod/volume-device-not-found': { does: 'Changes to the volume name the typo most likely meant', offer: closestVolumeFix },
  'pod/volume-mount-sub-path-absolute': {
    does: 'Drops the leading `/`',
    offer: (context) => {
      const written = valueAt(context, context.path);
      const relative = typeof written === 'string' ? written.replace(/^\/+/, '') : '';
      return relative ? [replaceText(context, `Change to \`${relative}\``, relative, true)] : [];
    },
  },
  'pod/volume-mount-sub-path-exclusive': {
    does: 'Removes `subPath` (or, as an alternative, `subPathExpr`)',
    offer: (context) => [
      removeFix(context, 'Remove `subPath`', mountField(context, 'subPath')),
      removeFix(context, 'Remove `subPathExpr`', context.path, { lazy: true }),
    ],
  },
  'pod/volume-mount-propagation-unsupported': {
    does: 'Changes to the closest propagation mode (preferred), or to any other',
    offer: (context) => allowedValueFixes(context, ['None', 'HostToContainer', 'Bidirectional']),
  },
  'pod/volume-mount-propagation-bidirectional-unprivileged': {
    does: 'Changes to `HostToContainer`',
    offer: (context) => [replaceText(context, 'Change to `HostToContainer`', 'HostToContainer', false)],
  },
  'pod/volume-mount-recursive-read-only-unsupported': {
    does: 'Changes to the closest recursiveReadOnly mode (preferred), or to any other',
    offer: (context) => allowedValueFixes(context, ['Disabled', 'IfPossible', 'Enabled']),
  },
  'pod/volume-mount-recursive-read-only-needs-read-only': {
    does: 'Adds `readOnly: true` (or, as an alternative, removes `recursiveReadOnly`)',
    offer: (context) => [
      setFix(context, 'Add `readOnly: true`', mountField(context, 'readOnly'), true, { preferred: true, after: ['mountPath', 'name'] }),
      removeFix(context, 'Remove `recursiveReadOnly`', context.path, { lazy: true }),
    ],
  },
  'pod/volume-mount-recursive-read-only-propagation': {
    does: 'Removes `mountPropagation`',
    offer: (context) => [removeFix(context, 'Remove `mountPropagation`', mountField(context, 'mountPropagation'))],
  },
};
