// Quick fixes for the container checks: a container to start from, a name or image to fill in (snippets),
// a unique or valid name, an image without stray spaces, the closest termination message policy.
import { placeholder } from '../../document/edits';
import { closestValueEntry, containerNames, quickFix, setFix, unusedName } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';

const IMAGE = 'busybox:1.36';

function nameScalar(context: FixContext) {
  const root = rootOf(context);
  return root ? context.editor.scalarAt(root, context.path) : undefined;
}

function renameFix(context: FixContext, to: string): QuickFix {
  const scalar = nameScalar(context);
  return quickFix(`Rename to \`${to}\``, () => (scalar ? context.editor.replaceString(scalar, to) : undefined));
}

/** A DNS-1123 label close to `name`: lower case, other characters as `-`, at most 63. */
export function dnsLabelLike(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/-+/g, '-').slice(0, 63).replace(/^-+|-+$/g, '');
}

export const CONTAINER_FIXES: Fixes = {
  'pod/containers-empty': {
    does: 'Inserts a container with placeholders (a snippet where the editor supports it)',
    offer: (context) => [setFix(context, 'Add a container', context.path,
      [{ name: placeholder(unusedName(containerNames(context), 'main')), image: placeholder(IMAGE) }], { lazy: true })],
  },
  'pod/container-name-required': {
    does: 'Inserts a name placeholder',
    offer: (context) => [setFix(context, 'Add a name', context.path, placeholder(unusedName(containerNames(context), 'main')), { lazy: true })],
  },
  'pod/container-name-invalid': {
    does: 'Renames to a DNS-1123 label (`My_App` -> `my-app`)',
    offer: (context) => {
      const written = nameScalar(context)?.value;
      const label = typeof written === 'string' ? dnsLabelLike(written) : '';
      return label && label !== written ? [renameFix(context, unusedName(containerNames(context), label))] : [];
    },
  },
  'pod/container-name-duplicate': {
    does: 'Renames to an unused name (`main-2`)',
    offer: (context) => {
      const written = nameScalar(context)?.value;
      return typeof written === 'string' ? [renameFix(context, unusedName(containerNames(context), written))] : [];
    },
  },
  'pod/container-image-required': {
    does: 'Inserts an image placeholder',
    offer: (context) => [setFix(context, 'Add an image', context.path, placeholder(IMAGE), { lazy: true, after: ['name'] })],
  },
  'pod/container-image-whitespace': {
    does: 'Removes the spaces around the image',
    offer: (context) => {
      const scalar = nameScalar(context);
      return typeof scalar?.value === 'string'
        ? [quickFix('Remove the spaces around the image', () => context.editor.replaceString(scalar, String(scalar.value).trim()), { preferred: true })]
        : [];
    },
  },
  'pod/container-termination-message-policy-unsupported': closestValueEntry('policy', ['File', 'FallbackToLogsOnError']),
};
