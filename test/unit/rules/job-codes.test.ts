// The metadata of every Job rule code: stable, unique, documented, and tied to the reference catalogue.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { jobRules } from '../../../server/src/service/rules/job/index';
import { sharedPath, skipUnlessShared } from '../../support/shared';

const REFERENCE = sharedPath('reference', 'k8s-validation-rules.md');
const codes = jobRules.flatMap((rule) => rule.codes);

// One engine: a Job rule runs wherever a JobSpec lives (a Job's spec, a CronJob's job template, each Job template of
// a JobSet or a training runtime), except ValidateJob's own checks of the Job's name, generated selector and labels,
// which a CronJob's job template does not get (the Jobs a JobSet's controller creates do).
const JOB_ONLY = ['validateGeneratedSelector', 'ValidateJobSpec (selector)', 'ValidateJob (name)', 'jobStrategy.WarningsOnCreate'];
const WRAPPING = ['JobSet', 'TrainingRuntime', 'ClusterTrainingRuntime'];

test('every Job rule applies to Job, CronJob and the wrapping kinds, ValidateJob\'s own checks to all but CronJob', () => {
  for (const rule of jobRules) assert.deepEqual(rule.kinds, JOB_ONLY.includes(rule.name) ? ['Job', ...WRAPPING] : ['Job', 'CronJob', ...WRAPPING], rule.name);
});

test('Job codes are unique and shaped job/<family>/<what>', () => {
  assert.equal(new Set(codes.map((code) => code.code)).size, codes.length);
  for (const { code } of codes) assert.match(code, /^job\/[a-z]+(-[a-z]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/);
});

test('every Job code has a title, a mirrored function and a kubernetes.io page', () => {
  for (const code of codes) {
    assert.ok(code.title.length > 10, code.code);
    assert.ok(code.mirrors.length > 0, code.code);
    assert.match(code.href ?? '', /^https:\/\/kubernetes\.io\/docs\//, code.code);
  }
});

test('every error code names the catalogue rule it implements', () => {
  for (const code of codes.filter((entry) => entry.severity === 'error')) {
    assert.match(code.reference ?? '', /^JOB-[A-Z]+-\d\d$/, code.code);
    assert.notEqual(code.mirrors, '-', code.code);
  }
});

test('every reference id exists in the catalogue', { skip: skipUnlessShared('reference ids against the validation reference', 'reference', 'k8s-validation-rules.md') }, () => {
  const catalogue = readFileSync(REFERENCE, 'utf8');
  for (const code of codes.filter((entry) => entry.reference)) {
    assert.ok(catalogue.includes(`| ${code.reference} |`), `${code.code}: ${code.reference}`);
  }
});
