// What every rule family uses. Rules see plain JSON that may hold wrong types anywhere (the schema check
// reports those), so every reader returns undefined for a wrong type and the rules skip silently; and a
// finding takes its severity and link from its code's metadata, so the two cannot disagree.
import { isObject } from '../kube/defaults';
import type { Anchor, FieldPath, Finding, Json, JsonObject, RuleCode } from '../types';

export function asObject(value: Json | undefined): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

export function asArray(value: Json | undefined): Json[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

export function asString(value: Json | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The entries of a list that are mappings, with their indexes (other entries are the schema check's). */
export function objectEntries(value: Json | undefined): [JsonObject, number][] {
  const entries: [JsonObject, number][] = [];
  if (Array.isArray(value)) value.forEach((entry, index) => { if (isObject(entry)) entries.push([entry, index]); });
  return entries;
}

/** An integer as Go decodes it into an int32/int64 field; a fraction or a string is the schema's business. */
export function asInteger(value: Json | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** Label maps: only when every value is a string (a Go map[string]string). */
export function asLabels(value: Json | undefined): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const labels: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') return undefined;
    labels[key] = item;
  }
  return labels;
}

/** A finding for one of the rule's codes; severity and documentation come from the code's metadata. */
export function report(code: RuleCode, path: FieldPath, message: string, anchor?: Anchor): Finding {
  const finding: Finding = { code: code.code, severity: code.severity, message, path };
  if (anchor) finding.anchor = anchor;
  if (code.href) finding.href = code.href;
  return finding;
}
