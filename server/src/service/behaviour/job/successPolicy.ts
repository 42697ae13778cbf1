// pkg/controller/job/success_policy.go: whether the succeeded indexes of an Indexed Job meet its success policy.
import { parseIndexesFromString, totalOf, type OrderedIntervals } from './intervals';
import type { SuccessPolicy } from './model';

/**
 * matchSuccessPolicy: rules in order; a rule whose succeededIndexes do not parse is skipped; the first rule met
 * wins. Returns the message of the SuccessCriteriaMet condition, or undefined. `enabled`: JobSuccessPolicy.
 */
export function matchSuccessPolicy(successPolicy: SuccessPolicy | undefined, completions: number, succeededIndexes: OrderedIntervals, enabled: boolean): string | undefined {
  if (!enabled || !successPolicy || succeededIndexes.length === 0) return undefined;
  for (let index = 0; index < successPolicy.rules.length; index++) {
    const rule = successPolicy.rules[index];
    if (rule.succeededIndexes !== undefined) {
      const required = parseIndexesFromString(rule.succeededIndexes, completions);
      if (required.length === 0) continue;
      if (matchSucceededIndexesRule(required, succeededIndexes, rule.succeededCount)) return `Matched rules at index ${index}`;
    } else if (rule.succeededCount !== undefined && totalOf(succeededIndexes) >= rule.succeededCount) {
      return `Matched rules at index ${index}`;
    }
  }
  return undefined;
}

/** matchSucceededIndexesRule: all required indexes succeeded, or at least succeededCount of them. */
export function matchSucceededIndexesRule(ruleIndexes: OrderedIntervals, succeededIndexes: OrderedIntervals, succeededCount: number | undefined): boolean {
  let contains = 0;
  let s = 0;
  let r = 0;
  while (r < ruleIndexes.length && s < succeededIndexes.length) {
    const overlap = Math.min(ruleIndexes[r].last, succeededIndexes[s].last) - Math.max(ruleIndexes[r].first, succeededIndexes[s].first) + 1;
    if (overlap > 0) contains += overlap;
    if (succeededIndexes[s].last < ruleIndexes[r].last) s++;
    else if (succeededIndexes[s].last > ruleIndexes[r].last) r++;
    else {
      s++;
      r++;
    }
  }
  return contains === totalOf(ruleIndexes) || (succeededCount !== undefined && contains >= succeededCount);
}
