// An object Argo CD syncs before a ConfigMap, Secret, ServiceAccount or PersistentVolumeClaim its Pods need.
// Mirrors gitops-engine (pkg/sync): every object gets sync tasks by phase (syncPhases: its
// `argocd.argoproj.io/hook` types, Helm hooks mapped to PreSync and PostSync when it has none, else Sync) and
// wave (syncwaves.Wave: `argocd.argoproj.io/sync-wave`, else `helm.sh/hook-weight`, else 0); tasks run in
// (phase, wave) order (syncTasks.Less), and a later wave starts only when every task of the current one is
// done: a hook until it completes, another object until it is healthy. A Job or Deployment whose Pods wait
// for a ConfigMap of a later wave never becomes healthy, so on the application's first sync (nothing exists
// yet) the later wave never comes.
import type { RuleCode } from '../../types';
import type { ObjectFacts, Read } from '../facts';
import { resolveReference } from '../resolve';
import type { RelationContext, RelationFinding, RelationRule } from '../rule';
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
  wave: number;
}

/** Go's strconv.Atoi on an annotation: the number, or undefined when it is none. */
function atoi(value: string | undefined): number | undefined {
  return value !== undefined && /^[+-]?\d+$/.test(value) ? Number(value) : undefined;
}

function certain(...reads: Read<string>[]): boolean {
  return reads.every((read) => !read.unknown);
}

/** An object's sync tasks, or undefined when its annotations are not settled. */
export function syncTasks(object: ObjectFacts): Task[] | undefined {
  const { argoHook, argoWave, helmHook, helmWeight: weight } = object.annotations;
  if (!certain(argoHook, argoWave, helmHook, weight)) return undefined;
  const wave = atoi(argoWave.value) ?? helmWeight(weight) ?? 0;
  let phases: string[];
  if (argoHook.value !== undefined) {
    const types = argoHook.value.split(',').map((type) => type.trim()).filter((type) => ARGO_HOOKS.has(type));
    if (types.includes('Skip') && types.length === 1) return [];
    phases = types.filter((type) => type in PHASE_ORDER);
  } else if (helmHook.value !== undefined) {
    const events = helmEvents(helmHook.value) ?? [];
    phases = [...new Set(events.map((event) => HELM_PHASES[event]).filter(Boolean))];
  } else {
    phases = ['Sync'];
  }
  return phases.map((phase) => ({ phase, wave }));
}

function first(tasks: readonly Task[]): Task | undefined {
  return [...tasks].sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase] || a.wave - b.wave)[0];
}

function before(a: Task, b: Task): boolean {
  return PHASE_ORDER[a.phase] < PHASE_ORDER[b.phase] || (a.phase === b.phase && a.wave < b.wave);
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
  return `${task.phase} phase, wave ${task.wave}`;
}

function check(context: RelationContext): RelationFinding[] {
  const consumer = context.object;
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
    const annotated = usesArgo(consumer) || definitions.some((definition) => usesArgo(definition.object));
    const upgradeHook = !annotated && helmOnlyUpgradeHook(context, consumer);
    if (!annotated && !upgradeHook) continue;
    const starts = definitions.map((definition) => {
      const tasks = syncTasks(definition.object);
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
