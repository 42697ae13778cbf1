// How update findings say it: the changed field with its old and new value in short, the line `kubectl
// apply` prints, and the ways out (recreate the object: delete it first, a new name, a Helm hook, or
// `generateName`).
import { goValue } from '../rules/meta/report';
import { flowYaml, formatFieldPath, jsonAt, type FieldPath, type Finding, type Json, type RuleCode } from '../types';
import type { UpdateContext } from './types';
import { isAbsent } from './compare';

const MAX_SHORT = 48;

/** A value in a few characters for a message: `perl:5.36`, `3`, `[Persistent, Ephemeral]`, `{…}`, "not set". */
export function shortValue(value: Json | undefined): string {
  if (isAbsent(value)) return 'not set';
  if (typeof value === 'string') return `\`${clip(value)}\``;
  if (typeof value === 'number' || typeof value === 'boolean') return `\`${value}\``;
  if (Array.isArray(value)) {
    const flat = value.every((item) => item === null || typeof item !== 'object');
    const text = flat ? `[${value.map((item) => String(item)).join(', ')}]` : '';
    return flat && text.length <= MAX_SHORT ? `\`${text}\`` : `a list of ${value.length}`;
  }
  const flow = flowYaml(value as Json);
  return flow.length <= MAX_SHORT ? `\`${flow}\`` : '`{…}`';
}

function clip(text: string): string {
  const line = text.split('\n')[0];
  return line.length > MAX_SHORT || line !== text ? `${line.slice(0, MAX_SHORT - 1)}…` : line;
}

/**
 * The value part of a field error as the server prints it: scalars as Go prints them (`5`, `"Indexed"`,
 * `true`, `null`), structures by their Go type with the contents left out (`core.PodTemplateSpec{…}`).
 */
export function serverValue(value: Json | undefined, goType?: string): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value !== 'object') return goValue(value);
  return `${goType ?? ''}{…}`;
}

/** `spec.completions: Invalid value: 5: field is immutable`. */
export function immutableLine(path: string, value: Json | undefined, goType?: string, detail = 'field is immutable'): string {
  return `${path}: Invalid value: ${serverValue(value, goType)}: ${detail}`;
}

/** "`spec.completions` was `5` at HEAD and is `6` now" (or "... is not set now"). */
export function changeText(path: FieldPath, context: UpdateContext): string {
  const before = shortValue(jsonAt(context.written.before, path) ?? jsonAt(context.before, path));
  const after = shortValue(jsonAt(context.written.after, path) ?? jsonAt(context.after, path));
  return `\`${formatFieldPath(path)}\` was ${before} ${context.baseline.label} and is ${after} now`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How to change a field the server keeps: recreate the object. */
export function recreateAdvice(context: UpdateContext): string {
  const kind = context.kind.toLowerCase();
  const name = context.identity.name;
  const namespace = context.identity.namespace ? ` -n ${context.identity.namespace}` : '';
  if (context.kind === 'CSIDriver') {
    return `To change it, recreate the CSIDriver: delete it first (\`kubectl delete ${kind} ${name}\`) and apply again, or register the driver under a new name.`;
  }
  return `To change it, recreate the ${context.kind}: delete it first (\`kubectl delete ${kind} ${name}${namespace}\`) or give it a new name; ` +
    'with Helm, make it a hook with `helm.sh/hook-delete-policy: before-hook-creation`; with `kubectl create`, `metadata.generateName` gives each run a new name.';
}

/** A finding for one changed node of an immutable field, with the server's line. */
export function immutableFinding(code: RuleCode, path: FieldPath, context: UpdateContext, what: string, serverLine: string, note = '', recreate = true): Finding {
  const advice = [note, recreate ? recreateAdvice(context) : ''].filter(Boolean).join(' ');
  const message = `${changeText(path, context)}, but ${what}: \`kubectl apply\` fails with \`${serverLine}\`.${advice ? ` ${advice}` : ''}`;
  const finding: Finding = { code: code.code, severity: code.severity, message, path, serverMessage: serverLine };
  if (code.href) finding.href = code.href;
  return finding;
}
