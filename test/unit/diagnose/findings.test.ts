// The findings diagnose carries per object (features/diagnose): `validate`'s findings on the object's own text,
// shaped as `kubeassist check --format json` lists them, and its status findings (codes job/status/...,
// cronjob/status/...) as the inconsistencies {message, path}.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { diagnoseTexts } from '../../../server/src/service/features/diagnose/index';
import { DEFAULT_SETTINGS } from '../../../server/src/service/settings';

const TWO_JOBS = `apiVersion: batch/v1
kind: Job
metadata: {name: first, uid: u1, resourceVersion: "1"}
spec: {template: {spec: {restartPolicy: Never, containers: [{name: main, image: busybox}]}}}
status:
  startTime: "2026-12-01T10:00:00Z"
  completionTime: "2026-12-01T09:00:00Z"
---
apiVersion: batch/v1
kind: Job
metadata: {name: second, uid: u2, resourceVersion: "1"}
spec: {template: {spec: {restartPolicy: Never, containers: [{name: main, image: busybox}]}}}
status: {active: 1, startTime: "2026-12-01T10:00:00Z"}
`;

function diagnostic(line: number, code: string, message: string, path: string): Diagnostic {
  return { range: { start: { line, character: 2 }, end: { line, character: 16 } }, severity: 3, code, source: 'kubeassist', message, data: { path } };
}

describe('diagnose: findings and inconsistencies per object', () => {
  it('a status finding becomes an inconsistency of the object it is in; every finding is listed as check --format json lists it', () => {
    const found = [
      diagnostic(6, 'job/status/completion-before-start', 'completionTime is before startTime', 'status.completionTime'),
      diagnostic(11, 'job/template/image-tag', 'an image without a tag', 'spec.template.spec.containers[0].image'),
      diagnostic(12, 'job/status-inconsistent/stale-active', 'active counts a Pod the controller would have counted', 'status.active'),
      diagnostic(12, 'job/statusx', 'not a status finding', 'status'),
    ];
    const report = diagnoseTexts([{ text: TWO_JOBS, name: 'jobs.yaml' }], DEFAULT_SETTINGS, { now: Date.parse('2026-12-01T12:00:00Z') / 1000, validate: () => found });
    const [first, second] = report.objects;
    assert.deepEqual(first.inconsistencies, [{ message: 'completionTime is before startTime', path: 'status.completionTime' }]);
    assert.deepEqual(first.findings, [{ file: 'jobs.yaml', line: 7, column: 3, endLine: 7, endColumn: 17, severity: 'information', code: 'job/status/completion-before-start', message: 'completionTime is before startTime', path: 'status.completionTime' }]);
    assert.deepEqual(second.inconsistencies, [{ message: 'active counts a Pod the controller would have counted', path: 'status.active' }]);
    assert.deepEqual(second.findings.map((f) => (f as { code: string }).code), ['job/template/image-tag', 'job/status-inconsistent/stale-active', 'job/statusx']);
  });

  it('without a validator (the engine alone), no findings', () => {
    const report = diagnoseTexts([{ text: TWO_JOBS, name: 'jobs.yaml' }], DEFAULT_SETTINGS, { now: 0 });
    assert.deepEqual(report.objects.map((o) => o.findings), [[], []]);
  });
});
