// Hover: what a key means (from the catalogue, or the schema for the pod-template fields it leaves out), what
// an enum value does (also as an item of a list, and why a value the kind refuses is refused), what
// apiVersion/kind name, and what well-known label and annotation keys hold.
import { versionLabel } from '../types';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import { fieldDoc, wellKnownKey } from '../catalogue/index';
import type { FieldDoc } from '../catalogue/types';
import type { FileModel } from '../document/fileModel';
import { rangeForPath } from '../document/paths';
import { describeStage, FEATURE_GATE_NAMES, firstMinorEnabledByDefault, gatedFieldsAt, gateOffUnconfirmed, gateStage } from '../kube/featureGates';
import { jobSpecLocationAt } from '../kube/jobSpec';
import { REFERENCE_PAGES } from '../kube/resources';
import { availabilityOf, schemaPathOf } from '../schema/fieldAvailability';
import { schemaAt } from '../schema/navigate';
import { namedValues } from '../schema/values';
import type { JsonSchema } from '../schema/schemas';
import { minorOf, type Settings } from '../settings';
import { jsonAt, KINDS, type KindName, type PathSegment } from '../types';
import { openingsOf } from '../document/cursor';
import { pointerSegments, resolvePointer, targetKinds } from '../partial/json6902';
import { hasPatchDirectives } from '../partial/strategicMerge';
import type { DocumentContext, KustomizationUse } from '../workspace/context';
import { positionContext, positionIn, type PositionContext } from './position';
import { EXPLAINED_KINDS, explainObject, type ObjectExplanation } from './explain/index';
import { scheduleMarkdown, scheduleReadingOf } from './schedule';
import { updateBaseline } from '../update/baseline';
import { baselineHover } from '../update/hover';
import { typeLabel } from './types';
import { statusHoverMarkdown } from './statusHover';
import { relationHover, type RelationInput } from './relations';

const RESOURCES: Record<KindName, string> = {
  Job:
    'A **Job** (`batch/v1`) runs Pods until a given number of them finish successfully, retrying failed ones up to a limit. ' +
    'Use it for batch work that ends: migrations, reports, rendering, one index per Pod with `completionMode: Indexed`.',
  CronJob:
    'A **CronJob** (`batch/v1`) creates a Job from its `jobTemplate` on a repeating `schedule`, in cron syntax, in its `timeZone`. ' +
    'It decides what happens to runs that overlap (`concurrencyPolicy`) or start late (`startingDeadlineSeconds`), and how many finished Jobs to keep.',
  CSIDriver:
    'A **CSIDriver** (`storage.k8s.io/v1`, cluster-scoped) tells Kubernetes how to treat one installed CSI volume driver: ' +
    'whether volumes need an attach step, whether the driver gets Pod information or service-account tokens at mount time, ' +
    'and which volume lifecycles it supports. Its name is the driver name the driver reports.',
  JobSet:
    'A **JobSet** (`jobset.x-k8s.io/v1alpha2`, a custom resource of the JobSet project) runs a group of Jobs as one workload: each ' +
    '`replicatedJob` is a Job template stamped out `replicas` times, with DNS names between the Pods, and policies for when the ' +
    'whole set has succeeded, failed or must restart. The JobSet controller creates the Jobs; the batch API server checks each one then.',
  TrainingRuntime:
    'A **TrainingRuntime** (`trainer.kubeflow.org/v1alpha1`, Kubeflow Trainer) is a reusable blueprint for training: an ML policy ' +
    '(nodes, framework) and a JobSet template. Each TrainJob in the namespace that names it gets a JobSet built from `spec.template`.',
  ClusterTrainingRuntime:
    'A **ClusterTrainingRuntime** (`trainer.kubeflow.org/v1alpha1`, Kubeflow Trainer, cluster-scoped) is a training blueprint every ' +
    'namespace can use: an ML policy and a JobSet template from which each TrainJob that names it gets its JobSet.',
};

/** What a hover may be told besides the text and settings. */
export interface HoverOptions {
  /** What the workspace says of the file: a Kustomize patch's hover names the kustomizations using it. */
  context?: DocumentContext;
  /** The clock the next run times of a CronJob schedule count from (injectable for tests). */
  nowSeconds?: number;
  /** The workspace index: a hover on a reference says which object it names (features/relations.ts). */
  relations?: RelationInput;
}

export function hover(model: FileModel, text: string, asked: Position, settings: Settings, options: HoverOptions = {}): Hover | null {
  const position = positionIn(model, text, asked);
  if (!position) return null;
  const field = fieldHover(model, text, position, settings, options);
  const relation = options.relations && settings.enable && settings.relations.enable ? relationHover(model, text, position, options.relations) : undefined;
  if (!relation) return field;
  if (!field) return { contents: { kind: MarkupKind.Markdown, value: relation.markdown }, range: relation.range };
  const value = typeof field.contents === 'object' && 'value' in field.contents ? field.contents.value : '';
  return { contents: { kind: MarkupKind.Markdown, value: `${relation.markdown}\n\n---\n\n${value}` }, range: relation.range };
}

function fieldHover(model: FileModel, text: string, position: Position, settings: Settings, options: HoverOptions): Hover | null {
  const context = positionContext(model, text, position, settings);
  if (!context) return null;
  const { path, on } = hoverTarget(context);
  if (path.length === 0) return null;
  const minor = minorOf(settings.kubernetesVersion);
  const patch = options.context?.kustomizePatch;
  const { doc } = context.placed;
  // A template or a patch is no whole object: it is never compared with the baseline's.
  const partial = !!doc.template || !!patch || hasPatchDirectives(doc.text);
  const baseline = settings.updateChecks === 'off' || partial ? undefined : updateBaseline(model);
  const changed = baseline && context.kind && context.object ? baselineHover(baseline, context.kind, context.object, path, minor) : undefined;
  const described = describe(context, path, on, minor, options.nowSeconds ?? Date.now() / 1000)
    ?? (patch && !context.kind ? operationMarkdown(context, patch.uses, minor) : undefined);
  const markdown = changed && described ? `${changed}\n\n---\n\n${described}` : changed ?? described;
  const note = patch ? patchNote(patch.kind, patch.uses) : undefined;
  if (!markdown && !note) return null;
  const value = [markdown, note].filter(Boolean).join('\n\n---\n\n');
  return { contents: { kind: MarkupKind.Markdown, value }, range: markdown ? hoverRange(context, path, on) : undefined };
}

/** Which kustomizations use the document as a patch, and how. */
function patchNote(kind: 'strategic' | 'json6902', uses: readonly KustomizationUse[]): string {
  const how = kind === 'json6902' ? 'JSON 6902 patch' : 'strategic-merge patch';
  const lines = uses.map((use) => {
    const target = use.target ? Object.entries(use.target).map(([key, value]) => `${key}: ${value}`).join(', ') : '';
    return `- \`${use.relative}\` (\`${use.field}\`${target ? `; target ${target}` : ''})`;
  });
  const partial = kind === 'json6902'
    ? 'Each `path` must lead to a field of the target kind, and each `value` must fit that field.'
    : 'Only what it sets is checked: fields it leaves out come from the base, so none is reported missing.';
  return `**Kustomize ${how}**, used by:\n${lines.join('\n')}\n\n${partial}`;
}

/** In a JSON 6902 operation list: the field a `path` or `from` leads to. */
function operationMarkdown(context: PositionContext, uses: readonly KustomizationUse[], minor: number): string | undefined {
  const [index, field] = context.cursor.path;
  if (typeof index !== 'number' || (field !== 'path' && field !== 'from') || context.cursor.on !== 'value') return undefined;
  const kind = targetKinds(uses)[0];
  const line = context.placed.doc.lines.lineText(context.line);
  const pointer = /:\s*["']?([^"'#\s]*)/.exec(line.slice(line.indexOf(field)))?.[1];
  const segments = pointer === undefined ? undefined : pointerSegments(pointer);
  if (!kind || !segments?.length) return undefined;
  const resolved = resolvePointer(kind, segments, 'add');
  if ('failed' in resolved) return undefined;
  return fieldOrValueMarkdown(context, kind, resolved.path, undefined, minor);
}

function hoverTarget(context: PositionContext): { path: PathSegment[]; on: 'key' | 'value' } {
  if (context.tree) return context.tree;
  // Half-typed text: the key written on the cursor's line, read as completion reads it.
  if (context.cursor.on === 'key') {
    const key = openingsOf(context.placed.doc.lines.lineText(context.line)).find((opening) => opening.type === 'key');
    return key ? { path: [...context.path, key.name], on: 'key' } : { path: [], on: 'key' };
  }
  return { path: context.path, on: 'value' };
}

function hoverRange(context: PositionContext, path: PathSegment[], on: 'key' | 'value') {
  const { doc, slice } = context.placed;
  if (!context.resource || !context.tree) return undefined;
  const [start, end] = rangeForPath(doc.document, context.resource.node, path, on === 'key' ? 'key' : 'value');
  if (context.offset < start || context.offset > end) return undefined;
  const from = doc.lines.positionAt(start);
  const to = doc.lines.positionAt(end);
  return { start: { line: from.line + slice.line, character: from.character }, end: { line: to.line + slice.line, character: to.character } };
}

function describe(context: PositionContext, path: PathSegment[], on: 'key' | 'value', minor: number, nowSeconds: number): string | undefined {
  const field = path[path.length - 1];
  if (path.length === 1 && field === 'kind' && context.kind && EXPLAINED_KINDS.includes(context.kind) && context.object && !context.placed.doc.template) {
    return `${summaryMarkdown(explainObject(context.kind, context.object, minor, { nowSeconds }))}\n\n---\n\n${resourceMarkdown(context.kind)}`;
  }
  if (path.length === 1 && (field === 'apiVersion' || field === 'kind')) return context.kind ? resourceMarkdown(context.kind) : undefined;
  if (!context.kind) return undefined;
  if (context.kind === 'CronJob' && path.length === 2 && path[0] === 'spec' && field === 'schedule') {
    // In a Helm template the schedule or its time zone may be written by an action: no reading of masked text.
    const reading = context.placed.doc.template ? undefined : scheduleReadingOf(context.object);
    const fieldText = fieldOrValueMarkdown(context, context.kind, path, undefined, minor);
    return reading ? [scheduleMarkdown(reading, nowSeconds), fieldText].filter(Boolean).join('\n\n---\n\n') : fieldText;
  }
  const parent = path[path.length - 2];
  const value = on === 'value' ? jsonAt(context.object, path) : undefined;
  if (typeof field === 'string' && (parent === 'labels' || parent === 'annotations' || parent === 'matchLabels')) {
    if (on === 'key') return wellKnownMarkdown(field);
    const known = wellKnownValueMarkdown(field, value) ?? wellKnownMarkdown(field);
    if (known) return known;
  }
  if (field === 'fieldPath') {
    const key = typeof value === 'string' ? /\['([^']+)'\]/.exec(value)?.[1] : undefined;
    if (key) return wellKnownMarkdown(key);
  }
  // The status of an observed Job or CronJob: what it holds for this object, above what the field means.
  const observed = path[0] === 'status' && context.object && !context.placed.doc.template ? statusHoverMarkdown(context.kind, context.object, path, minor) : undefined;
  if (observed) {
    const general = typeof field === 'number' ? undefined : fieldOrValueMarkdown(context, context.kind, path, value, minor);
    return general ? `${observed}\n\n---\n\n${general}` : observed;
  }
  if (typeof field === 'number') {
    // An item of a list of plain values (`- Ephemeral`, `[Persistent]`) is explained by the list's entry.
    if (on === 'key' || (typeof value === 'object' && value !== null)) return undefined;
    return fieldOrValueMarkdown(context, context.kind, path.slice(0, -1), value, minor);
  }
  return fieldOrValueMarkdown(context, context.kind, path, value, minor);
}

/** What a value written for the field at `path` does (or why the kind refuses it); else the field itself. */
function fieldOrValueMarkdown(context: PositionContext, kind: KindName, path: PathSegment[], value: unknown, minor: number): string | undefined {
  const doc = fieldDoc(kind, schemaPathOf(path));
  if (typeof value === 'string' || typeof value === 'boolean') {
    const markdown = valueMarkdown(kind, String(path[path.length - 1]), doc, String(value));
    if (markdown) return markdown;
  }
  const schema = schemaAt(kind, path);
  if (doc) {
    const markdown = fieldMarkdown(kind, path, doc, schema);
    const gate = FEATURE_GATE_NAMES.find((name) => name === doc.featureGate);
    if (!gate || !gateOffUnconfirmed(gate, minor)) return markdown;
    const stage = gateStage(gate, minor - 1);
    return `${markdown}\n\nFeature gate \`${gate}\`: ${stage ? describeStage(stage) : 'not yet'} in Kubernetes 1.${minor - 1}; its stage in 1.${minor} (a pre-release) is not confirmed by the sources KubeAssist could read, so it is not checked`;
  }
  return schema ? schemaMarkdown(kind, path, schema, minor, gateLines(context, path, minor)) : undefined;
}

function valueMarkdown(kind: KindName, field: string, doc: FieldDoc | undefined, value: string): string | undefined {
  const link = doc?.docs ? `\n\n[Kubernetes documentation](${doc.docs})` : '';
  const meaning = doc?.values?.[value];
  if (meaning) return `**${value}** · value of \`${field}\`\n\n${meaning}${link}`;
  const refusal = doc?.rejected?.[value];
  if (refusal) return `**${value}** · value of \`${field}\`, refused in a ${kind}\n\n${refusal}${link}`;
  return undefined;
}

/** What the feature gates of a field do in the chosen release: `Feature gate X: alpha (off by default) in Kubernetes 1.36; ...`. */
function gateLines(context: PositionContext, path: PathSegment[], minor: number): string[] {
  if (!context.kind) return [];
  return gatedFieldsAt(context.kind, context.object, path, minor).flatMap((field) => {
    const stage = gateStage(field.gate, minor);
    if (!stage) return [];
    if (gateOffUnconfirmed(field.gate, minor)) {
      return [`Feature gate \`${field.gate}\`: ${describeStage(stage)} in Kubernetes 1.${minor - 1}; its stage in 1.${minor} (a pre-release) is not confirmed by the sources KubeAssist could read, so it is not checked`];
    }
    const onFrom = firstMinorEnabledByDefault(field.gate);
    const off = stage === 'alpha' || stage === 'beta-off';
    const unlessEnabled = field.effect !== 'dropped' ? '' : field.droppedFromEachJob ? '; dropped from each Job unless the gate is enabled' : '; dropped on create unless the gate is enabled';
    const later = off ? (onFrom !== undefined ? `; on by default from 1.${onFrom}` : unlessEnabled) : '';
    return [`Feature gate \`${field.gate}\`: ${describeStage(stage)} in Kubernetes 1.${minor}${later}`];
  });
}

/** The hover on `kind:`: what this object will do, in short (the code lens "Explain" says it all). */
function summaryMarkdown(explanation: ObjectExplanation): string {
  const notes = explanation.notes.length ? `\n\n${explanation.notes.map((note) => `- ${note}`).join('\n')}` : '';
  return `**What this ${explanation.kind} will do** (Kubernetes ${versionLabel(explanation.kubernetesVersion)}): ${explanation.summary}${notes}`;
}

function resourceMarkdown(kind: KindName): string {
  return `${RESOURCES[kind]}\n\n\`apiVersion: ${KINDS[kind].apiVersion}\` · \`kind: ${kind}\`\n\n[API reference](${REFERENCE_PAGES[kind]})`;
}

function wellKnownMarkdown(key: string): string | undefined {
  const known = wellKnownKey(key);
  if (!known) return undefined;
  const values = known.values ? `\n\n${known.list ? 'Values (comma-separated)' : 'Values'}: ${Object.keys(known.values).map((value) => `\`${value}\``).join(', ')}` : '';
  return `**${known.key}** · ${known.type}${known.project ? ` read by ${known.project}` : ''}\n\n${known.holds}${values}\n\n- Where: ${known.where}\n- Set by: ${known.setBy}${known.docs ? `\n\n[${known.project ?? 'Kubernetes'} documentation](${known.docs})` : ''}`;
}

/** What the values written for a tool's key do (`pre-install,pre-upgrade`: each of them). */
function wellKnownValueMarkdown(key: string, value: unknown): string | undefined {
  const known = wellKnownKey(key);
  if (!known?.values || typeof value !== 'string') return undefined;
  const written = known.list ? value.split(',').map((item) => item.trim()) : [value];
  const explained = written.filter((item) => known.values?.[item]).map((item) => `- \`${item}\`: ${known.values?.[item]}`);
  if (explained.length === 0) return undefined;
  const docs = known.docs ? `\n\n[${known.project ?? 'Kubernetes'} documentation](${known.docs})` : '';
  return `**${known.key}** · ${known.type}${known.project ? ` read by ${known.project}` : ''}\n\n${explained.join('\n')}${docs}`;
}

function isRequired(kind: KindName, path: PathSegment[]): boolean {
  const parent = schemaAt(kind, path.slice(0, -1));
  return ((parent?.required as string[] | undefined) ?? []).includes(String(path[path.length - 1]));
}

function header(kind: KindName, path: PathSegment[], schema: JsonSchema | undefined): string {
  return `**${String(path[path.length - 1])}** · \`${typeLabel(schema)}\`${isRequired(kind, path) ? ' · required' : ''}`;
}

function fieldMarkdown(kind: KindName, path: PathSegment[], doc: FieldDoc, schema: JsonSchema | undefined): string {
  const sections = [`${header(kind, path, schema)}\n\n${doc.summary}`];
  if (doc.details) sections.push(doc.details);
  const facts: string[] = [];
  if (doc.default) facts.push(`**Default:** ${doc.default}`);
  if (doc.limits?.length) facts.push(`**Limits:** ${doc.limits.join('; ')}`);
  const since = availabilityOf(kind, path)?.since;
  const maturity = [doc.maturity, doc.featureGate ? `gate \`${doc.featureGate}\`` : '', since ? `since Kubernetes ${since}` : ''].filter(Boolean).join(', ');
  if (maturity) facts.push(`**Maturity:** ${maturity}`);
  if (doc.mutability) facts.push(`**Changes after creation:** ${doc.mutability}`);
  if (facts.length) sections.push(facts.join('  \n'));
  if (doc.values && Object.keys(doc.values).length) {
    sections.push(Object.entries(doc.values).map(([value, meaning]) => `- \`${value}\`: ${meaning}`).join('\n'));
  }
  if (doc.rejected && Object.keys(doc.rejected).length) {
    sections.push(`**Refused in a ${kind}:**\n` + Object.entries(doc.rejected).map(([value, why]) => `- \`${value}\`: ${why}`).join('\n'));
  }
  if (doc.interactions?.length) {
    sections.push('**Works with other fields:**\n' + doc.interactions.map((i) => `- ${i.text}${i.rule ? ` (\`${i.rule}\`)` : ''}`).join('\n'));
  }
  if (doc.example) sections.push('```yaml\n' + doc.example.trimEnd() + '\n```');
  sections.push(`[Kubernetes documentation](${doc.docs ?? REFERENCE_PAGES[kind]})`);
  return sections.join('\n\n');
}

/** Pod-template and other fields outside the catalogue: facts from the schema and the gate table only, no invented text. */
function schemaMarkdown(kind: KindName, path: PathSegment[], schema: JsonSchema, minor: number, gates: readonly string[]): string {
  const sections = [header(kind, path, schema)];
  // A list of plain values shows what its items may be; the values are those of the chosen release.
  const named = namedValues(kind, path, minor);
  if (named?.values.length) {
    const list = named.values.map((value) => (value === '' ? '`""`' : `\`${value}\``)).join(', ');
    sections.push(named.open ? `Known values (the API server does not refuse others): ${list}` : `Allowed values in Kubernetes 1.${minor}: ${list}`);
  }
  const since = availabilityOf(kind, path)?.since;
  if (since) sections.push(`Since Kubernetes ${since}`);
  if (gates.length) sections.push(gates.join('  \n'));
  const location = jobSpecLocationAt(kind, path);
  const template = location ? [...location.path, 'template'] : undefined;
  const inPodTemplate = template !== undefined && template.every((segment, i) => path[i] === segment) && path.length > template.length;
  const page = inPodTemplate ? 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/' : REFERENCE_PAGES[kind];
  sections.push(`[API reference](${page})`);
  return sections.join('\n\n');
}
