// The one list of rule families. Adding a rule: write its file, add it to its kind's index, done.
import type { KindName, Rule } from '../types';

export const ALL_RULES: readonly Rule[] = [];

export function rulesFor(kind: KindName): readonly Rule[] {
  return ALL_RULES.filter((rule) => rule.kinds.includes(kind));
}
