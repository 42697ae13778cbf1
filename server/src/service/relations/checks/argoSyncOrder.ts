// An object Argo CD syncs before a ConfigMap, Secret, ServiceAccount or PersistentVolumeClaim its Pods need.
// Mirrors gitops-engine (pkg/sync): every object gets sync tasks by phase (syncPhases: its
// `argocd.argoproj.io/hook` types, Helm hooks mapped to PreSync and PostSync when it has none, else Sync) and
// wave (syncwaves.Wave: `argocd.argoproj.io/sync-wave`, else `helm.sh/hook-weight`, else 0); tasks run in
// (phase, wave) order (syncTasks.Less), and a later wave starts only when every task of the current one is
// done: a hook until it completes, another object until it is healthy. A Job or Deployment whose Pods wait
// for a ConfigMap of a later wave never becomes healthy, so on the application's first sync (nothing exists
// yet) the later wave never comes.
import type { RuleCode } from '../../types';
import type { ObjectFacts } from '../facts';
import { resolveReference } from '../resolve';
import type { RelationContext, RelationFinding, RelationRule } from '../rule';
import type { WorkspaceIndex } from '../workspaceIndex';
import { helmEvents, helmWeight } from './helmHookOrder';

export const ARGOCD_SYNC_ORDER: RuleCode = {
  code: 'relations/argocd-sync-order',
  severity: 'warning',
  title: 'An object Argo CD syncs (and waits for) in an earlier phase or wave than a ConfigMap, Secret, ServiceAccount or PersistentVolumeClaim its Pods need; a hint for a chart\'s pre-upgrade hook, which Argo CD runs as PreSync on the first sync too',
  mirrors: 'gitops-engine syncPhases, syncwaves.Wave and syncTasks.Less (pkg/sync)',
  href: 'https://argo-cd.readthedocs.io/en/stable/user-guide/sync-waves/',
};

/** gitops-engine syncPhaseOrder. */
const PHASE_ORDER: Record<string, number> = { PreSync: -1, Sync: 0, PostSync: 1, SyncFail: 2 };
const HELM_PHASES: Record<string, string> = { 'pre-install': 'PreSync', 'pre-upgrade': 'PreSync', 'post-install': 'PostSync', 'post-upgrade': 'PostSync' };
const ARGO_HOOKS = new Set(['PreSync', 'Sync', 'PostSync', 'SyncFail', 'PostDelete', 'Skip']);

/** Kinds whose health Argo CD waits for (its built-in health checks): Pods in them must start. */
const WAITED_FOR = new Set(['Job', 'Pod', 'Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);
const NEEDED = new Set(['ConfigMap', 'Secret', 'ServiceAccount', 'PersistentVolumeClaim']);

interface Task {
  phase: string;
  /** undefined: not settled (a key the template's values may add). */
  wave: number | undefined;
}

/** Go's strconv.Atoi on an annotation: the number, or undefined when it is none. */
function atoi(value: string | undefined): number | undefined {
  return value !== undefined && /^[+-]?\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * syncwaves.Wave, asked per key: `argocd.argoproj.io/sync-wave` when it is written as a number, else Helm's
 * `helm.sh/hook-weight` (helm.Weight: Atoi, 0 when absent or no number). A key a template's values may add
 * (an open annotation map) leaves the wave unsettled only where the keys written do not settle it.
 */
function waveOf(annotations: ObjectFacts['annotations']): number | undefined {
  const { argoWave, helmWeight: weight } = annotations;
  const argo = atoi(argoWave.value);
  if (argo !== undefined) return argo;
  if (argoWave.unknown) return undefined;
  return helmWeight(weight);
}

/**
 * An object's sync tasks (gitops-engine syncPhases), or undefined when its phases are not settled. Asked per
 * key: a written `argocd.argoproj.io/hook` decides alone (Helm's hook is then ignored); only when it may be added
 * by the values (not written, the map open) are the phases unsettled.
 */
export function syncTasks(object: ObjectFacts): Task[] | undefined {
  const { argoHook, helmHook } = object.annotations;
  const wave = waveOf(object.annotations);
  let phases: string[];
  if (argoHook.value !== undefined) {
    const types = argoHook.value.split(',').map((type) => type.trim()).filter((type) => ARGO_HOOKS.has(type));
    if (types.includes('Skip') && types.length === 1) return [];
    phases = types.filter((type) => type in PHASE_ORDER);
  } else if (argoHook.unknown || helmHook.unknown) {
    return undefined;
  } else if (helmHook.value !== undefined) {
    const events = helmEvents(helmHook.value) ?? [];
    phases = [...new Set(events.map((event) => HELM_PHASES[event]).filter(Boolean))];
  } else {
    phases = ['Sync'];
  }
  return phases.map((phase) => ({ phase, wave }));
}

/** The first task (phase, then wave: syncTasks.Less); its wave may be unsettled, its phase never is. */
function first(tasks: readonly Task[]): Task | undefined {
  return [...tasks].sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase] || (a.wave ?? 0) - (b.wave ?? 0))[0];
}

/**
 * Whether `a` certainly runs in an earlier (phase, wave) than `b` (syncTasks.Less orders by phase, then wave, then
 * kind and name; but one wave is applied together and waited for as a whole, so only phase and wave order waiting).
 */
function before(a: Task, b: Task): boolean {
  if (PHASE_ORDER[a.phase] !== PHASE_ORDER[b.phase]) return PHASE_ORDER[a.phase] < PHASE_ORDER[b.phase];
  return a.wave !== undefined && b.wave !== undefined && a.wave < b.wave;
}

const ANNOTATION_KEYS = { helmHook: 'helm.sh/hook', helmWeight: 'helm.sh/hook-weight', argoHook: 'argocd.argoproj.io/hook', argoWave: 'argocd.argoproj.io/sync-wave' } as const;

/**
 * An object as Argo CD receives it from kustomize: the `commonAnnotations` its builds apply (its kustomization's,
 * those of the kustomizations that build on it, of the components that run after it: relations/scope.ts) set their
 * keys over what is written (kustomize's annotations transformer). Kustomizations that build the file and
 * disagree on a key, or a build too large to follow, leave it unsettled.
 */
function asBuilt(index: WorkspaceIndex, path: string, object: ObjectFacts): ObjectFacts {
  const scopes = index.scopesOf(path).filter((scope) => scope.kind === 'kustomization');
  if (!scopes.some((scope) => scope.annotations || scope.unsettled)) return object;
  const annotations = { ...object.annotations };
  for (const [field, key] of Object.entries(ANNOTATION_KEYS) as [keyof typeof ANNOTATION_KEYS, string][]) {
    const values = new Set(scopes.map((scope) => scope.annotations?.[key]));
    if (values.size > 1 || scopes.some((scope) => scope.unsettled)) annotations[field] = { unknown: true };
    else {
      const [value] = values;
      if (value !== undefined) annotations[field] = { value };
    }
  }
  return { ...object, annotations };
}

function usesArgo(object: ObjectFacts): boolean {
  return object.annotations.argoHook.value !== undefined || object.annotations.argoWave.value !== undefined;
}

/** A chart's hook that Helm runs on upgrades only (no `pre-install`), which Argo CD runs as PreSync on every sync. */
function helmOnlyUpgradeHook(context: RelationContext, consumer: ObjectFacts): boolean {
  const hook = consumer.annotations.helmHook.value;
  const events = hook === undefined ? undefined : helmEvents(hook);
  if (!events || events.includes('pre-install') || !events.includes('pre-upgrade')) return false;
  return context.index.scopesOf(context.path).some((scope) => scope.kind === 'chart');
}

function describe(task: Task): string {
  return `${task.phase} phase, wave ${task.wave ?? 'set by the values'}`;
}

function check(context: RelationContext): RelationFinding[] {
  const consumer = asBuilt(context.index, context.path, context.object);
  if (!WAITED_FOR.has(consumer.kind) || !consumer.pods.length) return [];
  const ours = syncTasks(consumer);
  const start = ours && first(ours);
  if (!start) return [];
  const findings: RelationFinding[] = [];
  for (const reference of consumer.references) {
    if (!reference.needed || !NEEDED.has(reference.target)) continue;
    const definitions = resolveReference(context.index, context.path, consumer, reference).filter((definition) => context.index.sameScope(context.path, definition.path));
    if (!definitions.length) continue;
    // Without Argo CD annotations, only a chart's `pre-upgrade` hook (not `pre-install`: relations/helm-hook-order
    // speaks for that) is judged as Argo CD would run it, and only as a hint: Helm itself runs it on upgrades only.
    const built = definitions.map((definition) => asBuilt(context.index, definition.path, definition.object));
    const annotated = usesArgo(consumer) || built.some(usesArgo);
    const upgradeHook = !annotated && helmOnlyUpgradeHook(context, consumer);
    if (!annotated && !upgradeHook) continue;
    const starts = built.map((object) => {
      const tasks = syncTasks(object);
      return tasks && tasks.length ? first(tasks) : undefined;
    });
    if (!starts.every((task) => task && before(start, task))) continue;
    const kind = reference.target;
    const name = reference.name.text;
    if (upgradeHook) {
      findings.push({
        code: ARGOCD_SYNC_ORDER.code,
        severity: 'hint',
        message:
          `If Argo CD deploys this chart: it runs \`pre-upgrade\` hooks as PreSync hooks on every sync, the first one included, before the chart's ` +
          `regular resources, so on the first sync this ${consumer.kind}'s Pods wait for ${kind} \`${name}\`, which does not exist yet, and the sync ` +
          `gets no further. Helm itself runs \`pre-upgrade\` hooks on upgrades only, when the ${kind} is there. Give the ${kind} an earlier ` +
          `\`argocd.argoproj.io/sync-wave\` and make it a PreSync hook too, or leave this hook out of Argo CD (\`argocd.argoproj.io/hook: Skip\`).`,
        path: reference.path,
        span: reference.span,
        related: definitions.map((definition, i) => ({ path: definition.path, range: definition.range, message: `${kind} \`${name}\` is synced here, in the ${describe(starts[i] as Task)}.` })),
      });
      continue;
    }
    findings.push({
      code: ARGOCD_SYNC_ORDER.code,
      severity: 'warning',
      message:
        `Argo CD syncs this ${consumer.kind} (${describe(start)}) before ${kind} \`${name}\` (${describe(starts[0] as Task)}), and waits for it to ` +
        `${consumer.annotations.argoHook.value !== undefined || consumer.annotations.helmHook.value !== undefined ? 'complete' : 'be healthy'} before the next wave. ` +
        `On the first sync its Pods cannot start without the ${kind}, so the sync never reaches the ${kind}'s wave. ` +
        `Give the ${kind} an earlier \`argocd.argoproj.io/sync-wave\` (or phase) than this ${consumer.kind}'s.`,
      path: reference.path,
      span: reference.span,
      related: definitions.map((definition, i) => ({ path: definition.path, range: definition.range, message: `${kind} \`${name}\` is synced here, in the ${describe(starts[i] as Task)}.` })),
    });
  }
  return findings;
}

export const argoSyncOrder: RelationRule = {
  name: 'argoSyncOrder',
  codes: [ARGOCD_SYNC_ORDER],
  scope: 'one Argo CD source: the same kustomization, chart or folder',
  reason:
    'Argo CD applies one (phase, wave) at a time and starts the next only when every object of the current one is healthy or, for a hook, ' +
    'complete; a Pod cannot start without the ConfigMap, Secret, ServiceAccount or claim it needs (optional references are left out). ' +
    'Only objects with Argo CD annotations on either end are judged, with every annotation settled, and only when every object of that name comes later; ' +
    'a chart\'s pre-upgrade hook without them gets a hint that says "if Argo CD deploys this chart" (Helm alone runs it on upgrades only).',
  check,
};
