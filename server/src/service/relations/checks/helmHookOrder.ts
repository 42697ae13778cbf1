// A Helm hook whose Pod reads a ConfigMap, Secret, ServiceAccount or PersistentVolumeClaim that the same
// release creates only later. Mirrors Helm (pkg/action/hooks.go execHookWithDelayedShutdown): an event's hooks run
// one at a time, sorted by hookByWeight.Less (weight, then `metadata.name`), each created and waited for in
// turn, a hook Job until it completes and a hook Pod until it succeeds (only Jobs and Pods are waited for);
// install creates the chart's regular resources after the last pre-install hook (pkg/action/install.go); a hook
// object stays after its event unless its delete policy holds `hook-succeeded`. Every event the Job belongs to is
// judged at its first run (pre-install, then post-install, the first upgrade, the first rollback). A Pod whose
// ConfigMap or Secret does not exist stays in CreateContainerConfigError or ContainerCreating, one whose
// ServiceAccount does not exist is never created, one whose claim does not exist is never scheduled: the hook
// never completes and the operation fails at its timeout (helm/helm#9163, #2622, mastodon/chart#73,
// bitnami/charts#20902).
import type { RuleCode } from '../../types';
import type { DefinitionEntry } from '../workspaceIndex';
import type { ObjectFacts, Read } from '../facts';
import { compareNames } from '../names';
import { distinct, resolveReference, sameRelease } from '../resolve';
import type { FileEdit, RelatedEnd, RelationContext, RelationFinding, RelationRule } from '../rule';

const HOOKS = 'https://helm.sh/docs/topics/charts_hooks/';

export const HELM_HOOK_ORDER: RuleCode = {
  code: 'relations/helm-hook-order',
  severity: 'warning',
  title: 'A Helm hook (Job or Pod) reads a ConfigMap, Secret, ServiceAccount or PersistentVolumeClaim that the same release creates after it, at any event it runs in (pre-install, pre-upgrade, pre-rollback, post-*): a regular resource before the install, or a hook that runs later (weight, then name); a hint where the order depends on the release\'s name (the editor\'s quick fix makes a regular resource a hook of a lower weight, in its own file)',
  mirrors: 'Helm execHookWithDelayedShutdown and hookByWeight.Less (pkg/action/hooks.go), deleteHookByPolicy, and Install (pkg/action/install.go)',
  href: HOOKS,
};

/** The events Helm knows (pkg/releaseutil/manifest_sorter.go `events`); a list with any other is skipped whole. */
const EVENTS = new Set(['pre-install', 'post-install', 'pre-delete', 'post-delete', 'pre-upgrade', 'post-upgrade', 'pre-rollback', 'post-rollback', 'test', 'test-success']);

const WAITED_FOR = new Set(['ConfigMap', 'Secret', 'ServiceAccount', 'PersistentVolumeClaim']);

/** A hook annotation's events as Helm splits them (lower-cased, trimmed); undefined when one is unknown. */
export function helmEvents(value: string): string[] | undefined {
  const events = value.split(',').map((event) => event.trim().toLowerCase());
  return events.every((event) => EVENTS.has(event)) ? events : undefined;
}

/** `helm.sh/hook-weight` as Helm reads it (strconv.Atoi, 0 when it is not a number); undefined when unknown. */
export function helmWeight(weight: Read<string>): number | undefined {
  if (weight.unknown) return undefined;
  if (weight.value === undefined) return 0;
  return /^[+-]?\d+$/.test(weight.value) ? Number(weight.value) : 0;
}

/** The hook events a Job can wait in, each after the events a release has run before its first one of them. */
const EARLIER: Record<string, readonly string[]> = {
  'pre-install': [],
  'post-install': ['pre-install'],
  'pre-upgrade': ['pre-install', 'post-install'],
  'post-upgrade': ['pre-install', 'post-install', 'pre-upgrade'],
  'pre-rollback': ['pre-install', 'post-install', 'pre-upgrade', 'post-upgrade'],
  'post-rollback': ['pre-install', 'post-install', 'pre-upgrade', 'post-upgrade', 'pre-rollback'],
};

/** What fails at the timeout, by event. */
const OPERATION: Record<string, string> = {
  'pre-install': '`helm install`',
  'post-install': '`helm install`',
  'pre-upgrade': 'the first `helm upgrade`',
  'post-upgrade': 'the first `helm upgrade`',
  'pre-rollback': 'the first `helm rollback`',
  'post-rollback': 'the first `helm rollback`',
};

type Order = { after: true; why: string } | { after: false } | { release: true; why: string };

/**
 * Whether `definition` exists when the hook `job` (weight `weight`, undefined when templated) runs at `event` for
 * the first time, and why not. Mirrors Helm: execHookWithDelayedShutdown runs an event's hooks one at a time,
 * sorted by hookByWeight.Less (weight, then `metadata.name`; sort.Stable keeps the manifest sorter's kind order
 * for equal names, where a ConfigMap, Secret, ServiceAccount or claim precedes a Job or Pod, helm#10768,
 * #12414); install creates the regular resources after the pre-install hooks; a hook object stays after its
 * event unless its `helm.sh/hook-delete-policy` holds `hook-succeeded` (deleteHookByPolicy after the event's hooks
 * succeed; `before-hook-creation`, the default, deletes it only just before it is created again).
 */
function createdAfter(definition: ObjectFacts, job: ObjectFacts, event: string, weight: number | undefined): Order | undefined {
  const hook = definition.annotations.helmHook;
  if (hook.unknown) return undefined;
  if (hook.value === undefined) {
    return event === 'pre-install' ? { after: true, why: 'a regular resource of the release (Helm creates those only after every pre-install hook has finished)' } : { after: false };
  }
  const events = helmEvents(hook.value);
  if (!events) return undefined;
  const earlier = EARLIER[event].filter((other) => events.includes(other));
  if (earlier.length) {
    // Created at an earlier event: still there unless its delete policy removed it when that event succeeded.
    const policy = definition.annotations.helmDeletePolicy;
    if (policy.unknown) return undefined;
    if (!(policy.value ?? '').split(',').map((item) => item.trim()).includes('hook-succeeded')) return { after: false };
  }
  if (!events.includes(event)) {
    if (earlier.length) {
      return { after: true, why: `a \`${events.join(',')}\` hook, which Helm deletes once the \`${earlier[earlier.length - 1]}\` hooks succeed (\`hook-succeeded\`) and does not create again before the \`${event}\` hooks` };
    }
    return { after: true, why: `a \`${events.join(',')}\` hook (it does not run before the ${event === 'pre-install' ? 'pre-install' : `\`${event}\``} hooks)` };
  }
  if (weight === undefined) return undefined;
  const theirs = helmWeight(definition.annotations.helmWeight);
  if (theirs === undefined) return undefined;
  const label = event === 'pre-install' ? 'pre-install hook' : `\`${event}\` hook`;
  if (theirs > weight) return { after: true, why: `a ${label} of weight ${theirs} (Helm creates it after the hooks of weight ${weight} have finished)` };
  if (theirs < weight) return { after: false };
  if (!job.name || !definition.name) return undefined;
  const order = compareNames(definition.name, job.name);
  if (order === '>') return { after: true, why: `a ${label} of the same weight (${weight}) and a later name (Helm creates the hooks of one weight in name order)` };
  if (order === 'release') {
    return { release: true, why: `a ${label} of the same weight (${weight}); Helm creates the hooks of one weight in name order, and whether \`${definition.name.text}\` sorts after \`${job.name.text}\` depends on the release's name` };
  }
  return order === undefined ? undefined : { after: false };
}

const CONSEQUENCE: Record<string, string> = {
  ConfigMap: 'its Pod waits in CreateContainerConfigError (or ContainerCreating, for a volume) for a ConfigMap that is not there yet',
  Secret: 'its Pod waits in CreateContainerConfigError (or ContainerCreating, for a volume) for a Secret that is not there yet',
  ServiceAccount: 'the Job cannot create its Pod at all ("error looking up service account"), and its status stays empty',
  PersistentVolumeClaim: 'its Pod stays Pending ("persistentvolumeclaim not found")',
};

function check(context: RelationContext): RelationFinding[] {
  const job = context.object;
  const waitedFor = (job.kind === 'Job' && job.apiVersion.startsWith('batch/')) || (job.kind === 'Pod' && job.apiVersion === 'v1');
  if (!waitedFor || !context.index.scopesOf(context.path).some((scope) => scope.kind === 'chart')) return [];
  const hook = job.annotations.helmHook.value;
  const events = (hook === undefined ? undefined : helmEvents(hook))?.filter((event) => event in EARLIER);
  if (!events?.length) return [];
  const ordered = Object.keys(EARLIER).filter((event) => events.includes(event));
  const weight = helmWeight(job.annotations.helmWeight);
  const findings: RelationFinding[] = [];
  for (const reference of job.references) {
    if (!reference.needed || !WAITED_FOR.has(reference.target)) continue;
    const definitions = distinct(resolveReference(context.index, context.path, job, reference).filter((definition) => sameRelease(context.index, context.path, definition.path)));
    if (!definitions.length) continue;
    // The first event at which every definition of the name is missing (a warning), else one where the release's
    // name decides (a hint).
    let found: { event: string; orders: Order[]; hint: boolean } | undefined;
    for (const event of ordered) {
      const orders = definitions.map((definition) => createdAfter(definition.object, job, event, weight));
      if (!orders.every((order) => order && ('release' in order || order.after))) continue;
      const hint = orders.some((order) => order && 'release' in order);
      if (!hint) {
        found = { event, orders: orders as Order[], hint };
        break;
      }
      found ??= { event, orders: orders as Order[], hint };
    }
    if (!found) continue;
    const { event, hint } = found;
    const why = (found.orders[0] as { why: string }).why;
    const kind = reference.target;
    const name = reference.name.text;
    const related: RelatedEnd[] = definitions.map((definition, i) => ({ path: definition.path, range: definition.range, message: `${kind} \`${name}\` is created here, ${(found.orders[i] as { why: string }).why.replace(/^a /, 'as a ')}.` }));
    const fix = event === 'pre-install' && weight !== undefined && !hint ? hookFix(definitions, events, weight, kind) : undefined;
    const label = event === 'pre-install' ? 'pre-install hook' : `\`${event}\` hook`;
    const advice = `Make the ${kind} a \`${events.filter((item) => item.startsWith('pre-')).join(',') || event}\` hook with a lower \`helm.sh/hook-weight\` than this ${job.kind}'s${weight === undefined ? '' : ` (${weight})`}, or stop reading it here.`;
    findings.push({
      code: HELM_HOOK_ORDER.code,
      severity: hint ? 'hint' : 'warning',
      message: hint
        ? `This ${label} reads ${kind} \`${name}\`, which the chart creates as ${why}: for some release names ${CONSEQUENCE[kind]} and ${OPERATION[event]} fails at its timeout. ${advice}`
        : `This ${label} reads ${kind} \`${name}\`, which the chart creates as ${why}. On ${OPERATION[event]} ${CONSEQUENCE[kind]}, ` +
          `so the hook never completes and the ${event.endsWith('install') ? 'install' : event.endsWith('upgrade') ? 'upgrade' : 'rollback'} fails at its timeout. ${advice}`,
      path: reference.path,
      span: reference.span,
      related,
      ...(fix ? { fix } : {}),
    });
  }
  return findings;
}

/** The fix: the one regular resource named becomes a hook of the same events, one weight before the Job. */
function hookFix(definitions: readonly DefinitionEntry[], events: readonly string[], weight: number, kind: string): RelationFinding['fix'] {
  if (definitions.length !== 1) return undefined;
  const [definition] = definitions;
  const insert = definition.annotationsInsert;
  if (!insert || definition.object.annotations.helmHook.value !== undefined || definition.object.generated) return undefined;
  const hooks = events.filter((event) => event.startsWith('pre-')).join(',');
  const pad = ' '.repeat(insert.indent);
  const lines = [`helm.sh/hook: ${hooks}`, `helm.sh/hook-weight: "${weight - 1}"`];
  const newText = insert.withKey
    ? `\n${pad}annotations:\n${lines.map((line) => `${pad}  ${line}`).join('\n')}`
    : `\n${lines.map((line) => `${pad}${line}`).join('\n')}`;
  const edit: FileEdit = { path: definition.path, range: { start: insert.position, end: insert.position }, newText };
  return { title: `Make ${kind} \`${definition.object.name?.text}\` a \`${hooks}\` hook of weight ${weight - 1}`, edits: [edit] };
}

export const helmHookOrder: RelationRule = {
  name: 'helmHookOrder',
  codes: [HELM_HOOK_ORDER],
  scope: 'the Helm release: templates of one chart and of the charts under its `charts/` folder',
  reason:
    'Helm runs an event\'s hooks one at a time (weight, then name) and waits for each Job and Pod to finish before it creates the next hook, ' +
    'creates the regular resources after the last pre-install hook, and keeps a hook object unless its delete policy says `hook-succeeded`; ' +
    'a Pod cannot start without the ConfigMap, Secret, ServiceAccount or claim it needs (optional references are left out). Only names the ' +
    'text settles are compared (a template\'s names by their action text and literal parts), in the same release and namespace, and only when ' +
    'every object of that name comes later; where the release\'s name decides the order, it is a hint.',
  check,
};

