// Real public CronJobs (test/fixtures/cronjob, see its SOURCES.md): the API server accepts all of them, so
// the whole engine finds no error in any, at every release from 1.26 to the newest it knows.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { checkedResources, DEFAULT_SETTINGS, FileModel, validate } from '../../server/src/service/index';
import { MAX_MINOR } from '../../server/src/service/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'cronjob');
const FILES = readdirSync(FIXTURES).filter((name) => name.endsWith('.yaml')).sort();
const RELEASES = Array.from({ length: MAX_MINOR - 26 + 1 }, (_, i) => `1.${26 + i}`);

function diagnose(name: string, release: string) {
  return validate(new FileModel(), readFileSync(join(FIXTURES, name), 'utf8'), { ...DEFAULT_SETTINGS, kubernetesVersion: release });
}

describe('real public CronJobs', () => {
  it('are at least 20, each file named in SOURCES.md', () => {
    const sources = readFileSync(join(FIXTURES, 'SOURCES.md'), 'utf8');
    const cronJobs = FILES.flatMap((name) => checkedResources(new FileModel(), readFileSync(join(FIXTURES, name), 'utf8'))).filter((r) => r.kind === 'CronJob');
    assert.equal(cronJobs.length, 25);
    assert.equal(FILES.length, 24);
    assert.deepEqual(FILES.filter((name) => !sources.includes(`| \`${name}\` |`)), []);
  });

  it(`get no error at 1.26 to 1.${MAX_MINOR}`, () => {
    const errors = RELEASES.flatMap((release) => FILES.flatMap((name) => diagnose(name, release)
      .filter((d) => d.severity === DiagnosticSeverity.Error)
      .map((d) => `${release} ${name}:${d.range.start.line + 1} ${d.code} ${d.message}`)));
    assert.deepEqual(errors, []);
  });

  it('get only the warnings a reader should see', () => {
    const warnings = FILES.flatMap((name) => diagnose(name, `1.${MAX_MINOR}`).map((d) => `${name}:${d.range.start.line + 1} ${d.code}`));
    assert.deepEqual(warnings, [
      'kubernetes-sigs__descheduler__kubernetes_cronjob_cronjob.yaml:9 cronjob/concurrency/forbid-without-deadline',
      'kyverno__policies__other_limit-hostpath-vols_.chainsaw-test_podcontroller-bad.yaml:55 pod/volume-empty-dir-medium-unknown',
      'stackrox__kube-linter__tests_checks_sorted-keys.yaml:225 cronjob/concurrency/forbid-without-deadline',
    ].sort((a, b) => (a < b ? -1 : 1)));
  });
});
