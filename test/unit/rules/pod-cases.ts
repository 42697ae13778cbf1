// Shared scaffolding of the table-driven pod-template rule tests (probes, lifecycle, security context, OS):
// a Job around a pod spec, and one runner that checks codes, paths, severities, anchors and wording.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json, Rule } from '../../../server/src/service/types';
import { checkCronJobTwin, checkWrappedTwin, runRules, summary, type CronJobTwin, type ReportedFinding, type WrappedTwin } from './harness';

export const POD = 'spec.template.spec';
export const C0 = `${POD}.containers[0]`;
export const I0 = `${POD}.initContainers[0]`;

type Fields = { [key: string]: Json };

/** A Job around a pod spec (merged into a valid one), written as JSON, which is YAML too. */
export function job(podSpec: Fields, templateMetadata?: Fields): string {
  return JSON.stringify({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'demo' },
    spec: { template: { ...(templateMetadata ? { metadata: templateMetadata } : {}), spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }], ...podSpec } } },
  });
}

export function container(fields: Fields, name = 'main'): Fields {
  return { name, image: 'busybox', ...fields };
}

/** A Job whose only container has these fields. */
export function withContainer(fields: Fields, podSpec: Fields = {}): string {
  return job({ ...podSpec, containers: [container(fields)] });
}

export interface Case {
  name: string;
  yaml: string;
  minor?: number;
  expect: string[];
  anchor?: ReportedFinding['anchor'];
  severity?: ReportedFinding['severity'];
  /** Words every finding's message must contain (the first one's when `first` is set). */
  words?: string[];
  /** The whole message of the first finding. */
  message?: string;
  /** How the CronJob twin differs (harness.ts checkCronJobTwin), and why; by default the same findings, in its job template. */
  inCronJob?: CronJobTwin;
  /** How the JobSet and runtime twins differ (harness.ts checkWrappedTwin), and why. */
  inJobSet?: WrappedTwin;
  inTrainingRuntime?: WrappedTwin;
}

/** Runs each group's cases against `rules`; returns every code seen, for the coverage check. */
export function runCases(title: string, rules: readonly Rule[], groups: [string, Case[]][]): Set<string> {
  const seen = new Set<string>();
  for (const [group, cases] of groups) {
    for (const testCase of cases) for (const expected of testCase.expect) seen.add(expected.split(' @ ')[0]);
    describe(`${title}: ${group}`, () => {
      for (const testCase of cases) {
        it(testCase.name, () => {
          const findings = runRules(rules, testCase.yaml, testCase.minor ?? 35);
          assert.deepEqual(summary(findings), testCase.expect);
          const first = findings[0];
          if (!first) return;
          assert.equal(first.severity, testCase.severity ?? 'error');
          if (testCase.anchor) assert.equal(first.anchor, testCase.anchor);
          for (const word of testCase.words ?? []) assert.ok(first.message.includes(word), `message lacks "${word}": ${first.message}`);
          if (testCase.message) assert.equal(first.message, testCase.message);
        });
        it(`${testCase.name} (in a CronJob)`, () => {
          assert.ok(checkCronJobTwin(rules, { ...testCase, minor: testCase.minor ?? 35 }), 'every Job case has a CronJob twin');
        });
        for (const kind of ['JobSet', 'TrainingRuntime'] as const) {
          it(`${testCase.name} (in a ${kind})`, () => assert.ok(checkWrappedTwin(rules, { ...testCase, minor: testCase.minor ?? 35 }, kind), `every Job case has a ${kind} twin`));
        }
      }
    });
  }
  return seen;
}

/** Every code the rules declare is triggered by at least one case. */
export function assertEveryCodeTriggered(title: string, rules: readonly Rule[], seen: () => Set<string>, prefixes: readonly string[]): void {
  it(`${title}: every code has a triggering case`, () => {
    const declared = rules.flatMap((rule) => rule.codes.map((code) => code.code)).filter((code) => prefixes.some((prefix) => code.startsWith(prefix)));
    assert.ok(declared.length > 0);
    assert.deepEqual(declared.filter((code) => !seen().has(code)), []);
  });
}
