// What the syntax tree of a masked Helm template (./helmTemplate.ts) can and cannot say at the YAML level:
// which duplicate keys are real (both literal, always rendered together) and what an object's apiVersion
// and kind are when a branch or an action decides them.
import { isScalar, type Pair, type YAMLMap } from 'yaml';
import { KINDS, type KindName } from '../types';
import type { TemplateView } from './helmTemplate';
import { keyString } from './paths';

function start(node: unknown): number | undefined {
  return isScalar(node) ? node.range?.[0] : undefined;
}

function isLiteral(view: TemplateView, node: unknown): boolean {
  return isScalar(node) && !!node.range && !view.touches(node.range[0], node.range[1]);
}

/** The branches an offset is rendered in, as a comparable key. */
function branchKey(view: TemplateView, offset: number): string {
  return view.branchesOf(offset, []).map((branch) => `${branch.block}.${branch.index}`).join(',');
}

/**
 * A duplicate key the template always renders twice: both keys literal and in the same branches. Keys in
 * two branches of an `if`/`else` (or one of them conditional) are alternatives, not duplicates.
 */
export function isRenderedDuplicate(view: TemplateView, pair: Pair, first: Pair): boolean {
  const a = start(pair.key);
  const b = start(first.key);
  if (a === undefined || b === undefined || !isLiteral(view, pair.key) || !isLiteral(view, first.key)) return false;
  return branchKey(view, a) === branchKey(view, b);
}

/**
 * The apiVersion and kind of a top-level mapping of a template. A templated or conditional kind: not
 * known, the object is not checked. A kind of ours with a templated or conditional apiVersion (a helper that
 * picks the version the cluster serves, or `if .Capabilities...` branches): checked as the version we know.
 */
export function templateResourceType(view: TemplateView, map: YAMLMap): { apiVersion: string; kind: string } | undefined {
  const kindPairs = map.items.filter((pair) => keyString(pair.key) === 'kind');
  const apiVersionPairs = map.items.filter((pair) => keyString(pair.key) === 'apiVersion');
  if (kindPairs.length !== 1 || apiVersionPairs.length === 0) return undefined;
  const kindNode = kindPairs[0].value;
  if (!isLiteral(view, kindNode) || !isScalar(kindNode) || typeof kindNode.value !== 'string') return undefined;
  const kind = kindNode.value;
  const keys = map.items.map((pair) => start(pair.key)).filter((offset): offset is number => offset !== undefined);
  const kindStart = start(kindPairs[0].key);
  if (kindStart === undefined || view.branchesOf(kindStart, keys).length > 0) return undefined;
  const [only] = apiVersionPairs;
  const onlyStart = start(only.key);
  const settled = apiVersionPairs.length === 1 && isLiteral(view, only.value) && onlyStart !== undefined && view.branchesOf(onlyStart, keys).length === 0;
  if (settled && isScalar(only.value) && typeof only.value.value === 'string') return { apiVersion: only.value.value, kind };
  return kind in KINDS ? { apiVersion: KINDS[kind as KindName].apiVersion, kind } : undefined;
}
