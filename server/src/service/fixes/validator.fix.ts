// Quick fixes for the schema check's findings (validator.ts, messages.ts): the closest allowed value, the
// known field a typo meant, quotes where YAML 1.1 would read a string as a boolean or number (and the
// reverse), and skeletons for the required fields users most often leave out.
import { isMap, isScalar, type Scalar } from 'yaml';
import { placeholder, type Skeleton } from '../document/edits';
import { allowedValueFixes, containerNames, quickFix, setFix, unusedName } from './common';
import { rootOf, type FixContext, type Fixes, type QuickFix } from './types';
import type { FieldPath } from '../types';
import { closestName } from '../schema/messages';
import { schemaAt } from '../schema/navigate';
import { SCHEMAS, type JsonSchema } from '../schema/schemas';

function scalarAt(context: FixContext): Scalar | undefined {
  const root = rootOf(context);
  return root ? context.editor.scalarAt(root, context.path) : undefined;
}

function schemaOf(context: FixContext, path: FieldPath = context.path): JsonSchema | undefined {
  return context.resource ? schemaAt(context.resource.kind, path) : undefined;
}

function enumFixes(context: FixContext): QuickFix[] {
  return allowedValueFixes(context, ((schemaOf(context)?.enum as unknown[] | undefined) ?? []).filter((value): value is string => typeof value === 'string'));
}

/** "Rename to `backoffLimit`" for a key close to a known field that is not set yet; removing the field otherwise. */
function unknownFieldFixes(context: FixContext): QuickFix[] {
  const root = rootOf(context);
  const name = context.path[context.path.length - 1];
  const located = root ? context.editor.locate(root, context.path) : undefined;
  const parent = root ? context.editor.locate(root, context.path.slice(0, -1)) : undefined;
  if (!located?.pair || typeof name !== 'string' || !parent || !isMap(parent.node)) return [];
  const pair = located.pair;
  const known = Object.keys((schemaOf(context, context.path.slice(0, -1))?.properties as object | undefined) ?? {});
  const present = new Set(parent.node.items.map((item) => (isScalar(item.key) ? String(item.key.value) : '')));
  const suggestion = closestName(name, known);
  const fixes: QuickFix[] = [];
  if (suggestion && !present.has(suggestion)) {
    fixes.push(quickFix(`Rename to \`${suggestion}\``, () => context.editor.renameKey(pair, suggestion), { preferred: true }));
  }
  fixes.push(quickFix(`Remove the field \`${name}\``, () => context.editor.remove(root!, context.path)));
  return fixes;
}

/** `name: no` -> `name: "no"`: the string it looks like. */
function quoteFix(context: FixContext): QuickFix[] {
  const scalar = scalarAt(context);
  if (!scalar || scalar.type !== 'PLAIN') return [];
  const source = scalar.source ?? String(scalar.value);
  return [quickFix(`Quote \`${source}\` so that it stays a string`, () => context.editor.quote(scalar), { preferred: true })];
}

/** A wrong type with an obvious repair: quote a number or boolean where a string is needed, unquote a number in quotes. */
function typeFixes(context: FixContext): QuickFix[] {
  const scalar = scalarAt(context);
  const types = ([] as unknown[]).concat(schemaOf(context)?.type ?? []);
  if (!scalar) return [];
  if (types.includes('string') && scalar.type === 'PLAIN' && typeof scalar.value !== 'string') return quoteFix(context);
  const wantsNumber = types.includes('integer') || types.includes('number');
  const text = String(scalar.value);
  const readable = (wantsNumber && /^[-+]?\d+(\.\d+)?$/.test(text) && (types.includes('number') || /^[-+]?\d+$/.test(text)))
    || (types.includes('boolean') && /^(true|false)$/.test(text));
  if (typeof scalar.value !== 'string' || !readable) return [];
  return [quickFix(`Remove the quotes: \`${text}\``, () => context.editor.unquote(scalar), { preferred: true })];
}

/** Skeletons for required fields, by the schema definition that requires them. */
const SKELETONS: Record<string, Record<string, (context: FixContext) => Skeleton>> = {
  'io.k8s.api.batch.v1.JobSpec': {
    template: () => ({ spec: { restartPolicy: 'Never', containers: [{ name: placeholder('main'), image: placeholder('busybox:1.36') }] } }),
  },
  'io.k8s.api.core.v1.PodSpec': {
    containers: (context) => [{ name: placeholder(unusedName(containerNames(context), 'main')), image: placeholder('busybox:1.36') }],
  },
  'io.k8s.api.core.v1.Container': {
    name: (context) => placeholder(unusedName(containerNames(context), 'main')),
  },
  'io.k8s.api.batch.v1.PodFailurePolicy': {
    rules: () => [{ action: placeholder('FailJob', ACTIONS), onExitCodes: { operator: 'In', values: [placeholder(1)] } }],
  },
  'io.k8s.api.batch.v1.PodFailurePolicyRule': {
    action: () => placeholder('FailJob', ACTIONS),
  },
  'io.k8s.api.batch.v1.PodFailurePolicyOnExitCodesRequirement': {
    operator: () => placeholder('In', ['In', 'NotIn']),
    values: () => [placeholder(1)],
  },
  'io.k8s.api.batch.v1.PodFailurePolicyOnPodConditionsPattern': {
    type: () => placeholder('DisruptionTarget'),
  },
  'io.k8s.api.batch.v1.SuccessPolicy': {
    rules: () => [{ succeededCount: placeholder(1) }],
  },
};

const ACTIONS = ['FailJob', 'FailIndex', 'Ignore', 'Count'];

/** The name of the schema definition that describes the object at `path`. */
function definitionAt(context: FixContext, path: FieldPath): string | undefined {
  const schema = schemaOf(context, path);
  const definitions = context.resource ? (SCHEMAS[context.resource.kind].definitions as Record<string, JsonSchema>) : {};
  return schema ? Object.keys(definitions).find((name) => definitions[name] === schema) : undefined;
}

/** "Add `containers`": the field with placeholders, as a snippet where the client supports one. */
function requiredFixes(context: FixContext): QuickFix[] {
  const field = context.path[context.path.length - 1];
  const parentPath = context.path.slice(0, -1);
  const definition = definitionAt(context, parentPath);
  const skeleton = typeof field === 'string' && definition ? SKELETONS[definition]?.[field] : undefined;
  const root = rootOf(context);
  if (!skeleton || !root || !context.editor.locate(root, parentPath)) return [];
  // A container's name and a rule's action go first in their list item; other fields go last.
  const firstKey = context.editor.mapAt(root, parentPath)?.items[0]?.key;
  const before = (field === 'name' || field === 'action') && isScalar(firstKey) ? [String(firstKey.value)] : [];
  return [setFix(context, `Add \`${field}\``, context.path, skeleton(context), { lazy: true, before })];
}

export const SCHEMA_FIXES: Fixes = {
  'schema/enum': { does: 'Changes to the closest allowed value (preferred), or to any other allowed value', offer: enumFixes },
  'schema/unknown-field': { does: 'Renames a misspelt key to the known field (preferred); removes the field', offer: unknownFieldFixes },
  'yaml/yaml11-scalar': { does: 'Quotes the value (`name: "no"`)', offer: quoteFix },
  'schema/type': { does: 'Quotes a number or boolean where a string is needed (`value: "5"`), or removes the quotes around a number or boolean', offer: typeFixes },
  'schema/required': {
    does: 'Inserts the field with placeholders (a snippet where the editor supports it): `template`, `containers`, a container `name`, a rule `action`, `operator`, `values`, `rules`, a condition `type`',
    offer: requiredFixes,
  },
};
