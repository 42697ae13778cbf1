// Table-driven cases for the pod-spec rule families: a Job around a pod spec, and a runner that checks the
// exact findings (code @ path), then the first finding's severity, anchor and message words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json, Rule } from '../../../server/src/service/types';
import { runRules, summary, type ReportedFinding } from './harness';

export const POD = 'spec.template.spec';

type Fields = { [key: string]: Json };

/** A Job whose pod spec is a valid one merged with `podSpec`, written as JSON (which is YAML too). */
export function podJob(podSpec: Fields): string {
  return JSON.stringify({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'demo', labels: { app: 'demo' } },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }], ...podSpec } } },
  });
}

export interface PodCase {
  name: string;
  spec: Fields;
  /** Kubernetes minor release; 35 unless said. */
  minor?: number;
  /** `code @ path` of every finding, in order. */
  expect: string[];
  severity?: ReportedFinding['severity'];
  anchor?: ReportedFinding['anchor'];
  /** Phrases the first finding's message must contain (plain words and the server's text). */
  words?: string[];
}

export function runPodCases(title: string, rules: readonly Rule[], groups: [string, PodCase[]][]): void {
  for (const [group, cases] of groups) {
    describe(`${title}: ${group}`, () => {
      for (const testCase of cases) {
        it(`${testCase.name}${testCase.minor ? ` (1.${testCase.minor})` : ''}`, () => {
          const findings = runRules(rules, podJob(testCase.spec), testCase.minor ?? 35);
          assert.deepEqual(summary(findings), testCase.expect);
          const first = findings[0];
          if (!first) return;
          assert.equal(first.severity, testCase.severity ?? 'error');
          if (testCase.anchor) assert.equal(first.anchor, testCase.anchor);
          for (const word of testCase.words ?? []) assert.ok(first.message.includes(word), `message lacks "${word}": ${first.message}`);
        });
      }
    });
  }
}

/** Every code of the rules has at least one case that reports it (a trigger per code). */
export function assertEveryCodeTriggered(rules: readonly Rule[], groups: [string, PodCase[]][]): void {
  it('every code of the family has a case that reports it', () => {
    const reported = new Set(groups.flatMap(([, cases]) => cases.flatMap((testCase) => testCase.expect.map((line) => line.split(' @ ')[0]))));
    const missing = rules.flatMap((rule) => rule.codes.map((code) => code.code)).filter((code) => !reported.has(code));
    assert.deepEqual(missing, []);
  });
}
