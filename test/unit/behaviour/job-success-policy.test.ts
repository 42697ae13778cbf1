// matchSuccessPolicy, ported from kubernetes/kubernetes pkg/controller/job/success_policy_test.go TestMatchSuccessPolicy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Interval } from '../../../server/src/service/behaviour/job/intervals';
import type { SuccessPolicyRule } from '../../../server/src/service/behaviour/job/model';
import { matchSuccessPolicy } from '../../../server/src/service/behaviour/job/successPolicy';

const iv = (...pairs: [number, number][]): Interval[] => pairs.map(([first, last]) => ({ first, last }));
const rule = (succeededIndexes?: string, succeededCount?: number): SuccessPolicyRule => ({
  ...(succeededIndexes !== undefined ? { succeededIndexes } : {}), ...(succeededCount !== undefined ? { succeededCount } : {}),
});

interface Case {
  name: string;
  enabled?: boolean;
  rules?: SuccessPolicyRule[];
  succeeded: Interval[];
  message?: string;
}

const matched = 'Matched rules at index 0';
const CASES: Case[] = [
  { name: 'JobSuccessPolicy is disabled', succeeded: iv([0, 0]) },
  { name: 'successPolicy is null', enabled: true, succeeded: iv([0, 0]) },
  { name: 'any rules are nothing', enabled: true, succeeded: iv([0, 0]), rules: [] },
  { name: 'rules.succeededIndexes is invalid format', enabled: true, succeeded: iv([0, 0]), rules: [rule('invalid-form')] },
  { name: 'rules.succeededIndexes is specified; succeededIndexes matched rules', enabled: true, succeeded: iv([0, 2], [4, 7]), rules: [rule('0-2')], message: matched },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules", enabled: true, succeeded: iv([0, 2]), rules: [rule('3')] },
  { name: 'rules.succeededCount is specified; succeededIndexes matched rules', enabled: true, succeeded: iv([0, 2]), rules: [rule(undefined, 2)], message: matched },
  { name: "rules.succeededCount is specified; succeededIndexes didn't match rules", enabled: true, succeeded: iv([0, 2]), rules: [rule(undefined, 4)] },
  { name: 'multiple rules; rules.succeededIndexes is specified; succeededIndexes met one of rules', enabled: true, succeeded: iv([0, 2], [4, 7]), rules: [rule('9'), rule('4,6')], message: 'Matched rules at index 1' },
  { name: 'multiple rules; rules.succeededIndexes is specified; succeededIndexes met all rules', enabled: true, succeeded: iv([0, 2], [4, 7]), rules: [rule('0,1'), rule('5')], message: matched },
  { name: 'rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes met all rules', enabled: true, succeeded: iv([0, 2], [4, 7]), rules: [rule('3-6', 2)], message: matched },
  { name: "rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes didn't match rules", enabled: true, succeeded: iv([0, 2], [6, 7]), rules: [rule('3-6', 2)] },
  { name: 'rules.succeededIndexes is specified; succeededIndexes are nothing', succeeded: [], rules: [rule(undefined, 4)] },
  { name: 'rules.succeededIndexes is specified; succeededIndexes matched rules; rules is proper subset of succeededIndexes', enabled: true, succeeded: iv([1, 5], [6, 9]), rules: [rule('2-4,6-8')], message: matched },
  { name: 'rules.succeededIndexes is specified; succeededIndexes matched rules; rules equals succeededIndexes', enabled: true, succeeded: iv([2, 4], [6, 9]), rules: [rule('2-4,6-9')], message: matched },
  { name: 'rules.succeededIndexes is specified; succeededIndexes matched rules; rules is subset of succeededIndexes', enabled: true, succeeded: iv([2, 5], [7, 15]), rules: [rule('2-4,8-12')], message: matched },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; rules is an empty set", enabled: true, succeeded: iv([1, 3]), rules: [rule('')] },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; succeededIndexes is an empty set", enabled: true, succeeded: [], rules: [rule('')] },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; rules and succeededIndexes are empty set", enabled: true, succeeded: [], rules: [rule('')] },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; all elements of rules.succeededIndexes aren't included in succeededIndexes", enabled: true, succeeded: iv([1, 3], [5, 7]), rules: [rule('10-12,14-16')] },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; rules overlaps succeededIndexes at first", enabled: true, succeeded: iv([2, 4], [6, 8]), rules: [rule('1-3,5-7')] },
  { name: 'rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes matched rules; rules overlaps succeededIndexes at first', enabled: true, succeeded: iv([2, 4], [6, 8]), rules: [rule('1-3,5-7', 4)], message: matched },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; rules overlaps succeededIndexes at last", enabled: true, succeeded: iv([1, 3], [5, 7]), rules: [rule('2-4,6-9')] },
  { name: 'rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes matched rules; rules overlaps succeededIndexes at last', enabled: true, succeeded: iv([1, 3], [5, 7]), rules: [rule('2-4,6-9', 4)], message: matched },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; rules completely overlaps succeededIndexes", enabled: true, succeeded: iv([1, 3], [7, 8]), rules: [rule('0-4,6-9')] },
  { name: 'rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes matched rules; rules completely overlaps succeededIndexes', enabled: true, succeeded: iv([1, 3], [7, 8]), rules: [rule('0-4,6-9', 5)], message: matched },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; rules overlaps multiple succeededIndexes at last", enabled: true, succeeded: iv([1, 3], [5, 9]), rules: [rule('0-6,8-9')] },
  { name: 'rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes matched rules; rules overlaps multiple succeededIndexes at last', enabled: true, succeeded: iv([1, 3], [5, 9]), rules: [rule('0-6,8-9', 7)], message: matched },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; rules overlaps succeededIndexes at first, and rules equals succeededIndexes at last", enabled: true, succeeded: iv([1, 5], [7, 10]), rules: [rule('0-5,7-9')] },
  { name: 'rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes matched rules; rules overlaps succeededIndexes at first, and rules equals succeededIndexes at last', enabled: true, succeeded: iv([1, 5], [7, 10]), rules: [rule('0-5,7-9', 8)], message: matched },
  { name: "rules.succeededIndexes is specified; succeededIndexes didn't match rules; the first rules overlaps succeededIndexes at first", enabled: true, succeeded: iv([1, 10]), rules: [rule('0-3,6-9')] },
  { name: 'rules.succeededIndexes and rules.succeededCount are specified; succeededIndexes matched rules; the first rules overlaps succeededIndexes at first', enabled: true, succeeded: iv([1, 10]), rules: [rule('0-3,6-9', 7)], message: matched },
];

describe('matchSuccessPolicy (upstream TestMatchSuccessPolicy)', () => {
  for (const c of CASES) {
    it(`TestMatchSuccessPolicy/${c.name}`, () => {
      assert.equal(matchSuccessPolicy(c.rules ? { rules: c.rules } : undefined, 10, c.succeeded, c.enabled ?? false), c.message);
    });
  }
});
