// Table-driven cases for the pod scheduling and networking families: rows of the harness's RuleCase whose
// manifest is a Job around a pod spec, and a check that every code of a family has a row that reports it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json, Rule } from '../../../server/src/service/types';
import { checkCronJobTwin, checkWrappedTwin, checkRuleCase, type RuleCase } from './harness';

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

/** A rule-table row whose manifest is a Job around `spec` (see podJob). */
export type PodCase = Omit<RuleCase, 'yaml'> & { spec: Fields };

export function runPodCases(title: string, rules: readonly Rule[], groups: [string, PodCase[]][]): void {
  for (const [group, cases] of groups) {
    describe(`${title}: ${group}`, () => {
      for (const { spec, ...testCase } of cases) {
        it(`${testCase.name}${testCase.minor ? ` (1.${testCase.minor})` : ''}`, () => checkRuleCase(rules, { ...testCase, yaml: podJob(spec) }));
        it(`${testCase.name}${testCase.minor ? ` (1.${testCase.minor})` : ''} (in a CronJob)`, () => {
          assert.ok(checkCronJobTwin(rules, { ...testCase, yaml: podJob(spec) }), 'every Job case has a CronJob twin');
        });
        for (const kind of ['JobSet', 'TrainingRuntime'] as const) {
          it(`${testCase.name}${testCase.minor ? ` (1.${testCase.minor})` : ''} (in a ${kind})`, () => {
            assert.ok(checkWrappedTwin(rules, { ...testCase, yaml: podJob(spec) }, kind), `every Job case has a ${kind} twin`);
          });
        }
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
