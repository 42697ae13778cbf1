// Fixtures and a table runner for the Job rule tests (imported by test/unit/rules/job-*.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cronJobRules } from '../../../server/src/service/rules/cronjob/index';
import { jobRules } from '../../../server/src/service/rules/job/index';
import type { Anchor, Severity } from '../../../server/src/service/types';
import { checkCronJobTwin, checkWrappedTwin, inCronJob, inCronJobWords, runRules, summary } from './harness';
import { jobSetRules } from '../../../server/src/service/rules/jobset/index';
import { trainingRuntimeRules } from '../../../server/src/service/rules/trainingruntime/index';

function indent(lines: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return lines.trim() === '' ? '' : `${lines.replace(/\n+$/, '').split('\n').map((line) => pad + line).join('\n')}\n`;
}

export interface JobParts {
  /** `metadata.name`; null leaves it out. */
  name?: string | null;
  /** More lines under `metadata`. */
  metadata?: string;
  /** Lines under `spec`, besides the template. */
  spec?: string;
  /** Lines under `spec.template.metadata`. */
  templateMetadata?: string;
  /** Lines under `spec.template.spec`; by default `restartPolicy: Never` and one container. */
  podSpec?: string;
}

export const CONTAINERS = 'containers:\n- name: main\n  image: busybox:1.36\n';

/** A valid Job manifest, changed by the given parts. */
export function jobManifest(parts: JobParts = {}): string {
  const name = parts.name === undefined ? 'demo' : parts.name;
  const podSpec = parts.podSpec ?? `restartPolicy: Never\n${CONTAINERS}`;
  return 'apiVersion: batch/v1\nkind: Job\nmetadata:\n'
    + (name === null ? '' : `  name: ${name}\n`)
    + indent(parts.metadata ?? '', 2)
    + 'spec:\n'
    + indent(parts.spec ?? '', 2)
    + '  template:\n'
    + (parts.templateMetadata ? `    metadata:\n${indent(parts.templateMetadata, 6)}` : '')
    + `    spec:\n${indent(podSpec, 6)}`;
}

/** One expected finding: code, printed path, and (defaults) severity 'error' and anchor 'value'. */
export type Expected = readonly [code: string, path: string, severity?: Severity, anchor?: Anchor];

export interface Case {
  name: string;
  yaml: string;
  minor?: number;
  expected: readonly Expected[];
  /** Words the findings' messages must mention between them (case-insensitive). */
  words?: readonly string[];
  /** How the CronJob twin differs from the Job (harness.ts checkCronJobTwin), and why; by default it has the same findings. */
  inCronJob?: { expected: readonly Expected[]; why: string; words?: readonly string[] };
  /** How the JobSet twin differs (harness.ts checkWrappedTwin), and why; by default the same findings in its Job template. */
  inJobSet?: { expected: readonly Expected[]; why: string; words?: readonly string[] };
  /** How the TrainingRuntime twin differs, and why; by default the JobSet's, less what the Trainer fills. */
  inTrainingRuntime?: { expected: readonly Expected[]; why: string; words?: readonly string[] };
}

const line = ([code, path]: Expected) => `${code} @ ${path}`;

/** The rules a twin runs: every Job rule and the CronJob's own (its job-template checks among them). */
const TWIN_RULES = [...jobRules, ...cronJobRules];
/** The rules a JobSet or runtime twin runs: every Job rule and the wrapping kinds' own. */
const WRAPPED_TWIN_RULES = [...jobRules, ...jobSetRules, ...trainingRuntimeRules];

/** Runs all Job rules on each case and asserts the exact findings; then the same for its CronJob twin. */
export function runCases(cases: readonly Case[]): void {
  for (const testCase of cases) {
    test(testCase.name, () => {
      const findings = runRules(jobRules, testCase.yaml, testCase.minor);
      assert.deepEqual(summary(findings), testCase.expected.map(line));
      assertDetails(findings, testCase.expected, testCase.words ?? []);
    });
    test(`${testCase.name} (in a CronJob)`, () => {
      const twin = testCase.inCronJob;
      const findings = checkCronJobTwin(TWIN_RULES, {
        yaml: testCase.yaml, minor: testCase.minor, expect: testCase.expected.map(line),
        severity: testCase.expected[0]?.[2], anchor: testCase.expected[0]?.[3],
        inCronJob: twin ? { expect: twin.expected.map(line), why: twin.why } : undefined,
      });
      assert.ok(findings, 'every Job case has a CronJob twin');
      const expected = twin?.expected ?? testCase.expected.map(([code, path, ...rest]) => [code, inCronJob(`x @ ${path}`).slice(4), ...rest] as const);
      assertDetails(findings, expected, twin ? twin.words ?? [] : (testCase.words ?? []).map(inCronJobWords));
    });
    for (const kind of ['JobSet', 'TrainingRuntime'] as const) {
      test(`${testCase.name} (in a ${kind})`, () => {
        const twin = kind === 'JobSet' ? testCase.inJobSet : testCase.inTrainingRuntime;
        const override = twin ? { expect: twin.expected.map(line), why: twin.why, words: twin.words ? [...twin.words] : undefined } : undefined;
        const findings = checkWrappedTwin(WRAPPED_TWIN_RULES, {
          yaml: testCase.yaml, minor: testCase.minor, expect: testCase.expected.map(line),
          severity: testCase.expected[0]?.[2], anchor: testCase.expected[0]?.[3],
          ...(kind === 'JobSet' ? { inJobSet: override } : { inTrainingRuntime: override }),
        }, kind);
        assert.ok(findings, `every Job case has a ${kind} twin`);
      });
    }
  }
}

function assertDetails(findings: ReturnType<typeof runRules>, expected: readonly Expected[], words: readonly string[]): void {
  expected.forEach(([, , severity = 'error', anchor = 'value'], index) => {
    assert.equal(findings[index]!.severity, severity, `severity of ${findings[index]!.code}`);
    assert.equal(findings[index]!.anchor, anchor, `anchor of ${findings[index]!.code}`);
  });
  const messages = findings.map((finding) => finding.message).join('\n').toLowerCase();
  for (const word of words) assert.ok(messages.includes(word.toLowerCase()), `message should mention "${word}":\n${messages}`);
}
