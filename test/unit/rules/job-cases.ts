// Fixtures and a table runner for the Job rule tests (imported by test/unit/rules/job-*.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jobRules } from '../../../server/src/service/rules/job/index';
import type { Anchor, Severity } from '../../../server/src/service/types';
import { runRules, summary } from './harness';

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
}

/** Runs all Job rules on each case and asserts the exact findings. */
export function runCases(cases: readonly Case[]): void {
  for (const testCase of cases) {
    test(testCase.name, () => {
      const findings = runRules(jobRules, testCase.yaml, testCase.minor);
      assert.deepEqual(summary(findings), testCase.expected.map(([code, path]) => `${code} @ ${path}`));
      testCase.expected.forEach(([, , severity = 'error', anchor = 'value'], index) => {
        assert.equal(findings[index]!.severity, severity, `severity of ${findings[index]!.code}`);
        assert.equal(findings[index]!.anchor, anchor, `anchor of ${findings[index]!.code}`);
      });
      const messages = findings.map((finding) => finding.message).join('\n').toLowerCase();
      for (const word of testCase.words ?? []) assert.ok(messages.includes(word.toLowerCase()), `message should mention "${word}":\n${messages}`);
    });
  }
}
