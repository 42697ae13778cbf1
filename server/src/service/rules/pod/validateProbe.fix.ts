// Quick fixes of the probe checks, and the handler fixes shared with the lifecycle hooks: remove an extra
// handler (or keep only it), the closest scheme, unquote a numeric port, successThreshold 1, and
// remove what an init container or a readiness probe may not have.
import { closestValueEntry, removeFix, numberFix, quickFix, setFix, valueAt } from '../../fixes/common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from '../../fixes/types';

const HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc', 'sleep'];

function handlerRemovals(context: FixContext): QuickFix[] {
  const extra = context.path[context.path.length - 1];
  const handlerPath = context.path.slice(0, -1);
  const handler = valueAt(context, handlerPath);
  if (typeof extra !== 'string' || !handler || typeof handler !== 'object' || Array.isArray(handler)) return [];
  const others = HANDLERS.filter((name) => name !== extra && handler[name] !== undefined);
  const root = rootOf(context);
  return [
    removeFix(context, `Remove the \`${extra}\` handler`, context.path),
    quickFix(`Keep only the \`${extra}\` handler`, () => others.map((name) => (root ? context.editor.remove(root, [...handlerPath, name]) : undefined))),
  ];
}

/** `port: "8080"` is a (bad) port name; the number without quotes is what was meant. */
function unquotePort(context: FixContext): QuickFix[] {
  const written = valueAt(context, context.path);
  if (typeof written !== 'string' || !/^\d+$/.test(written)) return [];
  const port = Number(written);
  if (port < 1 || port > 65535) return [];
  const root = rootOf(context);
  return [quickFix(`Write the port as the number ${port}`, () => {
    const scalar = root ? context.editor.scalarAt(root, context.path) : undefined;
    return scalar ? context.editor.replaceRaw(scalar, port) : undefined;
  }, { preferred: true })];
}

/** The handler fixes of one code prefix (`pod/probe` or `pod/lifecycle`). */
export function handlerFixes(prefix: string): Fixes {
  return {
    [`${prefix}-handler-multiple`]: { does: 'Removes the extra handler, or keeps only it', offer: handlerRemovals },
    [`${prefix}-http-scheme-unsupported`]: closestValueEntry('scheme', ['HTTP', 'HTTPS']),
    [`${prefix}-port-invalid`]: { does: 'Writes a quoted port number as a number', offer: unquotePort },
  };
}

/** Removes a field an init container may not have, or makes the init container a sidecar (1.29+). */
export function initContainerFixes(context: FixContext): QuickFix[] {
  const field = context.path[context.path.length - 1];
  const container = context.path.slice(0, -1);
  const fixes = [removeFix(context, `Remove \`${String(field)}\``, context.path)];
  if (context.minor >= 29) {
    fixes.push(setFix(context, 'Make it a sidecar (`restartPolicy: Always`)', [...container, 'restartPolicy'], 'Always', { lazy: true, after: ['image', 'name'] }));
  }
  return fixes;
}

export const PROBE_FIXES: Fixes = {
  ...handlerFixes('pod/probe'),
  'pod/probe-success-threshold-not-one': {
    does: 'Sets `successThreshold: 1`',
    offer: (context) => [numberFix(context, 'Set `successThreshold: 1`', context.path, 1)],
  },
  'pod/probe-termination-grace-period-on-readiness': {
    does: 'Removes `terminationGracePeriodSeconds` from the readiness probe',
    offer: (context) => [removeFix(context, 'Remove `terminationGracePeriodSeconds`', context.path, { preferred: true })],
  },
  'pod/probe-on-init-container': {
    does: 'Removes the probe, or makes the init container a sidecar (1.29+)',
    offer: initContainerFixes,
  },
};
