// Quick fixes for the volume-source checks: a file mode in the octal form that was meant, the closest
// supported value (a claim selector's operator too), a leading `/` added or dropped, a token lifetime within
// bounds, a forbidden key removed.
import { allowedValueFixes, numberFix, quickFix, removeFix, valueAt } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';
import { LABEL_SELECTOR_OPERATORS } from './podEnums';
import { octalReading } from './volumeChecks';

function replaceString(context: FixContext, title: string, value: string): QuickFix {
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
  return quickFix(title, () => (scalar ? context.editor.replaceString(scalar, value) : undefined), { preferred: true });
}

/** `mode: 644` -> `mode: 0644` in YAML (octal with a leading zero), `420` in a JSON document. */
function octalModeFix(context: FixContext): QuickFix[] {
  const mode = valueAt(context, context.path);
  const octal = typeof mode === 'number' ? octalReading(mode) : undefined;
  if (!octal) return [];
  const decimal = parseInt(octal, 8);
  if (/^\s*[{[]/.test(context.doc.text)) return [numberFix(context, `Change to ${decimal} (octal ${octal})`, context.path, decimal)];
  const root = rootOf(context);
  const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
  return [quickFix(`Change to \`${octal}\` (octal)`, () => (scalar?.range ? { start: scalar.range[0], end: scalar.range[1], text: octal } : undefined), { preferred: true })];
}

function pathFix(transform: (path: string) => string): (context: FixContext) => QuickFix[] {
  return (context) => {
    const written = valueAt(context, context.path);
    const fixed = typeof written === 'string' ? transform(written) : '';
    return fixed && fixed !== written ? [replaceString(context, `Change to \`${fixed}\``, fixed)] : [];
  };
}

const values = (allowed: readonly string[]) => (context: FixContext) => allowedValueFixes(context, allowed);

export const VOLUME_SOURCE_FIXES: Fixes = {
  'pod/volume-file-mode-out-of-range': { does: 'Writes a decimal-looking mode (`644`) in the octal form that was meant (`0644`)', offer: octalModeFix },
  'pod/volume-path-absolute': { does: 'Drops the leading `/`', offer: pathFix((path) => path.replace(/^\/+/, '')) },
  'pod/volume-host-path-relative': { does: 'Makes the path absolute (`data` -> `/data`)', offer: pathFix((path) => `/${path.replace(/^\.\/+/, '')}`) },
  'pod/volume-nfs-path-not-absolute': { does: 'Makes the path absolute (`exports` -> `/exports`)', offer: pathFix((path) => `/${path}`) },
  'pod/volume-host-path-type-unsupported': {
    does: 'Changes to the closest hostPath type (preferred), or to any other',
    offer: values(['Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket', 'CharDevice', 'BlockDevice']),
  },
  'pod/volume-empty-dir-medium-unknown': { does: 'Changes to the closest medium (`Memory`, `HugePages`)', offer: values(['Memory', 'HugePages']) },
  'pod/volume-azure-disk-caching-mode-unsupported': { does: 'Changes to the closest caching mode (preferred), or to any other', offer: values(['None', 'ReadOnly', 'ReadWrite']) },
  'pod/volume-azure-disk-kind-unsupported': { does: 'Changes to the closest disk kind (preferred), or to any other', offer: values(['Shared', 'Dedicated', 'Managed']) },
  'pod/volume-image-pull-policy-unsupported': { does: 'Changes to the closest pull policy (preferred), or to any other', offer: values(['Always', 'IfNotPresent', 'Never']) },
  'pod/volume-claim-access-mode-unsupported': {
    does: 'Changes to the closest access mode (preferred), or to any other',
    offer: (context) => allowedValueFixes(context, context.minor >= 27 ? ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'] : ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany']),
  },
  'pod/volume-claim-volume-mode-unsupported': { does: 'Changes to the closest volume mode (preferred), or to the other', offer: values(['Filesystem', 'Block']) },
  'pod/volume-downward-api-field-path-unsupported': {
    does: 'Changes to the closest field a volume can expose (preferred), or to any other',
    offer: values(['metadata.name', 'metadata.namespace', 'metadata.uid', 'metadata.labels', 'metadata.annotations']),
  },
  'pod/volume-downward-api-resource-unsupported': {
    does: 'Changes to the closest resource (preferred), or to any other',
    offer: values(['limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage']),
  },
  'pod/volume-token-expiration-out-of-range': {
    does: 'Sets the nearest allowed lifetime (600 seconds, or 2^32)',
    offer: (context) => {
      const seconds = valueAt(context, context.path);
      if (typeof seconds !== 'number') return [];
      const nearest = seconds < 600 ? 600 : 2 ** 32;
      return [numberFix(context, `Change to ${nearest}`, context.path, nearest)];
    },
  },
  'pod/volume-claim-selector-invalid': {
    does: 'Changes an unknown operator to the closest label selector operator (preferred), or to any other',
    // One code covers every selector problem; only an operator has values to choose from.
    offer: (context) => (context.path[context.path.length - 1] === 'operator' ? allowedValueFixes(context, LABEL_SELECTOR_OPERATORS) : []),
  },
  'pod/volume-claim-template-metadata-forbidden': {
    does: 'Removes the field',
    offer: (context) => [removeFix(context, `Remove \`${String(context.path[context.path.length - 1])}\``, context.path, { preferred: true })],
  },
};
