// A Helm pre-install hook whose Pod reads a ConfigMap, Secret, ServiceAccount or PersistentVolumeClaim that
// the same release creates only later. Mirrors Helm's install (pkg/action/install.go): the pre-install hooks
// run first, each created and waited for in turn (pkg/action/hooks.go execHook: sorted by weight, then by
// name, hookByWeight), a hook Job until it completes and a hook Pod until it succeeds (kube watchUntilReady:
// only Jobs and Pods are waited for); the chart's regular resources are created after the last hook. A Pod
// whose ConfigMap or Secret does not exist stays in CreateContainerConfigError or ContainerCreating, one
// whose ServiceAccount does not exist is never created, one whose claim does not exist is never scheduled:
// the hook never completes and `helm install` fails at its timeout (helm/helm#9163, #2622,
// mastodon/chart#73, bitnami/charts#20902).
import type { RuleCode } from '../../types';
import type { DefinitionEntry } from '../workspaceIndex';
import type { ObjectFacts, Read } from '../facts';
import { resolveReference, sameRelease } from '../resolve';
import type { FileEdit, RelatedEnd, RelationContext, RelationFinding, RelationRule } from '../rule';

const HOOKS = 'https://helm.sh/docs/topics/charts_hooks/';

export const HELM_HOOK_ORDER: RuleCode = {
  code: 'relations/helm-hook-order',
  severity: 'warning',
  title: 'A Helm pre-install hook (Job or Pod) reads a ConfigMap, Secret, ServiceAccount or PersistentVolumeClaim that the same release creates after it: a regular resource, or a hook that runs later (the editor\'s quick fix makes a regular resource a hook of a lower weight, in its own file)',
  mirrors: 'Helm execHook (pkg/action/hooks.go, hookByWeight) and Install (pkg/action/install.go)',
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

function isRegular(object: ObjectFacts): boolean {
  return !object.annotations.helmHook.unknown && object.annotations.helmHook.value === undefined;
}

type Order = { after: true; why: string } | { after: false };

/** Whether `definition` exists only after the hook `job` (weight `weight`) ran at pre-install, and why. */
function createdAfter(definition: ObjectFacts, job: ObjectFacts, weight: number): Order | undefined {
  const hook = definition.annotations.helmHook;
  if (hook.unknown) return undefined;
  if (hook.value === undefined) return { after: true, why: 'a regular resource of the release (Helm creates those only after every pre-install hook has finished)' };
  const events = helmEvents(hook.value);
  if (!events) return undefined;
  if (!events.includes('pre-install')) return { after: true, why: `a \`${events.join(',')}\` hook (it does not run before the pre-install hooks)` };
  const theirs = helmWeight(definition.annotations.helmWeight);
  if (theirs === undefined) return undefined;
  if (theirs > weight) return { after: true, why: `a pre-install hook of weight ${theirs} (Helm creates it after the hooks of weight ${weight} have finished)` };
  if (theirs < weight) return { after: false };
  const ours = job.name;
  const their = definition.name;
  if (!ours?.literal || !their?.literal) return undefined;
  if (their.text === ours.text) return undefined; // Helm's sort leaves equal names in any order
  return their.text > ours.text
    ? { after: true, why: `a pre-install hook of the same weight (${weight}) and a later name (Helm creates the hooks of one weight in name order)` }
    : { after: false };
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
  const events = hook === undefined ? undefined : helmEvents(hook);
  if (!events?.includes('pre-install')) return [];
  const weight = helmWeight(job.annotations.helmWeight);
  const findings: RelationFinding[] = [];
  for (const reference of job.references) {
    if (!reference.needed || !WAITED_FOR.has(reference.target)) continue;
    const definitions = resolveReference(context.index, context.path, job, reference).filter((definition) => sameRelease(context.index, context.path, definition.path));
    if (!definitions.length) continue;
    // A Job whose weight is templated still runs before every regular resource.
    const orders = definitions.map((definition) => (weight !== undefined || isRegular(definition.object) ? createdAfter(definition.object, job, weight ?? 0) : undefined));
    if (!orders.every((order) => order?.after)) continue;
    const why = (orders[0] as { why: string }).why;
    const kind = reference.target;
    const name = reference.name.text;
    const related: RelatedEnd[] = definitions.map((definition) => ({ path: definition.path, range: definition.range, message: `${kind} \`${name}\` is created here, ${why.replace(/^a /, 'as a ')}.` }));
    const fix = weight === undefined ? undefined : hookFix(definitions, events, weight, kind);
    findings.push({
      code: HELM_HOOK_ORDER.code,
      severity: 'warning',
      message:
        `This pre-install hook reads ${kind} \`${name}\`, which the chart creates as ${why}. On \`helm install\` ${CONSEQUENCE[kind]}, ` +
        `so the hook never completes and the install fails at its timeout. Make the ${kind} a \`${events.filter((event) => event.startsWith('pre-')).join(',')}\` hook ` +
        `with a lower \`helm.sh/hook-weight\` than this ${job.kind}'s${weight === undefined ? '' : ` (${weight})`}, or stop reading it here.`,
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
    'Helm runs pre-install hooks one at a time and waits for each Job and Pod to finish before it creates the next hook, and creates the ' +
    'regular resources after the last one; a Pod cannot start without the ConfigMap, Secret, ServiceAccount or claim it needs (optional ' +
    'references are left out). Only names the text settles are compared, in the same release and namespace, and only when every ' +
    'object of that name comes later.',
  check,
};

