// Hover on a field an update changes and the server keeps: what the baseline has there.
import type { Baseline } from './baseline';
import { capitalize, shortValue } from './messages';
import { updateContext, UPDATE_RULES } from './index';
import { jsonAt, type JsonObject, type KindName, type PathSegment } from '../types';

/** Markdown for the hovered path when an update finding lies on it or around it, else undefined. */
export function baselineHover(baseline: Baseline, kind: KindName, object: JsonObject, path: readonly PathSegment[], minor: number): string | undefined {
  const context = updateContext(baseline, kind, object, minor);
  if (!context) return undefined;
  for (const rule of UPDATE_RULES) {
    if (!rule.kinds.includes(kind)) continue;
    const finding = rule.check(context).find((candidate) => candidate.path.every((segment, i) => path[i] === segment));
    if (!finding) continue;
    const before = jsonAt(context.written.before, path) ?? jsonAt(context.before, path);
    return `${capitalize(context.baseline.label)}: ${shortValue(before)}. The API server keeps this field of an existing ${kind} (\`${finding.code}\`).`;
  }
  return undefined;
}
