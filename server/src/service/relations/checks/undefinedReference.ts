// A reference to a ServiceAccount, ConfigMap, Secret or PersistentVolumeClaim that the kustomization or chart
// of the object does not define, while it defines others of that kind in that namespace. Such a name must
// exist in the cluster before the Pods start, or they wait for it (a Job whose ServiceAccount is missing
// creates no Pods and keeps an empty status, kubernetes/kubernetes#100726). Many deployments rely on objects
// made elsewhere (a sealed secret, a registry credential), so these are hints, and only when a workspace asks
// for them (`kubeassist.relations.undefinedReferences`).
import type { RuleCode } from '../../types';
import { listed, namespaceKey, resolveReference, sameNamespace } from '../resolve';
import { mayBeEqual } from '../names';
import type { RelationContext, RelationFinding, RelationRule } from '../rule';

export const UNDEFINED_REFERENCE: RuleCode = {
  code: 'relations/undefined-reference',
  severity: 'hint',
  title: 'A ServiceAccount, ConfigMap, Secret or PersistentVolumeClaim the same kustomization or chart does not define, while it defines others of that kind in that namespace (opt-in: `kubeassist.relations.undefinedReferences`)',
  mirrors: 'ServiceAccount admission (plugin/pkg/admission/serviceaccount) and the kubelet\'s lookups of ConfigMaps, Secrets and claims',
  href: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/',
};

const KINDS = new Set(['ServiceAccount', 'ConfigMap', 'Secret', 'PersistentVolumeClaim']);

function check(context: RelationContext): RelationFinding[] {
  if (!context.settings.undefinedReferences) return [];
  const scopes = context.index.scopesOf(context.path).filter((scope) => scope.kind !== 'folder');
  if (!scopes.length) return [];
  const findings: RelationFinding[] = [];
  const namespace = namespaceKey(context.object.namespace);
  for (const reference of context.object.references) {
    if (!KINDS.has(reference.target) || !reference.needed || !reference.name.key) continue;
    const inScope = (path: string) => context.index.sameScope(context.path, path);
    if (resolveReference(context.index, context.path, context.object, reference).some((definition) => inScope(definition.path))) continue;
    const others = context.index.definitionsOfKind(reference.target).filter((definition) => inScope(definition.path) && sameNamespace(context.index, context.path, namespace, definition));
    if (!others.length) continue;
    // A name a template writes, or one a template may write: compared by action text and literal parts, as the
    // other checks compare names; any definition that may render to the same name leaves the reference alone.
    if (others.some((definition) => !definition.object.name || mayBeEqual(reference.name, definition.object.name))) continue;
    const names = [...new Set(others.map((definition) => `\`${definition.object.name?.text}\``))];
    const what = scopes[0].kind === 'chart' ? 'chart' : 'kustomization';
    findings.push({
      code: UNDEFINED_REFERENCE.code,
      severity: 'hint',
      message:
        `${reference.target} \`${reference.name.text}\` is not defined by this ${what}, which defines ${listed(names.slice(0, 4))}${names.length > 4 ? ' and others' : ''} in this namespace. ` +
        `It must exist in the cluster before the Pods start, or they wait for it${reference.target === 'ServiceAccount' ? ' (a Job whose ServiceAccount is missing creates no Pod at all)' : ''}.`,
      path: reference.path,
      span: reference.span,
      related: others.slice(0, 4).map((definition) => ({ path: definition.path, range: definition.range, message: `${reference.target} \`${definition.object.name?.text}\` is defined here.` })),
    });
  }
  return findings;
}

export const undefinedReference: RelationRule = {
  name: 'undefinedReference',
  codes: [UNDEFINED_REFERENCE],
  scope: 'the same kustomization or Helm chart (never a plain folder), opt-in',
  reason:
    'Objects often come from elsewhere, so this is a hint a workspace turns on; it speaks only when the kustomization or chart defines other ' +
    'objects of that kind in that namespace (so it manages them), and only for names no definition there may render to: a template\'s ' +
    'names are compared by their action text and literal parts (`{{ include "app.fullname" . }}-env` is not `...-config`; a name from ' +
    'the values may be anything, and is left alone).',
  check,
};
